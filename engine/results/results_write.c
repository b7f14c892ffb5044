/* results_write — the HDF5 writer of the results file (see results.h and
 * docs/guide/file-format.md). The file is built in memory with checksummed metadata and
 * Fletcher-32 chunks (engine/results/h5write.h) and handed to engine/results/outfile.h whole.
 * Attributes go through the HDF5 high-level API (H5LT); HDF5's own error printing is turned off. */
#include "engine/results/results.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hdf5.h>
#include <hdf5_hl.h>

#include "engine/results/h5write.h"
#include "engine/results/results_row.h"
#include "engine/run/summarise.h"
#include "models/metrics.h"

_Static_assert(sizeof(unsigned long) == 8, "seed attribute is written as unsigned long");
_Static_assert(sizeof(int) == sizeof(int32_t), "histogram counts are written as int");

/* A table of summaries s[0 .. nrows), row i named rs_row_name(i, verdicts). */
static int write_table(hid_t loc, const char *name, const char *title,
                       const struct st_summary *s, int nrows, bool verdicts)
{
    struct rs_row rows[M_COUNT * VR_COUNT];
    memset(rows, 0, sizeof rows);
    for (int m = 0; m < nrows; m++) {
        const struct st_summary *x = &s[m];
        rs_row_name(rows[m].metric, sizeof rows[m].metric, m, verdicts);
        rows[m].n = x->n;
        rows[m].mean = x->mean;
        rows[m].stddev = x->stddev;
        rows[m].ci_low = x->ci_low;
        rows[m].ci_high = x->ci_high;
        snprintf(rows[m].interval, sizeof rows[m].interval, "%s",
                 st_method_name((enum st_method)x->method));
        snprintf(rows[m].caveat, sizeof rows[m].caveat, "%s",
                 st_caveat_name((enum st_caveat)x->caveat));
        rows[m].tail_index = x->tail;
    }
    hid_t type = rs_row_type();
    hsize_t dims[1] = {(hsize_t)nrows};
    int rc = type >= 0 ? h5w_array(loc, name, type, 1, dims, rows) : -1;
    if (rc == 0)
        rc = H5LTset_attribute_string(loc, name, "TITLE", title);
    if (type >= 0)
        H5Tclose(type);
    return rc;
}

/* /scenarios/S/POLICY/histograms/QUANTITY: [replicas][bins + 1] counts, `edges` [bins + 1]. */
static int write_histograms(hid_t g, const struct cfg *c, const struct run_result *res, int s,
                            int p)
{
    int bins = res->hist_bins;
    double *edges = malloc((size_t)(bins + 1) * sizeof *edges);
    hid_t h = edges ? H5Gcreate2(g, "histograms", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT) : -1;
    int rc = h < 0 ? -1 : 0;
    hsize_t dims[2] = {(hsize_t)res->nrep, (hsize_t)bins + 1};
    for (int q = 0; q < JQ_COUNT && rc == 0; q++) {
        if (!res->hist[q])
            continue;
        for (int k = 0; k < bins; k++)
            edges[k] = k * c->hist_max[q] / bins;
        edges[bins] = c->hist_max[q];
        const char *name = job_quantity_info[q].name;
        rc = h5w_array(h, name, H5T_NATIVE_INT, 2, dims,
                       run_hist(res, (enum job_quantity)q, s, p, 0));
        if (rc == 0)
            rc = H5LTset_attribute_double(h, name, "edges", edges, (size_t)bins + 1);
    }
    if (h >= 0)
        H5Gclose(h);
    free(edges);
    return rc < 0 ? -1 : 0;
}

/* The measured jobs of every replica of (s, p) by chosen value: totals[0 .. POL_CHOICE_MAX];
 * returns the largest value chosen, or -1 if none. */
static int choice_totals(const struct run_result *res, int s, int p, int64_t *totals)
{
    int top = -1;
    for (int v = 0; v <= POL_CHOICE_MAX; v++) {
        totals[v] = 0;
        for (int r = 0; r < res->nrep; r++)
            totals[v] += run_choices(res, s, p, r)[v];
        top = totals[v] ? v : top;
    }
    return top;
}

/* What a per-job parameter resolved to: "KEY = V" when every measured job got V (then *value
 * is V), else "KEY per job: V (P %), ..." over the measured jobs of every replica (*value
 * NaN). */
static void describe_choices(const int64_t *totals, int top, const char *key, char *buf,
                             size_t len, double *value)
{
    int64_t all = 0;
    int kinds = 0;
    for (int v = 0; v <= top; v++) {
        all += totals[v];
        kinds += totals[v] > 0;
    }
    *value = NAN;
    if (kinds == 1) {
        *value = top;
        snprintf(buf, len, "%s = %d", key, top);
        return;
    }
    size_t n = (size_t)snprintf(buf, len, "%s per job:", key);
    const char *sep = " ";
    for (int v = 0; v <= top && n < len; v++)
        if (totals[v]) {
            n += (size_t)snprintf(buf + n, len - n, "%s%d (%.3g %%)", sep, v,
                                  100.0 * (double)totals[v] / (double)all);
            sep = ", ";
        }
}

/* /scenarios/S/POLICY/per_job/KEY: [replicas][top + 1] counts of measured jobs by the value
 * chosen for them. */
static int write_choices(hid_t g, const struct run_result *res, int s, int p, const char *key,
                         int top)
{
    int width = top + 1 > 0 ? top + 1 : 1;
    int32_t *buf = malloc((size_t)res->nrep * (size_t)width * sizeof *buf);
    hid_t h = buf ? H5Gcreate2(g, "per_job", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT) : -1;
    int rc = h < 0 ? -1 : 0;
    for (int r = 0; r < res->nrep && rc == 0; r++)
        memcpy(buf + (size_t)r * (size_t)width, run_choices(res, s, p, r),
               (size_t)width * sizeof *buf);
    hsize_t dims[2] = {(hsize_t)res->nrep, (hsize_t)width};
    if (rc == 0)
        rc = h5w_array(h, key, H5T_NATIVE_INT, 2, dims, buf);
    if (h >= 0)
        H5Gclose(h);
    free(buf);
    return rc < 0 ? -1 : 0;
}

/* /scenarios/S/POLICY/series: [replicas][times] of the policy's state, with the attributes
 * `times` (in the scenario's time units, from `origin`), `origin` and `state` (what it is;
 * "" for a policy without one, whose values are NaN). */
static int write_series(hid_t g, const struct cfg *c, const struct run_result *res, int s,
                        int p)
{
    hsize_t dims[2] = {(hsize_t)res->nrep, (hsize_t)res->nseries};
    const char *doc = pol_state_doc(c->policies[p]);
    int rc = h5w_array(g, "series", H5T_NATIVE_DOUBLE, 2, dims, run_series(res, s, p, 0));
    if (rc == 0)
        rc = H5LTset_attribute_double(g, "series", "times", c->scen[s].series_at,
                                      (size_t)res->nseries);
    if (rc == 0)
        rc = H5LTset_attribute_string(g, "series", "origin",
                                      c->series_from_arrival ? "arrival" : "zero");
    if (rc == 0)
        rc = H5LTset_attribute_string(g, "series", "state", doc ? doc : "");
    return rc < 0 ? -1 : 0;
}

/* Append a note to the `auto` attribute's text, after ", " if it has one; NULL or "": none. */
static void append_note(char *buf, size_t len, const char *note)
{
    size_t n = strlen(buf);
    if (note && note[0])
        snprintf(buf + n, len - n, "%s%s", n ? ", " : "", note);
}

static int write_policy(hid_t sgroup, const struct cfg *c, const struct run_result *res, int s,
                        int p)
{
    const struct policy *pol = c->policies[p];
    hid_t g = H5Gcreate2(sgroup, pol->name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    if (g < 0)
        return -1;
    int rc = 0, per_job = run_per_job_param(c, s, p), top = -1;
    int64_t totals[POL_CHOICE_MAX + 1];
    if (per_job >= 0)
        top = choice_totals(res, s, p, totals);
    const double *param = cfg_params(c, s, p);
    char resolved[1536] = "", choices[900] = "";
    for (int i = 0; pol->params[i].key && rc == 0; i++) {
        const char *key = pol->params[i].key;
        double value = param[i];
        char piece[64] = "";
        if (i == per_job)
            describe_choices(totals, top, key, choices, sizeof choices, &value);
        else if (c->scen[s].auto_params[p] & (UINT32_C(1) << i) &&
                 pol_param_name(&pol->params[i], value))
            snprintf(piece, sizeof piece, "%s = %s", key, pol_param_name(&pol->params[i], value));
        else if (c->scen[s].auto_params[p] & (UINT32_C(1) << i))
            snprintf(piece, sizeof piece, "%s = %g", key, value);
        append_note(resolved, sizeof resolved, piece);
        if (!pol->params[i].applies || pol->params[i].applies(&c->scen[s].spec, param))
            rc = h5w_attr(g, ".", key, H5T_NATIVE_DOUBLE, &value);
    }
    append_note(resolved, sizeof resolved, c->scen[s].time_notes[p]); /* relative times */
    append_note(resolved, sizeof resolved, choices); /* last: its own commas read as a list */
    if (rc == 0 && resolved[0])
        rc = H5LTset_attribute_string(g, ".", "auto", resolved);
    int independent = run_quantity(c, s, p, M_FLOWTIME).independent;
    if (rc == 0)
        rc = h5w_attr(g, ".", "jobs_independent", H5T_NATIVE_INT, &independent);
    if (rc == 0 && per_job >= 0)
        rc = write_choices(g, res, s, p, pol->params[per_job].key, top);
    hid_t reps = rc == 0 ? H5Gcreate2(g, "replicas", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT) : -1;
    hsize_t dims[1] = {(hsize_t)res->nrep};
    for (int m = 0; m < M_COUNT && reps >= 0 && rc == 0; m++) {
        const char *name = metric_info[m].name;
        rc = h5w_array(reps, name, H5T_NATIVE_DOUBLE, 1, dims, run_values(res, s, p, m));
        if (rc == 0)
            rc = H5LTset_attribute_string(reps, name, "unit", metric_info[m].unit);
        if (rc == 0)
            rc = H5LTset_attribute_string(reps, name, "description", metric_info[m].doc);
    }
    if (reps >= 0)
        H5Gclose(reps);
    else
        rc = -1;
    if (rc == 0)
        rc = write_table(g, "summary", "mean and interval of each metric over replicas",
                         &res->summary[run_cell(res, s, p, 0)], M_COUNT, false);
    if (rc == 0 && res->hist_bins > 0)
        rc = write_histograms(g, c, res, s, p);
    if (rc == 0 && res->stream) {
        hid_t b = H5Gcreate2(g, "by_job", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        hsize_t jobs[1] = {(hsize_t)res->jobs[s]};
        rc = b < 0 ? -1 : h5w_array(b, "flowtime", H5T_NATIVE_DOUBLE, 1, jobs, run_by_job(res, s, p));
        if (b >= 0)
            H5Gclose(b);
    }
    if (rc == 0 && res->series)
        rc = write_series(g, c, res, s, p);
    if (rc == 0 && p > 0) {
        rc = write_table(g, "paired", "policy minus baseline, replica by replica",
                         &res->paired[run_cell(res, s, p, 0)], M_COUNT, false);
        if (rc == 0)
            rc = H5LTset_attribute_string(g, "paired", "baseline", c->policies[0]->name);
        if (rc == 0)
            rc = write_table(g, "verdicts",
                             "policy against baseline, replica by replica, valid at any tail",
                             run_verdict(res, s, p, 0), M_COUNT * VR_COUNT, true);
        if (rc == 0)
            rc = H5LTset_attribute_string(g, "verdicts", "baseline", c->policies[0]->name);
    }
    H5Gclose(g);
    return rc;
}

int rs_write_root(hid_t f, const char *format, int version, const struct cfg *c,
                  const struct run_result *res, const struct rs_provenance *pv)
{
    int rc = 0;
    unsigned long seed = (unsigned long)c->seed;
    int shards = pv->shards > 0 ? pv->shards : 1;
    rc |= H5LTset_attribute_string(f, "/", "format", format);
    rc |= h5w_attr(f, "/", "format_version", H5T_NATIVE_INT, &version);
    rc |= H5LTset_attribute_string(f, "/", "specmc_version", pv->version);
    rc |= H5LTset_attribute_string(f, "/", "git_revision", pv->git_rev);
    rc |= H5LTset_attribute_string(f, "/", "experiment", c->name);
    rc |= h5w_attr(f, "/", "seed", H5T_NATIVE_ULONG, &seed);
    rc |= h5w_attr(f, "/", "replicas", H5T_NATIVE_INT, &c->replicas);
    rc |= h5w_attr(f, "/", "confidence", H5T_NATIVE_DOUBLE, &c->confidence);
    rc |= h5w_attr(f, "/", "scenarios", H5T_NATIVE_INT, &c->nscenarios);
    rc |= h5w_attr(f, "/", "threads", H5T_NATIVE_INT, &pv->threads);
    rc |= h5w_attr(f, "/", "ranks", H5T_NATIVE_INT, &pv->ranks);
    rc |= h5w_attr(f, "/", "shards", H5T_NATIVE_INT, &shards);
    rc |= H5LTset_attribute_string(f, "/", "start_time", pv->start);
    rc |= H5LTset_attribute_string(f, "/", "end_time", pv->end);
    rc |= H5LTset_attribute_string(f, "/", "host", pv->host);
    rc |= h5w_attr(f, "/", "wall_seconds", H5T_NATIVE_DOUBLE, &res->wall_seconds);
    long long events = res->task_events;
    rc |= h5w_attr(f, "/", "task_events", H5T_NATIVE_LLONG, &events);
    if (c->precision > 0) { /* sequential stopping: its rule, and where and why it stopped */
        rc |= h5w_attr(f, "/", "precision", H5T_NATIVE_DOUBLE, &c->precision);
        rc |= h5w_attr(f, "/", "max_replicas", H5T_NATIVE_INT, &c->max_replicas);
        rc |= H5LTset_attribute_string(f, "/", "stopped", pv->stopped ? pv->stopped : "");
    }
    rc |= H5LTset_attribute_string(f, "/", "inputs", c->inputs ? c->inputs : "");
    const char *config = c->text, *overrides = c->overrides ? c->overrides : "";
    rc |= h5w_strings(f, "config", &config, 1);
    rc |= h5w_strings(f, "overrides", &overrides, 1);
    return rc ? -1 : 0;
}

/* A scenario's value of a swept key as h5py users expect it: a number when it is one ("3.0"
 * is 3.0), else its text (a choice, a policy's `auto`). /sweep_values keeps it as written. */
static int write_sweep_value(hid_t g, const char *key, const char *text)
{
    char *end;
    double v = strtod(text, &end);
    if (end != text && *end == '\0' && isfinite(v))
        return h5w_attr(g, ".", key, H5T_NATIVE_DOUBLE, &v);
    return H5LTset_attribute_string(g, ".", key, text);
}

/* /sweep_values: every scenario's value of every swept key as written, scenario-major. */
static int write_sweep_text(hid_t f, const struct cfg *c)
{
    size_t n = (size_t)c->nscenarios * (size_t)c->nsweep;
    const char **v = malloc((n ? n : 1) * sizeof *v);
    if (!v)
        return -1;
    for (int s = 0; s < c->nscenarios; s++)
        for (int a = 0; a < c->nsweep; a++)
            v[(size_t)s * (size_t)c->nsweep + (size_t)a] = c->scen[s].sweep_values[a];
    int rc = h5w_strings(f, "sweep_values", v, (int)n);
    free(v);
    return rc;
}

static int write_all(hid_t f, const struct cfg *c, const struct run_result *res,
                     const struct rs_provenance *pv)
{
    int rc = rs_write_root(f, RS_FORMAT, RS_FORMAT_VERSION, c, res, pv);
    if (rc)
        return -1;

    const char *names[M_COUNT];
    for (int m = 0; m < M_COUNT; m++)
        names[m] = metric_info[m].name;
    const char **pols = malloc((size_t)c->npolicies * sizeof *pols);
    if (!pols)
        return -1;
    for (int p = 0; p < c->npolicies; p++)
        pols[p] = c->policies[p]->name;
    rc = h5w_strings(f, "metrics", names, M_COUNT) ||
         h5w_strings(f, "policies", pols, c->npolicies) ||
         h5w_strings(f, "sweep_keys", (const char *const *)c->sweep_keys, c->nsweep) ||
         write_sweep_text(f, c);
    free(pols);
    if (rc)
        return -1;

    hid_t scen = H5Gcreate2(f, "scenarios", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    if (scen < 0)
        return -1;
    for (int s = 0; s < c->nscenarios && rc == 0; s++) {
        char name[32];
        snprintf(name, sizeof name, "%d", s);
        hid_t g = H5Gcreate2(scen, name, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        if (g < 0) {
            rc = -1;
            break;
        }
        int jobs = metrics_measured_jobs(&c->scen[s].spec);
        rc = h5w_attr(g, ".", "index", H5T_NATIVE_INT, &s);
        if (rc == 0)
            rc = h5w_attr(g, ".", "measured_jobs", H5T_NATIVE_INT, &jobs);
        for (int a = 0; a < c->nsweep && rc == 0; a++)
            rc = write_sweep_value(g, c->sweep_keys[a], c->scen[s].sweep_values[a]);
        for (int p = 0; p < c->npolicies && rc == 0; p++)
            rc = write_policy(g, c, res, s, p);
        H5Gclose(g);
    }
    H5Gclose(scen);
    return rc;
}

size_t rs_size_estimate(const struct cfg *c)
{
    /* Measured on tests/cli/configs/small.ini at 3 and 400 replicas: each dataset's object
     * header and chunk index take about 450 bytes besides its data. 350 keeps the estimate a
     * little under the real size, so that it never refuses a file that would fit. */
    double per_dataset = 350, hist = 0, bytes = 4096.0 + (double)strlen(c->text);
    int datasets = M_COUNT + 5; /* the replicas' values, summary, paired, verdicts, by_job,
                                   groups */
    for (int q = 0; q < JQ_COUNT; q++)
        if (c->hist_max[q] > 0) {
            hist += (double)c->replicas * (c->hist_bins + 1) * sizeof(int32_t);
            datasets++;
        }
    if (c->nseries > 0) {
        hist += (double)c->replicas * c->nseries * sizeof(double);
        datasets++;
    }
    for (int s = 0; s < c->nscenarios; s++)
        bytes += c->npolicies * (datasets * per_dataset + hist +
                                 (double)M_COUNT * c->replicas * sizeof(double) +
                                 2.0 * M_COUNT * sizeof(struct rs_row) +
                                 (double)c->scen[s].spec.jobs * sizeof(double)) +
                 (c->npolicies - 1.0) * VR_COUNT * M_COUNT * sizeof(struct rs_row); /* verdicts */
    return bytes < (double)SIZE_MAX / 2 ? (size_t)bytes : SIZE_MAX / 2;
}

int rs_commit(struct outfile *o, const struct cfg *c, const struct run_result *res,
              const struct rs_provenance *pv, char *err, size_t errlen)
{
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    hid_t f = h5w_create(o, err, errlen);
    if (f < 0)
        return -1;
    return h5w_finish(f, write_all(f, c, res, pv) == 0, o, "the results", err, errlen);
}

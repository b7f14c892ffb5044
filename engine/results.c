/* results — HDF5 writer and reader of the results file (see results.h and
 * docs/file-format.md). Uses the HDF5 high-level APIs: H5LT for datasets and attributes,
 * H5TB for the summary tables. HDF5's own error printing is turned off; failures become
 * one-line messages naming the file and the object. */
#include "engine/results.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hdf5.h>
#include <hdf5_hl.h>

#include "models/metrics.h"

_Static_assert(sizeof(unsigned long) == 8, "seed attribute is written as unsigned long");
_Static_assert(sizeof(int) == sizeof(int32_t), "histogram counts are written as int");

/* One row of a summary or paired table. */
struct rs_row {
    char metric[32];
    uint64_t n;
    double mean, stddev, ci_low, ci_high;
    char interval[24]; /* st_method_name */
    char caveat[24];   /* st_caveat_name: why an `unreliable` interval is, "" otherwise */
    double tail_index; /* the per-replica values' tail index assumed (inf: light, bounded) */
};

#define ROW_FIELDS 9
static const char *const row_names[ROW_FIELDS] = {
    "metric", "n", "mean", "stddev", "ci_low", "ci_high", "interval", "caveat", "tail_index"};
static const size_t row_offsets[ROW_FIELDS] = {
    offsetof(struct rs_row, metric),   offsetof(struct rs_row, n),
    offsetof(struct rs_row, mean),     offsetof(struct rs_row, stddev),
    offsetof(struct rs_row, ci_low),   offsetof(struct rs_row, ci_high),
    offsetof(struct rs_row, interval), offsetof(struct rs_row, caveat),
    offsetof(struct rs_row, tail_index)};
static const size_t row_sizes[ROW_FIELDS] = {32, 8, 8, 8, 8, 8, 24, 24, 8};

/* ---------------------------------------------------------------- writing */

static int write_strings(hid_t loc, const char *name, char *const *strs, int n)
{
    hsize_t dims[1] = {(hsize_t)n};
    hid_t type = H5Tcopy(H5T_C_S1);
    H5Tset_size(type, H5T_VARIABLE);
    H5Tset_cset(type, H5T_CSET_UTF8);
    hid_t space = H5Screate_simple(1, dims, NULL);
    hid_t ds = H5Dcreate2(loc, name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    herr_t rc = ds < 0 ? -1 : n ? H5Dwrite(ds, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, strs) : 0;
    if (ds >= 0)
        H5Dclose(ds);
    H5Sclose(space);
    H5Tclose(type);
    return rc < 0 || ds < 0 ? -1 : 0;
}

static hid_t row_string_type(size_t size)
{
    hid_t t = H5Tcopy(H5T_C_S1);
    H5Tset_size(t, size);
    return t;
}

static int write_table(hid_t loc, const char *name, const char *title,
                       const struct st_summary *s, int stride)
{
    struct rs_row rows[M_COUNT];
    memset(rows, 0, sizeof rows);
    for (int m = 0; m < M_COUNT; m++) {
        const struct st_summary *x = &s[m * stride];
        snprintf(rows[m].metric, sizeof rows[m].metric, "%s", metric_info[m].name);
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
    hid_t str = row_string_type(32), code = row_string_type(24);
    hid_t types[ROW_FIELDS] = {str,  H5T_NATIVE_UINT64, H5T_NATIVE_DOUBLE,
                               H5T_NATIVE_DOUBLE, H5T_NATIVE_DOUBLE, H5T_NATIVE_DOUBLE,
                               code, code, H5T_NATIVE_DOUBLE};
    herr_t rc = H5TBmake_table(title, loc, name, ROW_FIELDS, M_COUNT, sizeof(struct rs_row),
                               (const char **)row_names, row_offsets, types, M_COUNT, NULL, 0,
                               rows);
    H5Tclose(str);
    H5Tclose(code);
    return rc < 0 ? -1 : 0;
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
        rc = H5LTmake_dataset_int(h, name, 2, dims, run_hist(res, (enum job_quantity)q, s, p, 0));
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
        rc = H5LTmake_dataset_int(h, key, 2, dims, buf);
    if (h >= 0)
        H5Gclose(h);
    free(buf);
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
        else if (c->scen[s].auto_params[p] & (UINT32_C(1) << i))
            snprintf(piece, sizeof piece, "%s = %g", key, value);
        append_note(resolved, sizeof resolved, piece);
        rc = H5LTset_attribute_double(g, ".", key, &value, 1);
    }
    append_note(resolved, sizeof resolved, c->scen[s].time_notes[p]); /* relative times */
    append_note(resolved, sizeof resolved, choices); /* last: its own commas read as a list */
    if (rc == 0 && resolved[0])
        rc = H5LTset_attribute_string(g, ".", "auto", resolved);
    if (rc == 0 && per_job >= 0)
        rc = write_choices(g, res, s, p, pol->params[per_job].key, top);
    hid_t reps = rc == 0 ? H5Gcreate2(g, "replicas", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT) : -1;
    hsize_t dims[1] = {(hsize_t)res->nrep};
    for (int m = 0; m < M_COUNT && reps >= 0 && rc == 0; m++)
        rc = H5LTmake_dataset_double(reps, metric_info[m].name, 1, dims,
                                     run_values(res, s, p, m));
    if (reps >= 0)
        H5Gclose(reps);
    else
        rc = -1;
    if (rc == 0)
        rc = write_table(g, "summary", "mean and interval of each metric over replicas",
                         &res->summary[run_cell(res, s, p, 0)], 1);
    if (rc == 0 && res->hist_bins > 0)
        rc = write_histograms(g, c, res, s, p);
    if (rc == 0 && res->by_job) {
        hid_t b = H5Gcreate2(g, "by_job", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
        hsize_t jobs[1] = {(hsize_t)res->jobs[s]};
        rc = b < 0 ? -1 : H5LTmake_dataset_double(b, "flowtime", 1, jobs, run_by_job(res, s, p));
        if (b >= 0)
            H5Gclose(b);
    }
    if (rc == 0 && p > 0) {
        rc = write_table(g, "paired", "policy minus baseline, replica by replica",
                         &res->paired[run_cell(res, s, p, 0)], 1);
        if (rc == 0)
            rc = H5LTset_attribute_string(g, "paired", "baseline", c->policies[0]->name);
    }
    H5Gclose(g);
    return rc;
}

static int write_all(hid_t f, const struct cfg *c, const struct run_result *res,
                     const struct rs_provenance *pv)
{
    int rc = 0;
    unsigned long seed = (unsigned long)c->seed;
    int fmt = RS_FORMAT_VERSION;
    rc |= H5LTset_attribute_string(f, "/", "format", RS_FORMAT);
    rc |= H5LTset_attribute_int(f, "/", "format_version", &fmt, 1);
    rc |= H5LTset_attribute_string(f, "/", "specmc_version", pv->version);
    rc |= H5LTset_attribute_string(f, "/", "git_revision", pv->git_rev);
    rc |= H5LTset_attribute_string(f, "/", "experiment", c->name);
    rc |= H5LTset_attribute_ulong(f, "/", "seed", &seed, 1);
    rc |= H5LTset_attribute_int(f, "/", "replicas", &c->replicas, 1);
    rc |= H5LTset_attribute_double(f, "/", "confidence", &c->confidence, 1);
    rc |= H5LTset_attribute_int(f, "/", "scenarios", &c->nscenarios, 1);
    rc |= H5LTset_attribute_int(f, "/", "threads", &pv->threads, 1);
    rc |= H5LTset_attribute_int(f, "/", "ranks", &pv->ranks, 1);
    rc |= H5LTset_attribute_string(f, "/", "start_time", pv->start);
    rc |= H5LTset_attribute_string(f, "/", "end_time", pv->end);
    rc |= H5LTset_attribute_string(f, "/", "host", pv->host);
    rc |= H5LTset_attribute_double(f, "/", "wall_seconds", &res->wall_seconds, 1);
    long long events = res->task_events;
    rc |= H5LTset_attribute_long_long(f, "/", "task_events", &events, 1);
    rc |= H5LTmake_dataset_string(f, "config", c->text);
    rc |= H5LTmake_dataset_string(f, "overrides", c->overrides ? c->overrides : "");
    if (rc)
        return -1;

    char *names[M_COUNT];
    for (int m = 0; m < M_COUNT; m++)
        names[m] = (char *)metric_info[m].name;
    char **pols = malloc((size_t)c->npolicies * sizeof *pols);
    if (!pols)
        return -1;
    for (int p = 0; p < c->npolicies; p++)
        pols[p] = (char *)c->policies[p]->name;
    rc = write_strings(f, "metrics", names, M_COUNT) ||
         write_strings(f, "policies", pols, c->npolicies) ||
         write_strings(f, "sweep_keys", c->sweep_keys, c->nsweep);
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
        rc = H5LTset_attribute_int(g, ".", "index", &s, 1);
        if (rc == 0)
            rc = H5LTset_attribute_int(g, ".", "measured_jobs", &jobs, 1);
        for (int a = 0; a < c->nsweep && rc == 0; a++)
            rc = H5LTset_attribute_string(g, ".", c->sweep_keys[a], c->scen[s].sweep_values[a]);
        for (int p = 0; p < c->npolicies && rc == 0; p++)
            rc = write_policy(g, c, res, s, p);
        H5Gclose(g);
    }
    H5Gclose(scen);
    return rc;
}

int rs_commit(struct outfile *o, const struct cfg *c, const struct run_result *res,
              const struct rs_provenance *pv, char *err, size_t errlen)
{
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    hid_t f = H5Fcreate(o->tmp_path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
    if (f < 0) {
        snprintf(err, errlen, "%s: cannot create", o->tmp_path);
        return -1;
    }
    int rc = write_all(f, c, res, pv);
    if (H5Fclose(f) < 0)
        rc = -1;
    if (rc) {
        snprintf(err, errlen, "%s: writing the results failed (disk full?)", o->tmp_path);
        return -1;
    }
    return outfile_commit(o, err, errlen);
}

/* ---------------------------------------------------------------- reading */

static char **read_strings(hid_t loc, const char *name, int *n)
{
    *n = -1;
    hid_t ds = H5Dopen2(loc, name, H5P_DEFAULT);
    if (ds < 0)
        return NULL;
    hid_t space = H5Dget_space(ds);
    hsize_t dims[1] = {0};
    char **out = NULL;
    if (H5Sget_simple_extent_ndims(space) == 1 &&
        H5Sget_simple_extent_dims(space, dims, NULL) == 1) {
        hid_t ftype = H5Dget_type(ds);
        hid_t type = H5Tcopy(H5T_C_S1);
        H5Tset_size(type, H5T_VARIABLE);
        H5Tset_cset(type, H5Tget_cset(ftype)); /* HDF5 converts no ASCII <-> UTF-8 */
        H5Tclose(ftype);
        char **raw = calloc(dims[0] + 1, sizeof *raw);
        out = calloc(dims[0] + 1, sizeof *out);
        if (raw && out &&
            (dims[0] == 0 || H5Dread(ds, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, raw) >= 0)) {
            for (hsize_t i = 0; i < dims[0]; i++)
                out[i] = strdup(raw[i] ? raw[i] : "");
            if (dims[0])
                H5Dvlen_reclaim(type, space, H5P_DEFAULT, raw);
            *n = (int)dims[0];
        } else {
            free(out);
            out = NULL;
        }
        free(raw);
        H5Tclose(type);
    }
    H5Sclose(space);
    H5Dclose(ds);
    return out;
}

static void free_strings(char **s, int n)
{
    for (int i = 0; s && i < n; i++)
        free(s[i]);
    free(s);
}

static char *read_string_attr(hid_t loc, const char *obj, const char *name)
{
    hsize_t dims = 0;
    H5T_class_t cls;
    size_t size = 0;
    if (H5LTget_attribute_info(loc, obj, name, &dims, &cls, &size) < 0 || cls != H5T_STRING)
        return NULL;
    char *buf = calloc(size + 1, 1);
    if (buf && H5LTget_attribute_string(loc, obj, name, buf) < 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Read a summary table whose metric names must match the file's metric list. */
static int read_table(hid_t g, const char *name, const struct rs_file *f, struct st_summary *out)
{
    hsize_t nfields = 0, nrec = 0;
    if (H5TBget_table_info(g, name, &nfields, &nrec) < 0 || nfields != ROW_FIELDS ||
        nrec != (hsize_t)f->nmetrics)
        return -1;
    struct rs_row *rows = calloc(nrec, sizeof *rows);
    if (!rows)
        return -1;
    int rc = H5TBread_table(g, name, sizeof(struct rs_row), row_offsets, row_sizes, rows) < 0
                 ? -1
                 : 0;
    for (hsize_t m = 0; rc == 0 && m < nrec; m++) {
        rows[m].metric[31] = rows[m].interval[23] = rows[m].caveat[23] = '\0';
        int method = st_method_parse(rows[m].interval), caveat = st_caveat_parse(rows[m].caveat);
        if (strcmp(rows[m].metric, f->metrics[m]) != 0 || method < 0 || caveat < 0)
            rc = -1;
        out[m] = (struct st_summary){rows[m].n, rows[m].mean, rows[m].stddev, rows[m].ci_low,
                                     rows[m].ci_high, (unsigned char)(method < 0 ? 0 : method),
                                     (unsigned char)(caveat < 0 ? 0 : caveat),
                                     rows[m].tail_index};
    }
    free(rows);
    return rc;
}

/* The per-replica values of every metric of (s, p): replicas/METRIC, [replicas] each. */
static int read_values(hid_t pg, struct rs_file *f, int s, int p)
{
    char path[96];
    for (int m = 0; m < f->nmetrics; m++) {
        hsize_t dims[1] = {0};
        int rank = 0;
        snprintf(path, sizeof path, "replicas/%s", f->metrics[m]);
        if (H5LTget_dataset_ndims(pg, path, &rank) < 0 || rank != 1 ||
            H5LTget_dataset_info(pg, path, dims, NULL, NULL) < 0 ||
            dims[0] != (hsize_t)f->replicas ||
            H5LTread_dataset_double(pg, path, (double *)rs_values(f, s, p, m)) < 0)
            return -1;
    }
    return 0;
}

/* The histogram of quantity q of (s, p), if the file keeps one: the first cell read decides
 * whether it does and its bins; every later cell must agree. 0, or -1 when damaged. */
static int read_histogram(hid_t pg, enum job_quantity q, struct rs_file *f, int s, int p)
{
    struct rs_hist *h = &f->hist[q];
    char path[64];
    snprintf(path, sizeof path, "histograms/%s", job_quantity_info[q].name);
    bool here = H5Lexists(pg, "histograms", H5P_DEFAULT) > 0 &&
                H5Lexists(pg, path, H5P_DEFAULT) > 0;
    bool first = s == 0 && p == 0;
    if (!here)
        return first || h->bins == 0 ? 0 : -1;
    if (!first && h->bins == 0)
        return -1;
    hsize_t dims[2] = {0, 0};
    int rank = 0;
    if (H5LTget_dataset_ndims(pg, path, &rank) < 0 || rank != 2 ||
        H5LTget_dataset_info(pg, path, dims, NULL, NULL) < 0 ||
        dims[0] != (hsize_t)f->replicas || dims[1] < 2 || dims[1] > 100001)
        return -1;
    hsize_t nedges = 0;
    H5T_class_t cls;
    size_t size = 0;
    if (H5LTget_attribute_info(pg, path, "edges", &nedges, &cls, &size) < 0 ||
        nedges != dims[1] || cls != H5T_FLOAT)
        return -1;
    if (first) {
        h->bins = (int)dims[1] - 1;
        size_t rows = (size_t)f->nscen * (size_t)f->npol * (size_t)f->replicas;
        h->edges = malloc(dims[1] * sizeof *h->edges);
        h->counts = malloc(rows * dims[1] * sizeof *h->counts);
        if (!h->edges || !h->counts ||
            H5LTget_attribute_double(pg, path, "edges", h->edges) < 0)
            return -1;
    } else if (dims[1] != (hsize_t)h->bins + 1)
        return -1;
    return H5LTread_dataset_int(pg, path, (int *)rs_hist_counts(f, q, s, p, 0)) < 0 ? -1 : 0;
}

/* per_job/KEY of (s, p), if the file keeps one: its one dataset, [replicas][width]. 0, or -1
 * when damaged. */
/* by_job/flowtime of (s, p), when the run kept it: [jobs]. */
static int read_by_job(hid_t pg, struct rs_file *f, int s, int p)
{
    const char *path = "by_job/flowtime";
    struct rs_by_job *b = &f->by_job[s * f->npol + p];
    if (H5Lexists(pg, "by_job", H5P_DEFAULT) <= 0 || H5Lexists(pg, path, H5P_DEFAULT) <= 0)
        return 0;
    hsize_t dims[1] = {0};
    int rank = 0;
    if (H5LTget_dataset_ndims(pg, path, &rank) < 0 || rank != 1 ||
        H5LTget_dataset_info(pg, path, dims, NULL, NULL) < 0 || dims[0] < 1 ||
        dims[0] > (hsize_t)1 << 31)
        return -1;
    b->flowtime = malloc(dims[0] * sizeof *b->flowtime);
    b->jobs = (int)dims[0];
    return b->flowtime && H5LTread_dataset_double(pg, path, b->flowtime) >= 0 ? 0 : -1;
}

static int read_choices(hid_t pg, struct rs_file *f, int s, int p)
{
    struct rs_choices *ch = &f->choices[s * f->npol + p];
    if (H5Lexists(pg, "per_job", H5P_DEFAULT) <= 0)
        return 0;
    hid_t g = H5Gopen2(pg, "per_job", H5P_DEFAULT);
    H5G_info_t info;
    char key[64];
    hsize_t dims[2] = {0, 0};
    int rank = 0;
    int rc = g >= 0 && H5Gget_info(g, &info) >= 0 && info.nlinks == 1 &&
                     H5Lget_name_by_idx(g, ".", H5_INDEX_NAME, H5_ITER_INC, 0, key, sizeof key,
                                        H5P_DEFAULT) > 0 &&
                     H5LTget_dataset_ndims(g, key, &rank) >= 0 && rank == 2 &&
                     H5LTget_dataset_info(g, key, dims, NULL, NULL) >= 0 &&
                     dims[0] == (hsize_t)f->replicas && dims[1] >= 1 &&
                     dims[1] <= POL_CHOICE_MAX + 1
                 ? 0
                 : -1;
    if (rc == 0) {
        ch->key = strdup(key);
        ch->width = (int)dims[1];
        ch->counts = malloc((size_t)f->replicas * dims[1] * sizeof *ch->counts + 1);
        rc = ch->key && ch->counts && H5LTread_dataset_int(g, key, ch->counts) >= 0 ? 0 : -1;
    }
    if (g >= 0)
        H5Gclose(g);
    return rc;
}

static int fail_read(char *err, size_t errlen, const char *path, const char *what)
{
    snprintf(err, errlen, "%s: %s", path, what);
    return -1;
}

int rs_read(const char *path, struct rs_file *f, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    if (access(path, R_OK) != 0)
        return fail_read(err, errlen, path, strerror(errno));
    if (H5Fis_hdf5(path) <= 0)
        return fail_read(err, errlen, path, "not an HDF5 file");
    hid_t h = H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (h < 0)
        return fail_read(err, errlen, path, "cannot open as HDF5");
    int rc = -1;
    char *format = read_string_attr(h, "/", "format");
    int version = 0;
    const char *problem = "not a specmc results file (no 'format' attribute)";
    if (!format || strcmp(format, RS_FORMAT))
        goto done;
    problem = "damaged results file: no format_version";
    if (H5LTget_attribute_int(h, "/", "format_version", &version) < 0)
        goto done;
    if (version != RS_FORMAT_VERSION) {
        snprintf(err, errlen, "%s: results format version %d; this specmc reads version %d "
                 "(re-run the config that made it)", path, version, RS_FORMAT_VERSION);
        problem = NULL;
        goto done;
    }
    problem = "damaged results file: missing or bad root attributes";
    unsigned long seed = 0;
    f->experiment = read_string_attr(h, "/", "experiment");
    if (!f->experiment || H5LTget_attribute_ulong(h, "/", "seed", &seed) < 0 ||
        H5LTget_attribute_int(h, "/", "replicas", &f->replicas) < 0 ||
        H5LTget_attribute_double(h, "/", "confidence", &f->confidence) < 0 ||
        H5LTget_attribute_int(h, "/", "scenarios", &f->nscen) < 0 || f->nscen < 0)
        goto done;
    f->seed = seed;
    problem = "damaged results file: missing /policies, /metrics or /sweep_keys";
    f->policies = read_strings(h, "policies", &f->npol);
    f->metrics = read_strings(h, "metrics", &f->nmetrics);
    f->sweep_keys = read_strings(h, "sweep_keys", &f->nsweep);
    if (!f->policies || !f->metrics || !f->sweep_keys || f->npol < 1 || f->nmetrics < 1)
        goto done;
    size_t cells = (size_t)f->nscen * (size_t)f->npol * (size_t)f->nmetrics;
    f->summary = calloc(cells ? cells : 1, sizeof *f->summary);
    f->paired = calloc(cells ? cells : 1, sizeof *f->paired);
    f->sweep_values = calloc((size_t)f->nscen * (size_t)f->nsweep + 1, sizeof *f->sweep_values);
    f->resolved = calloc((size_t)f->nscen * (size_t)f->npol + 1, sizeof *f->resolved);
    f->choices = calloc((size_t)f->nscen * (size_t)f->npol + 1, sizeof *f->choices);
    f->measured_jobs = calloc((size_t)f->nscen + 1, sizeof *f->measured_jobs);
    f->by_job = calloc((size_t)f->nscen * (size_t)f->npol + 1, sizeof *f->by_job);
    f->values = f->replicas > 0 ? calloc(cells * (size_t)f->replicas + 1, sizeof *f->values)
                                : NULL;
    problem = "out of memory";
    if (!f->summary || !f->paired || !f->sweep_values || !f->resolved || !f->choices ||
        !f->values || !f->measured_jobs || !f->by_job)
        goto done;
    for (int s = 0; s < f->nscen; s++) {
        char g[64];
        snprintf(g, sizeof g, "/scenarios/%d", s);
        problem = "damaged results file: a scenario group is missing or incomplete";
        if (H5LTget_attribute_int(h, g, "measured_jobs", &f->measured_jobs[s]) < 0 ||
            f->measured_jobs[s] < 0)
            goto done;
        for (int a = 0; a < f->nsweep; a++)
            if (!(f->sweep_values[s * f->nsweep + a] = read_string_attr(h, g, f->sweep_keys[a])))
                goto done;
        for (int p = 0; p < f->npol; p++) {
            char pg[128];
            snprintf(pg, sizeof pg, "%s/%s", g, f->policies[p]);
            hid_t pgid = H5Gopen2(h, pg, H5P_DEFAULT);
            if (pgid < 0)
                goto done;
            int bad = read_table(pgid, "summary", f, &f->summary[rs_cell(f, s, p, 0)]);
            if (H5Aexists(pgid, "auto") > 0 &&
                !(f->resolved[s * f->npol + p] = read_string_attr(pgid, ".", "auto")))
                bad = 1;
            if (p == 0)
                for (int m = 0; m < f->nmetrics; m++)
                    f->paired[rs_cell(f, s, p, m)] = st_empty(0, ST_NONE);
            else
                bad = bad || read_table(pgid, "paired", f, &f->paired[rs_cell(f, s, p, 0)]);
            bad = bad || read_values(pgid, f, s, p);
            for (int q = 0; q < JQ_COUNT && !bad; q++)
                bad = read_histogram(pgid, (enum job_quantity)q, f, s, p);
            bad = bad || read_choices(pgid, f, s, p) || read_by_job(pgid, f, s, p);
            H5Gclose(pgid);
            if (bad)
                goto done;
        }
    }
    rc = 0;
done:
    free(format);
    H5Fclose(h);
    if (rc) {
        if (problem)
            fail_read(err, errlen, path, problem);
        rs_file_free(f);
    }
    return rc;
}

void rs_file_free(struct rs_file *f)
{
    free(f->experiment);
    free_strings(f->policies, f->npol);
    free_strings(f->metrics, f->nmetrics);
    free_strings(f->sweep_keys, f->nsweep);
    if (f->sweep_values)
        for (int i = 0; i < f->nscen * f->nsweep; i++)
            free(f->sweep_values[i]);
    free(f->sweep_values);
    if (f->resolved)
        for (int i = 0; i < f->nscen * f->npol; i++)
            free(f->resolved[i]);
    free(f->resolved);
    if (f->choices)
        for (int i = 0; i < f->nscen * f->npol; i++) {
            free(f->choices[i].key);
            free(f->choices[i].counts);
        }
    free(f->choices);
    if (f->by_job)
        for (int i = 0; i < f->nscen * f->npol; i++)
            free(f->by_job[i].flowtime);
    free(f->by_job);
    free(f->measured_jobs);
    free(f->summary);
    free(f->paired);
    free(f->values);
    for (int q = 0; q < JQ_COUNT; q++) {
        free(f->hist[q].edges);
        free(f->hist[q].counts);
    }
    memset(f, 0, sizeof *f);
}

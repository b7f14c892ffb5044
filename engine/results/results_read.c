/* results_read — the reader of the results file (see results.h and docs/guide/file-format.md).
 * It trusts nothing in the file: every attribute and dataset is checked for class, rank and
 * extent before it is read (engine/results/h5read.h), sizes are checked against the file's own size
 * before anything is allocated for them, names against what this version writes, and the
 * checksums libhdf5 verifies (metadata, Fletcher-32 chunks) turn damage into a refusal. A file
 * of another kind is refused saying what it is (rs_format_refusal, the shard reader's too). */
#include "engine/results/results.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <hdf5.h>

#include "engine/results/h5read.h"
#include "engine/results/results_row.h"
#include "engine/results/shard.h"
#include "models/metrics.h"

/* Longest name of a policy, metric or sweep key, and most of them, in a file we accept. */
#define NAME_MAX_LEN 64
#define NAMES_MAX 4096

static void free_strings(char **s, int n)
{
    for (int i = 0; s && i < n; i++)
        free(s[i]);
    free(s);
}

/* A name that can stand in an HDF5 path and a CSV cell: 1–63 printable characters, no '/',
 * ',', '"' or white space. */
static bool plain_name(const char *s)
{
    size_t n = strlen(s);
    if (n < 1 || n >= NAME_MAX_LEN)
        return false;
    for (; *s; s++)
        if (*s <= ' ' || *s > '~' || *s == '/' || *s == ',' || *s == '"')
            return false;
    return true;
}

/* /NAME: a list of plain names (sweep keys may be none). */
static char **read_names(hid_t h, const char *name, int *n)
{
    char **out = h5r_strings(h, name, NAME_MAX_LEN, NAMES_MAX, n);
    for (int i = 0; out && i < *n; i++)
        if (!plain_name(out[i])) {
            free_strings(out, *n);
            *n = -1;
            return NULL;
        }
    return out;
}

/* A summary or paired table: one row per metric of the file, in its order; or a verdicts
 * table: VR_COUNT rows per metric (rs_row_name). */
static int read_table(hid_t g, const char *name, const struct rs_file *f, struct st_summary *out,
                      bool verdicts)
{
    hsize_t nrec = 0, want = (hsize_t)f->nmetrics * (verdicts ? VR_COUNT : 1);
    if (h5r_table_rows(g, name, ROW_FIELDS, row_names, row_classes, &nrec) < 0 || nrec != want)
        return -1;
    struct rs_row *rows = calloc(nrec, sizeof *rows);
    hid_t type = rs_row_type();
    int rc = rows && type >= 0 && h5r_dataset(g, name, H5T_COMPOUND, 1, &nrec, type, rows) >= 0
                 ? 0
                 : -1;
    for (hsize_t m = 0; rc == 0 && m < nrec; m++) {
        rows[m].metric[31] = rows[m].interval[23] = rows[m].caveat[23] = '\0';
        int method = st_method_parse(rows[m].interval), caveat = st_caveat_parse(rows[m].caveat);
        char expect[sizeof rows[m].metric];
        rs_row_name(expect, sizeof expect, (int)m, verdicts); /* the file's metrics are ours */
        if (strcmp(rows[m].metric, expect) != 0 || method < 0 || caveat < 0)
            rc = -1;
        out[m] = (struct st_summary){rows[m].n, rows[m].mean, rows[m].stddev, rows[m].ci_low,
                                     rows[m].ci_high, (unsigned char)(method < 0 ? 0 : method),
                                     (unsigned char)(caveat < 0 ? 0 : caveat),
                                     rows[m].tail_index};
    }
    if (type >= 0)
        H5Tclose(type);
    free(rows);
    return rc;
}

/* The per-replica values of every metric of (s, p): replicas/METRIC, [replicas] each. */
static int read_values(hid_t pg, struct rs_file *f, int s, int p)
{
    char path[NAME_MAX_LEN + 16];
    hsize_t dims[1] = {(hsize_t)f->replicas};
    for (int m = 0; m < f->nmetrics; m++) {
        snprintf(path, sizeof path, "replicas/%s", f->metrics[m]);
        if (h5r_dataset(pg, path, H5T_FLOAT, 1, dims, H5T_NATIVE_DOUBLE,
                        (double *)rs_values(f, s, p, m)) < 0)
            return -1;
    }
    return 0;
}

static bool counts_valid(const int32_t *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (c[i] < 0)
            return false;
    return true;
}

/* Edges as written: 0 first, finite, increasing. */
static bool edges_valid(const double *e, int n)
{
    bool ok = n >= 2 && e[0] == 0;
    for (int k = 1; ok && k < n; k++)
        ok = isfinite(e[k]) && e[k] > e[k - 1];
    return ok;
}

/* The histogram of quantity q of (s, p), if the file keeps one: the first cell read decides
 * whether it does and its bins; every later cell must agree. 0, or -1 when damaged. */
static int read_histogram(hid_t pg, enum job_quantity q, struct rs_file *f, off_t file_size,
                          int s, int p)
{
    struct rs_hist *h = &f->hist[q];
    char path[64];
    snprintf(path, sizeof path, "histograms/%s", job_quantity_info[q].name);
    int exists = h5r_exists(pg, path);
    bool here = exists > 0, first = s == 0 && p == 0;
    if (exists < 0)
        return -1;
    if (!here)
        return first || h->bins == 0 ? 0 : -1;
    if (!first && h->bins == 0)
        return -1;
    hsize_t dims[2] = {0, 0};
    if (h5r_dataset_dims(pg, path, H5T_INTEGER, 2, dims) < 0 ||
        dims[0] != (hsize_t)f->replicas || dims[1] < 2 || dims[1] > CFG_HIST_BINS_MAX + 1)
        return -1;
    size_t rows = (size_t)f->nscen * (size_t)f->npol * (size_t)f->replicas;
    if (first) {
        /* every cell stores its counts: together they cannot outweigh the file */
        if ((double)rows * (double)dims[1] * sizeof(int32_t) > (double)file_size)
            return -1;
        h->bins = (int)dims[1] - 1;
        h->edges = malloc(dims[1] * sizeof *h->edges);
        h->counts = malloc(rows * dims[1] * sizeof *h->counts);
        if (!h->edges || !h->counts ||
            h5r_attr_doubles(pg, path, "edges", dims[1], h->edges) < 0 ||
            !edges_valid(h->edges, (int)dims[1]))
            return -1;
    } else if (dims[1] != (hsize_t)h->bins + 1)
        return -1;
    int32_t *counts = (int32_t *)rs_hist_counts(f, q, s, p, 0);
    return h5r_dataset(pg, path, H5T_INTEGER, 2, dims, H5T_NATIVE_INT32, counts) < 0 ||
                   !counts_valid(counts, (size_t)dims[0] * dims[1])
               ? -1
               : 0;
}

/* by_job/flowtime of (s, p), when the run kept it: [jobs]. */
static int read_by_job(hid_t pg, struct rs_file *f, int s, int p)
{
    const char *path = "by_job/flowtime";
    struct rs_by_job *b = &f->by_job[s * f->npol + p];
    int exists = h5r_exists(pg, path);
    if (exists <= 0)
        return exists;
    hsize_t dims[1] = {0};
    if (h5r_dataset_dims(pg, path, H5T_FLOAT, 1, dims) < 0 || dims[0] < 1 ||
        dims[0] > (hsize_t)INT32_MAX)
        return -1;
    b->flowtime = malloc(dims[0] * sizeof *b->flowtime);
    b->jobs = (int)dims[0];
    return b->flowtime &&
                   h5r_dataset(pg, path, H5T_FLOAT, 1, dims, H5T_NATIVE_DOUBLE, b->flowtime) >= 0
               ? 0
               : -1;
}

/* series of (s, p), when the run kept one: [replicas][n], its times, origin and state. */
static int read_series(hid_t pg, struct rs_file *f, int s, int p)
{
    struct rs_series *x = &f->series[s * f->npol + p];
    int exists = h5r_exists(pg, "series");
    if (exists <= 0)
        return exists;
    hsize_t dims[2] = {0, 0};
    if (h5r_dataset_dims(pg, "series", H5T_FLOAT, 2, dims) < 0 ||
        dims[0] != (hsize_t)f->replicas || dims[1] < 1 || dims[1] > CFG_SERIES_MAX)
        return -1;
    x->n = (int)dims[1];
    x->times = malloc(dims[1] * sizeof *x->times);
    x->values = malloc(dims[0] * dims[1] * sizeof *x->values + 1);
    if (!x->times || !x->values ||
        h5r_attr_doubles(pg, "series", "times", dims[1], x->times) < 0 ||
        !(x->origin = h5r_attr_string(pg, "series", "origin")) ||
        !(x->state = h5r_attr_string(pg, "series", "state")))
        return -1;
    for (int k = 0; k < x->n; k++)
        if (!(x->times[k] >= 0 && isfinite(x->times[k])) || (k && !(x->times[k] > x->times[k - 1])))
            return -1;
    return h5r_dataset(pg, "series", H5T_FLOAT, 2, dims, H5T_NATIVE_DOUBLE, x->values) < 0 ? -1 : 0;
}

/* per_job/KEY of (s, p), if the file keeps one: its one dataset, [replicas][width]. 0, or -1
 * when damaged. */
static int read_choices(hid_t pg, struct rs_file *f, int s, int p)
{
    struct rs_choices *ch = &f->choices[s * f->npol + p];
    int exists = h5r_exists(pg, "per_job");
    if (exists <= 0)
        return exists;
    hid_t g = H5Gopen2(pg, "per_job", H5P_DEFAULT);
    H5G_info_t info;
    char key[NAME_MAX_LEN];
    hsize_t dims[2] = {0, 0};
    int rc = g >= 0 && H5Gget_info(g, &info) >= 0 && info.nlinks == 1 &&
                     H5Lget_name_by_idx(g, ".", H5_INDEX_NAME, H5_ITER_INC, 0, key, sizeof key,
                                        H5P_DEFAULT) > 0 &&
                     plain_name(key) && h5r_dataset_dims(g, key, H5T_INTEGER, 2, dims) >= 0 &&
                     dims[0] == (hsize_t)f->replicas && dims[1] >= 1 &&
                     dims[1] <= POL_CHOICE_MAX + 1
                 ? 0
                 : -1;
    if (rc == 0) {
        ch->key = strdup(key);
        ch->width = (int)dims[1];
        ch->counts = malloc((size_t)f->replicas * dims[1] * sizeof *ch->counts + 1);
        rc = ch->key && ch->counts &&
                     h5r_dataset(g, key, H5T_INTEGER, 2, dims, H5T_NATIVE_INT32, ch->counts) >= 0 &&
                     counts_valid(ch->counts, (size_t)f->replicas * dims[1])
                 ? 0
                 : -1;
    }
    if (g >= 0)
        H5Gclose(g);
    return rc;
}

/* Everything stored under /scenarios/S/POLICY. 0, or -1 when damaged. */
static int read_policy(hid_t pg, struct rs_file *f, off_t file_size, int s, int p)
{
    if (read_table(pg, "summary", f, &f->summary[rs_cell(f, s, p, 0)], false) < 0)
        return -1;
    int independent = 0;
    if (f->has_verdicts && (h5r_attr_int(pg, ".", "jobs_independent", &independent) < 0 ||
                            (independent != 0 && independent != 1)))
        return -1;
    f->independent[s * f->npol + p] = independent;
    int has_auto = h5r_attr_exists(pg, "auto");
    if (has_auto < 0 ||
        (has_auto && !(f->resolved[s * f->npol + p] = h5r_attr_string(pg, ".", "auto"))))
        return -1;
    for (int m = 0; m < f->nmetrics; m++)
        for (int v = 0; v < VR_COUNT; v++)
            rs_verdict(f, s, p, m)[v] = st_empty(0, ST_NONE);
    if (p == 0)
        for (int m = 0; m < f->nmetrics; m++)
            f->paired[rs_cell(f, s, p, m)] = st_empty(0, ST_NONE);
    else if (read_table(pg, "paired", f, &f->paired[rs_cell(f, s, p, 0)], false) < 0 ||
             (f->has_verdicts && read_table(pg, "verdicts", f, rs_verdict(f, s, p, 0), true) < 0))
        return -1;
    if (read_values(pg, f, s, p) < 0)
        return -1;
    for (int q = 0; q < JQ_COUNT; q++)
        if (read_histogram(pg, (enum job_quantity)q, f, file_size, s, p) < 0)
            return -1;
    return read_choices(pg, f, s, p) < 0 || read_by_job(pg, f, s, p) < 0 ||
                   read_series(pg, f, s, p) < 0
               ? -1
               : 0;
}

/* The metric list of this version, in its order. */
/* Metrics are appended, never reordered: a file lists this binary's metrics in its order, all
 * of them, or (format 6 and before) all up to the slowdowns. The report finds each by name. */
static bool metrics_are_ours(char **names, int n)
{
    if (n != M_COUNT && n != M_SLOWDOWN)
        return false;
    for (int m = 0; m < n; m++)
        if (strcmp(names[m], metric_info[m].name) != 0)
            return false;
    return true;
}

/* The root attributes and lists; *problem says what is wrong when -1. */
static int read_root(hid_t h, struct rs_file *f, off_t file_size, const char **problem)
{
    *problem = "damaged results file: missing or bad root attributes";
    f->experiment = h5r_attr_string(h, "/", "experiment");
    if (!f->experiment || h5r_attr_u64(h, "/", "seed", &f->seed) < 0 ||
        h5r_attr_int(h, "/", "replicas", &f->replicas) < 0 || f->replicas < 1 ||
        h5r_attr_double(h, "/", "confidence", &f->confidence) < 0 ||
        !(f->confidence > 0 && f->confidence < 1) ||
        h5r_attr_int(h, "/", "scenarios", &f->nscen) < 0 || f->nscen < 1)
        return -1;
    *problem = "damaged results file: bad /policies, /metrics or /sweep_keys";
    f->policies = read_names(h, "policies", &f->npol);
    f->metrics = read_names(h, "metrics", &f->nmetrics);
    f->sweep_keys = read_names(h, "sweep_keys", &f->nsweep);
    if (!f->policies || !f->metrics || !f->sweep_keys || f->npol < 1 ||
        !metrics_are_ours(f->metrics, f->nmetrics))
        return -1;
    /* every replica's value of every cell is stored: together they cannot outweigh the file */
    *problem = "damaged results file: it claims more replicas and scenarios than it holds";
    double cells = (double)f->nscen * f->npol * f->nmetrics;
    if (cells * f->replicas * sizeof(double) > (double)file_size)
        return -1;
    return 0;
}

/* Format 4: every scenario's sweep values as written, from /sweep_values. */
static int read_sweep_text(hid_t h, struct rs_file *f)
{
    size_t n = (size_t)f->nscen * (size_t)f->nsweep;
    int got = 0;
    if (n == 0)
        return 0;
    char **v = h5r_strings(h, "sweep_values", H5R_STRING_MAX, n, &got);
    if (!v || (size_t)got != n) {
        for (int i = 0; v && i < got; i++)
            free(v[i]);
        free(v);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        f->sweep_values[i] = v[i];
    free(v);
    return 0;
}

int rs_read(const char *path, struct rs_file *f, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    hid_t h = h5r_open(path, "not a specmc results file of format 3 or later (an HDF5 file "
                             "without checksums; if an older specmc wrote it, re-run the config "
                             "that made it)", err, errlen);
    if (h < 0)
        return -1;
    struct stat st;
    if (stat(path, &st) != 0) {
        H5Fclose(h);
        return h5r_fail(err, errlen, path, strerror(errno));
    }
    int rc = -1, version = 0;
    char *format = h5r_attr_string(h, "/", "format");
    char why[512];
    const char *problem = rs_format_refusal(why, sizeof why, format, "results file", NULL);
    if (!format || strcmp(format, RS_FORMAT))
        goto done;
    problem = "damaged results file: no format_version";
    if (h5r_attr_int(h, "/", "format_version", &version) < 0)
        goto done;
    if (version < RS_FORMAT_OLDEST || version > RS_FORMAT_VERSION) {
        snprintf(err, errlen, "%s: results format version %d; this specmc reads versions %d to "
                 "%d (%s)", path, version, RS_FORMAT_OLDEST, RS_FORMAT_VERSION,
                 version > RS_FORMAT_VERSION ? "a newer specmc wrote it: report it with that one"
                                             : "re-run the config that made it");
        problem = NULL;
        goto done;
    }
    if (read_root(h, f, st.st_size, &problem) < 0)
        goto done;
    size_t cells = (size_t)f->nscen * (size_t)f->npol * (size_t)f->nmetrics;
    size_t pairs = (size_t)f->nscen * (size_t)f->npol;
    f->summary = calloc(cells, sizeof *f->summary);
    f->paired = calloc(cells, sizeof *f->paired);
    f->verdict = calloc(cells * VR_COUNT, sizeof *f->verdict);
    f->has_verdicts = version >= 5;
    f->by_job_geometric = version >= 6;
    f->sweep_values = calloc((size_t)f->nscen * (size_t)f->nsweep + 1, sizeof *f->sweep_values);
    f->resolved = calloc(pairs, sizeof *f->resolved);
    f->choices = calloc(pairs, sizeof *f->choices);
    f->measured_jobs = calloc((size_t)f->nscen, sizeof *f->measured_jobs);
    f->independent = calloc(pairs, sizeof *f->independent);
    f->by_job = calloc(pairs, sizeof *f->by_job);
    f->series = calloc(pairs, sizeof *f->series);
    f->values = calloc(cells * (size_t)f->replicas, sizeof *f->values);
    problem = "out of memory";
    if (!f->summary || !f->paired || !f->verdict || !f->sweep_values || !f->resolved || !f->choices ||
        !f->values || !f->measured_jobs || !f->independent || !f->by_job ||
        !f->series)
        goto done;
    for (int s = 0; s < f->nscen; s++) {
        char g[32];
        snprintf(g, sizeof g, "/scenarios/%d", s);
        problem = "damaged results file: a scenario group is missing or incomplete";
        if (h5r_attr_int(h, g, "measured_jobs", &f->measured_jobs[s]) < 0 ||
            f->measured_jobs[s] < 0)
            goto done;
        for (int a = 0; a < f->nsweep && version == 3; a++) /* 4: /sweep_values, below */
            if (!(f->sweep_values[s * f->nsweep + a] = h5r_attr_string(h, g, f->sweep_keys[a])))
                goto done;
        for (int p = 0; p < f->npol; p++) {
            char pg[32 + NAME_MAX_LEN];
            snprintf(pg, sizeof pg, "%s/%s", g, f->policies[p]);
            hid_t pgid = H5Gopen2(h, pg, H5P_DEFAULT);
            int bad = pgid < 0 || read_policy(pgid, f, st.st_size, s, p) < 0;
            if (pgid >= 0)
                H5Gclose(pgid);
            if (bad)
                goto done;
        }
    }
    problem = "damaged results file: /sweep_values does not hold a value per scenario and key";
    if (version >= 4 && read_sweep_text(h, f) < 0)
        goto done;
    rc = 0;
done:
    free(format);
    H5Fclose(h);
    if (rc) {
        if (problem)
            h5r_fail(err, errlen, path, problem);
        rs_file_free(f);
    }
    return rc;
}

const char *rs_format_refusal(char *buf, size_t len, const char *format, const char *want,
                              const char *otherwise)
{
    static const struct {
        const char *format, *kind, *advice;
    } kinds[] = {
        {RS_FORMAT, "a results file", NULL},
        {SHARD_FORMAT, "a shard of a run (run --shard)",
         "put all its shards together with 'specmc merge OUT.h5 SHARD.h5...'"},
        {CHECKPOINT_FORMAT, "the checkpoint of an unfinished run (run --out OUT.h5 saves "
                            "OUT.h5.ckpt)", "resume the run: its command again, with --resume"},
        {"specmc-validate", "a file of specmc validate", "'specmc report' prints it"},
    };
    const char *kind = format ? "a file of a format this specmc does not know"
                              : "a file without a 'format' attribute (not one of specmc's)";
    const char *advice = otherwise;
    for (size_t i = 0; format && i < sizeof kinds / sizeof kinds[0]; i++)
        if (!strcmp(format, kinds[i].format)) {
            kind = kinds[i].kind;
            advice = kinds[i].advice ? kinds[i].advice : otherwise;
        }
    snprintf(buf, len, "%s, not a %s%s%s", kind, want, advice ? ": " : "", advice ? advice : "");
    return buf;
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
    if (f->series)
        for (int i = 0; i < f->nscen * f->npol; i++) {
            free(f->series[i].times);
            free(f->series[i].origin);
            free(f->series[i].state);
            free(f->series[i].values);
        }
    free(f->series);
    free(f->measured_jobs);
    free(f->independent);
    free(f->summary);
    free(f->paired);
    free(f->verdict);
    free(f->values);
    for (int q = 0; q < JQ_COUNT; q++) {
        free(f->hist[q].edges);
        free(f->hist[q].counts);
    }
    memset(f, 0, sizeof *f);
}

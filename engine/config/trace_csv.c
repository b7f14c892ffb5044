/* trace_csv — the project's own trace layout: a header line naming six columns in a fixed
 * order, or those six and two more (each phase's task-time SD), either optionally followed by
 * a `deadline` column (the job's own relative deadline), a `price` column (its own price) and
 * `cpu` and `mem` columns (what each of its copies requests), each optional, in that order,
 * then one row per job with as many columns as the header
 * (docs/guide/traces.md). Rows may come in any order; the jobs are
 * sorted by arrival (ties keep file order) and shifted so that the first arrives at 0.
 *
 * Every value is checked in full: a row with the wrong number of columns, a value that is not
 * a number, is out of range or has anything after it fails with its line and column. No
 * quoting: the layout has no text columns. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/text.h"
#include "engine/config/trace_common.h"

enum {
    C_ARRIVAL, C_WEIGHT, C_MAP_TASKS, C_REDUCE_TASKS, C_MAP_MEAN, C_REDUCE_MEAN,
    C_MEANS_COLS,          /* the six-column layout ends here */
    C_MAP_SD = C_MEANS_COLS, C_REDUCE_SD,
    C_SD_COLS,             /* the eight-column layout */
    C_DEADLINE = C_SD_COLS, /* optional job columns, after either, in this order: their */
    C_PRICE,               /* fields depend on the columns before them (struct layout) */
    C_CPU, C_MEM,
    C_COLS
};
#define C_JOB_COLS (C_COLS - C_DEADLINE)

static const char *const col_name[C_COLS] = {
    "arrival", "weight", "map_tasks", "reduce_tasks", "map_mean", "reduce_mean", "map_sd",
    "reduce_sd", "deadline", "price", "cpu", "mem",
};

/* What the optional job columns hold: the valid values, and a job's field (0: not given). */
static const char *const job_col_want[C_JOB_COLS] = {
    "a number > 0 and <= " TR_REAL_MAX_TEXT " (seconds after the job's arrival), or 0 or "
    "nothing (workload.deadline)",
    "a number > 0 and <= " TR_REAL_MAX_TEXT " (per unit of machine time), or 0 or nothing "
    "(utility.price)",
    "a number > 0 and <= " TR_REAL_MAX_TEXT " (the units of cluster.server_cpu), or 0 or "
    "nothing (workload.cpu_request)",
    "a number > 0 and <= " TR_REAL_MAX_TEXT " (the units of cluster.server_mem), or 0 or "
    "nothing (workload.mem_request)",
};

static double *job_col_field(struct tr_job *j, int c)
{
    double *field[C_JOB_COLS] = {&j->deadline, &j->price, &j->cpu, &j->mem};
    return field[c - C_DEADLINE];
}

#define CSV_HEADER "arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean"
#define CSV_HEADER_SD CSV_HEADER ",map_sd,reduce_sd"

/* The columns a header has, by name. */
struct layout {
    int ncols;               /* fields per row: 6 to 12 */
    bool sd;                 /* map_sd and reduce_sd follow the means */
    int field[C_JOB_COLS];   /* the field of each optional job column, or -1 */
};

/* The header's own words for the columns of a layout. */
static void layout_text(const struct layout *l, char *buf, size_t len)
{
    snprintf(buf, len, "%s", l->sd ? CSV_HEADER_SD : CSV_HEADER);
    for (int c = 0; c < C_JOB_COLS; c++)
        if (l->field[c] >= 0)
            snprintf(buf + strlen(buf), len - strlen(buf), ",%s", col_name[C_DEADLINE + c]);
}

/* The layout of the header the (split, trimmed) fields are: the six, the two SDs or not, and
 * then each job column or not, in order. False when they are none of these. */
static bool header_layout(char **f, int n, struct layout *l)
{
    if (n < C_MEANS_COLS)
        return false;
    for (int c = 0; c < C_MEANS_COLS; c++)
        if (strcmp(f[c], col_name[c]) != 0)
            return false;
    int k = C_MEANS_COLS;
    l->sd = n >= k + 2 && !strcmp(f[k], col_name[C_MAP_SD]) &&
            !strcmp(f[k + 1], col_name[C_REDUCE_SD]);
    if (l->sd)
        k += 2;
    for (int c = 0; c < C_JOB_COLS; c++) {
        l->field[c] = k < n && !strcmp(f[k], col_name[C_DEADLINE + c]) ? k : -1;
        if (l->field[c] >= 0)
            k++;
    }
    l->ncols = n;
    return k == n;
}

/* A phase's SD: nothing (0, not given) or a number > 0; nothing or 0 for an empty phase. */
static bool parse_sd(const char *f, int tasks, double *out, const char **want)
{
    double v;
    *out = 0;
    if (tasks > 0) {
        *want = "a number > 0 and <= " TR_REAL_MAX_TEXT " (seconds), or nothing (the family's shape)";
        if (f[0] && (!tr_parse_real(f, &v) || !(v > 0)))
            return false;
        *out = f[0] ? v : 0;
        return true;
    }
    *want = "0 or nothing, as reduce_tasks is 0";
    return !f[0] || (tr_parse_real(f, &v) && v == 0);
}

/* The fields of the six- or eight-column layout. */
static int parse_fixed(char **f, const struct layout *l, struct tr_job *j, const char **want)
{
    double v;
    long long k;
    memset(j, 0, sizeof *j);
    *want = "a number >= 0 and <= " TR_REAL_MAX_TEXT " (seconds)";
    if (!tr_parse_real(f[C_ARRIVAL], &v) || v < 0)
        return C_ARRIVAL;
    j->arrival = v;
    *want = "a number >= 0 and <= " TR_REAL_MAX_TEXT;
    if (!tr_parse_real(f[C_WEIGHT], &v) || v < 0)
        return C_WEIGHT;
    j->weight = v;
    *want = "an integer >= 1 (at most 2147483647)";
    if (!tr_parse_int(f[C_MAP_TASKS], 1, INT_MAX, &k))
        return C_MAP_TASKS;
    j->tasks[TR_MAP] = (int)k;
    *want = "an integer >= 0 (at most 2147483647)";
    if (!tr_parse_int(f[C_REDUCE_TASKS], 0, INT_MAX, &k))
        return C_REDUCE_TASKS;
    j->tasks[TR_REDUCE] = (int)k;
    *want = "a number > 0 and <= " TR_REAL_MAX_TEXT " (seconds)";
    if (!tr_parse_real(f[C_MAP_MEAN], &v) || !(v > 0))
        return C_MAP_MEAN;
    j->mean[TR_MAP] = v;
    if (j->tasks[TR_REDUCE] > 0) {
        *want = "a number > 0 and <= " TR_REAL_MAX_TEXT " (seconds), as reduce_tasks > 0";
        if (!tr_parse_real(f[C_REDUCE_MEAN], &v) || !(v > 0))
            return C_REDUCE_MEAN;
        j->mean[TR_REDUCE] = v;
    } else {
        *want = "0 or nothing, as reduce_tasks is 0";
        if (f[C_REDUCE_MEAN][0] && (!tr_parse_real(f[C_REDUCE_MEAN], &v) || v != 0))
            return C_REDUCE_MEAN;
        j->mean[TR_REDUCE] = 0;
    }
    if (l->sd) {
        if (!parse_sd(f[C_MAP_SD], j->tasks[TR_MAP], &j->sd[TR_MAP], want))
            return C_MAP_SD;
        if (!parse_sd(f[C_REDUCE_SD], j->tasks[TR_REDUCE], &j->sd[TR_REDUCE], want))
            return C_REDUCE_SD;
    }
    return -1;
}

/* Read one row's fields (the header's layout) into j. On a bad value returns the field and
 * sets *want and *col to what it should have been and its column's name; returns -1 when the
 * row is good. */
static int parse_row(char **f, const struct layout *l, struct tr_job *j, const char **want,
                     const char **col)
{
    int bad = parse_fixed(f, l, j, want);
    *col = bad >= 0 ? col_name[bad] : NULL;
    for (int c = 0; bad < 0 && c < C_JOB_COLS; c++) {
        double v;
        const char *d = l->field[c] >= 0 ? f[l->field[c]] : "";
        if (d[0] && (!tr_parse_real(d, &v) || v < 0)) {
            *want = job_col_want[c];
            *col = col_name[C_DEADLINE + c];
            return l->field[c];
        }
        *job_col_field(j, C_DEADLINE + c) = d[0] ? v : 0;
    }
    return bad;
}

int tr_csv_read(const char *path, struct tr_trace *out, char *err, size_t len)
{
    struct tr_lines lr;
    int cap = 0;
    struct layout lay = {0};
    long header_line = 0;
    bool failed = false;
    char q[TR_QUOTE_LEN];
    if (tr_lines_open(&lr, path, err, len))
        return -1;
    out->cpu_col = col_name[C_CPU];
    out->mem_col = col_name[C_MEM];
    char *s;
    while ((s = tr_lines_next(&lr, &failed, err, len))) {
        if (!*s || *s == '#')
            continue;
        char *f[C_COLS];
        if (!header_line) {
            char got[TR_QUOTE_LEN]; /* the line as it was: text_split cuts it up */
            snprintf(got, sizeof got, "%s", tr_quote(s, q));
            if (!header_layout(f, text_split(s, ',', f, C_COLS), &lay)) {
                tr_error(err, len,
                         "%s:%ld: expected the header line '" CSV_HEADER "' or '" CSV_HEADER_SD
                         "' (these columns, in this order), either optionally followed by "
                         "',deadline', ',price', ',cpu' and ',mem' (each optional, in this "
                         "order), before the first job, got '%s'",
                         path, lr.line, got);
                goto fail;
            }
            header_line = lr.line;
            continue;
        }
        int n = text_split(s, ',', f, C_COLS);
        if (n != lay.ncols) {
            char cols[160];
            layout_text(&lay, cols, sizeof cols);
            tr_error(err, len, "%s:%ld: expected %d columns (%s), got %d", path, lr.line,
                     lay.ncols, cols, n);
            goto fail;
        }
        struct tr_job j;
        const char *want, *col;
        int bad = parse_row(f, &lay, &j, &want, &col);
        if (bad >= 0) {
            tr_error(err, len, "%s:%ld: column '%s': expected %s, got '%s'", path, lr.line,
                     col, want, tr_quote(f[bad], q));
            goto fail;
        }
        j.cpu_line = j.mem_line = lr.line;
        if (tr_push_job(out, &cap, &j)) {
            tr_error(err, len, "%s:%ld: out of memory (or more than %d jobs)", path, lr.line,
                     INT_MAX);
            goto fail;
        }
    }
    if (failed)
        goto fail;
    if (!header_line) {
        tr_error(err, len,
                 "%s: no jobs: the file holds no header line '" CSV_HEADER "[,map_sd,reduce_sd]"
                 "[,deadline][,price][,cpu][,mem]' "
                 "and no rows",
                 path);
        goto fail;
    }
    if (out->njobs == 0) {
        tr_error(err, len, "%s: no jobs: the header (line %ld) is followed by no rows", path,
                 header_line);
        goto fail;
    }
    if (tr_sort_shift(out->job, NULL, out->njobs)) {
        tr_error(err, len, "%s: out of memory sorting %d jobs", path, out->njobs);
        goto fail;
    }
    tr_lines_close(&lr);
    return 0;
fail:
    tr_lines_close(&lr);
    tr_free(out);
    return -1;
}

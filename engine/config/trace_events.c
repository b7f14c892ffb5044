/* trace_events — jobs derived from a table of task events, one row per event in the life of a
 * task: what the two Google layouts share (docs/guide/traces.md). Google's clusterdata-2011-2
 * `task_events` (trace_google.c) and clusterdata-2019 `instance_events` (trace_google2019.c)
 * differ only in their columns, event codes and priority range, which a struct tr_layout
 * describes; the rows are read, and the jobs derived, here.
 *
 * One pass over the lines keeps a small record (job, task, event, time, priority, line) per
 * row; a job's rows are scattered over the file, so the records are then sorted by (job, task,
 * time, the layout's rank of the event, line) and each job is aggregated from its contiguous
 * run: arrival = its earliest SUBMIT, weight = that SUBMIT's priority, one phase of as many
 * tasks as it has, whose mean is the mean over its tasks of FINISH − the SCHEDULE that started
 * that run, and whose SD is the sample SD of those durations (0, not given, for a job of one
 * task), and its requests the largest CPU and memory request on any of its rows. A job is
 * kept only when every task of it was submitted and ends with such a FINISH, and all its
 * events lie inside the trace window; the others are counted in `skipped`.
 *
 * What this is not: neither table holds map/reduce phases (every job gets reduce = 0) or the
 * jobs' machine constraints (in other tables, or columns, which are not read). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/text.h"
#include "engine/config/trace_common.h"

/* Both traces' special times (the 2011 schema's "Time and timestamps"; Google cluster-usage
 * traces v3, the same section): 0 is "before the beginning of the trace window", 2^63 − 1
 * after its end. */
#define T_BEFORE 0LL
#define T_AFTER LLONG_MAX
#define US_PER_S 1e6
#define LINE_MAX_REC ((1LL << 48) - 1) /* the most lines a record can number */

/* One row, as much of it as the aggregation needs: 40 bytes. */
struct rec {
    long long job;                 /* job (collection) ID */
    long long time;                /* microseconds */
    unsigned long long line : 48;  /* where it was; orders events of equal time and rank */
    unsigned long long event : 8;  /* enum tr_ev */
    unsigned long long rank : 8;   /* the layout's order of events at the same microsecond */
    int task;                      /* task (instance) index within the job */
    int prio;                      /* priority; -1 when the field was empty */
    float cpu, mem;                /* the task's requests (single precision: the traces give
                                      four significant digits); 0: none given */
};

_Static_assert(sizeof(struct rec) == 40, "docs/guide/traces.md promises 40 bytes per row");

static int rec_cmp(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    if (x->job != y->job)
        return x->job < y->job ? -1 : 1;
    if (x->task != y->task)
        return x->task < y->task ? -1 : 1;
    if (x->time != y->time)
        return x->time < y->time ? -1 : 1;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    return (x->line > y->line) - (x->line < y->line);
}

/* Read one row's fields (f: its columns) into r. On a bad value returns the field and writes
 * what it should have been into want; returns -1 when the row is good. */
static int parse_row(const struct tr_layout *lay, char **f, long line, struct rec *r,
                     char *want, size_t wlen)
{
    long long v;
    double v_real;
    r->line = (unsigned long long)line;
    r->rank = 0;
    snprintf(want, wlen, "an integer >= 0 (microseconds)");
    if (!tr_parse_int(f[lay->col[TR_F_TIME]], 0, LLONG_MAX, &v))
        return TR_F_TIME;
    r->time = v;
    snprintf(want, wlen, "an integer >= 0");
    if (!tr_parse_int(f[lay->col[TR_F_JOB]], 0, LLONG_MAX, &v))
        return TR_F_JOB;
    r->job = v;
    snprintf(want, wlen, "an integer >= 0 (at most 2147483647)");
    if (!tr_parse_int(f[lay->col[TR_F_TASK]], 0, INT_MAX, &v))
        return TR_F_TASK;
    r->task = (int)v;
    snprintf(want, wlen, "an integer 0..%d (%s)", lay->nevents - 1, lay->events);
    if (!tr_parse_int(f[lay->col[TR_F_EVENT]], 0, lay->nevents - 1, &v))
        return TR_F_EVENT;
    r->event = lay->ev[v];
    r->rank = lay->rank ? lay->rank[v] : 0;
    r->prio = -1;
    const char *p = f[lay->col[TR_F_PRIO]];
    if (p[0] || r->event == TR_EV_SUBMIT) {
        snprintf(want, wlen, "an integer 0..%lld%s", lay->prio_max,
                 r->event == TR_EV_SUBMIT ? " (required on SUBMIT rows)" : ", or nothing");
        if (!tr_parse_int(p, 0, lay->prio_max, &v))
            return TR_F_PRIO;
        r->prio = (int)v;
    }
    float *req[] = {&r->cpu, &r->mem};
    for (int k = 0; k < 2; k++) {
        int c = lay->col[TR_F_CPU + k];
        *req[k] = 0;
        snprintf(want, wlen, "a number >= 0 and <= " TR_REAL_MAX_TEXT " (normalised: the "
                             "largest machine has 1), or nothing");
        if (c >= 0 && f[c][0] && (!tr_parse_real(f[c], &v_real) || v_real < 0))
            return TR_F_CPU + k;
        if (c >= 0 && f[c][0])
            *req[k] = (float)v_real;
    }
    if (lay->col[TR_F_KIND] >= 0) {
        snprintf(want, wlen, "0 (a job) or 1 (an alloc set)");
        if (!tr_parse_int(f[lay->col[TR_F_KIND]], 0, 1, &v))
            return TR_F_KIND;
        if (v == 1)
            r->event = TR_EV_NOT_TASK;
    }
    return -1;
}

/* Read every row into *recs (*nrec of them): first the header, where the layout has one. */
static int read_rows(struct tr_lines *lr, struct tr_layout *lay, struct rec **recs,
                     size_t *nrec, char *err, size_t len)
{
    size_t cap = 0;
    bool failed = false, header = lay->header != NULL;
    char q[TR_QUOTE_LEN], want[256];
    char **f = NULL;
    char *s;
    while ((s = tr_lines_next(lr, &failed, err, len))) {
        if (!*s)
            continue;
        if (header) {
            if (lay->header(lay, s, lr->path, lr->line, err, len))
                goto fail;
            header = false;
            continue;
        }
        if (!f && !(f = malloc((size_t)lay->ncols * sizeof *f))) {
            tr_error(err, len, "%s:%ld: out of memory", lr->path, lr->line);
            goto fail;
        }
        int n = text_split(s, ',', f, lay->ncols);
        if (n != lay->ncols) {
            tr_error(err, len, "%s:%ld: expected %d columns (%s), got %d", lr->path, lr->line,
                     lay->ncols, lay->cols, n);
            goto fail;
        }
        if (lr->line > LINE_MAX_REC) {
            tr_error(err, len, "%s:%ld: more than %lld lines", lr->path, lr->line,
                     LINE_MAX_REC);
            goto fail;
        }
        struct rec r;
        int bad = parse_row(lay, f, lr->line, &r, want, sizeof want);
        if (bad >= 0) {
            tr_error(err, len, "%s:%ld: column '%s': expected %s, got '%s'", lr->path, lr->line,
                     lay->field[bad], want, tr_quote(f[lay->col[bad]], q));
            goto fail;
        }
        if (*nrec == cap) {
            size_t ncap = cap ? 2 * cap : 4096;
            struct rec *p = realloc(*recs, ncap * sizeof *p);
            if (!p) {
                tr_error(err, len, "%s:%ld: out of memory (%zu %s events read)", lr->path,
                         lr->line, *nrec, lay->task);
                goto fail;
            }
            *recs = p;
            cap = ncap;
        }
        (*recs)[(*nrec)++] = r;
    }
    free(f);
    return failed ? -1 : 0;
fail:
    free(f);
    return -1;
}

/* A job being aggregated from its records. */
struct agg {
    long long submit;  /* earliest SUBMIT time; -1 before one is seen */
    long submit_line;  /* its line */
    int prio;          /* its priority */
    int ntasks;
    double sum_us;     /* Σ task durations, microseconds */
    double run_mean;   /* their running mean and Σ of squared deviations (Welford), for the */
    double run_m2;     /* SD; the mean the job gets is sum_us / ntasks */
    double req[2];     /* the largest CPU and memory request on any of its rows (0: none) */
    long req_line[2];  /* the line of each */
    bool keep;
};

/* Fold the records of one task (r[0..n), time order) into the job: its SUBMITs, and its
 * duration when it was submitted and its last lifecycle event is a FINISH that ends a run
 * started by a SCHEDULE; otherwise the job is not kept. */
static void fold_task(const struct rec *r, size_t n, struct agg *a)
{
    bool submitted = false;
    long long run = -1; /* the SCHEDULE time of the current run; -1: none running */
    long long dur = -1; /* the last FINISH's duration; -1: none or no SCHEDULE before it */
    int last = -1;      /* the last lifecycle event */
    for (size_t i = 0; i < n; i++) {
        const struct rec *e = &r[i];
        const float req[2] = {e->cpu, e->mem};
        for (int k = 0; k < 2; k++)
            if (req[k] > a->req[k] ||
                (req[k] > 0 && req[k] == a->req[k] && (long)e->line < a->req_line[k])) {
                a->req[k] = req[k];
                a->req_line[k] = (long)e->line;
            }
        if (e->time == T_BEFORE || e->time == T_AFTER) {
            a->keep = false; /* arrival or duration unknown: outside the window */
            continue;
        }
        switch ((enum tr_ev)e->event) {
        case TR_EV_SUBMIT:
            if (a->submit < 0 || e->time < a->submit ||
                (e->time == a->submit && (long)e->line < a->submit_line)) {
                a->submit = e->time;
                a->submit_line = (long)e->line;
                a->prio = e->prio;
            }
            submitted = true;
            run = -1;
            break;
        case TR_EV_SCHEDULE:
            run = e->time;
            break;
        case TR_EV_FINISH:
            dur = run >= 0 ? e->time - run : -1;
            run = -1;
            break;
        case TR_EV_STOP:
            run = -1;
            break;
        case TR_EV_NOT_TASK:
            a->keep = false;
            continue;
        case TR_EV_NONE: /* updates, and the like: nothing to do with life or time */
            continue;
        }
        last = e->event;
    }
    if (!submitted || last != TR_EV_FINISH || dur < 0) {
        a->keep = false;
        return;
    }
    a->ntasks++;
    a->sum_us += (double)dur;
    double delta = (double)dur - a->run_mean;
    a->run_mean += delta / a->ntasks;
    a->run_m2 += delta * ((double)dur - a->run_mean);
}

/* Aggregate the sorted records into jobs: out->job with arrivals in microseconds (not yet
 * shifted) and, in *seq, the line of each job's first SUBMIT. */
static int aggregate(const struct rec *r, size_t n, struct tr_trace *out, long **seq)
{
    int cap = 0, seqcap = 0;
    size_t i = 0;
    while (i < n) {
        size_t end = i;
        while (end < n && r[end].job == r[i].job)
            end++;
        struct agg a = {.submit = -1, .keep = true};
        for (size_t k = i; k < end;) {
            size_t tend = k;
            while (tend < end && r[tend].task == r[k].task)
                tend++;
            fold_task(r + k, tend - k, &a);
            k = tend;
        }
        i = end;
        double mean = a.ntasks ? a.sum_us / a.ntasks / US_PER_S : 0;
        if (!a.keep || !(mean > 0)) {
            out->skipped++;
            continue;
        }
        /* the sample SD (n − 1) of its task durations; 0 (not given) for one task or all
           durations equal: no shape can be fitted to it */
        double sd = a.ntasks > 1 ? sqrt(a.run_m2 / (a.ntasks - 1)) / US_PER_S : 0;
        struct tr_job j = {.arrival = (double)a.submit, .weight = a.prio,
                           .tasks = {a.ntasks, 0}, .mean = {mean, 0}, .sd = {sd, 0},
                           .cpu = a.req[0], .mem = a.req[1], .cpu_line = a.req_line[0],
                           .mem_line = a.req_line[1]};
        if (tr_push_job(out, &cap, &j))
            return -1;
        if (out->njobs > seqcap) {
            long *p = realloc(*seq, (size_t)cap * sizeof *p);
            if (!p)
                return -1;
            *seq = p;
            seqcap = cap;
        }
        (*seq)[out->njobs - 1] = a.submit_line;
    }
    return 0;
}

int tr_events_read(const char *path, struct tr_layout *lay, struct tr_trace *out, char *err,
                   size_t len)
{
    struct tr_lines lr;
    struct rec *recs = NULL;
    size_t nrec = 0;
    long *seq = NULL;
    if (tr_lines_open(&lr, path, err, len))
        return -1;
    out->cpu_col = lay->field[TR_F_CPU];
    out->mem_col = lay->field[TR_F_MEM];
    if (read_rows(&lr, lay, &recs, &nrec, err, len))
        goto fail;
    if (nrec == 0) {
        tr_error(err, len, "%s: no jobs: the file holds no %s events", path, lay->task);
        goto fail;
    }
    qsort(recs, nrec, sizeof *recs, rec_cmp);
    if (aggregate(recs, nrec, out, &seq)) {
        tr_error(err, len, "%s: out of memory (%d jobs)", path, out->njobs);
        goto fail;
    }
    if (out->njobs == 0) {
        tr_error(err, len,
                 "%s: no jobs: none of the %d %ss in the file is complete (each %shas %s %s "
                 "that does not finish or was not submitted in the file, or events outside the "
                 "trace window; see docs/guide/traces.md)",
                 path, out->skipped, lay->job, lay->not_job,
                 strchr("aeiou", lay->task[0]) ? "an" : "a", lay->task);
        goto fail;
    }
    /* Shift while arrivals are still whole microseconds (exact in a double below 2^53), then
     * convert: arrivals late in the trace keep their last microsecond. */
    double first = out->job[0].arrival;
    for (int k = 1; k < out->njobs; k++)
        if (out->job[k].arrival < first)
            first = out->job[k].arrival;
    for (int k = 0; k < out->njobs; k++)
        out->job[k].arrival = (out->job[k].arrival - first) / US_PER_S;
    if (tr_sort_shift(out->job, seq, out->njobs)) {
        tr_error(err, len, "%s: out of memory sorting %d jobs", path, out->njobs);
        goto fail;
    }
    free(seq);
    free(recs);
    tr_lines_close(&lr);
    return 0;
fail:
    free(seq);
    free(recs);
    tr_lines_close(&lr);
    tr_free(out);
    return -1;
}

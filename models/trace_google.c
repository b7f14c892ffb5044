/* trace_google — jobs derived from the `task_events` table of Google's clusterdata-2011-2
 * trace (Reiss, Wilkes, Hellerstein, "Google cluster-usage traces: format + schema", 2011;
 * layout and rules in docs/traces.md).
 *
 * One pass over the lines keeps a small record (job, task, event, time, priority, line) per
 * row; a job's rows are scattered over the file, so the records are then sorted by (job,
 * task, time, line) and each job is aggregated from its contiguous run: arrival = its earliest
 * SUBMIT, weight = that SUBMIT's priority, one phase of as many tasks as it has, whose mean is
 * the mean over its tasks of FINISH − the SCHEDULE that started that run, and whose SD is the
 * sample SD of those durations (0, not given, for a job of one task). A job is kept only
 * when every task of it was submitted and ends with such a FINISH, and all its events lie
 * inside the trace window; the others are counted in `skipped`.
 *
 * What this is not: the table holds no map/reduce phases (every job gets reduce = 0) and no
 * machine constraints (those are in task_constraints, which is not read). */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/config/text.h"
#include "models/trace_common.h"

enum {
    G_TIME, G_MISSING, G_JOB, G_TASK, G_MACHINE, G_EVENT, G_USER, G_CLASS, G_PRIORITY, G_CPU,
    G_MEMORY, G_DISK, G_DIFFERENT, G_COLS
};

static const char *const col_name[G_COLS] = {
    "timestamp", "missing info", "job ID", "task index", "machine ID", "event type", "user",
    "scheduling class", "priority", "CPU request", "memory request", "disk space request",
    "different-machines restriction",
};

enum {
    EV_SUBMIT, EV_SCHEDULE, EV_EVICT, EV_FAIL, EV_FINISH, EV_KILL, EV_LOST, EV_UPDATE_PENDING,
    EV_UPDATE_RUNNING
};

#define T_BEFORE 0LL        /* the timestamp of events that happened before the trace window */
#define T_AFTER LLONG_MAX   /* 2^63 - 1: of events after its end */
/* clusterdata-2011-2's priorities: google/cluster-data ClusterData2011_2.md, "Priorities in this
 * trace range from 0 to 11 inclusive; ... 0 and 1 are 'free' priorities; 9, 10, and 11 are
 * 'production' priorities; and 12 is a 'monitoring' priority": 0 (lowest) to 12. */
#define PRIORITY_MAX 12
#define US_PER_S 1e6

/* One row, as much of it as the aggregation needs. */
struct rec {
    long long job;    /* job ID */
    long long time;   /* microseconds */
    long line;        /* where it was; orders events at the same microsecond */
    int task;         /* task index within the job */
    signed char event;
    signed char prio; /* priority; -1 when the field was empty */
};

static int rec_cmp(const void *a, const void *b)
{
    const struct rec *x = a, *y = b;
    if (x->job != y->job)
        return x->job < y->job ? -1 : 1;
    if (x->task != y->task)
        return x->task < y->task ? -1 : 1;
    if (x->time != y->time)
        return x->time < y->time ? -1 : 1;
    return (x->line > y->line) - (x->line < y->line);
}

/* Read one row's fields into r. On a bad value returns the column and sets *want to what it
 * should have been; returns -1 when the row is good. Optional columns are not read. */
static int parse_row(char **f, long line, struct rec *r, const char **want)
{
    long long v;
    r->line = line;
    *want = "an integer >= 0 (microseconds)";
    if (!tr_parse_int(f[G_TIME], 0, LLONG_MAX, &v))
        return G_TIME;
    r->time = v;
    *want = "an integer >= 0";
    if (!tr_parse_int(f[G_JOB], 0, LLONG_MAX, &v))
        return G_JOB;
    r->job = v;
    *want = "an integer >= 0 (at most 2147483647)";
    if (!tr_parse_int(f[G_TASK], 0, INT_MAX, &v))
        return G_TASK;
    r->task = (int)v;
    *want = "an integer 0..8 (0 SUBMIT, 1 SCHEDULE, 2 EVICT, 3 FAIL, 4 FINISH, 5 KILL, 6 LOST, "
            "7 UPDATE_PENDING, 8 UPDATE_RUNNING)";
    if (!tr_parse_int(f[G_EVENT], EV_SUBMIT, EV_UPDATE_RUNNING, &v))
        return G_EVENT;
    r->event = (signed char)v;
    r->prio = -1;
    if (f[G_PRIORITY][0] || r->event == EV_SUBMIT) {
        *want = r->event == EV_SUBMIT ? "an integer 0..12 (required on SUBMIT rows)"
                                      : "an integer 0..12, or nothing";
        if (!tr_parse_int(f[G_PRIORITY], 0, PRIORITY_MAX, &v))
            return G_PRIORITY;
        r->prio = (signed char)v;
    }
    return -1;
}

/* Read every row into *recs (*nrec of them). */
static int read_rows(struct tr_lines *lr, struct rec **recs, size_t *nrec, char *err,
                     size_t len)
{
    size_t cap = 0;
    bool failed = false;
    char q[TR_QUOTE_MAX + 4];
    char *s;
    while ((s = tr_lines_next(lr, &failed, err, len))) {
        if (!*s)
            continue;
        char *f[G_COLS];
        int n = text_split(s, ',', f, G_COLS);
        if (n != G_COLS) {
            tr_error(err, len,
                     "%s:%ld: expected %d columns (clusterdata-2011-2 task_events: timestamp, "
                     "missing info, job ID, task index, ..., different-machines restriction), "
                     "got %d",
                     lr->path, lr->line, G_COLS, n);
            return -1;
        }
        struct rec r;
        const char *want;
        int bad = parse_row(f, lr->line, &r, &want);
        if (bad >= 0) {
            tr_error(err, len, "%s:%ld: column '%s': expected %s, got '%s'", lr->path, lr->line,
                     col_name[bad], want, tr_quote(f[bad], q));
            return -1;
        }
        if (*nrec == cap) {
            size_t ncap = cap ? 2 * cap : 4096;
            struct rec *p = realloc(*recs, ncap * sizeof *p);
            if (!p) {
                tr_error(err, len, "%s:%ld: out of memory (%zu task events read)", lr->path,
                         lr->line, *nrec);
                return -1;
            }
            *recs = p;
            cap = ncap;
        }
        (*recs)[(*nrec)++] = r;
    }
    return failed ? -1 : 0;
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
    int last = -1;      /* the last lifecycle (non-UPDATE) event */
    for (size_t i = 0; i < n; i++) {
        const struct rec *e = &r[i];
        if (e->time == T_BEFORE || e->time == T_AFTER) {
            a->keep = false; /* arrival or duration unknown: outside the window */
            continue;
        }
        switch (e->event) {
        case EV_SUBMIT:
            if (a->submit < 0 || e->time < a->submit ||
                (e->time == a->submit && e->line < a->submit_line)) {
                a->submit = e->time;
                a->submit_line = e->line;
                a->prio = e->prio;
            }
            submitted = true;
            run = -1;
            break;
        case EV_SCHEDULE:
            run = e->time;
            break;
        case EV_FINISH:
            dur = run >= 0 ? e->time - run : -1;
            run = -1;
            break;
        case EV_EVICT:
        case EV_FAIL:
        case EV_KILL:
        case EV_LOST:
            run = -1;
            break;
        default: /* UPDATE_PENDING, UPDATE_RUNNING: nothing to do with life or time */
            continue;
        }
        last = e->event;
    }
    if (!submitted || last != EV_FINISH || dur < 0) {
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
                           .tasks = {a.ntasks, 0}, .mean = {mean, 0}, .sd = {sd, 0}};
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

int tr_google_read(const char *path, struct tr_trace *out, char *err, size_t len)
{
    struct tr_lines lr;
    struct rec *recs = NULL;
    size_t nrec = 0;
    long *seq = NULL;
    if (tr_lines_open(&lr, path, err, len))
        return -1;
    if (read_rows(&lr, &recs, &nrec, err, len))
        goto fail;
    if (nrec == 0) {
        tr_error(err, len, "%s: no jobs: the file holds no task events", path);
        goto fail;
    }
    qsort(recs, nrec, sizeof *recs, rec_cmp);
    if (aggregate(recs, nrec, out, &seq)) {
        tr_error(err, len, "%s: out of memory (%d jobs)", path, out->njobs);
        goto fail;
    }
    if (out->njobs == 0) {
        tr_error(err, len,
                 "%s: no jobs: none of the %d jobs in the file is complete (each has a task "
                 "that does not finish or was not submitted in the file, or events outside the "
                 "trace window; see docs/traces.md)",
                 path, out->skipped);
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

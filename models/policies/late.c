/* late — LATE, Longest Approximate Time to End (Zaharia et al., OSDI 2008), a speculator
 * (models/policy.h): alone it runs beside fifo, Hadoop's scheduler in LATE's paper; paired,
 * beside any job scheduler (`fair+late`).
 *
 * Rule (seed 003 §III eqs. 4–5, seed 000 §2.2): a running task's progress rate is
 * PR = PS/T (eq. 4), PS its progress score, T how long it has run; its estimated time to end
 * is (1 − PS)/PR (eq. 5). When a slot is free and fewer than SpeculativeCap (`cap` x S)
 * speculative copies run, LATE launches a copy of the task with the longest time to end among
 * those that run one copy and whose progress rate is below SlowTaskThreshold, the
 * `slow_task` quantile (25th percentile) of the running tasks' progress rates. Free slots
 * only: the scheduler's waiting tasks come first, and copies are never killed — the first to
 * finish wins.
 *
 * Decisions (docs/policies.md):
 *  - PS is the task's best copy's reported progress (pol_task_progress; cl_est_progress:
 *    exact by default, noisy with [cluster] estimate_noise), T the time since its first copy's
 *    launch, as Hadoop measures it. A task none of whose copies has reported progress yet (in
 *    its launch delay, or a reduce copy waiting for its map phase) has no rate: it neither
 *    counts in the quantile nor can be speculated.
 *  - The quantile is the linear interpolation between order statistics (R's and numpy's
 *    default, type 7) of the rates of every running task with a rate — speculated ones
 *    included — over the whole cluster (`scope = 0`, as the paper words the rule: "currently
 *    running tasks"), or over each task's own job (`scope = 1`, as Hadoop implements
 *    speculation per job). "Below" is strict: with four tasks of distinct rates only the
 *    slowest qualifies.
 *  - The cap counts running extra copies (copy number ≥ 1) against `cap` x S: a copy may be
 *    launched while fewer than that run.
 *  - Ties in time to end go to the lowest task index. `min_age` (0: the seeds' description
 *    has no age bar) keeps a task out of the candidates until it has run that long — 60 is
 *    Hadoop's SPECULATIVE_LAG of 60 s (TaskInProgress.java), which LATE's implementation in
 *    Hadoop kept.
 *  - SlowNodeThreshold (do not launch on a node whose total progress is below the 25th
 *    percentile) is left out: the model's slots are identical and a copy's duration is drawn
 *    afresh for every copy, so a slot has no lasting speed for the threshold to detect; it
 *    would refuse slots at random.
 *  - Decisions run whenever slots are free after the scheduler: at every event, and at a
 *    heartbeat every `period` (Hadoop's TaskTracker heartbeat), since rates change between
 *    events. */
#include <math.h>
#include <stdlib.h>

#include "models/cluster.h"
#include "models/policy.h"

enum { LATE_SLOW_TASK, LATE_CAP, LATE_MIN_AGE, LATE_SCOPE, LATE_PERIOD };
enum { LATE_TIMER_BEAT = 1 };

/* A running task with a progress rate. */
struct rated {
    double rate, to_end;
    int task, job;
    bool candidate; /* one copy and old enough */
};

struct late {
    double slow_task, cap, min_age, period;
    int scope;
    struct rated *r; /* [S]: at most one running task per slot */
};

static int late_init(struct cluster *cl, void *st, const double *param)
{
    struct late *l = st;
    l->slow_task = param[LATE_SLOW_TASK];
    l->cap = param[LATE_CAP];
    l->min_age = param[LATE_MIN_AGE];
    l->scope = (int)param[LATE_SCOPE];
    l->period = param[LATE_PERIOD];
    l->r = malloc((size_t)cl->nslots * sizeof *l->r);
    if (!l->r)
        return -1;
    cl_set_timer(cl, l->period, LATE_TIMER_BEAT, 0);
    return 0;
}

static void late_free(void *st)
{
    free(((struct late *)st)->r);
}

/* Rates in scope order: by rate (scope 0), or by job, then rate (scope 1). */
static int by_rate(const void *a, const void *b)
{
    const struct rated *x = a, *y = b;
    return (x->rate > y->rate) - (x->rate < y->rate);
}

static int by_job_rate(const void *a, const void *b)
{
    const struct rated *x = a, *y = b;
    if (x->job != y->job)
        return x->job < y->job ? -1 : 1;
    return by_rate(a, b);
}

/* Longest time to end first, ties to the lowest task. */
static int by_time_to_end(const void *a, const void *b)
{
    const struct rated *x = a, *y = b;
    if (x->to_end != y->to_end)
        return x->to_end > y->to_end ? -1 : 1;
    return (x->task > y->task) - (x->task < y->task);
}

/* The p-quantile of sorted x[0..n), type 7. */
static double quantile(const struct rated *x, int n, double p)
{
    double h = (n - 1) * p;
    int lo = (int)floor(h);
    if (lo + 1 >= n)
        return x[n - 1].rate;
    return x[lo].rate + (h - lo) * (x[lo + 1].rate - x[lo].rate);
}

/* The running tasks with a rate into l->r; returns how many, and the running extra copies. */
static int rate_tasks(const struct cluster *cl, const struct late *l, int *extra)
{
    int n = 0;
    *extra = 0;
    for (int s = 0; s < cl->nslots; s++) {
        int t = cl->slot_task[s];
        if (t < 0)
            continue;
        *extra += cl->slot_copy[s] > 0;
        if (cl->task_head[t] != s)
            continue; /* one visit per task */
        struct pol_progress p = pol_task_progress(cl, t);
        if (isnan(p.rate))
            continue; /* no progress reported yet */
        l->r[n++] = (struct rated){p.rate, p.ttc, t, cl->task_job[t],
                                   cl->task_running[t] == 1 &&
                                       cl->now - cl->task_start[t] >= l->min_age};
    }
    return n;
}

static void late_slot_free(struct cluster *cl, void *st)
{
    struct late *l = st;
    int extra, n = rate_tasks(cl, l, &extra);
    if (n == 0 || !(extra < l->cap * cl->nslots))
        return;
    qsort(l->r, (size_t)n, sizeof *l->r, l->scope ? by_job_rate : by_rate);
    int k = 0; /* candidates below their scope's quantile, to the front */
    for (int i = 0; i < n;) {
        int end = i + 1;
        while (l->scope && end < n && l->r[end].job == l->r[i].job)
            end++;
        if (!l->scope)
            end = n;
        double q = quantile(l->r + i, end - i, l->slow_task);
        for (int j = i; j < end; j++)
            if (l->r[j].candidate && l->r[j].rate < q)
                l->r[k++] = l->r[j];
        i = end;
    }
    qsort(l->r, (size_t)k, sizeof *l->r, by_time_to_end);
    for (int i = 0; i < k && cl->nfree > 0 && extra < l->cap * cl->nslots; i++, extra++)
        cl_launch_copy(cl, l->r[i].task, 0.0);
}

/* The heartbeat only wakes the decisions up: the event loop lets the policy decide after it. */
static void late_timer(struct cluster *cl, void *st, int tag, int32_t arg)
{
    (void)tag;
    (void)arg;
    const struct late *l = st;
    if (cl->ndone < cl->njobs)
        cl_set_timer(cl, pol_next_beat(cl, l->period), LATE_TIMER_BEAT, 0);
}

static const struct pol_param late_params[] = {
    [LATE_SLOW_TASK] = {"slow_task", 0.25, 0, 1, false,
                        "SlowTaskThreshold: a task is speculated only when its progress rate is "
                        "below this quantile of the running tasks' (LATE: 25th percentile)"},
    [LATE_CAP] = {"cap", 0.1, 0, 1, false,
                  "SpeculativeCap: at most this share of the slots run speculative copies "
                  "(LATE: 10 %)"},
    [LATE_MIN_AGE] = {"min_age", 0, 0, 1e300, false,
                      "a task is a candidate once it has run this long (seeds' LATE: none; "
                      "Hadoop's SPECULATIVE_LAG: 60 s)",
                      .kind = POL_TIME},
    [LATE_SCOPE] = {"scope", 0, 0, 1, true,
                    "the quantile over 0 all running tasks (LATE's paper), 1 each job's own "
                    "(Hadoop's per-job speculation)"},
    [LATE_PERIOD] = {"period", 1, 1e-9, 1e300, false,
                     "heartbeat between speculation decisions when no event happens",
                     .kind = POL_TIME},
    {0},
};

/* Only a task that has run min_age can be speculated. */
static struct pol_gate late_gate(const struct cl_spec *spec, const double *param)
{
    if (!(param[LATE_MIN_AGE] > 0))
        return (struct pol_gate){-1, 0.0, 0.0, NULL};
    return (struct pol_gate){LATE_MIN_AGE, param[LATE_MIN_AGE] - spec->launch_delay, 0.0,
                             "LATE speculates only a task that has run min_age"};
}

const struct policy pol_late = {
    .name = "late",
    .summary = "LATE: copy the slow task (rate < 25th pct) with the longest time to end, cap 10 %",
    .source = "Zaharia et al. OSDI 2008, as seed 003 §III eqs. 4-5 and seed 000 §2.2 describe it",
    .params = late_params,
    .state_size = sizeof(struct late),
    .gate = late_gate,
    .init = late_init,
    .on_slot_free = late_slot_free,
    .on_timer = late_timer,
    .free = late_free,
    .heartbeat = "period",
    .memory = {0, sizeof(struct rated), 0},
    .events_per_second = 1.3e6,
    .role = POL_SPECULATOR,
};

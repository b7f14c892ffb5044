/* mantri — Mantri's speculative copies (Ananthanarayanan et al., OSDI 2010), as the seeds
 * use it as their baseline.
 *
 * Rule (seed 000 §6 and §2.2, seed 002 §VI-A): once a slot becomes available, a copy of a
 * running task is launched when P(t_rem > t_new·(c+1)/c) > δ, where t_rem is the task's
 * remaining time, t_new the duration of a new copy and c the copies now running. Seed 004 §I
 * adds the limits: at most 3 extra attempts per task, and a periodic check that leaves only
 * the attempt with the best progress running.
 *
 * Decisions (docs/policies.md):
 *  - Estimates come from progress reports, sent every Δ = report_interval (Mantri's
 *    "period of progress reports"). A copy has no estimate before its first report, Δ after
 *    it starts; from then on its remaining time is the estimate (cl_est_end), exact by
 *    default (seed 000 Remark 4: both its algorithm and Mantri estimate perfectly) and
 *    noisy with [cluster] estimate_noise. A task's t_rem is the least remaining time
 *    among its copies that have reported; a task none of whose copies has reported is not
 *    considered. t_new ~ F, the job's task-time distribution, which the scheduler knows, so
 *    the test is F(t_rem·c/(c+1)) > δ, evaluated exactly. δ = 0.25 is Mantri's published
 *    value. Decisions are taken whenever slots are free: at every event, and at the report
 *    heartbeat every Δ.
 *  - When several tasks qualify, the copy goes to the task with the largest probability
 *    (for jobs alike, the largest t_rem·c/(c+1)); ties to the lowest task index. Waiting tasks get a slot only
 *    when no running task qualifies (Mantri evaluates duplicates first when a slot frees).
 *    spare_only = 1 gives seed 004 §I's variant instead: copies only when no task waits.
 *  - The periodic check runs at every heartbeat: a task whose attempts have all reported
 *    keeps only the one that will finish first (Mantri keeps "the fastest"; raw progress
 *    scores are not comparable between attempts started at different times — a copy
 *    launched a moment ago always has the lower score and would be killed before it could
 *    help).
 *  - Mantri's kill-and-restart action and its network-aware placement are out of scope: the
 *    seeds compare against the duplicate rule only. Waiting tasks start in FIFO order. */
#include <math.h>

#include "models/cluster.h"
#include "models/policy.h"

enum { MANTRI_DELTA, MANTRI_MAX_EXTRA, MANTRI_REPORT, MANTRI_SPARE_ONLY };
enum { MANTRI_TIMER_CHECK = 1 };

struct mantri {
    double delta;          /* δ */
    int max_extra;         /* extra attempts allowed per task */
    double report;         /* Δ: progress-report period */
    int spare_only;        /* copies only when no task is waiting */
};

static int mantri_init(struct cluster *cl, void *st, const double *param)
{
    struct mantri *m = st;
    m->delta = param[MANTRI_DELTA];
    m->max_extra = (int)param[MANTRI_MAX_EXTRA];
    m->report = param[MANTRI_REPORT];
    m->spare_only = param[MANTRI_SPARE_ONLY] != 0;
    cl_set_timer(cl, m->report, MANTRI_TIMER_CHECK, 0);
    return 0;
}

/* A copy's first report with an estimate is due Δ after its launch, and not before it starts
 * processing (computed the same way everywhere, so that the report time and the test agree
 * to the last bit). */
static double report_due(const struct cluster *cl, const struct mantri *m, int slot)
{
    return fmax(cl->slot_start[slot] + m->report, cl->slot_proc[slot]);
}

/* Reported: its first report is in, and it carries an estimate (not during a launch delay
 * longer than Δ). */
static bool reported(const struct cluster *cl, const struct mantri *m, int slot)
{
    return cl->now >= report_due(cl, m, slot) && !isnan(cl_est_end(cl, slot));
}

/* The running task that most deserves a copy, or -1 if none passes the test: the largest
 * P(t_new < t_rem·c/(c+1)), with t_new ~ the task's own job's (and phase's) scaled F. Each
 * task is visited once, from the head of its copy list. (O(S) per scan; see
 * docs/performance.md.) */
static int mantri_candidate(const struct cluster *cl, const struct mantri *m)
{
    int best = -1;
    double best_x = -1.0;
    for (int s = 0; s < cl->nslots; s++) {
        int t = cl->slot_task[s];
        if (t < 0 || cl->task_head[t] != s || cl->task_copies[t] - 1 >= m->max_extra)
            continue;
        double rem = INFINITY;
        for (int x = s; x >= 0; x = cl->slot_next[x])
            if (reported(cl, m, x))
                rem = fmin(rem, cl_est_end(cl, x) - cl->now);
        if (rem == INFINITY)
            continue; /* no estimate yet */
        double c = cl->task_running[t];
        const struct cl_job *j = &cl->job[cl->task_job[t]];
        double x = rem * c / (c + 1.0) / j->scale[cl_task_phase(cl, t)];
        double score = dist_cdf(&cl->spec->task_time, x);
        if (score > best_x || (score == best_x && t < best)) {
            best_x = score;
            best = t;
        }
    }
    return best >= 0 && best_x > m->delta ? best : -1;
}

/* A free slot goes to a copy of the best qualifying task, else to the oldest waiting task. */
static void mantri_slot_free(struct cluster *cl, void *st)
{
    struct mantri *m = st;
    while (cl->nfree > 0) {
        int t = -1;
        if (!(m->spare_only && cl->pend_head >= 0))
            t = mantri_candidate(cl, m);
        if (t >= 0)
            cl_launch_copy(cl, t, 0.0);
        else if (cl->pend_head >= 0)
            cl_start_next_task(cl, cl->pend_head, 1);
        else
            break;
    }
}

/* The heartbeat: every task whose attempts have all reported keeps the one that finishes
 * first; then, slots being free or not, the event loop lets the policy decide. */
static void mantri_timer(struct cluster *cl, void *st, int tag, int32_t arg)
{
    (void)tag;
    (void)arg;
    const struct mantri *m = st;
    for (int s = 0; s < cl->nslots; s++) {
        int t = cl->slot_task[s];
        if (t < 0 || cl->task_head[t] != s || cl->task_running[t] < 2)
            continue;
        bool all = true;
        for (int x = s; x >= 0 && all; x = cl->slot_next[x])
            all = reported(cl, m, x);
        if (all)
            cl_kill_all_but(cl, t, pol_best_copy(cl, t, pol_key_earliest_end));
    }
    if (cl->ndone < cl->njobs)
        cl_set_timer(cl, cl->now + m->report, MANTRI_TIMER_CHECK, 0);
}

static const struct pol_param mantri_params[] = {
    [MANTRI_DELTA] = {"delta", 0.25, 0, 1, false,
                      "copy when P(t_rem > t_new (c+1)/c) exceeds this (Mantri: 0.25)"},
    [MANTRI_MAX_EXTRA] = {"max_extra", 3, 0, RNG_MAX_COPIES - 1, true,
                          "extra attempts allowed per task (seed 004 §I: 3)"},
    [MANTRI_REPORT] = {"report_interval", 1.0, 1e-9, 1e300, false,
                       "progress-report period: a copy's estimate exists from its first report; "
                       "at each report, all but the fastest attempt are killed"},
    [MANTRI_SPARE_ONLY] = {"spare_only", 0, 0, 1, true,
                           "1: copy only when no task is waiting (seed 004 §I reading)"},
    {0},
};

const struct policy pol_mantri = {
    .name = "mantri",
    .summary = "Mantri: copy when P(t_rem > t_new (c+1)/c) > delta, <= 3 extra, keep fastest",
    .source = "seed 000 §6, seed 002 §VI-A, seed 004 §I",
    .params = mantri_params,
    .state_size = sizeof(struct mantri),
    .init = mantri_init,
    .on_slot_free = mantri_slot_free,
    .on_timer = mantri_timer,
};

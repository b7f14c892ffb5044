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
 *  - t_rem is exact (seed 000 Remark 4: both its algorithm and Mantri estimate perfectly);
 *    t_new ~ F, the job's task-time distribution, which the scheduler knows. So the test is
 *    F(t_rem·c/(c+1)) > δ, evaluated exactly. δ = 0.25 is Mantri's published value.
 *  - When several tasks qualify, the copy goes to the task with the largest probability
 *    (largest t_rem·c/(c+1)); ties to the lowest task index. Waiting tasks get a slot only when
 *    no running task qualifies (Mantri evaluates duplicates first when a slot frees). Setting
 *    spare_only = 1 gives seed 004 §I's variant instead: copies only when no task waits.
 *  - "Best progress" at the periodic check is the attempt that will finish first (smallest
 *    remaining time; Mantri keeps "the fastest" copy). Raw progress scores are not
 *    comparable between attempts started at different times: a copy launched a moment ago
 *    always has the lower score and would be killed before it could help.
 *  - The check runs every check_interval time units on the global clock.
 *  - Mantri's kill-and-restart action and its network-aware placement are out of scope: the
 *    seeds compare against the duplicate rule only. Waiting tasks start in FIFO order. */
#include <math.h>

#include "models/cluster.h"
#include "models/policy.h"

enum { MANTRI_DELTA, MANTRI_MAX_EXTRA, MANTRI_CHECK, MANTRI_SPARE_ONLY };
enum { MANTRI_TIMER_CHECK = 1 };

struct mantri {
    double delta;          /* δ */
    int max_extra;         /* extra attempts allowed per task */
    double check_interval; /* period of the keep-the-best check */
    int spare_only;        /* copies only when no task is waiting */
};

static int mantri_init(struct cluster *cl, void *st, const double *param)
{
    struct mantri *m = st;
    m->delta = param[MANTRI_DELTA];
    m->max_extra = (int)param[MANTRI_MAX_EXTRA];
    m->check_interval = param[MANTRI_CHECK];
    m->spare_only = param[MANTRI_SPARE_ONLY] != 0;
    cl_set_timer(cl, m->check_interval, MANTRI_TIMER_CHECK, 0);
    return 0;
}

/* The running task that most deserves a copy, or -1 if none passes the test. F is
 * increasing, so the largest P(t_new < t_rem·c/(c+1)) belongs to the largest argument. */
static int mantri_candidate(const struct cluster *cl, const struct mantri *m)
{
    int best = -1;
    double best_x = -1.0;
    for (int s = 0; s < cl->nslots; s++) {
        int t = cl->slot_task[s];
        if (t < 0 || cl->task_copies[t] - 1 >= m->max_extra)
            continue;
        double c = cl->task_running[t];
        double x = (cl->task_end[t] - cl->now) * c / (c + 1.0);
        if (x > best_x || (x == best_x && t < best)) {
            best_x = x;
            best = t;
        }
    }
    if (best >= 0 && dist_cdf(&cl->spec->task_time, best_x) > m->delta)
        return best;
    return -1;
}

static void mantri_slot_free(struct cluster *cl, void *st)
{
    const struct mantri *m = st;
    while (cl->nfree > 0) {
        int t = (m->spare_only && cl->pend_head >= 0) ? -1 : mantri_candidate(cl, m);
        if (t >= 0)
            cl_launch_copy(cl, t, 0.0);
        else if (cl->pend_head >= 0)
            cl_start_next_task(cl, cl->pend_head, 1);
        else
            break;
    }
}

/* Periodic check: every task with several attempts keeps the one that finishes first. */
static void mantri_timer(struct cluster *cl, void *st, int tag, int32_t arg)
{
    (void)tag;
    (void)arg;
    const struct mantri *m = st;
    for (int s = 0; s < cl->nslots; s++) {
        int t = cl->slot_task[s];
        if (t < 0 || cl->task_running[t] < 2)
            continue;
        int keep = -1;
        for (int x = cl->task_head[t]; x >= 0; x = cl->slot_next[x])
            if (keep < 0 || cl->slot_end[x] < cl->slot_end[keep] ||
                (cl->slot_end[x] == cl->slot_end[keep] && cl->slot_copy[x] < cl->slot_copy[keep]))
                keep = x;
        cl_kill_all_but(cl, t, keep);
    }
    if (cl->ndone < cl->njobs)
        cl_set_timer(cl, cl->now + m->check_interval, MANTRI_TIMER_CHECK, 0);
}

static const struct pol_param mantri_params[] = {
    [MANTRI_DELTA] = {"delta", 0.25, 0, 1, false,
                      "copy when P(t_rem > t_new (c+1)/c) exceeds this (Mantri: 0.25)"},
    [MANTRI_MAX_EXTRA] = {"max_extra", 3, 0, RNG_MAX_COPIES - 1, true,
                          "extra attempts allowed per task (seed 004 §I: 3)"},
    [MANTRI_CHECK] = {"check_interval", 1.0, 1e-9, 1e300, false,
                      "period of the check that keeps only the fastest attempt"},
    [MANTRI_SPARE_ONLY] = {"spare_only", 0, 0, 1, true,
                           "1: copy only when no task is waiting (seed 004 §I reading)"},
    {NULL, 0, 0, 0, false, NULL},
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

/* s-restart — Chronos Speculative-Restart (seed 004 §III and §VI-B1).
 *
 * "One attempt (original) of each task is launched at the beginning. At time τ_est, the task
 * attempt completion time is estimated, and if it exceeds D, r extra attempts are launched
 * that start processing data from the beginning. At time τ_kill, the progress scores of all
 * r+1 attempts are checked, and the attempt with the smallest estimated completion time is
 * left running, while the other r attempts are killed."
 *
 * Decisions (docs/policies.md): tasks start in FIFO order; τ_est and τ_kill are measured from
 * the task's launch (the paper's times are relative to a job whose tasks all start at 0), and
 * D is the job's absolute deadline a_i + D. The estimate is the cluster's (cl_est_end: exact
 * unless a launch delay, the hadoop estimator or noise is configured); a copy with no
 * estimate yet is not speculated on. Extra attempts take free slots before waiting tasks, as
 * many as there are (the paper assumes enough). Copy k >= 1 is the k-th extra attempt, so it
 * draws the same duration as Clone's and S-Resume's copy k (common random numbers). */
#include <math.h>

#include "analysis/chronos.h"
#include "models/cluster.h"
#include "models/policy.h"

enum { SR_R, SR_TAU_EST, SR_TAU_KILL, SR_CORRECTED };
enum { SR_TIMER_EST = 1, SR_TIMER_KILL };

struct s_restart {
    int r;           /* extra attempts per straggler */
    double tau_est;  /* detection time after launch */
    double tau_kill; /* keep-the-best time after launch */
};

static bool s_restart_check(const struct cl_spec *spec, const double *param, char *msg,
                            size_t len)
{
    return pol_check_detection(spec, param[SR_TAU_EST], param[SR_TAU_KILL], msg, len) &&
           pol_check_auto(spec, param[SR_R], msg, len);
}

/* r = auto: Algorithm 1, once per scenario. */
static void s_restart_resolve(const struct cl_spec *spec, double *param)
{
    pol_chronos_resolve_r(spec, CH_RESTART, &param[SR_R],
                          param[SR_TAU_EST], param[SR_TAU_KILL], param[SR_CORRECTED]);
}

static int s_restart_init(struct cluster *cl, void *st, const double *param)
{
    (void)cl;
    struct s_restart *p = st;
    p->r = (int)param[SR_R];
    p->tau_est = param[SR_TAU_EST];
    p->tau_kill = param[SR_TAU_KILL];
    return 0;
}

static void s_restart_slot_free(struct cluster *cl, void *st)
{
    const struct s_restart *p = st;
    while (cl->nfree > 0 && cl->pend_head >= 0) {
        int task = cl_start_next_task(cl, cl->pend_head, 1);
        cl_set_timer(cl, cl->now + p->tau_est, SR_TIMER_EST, task);
    }
}

static void s_restart_timer(struct cluster *cl, void *st, int tag, int32_t task)
{
    const struct s_restart *p = st;
    if (cl->task_running[task] == 0)
        return; /* finished */
    if (tag == SR_TIMER_KILL) {
        if (cl->task_running[task] > 1)
            cl_kill_all_but(cl, task, pol_best_copy(cl, task, pol_key_earliest_end));
        return;
    }
    double est = cl_est_end(cl, cl->task_head[task]);
    double deadline = cl->job[cl->task_job[task]].deadline;
    if (!(est > deadline))
        return; /* on time, or no estimate yet */
    int launched = 0;
    for (; launched < p->r && cl->nfree > 0; launched++)
        cl_launch_copy(cl, task, 0.0);
    if (launched > 0)
        cl_set_timer(cl, cl->task_start[task] + p->tau_kill, SR_TIMER_KILL, task);
}

static const struct pol_param s_restart_params[] = {
    [SR_R] = {"r", 1, 0, RNG_MAX_COPIES - 1, true,
              "extra attempts launched for a straggler; auto: Algorithm 1", true},
    [SR_TAU_EST] = {"tau_est", 0.3, 0, 1e300, false,
                    "time after launch when stragglers are detected (Table I: 0.3 tmin)"},
    [SR_TAU_KILL] = {"tau_kill", 0.8, 0, 1e300, false,
                     "time after launch when all but the attempt estimated to finish first "
                     "are killed (Table I: tau_est + 0.5 tmin)"},
    POL_CHRONOS_CORRECTED_PARAM,
    {0},
};

const struct policy pol_s_restart = {
    .name = "s-restart",
    .summary = "Chronos Speculative-Restart: r extra attempts at tau_est if the estimate "
               "misses the deadline",
    .source = "seed 004 §III (Speculative-Restart), §VI-B1, Theorems 3-4",
    .params = s_restart_params,
    .state_size = sizeof(struct s_restart),
    .check = s_restart_check,
    .resolve = s_restart_resolve,
    .init = s_restart_init,
    .on_slot_free = s_restart_slot_free,
    .on_timer = s_restart_timer,
};

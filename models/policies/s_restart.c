/* s-restart — Chronos Speculative-Restart (seed 004 §III and §VI-B1).
 *
 * "One attempt (original) of each task is launched at the beginning. At time τ_est, the task
 * attempt completion time is estimated, and if it exceeds D, r extra attempts are launched
 * that start processing data from the beginning. At time τ_kill, the progress scores of all
 * r+1 attempts are checked, and the attempt with the smallest estimated completion time is
 * left running, while the other r attempts are killed."
 *
 * Decisions (docs/methods/policies.md): tasks start in FIFO order; τ_est and τ_kill are measured from
 * the task's launch (the paper's times are relative to a job whose tasks all start at 0), and
 * D is the job's absolute deadline a_i + D. The estimate is the cluster's (cl_est_end: exact
 * unless a launch delay, the hadoop estimator or noise is configured); a copy with no
 * estimate yet is not speculated on. Extra attempts take free slots before waiting tasks, as
 * many as there are (the paper assumes enough). Copy k >= 1 is the k-th extra attempt, so it
 * draws the same duration as Clone's and S-Resume's copy k (common random numbers). */
#include <math.h>

#include "models/theory/chronos.h"
#include "models/cluster.h"
#include "models/policies/kit.h"

/* r = auto: Algorithm 1 for the job. */
static void s_restart_arrival(struct cluster *cl, void *st, int job)
{
    const struct pol_detect *p = st;
    pol_chronos_r_arrival(cl, &p->r, job, CH_RESTART, p->tau_est, p->tau_kill);
}

/* At τ_est a straggler gets r extra attempts from the beginning; at τ_kill the best stays. */
static void s_restart_timer(struct cluster *cl, void *st, int tag, int32_t task)
{
    const struct pol_detect *p = st;
    if (cl->task_running[task] == 0)
        return; /* finished */
    if (tag == POL_DETECT_TIMER_KILL) {
        pol_detect_keep_best(cl, task);
        return;
    }
    if (!pol_detect_straggler(cl, p, task))
        return; /* on time, or no estimate yet */
    int launched = 0, r = pol_chronos_r_of(cl, &p->r, task);
    for (; launched < r && cl_fits(cl, cl->task_job[task]); launched++)
        cl_launch_copy(cl, task, 0.0);
    if (launched > 0)
        cl_set_timer(cl, pol_chronos_origin(cl, &p->r, task) + p->tau_kill,
                     POL_DETECT_TIMER_KILL, task);
}

static const struct pol_param s_restart_params[] = {
    [POL_DETECT_R] = {.key = "r", .def = 1, .min = 0, .max = RNG_MAX_COPIES - 1, .integer = true,
                      .doc = "extra attempts launched for a straggler; auto: Algorithm 1 for "
                             "each job",
                      .allow_auto = true, .auto_per_job = true},
    POL_DETECT_TIME_PARAMS,
    POL_CHRONOS_AUTO_PARAMS,
    {0},
};

const struct policy pol_s_restart = {
    .name = "s-restart",
    .summary = "Chronos Speculative-Restart: r extra attempts at tau_est if the estimate "
               "misses the deadline",
    .source = "seed 004 §III (Speculative-Restart), §VI-B1, Theorems 3-4",
    .params = s_restart_params,
    .state_size = sizeof(struct pol_detect),
    .check = pol_detect_check,
    .gate = pol_detect_gate,
    .tail = pol_detect_tail,
    .init = pol_detect_init,
    .on_arrival = s_restart_arrival,
    .on_slot_free = pol_detect_slot_free,
    .on_timer = s_restart_timer,
    .on_copy_done = pol_detect_copy_done,
    .events_per_second = 1.5e7,
    .memory = {0, 144, 0},
};

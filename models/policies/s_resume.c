/* s-resume — Chronos Speculative-Resume (seed 004 §III and §VI-B2).
 *
 * "The detected straggler is killed and r+1 attempts are launched for the straggling task.
 * These attempts, however, do not reprocess the data that has already been processed by the
 * original attempt, and start processing the data after the last byte offset when the
 * straggler is detected. At time τ_kill, the progress scores of all attempts are checked, and
 * the attempt with the smallest estimated completion time is left running while the other r
 * attempts are killed."
 *
 * Decisions (docs/methods/policies.md), besides those of s-restart (timing from the task's launch,
 * the job's absolute deadline, estimates from the cluster, FIFO dispatch, extras before
 * waiting tasks, copy k draws the k-th extra duration):
 *  - The offset is the data actually processed (the AM records byte offsets), not the
 *    estimate: a new attempt needs (1 − φ)·T_new.
 *  - With a launch delay L the new attempts resume from where the original will be when they
 *    start processing, φ(τ_est + L) — seed 004 eq. 33's b_extra, exact for linear progress —
 *    and the original keeps running until then, when it is killed ("the original and
 *    speculative attempts switch seamlessly"). With L = 0 it is killed at τ_est. If the
 *    original would finish during the start-up, nothing is launched.
 *  - If fewer than r + 1 slots are free, as many attempts as there are slots (at least the
 *    original's own slot when L = 0). */
#include <math.h>

#include "models/theory/chronos.h"
#include "models/cluster.h"
#include "models/policies/kit.h"

/* r = auto: Algorithm 1 for the job. */
static void s_resume_arrival(struct cluster *cl, void *st, int job)
{
    const struct pol_detect *p = st;
    pol_chronos_r_arrival(cl, &p->r, job, CH_RESUME, p->tau_est, p->tau_kill);
}

/* The slot of a task's original attempt (copy 0), or -1 if it no longer runs. */
static int original_slot(const struct cluster *cl, int task)
{
    for (int s = cl->task_head[task]; s >= 0; s = cl->slot_next[s])
        if (cl->slot_copy[s] == 0)
            return s;
    return -1;
}

/* Progress the copy on a slot will have made by time t (true data processed). */
static double progress_at(const struct cluster *cl, int slot, double t)
{
    double work = cl->slot_end[slot] - cl->slot_proc[slot];
    double frac = fmin(1.0, fmax(0.0, (t - cl->slot_proc[slot]) / work));
    return cl->slot_offset[slot] + (1.0 - cl->slot_offset[slot]) * frac;
}

static void detect(struct cluster *cl, const struct pol_detect *p, int task)
{
    int orig = cl->task_head[task];
    if (!pol_detect_straggler(cl, p, task))
        return; /* on time, or no estimate yet */
    double delay = cl->spec->launch_delay;
    double offset = progress_at(cl, orig, cl->now + delay);
    if (offset >= 1.0)
        return; /* it finishes during the new attempts' start-up */
    if (delay == 0)
        cl_kill(cl, orig); /* its slot is one of the r + 1 */
    int launched = 0, r = pol_chronos_r_of(cl, &p->r, task);
    for (; launched < r + 1 && cl_fits(cl, cl->task_job[task]); launched++)
        cl_launch_copy(cl, task, offset);
    if (launched == 0)
        return; /* no slot: the original runs on */
    if (delay > 0)
        cl_set_timer(cl, cl->now + delay, POL_DETECT_TIMER_SWITCH, task);
    cl_set_timer(cl, pol_chronos_origin(cl, &p->r, task) + p->tau_kill, POL_DETECT_TIMER_KILL,
                 task);
}

static void s_resume_timer(struct cluster *cl, void *st, int tag, int32_t task)
{
    const struct pol_detect *p = st;
    if (cl->task_running[task] == 0)
        return; /* finished */
    if (tag == POL_DETECT_TIMER_EST) {
        detect(cl, p, task);
    } else if (tag == POL_DETECT_TIMER_SWITCH) {
        int orig = original_slot(cl, task);
        if (orig >= 0 && cl->task_running[task] > 1)
            cl_kill(cl, orig);
    } else {
        pol_detect_keep_best(cl, task);
    }
}

static const struct pol_param s_resume_params[] = {
    [POL_DETECT_R] = {.key = "r", .def = 1, .min = 0, .max = RNG_MAX_COPIES - 2, .integer = true,
                      .doc = "a straggler is replaced by r + 1 attempts resuming from its "
                             "offset; auto: Algorithm 1 for each job",
                      .allow_auto = true, .auto_per_job = true},
    POL_DETECT_TIME_PARAMS,
    POL_CHRONOS_AUTO_PARAMS,
    {0},
};

const struct policy pol_s_resume = {
    .name = "s-resume",
    .summary = "Chronos Speculative-Resume: a straggler at tau_est is replaced by r+1 "
               "attempts resuming from its offset",
    .source = "seed 004 §III (Speculative-Resume), §VI-B2 eq. 33, Theorems 5-6",
    .params = s_resume_params,
    .state_size = sizeof(struct pol_detect),
    .check = pol_detect_check,
    .gate = pol_detect_gate,
    .tail = pol_detect_tail,
    .init = pol_detect_init,
    .on_arrival = s_resume_arrival,
    .on_slot_free = pol_detect_slot_free,
    .on_timer = s_resume_timer,
    .on_copy_done = pol_detect_copy_done,
    .events_per_second = 1.6e7,
    .memory = {0, 144, 0},
};

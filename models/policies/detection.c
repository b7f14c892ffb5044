/* detection — what Chronos Speculative-Restart and Speculative-Resume share (seed 004 §III):
 * one attempt per task, a check at τ_est of whether its estimated completion misses the job's
 * deadline, and at τ_kill the attempt estimated to finish first kept. What each does with a
 * straggler is in s_restart.c and s_resume.c; docs/methods/policies.md gives the decisions. */
#include <math.h>
#include <stdio.h>

#include "models/cluster.h"
#include "models/policies/kit.h"
#include "models/workload.h"

bool pol_detect_check(const struct cl_spec *spec, const double *param, char *msg, size_t len)
{
    double tau_est = param[POL_DETECT_TAU_EST], tau_kill = param[POL_DETECT_TAU_KILL];
    if (!wl_deadlines(spec)) {
        snprintf(msg, len, "needs workload.deadline, or a trace's deadline for every job (it "
                 "speculates on tasks that would miss it)");
        return false;
    }
    /* A copy has no estimate until it starts processing, launch_delay after its launch
       (models/estimate.c): at τ_est the original would have none, so nothing is detected;
       at τ_kill the new attempts would have none, and s-restart never keeps one while
       s-resume keeps one that nothing distinguishes. */
    double delay = spec->launch_delay;
    if (!(tau_est > delay)) {
        snprintf(msg, len, "needs tau_est (%g) > cluster.launch_delay (%g): a copy has no "
                 "estimate before it starts processing, so at tau_est no straggler could be "
                 "detected", tau_est, delay);
        return false;
    }
    if (!(tau_kill > tau_est + delay)) { /* summed as the timers are */
        snprintf(msg, len, "needs tau_kill (%g) > tau_est + cluster.launch_delay (%g + %g): the "
                 "attempts launched at tau_est have no estimate until they start processing, "
                 "so at tau_kill none could be kept on its merits", tau_kill, tau_est, delay);
        return false;
    }
    return pol_check_auto(spec, param[POL_DETECT_R], &param[POL_DETECT_CORRECTED], msg, len);
}

struct pol_gate pol_detect_gate(const struct cl_spec *spec, const double *param)
{
    return (struct pol_gate){POL_DETECT_TAU_EST, param[POL_DETECT_TAU_EST] - spec->launch_delay,
                             0.0, "only a task still running tau_est after its launch can be "
                                  "detected"};
}

int pol_detect_init(struct cluster *cl, void *st, const double *param)
{
    struct pol_detect *p = st;
    pol_chronos_r_init(&p->r, cl->spec, param[POL_DETECT_R], &param[POL_DETECT_CORRECTED]);
    p->tau_est = param[POL_DETECT_TAU_EST];
    p->tau_kill = param[POL_DETECT_TAU_KILL];
    return 0;
}

void pol_detect_slot_free(struct cluster *cl, void *st)
{
    const struct pol_detect *p = st;
    for (int job; (job = pol_fifo_next(cl)) >= 0;) {
        int task = cl_start_next_task(cl, job, 1);
        if (!pol_chronos_waits(cl, &p->r, task))
            cl_set_timer(cl, cl->now + p->tau_est, POL_DETECT_TIMER_EST, task);
    }
}

void pol_detect_copy_done(struct cluster *cl, void *st, int task)
{
    const struct pol_detect *p = st;
    pol_chronos_stage_timers(cl, &p->r, task, p->tau_est, POL_DETECT_TIMER_EST, 1);
}

bool pol_detect_straggler(const struct cluster *cl, const struct pol_detect *p, int task)
{
    double est = cl_est_end(cl, cl->task_head[task]);
    return est > pol_chronos_deadline(cl, &p->r, task); /* false for NaN: no estimate yet */
}

void pol_detect_keep_best(struct cluster *cl, int task)
{
    if (cl->task_running[task] > 1)
        cl_kill_all_but(cl, task, pol_best_copy(cl, task, pol_key_earliest_end));
}

struct pol_tail pol_detect_tail(const struct cl_spec *spec, const double *param)
{
    double r = param[POL_DETECT_R];
    int most = isnan(r) ? 1 + POL_CHOICE_MAX : (int)r + 1; /* r extra, or r + 1 resumed */
    if (isnan(r) || !pol_estimates_exact(spec))
        return (struct pol_tail){0, POL_TAIL_NEVER, most};
    return (struct pol_tail){(int)r, POL_TAIL_IF_ROOM, most};
}

bool pol_estimates_exact(const struct cl_spec *spec)
{
    return spec->estimator == EST_CHRONOS && spec->estimate_noise == 0;
}

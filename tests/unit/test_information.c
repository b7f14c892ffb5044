/* What a policy knows about a running copy (one information model, docs/methods/policies.md):
 * size-based schedulers rank jobs by the remaining work the copies' progress reports show
 * (cl_job_remaining_work, models/estimate.c), the same estimate speculation policies see, and
 * never by a copy's true end — unless estimates are exact, where the two are equal. */
#include <criterion/criterion.h>
#include <math.h>

#include "models/workload.h"
#include "scenario.h"

#define EPS 1e-12

static double param[POL_MAX_PARAMS];

/* Two one-phase jobs given by a "trace": A of 2 tasks with mean 1, B of 2 with mean 1.5. */
static struct tr_job two_jobs[] = {{0.0, 1.0, {2, 0}, {1.0, 0.0}, {0, 0}},
                                   {0.0, 1.0, {2, 0}, {1.5, 0.0}, {0, 0}}};
static struct tr_trace two = {two_jobs, 2, 0};

/* Under estimation noise the remaining work of a running task is its estimated end − now
 * (est = p + wε for Chronos's estimator), not its true end − now. */
Test(information, remaining_work_is_the_estimate_under_noise)
{
    struct cl_spec sp = sc_trace_spec(4, &two);
    sp.estimate_noise = 0.8;
    struct cluster cl = {0};
    cr_assert_eq(wl_reset(&cl, &sp, 7, 3), 0);
    cl_arrive(&cl, 0);
    int s = cl.task_head[cl_start_next_task(&cl, 0, 1)];
    cl_advance(&cl, 0.25);
    double est = cl_est_end(&cl, s), truth = cl.slot_end[s];
    cr_assert(fabs(est - truth) > 1e-3, "the noise moves the estimate (ε = %g)", cl.slot_noise[s]);
    double want = fmax(est - 0.25, 0.0) + 1.0; /* + one unstarted task of mean 1 */
    cr_assert_float_eq(cl_job_remaining_work(&cl, 0), want, EPS);
    cl_free(&cl);
}

/* During a copy's launch delay it has reported nothing: its task counts at its phase's mean,
 * as a task not started; from its first progress, at its estimated remaining time. */
Test(information, no_report_counts_the_phase_mean)
{
    struct cl_spec sp = sc_trace_spec(4, &two);
    sp.launch_delay = 0.5;
    struct cluster cl = {0};
    cr_assert_eq(wl_reset(&cl, &sp, 7, 3), 0);
    cl_arrive(&cl, 0);
    cl_arrive(&cl, 1);
    cl_start_next_task(&cl, 1, 1); /* B's first task: deterministic, 1.5 */
    cl_advance(&cl, 0.25);
    cr_assert_float_eq(cl_job_remaining_work(&cl, 1), 1.5 + 1.5, EPS);
    cl_advance(&cl, 1.0);
    cr_assert_float_eq(cl_job_remaining_work(&cl, 1), (0.5 + 1.5 - 1.0) + 1.5, EPS);
    cl_free(&cl);
}

/* PSRPT at t = 0 with two slots: A (work 2) goes first; its first task truly runs 100, but
 * during the launch delay nobody can know that, so A (still 1 + 1 = 2 < 3) gets the second
 * slot too. Reading the true end would rank A at 101.5 and start B's task instead — which
 * is what happens when the delay is 0 and the estimate is exact. */
static double first_launch_of_b(double delay)
{
    struct cl_spec sp = sc_trace_spec(2, &two);
    sp.launch_delay = delay;
    struct sc_durations d = {.other = 1.0};
    d.d[0][0] = 100.0;
    d.d[2][0] = d.d[3][0] = 1.5;
    double out[M_COUNT];
    int rc;
    sc_params(pol_find("psrpt"), param, NULL, 0);
    struct rep_workspace *ws = sc_run(&sp, "psrpt", param, &d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    double start = rep_cluster(ws)->task_start[2];
    rep_workspace_free(ws);
    return start;
}

Test(information, psrpt_ranks_by_what_it_can_know)
{
    cr_assert_float_eq(first_launch_of_b(0.5), 1.5, EPS, "A's second task took the slot");
    cr_assert_float_eq(first_launch_of_b(0.0), 0.0, EPS, "exact: A is known to be long");
}

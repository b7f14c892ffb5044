/* The rules of `regime` (seed 000 §8, models/policies/regime.c): the arrivals of the last
 * window decide each decision's regime, SCA's below the cut-off and ESE's at or above it, and
 * ESE's detection takes over what SCA launched. Hand-built scenarios as in
 * test_policies_xulau.c; each expected number is worked out in the comment above. */
#include <criterion/criterion.h>
#include <math.h>

#include "models/cutoff.h"
#include "models/workload.h"
#include "scenario.h"

#define EPS 1e-12

static double param[POL_MAX_PARAMS];

/* λ^U of the spec's jobs (the policy's, replica 0 of seed 1 as sc_run runs it). */
static double lambda_u(const struct cl_spec *sp)
{
    struct cluster cl = {0};
    struct cutoff c;
    cr_assert_eq(wl_reset(&cl, sp, 1, 0), 0);
    cr_assert_eq(cutoff_of_jobs(&cl, &c), 0);
    cl_free(&cl);
    return c.cut.lambda_u;
}

/* One-task jobs of mean 1 given by arrival, Pareto(α = 3) the law the cut-off and SCA take
 * (the durations are scripted), on 20 slots deciding every time unit; `regime`'s parameters
 * set so that the window is 2 time units and the heavy regime needs 2 arrivals in it
 * (window = 2λ^U gives W = 2; cutoff = 1.5/window: heavy when count/W >= 1.5λ^U/window,
 * i.e. count >= 1.5). */
static struct cl_spec two_arrivals_heavy(const struct tr_trace *tr, double gamma, double sigma)
{
    struct cl_spec sp = sc_trace_spec(20, tr);
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 3.0};
    sp.interval = 1.0;
    const struct policy *p = pol_find("regime");
    double window = 2 * lambda_u(&sp);
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "window", window);
    sc_params(p, param, "cutoff", 1.5 / window);
    sc_params(p, param, "gamma", gamma);
    sc_params(p, param, "sigma", sigma);
    return sp;
}

/* Arrivals at 0.5, 1.5, 2.5 and 10.5, every copy 0.5 long (done before the next decision).
 * Tick 1: (−1, 1] holds one arrival: light, SCA clones job 0 (P2 with 19 free slots, γ =
 * 0.01: more than one copy). Tick 2: (0, 2] holds two: heavy, ESE launches job 1 with one copy.
 * Tick 3: (1, 3] holds 1.5 and 2.5: heavy, job 2 one copy. Tick 11: (9, 11] holds one:
 * light again, job 3 cloned. */
Test(regime, the_last_window_decides_each_decision)
{
    struct tr_job jobs[] = {{0.5, 1, {1, 0}, {1, 0}, {0, 0}}, {1.5, 1, {1, 0}, {1, 0}, {0, 0}},
                            {2.5, 1, {1, 0}, {1, 0}, {0, 0}}, {10.5, 1, {1, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 4, 0};
    struct cl_spec sp = two_arrivals_heavy(&tr, 0.01, 1.0);
    struct sc_durations d = {.other = 0.5};
    double out[M_COUNT];
    int rc;
    struct rep_workspace *ws = sc_run(&sp, "regime", param, &d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_gt(cl->job[0].copies, 1, "light: SCA clones job 0");
    cr_assert_eq(cl->job[1].copies, 1, "two arrivals in the window: heavy, one copy");
    cr_assert_eq(cl->job[2].copies, 1, "0.5 has left the window, 2.5 has come: still heavy");
    cr_assert_gt(cl->job[3].copies, 1, "one arrival in the window: light again");
    cr_assert_float_eq(cl->task_start[1], 2.0, EPS);
    rep_workspace_free(ws);
}

/* What SCA launched, ESE watches when the heavy regime begins: γ huge, so P2 gives job 0's
 * task one copy at tick 1 (light); it would run 50. Tick 2: arrivals at 1.5 and 1.6 make
 * the regime heavy; the task has 49 left > σ E[X] = 1, a straggler: its duplicate (1 long)
 * ends at 3, and the task with it. Unwatched it would end at 51. */
Test(regime, detection_takes_over_what_sca_launched)
{
    struct tr_job jobs[] = {{0.5, 1, {1, 0}, {1, 0}, {0, 0}}, {1.5, 1, {1, 0}, {1, 0}, {0, 0}},
                            {1.6, 1, {1, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 3, 0};
    struct cl_spec sp = two_arrivals_heavy(&tr, 1e6, 1.0);
    struct sc_durations d = {.other = 0.5};
    d.d[0][0] = 50, d.d[0][1] = 1;
    double out[M_COUNT];
    int rc;
    struct rep_workspace *ws = sc_run(&sp, "regime", param, &d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_float_eq(cl->task_start[0], 1.0, EPS);
    cr_assert_eq(cl->task_copies[0], 2, "one copy from SCA, one from ESE");
    cr_assert_float_eq(cl->task_done[0], 3.0, EPS);
    rep_workspace_free(ws);
}

/* cutoff = 0: every decision is heavy, and the run is ESE's; a cut-off no rate reaches: SCA's.
 * Every metric, to the bit, on a generated workload that has both regimes' loads. */
Test(regime, its_extremes_are_ese_and_sca)
{
    struct cl_spec sp = sc_spec(50, 600, 10);
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 3.0};
    sp.arrival = ARRIVAL_POISSON;
    sp.rate = 1.2;
    sp.interval = 1.0;
    const struct policy *rg = pol_find("regime");
    const char *alone[] = {"ese", "sca"};
    const double cutoffs[] = {0, 1e6};
    for (int k = 0; k < 2; k++) {
        double a[M_COUNT], b[M_COUNT], pa[POL_MAX_PARAMS], pb[POL_MAX_PARAMS];
        sc_params(rg, pb, NULL, 0);
        sc_params(rg, pb, "sigma", 1.0);
        sc_params(rg, pb, "cutoff", cutoffs[k]);
        sc_params(pol_find(alone[k]), pa, NULL, 0);
        sc_params(pol_find(alone[k]), pa, "sigma", 1.0);
        int rc;
        rep_workspace_free(sc_run(&sp, alone[k], pa, NULL, a, &rc));
        cr_assert_eq(rc, REP_OK);
        rep_workspace_free(sc_run_policy(&sp, rg, pb, NULL, b, &rc));
        cr_assert_eq(rc, REP_OK);
        for (int m = 0; m < M_COUNT; m++)
            cr_assert(a[m] == b[m] || (isnan(a[m]) && isnan(b[m])), "cutoff %g: metric %d: "
                      "%s %.17g, regime %.17g", cutoffs[k], m, alone[k], a[m], b[m]);
    }
}

/* The time series of a policy's state (models/replica.h rep_series, models/policy.h state):
 * sampling moves no result — a run with dense sample times gives the metrics and event
 * counts of one without, bit for bit — and the values are seed 003's threshold Th at those
 * times, computed by hand on a scripted job, NaN before any progress and after the job. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "scenario.h"

#define EPS 1e-12

static double param[POL_MAX_PARAMS];

static void threshold_params(int mode)
{
    const struct policy *p = pol_find("threshold");
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "mode", mode);
    sc_params(p, param, "qos", 0);      /* no QoS: eq. 7's Q = 1.5 */
    sc_params(p, param, "beta", 0);     /* no servers: no S term */
    sc_params(p, param, "interval", 0.5);
}

/* Replica `rep` of sp with (or without: n = 0) a series at times at[0 .. n). */
static struct rep_workspace *run(const struct cl_spec *sp, const char *policy,
                                 struct sc_durations *d, const double *at, int n, uint64_t rep,
                                 double out[M_COUNT])
{
    struct rep_workspace *ws = rep_workspace_new();
    cr_assert(ws);
    rep_cluster(ws)->duration_hook = d ? sc_hook : NULL;
    rep_cluster(ws)->duration_ctx = d;
    cr_assert_eq(rep_series(ws, at, n, true), REP_OK);
    cr_assert_eq(rep_run(ws, sp, pol_find(policy), param, 7, rep, true, out), REP_OK);
    return ws;
}

/* One job of tasks 1, 1, 1, 10 (its replica 1) on 8 slots, checks every 0.5, α = 0.5, μ = 0.5,
 * no QoS, β = 0: Th = 1.5 + 0.5 (mean progress − 0.5). At 0 no task has run (no TTC): NaN.
 * At 0.25 the scores are 0.25 × 3 and 0.025: mean 0.19375, Th = 1.346875. At 0.5 the check
 * marks task 3 (bar 1.44375 × 2.75 < 9.5), its replica starts at once; at 0.75 the scores
 * are 0.75 × 3 and max(0.075, 0.25): mean 0.625, Th = 1.5625. The replica ends the job at
 * 1.5: NaN at 2. Mode static: 1.5 while the job runs, whether or not a task reported. */
Test(series, threshold_by_hand)
{
    static struct sc_durations d = {.d = {{1}, {1}, {1}, {10, 1}}, .other = 1.0};
    static const double at[] = {0, 0.25, 0.75, 2};
    double out[M_COUNT];
    struct cl_spec sp = sc_spec(8, 1, 4);
    threshold_params(1);
    struct rep_workspace *ws = run(&sp, "threshold", &d, at, 4, 0, out);
    const double *v = rep_series_values(ws);
    cr_assert(isnan(v[0]), "no progress yet: %g", v[0]);
    cr_assert_float_eq(v[1], 1.346875, EPS, "%.17g", v[1]);
    cr_assert_float_eq(v[2], 1.5625, EPS, "%.17g", v[2]);
    cr_assert(isnan(v[3]), "the job is done: %g", v[3]);
    cr_assert_float_eq(rep_cluster(ws)->task_done[3], 1.5, EPS);
    rep_workspace_free(ws);

    threshold_params(0);
    ws = run(&sp, "threshold", &d, at, 4, 0, out);
    v = rep_series_values(ws);
    cr_assert(v[0] == 1.5 && v[1] == 1.5 && v[2] == 1.5 && isnan(v[3]));
    rep_workspace_free(ws);
}

/* A policy without a state samples NaN; the metrics do not move. */
Test(series, no_state_is_nan)
{
    static const double at[] = {0.5, 1, 2};
    double out[M_COUNT];
    sc_params(pol_find("fifo"), param, NULL, 0);
    struct cl_spec sp = sc_spec(4, 2, 3);
    struct rep_workspace *ws = run(&sp, "fifo", NULL, at, 3, 0, out);
    for (int k = 0; k < 3; k++)
        cr_assert(isnan(rep_series_values(ws)[k]));
    rep_workspace_free(ws);
}

/* Sampling every 0.01 (on the checks' instants too) against none: the same metrics, bits
 * and all, and the same events, over replicas of jobs that queue for 6 slots. */
Test(series, sampling_moves_nothing)
{
    static double at[4000];
    for (int k = 0; k < 4000; k++)
        at[k] = 0.01 * k;
    for (int mode = 0; mode < 2; mode++)
        for (uint64_t rep = 0; rep < 8; rep++) {
            double with[M_COUNT], without[M_COUNT];
            struct cl_spec sp = sc_spec(6, 5, 4);
            threshold_params(mode);
            struct rep_workspace *a = run(&sp, "threshold", NULL, at, 4000, rep, with);
            struct rep_workspace *b = run(&sp, "threshold", NULL, NULL, 0, rep, without);
            cr_assert(!memcmp(with, without, sizeof with), "mode %d replica %d", mode,
                      (int)rep);
            struct rep_totals x = rep_last_totals(a), y = rep_last_totals(b);
            cr_assert(x.task_events == y.task_events && x.copies == y.copies &&
                      x.end_time == y.end_time);
            int seen = 0;
            for (int k = 0; k < 4000; k++)
                seen += !isnan(rep_series_values(a)[k]);
            cr_assert(seen > 0, "some sample falls while the jobs run");
            rep_workspace_free(a);
            rep_workspace_free(b);
        }
}

/* The cluster state machine on its own: the end tree and the timer heap against brute force,
 * common random numbers across policies and launch orders, accounting invariants, warm-up. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "models/workload.h"
#include "engine/stats/rng.h"
#include "scenario.h"

/* Durations with many ties (whole numbers 1..4) so that tie-breaking is exercised. */
static double tie_hook(void *ctx, int task, int copy)
{
    (void)ctx;
    return 1.0 + (double)((task * 7 + copy * 3) % 4);
}

static int brute_next_end(const struct cluster *cl, double *t)
{
    int best = -1;
    *t = INFINITY;
    for (int s = 0; s < cl->nslots; s++)
        if (cl->slot_end[s] < *t) {
            *t = cl->slot_end[s];
            best = s;
        }
    return best;
}

/* Random launches, kills and completions; after each, the tree's winner is the brute-force
 * earliest end with ties to the lowest slot, and every invariant holds. */
Test(cluster, end_tree_matches_brute_force)
{
    struct cl_spec sp = sc_spec(37, 40, 5); /* 37 slots: the tree has padding leaves */
    struct cluster cl = {0};
    cl.duration_hook = tie_hook;
    cr_assert_eq(wl_reset(&cl, &sp, 3, 0), 0);
    for (int j = 0; j < cl.njobs; j++)
        cl_arrive(&cl, j);
    rng_t r;
    rng_stream(&r, 5, 0, RNG_CHECK);
    int steps = 0;
    while (cl.ndone < cl.njobs && steps < 100000) {
        steps++;
        uint32_t action = rng_next32(&r) % 4;
        if (action == 0 && cl.nfree > 0 && cl.pend_head >= 0) {
            cl_start_next_task(&cl, cl.pend_head, 1 + (int)(rng_next32(&r) % 3));
        } else if (action == 1 && cl.nfree > 0 && cl.nfree < cl.nslots) {
            int s = cl_next_end_slot(&cl); /* a running task gets one more copy */
            cl_launch_copy(&cl, cl.slot_task[s], 0.0);
        } else if (action == 2 && cl.nfree < cl.nslots) {
            int s = (int)(rng_next32(&r) % (uint32_t)cl.nslots);
            if (cl.slot_task[s] >= 0 && cl.task_running[cl.slot_task[s]] > 1)
                cl_kill(&cl, s); /* never the last copy: no orphans */
        } else if (cl.nfree < cl.nslots) {
            cl_advance(&cl, cl_next_end(&cl));
            cl_complete(&cl, cl_next_end_slot(&cl));
        } else if (cl.pend_head >= 0) {
            cl_start_next_task(&cl, cl.pend_head, 1);
        }
        double t;
        int s = brute_next_end(&cl, &t);
        cr_assert_eq(cl_next_end(&cl), t, "step %d", steps);
        if (s >= 0)
            cr_assert_eq(cl_next_end_slot(&cl), s, "step %d: tie must go to the lowest slot", steps);
        cl_check(&cl);
    }
    cr_assert_eq(cl.ndone, cl.njobs, "all jobs completed");
    cr_assert_eq(cl.orphans, 0);
    cl_free(&cl);
}

/* Timers fire in time order, and in the order they were set when due together. */
Test(cluster, timers_in_time_then_insertion_order)
{
    struct cl_spec sp = sc_spec(1, 1, 1);
    struct cluster cl = {0};
    cr_assert_eq(wl_reset(&cl, &sp, 1, 0), 0);
    double when[] = {5, 1, 3, 1, 5, 2, 1, 4, 3, 0.5};
    int n = (int)(sizeof when / sizeof when[0]);
    for (int i = 0; i < n; i++)
        cl_set_timer(&cl, when[i], 0, i);
    double last_t = -1;
    int last_arg = -1;
    for (int i = 0; i < n; i++) {
        struct cl_timer tm;
        cl_pop_timer(&cl, &tm);
        cr_assert(tm.t > last_t || (tm.t == last_t && tm.arg > last_arg), "timer %d out of order",
                  tm.arg);
        cr_assert_eq(tm.t, when[tm.arg]);
        last_t = tm.t;
        last_arg = tm.arg;
    }
    cr_assert_eq(cl_next_timer(&cl), INFINITY);
    cl_free(&cl);
}

/* Common random numbers: a replica's arrivals and task sizes do not depend on the policy, and
 * copy k of task g has the same duration whatever order copies are launched in. */
Test(cluster, common_random_numbers)
{
    struct cl_spec sp = sc_spec(8, 30, 4);
    sp.arrival = ARRIVAL_POISSON;
    sp.rate = 0.5;
    double out[M_COUNT], param[POL_MAX_PARAMS];
    int rc;
    sc_params(pol_find("fifo"), param, NULL, 0);
    struct rep_workspace *a = sc_run(&sp, "fifo", param, NULL, out, &rc);
    sc_params(pol_find("clone"), param, NULL, 0);
    struct rep_workspace *b = sc_run(&sp, "clone", param, NULL, out, &rc);
    struct cluster *ca = rep_cluster(a), *cb = rep_cluster(b);
    for (int j = 0; j < sp.jobs; j++)
        cr_assert_eq(ca->job[j].arrival, cb->job[j].arrival);
    for (int t = 0; t < ca->ntasks; t++)
        cr_assert_eq(ca->task_size[t], cb->task_size[t]);
    rep_workspace_free(a);
    rep_workspace_free(b);

    /* Extra copies: copies 1 and 2 of task 0 (job 0) and task 5 (job 1), launched in two
     * different orders, have the same durations. */
    struct cluster x = {0}, y = {0};
    sp = sc_spec(16, 2, 4);
    wl_reset(&x, &sp, 9, 3);
    wl_reset(&y, &sp, 9, 3);
    for (int j = 0; j < 2; j++)
        cl_arrive(&x, j), cl_arrive(&y, j);
    cl_start_next_task(&x, 0, 1); /* task 0 */
    cl_start_next_task(&x, 1, 1); /* task 4 */
    cl_start_next_task(&x, 1, 1); /* task 5 */
    int sx[4] = {cl_launch_copy(&x, 0, 0.0), cl_launch_copy(&x, 0, 0.0),
                 cl_launch_copy(&x, 5, 0.0), cl_launch_copy(&x, 5, 0.0)};
    cl_start_next_task(&y, 1, 1);
    cl_start_next_task(&y, 1, 1);
    cl_start_next_task(&y, 0, 1);
    int sy[4] = {cl_launch_copy(&y, 5, 0.0), cl_launch_copy(&y, 5, 0.0),
                 cl_launch_copy(&y, 0, 0.0), cl_launch_copy(&y, 0, 0.0)};
    double x0[2], x5[2], y0[2], y5[2];
    for (int k = 0; k < 2; k++) {
        x0[k] = x.slot_end[sx[k]] - x.slot_start[sx[k]];
        x5[k] = x.slot_end[sx[k + 2]] - x.slot_start[sx[k + 2]];
        y5[k] = y.slot_end[sy[k]] - y.slot_start[sy[k]];
        y0[k] = y.slot_end[sy[k + 2]] - y.slot_start[sy[k + 2]];
        cr_assert_eq(x0[k], y0[k], "task 0 copy %d", k + 1);
        cr_assert_eq(x5[k], y5[k], "task 5 copy %d", k + 1);
    }
    cr_assert_neq(x0[0], x0[1], "copies of one task are independent draws");
    cr_assert_neq(x0[0], x5[0], "copies of different tasks are independent draws");
    cl_free(&x);
    cl_free(&y);
}

/* Speculative-Resume offsets: a copy started from progress 0.4 needs 0.6 of its draw, and its
 * progress score starts at 0.4. */
Test(cluster, resume_offset)
{
    struct cl_spec sp = sc_spec(2, 1, 1);
    struct sc_durations d = {.d = {{10.0, 5.0}}};
    struct cluster cl = {0};
    cl.duration_hook = sc_hook;
    cl.duration_ctx = &d;
    wl_reset(&cl, &sp, 1, 0);
    cl_arrive(&cl, 0);
    int task = cl_start_next_task(&cl, 0, 1);
    int s = cl_launch_copy(&cl, task, 0.4);
    cr_assert_float_eq(cl.slot_end[s], 3.0, 1e-12);
    cr_assert_float_eq(cl_copy_progress(&cl, s), 0.4, 1e-12);
    cl_advance(&cl, 1.5);
    cr_assert_float_eq(cl_copy_progress(&cl, s), 0.7, 1e-12);
    cl_free(&cl);
}

/* Warm-up: the first `warmup` jobs to arrive are left out. Batch of 4 one-task jobs on one slot,
 * tasks 1, 2, 3, 4 long: flowtimes 1, 3, 6, 10. warmup 2 → mean (6 + 10)/2 = 8. */
Test(cluster, warmup_leaves_out_the_first_jobs)
{
    struct cl_spec sp = sc_spec(1, 4, 1);
    sp.warmup = 2;
    struct sc_durations d = {.d = {{1}, {2}, {3}, {4}}};
    double out[M_COUNT], param[POL_MAX_PARAMS];
    int rc;
    sc_params(pol_find("fifo"), param, NULL, 0);
    struct rep_workspace *ws = sc_run(&sp, "fifo", param, &d, out, &rc);
    cr_assert_float_eq(out[M_FLOWTIME], 8.0, 1e-12);
    cr_assert_float_eq(out[M_MACHINE_TIME], 3.5, 1e-12);
    cr_assert_float_eq(out[M_UTILIZATION], 1.0, 1e-12, "batch: busy the whole run");
    rep_workspace_free(ws);
}

/* PoCD counts jobs done by a_i + D: flowtimes 1, 3, 6, 10 with D = 5 → 2 of 4. */
Test(cluster, pocd_counts_deadlines)
{
    struct cl_spec sp = sc_spec(1, 4, 1);
    sp.deadline = 5.0;
    struct sc_durations d = {.d = {{1}, {2}, {3}, {4}}};
    double out[M_COUNT], param[POL_MAX_PARAMS];
    int rc;
    sc_params(pol_find("fifo"), param, NULL, 0);
    struct rep_workspace *ws = sc_run(&sp, "fifo", param, &d, out, &rc);
    cr_assert_float_eq(out[M_POCD], 0.5, 1e-12);
    cr_assert_float_eq(out[M_FLOWTIME_P50], 4.5, 1e-12);
    rep_workspace_free(ws);
    sp.deadline = INFINITY;
    ws = sc_run(&sp, "fifo", param, &d, out, &rc);
    cr_assert(isnan(out[M_POCD]), "no deadline: PoCD is not defined");
    rep_workspace_free(ws);
}

/* Without quantiles (validation's replicas) the p50, p90 and p99 of a replica are NaN and every
 * other metric is what it is with them: flowtimes 1, 3, 6, 10, p50 4.5 when selected. */
Test(cluster, metrics_without_quantiles)
{
    struct cl_spec sp = sc_spec(1, 4, 1);
    sp.deadline = 5.0;
    struct sc_durations d = {.d = {{1}, {2}, {3}, {4}}};
    double with[M_COUNT], without[M_COUNT], param[POL_MAX_PARAMS];
    sc_params(pol_find("fifo"), param, NULL, 0);
    struct rep_workspace *ws = rep_workspace_new();
    struct cluster *cl = rep_cluster(ws);
    cl->duration_hook = sc_hook;
    cl->duration_ctx = &d;
    cr_assert_eq(rep_run(ws, &sp, pol_find("fifo"), param, 1, 0, true, with), REP_OK);
    cr_assert_eq(rep_run(ws, &sp, pol_find("fifo"), param, 1, 0, false, without), REP_OK);
    cr_assert_float_eq(with[M_FLOWTIME_P50], 4.5, 1e-12);
    for (int m = 0; m < M_COUNT; m++) {
        bool quantile = m == M_FLOWTIME_P50 || m == M_FLOWTIME_P90 || m == M_FLOWTIME_P99;
        if (quantile)
            cr_assert(isnan(without[m]), "%s", metric_info[m].name);
        else
            cr_assert(with[m] == without[m] || (isnan(with[m]) && isnan(without[m])), "%s",
                      metric_info[m].name);
    }
    rep_workspace_free(ws);
}

/* Weights are whole numbers spread over [weight_min, weight_max], both ends reached, drawn
 * from their own stream (the same under every policy); the weighted flowtime is
 * Σ w F / Σ w computed from the jobs. */
Test(cluster, weights_and_weighted_flowtime)
{
    struct cl_spec sp = sc_spec(4, 2000, 1);
    sp.arrival = ARRIVAL_POISSON;
    sp.rate = 1.0;
    sp.weight_min = 0;
    sp.weight_max = 11;
    double out[M_COUNT], param[POL_MAX_PARAMS];
    int rc;
    sc_params(pol_find("fifo"), param, NULL, 0);
    struct rep_workspace *ws = sc_run(&sp, "fifo", param, NULL, out, &rc);
    struct cluster *cl = rep_cluster(ws);
    int seen[12] = {0};
    double wf = 0, w = 0;
    for (int j = 0; j < cl->njobs; j++) {
        double x = cl->job[j].weight;
        cr_assert(x == floor(x) && x >= 0 && x <= 11, "weight %g", x);
        seen[(int)x]++;
        wf += x * (cl->job[j].completion - cl->job[j].arrival);
        w += x;
    }
    for (int k = 0; k < 12; k++)
        cr_assert(seen[k] > 100, "weight %d drawn %d times of 2000", k, seen[k]);
    cr_assert_float_eq(out[M_FLOWTIME_WEIGHTED], wf / w, 1e-12);
    cr_assert(fabs(out[M_FLOWTIME_WEIGHTED] - out[M_FLOWTIME]) > 1e-9, "weights matter");
    rep_workspace_free(ws);
}

/* Launch delay and estimators. One slot, one task of duration 4, launch delay 1: it processes
 * from 1 to 5. At t = 2 (a quarter done): chronos (eq. 32) estimates 1 + 4 = 5; hadoop
 * (t - launch)/f = 2/0.25 = 8 from the launch, i.e. 8; during the delay there is no estimate.
 * Machine time counts the delay: 5. */
Test(cluster, launch_delay_and_estimators)
{
    struct cl_spec sp = sc_spec(1, 1, 1);
    sp.launch_delay = 1.0;
    struct sc_durations d = {.d = {{4.0}}};
    struct cluster cl = {0};
    cl.duration_hook = sc_hook;
    cl.duration_ctx = &d;
    wl_reset(&cl, &sp, 1, 0);
    cl_arrive(&cl, 0);
    cl_start_next_task(&cl, 0, 1);
    cr_assert_eq(cl.slot_end[0], 5.0);
    cl_advance(&cl, 0.5);
    cr_assert(isnan(cl_est_end(&cl, 0)), "no estimate during the start-up");
    cr_assert_eq(cl_copy_progress(&cl, 0), 0.0);
    cl_advance(&cl, 2.0);
    cr_assert_float_eq(cl_copy_progress(&cl, 0), 0.25, 1e-15);
    cr_assert_float_eq(cl_est_end(&cl, 0), 5.0, 1e-12);
    sp.estimator = EST_HADOOP;
    cr_assert_float_eq(cl_est_end(&cl, 0), 8.0, 1e-12);
    cl_advance(&cl, 4.0); /* three quarters: hadoop 4/0.75 = 5.33, converging to 5 */
    cr_assert_float_eq(cl_est_end(&cl, 0), 16.0 / 3.0, 1e-12);
    cl_advance(&cl, 5.0);
    cl_complete(&cl, 0);
    cr_assert_float_eq(cl.job[0].machine_time, 5.0, 1e-12);
    cl_free(&cl);
}

/* Estimation noise: each copy gets a fixed factor ε = exp(σZ); the estimate is p + wε and the
 * reported progress runs at 1/ε. The factors are the same for the same copy whatever the
 * launch order (their own stream), different between copies, and lognormal: over 4000 copies
 * the log-factors have mean ~0 and standard deviation ~σ. */
Test(cluster, estimation_noise)
{
    struct cl_spec sp = sc_spec(4000, 1000, 4);
    sp.estimate_noise = 0.5;
    struct cluster cl = {0};
    wl_reset(&cl, &sp, 3, 1);
    for (int j = 0; j < cl.njobs; j++)
        cl_arrive(&cl, j);
    for (int j = 0; j < cl.njobs; j++)
        for (int t = 0; t < 4; t++)
            cl_start_next_task(&cl, j, 1);
    cl_advance(&cl, 0.5);
    double sum = 0, sum2 = 0;
    for (int s = 0; s < cl.nslots; s++) {
        double eps = cl.slot_noise[s], w = cl.slot_end[s] - cl.slot_proc[s];
        cr_assert_float_eq(cl_est_end(&cl, s), cl.slot_proc[s] + w * eps, 1e-9 * (1 + w));
        cr_assert_float_eq(cl_est_progress(&cl, s), fmin(1.0, 0.5 / (w * eps)), 1e-12);
        sum += log(eps);
        sum2 += log(eps) * log(eps);
    }
    double mean = sum / cl.nslots, sd = sqrt(sum2 / cl.nslots - mean * mean);
    cr_assert(fabs(mean) < 0.05 && fabs(sd - 0.5) < 0.05, "log eps: mean %g sd %g", mean, sd);
    /* the same copy in another cluster, launched in another order, gets the same factor */
    struct cluster y = {0};
    wl_reset(&y, &sp, 3, 1);
    cl_arrive(&y, 0), cl_arrive(&y, 1);
    cl_start_next_task(&y, 1, 1); /* task 4 first */
    cl_start_next_task(&y, 0, 1); /* task 0 */
    int s4 = 0, s0 = 1;           /* slots are handed out from 0 */
    cr_assert_eq(y.slot_task[s4], 4);
    for (int s = 0; s < cl.nslots; s++) {
        if (cl.slot_task[s] == 4)
            cr_assert_eq(cl.slot_noise[s], y.slot_noise[s4]);
        if (cl.slot_task[s] == 0)
            cr_assert_eq(cl.slot_noise[s], y.slot_noise[s0]);
    }
    cl_free(&cl);
    cl_free(&y);
}

/* cl_beat_after skips heartbeats exactly: the same double as adding p one sum at a time, for
 * periods that round with and without ties, across binades, and in the subnormals. */
/* log2 of the step of the doubles near x. */
static int binade_step(double x)
{
    int e;
    frexp(x, &e);
    return e - 53;
}

static double beats_one_by_one(double t, double p, double until)
{
    double a = t + p;
    while (a < until)
        a += p;
    return a;
}

Test(cluster, beat_after_matches_repeated_sums)
{
    rng_t r;
    rng_stream(&r, 5, 0, RNG_CHECK);
    static const double cases[][3] = {
        {0, 1, 1e6},        {0, 0.1, 12345.678},   {3, 0.3, 1e5},      {1e6, 1e-3, 1e6 + 5e3},
        {0, 0.7, 1e7},      {1024, 0x1.8p-43, 1024.01}, /* p / u = 1.5 at 1024: ties */
        {0x1p-1060, 0x1.8p-1074, 0x1p-1059}, /* subnormal steps */
        {0, 1e-300, 1e-295}, {5, 3, 5},          {5, 3, 8},          {5, 3, 8.5},
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        double want = beats_one_by_one(cases[k][0], cases[k][1], cases[k][2]);
        double got = cl_beat_after(cases[k][0], cases[k][1], cases[k][2]);
        cr_assert(got == want, "case %zu: %.17g vs %.17g", k, got, want);
    }
    for (int i = 0; i < 2000; i++) {
        double t = ldexp(rng_uniform(&r), (int)(rng_uniform(&r) * 30) - 5);
        double p = ldexp(rng_uniform(&r), (int)(rng_uniform(&r) * 12) - 10);
        if (i % 3 == 0) /* a period of a half-integer count of steps at t: ties */
            p = ldexp(floor(rng_uniform(&r) * 100) + 1.5, binade_step(t));
        double until = t + p * floor(rng_uniform(&r) * 20000);
        double want = beats_one_by_one(t, p, until), got = cl_beat_after(t, p, until);
        cr_assert(got == want, "t %a p %a until %a: %a vs %a", t, p, until, got, want);
    }
}

/* A job's task entries are written at its arrival, not at reset: a second replica on the same
 * memory, left as the first replica ended (every task done, copies counted), sees each arriving
 * job's tasks fresh — no copy, none running, no start — and its copies numbered from 0. */
Test(cluster, task_entries_fresh_at_arrival)
{
    struct cl_spec sp = sc_spec(4, 6, 3);
    struct cluster cl = {0};
    for (int replica = 0; replica < 2; replica++) {
        cr_assert_eq(wl_reset(&cl, &sp, 9, (uint64_t)replica), 0);
        for (int j = 0; j < cl.njobs; j++) {
            cl_arrive(&cl, j);
            for (int t = cl.job[j].first_task; t < cl.job[j].first_task + cl.job[j].ntasks; t++) {
                cr_assert_eq(cl.task_job[t], j);
                cr_assert(cl.task_copies[t] == 0 && cl.task_running[t] == 0);
                cr_assert(cl.task_head[t] == -1 && cl.task_end[t] == INFINITY);
                cr_assert(isnan(cl.task_start[t]) && isnan(cl.task_done[t]));
            }
            while (cl.pend_head >= 0 && cl.nfree > 0)
                cl_start_next_task(&cl, cl.pend_head, 2); /* two copies each: counts of 2 */
            cl_check(&cl);
        }
        while (cl.ndone < cl.njobs) {
            cl_advance(&cl, cl_next_end(&cl));
            cl_complete(&cl, cl_next_end_slot(&cl));
            while (cl.pend_head >= 0 && cl.nfree > 0)
                cl_start_next_task(&cl, cl.pend_head, 2);
            cl_check(&cl);
        }
        for (int t = 0; t < cl.ntasks; t++)
            cr_assert(cl.task_copies[t] >= 1 && !isnan(cl.task_done[t]));
    }
    cl_free(&cl);
}

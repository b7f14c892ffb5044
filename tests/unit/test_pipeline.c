/* test_pipeline — pipelined phases in the cluster model (models/cluster.c, feed_reduces and
 * release_reduces; docs/methods/model.md, two phases): a reduce copy reads the map outputs as
 * they appear, never ends before the map phase plus its last share, and reports what it has
 * processed; the slowdown's time alone follows the same rule, the latest of its reduce ends. */
#include <criterion/criterion.h>

#include "models/metrics.h"
#include "models/workload.h"
#include "tests/unit/scenario.h"

#define EPS 1e-12

/* One job of three map tasks (1, 5, 5.5) and one reduce task (work 3, shares of 1), four
 * slots, every task launched at 0. */
static struct cl_spec pipe_spec(enum cl_phases phases, enum cl_feed feed, double start)
{
    struct cl_spec sp = sc_spec(4, 1, 4);
    sp.reduce_fraction = 0.25;
    sp.phases = phases;
    sp.pipeline_feed = feed;
    sp.pipeline_start = start;
    return sp;
}

static struct sc_durations pipe_durations = {.d = {{1.0}, {5.0}, {5.5}, {3.0}}};

/* Run the batch, checking the reduce copy at times `at` (before its map phase ends): its
 * reported progress `prog` and no estimate. Returns the reduce task's completion. */
static double run_pipe(const struct cl_spec *sp, const double *at, const double *prog, int n)
{
    struct cluster cl = {0};
    cl.duration_hook = sc_hook;
    cl.duration_ctx = &pipe_durations;
    wl_reset(&cl, sp, 1, 0);
    cl_arrive(&cl, 0);
    cr_assert_eq(cl.job[0].nmap, 3);
    for (int t = 0; t < 4; t++)
        cl_start_next_task(&cl, 0, 1);
    int reduce = cl.task_head[3], i = 0;
    while (cl_next_end(&cl) < INFINITY) {
        double t = cl_next_end(&cl);
        for (; i < n && at[i] < t; i++) {
            cl_advance(&cl, at[i]);
            cr_assert(cl_copy_waiting(&cl, reduce), "t = %g: no end while maps run", at[i]);
            cr_assert(isnan(cl_est_end(&cl, reduce)), "t = %g: no estimate", at[i]);
            cr_assert_float_eq(cl_copy_progress(&cl, reduce), prog[i], EPS, "t = %g: %g vs %g",
                               at[i], cl_copy_progress(&cl, reduce), prog[i]);
            cr_assert_float_eq(cl_est_progress(&cl, reduce), prog[i], EPS);
        }
        cl_advance(&cl, t);
        cl_complete(&cl, cl_next_end_slot(&cl));
        cl_check(&cl);
    }
    double done = cl.task_done[3];
    cr_assert_float_eq(metrics_ideal_time(&cl, 0), done, EPS, "time alone = this idle run");
    cl_free(&cl);
    return done;
}

/* Shares: reads from t = 1 (q = 1, the first share done at 2, then idle); the second output
 * at 5: q = max(1, 5 - 1) = 4, done with it at 6; the third at 5.5: q = max(4, 5.5 - 2) = 4,
 * end 4 + 3 = 7 = the map phase's 5.5 plus more than its last share (1). At 0.5 nothing is
 * out (0); at 3 it holds 1/3 (capped by one output); at 5.5- it is 1.5/3 into its work. */
Test(pipeline, shares_start_early_end_after_the_map_phase)
{
    struct cl_spec sp = pipe_spec(PHASES_PIPELINED, FEED_SHARES, 0);
    double at[] = {0.5, 1.5, 3.0, 5.4}, prog[] = {0.0, 0.5 / 3, 1.0 / 3, 1.4 / 3};
    double done = run_pipe(&sp, at, prog, 4);
    cr_assert_float_eq(done, 7.0, EPS);
    cr_assert(done >= 5.5 + 1.0, "never before the map phase plus its last share");
}

/* Last: everything but the last share is there from t = 1: at 3 it is 2/3 done (its cap), and
 * at the end of the map phase q = max(1, 5.5 - 2) = 3.5: end 6.5 = M + w/n. */
Test(pipeline, last_output_only_holds_it_back)
{
    struct cl_spec sp = pipe_spec(PHASES_PIPELINED, FEED_LAST, 0);
    double at[] = {0.5, 2.0, 3.0, 5.4}, prog[] = {0.0, 1.0 / 3, 2.0 / 3, 2.0 / 3};
    cr_assert_float_eq(run_pipe(&sp, at, prog, 4), 6.5, EPS);
}

/* The gate: pipeline_start 0.5 → ceil(1.5) = 2 outputs before it reads: from 5 (q = 5), at
 * 5.5 q = max(5, 3.5) = 5, end 8; at 3 nothing read. pipeline_start 1 is the barrier's
 * timing: 5.5 + 3. */
Test(pipeline, gate_and_barrier_timing)
{
    struct cl_spec sp = pipe_spec(PHASES_PIPELINED, FEED_SHARES, 0.5);
    double at[] = {3.0}, prog[] = {0.0};
    cr_assert_float_eq(run_pipe(&sp, at, prog, 1), 8.0, EPS);
    sp = pipe_spec(PHASES_PIPELINED, FEED_LAST, 1.0);
    cr_assert_float_eq(run_pipe(&sp, at, prog, 1), 8.5, EPS);
    sp = pipe_spec(PHASES_BARRIER, FEED_SHARES, 0);
    cr_assert_float_eq(run_pipe(&sp, at, prog, 1), 8.5, EPS);
}

/* A reduce copy launched after some outputs are out (here at 2, the first out at 1) starts
 * reading at once: shares done by 3 is min(1/3, 1/3); q = 2, at 5: max(2, 4) = 4; at 5.5:
 * max(4, 3.5) = 4: end 7 — the same as launched at 0, whose first share was done by 2. */
Test(pipeline, launched_after_the_gate)
{
    struct cl_spec sp = pipe_spec(PHASES_PIPELINED, FEED_SHARES, 0);
    struct cluster cl = {0};
    cl.duration_hook = sc_hook;
    cl.duration_ctx = &pipe_durations;
    wl_reset(&cl, &sp, 1, 0);
    cl_arrive(&cl, 0);
    for (int t = 0; t < 3; t++)
        cl_start_next_task(&cl, 0, 1);
    cl_advance(&cl, 1.0);
    cl_complete(&cl, cl_next_end_slot(&cl));
    cl_advance(&cl, 2.0);
    int s = cl.task_head[cl_start_next_task(&cl, 0, 1)];
    cl_advance(&cl, 3.0);
    cr_assert_float_eq(cl_copy_progress(&cl, s), 1.0 / 3, EPS);
    while (cl_next_end(&cl) < INFINITY) {
        cl_advance(&cl, cl_next_end(&cl));
        cl_complete(&cl, cl_next_end_slot(&cl));
    }
    cr_assert_float_eq(cl.task_done[3], 7.0, EPS);
    cl_free(&cl);
}

/* The time alone of a job with several reduce tasks is the latest of their ends, which is the
 * end of the one with the most work (metrics_ideal_time takes it alone): maps 1, 5, 5.5 and
 * reduce tasks of work 3 (end 7, as above) and 1 (q = 1, then max(1, 5 − 1/3), max(·, 5.5 −
 * 2/3): end 5.5 − 2/3 + 1 = 5.83), in both orders, against the job's completion when every
 * task runs at once on the idle cluster. */
Test(pipeline, time_alone_is_the_latest_reduce_end)
{
    for (int order = 0; order < 2; order++) {
        struct sc_durations d = {.d = {{1.0}, {5.0}, {5.5}, {order ? 1.0 : 3.0},
                                       {order ? 3.0 : 1.0}}};
        struct cl_spec sp = sc_spec(5, 1, 5);
        sp.reduce_fraction = 0.4;
        sp.phases = PHASES_PIPELINED;
        struct cluster cl = {0};
        cl.duration_hook = sc_hook;
        cl.duration_ctx = &d;
        wl_reset(&cl, &sp, 1, 0);
        cl_arrive(&cl, 0);
        cr_assert_eq(cl.job[0].nmap, 3);
        for (int t = 0; t < 5; t++)
            cl_start_next_task(&cl, 0, 1);
        while (cl_next_end(&cl) < INFINITY) {
            cl_advance(&cl, cl_next_end(&cl));
            cl_complete(&cl, cl_next_end_slot(&cl));
        }
        cr_assert_float_eq(cl.task_done[order ? 3 : 4], 5.5 - 2.0 / 3 + 1.0, EPS);
        cr_assert_float_eq(cl.job[0].completion, 7.0, EPS, "order %d", order);
        cr_assert_float_eq(metrics_ideal_time(&cl, 0), 7.0, EPS, "order %d", order);
        cl_free(&cl);
    }
}

/* The per-replica metrics that are not plain means of what a job records: the slowdown F_i/I_i
 * against the job's time alone on an idle cluster (models/metrics.h metrics_ideal_time),
 * Jain's fairness index of the slowdowns, and the utility with jobs' own prices. Every expected number is worked by hand above its
 * assertion. */
#include <criterion/criterion.h>
#include <math.h>

#include "models/theory/chronos.h"
#include "scenario.h"

#define EPS 1e-12

static double param[POL_MAX_PARAMS];

/* FIFO (its defaults) on sp with durations d (NULL: the spec's own), run to the end. */
static struct rep_workspace *run_fifo(const struct cl_spec *sp, struct sc_durations *d,
                                      double out[M_COUNT])
{
    int rc;
    sc_params(pol_find("fifo"), param, NULL, 0);
    struct rep_workspace *ws = sc_run(sp, "fifo", param, d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    return ws;
}

/* One slot, a batch of two jobs of two tasks under FIFO: job 0's tasks 2 and 1, job 1's 1 and
 * 1. Job 0 is done at 3, job 1 at 5. Alone (a slot per task) job 0 takes its longest task, 2
 * (the sum, 3, would be one slot's time), job 1 takes 1: slowdowns 1.5 and 5, mean 3.25;
 * Jain's index (1.5 + 5)² / (2 (1.5² + 5²)) = 42.25 / 54.5. */
Test(metrics, slowdown_against_the_longest_task)
{
    struct cl_spec sp = sc_spec(1, 2, 2);
    struct sc_durations d = {.d = {{2.0}, {1.0}, {1.0}, {1.0}}};
    double out[M_COUNT];
    struct rep_workspace *ws = run_fifo(&sp, &d, out);
    cr_assert_float_eq(metrics_ideal_time(rep_cluster(ws), 0), 2.0, EPS);
    cr_assert_float_eq(rep_cluster(ws)->job[1].completion, 5.0, EPS);
    cr_assert_float_eq(out[M_SLOWDOWN], 3.25, EPS);
    cr_assert_float_eq(out[M_SLOWDOWN_JAIN], 42.25 / 54.5, EPS);
    rep_workspace_free(ws);
}

/* Jobs slowed alike are perfectly fair, however slow: one slot, one job of two tasks of 2 and
 * 3 (alone on enough slots: 3; here 5). Slowdown 5/3, Jain 1. */
Test(metrics, one_job_is_fair_to_itself)
{
    struct cl_spec sp = sc_spec(1, 1, 2);
    struct sc_durations d = {.d = {{2.0}, {3.0}}};
    double out[M_COUNT];
    struct rep_workspace *ws = run_fifo(&sp, &d, out);
    cr_assert_float_eq(out[M_SLOWDOWN], 5.0 / 3.0, EPS);
    cr_assert_float_eq(out[M_SLOWDOWN_JAIN], 1.0, EPS);
    rep_workspace_free(ws);
}

/* Two phases and a launch delay: one job (a "trace": 2 map tasks of 1, 1 reduce of 2;
 * deterministic, so task sizes are the phase means) with launch delay 0.5 alone takes
 * 0.5 + 1 + 2 = 3.5 — the reduce copy's delay overlaps the map phase, and a wrong ideal that
 * added the phases' sums (2 + 2) or a second delay (4) fails. On 3 slots FIFO launches all
 * three at 0: maps run 0.5..1.5, the reduce waits for them and runs 1.5..3.5: slowdown 1. */
Test(metrics, ideal_time_of_two_phases)
{
    static struct tr_job one[] = {{0.0, 1.0, {2, 1}, {1.0, 2.0}, {0, 0}}};
    static struct tr_trace tr = {one, 1, 0};
    struct cl_spec sp = sc_trace_spec(3, &tr);
    sp.launch_delay = 0.5;
    double out[M_COUNT];
    struct rep_workspace *ws = run_fifo(&sp, NULL, out);
    cr_assert_float_eq(metrics_ideal_time(rep_cluster(ws), 0), 3.5, EPS);
    cr_assert_float_eq(rep_cluster(ws)->job[0].completion, 3.5, EPS);
    cr_assert_float_eq(out[M_SLOWDOWN], 1.0, EPS);
    rep_workspace_free(ws);
}

/* The ideal is the original copies' time: a clone that beats a straggling original makes the
 * slowdown less than 1. clone r = 1 on 2 slots, one task: original 5, clone 2 → done at 2,
 * alone (one copy) 5: slowdown 0.4. */
Test(metrics, speculation_can_beat_the_ideal)
{
    struct cl_spec sp = sc_spec(2, 1, 1);
    struct sc_durations d = {.d = {{5.0, 2.0}}};
    double out[M_COUNT];
    int rc;
    sc_params(pol_find("clone"), param, NULL, 0);
    struct rep_workspace *ws = sc_run(&sp, "clone", param, &d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    cr_assert_float_eq(out[M_SLOWDOWN], 0.4, EPS);
    rep_workspace_free(ws);
}

/* The slowdown's tail: Pareto task times keep it away from 0 (the flowtime's index, 1.5 for
 * β = 1.5); exponential ones have a density at 0, so 1/I_i of a one-task job has index 1 and
 * the mean slowdown no variance; with 3 tasks per job, index 3; a launch delay bounds I_i. */
Test(metrics, slowdown_tail_index)
{
    struct pol_tail none = {0};
    struct cl_spec sp = sc_spec(4, 10, 1);
    sp.arrival = ARRIVAL_POISSON;
    cr_assert_float_eq(metrics_tail_index(&sp, none, M_SLOWDOWN), 1.5, EPS);
    cr_assert(isinf(metrics_tail_index(&sp, none, M_SLOWDOWN_JAIN)));
    sp.task_time = (struct dist){DIST_EXPONENTIAL, 1.0, 0.0};
    cr_assert_float_eq(metrics_tail_index(&sp, none, M_SLOWDOWN), 1.0, EPS);
    sp.tasks = 3;
    cr_assert_float_eq(metrics_tail_index(&sp, none, M_SLOWDOWN), 3.0, EPS);
    sp.launch_delay = 0.1;
    cr_assert(isinf(metrics_tail_index(&sp, none, M_SLOWDOWN)));
}

/* The utility with jobs' own prices and deadlines (a trace's columns): two jobs of one task,
 * 2 and 4 long, on two slots, both done by their deadlines 3 and 10: PoCD 1, machine times 2
 * and 4. Prices 1 and 3: lg(1 − 0.2) − 0.01 (1·2 + 3·4)/2 = lg 0.8 − 0.07; with the deadline of
 * the first 1.5 it misses it: PoCD 0.5. Without prices every job has C = 2 and the value is
 * ch_utility of the mean machine time, bit for bit: lg 0.8 − 0.01·2·3. */
Test(metrics, utility_with_own_prices)
{
    struct tr_job jobs[] = {{0, 1, {1, 0}, {2, 0}, {0, 0}, 3, 1.0},
                            {0, 1, {1, 0}, {4, 0}, {0, 0}, 10, 3.0}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = sc_trace_spec(2, &tr);
    sp.arrival = ARRIVAL_BATCH;
    sp.utility_theta = 0.01;
    sp.utility_price = 2.0;
    sp.utility_rmin = 0.2;
    double out[M_COUNT];
    struct rep_workspace *ws = run_fifo(&sp, NULL, out);
    cr_assert_float_eq(out[M_POCD], 1.0, EPS);
    cr_assert_float_eq(out[M_MACHINE_TIME], 3.0, EPS);
    cr_assert_float_eq(out[M_UTILITY], log10(0.8) - 0.07, EPS);
    rep_workspace_free(ws);
    jobs[0].deadline = 1.5;
    ws = run_fifo(&sp, NULL, out);
    cr_assert_float_eq(out[M_POCD], 0.5, EPS, "each job against its own deadline");
    rep_workspace_free(ws);
    jobs[0].price = jobs[1].price = 0;
    sp.deadline = 10;
    ws = run_fifo(&sp, NULL, out);
    cr_assert_eq(out[M_UTILITY], ch_utility(out[M_POCD], out[M_MACHINE_TIME], 0.01, 2.0, 0.2));
    cr_assert_float_eq(out[M_UTILITY], log10(0.3) - 0.06, EPS);
    rep_workspace_free(ws);
}

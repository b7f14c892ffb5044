/* Job schedulers, speculators and their pairs (models/policy.h, models/policies/pair.c) on
 * hand-built scenarios: which job gets a free slot under fair, which task LATE speculates and
 * when its cap binds, and that a pair runs its halves as the rules say — a speculator alone
 * is fifo+it, bit for bit. Every expected number is computed by hand above its assertion. */
#include <criterion/criterion.h>
#include <math.h>

#include "scenario.h"

#define EPS 1e-12

static double param[POL_MAX_PARAMS];

/* ------------------------------------------------------------------ fair */

/* Three slots, a batch of two jobs of four tasks (job 0: tasks 0-3, job 1: 4-7); task 0 lasts
 * 10, every other 1. t = 0: both hold 0, the tie to job 0 (task 0); then job 1 holds fewer
 * (task 4); tie again, job 0 (task 1). t = 1: tasks 1 and 4 end; job 0 holds 1, job 1 0: task
 * 5, then the tie to job 0: task 2. t = 2 likewise: task 6, task 3. t = 3: job 0 has nothing
 * to launch: task 7, done at 4, so job 1 completes at 4 (under fifo job 1's first task would
 * start only at 1 and the job end at 5). */
Test(fair, a_free_slot_goes_to_the_job_holding_the_fewest)
{
    struct cl_spec sp = sc_spec(3, 2, 4);
    struct sc_durations d = {.d = {{10}}, .other = 1.0};
    double out[M_COUNT];
    int rc;
    sc_params(pol_find("fair"), param, NULL, 0);
    struct rep_workspace *ws = sc_run(&sp, "fair", param, &d, out, &rc);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(rc, REP_OK);
    static const double start[8] = {0, 0, 1, 2, 0, 1, 2, 3};
    for (int t = 0; t < 8; t++)
        cr_assert_float_eq(cl->task_start[t], start[t], EPS, "task %d", t);
    cr_assert_float_eq(cl->job[1].completion, 4.0, EPS);
    cr_assert_float_eq(cl->job[0].completion, 10.0, EPS);
    rep_workspace_free(ws);
}

/* weighted = 1: shares in proportion to w_i. Four slots, a batch of job 0 (weight 1, tasks 0-1)
 * and job 1 (weight 3, tasks 2-5), every copy 1. Slots per unit of weight: 0 and 0, the tie to
 * job 0 (task 0); then 1 against 0: task 2; 1 against 1/3: task 3; 1 against 2/3: task 4. Job
 * 0's second task waits until 1; equal shares would start it at 0, and job 1's third at 1. */
Test(fair, weighted_shares)
{
    struct tr_job jobs[] = {{0, 1, {2, 0}, {1, 0}, {0, 0}}, {0, 3, {4, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = sc_trace_spec(4, &tr);
    struct sc_durations d = {.other = 1.0};
    const struct policy *p = pol_find("fair");
    double out[M_COUNT];
    int rc;
    for (int weighted = 0; weighted <= 1; weighted++) {
        sc_params(p, param, NULL, 0);
        sc_params(p, param, "weighted", weighted);
        struct rep_workspace *ws = sc_run(&sp, "fair", param, &d, out, &rc);
        struct cluster *cl = rep_cluster(ws);
        cr_assert_eq(rc, REP_OK);
        cr_assert_float_eq(cl->task_start[1], weighted ? 1.0 : 0.0, EPS, "weighted %d", weighted);
        cr_assert_float_eq(cl->task_start[4], weighted ? 0.0 : 1.0, EPS, "weighted %d", weighted);
        rep_workspace_free(ws);
    }
}

/* count: what a job holds against its share, under fair+mantri whose copies come first. Four
 * slots, a batch of job 0 (tasks 0-3: 50, 1, 2, 2; task 0's copy 40) and job 1 (tasks 4-7: 2
 * each); Mantri with one extra copy at most and no kill. t = 0: tasks 0, 4, 1, 5 (ties to job
 * 0). t = 1: task 1 ends; task 0's first report shows 49 to go, so Mantri copies it on the
 * free slot (before any waiting task): job 0 holds 2 slots, 1 running task. t = 2: tasks 4
 * and 5 end; the first slot goes to job 1 (holding 0): task 6; the second, with count = 0
 * (slots), to job 1 again (1 against 2): task 7, and task 2 waits until 4; with count = 1
 * (tasks) to job 0 at the tie: task 2 starts at 2. */
Test(fair, count_slots_or_running_tasks)
{
    struct cl_spec sp = sc_spec(4, 2, 4);
    struct sc_durations d = {.d = {{50, 40}, {1}, {2}, {2}}, .other = 2.0};
    char msg[200];
    const struct policy *p =
        pol_pair_new(pol_find("fair"), pol_find("mantri"), "fair+mantri", msg, sizeof msg);
    cr_assert_not_null(p, "%s", msg);
    for (int count = 0; count <= 1; count++) {
        sc_params(p, param, NULL, 0);
        sc_mantri_reports(p, param);
        sc_params(p, param, "count", count);
        sc_params(p, param, "kill", 0);
        sc_params(p, param, "max_extra", 1);
        double out[M_COUNT];
        int rc;
        struct rep_workspace *ws = sc_run_policy(&sp, p, param, &d, out, &rc);
        struct cluster *cl = rep_cluster(ws);
        cr_assert_eq(rc, REP_OK);
        cr_assert_eq(cl->task_copies[0], 2);
        cr_assert_float_eq(cl->task_start[6], 2.0, EPS);
        cr_assert_float_eq(cl->task_start[2], count ? 2.0 : 4.0, EPS, "count %d", count);
        cr_assert_float_eq(cl->task_start[7], count ? 4.0 : 2.0, EPS, "count %d", count);
        rep_workspace_free(ws);
    }
    pol_pair_free(p);
}

/* ------------------------------------------------------------------ late */

/* late's defaults for the scripted cases below, which count in raw time units: its `auto`
 * heartbeat (3 s of the real system) given as the 1 these cases were written for. */
static void late_params(const struct policy *p)
{
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "period", 1.0);
}

static struct rep_workspace *late_run(int slots, int tasks, struct sc_durations *d,
                                      const char *key, double v, const char *key2, double v2,
                                      double out[M_COUNT])
{
    struct cl_spec sp = sc_spec(slots, 1, tasks);
    const struct policy *p = pol_find("late");
    late_params(p);
    if (key)
        sc_params(p, param, key, v);
    if (key2)
        sc_params(p, param, key2, v2);
    int rc;
    struct rep_workspace *ws = sc_run(&sp, "late", param, d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    return ws;
}

/* Five slots, one job of eight tasks started in index order (LATE alone runs beside fifo):
 * at 0 tasks 0 (30), 1 (20), 2 (24), 3 (24.9), 4 (25); task 5 (20) starts at 20, task 6 (2)
 * at 24, task 7 (16) at 24.9. No slot is free until task 4 ends at 25, when the running tasks
 * are 0 (rate 1/30, time to end 5), 5 (1/20, 15), 6 (1/2, 1) and 7 (1/16, 15.9).
 * slow_task = 0.5: the median of the four rates, type 7, is 1/20 + (1/16 − 1/20)/2 = 0.05625,
 * so tasks 0 and 5 are slow; 5 has the longer time to end and gets the copy (1: done at 26).
 * Task 7 has the longest time to end of all but is not slow; task 0 is the slowest but ends
 * sooner. The default 0.25 puts the bar at 1/30 + 0.75 (1/20 − 1/30) = 0.0458: task 0 alone,
 * whose copy (100) holds the cap (0.5 x 5: one copy) until task 0 ends at 30. Then tasks 5
 * (1/20) and 7 (1/16) run: the bar is 1/20 + 0.25 (1/16 − 1/20) = 0.0531, task 5 is below it,
 * and its copy (1) wins at 31. */
Test(late, speculates_the_slow_task_with_the_longest_time_to_end)
{
    struct sc_durations d = {.d = {{30, 100}, {20}, {24}, {24.9}, {25}, {20, 1}, {2}, {16}},
                             .other = 100};
    double out[M_COUNT];
    struct rep_workspace *ws = late_run(5, 8, &d, "slow_task", 0.5, NULL, 0, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->task_copies[5], 2);
    cr_assert_float_eq(cl->task_done[5], 26.0, EPS, "its copy, launched at 25, wins");
    cr_assert_eq(cl->task_copies[7], 1, "fast enough: never speculated");
    rep_workspace_free(ws);

    ws = late_run(5, 8, &d, NULL, 0, NULL, 0, out);
    cl = rep_cluster(ws);
    cr_assert_eq(cl->task_copies[0], 2, "the 25th percentile: only the slowest");
    cr_assert_eq(cl->task_copies[5], 2);
    cr_assert_float_eq(cl->task_done[5], 31.0, EPS, "copied once the cap freed, at 30");
    cr_assert_eq(cl->task_copies[7], 1);
    rep_workspace_free(ws);
}

/* Ten slots, one job of tasks 10, 20, 30, 40, 50; copies never win (100). slow_task = 1:
 * every task slower than the fastest is a candidate. The first decision with a rate is the
 * heartbeat at 1: the cap 0.1 x 10 allows one copy, to task 4 (time to end 49); it runs to
 * 50 and holds the cap, so no other copy ever starts: 6 copies in all, machine time
 * 150 + 49. Cap 0.2: tasks 4 and 3 at 1 (7 copies); min_age 5 with cap 0.1: the copy of task
 * 4 at 5, machine time 150 + 45. */
Test(late, the_cap_and_min_age_bind)
{
    struct sc_durations d = {.d = {{10}, {20}, {30}, {40}, {50}}, .other = 100};
    double out[M_COUNT];
    struct rep_workspace *ws = late_run(10, 5, &d, "slow_task", 1.0, NULL, 0, out);
    cr_assert_eq(rep_cluster(ws)->copies, 6);
    cr_assert_eq(rep_cluster(ws)->task_copies[4], 2);
    cr_assert_float_eq(out[M_MACHINE_TIME], 199.0, EPS);
    rep_workspace_free(ws);
    ws = late_run(10, 5, &d, "slow_task", 1.0, "cap", 0.2, out);
    cr_assert_eq(rep_cluster(ws)->copies, 7);
    cr_assert_eq(rep_cluster(ws)->task_copies[3], 2);
    rep_workspace_free(ws);
    ws = late_run(10, 5, &d, "slow_task", 1.0, "min_age", 5.0, out);
    cr_assert_eq(rep_cluster(ws)->copies, 6);
    cr_assert_float_eq(out[M_MACHINE_TIME], 195.0, EPS);
    rep_workspace_free(ws);
}

/* scope = 1: the quantile within each job. Two jobs on eight slots, a batch: job 0 tasks 0-2
 * (4, 8, 2), job 1 tasks 3-5 (40, 80, 20); copies never win. slow_task = 0.5, cap 1. At the
 * heartbeat t = 1, two slots free, the cluster-wide median rate is 1/20 + (1/8 − 1/20)/2 =
 * 0.0875: tasks 3 (1/40, time to end 39), 4 (1/80, 79) and 5 (1/20, 19) are slow, job 0's
 * all faster: tasks 4 and 3 get the slots. Per job the medians are 1/4 and 1/40: task 1
 * (1/8, 7) and task 4 (1/80, 79) are slow, and both get one. */
Test(late, scope_per_job)
{
    struct cl_spec sp = sc_spec(8, 2, 3);
    struct sc_durations d = {.d = {{4}, {8}, {2}, {40}, {80}, {20}}, .other = 1000};
    const struct policy *p = pol_find("late");
    double out[M_COUNT];
    int rc;
    late_params(p);
    sc_params(p, param, "slow_task", 0.5);
    sc_params(p, param, "cap", 1.0);
    struct rep_workspace *ws = sc_run(&sp, "late", param, &d, out, &rc);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->task_copies[1], 1, "cluster-wide: job 0 is fast");
    cr_assert_eq(cl->task_copies[3], 2);
    cr_assert_eq(cl->task_copies[4], 2);
    rep_workspace_free(ws);
    sc_params(p, param, "scope", 1);
    ws = sc_run(&sp, "late", param, &d, out, &rc);
    cl = rep_cluster(ws);
    cr_assert_eq(cl->task_copies[1], 2, "per job: the slower half of job 0");
    cr_assert_eq(cl->task_copies[4], 2);
    rep_workspace_free(ws);
}

/* ------------------------------------------------------------------ pairs */

/* A speculator alone is fifo+it: Mantri, both orders of its copies and waiting tasks, on a
 * random scenario (Pareto task times from the streams), every metric bit for bit; psrpt+mantri
 * orders waiting tasks otherwise and differs. */
Test(pair, a_speculator_alone_is_fifo_with_it)
{
    struct cl_spec sp = sc_spec(8, 30, 4);
    sp.arrival = ARRIVAL_POISSON;
    sp.rate = 0.8;
    char msg[200];
    const struct policy *mantri = pol_find("mantri");
    const struct policy *pair = pol_pair_new(pol_find("fifo"), mantri, "fifo+mantri", msg,
                                             sizeof msg);
    const struct policy *other = pol_pair_new(pol_find("psrpt"), mantri, "psrpt+mantri", msg,
                                              sizeof msg);
    cr_assert(pair && other, "%s", msg);
    for (int spare = 0; spare <= 1; spare++) {
        sc_params(mantri, param, NULL, 0);
        sc_mantri_reports(mantri, param);
        sc_params(mantri, param, "spare_only", spare);
        double a[M_COUNT], b[M_COUNT], c[M_COUNT];
        int rc;
        rep_workspace_free(sc_run_policy(&sp, mantri, param, NULL, a, &rc));
        rep_workspace_free(sc_run_policy(&sp, pair, param, NULL, b, &rc));
        rep_workspace_free(sc_run_policy(&sp, other, param, NULL, c, &rc));
        cr_assert_eq(rc, REP_OK);
        for (int m = 0; m < M_COUNT; m++)
            cr_assert(memcmp(&a[m], &b[m], sizeof a[m]) == 0, "metric %d, spare_only %d", m,
                      spare);
        cr_assert_neq(a[M_FLOWTIME], c[M_FLOWTIME]);
    }
    pol_pair_free(pair);
    pol_pair_free(other);
}

/* What may pair: a scheduler with a speculator, nothing else; the pair's table is the
 * scheduler's parameters then the speculator's, each found under its own half's name. */
Test(pair, only_a_scheduler_with_a_speculator)
{
    char msg[200];
    cr_assert_null(pol_pair_new(pol_find("late"), pol_find("fair"), "late+fair", msg, sizeof msg));
    cr_assert_str_eq(msg, "'late' is not a job scheduler");
    cr_assert_null(pol_pair_new(pol_find("fair"), pol_find("psrpt"), "x", msg, sizeof msg));
    cr_assert_str_eq(msg, "'psrpt' is not a speculator");
    cr_assert_null(pol_pair_new(pol_find("clone"), pol_find("late"), "x", msg, sizeof msg));
    const struct policy *p = pol_pair_new(pol_find("fair"), pol_find("late"), "fair+late", msg,
                                          sizeof msg);
    cr_assert_not_null(p, "%s", msg);
    int first;
    cr_assert_eq(pol_half_of(p, "late", &first), pol_find("late"));
    cr_assert_eq(first, (int)pol_param_count(pol_find("fair")));
    cr_assert_str_eq(p->params[first].key, "slow_task");
    cr_assert_eq(pol_param_half(p, first - 1), pol_find("fair"));
    cr_assert_eq(pol_param_half(p, first), pol_find("late"));
    cr_assert_null(pol_half_of(p, "mantri", &first));
    cr_assert_str_eq(p->heartbeat, "period");
    pol_pair_free(p);
}

/* The registry keeps the roles' promises: a scheduler sets no timer and has no heartbeat
 * (every timer of a pair is its speculator's), and fifo, the partner of a lone speculator,
 * has neither state nor parameters (so the speculator's table and state are the pair's). */
Test(pair, the_registry_keeps_the_roles)
{
    for (size_t i = 0; i < pol_registry_count; i++) {
        const struct policy *p = pol_registry[i];
        if (p->role == POL_SCHEDULER) {
            cr_assert_null(p->on_timer, "%s", p->name);
            cr_assert_null(p->heartbeat, "%s", p->name);
            cr_assert_not_null(p->on_slot_free, "%s", p->name);
        }
        if (p->role != POL_SPECULATOR)
            cr_assert_null(p->on_launch, "%s", p->name);
    }
    cr_assert_eq(pol_find("fifo")->state_size, 0);
    cr_assert_eq(pol_param_count(pol_find("fifo")), 0);
}

/* ------------------------------------------------------------------ dolly */

/* Ten slots, budget 0.2: two extra copies; clones = 2, max_tasks = 2. At 0 arrive job 0 (2
 * tasks: cloned, reserving 2 extra copies), job 1 (2 tasks: 2 + 2 > 2, not cloned) and job 2
 * (1 task: 2 + 1 > 2, not cloned); every copy lasts 1, so all are done at 1 and the
 * reservation is back to 0. At 5 arrive job 3 (2 tasks: cloned) and job 4 (3 tasks: above
 * max_tasks, never cloned). Counting c·n against the budget instead of the extra (c − 1)·n
 * would clone nothing; never giving the reservation back would not clone job 3. */
Test(dolly, small_jobs_are_cloned_within_the_budget)
{
    struct tr_job jobs[] = {{0, 1, {2, 0}, {1, 0}, {0, 0}}, {0, 1, {2, 0}, {1, 0}, {0, 0}},
                            {0, 1, {1, 0}, {1, 0}, {0, 0}}, {5, 1, {2, 0}, {1, 0}, {0, 0}},
                            {5, 1, {3, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 5, 0};
    struct cl_spec sp = sc_trace_spec(10, &tr);
    struct sc_durations d = {.other = 1.0};
    const struct policy *p = pol_find("dolly");
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "budget", 0.2);
    sc_params(p, param, "max_tasks", 2);
    double out[M_COUNT];
    int rc;
    struct rep_workspace *ws = sc_run(&sp, "dolly", param, &d, out, &rc);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(rc, REP_OK);
    static const int copies[10] = {2, 2, 1, 1, 1, 2, 2, 1, 1, 1};
    for (int t = 0; t < 10; t++)
        cr_assert_eq(cl->task_copies[t], copies[t], "task %d", t);
    rep_workspace_free(ws);
}

/* ------------------------------------------------------------------ hopper */

static struct rep_workspace *hopper_run_with(int slots, const struct tr_job *jobs, int n,
                                             double epsilon, struct sc_durations *d,
                                             enum cl_estimator estimator)
{
    static struct tr_trace tr;
    tr = (struct tr_trace){(struct tr_job *)jobs, n, 0};
    struct cl_spec sp = sc_trace_spec(slots, &tr);
    sp.estimator = estimator;
    const struct policy *p = pol_find("hopper");
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "beta", 2.0); /* V_i = T_i */
    sc_params(p, param, "epsilon", epsilon);
    double out[M_COUNT];
    int rc;
    struct rep_workspace *ws = sc_run(&sp, "hopper", param, d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    return ws;
}

static struct rep_workspace *hopper_run(int slots, const struct tr_job *jobs, int n,
                                        double epsilon, struct sc_durations *d)
{
    return hopper_run_with(slots, jobs, n, epsilon, d, EST_CHRONOS);
}

/* Capacity constrained (Algorithm 1, case 1): four slots, β = 2, a batch of jobs of 3, 2 and
 * 2 tasks of 1: S = 4 ≤ ΣV = 7, so by increasing T_i jobs 1 and 2 get V = 2 each and job 0,
 * the largest, nothing: jobs 1 and 2 run at 0 (tasks 3-6), job 0 at 1, when it is alone and
 * S = 4 > V = 3 gives it all four slots: its three tasks and one copy, of task 0 (all tie:
 * the lowest index). FIFO, or ordering by decreasing T_i, would start job 0 at 0. */
Test(hopper, capacity_constrained_smallest_jobs_first)
{
    struct tr_job jobs[] = {{0, 1, {3, 0}, {1, 0}, {0, 0}}, {0, 1, {2, 0}, {1, 0}, {0, 0}},
                            {0, 1, {2, 0}, {1, 0}, {0, 0}}};
    struct sc_durations d = {.other = 1.0};
    struct rep_workspace *ws = hopper_run(4, jobs, 3, 1.0, &d);
    struct cluster *cl = rep_cluster(ws);
    for (int t = 0; t < 7; t++)
        cr_assert_float_eq(cl->task_start[t], t < 3 ? 1.0 : 0.0, EPS, "task %d", t);
    cr_assert_eq(cl->task_copies[0], 2, "k = 4/3: one copy");
    cr_assert_eq(cl->task_copies[1], 1);
    rep_workspace_free(ws);
}

/* A job's spare slots become copies: three slots, β = 2, job 0 of one task (length 1) and job
 * 1 of two (tasks 1 and 2: lengths 4 and 6); copies last 10. S = 3 ≤ ΣV = 3: H = 1 and 2, all
 * three tasks start at 0. At 1 job 0 is done; job 1 alone has T = 2 < S, so H = 3 (eq. 5) and
 * the free slot becomes a copy — of task 2, estimated to end at 6, after task 1 (4). (At the
 * instant of a launch no copy has reported progress, and ties go to the lowest index.) At 4
 * task 1 is done and task 2, the only one left, gets the freed slot too: 3 copies. Copying the
 * lowest index first would have copied task 1 at 1. */
Test(hopper, spare_slots_become_copies_of_the_likeliest_straggler)
{
    struct tr_job jobs[] = {{0, 1, {1, 0}, {1, 0}, {0, 0}}, {0, 1, {2, 0}, {1, 0}, {0, 0}}};
    struct sc_durations d = {.d = {{1}, {4}, {6}}, .other = 10.0};
    struct rep_workspace *ws = hopper_run(3, jobs, 2, 1.0, &d);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->task_copies[0], 1);
    cr_assert_eq(cl->task_copies[1], 1);
    cr_assert_eq(cl->task_copies[2], 3);
    cr_assert_float_eq(cl->job[1].completion, 6.0, EPS);
    rep_workspace_free(ws);
}

/* A copy's first report counts at the next decision (the candidates kept across decisions
 * with the chronos estimator, gathered afresh with hadoop's). Five slots, β = 2, job 0 of
 * three tasks (lengths 5, 6, 2) and job 1 of two (length 1): S = ΣV = 5, all start at 0. At 1
 * job 1 is done and job 0 (H = 5) copies task 1 (end 6) and then task 0 (end 5, before task
 * 2's 2), copies of lengths 10 and 30. At 2 task 2 is done; tasks 0 and 1 run two copies each,
 * and task 0's new copy reports the later end, 31 against 11: the slot copies task 0 again.
 * Had its report not counted, task 1 (6 against 5) would have had it. Task 0 ends at 5. */
Test(hopper, a_copys_report_moves_its_task_up)
{
    struct tr_job jobs[] = {{0, 1, {3, 0}, {1, 0}, {0, 0}}, {0, 1, {2, 0}, {1, 0}, {0, 0}}};
    struct sc_durations d = {.d = {{5, 30}, {6, 10}, {2}, {1}, {1}}, .other = 50.0};
    for (int e = 0; e < 2; e++) {
        struct rep_workspace *ws =
            hopper_run_with(5, jobs, 2, 1.0, &d, e ? EST_HADOOP : EST_CHRONOS);
        struct cluster *cl = rep_cluster(ws);
        cr_assert_eq(cl->task_copies[0], 3, "estimator %d", e);
        cr_assert_float_eq(cl->task_done[0], 5.0, EPS);
        rep_workspace_free(ws);
    }
}

/* Replica i of `seed` under p with param (checked and resolved for sp) in ws, which runs to
 * the end: every job done. */
static void run_every_job(struct rep_workspace *ws, const struct policy *p,
                          const struct cl_spec *sp, uint64_t seed, int i)
{
    char msg[256];
    cr_assert(pol_call_check(p, sp, param, msg, sizeof msg), "%s", msg);
    pol_call_resolve(p, sp, param);
    double out[M_COUNT];
    int rc = rep_run(ws, sp, p, param, seed, (uint64_t)i, false, out);
    cr_assert_eq(rc, REP_OK, "run %d", i);
    cr_assert_eq(rep_cluster(ws)->ndone, sp->jobs, "run %d", i);
}

/* hopper-dag keeps each job's copy candidates across decisions with the chronos estimator,
 * also when a map phase's end lets its waiting reduce copies process (models/policies/
 * hopper.c, maps_ended): this test build compares the kept candidates and their latest ends
 * with a fresh gather at every decision (check_kept), and the Algorithm 3 entries it keeps for
 * jobs with no task completed since with fresh ones (targets_dag). Poisson jobs of two
 * pipelined phases, both feeds, launch delays that end before and after a map phase does, few
 * slots and many. */
Test(hopper, dag_keeps_candidates_across_map_ends)
{
    const struct policy *p = pol_find("hopper-dag");
    struct cl_spec sp = sc_spec(40, 40, 8);
    sp.arrival = ARRIVAL_POISSON;
    sp.rate = 0.5;
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 2.0};
    sp.reduce_fraction = 0.4;
    sp.phases = PHASES_PIPELINED;
    sp.estimator = EST_CHRONOS;
    sc_params(p, param, NULL, 0);
    struct rep_workspace *ws = rep_workspace_new();
    const double delays[] = {0.0, 0.3, 2.0};
    for (int i = 0; i < 12; i++) {
        sp.launch_delay = delays[i % 3];
        sp.pipeline_feed = i / 3 % 2 ? FEED_LAST : FEED_SHARES;
        sp.slots = i / 6 ? 200 : 12;
        run_every_job(ws, p, &sp, 11, i);
    }
    rep_workspace_free(ws);
}

/* The argmax of H_i − S_i is taken from a heap of the jobs at or above a bar (gap_bar in
 * models/policies/hopper.c), the others joining it only when its top falls below the bar:
 * this test build checks at every slot given that the heap's top is the argmax of every job
 * (check_argmax). Few slots; then many on servers with requests drawn per job and backfill,
 * where jobs whose copies fit no server are passed over, which can empty the heap of the jobs
 * above the bar before the slots run out. Both estimators, hopper and hopper-dag. */
Test(hopper, argmax_over_every_job_when_jobs_are_passed_over)
{
    const char *const names[] = {"hopper", "hopper-dag"};
    struct rep_workspace *ws = rep_workspace_new();
    for (int i = 0; i < 8; i++) {
        const struct policy *p = pol_find(names[i % 2]);
        struct cl_spec sp = sc_spec(10, 60, 3);
        sp.arrival = ARRIVAL_POISSON;
        sp.rate = 0.8;
        sp.task_time = (struct dist){DIST_PARETO, 1.0, 1.5};
        sp.estimator = i / 2 % 2 ? EST_HADOOP : EST_CHRONOS;
        if (i / 4) {
            sc_servers(&sp, 4, 10, 0.1, 0.9);
            sp.backfill = true;
        }
        sc_params(p, param, NULL, 0);
        run_every_job(ws, p, &sp, 5, i);
    }
    rep_workspace_free(ws);
}

/* ε-fair (Algorithm 2): four slots, β = 2, jobs of 2, 3 and 4 tasks of 1 (tasks 0-1, 2-4,
 * 5-8). Algorithm 1 gives V = 2 and 2 to the two smaller jobs and nothing to job 2, which
 * starts at 1. With ε = 0.25 the floor is S/N (1 − ε) = 1: no job's V is below it (m1 = 0),
 * S ≤ ΣV, so each job gets 1 and job 0 one more (V − 1 = 1): H = 2, 1, 1, and job 2's first
 * task starts at 0. */
Test(hopper, epsilon_fair_floor)
{
    struct tr_job jobs[] = {{0, 1, {2, 0}, {1, 0}, {0, 0}}, {0, 1, {3, 0}, {1, 0}, {0, 0}},
                            {0, 1, {4, 0}, {1, 0}, {0, 0}}};
    struct sc_durations d = {.other = 1.0};
    struct rep_workspace *ws = hopper_run(4, jobs, 3, 1.0, &d);
    cr_assert_float_eq(rep_cluster(ws)->task_start[5], 1.0, EPS, "Algorithm 1: job 2 waits");
    rep_workspace_free(ws);
    ws = hopper_run(4, jobs, 3, 0.25, &d);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_float_eq(cl->task_start[5], 0.0, EPS, "ε-fair: job 2 gets its floor at once");
    cr_assert_float_eq(cl->task_start[1], 0.0, EPS);
    cr_assert_float_eq(cl->task_start[3], 1.0, EPS, "job 1 holds one slot");
    rep_workspace_free(ws);
}

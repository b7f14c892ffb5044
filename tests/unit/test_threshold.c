/* The threshold speculator (models/policies/threshold.c, seed 003 §V) on hand-built scenarios:
 * the static bar, the dynamic threshold's utilisation term holding a replica back, a replica
 * waiting for a slot or for a server its requests fit, a threshold below 1 at low utilisation,
 * the check that the dynamic mode needs servers, eq. 9's demand reading, and ties decided as
 * §V's strict inequality says whatever the rounding, and each job's own QoS. Every expected number
 * is computed by hand above its assertion. */
#include <criterion/criterion.h>
#include <math.h>

#include "models/theory/threshold.h"
#include "scenario.h"

#define EPS 1e-12

static double param[POL_MAX_PARAMS];

static struct rep_workspace *run(struct cl_spec *sp, int mode, double static_th, double beta,
                                 struct sc_durations *d)
{
    const struct policy *p = pol_find("threshold");
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "mode", mode);
    sc_params(p, param, "static_th", static_th);
    sc_params(p, param, "beta", beta);
    sc_params(p, param, "qos", 0);
    sc_params(p, param, "interval", 0.5);
    double out[M_COUNT];
    int rc;
    struct rep_workspace *ws = sc_run(sp, "threshold", param, d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    return ws;
}

/* One job of tasks 1, 1, 1, 10 (its replica 1) on 8 slots, checks every 0.5. At 0.5 the TTCs
 * are 0.5, 0.5, 0.5 and 9.5 (progress 0.05 at rate 0.1), average 2.75: with Th = 1.5 the bar is
 * 4.125 and task 3 gets its replica at once, done at 1.5; with Th = 4 the bar is 11, and from
 * t = 1 task 3 runs alone, its own average: never replicated, done at 10. */
Test(threshold, static_bar)
{
    static struct sc_durations d = {.d = {{1}, {1}, {1}, {10, 1}}, .other = 1.0};
    for (int i = 0; i < 2; i++) {
        struct cl_spec sp = sc_spec(8, 1, 4);
        struct rep_workspace *ws = run(&sp, 0, i ? 4.0 : 1.5, 0.5, &d);
        cr_assert_float_eq(rep_cluster(ws)->task_done[3], i ? 10.0 : 1.5, EPS, "Th %g",
                           i ? 4.0 : 1.5);
        rep_workspace_free(ws);
    }
}

static struct cl_spec servers_spec(int servers, int jobs)
{
    struct cl_spec sp = sc_spec(2 * servers, jobs, 4);
    sp.servers = servers;
    sp.server_cpu = sp.server_mem = 1.0;
    sp.cpu_request = sp.mem_request = 0.5;
    return sp;
}

/* The utilisation term. Four servers of capacity 1, copies requesting 0.5 CPU and memory: 8
 * slots, held from 0 by job 0 (tasks 0-3: 1, 1, 1, 10; the replica 1) and job 1 (tasks 4-7:
 * 20 each, alike: never stragglers). At 0.5 all 8 copies run: 8 x 0.5 / 4 = 1 per server,
 * S = 0.5; P = (3 x 0.5 + 0.05)/4 − 0.5 = −0.1125; no QoS, Q = 1.5. With beta 0.5,
 * Th = 1.69375, bar 4.658 < 9.5: task 3 is marked, its replica starts at 1 when slots free,
 * done at 2. With beta 5, Th = 3.94375, bar 10.85: not marked; from 1, five copies run
 * (S = 0.125) and task 3 is its job's only one: Th = 1.5 + 0.5 (PS − 0.5) + 0.625 > 1 keeps
 * it below the bar until it ends at 10. */
Test(threshold, dynamic_utilisation_term)
{
    static struct sc_durations d = {.d = {{1}, {1}, {1}, {10, 1}, {20}, {20}, {20}, {20}},
                                    .other = 1.0};
    for (int i = 0; i < 2; i++) {
        struct cl_spec sp = servers_spec(4, 2);
        struct rep_workspace *ws = run(&sp, 1, 1.5, i ? 5.0 : 0.5, &d);
        cr_assert_float_eq(rep_cluster(ws)->task_done[3], i ? 10.0 : 2.0, EPS, "beta %g",
                           i ? 5.0 : 0.5);
        rep_workspace_free(ws);
    }
}

/* At low utilisation S < 0 can take Th below 1, and a job's last task is a straggler against
 * itself: job 0 alone on two servers (4 slots), beta 5. At 0.5 all 4 copies run (S = 0.5,
 * Th = 3.94375: not marked); at 1 tasks 0-2 are done, one copy runs, 0.25 per server,
 * S = −0.25, P = 0.1 − 0.5: Th = 1.5 − 0.2 − 1.25 = 0.05 and task 3's TTC 9 > 0.05 x 9: its
 * replica starts at 1, done at 2. */
Test(threshold, dynamic_threshold_below_one)
{
    static struct sc_durations d = {.d = {{1}, {1}, {1}, {10, 1}}, .other = 1.0};
    struct cl_spec sp = servers_spec(2, 1);
    struct rep_workspace *ws = run(&sp, 1, 1.5, 5.0, &d);
    cr_assert_float_eq(rep_cluster(ws)->task_start[3], 0.0, EPS);
    cr_assert_eq(rep_cluster(ws)->task_copies[3], 2);
    cr_assert_float_eq(rep_cluster(ws)->task_done[3], 2.0, EPS);
    rep_workspace_free(ws);
}

/* A replica needs a server its requests fit (assumption 1: the same requests as its task).
 * The static_bar job on four servers of capacity 1, each job requesting between 0.5 and
 * 0.500001: 8 slots, yet a server holds one copy. At 0.5 task 3 is marked (bar 4.125 < 9.5)
 * but every server is full until tasks 0-2 end at 1: its replica starts then, done at 2 (with
 * a fixed 0.5, two copies per server, it starts at 0.5: done at 1.5, the static_bar test). */
Test(threshold, replica_waits_for_a_server_it_fits)
{
    static struct sc_durations d = {.d = {{1}, {1}, {1}, {10, 1}}, .other = 1.0};
    struct cl_spec sp = servers_spec(4, 1);
    sp.cpu_request_max = sp.mem_request_max = 0.500001;
    sp.per_server = 2;
    struct rep_workspace *ws = run(&sp, 0, 1.5, 0.5, &d);
    const struct cluster *cl = rep_cluster(ws);
    cr_assert_gt(cl->job[0].cpu, 0.5);
    cr_assert_eq(cl->task_copies[3], 2);
    cr_assert_float_eq(cl->task_done[3], 2.0, EPS);
    rep_workspace_free(ws);
}

/* The dynamic mode weighs the servers' utilisation: without servers it is refused, unless
 * beta = 0. */
Test(threshold, dynamic_needs_servers)
{
    struct cl_spec sp = sc_spec(8, 1, 4);
    const struct policy *p = pol_find("threshold");
    char msg[300];
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "mode", 1);
    cr_assert_not(pol_call_check(p, &sp, param, msg, sizeof msg));
    cr_assert(strstr(msg, "needs cluster.servers"), "%s", msg);
    sc_params(p, param, "beta", 0);
    cr_assert(pol_call_check(p, &sp, param, msg, sizeof msg), "%s", msg);
}

/* Ties are no stragglers: §V's test is TTC > Th × TTC_avg, strictly, and th_exceeds decides
 * it on exact values. Two TTCs 0.5 and b = 1.7109375 (0.5 s into tasks of 1 and 2.2109375)
 * with QoS 1 and α = β = 0: Q = b / median, and the bar Q × average is b itself (the median of
 * two is their average) — but rounded it is b − 2^-52, and b passed it. Past the tie any r
 * decides it, however small. */
Test(threshold, exact_tie_is_no_straggler)
{
    double a = 0.5, b = 1.7109375, ttc[2] = {a, b};
    double num = th_q_num(ttc, 2, 1.0), bar = th_q(ttc, 2, 1.0, TH_MEDIAN) * (a + b) / 2;
    cr_assert_eq(num, b);
    cr_assert_lt(bar, b, "the rounded bar, below b: the rounding the test must not follow");
    cr_assert_not(th_exceeds(b, num, TH_MEDIAN, 1.0, 0.0, ttc, 2));
    cr_assert_not(th_exceeds(b, num, TH_AVERAGE, 1.0, 0.0, ttc, 2));
    cr_assert(th_exceeds(b, num, TH_MEDIAN, 1.0, -1e-15, ttc, 2));
    cr_assert_not(th_exceeds(b, num, TH_MEDIAN, 1.0, 1e-15, ttc, 2));
    /* Three equal TTCs x under the QoS, divided by the QoS: Th = 1 and x is its own average,
     * which rounds to x − 2^-56. */
    double x = 0.12343749999999995, same[3] = {x, x, x};
    cr_assert_lt((x + x + x) / 3, x);
    cr_assert_not(th_exceeds(x, 1.0, TH_QOS, 1.0, 0.0, same, 3));
}

/* The same ties in a run (α = β = 0, QoS 1, checks every 0.5): the job of tasks 1 and
 * 2.2109375 (its replica would take 1) leaves task 1 alone — with the rounded bar it was
 * replicated at 0.5 and done at 1.5; three tasks of 0.6234375 with eq. 7 divided by the QoS
 * get no replica — rounded, all three did. */
Test(threshold, exact_tie_in_a_run)
{
    static struct sc_durations two = {.d = {{1}, {2.2109375, 1}}, .other = 1.0};
    static struct sc_durations three = {.d = {{0.6234375, 0.1}, {0.6234375, 0.1},
                                              {0.6234375, 0.1}},
                                        .other = 1.0};
    const struct policy *p = pol_find("threshold");
    for (int i = 0; i < 2; i++) {
        struct cl_spec sp = sc_spec(8, 1, i ? 3 : 2);
        sc_params(p, param, NULL, 0);
        sc_params(p, param, "mode", 1);
        sc_params(p, param, "alpha", 0);
        sc_params(p, param, "beta", 0);
        sc_params(p, param, "qos", 1.0);
        sc_params(p, param, "interval", 0.5);
        sc_params(p, param, "divisor", i ? TH_QOS : TH_MEDIAN);
        double out[M_COUNT];
        int rc;
        struct rep_workspace *ws = sc_run(&sp, "threshold", param, i ? &three : &two, out, &rc);
        cr_assert_eq(rc, REP_OK);
        const struct cluster *cl = rep_cluster(ws);
        cr_assert_eq(cl->copies, i ? 3 : 2, "divisor %d: no replica", i ? TH_QOS : TH_MEDIAN);
        cr_assert_float_eq(cl->job[0].completion, i ? 0.6234375 : 2.2109375, EPS);
        rep_workspace_free(ws);
    }
}

/* eq. 9's S over the running copies (demand 0) or the demand with the waiting tasks (1). Two
 * servers of capacity 1, copies requesting 0.5: 4 slots; one job of tasks 1, 1, 1, 10 (its
 * replica 1), 1, 1: tasks 4 and 5 wait. No QoS (Q = 1.5), α = 0.5, β = 3. At 0.5 the TTCs are
 * 0.5, 0.5, 0.5, 9.5 (average 2.75), P = (3 × 0.5 + 0.05)/4 − 0.5 = −0.1125; running copies
 * ask 4 × 0.5 / 2 = 1 per server. demand 0: S = 0.5, Th = 2.94375, bar 8.10 < 9.5: task 3 is
 * marked; at 1 tasks 0-2 end, tasks 4, 5 and the replica start: done at 2. demand 1: the two
 * waiting tasks add 0.5, S = 1, Th = 4.44375, bar 12.2: not marked. At 1 task 3 has no
 * progressing sibling (4 and 5 have just started): alone, Th = 1.5 − 0.2 + 3 × 0.25 = 2.05 >
 * 1. At 1.5 the TTCs are 8.5, 0.5, 0.5 (average 3.17), P = −0.1167, S = 0.25 (nothing waits):
 * Th = 2.19, bar 6.94 < 8.5: marked; the replica takes the free slot, done at 2.5. */
Test(threshold, demand_counts_waiting_tasks)
{
    static struct sc_durations d = {.d = {{1}, {1}, {1}, {10, 1}, {1}, {1}}, .other = 1.0};
    const struct policy *p = pol_find("threshold");
    for (int i = 0; i < 2; i++) {
        struct cl_spec sp = servers_spec(2, 1);
        sp.tasks = 6;
        sc_params(p, param, NULL, 0);
        sc_params(p, param, "mode", 1);
        sc_params(p, param, "qos", 0);
        sc_params(p, param, "beta", 3);
        sc_params(p, param, "interval", 0.5);
        sc_params(p, param, "demand", i);
        double out[M_COUNT];
        int rc;
        struct rep_workspace *ws = sc_run(&sp, "threshold", param, &d, out, &rc);
        cr_assert_eq(rc, REP_OK);
        cr_assert_eq(rep_cluster(ws)->task_copies[3], 2);
        cr_assert_float_eq(rep_cluster(ws)->task_done[3], i ? 2.5 : 2.0, EPS, "demand %d", i);
        rep_workspace_free(ws);
    }
}

/* Each job's QoS its own deadline (qos_from = deadline). Two batch jobs of tasks 1, 8 and 10
 * (its replica 1) on 8 slots, deadlines 10 and 5, α = β = 0, eq. 7 divided by the average
 * (so the bar Q × average is eq. 7's numerator), checks every 0.5. At 0.5 each job's TTCs
 * are 0.5, 7.5 and 9.5. Job 0's QoS 10 is above them all: the bar is 10, and stays 10 while
 * the TTCs fall — task 2 is never replicated, done at 10. Job 1's QoS 5 is below 7.5 and 9.5:
 * the bar is 7.5, and task 5 (9.5 > 7.5) gets its replica at 0.5, done at 1.5. One QoS for
 * both jobs gives both the same fate: 10 for qos = 10, 1.5 for qos = 5. */
Test(threshold, each_job_its_own_qos)
{
    struct tr_job jobs[] = {{0, 1, {3, 0}, {1, 0}, {0, 0}, 10.0, 0},
                            {0, 1, {3, 0}, {1, 0}, {0, 0}, 5.0, 0}};
    struct tr_trace tr = {jobs, 2, 0};
    static struct sc_durations d = {.d = {{1}, {8}, {10, 1}, {1}, {8}, {10, 1}}, .other = 1.0};
    const struct policy *p = pol_find("threshold");
    double qos[3] = {NAN, 10.0, 5.0}, done[3][2] = {{10.0, 1.5}, {10.0, 10.0}, {1.5, 1.5}};
    for (int i = 0; i < 3; i++) {
        struct cl_spec sp = sc_trace_spec(8, &tr);
        sp.arrival = ARRIVAL_BATCH;
        sc_params(p, param, NULL, 0);
        sc_params(p, param, "mode", 1);
        sc_params(p, param, "alpha", 0);
        sc_params(p, param, "beta", 0);
        sc_params(p, param, "divisor", TH_AVERAGE);
        sc_params(p, param, "interval", 0.5);
        sc_params(p, param, "qos", qos[i]);
        sc_params(p, param, "qos_from", i == 0);
        char msg[300];
        cr_assert(pol_call_check(p, &sp, param, msg, sizeof msg), "%s", msg);
        double out[M_COUNT];
        int rc;
        struct rep_workspace *ws = sc_run(&sp, "threshold", param, &d, out, &rc);
        cr_assert_eq(rc, REP_OK);
        const struct cluster *cl = rep_cluster(ws);
        cr_assert_float_eq(cl->task_done[2], done[i][0], EPS, "case %d, job 0", i);
        cr_assert_float_eq(cl->task_done[5], done[i][1], EPS, "case %d, job 1", i);
        rep_workspace_free(ws);
    }
}

/* qos_from = deadline needs deadlines and no `qos`. */
Test(threshold, qos_from_deadline_is_checked)
{
    const struct policy *p = pol_find("threshold");
    char msg[300];
    struct cl_spec sp = sc_spec(8, 1, 4);
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "mode", 1);
    sc_params(p, param, "beta", 0);
    sc_params(p, param, "qos_from", 1);
    cr_assert_not(pol_call_check(p, &sp, param, msg, sizeof msg));
    cr_assert(strstr(msg, "needs workload.deadline"), "%s", msg);
    sp.deadline = 5.0;
    cr_assert(pol_call_check(p, &sp, param, msg, sizeof msg), "%s", msg);
    sc_params(p, param, "qos", 3.0);
    cr_assert_not(pol_call_check(p, &sp, param, msg, sizeof msg));
    cr_assert(strstr(msg, "leave it unset"), "%s", msg);
    sc_params(p, param, "qos", NAN);
    sc_params(p, param, "mode", 0); /* unused there, as qos is: a sweep of mode may keep it */
    cr_assert(pol_call_check(p, &sp, param, msg, sizeof msg), "%s", msg);
}

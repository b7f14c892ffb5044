/* Servers with requests drawn per job (models/servers.h): a copy starts only on a server both
 * its CPU and its memory fit; strict FIFO holds later jobs back behind one that fits nowhere,
 * backfill lets them by, in a priority scheduler's order (psrpt) and a speculator's (late) as in
 * FIFO's; every policy runs so; the utilisation policies see sums the running copies'
 * requests. The jobs' requests are set by hand after the reset, and every expected placement
 * is worked out above its assertion. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

#include "models/workload.h"
#include "scenario.h"

/* `servers` servers of capacity 1, requests drawn in [0.1, 0.9] (10 slots per server), one
 * task per job, `jobs` jobs in a batch, each task 1 long. */
static struct cl_spec drawn_spec(int servers, int jobs)
{
    struct cl_spec sp = sc_spec(10 * servers, jobs, 1);
    sp.task_time = (struct dist){DIST_DETERMINISTIC, 1.0, 0.0};
    sc_servers(&sp, servers, 10, 0.1, 0.9);
    return sp;
}

/* Reset a cluster on sp and give job i the requests cpu[i], mem[i]; every job arrives. */
static void start(struct cluster *cl, const struct cl_spec *sp, const double *cpu,
                  const double *mem)
{
    *cl = (struct cluster){0};
    cr_assert_eq(wl_reset(cl, sp, 1, 0), 0);
    for (int i = 0; i < sp->jobs; i++) {
        cl->job[i].cpu = cpu[i];
        cl->job[i].mem = mem[i];
        cl_arrive(cl, i);
    }
}

/* One server. Jobs A (0.6 CPU), B (0.6) and C (0.3), memory 0.2 each. Strict FIFO: A starts, B
 * fits nowhere (1.2 > 1) and holds C back; with backfill C starts beside A (0.9). When A ends,
 * B starts (and strict FIFO's C beside it: 0.9). */
Test(servers, strict_fifo_and_backfill)
{
    const double cpu[] = {0.6, 0.6, 0.3}, mem[] = {0.2, 0.2, 0.2};
    for (int backfill = 0; backfill < 2; backfill++) {
        struct cl_spec sp = drawn_spec(1, 3);
        sp.backfill = backfill;
        struct cluster cl;
        start(&cl, &sp, cpu, mem);
        cr_assert_eq(pol_start_fifo(&cl, 1), backfill ? 2 : 1);
        cr_assert(!isnan(cl.task_start[0]));
        cr_assert(isnan(cl.task_start[1]));
        cr_assert_eq(isnan(cl.task_start[2]), !backfill, "backfill %d", backfill);
        cr_assert_float_eq(cl_cpu_per_server(&cl), backfill ? 0.9 : 0.6, 1e-12);
        cr_assert_eq(cl.nfree, backfill ? 8 : 9, "free slots are not room");
        cl_advance(&cl, 1.0);
        cl_complete(&cl, cl.task_head[0]);
        if (backfill)
            cl_complete(&cl, cl.task_head[2]);
        cr_assert_eq(pol_start_fifo(&cl, 1), backfill ? 1 : 2);
        cr_assert(!isnan(cl.task_start[1]) && !isnan(cl.task_start[2]));
        cl_check(&cl);
        cl_free(&cl);
    }
}

/* Memory binds as CPU does: with A (0.1 CPU, 0.7 memory) running, B (0.1, 0.4) does not fit
 * its server; on two servers it goes to the other one, and the per-server utilisation is the
 * requests over both servers. */
Test(servers, memory_binds_and_servers_fill_apart)
{
    const double cpu[] = {0.1, 0.1}, mem[] = {0.7, 0.4};
    struct cl_spec one = drawn_spec(1, 2), two = drawn_spec(2, 2);
    struct cluster cl;
    start(&cl, &one, cpu, mem);
    cr_assert_eq(pol_start_fifo(&cl, 1), 1);
    cr_assert_not(cl_fits(&cl, 1));
    cl_free(&cl);
    start(&cl, &two, cpu, mem);
    cr_assert_eq(pol_start_fifo(&cl, 1), 2);
    cr_assert_neq(cl.task_head[0] / 10, cl.task_head[1] / 10, "one server each");
    cr_assert_float_eq(cl_mem_per_server(&cl), (0.7 + 0.4) / 2, 1e-12);
    cr_assert_float_eq(cl_cpu_per_server(&cl), 0.1, 1e-12);
    cl_check(&cl);
    cl_free(&cl);
}

/* A copy of a job's task takes a slot on a server it fits even when the most recently freed
 * slot is on a full one; pair.c still finds the slots taken just above the free stack. */
Test(servers, placement_skips_full_servers)
{
    const double cpu[] = {0.8, 0.5, 0.6}, mem[] = {0.1, 0.1, 0.1};
    struct cl_spec sp = drawn_spec(2, 3);
    struct cluster cl;
    start(&cl, &sp, cpu, mem);
    cr_assert_eq(pol_start_fifo(&cl, 1), 2); /* A on one server, B on the other; C waits */
    int a = cl.task_head[0] / 10, b = cl.task_head[1] / 10;
    cr_assert_neq(a, b);
    cr_assert_not(cl_fits(&cl, 2));
    cl_advance(&cl, 1.0);
    cl_complete(&cl, cl.task_head[1]); /* B's slot is freed last: the top of the free stack */
    int before = cl.nfree;
    cr_assert_eq(pol_start_fifo(&cl, 1), 1);
    cr_assert_eq(cl.task_head[2] / 10, b, "C goes where B was: A's server has 0.2 left");
    cr_assert_eq(cl.free_stack[before - 1], cl.task_head[2]);
    cl_check(&cl);
    cl_free(&cl);
}

/* A policy (or pair) run by hand on a started cluster: its state, initialised with param. */
static void *init_policy(struct cluster *cl, const struct policy *p, const double *param)
{
    void *st = calloc(1, pol_state_size(p) + 16);
    cr_assert_not_null(st);
    cr_assert_eq(pol_call_init(p, cl, st, param), 0);
    return st;
}

/* psrpt, by hand (one server of 1): jobs A (3 tasks, 0.1 CPU each), B (1 task, 0.7) and C (2
 * tasks, 0.4), memory 0.1. Smallest remaining work first is B (1), C (2), A (3). B starts
 * (0.7); C's copy does not fit (1.1 > 1). Strict: C, the best job left, holds A back — one task
 * runs. Backfill: C is passed over and A's three tasks start beside B (0.7 + 0.3 = 1.0);
 * C still waits. (FIFO order would have started A first: the placement follows psrpt's
 * order.) */
Test(servers, psrpt_best_job_holds_back_or_is_passed_over)
{
    static const struct tr_job jobs[] = {{0, 1, {3, 0}, {1, 0}, {0, 0}},
                                         {0, 1, {1, 0}, {1, 0}, {0, 0}},
                                         {0, 1, {2, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {.job = (struct tr_job *)jobs, .njobs = 3};
    const double cpu[] = {0.1, 0.7, 0.4}, mem[] = {0.1, 0.1, 0.1};
    for (int backfill = 0; backfill < 2; backfill++) {
        struct cl_spec sp = sc_trace_spec(10, &tr);
        sp.arrival = ARRIVAL_BATCH;
        sp.servers = 1, sp.per_server = 10, sp.server_cpu = sp.server_mem = 1.0;
        sp.cpu_request = sp.mem_request = 0.1;
        sp.cpu_request_max = sp.mem_request_max = 0.9;
        sp.backfill = backfill;
        struct cluster cl;
        start(&cl, &sp, cpu, mem);
        const struct policy *p = pol_find("psrpt");
        double param[POL_MAX_PARAMS];
        sc_params(p, param, NULL, 0);
        void *st = init_policy(&cl, p, param);
        pol_call_slot_free(p, &cl, st);
        cr_assert_eq(cl.job[1].next_unstarted, 1, "B starts first");
        cr_assert_eq(cl.job[2].next_unstarted, 0, "C fits nowhere");
        cr_assert_eq(cl.job[0].next_unstarted, backfill ? 3 : 0, "backfill %d", backfill);
        cr_assert_float_eq(cl_cpu_per_server(&cl), backfill ? 1.0 : 0.7, 1e-12);
        cl_check(&cl);
        pol_call_free(p, st);
        free(st);
        cl_free(&cl);
    }
}

static double late_hook(void *ctx, int task, int copy)
{
    (void)ctx;
    static const double d[] = {10.0, 8.0, 1.0};
    return copy == 0 ? d[task] : 1.0;
}

/* late (a speculator beside fifo), by hand, one server of 1: tasks A (job 0, 0.6 CPU, 10
 * long), B (job 1, 0.1, 8 long), C (job 2, 0.1, 1 long) start at 0 (0.8 used). At 0.5 their
 * progress rates are 0.1, 0.125 and 1; with slow_task = 1 the quantile is the largest, so A and
 * B are candidates, A first (time to end 9.5 against 7.5). A's copy needs 0.6 and 0.2 is left:
 * strict, A holds B back and no copy starts; backfill, A is passed over and B gets its copy. */
Test(servers, late_straggler_copy_by_request)
{
    const double cpu[] = {0.6, 0.1, 0.1}, mem[] = {0.1, 0.1, 0.1};
    for (int backfill = 0; backfill < 2; backfill++) {
        struct cl_spec sp = drawn_spec(1, 3);
        sp.backfill = backfill;
        struct cluster cl = {0};
        cl.duration_hook = late_hook;
        cr_assert_eq(wl_reset(&cl, &sp, 1, 0), 0);
        for (int i = 0; i < 3; i++) {
            cl.job[i].cpu = cpu[i];
            cl.job[i].mem = mem[i];
            cl_arrive(&cl, i);
        }
        const struct policy *p = pol_find("late");
        double param[POL_MAX_PARAMS];
        sc_params(p, param, NULL, 0);
        sc_params(p, param, "slow_task", 1.0);
        sc_params(p, param, "cap", 1.0);
        pol_call_resolve(p, &sp, param);
        void *st = init_policy(&cl, p, param);
        pol_call_slot_free(p, &cl, st);
        cr_assert_eq(cl.copies, 3, "fifo starts all three (0.8)");
        cl_advance(&cl, 0.5);
        pol_call_slot_free(p, &cl, st);
        cr_assert_eq(cl.task_running[0], 1, "A's copy fits nowhere");
        cr_assert_eq(cl.task_running[1], backfill ? 2 : 1, "backfill %d", backfill);
        cr_assert_eq(cl.copies, backfill ? 4 : 3);
        cl_check(&cl);
        pol_call_free(p, st);
        free(st);
        cl_free(&cl);
    }
}

/* Every policy runs with requests drawn per job, strict and with backfill — alone, beside
 * psrpt (a speculator) or beside late (a scheduler): every job completes and no server is
 * ever over its CPU or memory (take_slot's assertion at each launch, cl_check's at the end,
 * in this test build). Poisson jobs of two phases (one where a policy needs it), stragglers, deadlines for the Chronos
 * policies; requests in [0.05, 0.9] on servers of 1, so that a big job often fits nowhere. */
static void run_drawn(const struct policy *p, const char *name)
{
    struct cl_spec sp = sc_spec(0, 30, 6);
    sp.arrival = ARRIVAL_POISSON;
    sp.rate = 0.5;
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 2.5};
    sp.reduce_fraction = 0.3;
    sp.straggle_p = sp.straggle_p_max = 0.1;
    sp.deadline = 30.0;
    sp.servers = 4, sp.per_server = 20, sp.slots = 80, sp.server_cpu = sp.server_mem = 1.0;
    sp.cpu_request = sp.mem_request = 0.05;
    sp.cpu_request_max = sp.mem_request_max = 0.9;
    sp.interval = 0.0;
    double param[POL_MAX_PARAMS] = {0};
    sc_params(p, param, NULL, 0);
    char msg[512];
    if (!pol_call_check(p, &sp, param, msg, sizeof msg))
        sp.reduce_fraction = 0.0; /* hopper: one-phase jobs only */
    cr_assert(pol_call_check(p, &sp, param, msg, sizeof msg), "%s: %s", name, msg);
    pol_call_resolve(p, &sp, param);
    struct rep_workspace *ws = rep_workspace_new();
    for (int backfill = 0; backfill < 2; backfill++) {
        sp.backfill = backfill;
        for (uint64_t r = 0; r < 3; r++) {
            double out[M_COUNT];
            int rc = rep_run(ws, &sp, p, param, 7, r, false, out);
            cr_assert_eq(rc, REP_OK, "%s backfill %d replica %d", name, backfill, (int)r);
            const struct cluster *cl = rep_cluster(ws);
            cr_assert_eq(cl->ndone, cl->njobs, "%s: every job completes", name);
            cr_assert(cl->drawn);
        }
    }
    rep_workspace_free(ws);
}

Test(servers, every_policy_places_by_request)
{
    char msg[256];
    for (size_t i = 0; i < pol_registry_count; i++) {
        const struct policy *p = pol_registry[i];
        run_drawn(p, p->name);
        if (p->role == POL_WHOLE)
            continue;
        const struct policy *other = pol_find(p->role == POL_SCHEDULER ? "late" : "psrpt");
        const struct policy *sched = p->role == POL_SCHEDULER ? p : other;
        const struct policy *spec = p->role == POL_SCHEDULER ? other : p;
        char name[64];
        snprintf(name, sizeof name, "%s+%s", sched->name, spec->name);
        const struct policy *pair = pol_pair_new(sched, spec, name, msg, sizeof msg);
        cr_assert_not_null(pair, "%s: %s", name, msg);
        run_drawn(pair, name);
        pol_pair_free(pair);
    }
}

/* Where every free slot fits every copy the two models agree draw for draw: requests drawn in
 * [0.3, 0.3000001] on servers of 1 fit three copies, as the fixed 0.3 does, so fifo+threshold
 * (static, which reads no utilisation) on Poisson jobs with stragglers gives the same results
 * to the last bit, replica by replica. */
Test(servers, a_range_too_narrow_to_matter_changes_nothing)
{
    struct cl_spec fixed = sc_spec(60, 40, 12);
    fixed.arrival = ARRIVAL_POISSON;
    fixed.rate = 4.0;
    sc_servers(&fixed, 20, 3, 0.3, 0.3);
    fixed.straggle_p = fixed.straggle_p_max = 0.05;
    struct cl_spec drawn = fixed;
    drawn.cpu_request_max = drawn.mem_request_max = 0.3000001;
    cr_assert(srv_drawn(&drawn) && !srv_drawn(&fixed));
    const struct policy *p = pol_find("threshold");
    double param[POL_MAX_PARAMS];
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "qos", 0);
    sc_params(p, param, "interval", 0.25);
    struct rep_workspace *ws = rep_workspace_new();
    for (uint64_t r = 0; r < 5; r++) {
        double a[M_COUNT], b[M_COUNT];
        cr_assert_eq(rep_run(ws, &fixed, p, param, 11, r, true, a), REP_OK);
        int64_t copies = rep_cluster(ws)->copies;
        cr_assert_eq(rep_run(ws, &drawn, p, param, 11, r, true, b), REP_OK);
        cr_assert_eq(rep_cluster(ws)->copies, copies, "replica %d", (int)r);
        cr_assert(copies > 40 * 12, "some replicas ran");
        for (int m = 0; m < M_COUNT; m++)
            cr_assert(a[m] == b[m] || (isnan(a[m]) && isnan(b[m])), "metric %d", m);
    }
    rep_workspace_free(ws);
}

/* Requests from a trace's columns, with fixed requests otherwise (cpu_request = mem_request =
 * 0.2, no range): the trace alone makes the run place by request (srv_drawn), and the trace's
 * least request (0.1) sets the slots per server, as config.c's build_trace_requests does. One
 * server of 1. Jobs A (0.7 CPU), B (0.5: fits nowhere beside A) and C (empty: the scenario's
 * 0.2), one task each of time 1, memory 0.1. fifo and psrpt (equal work: ties by arrival)
 * both take A, B, C in that order: A starts; strict, B holds C back; backfill, C starts beside
 * A (0.9). */
Test(servers, trace_requests_big_job_waits_small_one_fits)
{
    static const struct tr_job jobs[] = {
        {0, 1, {1, 0}, {1, 0}, {0, 0}, 0, 0, 0.7, 0.1, 2, 2},
        {0, 1, {1, 0}, {1, 0}, {0, 0}, 0, 0, 0.5, 0.1, 3, 3},
        {0, 1, {1, 0}, {1, 0}, {0, 0}, 0, 0, 0, 0, 4, 4},
    };
    struct tr_trace tr = {.job = (struct tr_job *)jobs, .njobs = 3};
    const char *names[] = {"fifo", "psrpt"};
    for (int k = 0; k < 2; k++)
        for (int backfill = 0; backfill < 2; backfill++) {
            struct cl_spec sp = sc_trace_spec(10, &tr);
            sp.arrival = ARRIVAL_BATCH;
            sp.servers = 1, sp.server_cpu = sp.server_mem = 1.0;
            sp.cpu_request = sp.mem_request = 0.2;
            sp.cpu_request_max = sp.mem_request_max = 0.2;
            cr_assert_not(srv_drawn(&sp), "fixed requests");
            sp.trace_requests = true;
            sp.cpu_least = sp.mem_least = 0.1;
            sp.per_server = 10;
            sp.backfill = backfill;
            cr_assert(srv_drawn(&sp), "a trace's requests are placed as drawn ones");
            struct cluster cl = {0};
            cr_assert_eq(wl_reset(&cl, &sp, 1, 0), 0);
            cr_assert_eq(cl.job[0].cpu, 0.7);
            cr_assert_eq(cl.job[1].cpu, 0.5);
            cr_assert_eq(cl.job[2].cpu, 0.2, "empty: the scenario's");
            cr_assert_eq(cl.job[2].mem, 0.2);
            for (int i = 0; i < 3; i++)
                cl_arrive(&cl, i);
            const struct policy *p = pol_find(names[k]);
            double param[POL_MAX_PARAMS];
            sc_params(p, param, NULL, 0);
            void *st = init_policy(&cl, p, param);
            pol_call_slot_free(p, &cl, st);
            cr_assert(!isnan(cl.task_start[0]), "%s: A starts", names[k]);
            cr_assert(isnan(cl.task_start[1]), "%s: B fits nowhere beside A", names[k]);
            cr_assert_eq(isnan(cl.task_start[2]), !backfill, "%s backfill %d", names[k],
                         backfill);
            cr_assert_float_eq(cl_cpu_per_server(&cl), backfill ? 0.9 : 0.7, 1e-12);
            cl_check(&cl);
            pol_call_free(p, st);
            free(st);
            cl_free(&cl);
        }
}

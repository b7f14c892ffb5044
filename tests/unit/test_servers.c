/* Servers with requests drawn per job (models/servers.h): a copy starts only on a server both
 * its CPU and its memory fit; strict FIFO holds later jobs back behind one that fits nowhere,
 * backfill lets them by; the utilisation policies see sums the running copies' requests; and
 * a policy that takes any free slot is refused. The jobs' requests are set by hand after the
 * reset, and every expected placement is worked out above its assertion. */
#include <criterion/criterion.h>

#include "models/workload.h"
#include "scenario.h"

/* `servers` servers of capacity 1, requests drawn in [0.1, 0.9] (10 slots per server), one
 * task per job, `jobs` jobs in a batch, each task 1 long. */
static struct cl_spec drawn_spec(int servers, int jobs)
{
    struct cl_spec sp = sc_spec(10 * servers, jobs, 1);
    sp.task_time = (struct dist){DIST_DETERMINISTIC, 1.0, 0.0};
    sp.servers = servers;
    sp.per_server = 10;
    sp.server_cpu = sp.server_mem = 1.0;
    sp.cpu_request = sp.mem_request = 0.1;
    sp.cpu_request_max = sp.mem_request_max = 0.9;
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

/* Only policies that place copies by their requests run with drawn requests; the message
 * names them. Fixed requests run everywhere. */
Test(servers, other_policies_are_refused)
{
    struct cl_spec sp = drawn_spec(2, 1);
    double param[POL_MAX_PARAMS] = {0};
    char msg[512];
    const struct policy *late = pol_find("late");
    sc_params(late, param, NULL, 0);
    cr_assert_not(pol_call_check(late, &sp, param, msg, sizeof msg));
    cr_assert(strstr(msg, "fifo threshold"), "%s", msg);
    cr_assert(pol_call_check(pol_find("fifo"), &sp, param, msg, sizeof msg), "%s", msg);
    sp.cpu_request_max = sp.cpu_request, sp.mem_request_max = sp.mem_request;
    cr_assert(pol_call_check(late, &sp, param, msg, sizeof msg), "%s", msg);
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
    fixed.servers = 20;
    fixed.per_server = 3;
    fixed.server_cpu = fixed.server_mem = 1.0;
    fixed.cpu_request = fixed.mem_request = 0.3;
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

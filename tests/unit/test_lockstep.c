/* The lockstep model (models/lockstep.c) against the scalar one: every replica's every job
 * flowtime and machine time, and its totals, bit for bit, for fifo and clone, Poisson and
 * batch arrivals, loaded and overloaded clusters, full and partial lane groups. */
#include <criterion/criterion.h>
#include <string.h>

#include "models/cluster.h"
#include "models/lockstep.h"
#include "scenario.h"

#define SEED 0x10c5u

static void compare(const struct cl_spec *sp, const char *policy, int replicas)
{
    const struct policy *pol = pol_find(policy);
    cr_assert(pol);
    double param[POL_MAX_PARAMS], out[M_COUNT];
    sc_params(pol, param, NULL, 0);
    cr_assert(ls_supported(sp, pol, param));
    struct rep_workspace *ws = rep_workspace_new();
    struct ls_workspace *lw = ls_workspace_new();
    double a[4096], b[4096];
    cr_assert(sp->jobs <= 4096);
    for (int r = 0; r < replicas; r += LS_LANES) {
        int n = replicas - r < LS_LANES ? replicas - r : LS_LANES;
        cr_assert_eq(ls_run(lw, sp, pol, param, SEED, (uint64_t)r, n), REP_OK);
        for (int l = 0; l < n; l++) {
            cr_assert_eq(rep_run(ws, sp, pol, param, SEED, (uint64_t)(r + l), out), REP_OK);
            for (int q = 0; q < JQ_COUNT; q++) {
                metrics_job_values(rep_cluster(ws), (enum job_quantity)q, a);
                ls_job_values(lw, l, (enum job_quantity)q, b);
                cr_assert(!memcmp(a, b, (size_t)sp->jobs * sizeof *a), "%s replica %d %s",
                          policy, r + l, job_quantity_info[q].name);
            }
            struct rep_totals x = rep_last_totals(ws), y = ls_totals(lw, l);
            double area = ls_busy_area(lw, l);
            cr_assert_eq(x.task_events, y.task_events);
            cr_assert_eq(x.copies, y.copies);
            cr_assert_eq(x.kills, y.kills);
            cr_assert(!memcmp(&x.end_time, &y.end_time, sizeof area));
            cr_assert(!memcmp(&rep_cluster(ws)->busy_area, &area, sizeof area));
        }
    }
    ls_workspace_free(lw);
    rep_workspace_free(ws);
}

/* bench/fifo.ini's model, smaller: 100 slots, 10 Pareto(1, 1.5) tasks per job, load 0.7 */
static struct cl_spec bench_spec(void)
{
    struct cl_spec sp = sc_spec(100, 400, 10);
    sp.arrival = ARRIVAL_POISSON;
    sp.rate = 7.0 / 3.0;
    return sp;
}

Test(lockstep, poisson_fifo_and_clone)
{
    struct cl_spec sp = bench_spec();
    compare(&sp, "fifo", 11);
    compare(&sp, "clone", 11);
}

Test(lockstep, batch_and_overload)
{
    struct cl_spec sp = bench_spec();
    sp.arrival = ARRIVAL_BATCH;
    compare(&sp, "fifo", 8);
    compare(&sp, "clone", 8);
    sp = bench_spec();
    sp.slots = 7; /* load 10: queues grow, every start finds one free slot or none */
    sp.warmup = 50;
    compare(&sp, "fifo", 3);
    compare(&sp, "clone", 3);
}

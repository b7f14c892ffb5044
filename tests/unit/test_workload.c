/* Jobs of different shapes (models/workload.c) and the two-phase mechanism of the cluster
 * (models/cluster.c): the generator's task counts, scales and phases, trace-given jobs, and a
 * reduce copy that waits for its map phase. Expected numbers are worked out in comments. */
#include <criterion/criterion.h>
#include <math.h>

#include "scenario.h"

#define EPS 1e-12

static double param[POL_MAX_PARAMS];

/* One job, maps of 1 and 3, a reduce of 2 (durations scripted), three slots, FIFO: the reduce
 * copy is launched at 0 beside the maps, waits until the last map ends at 3, and ends at 5.
 * Machine time 1 + 3 + 5 = 9: the waiting reduce holds its slot from 0. */
Test(workload, reduce_waits_for_the_map_phase)
{
    struct tr_job jobs[] = {{0.0, 1.0, {2, 1}, {1.0, 1.0}}};
    struct tr_trace tr = {jobs, 1, 0};
    struct cl_spec sp = sc_trace_spec(3, &tr);
    struct sc_durations d = {.other = 1.0};
    d.d[0][0] = 1.0, d.d[1][0] = 3.0, d.d[2][0] = 2.0;
    double out[M_COUNT];
    int rc;
    sc_params(pol_find("fifo"), param, NULL, 0);
    struct rep_workspace *ws = sc_run(&sp, "fifo", param, &d, out, &rc);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(rc, REP_OK);
    cr_assert_float_eq(cl->task_start[2], 0.0, EPS, "launched with the maps");
    cr_assert_float_eq(cl->task_done[2], 5.0, EPS, "progress only from the last map's end");
    cr_assert_float_eq(cl->job[0].completion, 5.0, EPS);
    cr_assert_float_eq(out[M_MACHINE_TIME], 9.0, EPS);
    rep_workspace_free(ws);
}

/* Mid-run state: while the maps run, the reduce task counts as running and waiting, its copy
 * has no estimate, and the job's remaining work counts it at its phase's mean (2 here). */
Test(workload, waiting_reduce_state)
{
    struct tr_job jobs[] = {{0.0, 1.0, {1, 1}, {1.0, 2.0}}};
    struct tr_trace tr = {jobs, 1, 0};
    struct cl_spec sp = sc_trace_spec(2, &tr);
    struct cluster cl = {0};
    cr_assert_eq(cl_reset(&cl, &sp, 1, 0), 0);
    cl_arrive(&cl, 0);
    cl_start_next_task(&cl, 0, 1);          /* the map: deterministic 1 x scale 1 */
    int s = cl.task_head[cl_start_next_task(&cl, 0, 1)]; /* the reduce: 1 x scale 2 */
    cr_assert(cl_copy_waiting(&cl, s));
    cr_assert(isnan(cl_est_end(&cl, s)));
    cr_assert_eq(cl.job[0].tasks_waiting, 1);
    cr_assert_eq(cl_task_phase(&cl, 1), CL_REDUCE);
    cr_assert_float_eq(cl_job_remaining_work(&cl, 0), 1.0 + 2.0, EPS);
    cl_check(&cl);
    cl_advance(&cl, 1.0);
    cl_complete(&cl, cl_next_end_slot(&cl));
    cr_assert(!cl_copy_waiting(&cl, s));
    cr_assert_float_eq(cl.slot_end[s], 3.0, EPS, "starts at 1, takes 2");
    cr_assert_eq(cl.job[0].tasks_waiting, 0);
    cl_check(&cl);
    cl_free(&cl);
}

/* Killing the only copy of a waiting reduce task makes it an orphan like any other. */
Test(workload, kill_a_waiting_copy)
{
    struct tr_job jobs[] = {{0.0, 1.0, {1, 1}, {1.0, 1.0}}};
    struct tr_trace tr = {jobs, 1, 0};
    struct cl_spec sp = sc_trace_spec(2, &tr);
    struct cluster cl = {0};
    cr_assert_eq(cl_reset(&cl, &sp, 1, 0), 0);
    cl_arrive(&cl, 0);
    cl_start_next_task(&cl, 0, 1);
    int t = cl_start_next_task(&cl, 0, 1);
    cl_kill(&cl, cl.task_head[t]);
    cr_assert_eq(cl.orphans, 1);
    cr_assert_eq(cl.job[0].tasks_waiting, 0);
    cr_assert_eq(cl.job[0].tasks_running, 1);
    cl_launch_copy(&cl, t, 0.0);
    cr_assert_eq(cl.orphans, 0);
    cr_assert_eq(cl.job[0].tasks_waiting, 1);
    cl_check(&cl);
    cl_free(&cl);
}

/* Trace jobs: arrivals, weights, task counts and phase statistics as given; the phase scale
 * is its mean over the family's (Pareto(1, 3): mean 1.5, SD sqrt(3/4)). */
Test(workload, trace_jobs)
{
    struct tr_job jobs[] = {{0.0, 7.0, {3, 2}, {3.0, 6.0}}, {2.5, 0.0, {1, 0}, {30.0, 0.0}}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = sc_trace_spec(4, &tr);
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 3.0};
    struct cluster cl = {0};
    cr_assert_eq(cl_reset(&cl, &sp, 1, 0), 0);
    cr_assert_eq(cl.ntasks, 6);
    cr_assert_eq(cl.job[0].nmap, 3);
    cr_assert_eq(cl.job[0].ntasks, 5);
    cr_assert_eq(cl.job[1].first_task, 5);
    cr_assert_float_eq(cl.job[1].arrival, 2.5, EPS);
    cr_assert_float_eq(cl.job[0].weight, 7.0, EPS);
    cr_assert_float_eq(cl.job[0].scale[CL_MAP], 2.0, EPS);
    cr_assert_float_eq(cl.job[0].task_mean[CL_REDUCE], 6.0, EPS);
    cr_assert_float_eq(cl.job[0].task_sd[CL_REDUCE], 4.0 * sqrt(0.75), 1e-12);
    cr_assert_float_eq(cl.job[1].task_mean[CL_MAP], 30.0, EPS);
    for (int t = 0; t < 3; t++)
        cr_assert(cl.task_size[t] >= 2.0, "map tasks: Pareto(2, 3)");
    for (int t = 3; t < 5; t++)
        cr_assert(cl.task_size[t] >= 4.0, "reduce tasks: Pareto(4, 3)");
    cl_free(&cl);
}

/* The generator over many jobs: task counts ⌈Pareto⌉ with mean `tasks` (the ceiling adds
 * about 1/2: E⌈X⌉ is within [tasks, tasks + 1]), scales of mean 1 with log-SD σ, and reduce
 * phases of round(0.25 m) tasks (m >= 2). */
Test(workload, generator_statistics)
{
    struct cl_spec sp = sc_spec(10, 20000, 40);
    sp.tasks_beta = 2.5;
    sp.tasks_max = 1000000;
    sp.job_spread = 0.8;
    sp.reduce_fraction = 0.25;
    struct cluster cl = {0};
    cr_assert_eq(cl_reset(&cl, &sp, 7, 0), 0);
    double m = 0, sc = 0, lsc = 0, lsc2 = 0;
    int minm = 1 << 30;
    for (int i = 0; i < cl.njobs; i++) {
        const struct cl_job *j = &cl.job[i];
        m += j->ntasks;
        minm = j->ntasks < minm ? j->ntasks : minm;
        sc += j->scale[CL_MAP];
        lsc += log(j->scale[CL_MAP]);
        lsc2 += log(j->scale[CL_MAP]) * log(j->scale[CL_MAP]);
        int red = j->ntasks - j->nmap;
        cr_assert_eq(red, j->ntasks == 1 ? 0 : (int)lround(0.25 * j->ntasks), "job %d", i);
        cr_assert_float_eq(j->scale[CL_REDUCE], j->scale[CL_MAP], EPS);
    }
    int n = cl.njobs;
    m /= n;
    /* x_m = 40 * 1.5 / 2.5 = 24 < X: every job has ⌈X⌉ >= 25 tasks, and many exactly 25 */
    cr_assert_eq(minm, 25);
    cr_assert(m > 40.0 && m < 41.5, "mean tasks per job %g", m);
    cr_assert(fabs(sc / n - 1.0) < 0.03, "mean scale %g", sc / n);
    double sd = sqrt(lsc2 / n - (lsc / n) * (lsc / n));
    cr_assert(fabs(sd - 0.8) < 0.02, "log-SD of scales %g", sd);
    cr_assert(fabs(lsc / n + 0.32) < 0.02, "log-mean -σ²/2 = -0.32, got %g", lsc / n);
    cl_free(&cl);
}

/* Without the per-job options nothing else is drawn: the jobs stream gives weights alone,
 * exactly as before them (the regression references pin the rest). */
Test(workload, plain_jobs_are_alike)
{
    struct cl_spec sp = sc_spec(10, 50, 3);
    sp.weight_max = 5;
    struct cluster cl = {0};
    cr_assert_eq(cl_reset(&cl, &sp, 3, 1), 0);
    for (int i = 0; i < cl.njobs; i++) {
        cr_assert_eq(cl.job[i].ntasks, 3);
        cr_assert_eq(cl.job[i].nmap, 3);
        cr_assert_eq(cl.job[i].scale[CL_MAP], 1.0);
        cr_assert(cl.job[i].weight >= 1 && cl.job[i].weight <= 5);
    }
    cl_free(&cl);
}

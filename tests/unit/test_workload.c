/* Jobs of different shapes (models/workload.c) and the two-phase mechanism of the cluster
 * (models/cluster.c): the generator's task counts, scales and phases, trace-given jobs, and a
 * reduce copy that waits for its map phase. Expected numbers are worked out in comments. */
#include <criterion/criterion.h>
#include <stddef.h>
#include <math.h>
#include <stdlib.h>

#include "models/workload.h"
#include "scenario.h"

#define EPS 1e-12

static double param[POL_MAX_PARAMS];

/* One job, maps of 1 and 3, a reduce of 2 (durations scripted), three slots, FIFO: the reduce
 * copy is launched at 0 beside the maps, waits until the last map ends at 3, and ends at 5.
 * Machine time 1 + 3 + 5 = 9: the waiting reduce holds its slot from 0. */
Test(workload, reduce_waits_for_the_map_phase)
{
    struct tr_job jobs[] = {{0.0, 1.0, {2, 1}, {1.0, 1.0}, {0, 0}}};
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
    struct tr_job jobs[] = {{0.0, 1.0, {1, 1}, {1.0, 2.0}, {0, 0}}};
    struct tr_trace tr = {jobs, 1, 0};
    struct cl_spec sp = sc_trace_spec(2, &tr);
    struct cluster cl = {0};
    cr_assert_eq(wl_reset(&cl, &sp, 1, 0), 0);
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
    struct tr_job jobs[] = {{0.0, 1.0, {1, 1}, {1.0, 1.0}, {0, 0}}};
    struct tr_trace tr = {jobs, 1, 0};
    struct cl_spec sp = sc_trace_spec(2, &tr);
    struct cluster cl = {0};
    cr_assert_eq(wl_reset(&cl, &sp, 1, 0), 0);
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
    struct tr_job jobs[] = {{0.0, 7.0, {3, 2}, {3.0, 6.0}, {0, 0}},
                            {2.5, 0.0, {1, 0}, {30.0, 0.0}, {0, 0}}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = sc_trace_spec(4, &tr);
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 3.0};
    struct cluster cl = {0};
    cr_assert_eq(wl_reset(&cl, &sp, 1, 0), 0);
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
    cr_assert_eq(wl_reset(&cl, &sp, 7, 0), 0);
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
    cr_assert_eq(wl_reset(&cl, &sp, 3, 1), 0);
    for (int i = 0; i < cl.njobs; i++) {
        cr_assert_eq(cl.job[i].ntasks, 3);
        cr_assert_eq(cl.job[i].nmap, 3);
        cr_assert_eq(cl.job[i].scale[CL_MAP], 1.0);
        cr_assert(cl.job[i].weight >= 1 && cl.job[i].weight <= 5);
    }
    cl_free(&cl);
}

/* Per-job deadlines (deadline_max): every job's D_i lies in [deadline, deadline_max] and is
 * uniform there (mean 15, SD 10/sqrt(12) = 2.89 for [10, 20]), its absolute deadline is its
 * arrival plus D_i; jobs differ; the same seed gives the same deadlines; and arrivals,
 * weights, task counts, scales and task sizes are those of the scenario without them (their
 * own stream). A trace's deadline column comes before the draw; 0 there is the scenario's. */
Test(workload, own_deadlines)
{
    struct cl_spec plain = sc_spec(10, 4000, 4);
    plain.arrival = ARRIVAL_POISSON;
    plain.rate = 1.0;
    plain.weight_max = 7;
    plain.tasks_beta = 1.5;
    plain.tasks_max = 100;
    plain.job_spread = 0.5;
    plain.deadline = 10.0;
    struct cl_spec sp = plain;
    sp.deadline_max = 20.0;
    struct cluster a = {0}, b = {0}, c = {0};
    cr_assert_eq(wl_reset(&a, &plain, 5, 3), 0);
    cr_assert_eq(wl_reset(&b, &sp, 5, 3), 0);
    cr_assert_eq(wl_reset(&c, &sp, 5, 3), 0);
    cr_assert_eq(a.ntasks, b.ntasks);
    double s1 = 0, s2 = 0;
    int n = b.njobs, distinct = 0;
    for (int i = 0; i < n; i++) {
        const struct cl_job *p = &a.job[i], *j = &b.job[i];
        cr_assert(p->arrival == j->arrival && p->weight == j->weight &&
                  p->ntasks == j->ntasks && p->scale[CL_MAP] == j->scale[CL_MAP],
                  "job %d: other attributes moved", i);
        cr_assert_eq(p->rel_deadline, 10.0);
        cr_assert_eq(p->deadline, p->arrival + 10.0);
        double d = j->rel_deadline;
        cr_assert(d >= 10.0 && d <= 20.0, "job %d: D_i %g", i, d);
        cr_assert_eq(j->deadline, j->arrival + d);
        cr_assert_eq(c.job[i].rel_deadline, d, "reproducible");
        distinct += i > 0 && d != b.job[i - 1].rel_deadline;
        s1 += d, s2 += d * d;
    }
    cr_assert_eq(distinct, n - 1, "every job its own deadline");
    double mean = s1 / n, sd = sqrt(s2 / n - mean * mean);
    cr_assert(fabs(mean - 15.0) < 0.2, "mean D_i %g", mean);
    cr_assert(fabs(sd - 10.0 / sqrt(12.0)) < 0.1, "SD of D_i %g", sd);
    for (int t = 0; t < a.ntasks; t++)
        cr_assert_eq(a.task_size[t], b.task_size[t], "task %d", t);
    cl_free(&a), cl_free(&b), cl_free(&c);

    struct tr_job jobs[] = {{0, 1, {1, 0}, {2, 0}, {0, 0}, 7.5}, {1, 1, {1, 0}, {2, 0}, {0, 0}, 0}};
    struct tr_trace tr = {jobs, 2, 0};
    sp = sc_trace_spec(2, &tr);
    cr_assert(wl_own_deadlines(&sp) && !wl_deadlines(&sp), "job 1 has none");
    sp.deadline = 4.0;
    cr_assert(wl_deadlines(&sp));
    cr_assert_eq(wl_reset(&a, &sp, 1, 0), 0);
    cr_assert_eq(a.job[0].rel_deadline, 7.5);
    cr_assert_eq(a.job[1].rel_deadline, 4.0);
    cr_assert_eq(a.job[1].deadline, 5.0);
    sp.deadline_max = 6.0;
    cr_assert_eq(wl_reset(&b, &sp, 1, 0), 0);
    cr_assert_eq(b.job[0].rel_deadline, 7.5, "the trace's own first");
    cr_assert(b.job[1].rel_deadline >= 4.0 && b.job[1].rel_deadline <= 6.0);
    cl_free(&a), cl_free(&b);
}

/* Values from a list: every job's value of the cl_job field at `field` is lo or hi, each about
 * equally often (2000 jobs: 1000 ± 22 each, within 5 SDs), the same for the same seed, and
 * the arrivals those of `plain`, the scenario without the list. Returns the clusters' first
 * for further checks (the caller frees it). */
static struct cluster choices_case(const struct cl_spec *plain, const struct cl_spec *sp,
                                   size_t field, double lo, double hi)
{
    struct cluster a = {0}, b = {0}, c = {0};
    cr_assert_eq(wl_reset(&a, plain, 2, 6), 0);
    cr_assert_eq(wl_reset(&b, sp, 2, 6), 0);
    cr_assert_eq(wl_reset(&c, sp, 2, 6), 0);
    int low = 0;
    for (int i = 0; i < b.njobs; i++) {
        double v = *(double *)((char *)&b.job[i] + field);
        cr_assert(v == lo || v == hi, "job %d: %g", i, v);
        cr_assert_eq(b.job[i].arrival, a.job[i].arrival);
        cr_assert_eq(*(double *)((char *)&c.job[i] + field), v, "reproducible");
        low += v == lo;
    }
    cr_assert(abs(low - 1000) < 5 * 22, "%d of 2000 jobs at %g", low, lo);
    cl_free(&a), cl_free(&c);
    return b;
}

/* Deadlines from a list (deadline_choices, seed 004 §VII's "100 sec or 150 sec"), absolute
 * deadlines following them. */
Test(workload, deadline_choices)
{
    struct cl_spec plain = sc_spec(10, 2000, 2);
    plain.arrival = ARRIVAL_POISSON;
    plain.rate = 1.0;
    plain.deadline = 100.0;
    struct cl_spec sp = plain;
    sp.deadline_choice[0] = 150.0;
    sp.deadline_choice[1] = 100.0;
    sp.deadline_choices = 2;
    struct cluster b = choices_case(&plain, &sp, offsetof(struct cl_job, rel_deadline), 100.0,
                                    150.0);
    for (int i = 0; i < b.njobs; i++)
        cr_assert_eq(b.job[i].deadline, b.job[i].arrival + b.job[i].rel_deadline);
    cl_free(&b);
}

/* Prices from a list (price_choices, seed 004 §III's γ_i by VM type), deadlines untouched
 * (their own stream). */
Test(workload, price_choices)
{
    struct cl_spec plain = sc_spec(10, 2000, 2);
    plain.arrival = ARRIVAL_POISSON;
    plain.rate = 1.0;
    plain.deadline = 10.0;
    plain.deadline_max = 20.0;
    struct cl_spec sp = plain;
    sp.utility_price_choice[0] = 90.0;
    sp.utility_price_choice[1] = 30.0;
    sp.utility_price_choices = 2;
    sp.utility_price = 30.0;
    cr_assert(wl_own_prices(&sp) && !wl_own_prices(&plain));
    struct cluster a = {0};
    cr_assert_eq(wl_reset(&a, &plain, 2, 6), 0);
    struct cluster b = choices_case(&plain, &sp, offsetof(struct cl_job, price), 30.0, 90.0);
    for (int i = 0; i < b.njobs; i++)
        cr_assert_eq(b.job[i].rel_deadline, a.job[i].rel_deadline, "job %d", i);
    cl_free(&a), cl_free(&b);
}

/* Per-job prices (utility.price_max): every job's γ_i lies in [price, price_max], the same
 * seed gives the same prices, jobs differ, and deadlines, arrivals and sizes are those of the
 * scenario without them (their own stream); without the key every job has the price. A
 * trace's price column comes first. */
Test(workload, own_prices)
{
    struct cl_spec plain = sc_spec(10, 500, 2);
    plain.arrival = ARRIVAL_POISSON;
    plain.rate = 1.0;
    plain.deadline = 10.0;
    plain.deadline_max = 20.0;
    plain.utility_price = 2.0;
    struct cl_spec sp = plain;
    sp.utility_price_max = 5.0;
    struct cluster a = {0}, b = {0}, c = {0};
    cr_assert_eq(wl_reset(&a, &plain, 9, 4), 0);
    cr_assert_eq(wl_reset(&b, &sp, 9, 4), 0);
    cr_assert_eq(wl_reset(&c, &sp, 9, 4), 0);
    int distinct = 0;
    for (int i = 0; i < b.njobs; i++) {
        cr_assert_eq(a.job[i].price, 2.0);
        cr_assert(a.job[i].arrival == b.job[i].arrival &&
                  a.job[i].rel_deadline == b.job[i].rel_deadline, "job %d moved", i);
        double p = b.job[i].price;
        cr_assert(p >= 2.0 && p <= 5.0, "job %d: price %g", i, p);
        cr_assert_eq(c.job[i].price, p, "reproducible");
        distinct += i > 0 && p != b.job[i - 1].price;
    }
    cr_assert_eq(distinct, b.njobs - 1);
    for (int t = 0; t < a.ntasks; t++)
        cr_assert_eq(a.task_size[t], b.task_size[t], "task %d", t);
    cl_free(&a), cl_free(&b), cl_free(&c);

    struct tr_job jobs[] = {{0, 1, {1, 0}, {2, 0}, {0, 0}, 0, 9.0}, {1, 1, {1, 0}, {2, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 2, 0};
    sp = sc_trace_spec(2, &tr);
    sp.utility_price = 3.0;
    cr_assert(wl_own_prices(&sp));
    cr_assert_eq(wl_reset(&a, &sp, 1, 0), 0);
    cr_assert_eq(a.job[0].price, 9.0);
    cr_assert_eq(a.job[1].price, 3.0);
    cl_free(&a);
}

/* Per-job shapes from the generator (shape_max): every job's σ of log T lies in [σ, σ_max] and
 * is uniform there (mean 0.55, SD 0.9/sqrt(12) = 0.26 for [0.1, 1.0]); its mean is the
 * family's times its scale, its SD that mean times its own CV; the same seed gives the same
 * shapes; and the weights, task counts, phases and scales are those of the scenario without
 * shapes (drawn after them). */
Test(workload, generator_shapes)
{
    struct cl_spec plain = sc_spec(10, 4000, 10);
    plain.task_time = (struct dist){DIST_LOGNORMAL, log(20.0) - 0.005, 0.1};
    plain.weight_max = 11;
    plain.tasks_beta = 1.5;
    plain.tasks_max = 1000; /* as the config's least is 1: without it every job had no task */
    plain.job_spread = 1.0;
    plain.reduce_fraction = 0.25;
    plain.reduce_scale = 2.0;
    struct cl_spec sp = plain;
    sp.shape_max = 1.0;
    struct cluster a = {0}, b = {0}, c = {0};
    cr_assert_eq(wl_reset(&a, &plain, 11, 2), 0);
    cr_assert_eq(wl_reset(&b, &sp, 11, 2), 0);
    cr_assert_eq(wl_reset(&c, &sp, 11, 2), 0);
    double s1 = 0, s2 = 0;
    int n = b.njobs;
    for (int i = 0; i < n; i++) {
        const struct cl_job *p = &a.job[i], *j = &b.job[i];
        cr_assert(p->weight == j->weight && p->ntasks == j->ntasks && p->nmap == j->nmap,
                  "job %d: other attributes moved", i);
        cr_assert(p->scale[CL_MAP] == j->scale[CL_MAP] &&
                  p->scale[CL_REDUCE] == j->scale[CL_REDUCE], "job %d: scale moved", i);
        cr_assert_eq(p->dist[CL_MAP].b, 0.1);
        double sigma = j->dist[CL_MAP].b;
        cr_assert(sigma >= 0.1 && sigma <= 1.0, "job %d: sigma %g", i, sigma);
        cr_assert_eq(j->dist[CL_REDUCE].b, sigma, "one shape per job");
        cr_assert_eq(c.job[i].dist[CL_MAP].b, sigma, "reproducible");
        for (int ph = 0; ph < CL_PHASES; ph++) {
            double m = 20.0 * j->scale[ph];
            cr_assert_float_eq(j->task_mean[ph], m, 1e-12 * m, "job %d: mean kept", i);
            cr_assert_float_eq(j->task_sd[ph], m * sqrt(expm1(sigma * sigma)), 1e-12 * m);
        }
        s1 += sigma, s2 += sigma * sigma;
    }
    double mean = s1 / n, sd = sqrt(s2 / n - mean * mean);
    cr_assert(fabs(mean - 0.55) < 0.02, "mean sigma %g", mean);
    cr_assert(fabs(sd - 0.9 / sqrt(12.0)) < 0.01, "SD of sigma %g", sd);
    for (int t = 0; t < a.ntasks; t++)
        cr_assert(a.task_size[t] != b.task_size[t] || b.job[a.task_job[t]].dist[0].b == 0.1,
                  "task %d: the same uniform, another shape, another duration", t);
    cl_free(&a), cl_free(&b), cl_free(&c);
}

/* A job's copies follow its own shape: four jobs of 20 000 tasks, σ of log T drawn in
 * [0.1, 1.5]; within each job the log task sizes have SD σ_j (standard error σ_j/200) and
 * mean ln(E_j) − σ_j²/2 — the original copies and extra copies alike (copy 1 of every task,
 * from the copy stream). Pareto jobs (β in [2.5, 6], mean 3 kept) by their sample minimum
 * t_min,j and mean. */
Test(workload, copies_follow_their_jobs_shape)
{
    struct cl_spec sp = sc_spec(1, 4, 20000);
    sp.task_time = (struct dist){DIST_LOGNORMAL, log(5.0) - 0.5 * 0.01, 0.1};
    sp.shape_max = 1.5;
    struct cluster cl = {0};
    cr_assert_eq(wl_reset(&cl, &sp, 5, 0), 0);
    for (int i = 0; i < cl.njobs; i++) /* a task's copies are drawn once its job is there */
        cl_arrive(&cl, i);
    for (int i = 0; i < cl.njobs; i++) {
        const struct cl_job *j = &cl.job[i];
        double sigma = j->dist[CL_MAP].b, mu = log(5.0 * j->scale[CL_MAP]) - sigma * sigma / 2;
        double l1[2] = {0}, l2[2] = {0};
        rng_t r = cl.copy_base;
        for (int t = j->first_task; t < j->first_task + j->ntasks; t++) {
            rng_t x = r;
            rng_advance(&x, (uint64_t)t * RNG_COPY_BLOCK);
            double d[2] = {cl.task_size[t], cl_copy_duration(&cl, t, &x)};
            for (int k = 0; k < 2; k++)
                l1[k] += log(d[k]), l2[k] += log(d[k]) * log(d[k]);
        }
        for (int k = 0; k < 2; k++) {
            double m = l1[k] / j->ntasks, s = sqrt(l2[k] / j->ntasks - m * m);
            cr_assert(fabs(s - sigma) < 5 * sigma / sqrt(2.0 * j->ntasks),
                      "job %d copy %d: log-SD %g, its sigma %g", i, k, s, sigma);
            cr_assert(fabs(m - mu) < 5 * sigma / sqrt(j->ntasks),
                      "job %d copy %d: log-mean %g, want %g", i, k, m, mu);
        }
    }
    sp.task_time = (struct dist){DIST_PARETO, 1.8, 2.5}; /* mean 3 */
    sp.shape_max = 6.0;
    cr_assert_eq(wl_reset(&cl, &sp, 5, 0), 0);
    for (int i = 0; i < cl.njobs; i++) {
        const struct cl_job *j = &cl.job[i];
        double beta = j->dist[CL_MAP].b, tmin = 3.0 * (beta - 1) / beta, lo = INFINITY, sum = 0;
        cr_assert(beta >= 2.5 && beta <= 6.0);
        for (int t = j->first_task; t < j->first_task + j->ntasks; t++)
            lo = fmin(lo, cl.task_size[t]), sum += cl.task_size[t];
        cr_assert(lo >= tmin && lo < tmin * (1 + 1e-3), "job %d: min %g, t_min %g", i, lo, tmin);
        double se = 3.0 * sqrt(1.0 / (beta * (beta - 2)) / j->ntasks);
        cr_assert(fabs(sum / j->ntasks - 3.0) < 6 * se, "job %d: mean %g", i, sum / j->ntasks);
    }
    cl_free(&cl);
}

/* Shapes fitted to a trace's SDs (trace_fit): a phase with an SD gets the family's shape of
 * that CV (lognormal σ² = ln(1 + CV²), Pareto β = 1 + sqrt(1 + 1/CV²)) and keeps its mean; a
 * phase without one keeps the family's shape. One job of 20 000 map and 20 000 reduce tasks:
 * lognormal, map mean 50 and SD 100 (CV 2: σ = sqrt(ln 5) = 1.2686), reduce mean 80 with no
 * SD (σ = 0.5); the log task sizes have those SDs (standard error σ/200). Pareto(1, 1.5),
 * whose variance is infinite: map mean 50 and SD 10 (CV 0.2: β = 1 + sqrt(26) = 6.099), the
 * sample CV within 0.01 of 0.2, every task above t_min = 50(β − 1)/β; the reduce phase keeps
 * β = 1.5 and an infinite SD. Without trace_fit both phases have the family's shape. */
Test(workload, trace_shapes_fitted)
{
    struct tr_job jobs[] = {{0, 1, {20000, 20000}, {50, 80}, {100, 0}}};
    struct tr_trace tr = {jobs, 1, 0};
    struct cl_spec sp = sc_trace_spec(1, &tr);
    sp.task_time = (struct dist){DIST_LOGNORMAL, -0.125, 0.5};
    sp.trace_fit = true;
    struct cluster cl = {0};
    cr_assert_eq(wl_reset(&cl, &sp, 9, 0), 0);
    const struct cl_job *j = &cl.job[0];
    cr_assert_float_eq(j->dist[CL_MAP].b, sqrt(log(5.0)), 1e-15);
    cr_assert_float_eq(j->task_mean[CL_MAP], 50.0, 1e-12);
    cr_assert_float_eq(j->task_sd[CL_MAP], 100.0, 1e-12);
    cr_assert_eq(j->dist[CL_REDUCE].b, 0.5);
    cr_assert_float_eq(j->task_sd[CL_REDUCE], 80.0 * sqrt(expm1(0.25)), 1e-12);
    for (int ph = 0; ph < CL_PHASES; ph++) {
        double l1 = 0, l2 = 0, sigma = j->dist[ph].b;
        int from = ph == CL_MAP ? 0 : j->nmap, n = ph == CL_MAP ? j->nmap : j->ntasks - j->nmap;
        for (int t = from; t < from + n; t++)
            l1 += log(cl.task_size[t]), l2 += log(cl.task_size[t]) * log(cl.task_size[t]);
        double s = sqrt(l2 / n - (l1 / n) * (l1 / n));
        cr_assert(fabs(s - sigma) < 5 * sigma / sqrt(2.0 * n), "phase %d: log-SD %g", ph, s);
    }
    jobs[0].sd[TR_MAP] = 10;
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 1.5};
    cr_assert_eq(wl_reset(&cl, &sp, 9, 0), 0);
    double beta = 1 + sqrt(26.0), tmin = 50 * (beta - 1) / beta, s1 = 0, s2 = 0, lo = INFINITY;
    cr_assert_float_eq(j->dist[CL_MAP].b, beta, 1e-14);
    cr_assert_float_eq(j->task_sd[CL_MAP], 10.0, 1e-12);
    cr_assert_eq(j->dist[CL_REDUCE].b, 1.5);
    cr_assert(isinf(j->task_sd[CL_REDUCE]));
    for (int t = 0; t < j->nmap; t++)
        s1 += cl.task_size[t], s2 += cl.task_size[t] * cl.task_size[t],
            lo = fmin(lo, cl.task_size[t]);
    double m = s1 / j->nmap, cv = sqrt(s2 / j->nmap - m * m) / m;
    cr_assert(lo >= tmin * (1 - 1e-12), "min %g below t_min %g", lo, tmin);
    cr_assert(fabs(cv - 0.2) < 0.01, "sample CV %g", cv);
    sp.trace_fit = false;
    cr_assert_eq(wl_reset(&cl, &sp, 9, 0), 0);
    cr_assert(j->dist[CL_MAP].b == 1.5 && j->dist[CL_MAP].a == 1.0, "the family's");
    cl_free(&cl);
}

/* Seed 003's stragglers make deterministic task times as skewed as a Pareto law of index
 * below 4, so means of them get no interval (docs/methods/statistics.md, Tail indices). The factor at
 * p = 0.05 (between): raw moments 1.10525, 1.81128, 7.8947 (by hand from the mixture), so
 * variance 0.58970 and skewness 4.5890 / 0.58970^1.5 = 10.13; Pareto skewness 10.13 is index
 * 3.61 (bisection on 2(1 + a)/(a − 3) sqrt((a − 2)/a)). Measured: one job of 90 such tasks,
 * mean response time over 1000 replicas, the bootstrap-t covered 0.90 of 200 runs. */
Test(workload, stragglers_lower_the_tail_index)
{
    cr_assert_float_eq(cl_straggle_skewness(0.05, 0), 10.13, 0.01);
    struct cl_spec sp = sc_spec(10, 1, 90);
    sp.task_time = (struct dist){DIST_DETERMINISTIC, 0.7, 0.0};
    cr_assert(isinf(wl_tail_index(&sp)), "deterministic: every moment");
    sp.straggle_p = sp.straggle_p_max = 0.05;
    cr_assert_float_eq(wl_tail_index(&sp), 3.61, 0.01);
}

/* A trace's requests win over the draws with cluster.servers, and the draws are still made:
 * with requests drawn in [0.1, 0.9], a job whose trace gives 0.55 CPU gets it (its memory, not
 * given, is drawn), and the job after it draws what it draws when no job gives any, and so do
 * every task time and arrival. Without servers the columns are not used. */
Test(workload, trace_requests_win_and_leave_the_draws)
{
    struct tr_job given[3] = {{0, 1, {2, 0}, {2, 0}, {0, 0}}, {1, 1, {2, 0}, {2, 0}, {0, 0}},
                              {2, 1, {2, 0}, {2, 0}, {0, 0}}};
    struct tr_job plain[3];
    for (int i = 0; i < 3; i++)
        plain[i] = given[i];
    given[0].cpu = 0.55;
    given[2].mem = 0.35;
    struct tr_trace tg = {given, 3, 0}, tp = {plain, 3, 0};
    struct cl_spec sg = sc_trace_spec(20, &tg), sn = sc_trace_spec(20, &tp);
    struct cl_spec *both[] = {&sg, &sn};
    for (int k = 0; k < 2; k++) {
        both[k]->servers = 2, both[k]->per_server = 10;
        both[k]->server_cpu = both[k]->server_mem = 1.0;
        both[k]->cpu_request = both[k]->mem_request = 0.1;
        both[k]->cpu_request_max = both[k]->mem_request_max = 0.9;
    }
    sg.trace_requests = true;
    struct cluster a = {0}, b = {0};
    cr_assert_eq(wl_reset(&a, &sg, 5, 2), 0);
    cr_assert_eq(wl_reset(&b, &sn, 5, 2), 0);
    cr_assert_eq(a.job[0].cpu, 0.55);
    cr_assert_eq(a.job[0].mem, b.job[0].mem, "not given: the draw");
    cr_assert_neq(b.job[0].cpu, 0.55);
    cr_assert_eq(a.job[1].cpu, b.job[1].cpu, "the next job's draws do not move");
    cr_assert_eq(a.job[1].mem, b.job[1].mem);
    cr_assert_eq(a.job[2].cpu, b.job[2].cpu);
    cr_assert_eq(a.job[2].mem, 0.35);
    for (int i = 0; i < 3; i++)
        cr_assert(a.job[i].cpu > 0.1 && a.job[i].cpu < 0.9, "job %d: %g", i, a.job[i].cpu);
    for (int t = 0; t < a.ntasks; t++)
        cr_assert_eq(a.task_size[t], b.task_size[t], "task %d", t);
    cl_free(&a), cl_free(&b);

    struct cl_spec off = sg;
    off.servers = 0;
    off.trace_requests = false; /* config.c sets it only with servers */
    cr_assert_not(srv_drawn(&off));
    cr_assert_eq(wl_reset(&a, &off, 5, 2), 0);
    cr_assert_eq(a.job[0].cpu, 0.1, "no servers: the scenario's request, not used");
    cl_free(&a);
}

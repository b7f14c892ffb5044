/* The rules of seed 000's and 002's schedulers on hand-built scenarios: which job gets which
 * slots and how many copies each task gets. Jobs are given one by one (sc_trace_spec: the
 * task-time family is deterministic 1, so a phase's mean is its given value and its SD 0);
 * copy durations are scripted. Each expected number is worked out in the comment above. */
#include <criterion/criterion.h>
#include <math.h>

#include "scenario.h"

#define EPS 1e-12

static double param[POL_MAX_PARAMS];

static struct rep_workspace *run(const struct cl_spec *sp, const char *policy,
                                 struct sc_durations *d, double *out)
{
    int rc;
    struct rep_workspace *ws = sc_run(sp, policy, param, d, out, &rc);
    cr_assert_eq(rc, REP_OK, "%s ran to the end", policy);
    return ws;
}

/* ------------------------------------------------------------------ rankings */

/* A ranking kept sorted by inserts and removes is the one pol_rank_sort makes of the same
 * entries: keys with ties (−0 and 0 among them, −∞), jobs in scrambled order, some removed. */
Test(rank, insert_and_remove_keep_the_sorted_order)
{
    static const double keys[] = {-1.0, -0.0, 0.0, -INFINITY, -0.5, -1.0, 2.0, -0.5};
    struct pol_ranking kept = {0}, sorted = {0};
    cr_assert_eq(pol_rank_reserve(&kept, 64), 0);
    cr_assert_eq(pol_rank_reserve(&sorted, 64), 0);
    for (int i = 0; i < 40; i++) {
        int job = (i * 17) % 40;
        pol_rank_insert(&kept, keys[job % 8], job);
    }
    for (int job = 0; job < 40; job += 3)
        pol_rank_remove(&kept, keys[job % 8], job);
    for (int job = 0; job < 40; job++)
        if (job % 3 != 0)
            sorted.r[sorted.n++] = (struct pol_rank){keys[job % 8], job};
    pol_rank_sort(&sorted);
    cr_assert_eq(kept.n, sorted.n);
    for (int i = 0; i < kept.n; i++)
        cr_assert_eq(kept.r[i].job, sorted.r[i].job, "entry %d", i);
    pol_rank_free(&kept);
    pol_rank_free(&sorted);
}

/* ------------------------------------------------------------------ srptms */

/* Ten slots, a batch of three jobs of weight 1 with 2, 10 and 20 tasks of mean 1, ε = 0.6.
 * Priorities w/U: 1/2 > 1/10 > 1/20. W = 3. Job 0: W_0 = 3, W_0 − w = 2 >= (1 − ε)W = 1.2, so
 * g = 10/(0.6·3) = 5.56; whole machines ⌊5.56⌋ = 5: its 2 tasks get ⌊5/2⌋ = 2 copies each.
 * Job 1: W_1 = 2, 2 − 1 < 1.2 <= 2: g = (2 − 1.2)·10/1.8 = 4.44, running sum 10: ⌊10⌋ − 5 = 5
 * machines, 5 of its tasks with one copy. Job 2: W_2 = 1 < 1.2: nothing. (Rounding each share
 * down instead would give job 1 only 4.) */
Test(srptms, epsilon_sharing_and_cloning)
{
    struct tr_job jobs[] = {{0, 1, {2, 0}, {1, 0}, {0, 0}}, {0, 1, {10, 0}, {1, 0}, {0, 0}},
                            {0, 1, {20, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 3, 0};
    struct cl_spec sp = sc_trace_spec(10, &tr);
    sp.interval = 1.0;
    struct sc_durations d = {.other = 100.0};
    double out[M_COUNT];
    sc_params(pol_find("srptms"), param, NULL, 0);
    struct rep_workspace *ws = run(&sp, "srptms", &d, out);
    struct cluster *cl = rep_cluster(ws);
    for (int t = 0; t < 2; t++)
        cr_assert_eq(cl->task_copies[t], 2, "job 0's task %d: two copies", t);
    for (int t = 2; t < 7; t++)
        cr_assert_float_eq(cl->task_start[t], 0.0, EPS, "job 1 task %d at once", t);
    /* t = 1: one slot free; job 0 has nothing left to launch, so ψ = {1, 2}, W = 2: job 1
     * (w/U = 1/5) deserves 10/1.2 = 8.33 → 8 and holds 5: the free slot goes to task 7. The
     * rest waits for the copies ending at 100. */
    cr_assert_float_eq(cl->task_start[7], 1.0, EPS);
    cr_assert_float_eq(cl->task_start[8], 100.0, EPS);
    for (int t = 2; t < 12; t++)
        cr_assert_eq(cl->task_copies[t], 1);
    cr_assert(cl->task_start[12] >= 100.0, "job 2 gets nothing before");
    rep_workspace_free(ws);
}

/* Seed 002 §V: "when ε is set to 1, the scheduler just reduces to the fair scheduler in
 * Hadoop" — the weighted one (`fair`, weighted = yes), with SRPTMS+C's cloning off (max_copies
 * 1; the Fair scheduler does not clone). Four slots, slots of 1, a batch of job 0 (weight 3, 6
 * tasks, 0-5) and job 1 (weight 1, 8 tasks, 6-13), every copy 1. ε = 1: W = 4, shares 3 and 1
 * machines; the Fair scheduler gives the fewest slots per weight first, also 3 and 1. So job
 * 0 runs 3 tasks at 0 and 3 at 1 (done at 2), job 1 one at 0 and at 1, then all four slots:
 * 4 at 2, the last 2 at 3 (done at 4). Every task starts at the same time under both. At
 * ε = 0.6 SRPTMS+C is not Fair: job 0 (W_0 − w = 1 < (1 − ε)W = 1.6) deserves
 * (4 − 1.6)·4/2.4 = 4, everything; job 1 (W_1 = 1 < 1.6) nothing, and starts only at 2. */
Test(srptms, epsilon_one_is_the_fair_scheduler)
{
    struct tr_job jobs[] = {{0, 3, {6, 0}, {1, 0}, {0, 0}}, {0, 1, {8, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = sc_trace_spec(4, &tr);
    sp.interval = 1.0;
    struct sc_durations d = {.other = 1.0};
    double out[M_COUNT], fair_start[14], want[14] = {0, 0, 0, 1, 1, 1, 0, 1, 2, 2, 2, 2, 3, 3};
    sc_params(pol_find("fair"), param, NULL, 0);
    sc_params(pol_find("fair"), param, "weighted", 1);
    struct rep_workspace *ws = run(&sp, "fair", &d, out);
    for (int t = 0; t < 14; t++)
        fair_start[t] = rep_cluster(ws)->task_start[t];
    rep_workspace_free(ws);
    for (int t = 0; t < 14; t++)
        cr_assert_float_eq(fair_start[t], want[t], EPS, "fair: task %d", t);
    const struct policy *p = pol_find("srptms");
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "max_copies", 1);
    sc_params(p, param, "epsilon", 1.0);
    ws = run(&sp, "srptms", &d, out);
    struct cluster *cl = rep_cluster(ws);
    for (int t = 0; t < 14; t++)
        cr_assert_float_eq(cl->task_start[t], fair_start[t], EPS, "srptms at 1: task %d", t);
    cr_assert_float_eq(cl->job[0].completion, 2.0, EPS);
    cr_assert_float_eq(cl->job[1].completion, 4.0, EPS);
    rep_workspace_free(ws);
    sc_params(p, param, "epsilon", 0.6);
    ws = run(&sp, "srptms", &d, out);
    cr_assert_float_eq(rep_cluster(ws)->task_start[6], 2.0, EPS, "ε = 0.6: job 1 waits");
    rep_workspace_free(ws);
}

/* Weights decide before sizes: one slot at a time (S = 1), a batch of a big heavy job
 * (4 tasks, weight 8: w/U = 2) and a small light one (1 task, weight 1: w/U = 1). ε small:
 * only the top job shares. The heavy job runs first, 0..4, the light one 4..5. */
Test(srptms, weight_over_size)
{
    struct tr_job jobs[] = {{0, 1, {1, 0}, {1, 0}, {0, 0}}, {0, 8, {4, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = sc_trace_spec(1, &tr);
    sp.interval = 1.0;
    struct sc_durations d = {.other = 1.0};
    double out[M_COUNT];
    sc_params(pol_find("srptms"), param, NULL, 0);
    sc_params(pol_find("srptms"), param, "epsilon", 0.1);
    struct rep_workspace *ws = run(&sp, "srptms", &d, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_float_eq(cl->job[1].completion, 4.0, EPS);
    cr_assert_float_eq(cl->job[0].completion, 5.0, EPS);
    rep_workspace_free(ws);
}

/* Reduce tasks are scheduled only when no map task is left to launch, and wait for the map
 * phase. One job, 2 maps and 2 reduces, 8 slots: at t = 0 the share is all 8 (the only job);
 * ⌊8/2⌋ = 4 copies of each map. At t = 1 (maps take 2) the job holds 8 slots, its share:
 * nothing new. At t = 2 the maps are done, 8 free: ⌊8/2⌋ = 4 copies of each reduce. */
Test(srptms, maps_before_reduces)
{
    struct tr_job jobs[] = {{0, 1, {2, 2}, {1, 1}, {0, 0}}};
    struct tr_trace tr = {jobs, 1, 0};
    struct cl_spec sp = sc_trace_spec(8, &tr);
    sp.interval = 1.0;
    struct sc_durations d = {.other = 2.0};
    double out[M_COUNT];
    sc_params(pol_find("srptms"), param, NULL, 0);
    struct rep_workspace *ws = run(&sp, "srptms", &d, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->task_copies[0], 4);
    cr_assert_eq(cl->task_copies[1], 4);
    cr_assert_float_eq(cl->task_start[2], 2.0, EPS);
    cr_assert_eq(cl->task_copies[2], 4);
    cr_assert_float_eq(cl->job[0].completion, 4.0, EPS);
    rep_workspace_free(ws);
}

/* When reduce tasks may be scheduled, and who shares while a job waits for its map phase.
 * Four slots, ε = 1 (every pending job shares), one copy per task (max_copies 1), decisions
 * every 1, every task 2 long. A batch of J0 (1 map, task 0; 1 reduce, task 1; U = 2) and J1
 * (6 maps, tasks 2–7; U = 6): at t = 0 each deserves 4/2 = 2 machines; J0 launches its map,
 * J1 tasks 2 and 3, one slot stays free. At t = 1 J0's map runs and its reduce is unscheduled:
 *  - reduce_early = 1 (the pseudo-code): J0 launches the reduce at 1, which waits until 2;
 *  - reduce_early = 0 (the prose): not before its map completes at 2; with psi = 1 J0
 *    keeps its share in ψ(l) and the free slot idles until 2, with psi = 0 J0 leaves
 *    ψ(l), J1 alone deserves all 4 and starts task 4 at 1. */
Test(srptms, reduce_timing_and_psi)
{
    struct tr_job jobs[] = {{0, 1, {1, 1}, {1, 1}, {0, 0}}, {0, 1, {6, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = sc_trace_spec(4, &tr);
    sp.interval = 1.0;
    struct sc_durations d = {.other = 2.0};
    double out[M_COUNT];
    const struct {
        int early, psi;
        double reduce, task4;
    } cases[] = {{1, 1, 1.0, 2.0}, {0, 1, 2.0, 2.0}, {0, 0, 2.0, 1.0}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        sc_params(pol_find("srptms"), param, NULL, 0);
        sc_params(pol_find("srptms"), param, "epsilon", 1.0);
        sc_params(pol_find("srptms"), param, "max_copies", 1);
        sc_params(pol_find("srptms"), param, "reduce_early", cases[k].early);
        sc_params(pol_find("srptms"), param, "psi", cases[k].psi);
        struct rep_workspace *ws = run(&sp, "srptms", &d, out);
        struct cluster *cl = rep_cluster(ws);
        cr_assert_float_eq(cl->task_start[1], cases[k].reduce, EPS, "case %zu: reduce", k);
        cr_assert_float_eq(cl->task_start[4], cases[k].task4, EPS, "case %zu: task 4", k);
        rep_workspace_free(ws);
    }
}

/* psi = 2 (§V-A, every alive job) keeps a job whose tasks all run in ψ(l), first (U = 0), with
 * its share counting the machines it holds. Four slots, ε = 1, one copy per task, decisions
 * every 1: J0 (task 0, 10 long) and J1 (tasks 1–4, 2 long) arrive at 0; each deserves 2: J0
 * takes 1 slot, J1 2, one stays free. At t = 1 J0 has nothing left to schedule: with psi = 0
 * or 1 only J1 shares (all 4) and starts task 3 at 1; with psi = 2 J0 keeps its share of 2
 * (holding 1) and J1 its 2, so task 3 waits for J1's first tasks to end at 2. */
Test(srptms, psi_alive_counts_running_jobs)
{
    struct tr_job jobs[] = {{0, 1, {1, 0}, {1, 0}, {0, 0}}, {0, 1, {4, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = sc_trace_spec(4, &tr);
    sp.interval = 1.0;
    struct sc_durations d = {.other = 2.0};
    d.d[0][0] = 10.0;
    double out[M_COUNT];
    for (int psi = 0; psi <= 2; psi++) {
        sc_params(pol_find("srptms"), param, NULL, 0);
        sc_params(pol_find("srptms"), param, "epsilon", 1.0);
        sc_params(pol_find("srptms"), param, "max_copies", 1);
        sc_params(pol_find("srptms"), param, "psi", psi);
        struct rep_workspace *ws = run(&sp, "srptms", &d, out);
        cr_assert_float_eq(rep_cluster(ws)->task_start[3], psi == 2 ? 2.0 : 1.0, EPS, "psi %d",
                           psi);
        rep_workspace_free(ws);
    }
}

/* round_copies: one job of 2 tasks alone on 5 slots (ε = 1) deserves all 5: ⌊5/2⌋ = 2 copies
 * each by default; rounded to the nearest, 3, as far as machines are free: 3 and then 2. */
Test(srptms, copies_floor_or_nearest)
{
    struct tr_job jobs[] = {{0, 1, {2, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 1, 0};
    struct cl_spec sp = sc_trace_spec(5, &tr);
    sp.interval = 1.0;
    struct sc_durations d = {.other = 2.0};
    double out[M_COUNT];
    for (int round = 0; round <= 1; round++) {
        sc_params(pol_find("srptms"), param, NULL, 0);
        sc_params(pol_find("srptms"), param, "epsilon", 1.0);
        sc_params(pol_find("srptms"), param, "round_copies", round);
        struct rep_workspace *ws = run(&sp, "srptms", &d, out);
        cr_assert_eq(rep_cluster(ws)->task_copies[0], round ? 3 : 2, "round_copies %d", round);
        cr_assert_eq(rep_cluster(ws)->task_copies[1], 2, "round_copies %d", round);
        rep_workspace_free(ws);
    }
}

/* With reduce_early = 0 no reduce task starts before its job's last map task has finished:
 * a random two-phase workload (Pareto task times, cloning, a reduce phase of half the tasks)
 * checked task by task. With reduce_early = 1 some do (the check has teeth). */
static int reduces_before_their_maps(int reduce_early)
{
    struct cl_spec sp = sc_spec(40, 30, 6);
    sp.arrival = ARRIVAL_POISSON;
    sp.rate = 1.0;
    sp.reduce_fraction = 0.5;
    sp.interval = 0.5;
    sc_params(pol_find("srptms"), param, NULL, 0);
    sc_params(pol_find("srptms"), param, "r", 0);
    sc_params(pol_find("srptms"), param, "reduce_early", reduce_early);
    double out[M_COUNT];
    struct rep_workspace *ws = run(&sp, "srptms", NULL, out);
    struct cluster *cl = rep_cluster(ws);
    int early = 0;
    for (int i = 0; i < cl->njobs; i++) {
        const struct cl_job *j = &cl->job[i];
        double last_map = 0.0;
        for (int t = j->first_task; t < j->first_task + j->nmap; t++)
            last_map = fmax(last_map, cl->task_done[t]);
        for (int t = j->first_task + j->nmap; t < j->first_task + j->ntasks; t++)
            early += cl->task_start[t] < last_map;
    }
    rep_workspace_free(ws);
    return early;
}

Test(srptms, no_reduce_before_the_map_phase_ends)
{
    cr_assert_eq(reduces_before_their_maps(0), 0);
    cr_assert_gt(reduces_before_their_maps(1), 0);
}

/* r = 0 weighs no SD: a job's effective work is E per task even where the SD is infinite
 * (Pareto β ≤ 2; 0·∞ would make every priority NaN and the ranking arbitrary). */
Test(srptms, r_0_ignores_an_infinite_sd)
{
    struct cl_job j = {.task_mean = {3.0, 2.0}, .task_sd = {INFINITY, INFINITY}};
    cr_assert_float_eq(pol_effective_work(&j, 4, 1, 0.0), 14.0, EPS);
    cr_assert(isinf(pol_effective_work(&j, 4, 1, 1.0)));
}

/* r matters once jobs differ in CV (seed 002 eq. 4, U = m(E + rσ)). One slot, ε small (only
 * the top job shares), a batch of two one-task jobs of weight 1 whose shapes are fitted to
 * their trace SDs: job 0 has mean 10 and SD 30 (CV 3), job 1 mean 12 and SD 1.2 (CV 0.1).
 * r = 0: U = 10 < 12, job 0 runs first (done at 1, job 1 at 2). r = 3: U_0 = 10 + 90 = 100 >
 * U_1 = 12 + 3.6, job 1 first. With the family's shape for both (trace_fit off: CV 0.53 each)
 * U_0/U_1 = 10/12 for every r, and r = 3 keeps job 0 first. */
Test(srptms, r_orders_jobs_of_different_cv)
{
    struct tr_job jobs[] = {{0, 1, {1, 0}, {10, 0}, {30, 0}}, {0, 1, {1, 0}, {12, 0}, {1.2, 0}}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = sc_trace_spec(1, &tr);
    sp.task_time = (struct dist){DIST_LOGNORMAL, -0.125, 0.5}; /* mean 1 */
    sp.interval = 1.0;
    struct sc_durations d = {.other = 1.0};
    double out[M_COUNT];
    const struct {
        bool fit;
        double r;
        int first;
    } cases[] = {{true, 0, 0}, {true, 3, 1}, {false, 0, 0}, {false, 3, 0}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        sp.trace_fit = cases[k].fit;
        sc_params(pol_find("srptms"), param, NULL, 0);
        sc_params(pol_find("srptms"), param, "epsilon", 0.1);
        sc_params(pol_find("srptms"), param, "r", cases[k].r);
        struct rep_workspace *ws = run(&sp, "srptms", &d, out);
        struct cluster *cl = rep_cluster(ws);
        int first = cases[k].first;
        cr_assert_float_eq(cl->job[first].completion, 1.0, EPS, "case %zu: job %d first", k,
                           first);
        cr_assert_float_eq(cl->job[1 - first].completion, 2.0, EPS, "case %zu", k);
        rep_workspace_free(ws);
    }
}

/* ------------------------------------------------------------------ srpt-offline */

/* One slot, a batch: job 0 (3 tasks of mean 1, weight 1: w/φ = 1/3), job 1 (1 task of mean 2,
 * weight 1: 1/2), job 2 (2 tasks of mean 1, weight 4: 2). Order 2, 1, 0: job 2 done at 2,
 * job 1 at 4, job 0 at 7 (durations = means). */
Test(srpt_offline, order_by_weight_over_effective_work)
{
    struct tr_job jobs[] = {{0, 1, {3, 0}, {1, 0}, {0, 0}}, {0, 1, {1, 0}, {2, 0}, {0, 0}},
                            {0, 4, {2, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 3, 0};
    struct cl_spec sp = sc_trace_spec(1, &tr);
    double out[M_COUNT];
    sc_params(pol_find("srpt-offline"), param, NULL, 0);
    struct rep_workspace *ws = run(&sp, "srpt-offline", NULL, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_float_eq(cl->job[2].completion, 2.0, EPS);
    cr_assert_float_eq(cl->job[1].completion, 4.0, EPS);
    cr_assert_float_eq(cl->job[0].completion, 7.0, EPS);
    cr_assert_float_eq(out[M_COPIES_PER_TASK], 1.0, EPS);
    rep_workspace_free(ws);
}

/* ------------------------------------------------------------------ ese and ese-detect */

/* σ = 1 with Pareto(1, 2) task times (E[X] = 2): a straggler has t_rem > 2. Three slots, one
 * job of three tasks of 10, 8 and 1, decisions every 1. t = 0: all three start. t = 1: task 2
 * is done, one slot free; D = {task 0 (9 left), task 1 (7 left)}, longest first: task 0's
 * duplicate (0.5) ends at 1.5 and frees two slots. t = 2: task 1 (6 left) gets its duplicate
 * (0.5), done at 2.5. The other order would finish task 1 at 1.5 and task 0 at 2.5. */
Test(ese, longest_remaining_straggler_first)
{
    struct cl_spec sp = sc_spec(3, 1, 3);
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 2.0};
    sp.interval = 1.0;
    struct sc_durations d = {.other = 0.5};
    d.d[0][0] = 10, d.d[1][0] = 8, d.d[2][0] = 1;
    double out[M_COUNT];
    sc_params(pol_find("ese"), param, NULL, 0);
    sc_params(pol_find("ese"), param, "sigma", 1.0);
    struct rep_workspace *ws = run(&sp, "ese", &d, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_float_eq(cl->task_done[0], 1.5, EPS);
    cr_assert_float_eq(cl->task_done[1], 2.5, EPS);
    cr_assert_eq(cl->task_copies[2], 1, "task 2 (1 left at most) is never a straggler");
    rep_workspace_free(ws);
}

/* A task below the threshold is left alone, and a task is duplicated once: one slot spare,
 * σ = 4 (threshold 8): a task of 20 gets one duplicate (of 30 — it loses) at t = 1 and no
 * more, though it stays above the threshold until 12; a task of 9 (8 left at t = 1, not > 8)
 * gets none. */
Test(ese, once_and_only_above_the_threshold)
{
    struct cl_spec sp = sc_spec(4, 1, 2);
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 2.0};
    sp.interval = 1.0;
    struct sc_durations d = {.other = 30};
    d.d[0][0] = 20, d.d[1][0] = 9;
    double out[M_COUNT];
    sc_params(pol_find("ese"), param, NULL, 0);
    sc_params(pol_find("ese"), param, "sigma", 4.0);
    struct rep_workspace *ws = run(&sp, "ese", &d, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->task_copies[0], 2);
    cr_assert_eq(cl->task_copies[1], 1);
    cr_assert_float_eq(out[M_MACHINE_TIME], 20 + 19 + 9, EPS, "the duplicate killed at 20");
    rep_workspace_free(ws);
}

/* A reduce task launched while its map phase runs is watched once the phase ends. Three slots,
 * one job of a map task (2.5) and a reduce task (10), E[X] = 1 per phase, σ = 2: both start at
 * t = 0, the reduce copy waiting. t = 1: the map has 1.5 left (not > 2), never a straggler.
 * t = 2.5: the map is done and the reduce copy starts, to end at 12.5. t = 3: it has 9.5 left,
 * its duplicate (1) ends at 4. Left off the watch it would end at 12.5. */
Test(ese, reduce_watched_from_the_end_of_its_map_phase)
{
    struct tr_job jobs[] = {{0, 1, {1, 1}, {1, 1}, {0, 0}}};
    struct tr_trace tr = {jobs, 1, 0};
    struct cl_spec sp = sc_trace_spec(3, &tr);
    sp.interval = 1.0;
    struct sc_durations d = {.other = 1.0};
    d.d[0][0] = 2.5, d.d[1][0] = 10;
    double out[M_COUNT];
    const char *names[] = {"ese", "ese-detect"};
    for (int k = 0; k < 2; k++) {
        sc_params(pol_find(names[k]), param, NULL, 0);
        sc_params(pol_find(names[k]), param, "sigma", 2.0);
        struct rep_workspace *ws = run(&sp, names[k], &d, out);
        struct cluster *cl = rep_cluster(ws);
        cr_assert_eq(cl->task_copies[0], 1, "%s", names[k]);
        cr_assert_eq(cl->task_copies[1], 2, "%s", names[k]);
        cr_assert_float_eq(cl->task_done[1], 4.0, EPS, "%s", names[k]);
        rep_workspace_free(ws);
    }
}

/* Scheduling levels: one slot, a batch of a 3-task job and a 1-task job (unit tasks, σ huge).
 * ESE serves the smaller workload first (job 1 done at 1); ese-detect, Mantri's FIFO order,
 * serves job 0 first (job 1 done at 4). */
Test(ese, smallest_workload_first_unlike_ese_detect)
{
    struct tr_job jobs[] = {{0, 1, {3, 0}, {1, 0}, {0, 0}}, {0, 1, {1, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = sc_trace_spec(1, &tr);
    sp.interval = 1.0;
    double out[M_COUNT];
    sc_params(pol_find("ese"), param, NULL, 0);
    sc_params(pol_find("ese"), param, "sigma", 1e6);
    struct rep_workspace *ws = run(&sp, "ese", NULL, out);
    cr_assert_float_eq(rep_cluster(ws)->job[1].completion, 1.0, EPS);
    rep_workspace_free(ws);
    ws = run(&sp, "ese-detect", NULL, out);
    cr_assert_float_eq(rep_cluster(ws)->job[1].completion, 4.0, EPS);
    rep_workspace_free(ws);
}

/* ------------------------------------------------------------------ sca */

/* P2 at its two extremes. Ten slots, one job of two tasks (Pareto(1, 2) family: μ = 1 for
 * α = 2). γ = 0: only the flowtime counts and it falls with c, so c = min(ξ, N/m) = 5 copies
 * per task. γ = 1e6: machine time dominates and grows with c, so c = 1. The same with ADMM's ρ
 * balanced (rho_balance = 1): it changes how P2 is solved, not its optimum. */
Test(sca, p2_extremes)
{
    struct cl_spec sp = sc_spec(10, 1, 2);
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 2.0};
    sp.interval = 1.0;
    double out[M_COUNT];
    for (int balance = 0; balance <= 1; balance++) {
        sc_params(pol_find("sca"), param, NULL, 0);
        sc_params(pol_find("sca"), param, "rho_balance", balance);
        sc_params(pol_find("sca"), param, "gamma", 0);
        struct rep_workspace *ws = run(&sp, "sca", NULL, out);
        cr_assert_eq(rep_cluster(ws)->task_copies[0], 5, "rho_balance %d", balance);
        cr_assert_eq(rep_cluster(ws)->task_copies[1], 5, "rho_balance %d", balance);
        rep_workspace_free(ws);
        sc_params(pol_find("sca"), param, "gamma", 1e6);
        ws = run(&sp, "sca", NULL, out);
        cr_assert_eq(rep_cluster(ws)->task_copies[0], 1, "rho_balance %d", balance);
        rep_workspace_free(ws);
    }
}

/* No room to clone (Σ m = 12 >= N = 10): lines 8–12, smallest workload first, one copy per
 * task. Job 0 has 8 unit tasks, job 1 has 4: job 1's 4 start at 0, then 6 of job 0's; the
 * other 2 wait for line 1 at the next decision (t = 1, after the unit tasks end). */
Test(sca, no_room_smallest_workload_first)
{
    struct tr_job jobs[] = {{0, 1, {8, 0}, {1, 0}, {0, 0}}, {0, 1, {4, 0}, {1, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = sc_trace_spec(10, &tr);
    sp.interval = 1.0;
    double out[M_COUNT];
    sc_params(pol_find("sca"), param, NULL, 0);
    struct rep_workspace *ws = run(&sp, "sca", NULL, out);
    struct cluster *cl = rep_cluster(ws);
    for (int t = 8; t < 12; t++)
        cr_assert_float_eq(cl->task_start[t], 0.0, EPS);
    cr_assert_float_eq(cl->task_start[5], 0.0, EPS);
    cr_assert_float_eq(cl->task_start[6], 1.0, EPS);
    cr_assert_float_eq(out[M_COPIES_PER_TASK], 1.0, EPS);
    rep_workspace_free(ws);
}

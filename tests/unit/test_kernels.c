/* The validation kernels (analysis/kernels.c) against the real policies, against themselves
 * and against the closed forms:
 *  - equivalence: the cluster model running clone, s-restart and s-resume on the kernels'
 *    random numbers (a duration hook) gives every job the kernels' completion and machine
 *    time, inside the theorems' assumptions and outside them, edge cases included;
 *  - bookkeeping: kn_run's totals are the jobs' results added up, and do not depend on how
 *    the job range is split (bit for bit), the exact sums agree with plain ones;
 *  - statistics: Clone's PoCD and machine time against Theorems 1 and 2 (exact there). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "analysis/kernels.h"
#include "engine/stats/dist.h"
#include "engine/stats/rng.h"
#include "scenario.h"

#define SEED 0x5eed2026u
#define REPLICAS 2000

/* ------------------------------------------------------------------ equivalence */

struct hook_ctx {
    const struct kn_spec *spec;
    uint64_t job;
};

static double kernel_durations(void *ctx, int task, int copy)
{
    const struct hook_ctx *h = ctx;
    return kn_copy_duration(h->spec, SEED, h->job, task, copy);
}

static const char *policy_name(enum ch_strategy s)
{
    return s == CH_CLONE ? "clone" : s == CH_RESTART ? "s-restart" : "s-resume";
}

static int rel_differ(double a, double b, double tol)
{
    return !(fabs(a - b) <= tol * fmax(fabs(a), fabs(b)));
}

/* Replicas 0..REPLICAS-1 of one job (replica j = kernel job j) under the policy on the
 * kernels' durations; every job's completion, machine time and task completions must equal
 * kn_job's within 1e-9 relative. Returns the number of jobs that missed D, so callers can
 * check the point exercised stragglers. */
static int check_equivalence(const struct kn_spec *ks)
{
    const struct policy *pol = pol_find(policy_name(ks->strategy));
    cr_assert_not_null(pol);
    double param[POL_MAX_PARAMS];
    sc_params(pol, param, NULL, 0);
    sc_params(pol, param, "r", ks->r);
    sc_params(pol, param, "tau_kill", ks->tau_kill);
    if (ks->strategy != CH_CLONE)
        sc_params(pol, param, "tau_est", ks->tau_est);

    struct cl_spec sp = sc_spec(ks->N * (ks->r + 2), 1, ks->N);
    sp.task_time = (struct dist){DIST_PARETO, ks->tmin, ks->beta};
    sp.deadline = ks->D;

    struct rep_workspace *ws = rep_workspace_new();
    struct cluster *cl = rep_cluster(ws);
    struct hook_ctx h = {ks, 0};
    cl->duration_hook = kernel_durations;
    cl->duration_ctx = &h;
    double out[M_COUNT], task_done[64];
    cr_assert(ks->N <= 64);
    int missed = 0;
    for (int j = 0; j < REPLICAS; j++) {
        h.job = (uint64_t)j;
        int rc = rep_run(ws, &sp, pol, param, SEED, (uint64_t)j, true, out);
        cr_assert_eq(rc, REP_OK, "%s job %d: rep_run failed (%d)", pol->name, j, rc);
        double done, cost;
        kn_job(ks, SEED, (uint64_t)j, &done, &cost, task_done);
        double m_done = cl->job[0].completion, m_cost = cl->job[0].machine_time;
        for (int g = 0; g < ks->N; g++)
            cr_assert(!rel_differ(cl->task_done[g], task_done[g], 1e-9),
                      "%s job %d task %d: model done %.17g, kernel %.17g", pol->name, j, g,
                      cl->task_done[g], task_done[g]);
        cr_assert(!rel_differ(m_done, done, 1e-9),
                  "%s job %d: completion model %.17g, kernel %.17g", pol->name, j, m_done, done);
        cr_assert(!rel_differ(m_cost, cost, 1e-9),
                  "%s job %d: machine time model %.17g, kernel %.17g", pol->name, j, m_cost,
                  cost);
        missed += !(done <= ks->D);
    }
    rep_workspace_free(ws);
    return missed;
}

static struct kn_spec point(enum ch_strategy s, int r, double tau_est, double tau_kill)
{
    return (struct kn_spec){.strategy = s, .N = 10, .r = r, .tmin = 1.0, .beta = 1.5,
                            .D = 3.0, .tau_est = tau_est, .tau_kill = tau_kill};
}

/* The theorems' setting (seed 004 Table I-like parameters). */
Test(kernels, clone_equals_policy)
{
    struct kn_spec s = point(CH_CLONE, 2, 0, 0.5);
    cr_assert_gt(check_equivalence(&s), 0, "no job missed D: a point without stragglers");
}

Test(kernels, restart_equals_policy)
{
    struct kn_spec s = point(CH_RESTART, 2, 0.3, 0.8);
    cr_assert_gt(check_equivalence(&s), 0);
}

Test(kernels, resume_equals_policy)
{
    struct kn_spec s = point(CH_RESUME, 1, 0.3, 0.8);
    cr_assert_gt(check_equivalence(&s), 0);
}

/* Outside the assumptions: attempts that finish before the kill (tau_kill > tmin,
 * tau_kill - tau_est > tmin), detection after the deadline, more attempts. */
Test(kernels, clone_late_kill_equals_policy)
{
    struct kn_spec s = point(CH_CLONE, 2, 0, 3.0);
    check_equivalence(&s);
    s = point(CH_CLONE, 4, 0, 1.7);
    s.D = 2.0;
    check_equivalence(&s);
}

Test(kernels, restart_late_kill_equals_policy)
{
    struct kn_spec s = point(CH_RESTART, 2, 0.3, 2.5);
    check_equivalence(&s);
    s = point(CH_RESTART, 1, 2.0, 2.5); /* tau_est > D: tasks in (D, tau_est] end first */
    s.D = 1.5;
    check_equivalence(&s);
}

Test(kernels, resume_late_kill_equals_policy)
{
    struct kn_spec s = point(CH_RESUME, 2, 0.5, 3.0);
    check_equivalence(&s);
    s = point(CH_RESUME, 0, 2.0, 2.5); /* r = 0: one resumed attempt; tau_est > D */
    s.D = 1.5;
    check_equivalence(&s);
}

/* Ties the policies break by copy number: tau_kill = 0 (clone keeps the original), tau_kill
 * = tau_est (the new attempts have no estimate yet: s-restart keeps the original, s-resume
 * its copy 1), tau_est = 0 (the original has no estimate: nothing is speculated). */
Test(kernels, edge_cases_equal_policy)
{
    struct kn_spec s = point(CH_CLONE, 2, 0, 0.0);
    check_equivalence(&s);
    s = point(CH_RESTART, 2, 0.5, 0.5);
    check_equivalence(&s);
    s = point(CH_RESUME, 2, 0.5, 0.5);
    check_equivalence(&s);
    s = point(CH_RESTART, 2, 0.0, 0.8);
    check_equivalence(&s);
    s = point(CH_RESUME, 1, 0.0, 0.8);
    check_equivalence(&s);
}

/* The durations the hook hands the model are the kernels' own: copy k of task g is uniform
 * number g*K + k of the job's stream, through dist_quantile. */
Test(kernels, copy_duration_follows_the_stream_layout)
{
    struct kn_spec s = point(CH_RESUME, 2, 0.3, 0.8); /* K = 4 */
    rng_t r;
    rng_stream(&r, SEED, 7, RNG_CHECK);
    struct dist d = {DIST_PARETO, 1.0, 1.5};
    for (int g = 0; g < 3; g++)
        for (int k = 0; k < 4; k++)
            cr_assert_eq(kn_copy_duration(&s, SEED, 7, g, k), dist_sample(&d, &r));
}

/* ------------------------------------------------------------------ bookkeeping */

static void expect_same_totals(const struct kn_totals *a, const struct kn_totals *b)
{
    cr_assert_eq(a->jobs, b->jobs);
    cr_assert_eq(a->jobs_met, b->jobs_met);
    cr_assert_eq(a->tasks, b->tasks);
    cr_assert_eq(a->tasks_met, b->tasks_met);
    const double *x = &a->job_cost, *y = &b->job_cost;
    for (int k = 0; k < KN_SUMS; k++)
        cr_assert(memcmp(&x[k], &y[k], sizeof(double)) == 0, "sum %d: %.17g vs %.17g", k,
                  x[k], y[k]);
    cr_assert(memcmp(a->exact, b->exact, sizeof a->exact) == 0);
}

/* kn_run (lane-parallel sums) against kn_job + kn_totals_add_job (term by term), bit for bit,
 * and against plain double sums. */
static void expect_run_is_jobs_added_up(const struct kn_spec *s, uint64_t first, uint64_t n)
{
    struct kn_totals run, sum = {0};
    kn_run(s, SEED, first, n, &run);
    double plain[KN_SUMS] = {0}, td[10];
    cr_assert(s->N <= 10);
    for (uint64_t j = first; j < first + n; j++) {
        double done, cost;
        kn_job(s, SEED, j, &done, &cost, td);
        kn_totals_add_job(&sum, s, done, cost, td);
        double ts = 0, ts2 = 0;
        for (int g = 0; g < s->N; g++)
            ts += td[g], ts2 += td[g] * td[g];
        double v[KN_SUMS] = {cost, cost * cost, done, done * done, ts, ts2};
        for (int k = 0; k < KN_SUMS; k++)
            plain[k] += v[k];
    }
    expect_same_totals(&run, &sum);
    cr_assert_eq(run.jobs, n);
    cr_assert_eq(run.tasks, n * (uint64_t)s->N);
    const double *x = &run.job_cost;
    for (int k = 0; k < KN_SUMS; k++)
        cr_assert(!rel_differ(x[k], plain[k], 1e-12), "sum %d: %.17g vs plain %.17g", k, x[k],
                  plain[k]);
}

Test(kernels, run_totals_are_the_jobs_added_up)
{
    enum ch_strategy all[] = {CH_CLONE, CH_RESTART, CH_RESUME};
    for (int i = 0; i < 3; i++) {
        struct kn_spec s = point(all[i], 2, 0.3, 0.8);
        expect_run_is_jobs_added_up(&s, 5, 300);
        struct kn_totals t;
        kn_run(&s, SEED, 5, 300, &t);
        cr_assert(t.jobs_met > 0 && t.jobs_met < 300);
    }
    /* terms outside the fast range [2^-12, 2^34): heavy tails (beta = 0.5 puts job times
     * beyond 2^17 often, their squares beyond 2^34) and tiny times */
    struct kn_spec s = point(CH_CLONE, 1, 0, 0.5);
    s.beta = 0.5;
    expect_run_is_jobs_added_up(&s, 0, 500);
    s = point(CH_RESUME, 1, 0.3e-5, 0.8e-5);
    s.tmin = 1e-5;
    s.D = 3e-5;
    expect_run_is_jobs_added_up(&s, 0, 100);
    s.N = 7; /* and a partial last block */
    expect_run_is_jobs_added_up(&s, 3, 45);
}

Test(kernels, chunked_runs_add_up_bit_for_bit)
{
    struct kn_spec s = point(CH_RESTART, 2, 0.3, 0.8);
    struct kn_totals whole, a, b, c, sum = {0}, sum3 = {0};
    kn_run(&s, SEED, 0, 300, &whole);
    kn_run(&s, SEED, 0, 100, &a);
    kn_run(&s, SEED, 100, 200, &b);
    kn_totals_add(&sum, &a);
    kn_totals_add(&sum, &b);
    expect_same_totals(&whole, &sum);
    /* any split, any order */
    kn_run(&s, SEED, 0, 37, &a);
    kn_run(&s, SEED, 37, 1, &b);
    kn_run(&s, SEED, 38, 262, &c);
    kn_totals_add(&sum3, &c);
    kn_totals_add(&sum3, &a);
    kn_totals_add(&sum3, &b);
    expect_same_totals(&whole, &sum3);
}

Test(kernels, empty_run_is_zero)
{
    struct kn_spec s = point(CH_CLONE, 1, 0, 0.5);
    struct kn_totals t, zero = {0};
    kn_run(&s, SEED, 0, 0, &t);
    expect_same_totals(&t, &zero);
}

Test(kernels, exact_sums_are_exact)
{
    /* 1e16 + 1 + 1 + ... stays 1e16 in plain double sums (ulp 2, ties to even); the
     * accumulator keeps every unit */
    struct kn_spec s = point(CH_CLONE, 0, 0, 0);
    s.N = 1;
    struct kn_totals t = {0};
    double td = 1e16;
    kn_totals_add_job(&t, &s, td, td, &td);
    td = 1.0;
    for (int i = 0; i < 1000; i++)
        kn_totals_add_job(&t, &s, td, td, &td);
    cr_assert_eq(t.job_cost, 1e16 + 1000);
    cr_assert_eq(t.job_done2, 1e32 + 1000); /* 1e32 + 1000 rounds to 1e32 */
    /* 1000 x fl(0.1) = 100.0000000000000055...: 100 once rounded (plain sums: 99.9999999999986) */
    struct kn_totals u = {0};
    td = 3.0;
    for (int i = 0; i < 1000; i++)
        kn_totals_add_job(&u, &s, 0.1, 0.1, &td);
    cr_assert_eq(u.job_cost, 100.0);
    cr_assert_eq(u.task_done2, 9000.0);
    cr_assert_eq(u.tasks_met, 1000); /* 3 <= D = 3 */
    cr_assert_eq(u.jobs_met, 1000);
    cr_assert_eq(u.tasks, 1000);
}

Test(kernels, spec_check)
{
    char msg[128];
    struct kn_spec s = point(CH_CLONE, 2, 0, 0.5);
    cr_assert_eq(kn_spec_check(&s, msg, sizeof msg), 0);
    s.N = 0;
    cr_assert_eq(kn_spec_check(&s, msg, sizeof msg), -1);
    cr_assert(strstr(msg, "N") != NULL);
    s = point(CH_RESUME, -1, 0.3, 0.8);
    cr_assert_eq(kn_spec_check(&s, msg, sizeof msg), -1);
    s = point(CH_RESUME, 1, 0.3, 0.8);
    s.beta = 0;
    cr_assert_eq(kn_spec_check(&s, msg, sizeof msg), -1);
    cr_assert_eq(kn_copies(&(struct kn_spec){.strategy = CH_RESUME, .r = 3}), 5);
    cr_assert_eq(kn_copies(&(struct kn_spec){.strategy = CH_RESTART, .r = 3}), 4);
}

/* ------------------------------------------------------------------ statistics */

/* Clone with tau_kill <= tmin: a task misses D iff all r+1 attempts do (Theorem 1), and costs
 * r tau_kill + E[min of r+1] (Theorem 2, Lemma 1). 1e6 jobs, 5 standard errors. */
Test(kernels, clone_matches_theorems_1_and_2, .timeout = 60)
{
    struct kn_spec s = point(CH_CLONE, 1, 0, 0.5);
    struct kn_totals t;
    const uint64_t n = 1000000;
    kn_run(&s, 20261122, 0, n, &t);
    struct ch_params p = {.N = s.N, .tmin = s.tmin, .beta = s.beta, .D = s.D,
                          .tau_est = 0, .tau_kill = s.tau_kill};
    double want = ch_th1_pocd_clone(&p, s.r);
    double pocd = (double)t.jobs_met / (double)n;
    double se = sqrt(want * (1 - want) / (double)n);
    cr_assert(fabs(pocd - want) <= 5 * se, "PoCD %.6f, Theorem 1 %.6f (se %.2g)", pocd, want,
              se);
    double task_pocd = (double)t.tasks_met / (double)t.tasks;
    double want_task = 1 - pow(s.tmin / s.D, s.beta * (s.r + 1));
    cr_assert(fabs(task_pocd - want_task) <=
                  5 * sqrt(want_task * (1 - want_task) / (double)t.tasks),
              "task PoCD %.6f, want %.6f", task_pocd, want_task);
    double mean = t.job_cost / (double)n;
    double sd = sqrt(fmax(0, t.job_cost2 / (double)n - mean * mean));
    double want_cost = ch_th2_cost_clone(&p, s.r);
    cr_assert(fabs(mean - want_cost) <= 5 * sd / sqrt((double)n),
              "machine time %.5f, Theorem 2 %.5f (se %.2g)", mean, want_cost,
              sd / sqrt((double)n));
}

/* kn_pareto_u52, the vector quantile the xulau checks draw Pareto task times with: within
 * 1.5e-14 relative of dist_quantile on the same uniforms, over random draws and the extremes. */
Test(kernels, pareto_u52_is_dist_quantile)
{
    const double betas[] = {0.5, 1.5, 2, 3, 4};
    enum { N = 4096 };
    uint64_t x[N];
    double t[N];
    rng_t r;
    rng_stream(&r, 21, 0, RNG_CHECK);
    for (int i = 0; i < N; i++)
        x[i] = rng_u52(&r);
    x[0] = 0;
    x[1] = (UINT64_C(1) << 52) - 1;
    x[2] = UINT64_C(1) << 51;
    for (size_t b = 0; b < sizeof betas / sizeof betas[0]; b++) {
        struct dist d = {DIST_PARETO, 1.7, betas[b]};
        kn_pareto_u52(d.a, d.b, x, t, N);
        for (int i = 0; i < N; i++) {
            double q = dist_quantile(&d, rng_u52_uniform(x[i]));
            cr_assert(fabs(t[i] - q) <= 1.5e-14 * q, "beta %g, x = %llu: %.17g against %.17g",
                      d.b, (unsigned long long)x[i], t[i], q);
        }
    }
}

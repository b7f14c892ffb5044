/* test_intervals — the interval each quantity gets (engine/stats/intervals.c), the numerics under
 * it (Wilson at an effective size, the square-and-add difference: engine/stats/stats.c; the
 * bootstrap-t: engine/stats/bootstrap.c) and the tail indices that mark intervals as not valid
 * (models/metrics.c). Reference values: Newcombe (1998)'s published example, and hand
 * derivations in the comments. Coverage itself is measured by `make coverage`. */
#include <criterion/criterion.h>

#include <math.h>
#include <string.h>

#include "engine/stats/bootstrap.h"
#include "engine/stats/dist.h"
#include "engine/stats/intervals.h"
#include "engine/stats/rng.h"
#include "models/metrics.h"
#include "models/policy.h"
#include "models/spec.h"
#include "models/workload.h"

#define EPS 1e-12

static double scratch[4 * 2000 + ST_BOOT_RESAMPLES];

/* Newcombe (1998, "Interval estimation for the difference between independent proportions",
 * example (a)): 56/70 − 48/80 by the square-and-add of two Wilson intervals (method 10):
 * 0.0524 to 0.3339. With r = 0 st_mover_difference is that method. */
Test(intervals, mover_reproduces_newcombe)
{
    struct st_summary a = st_wilson_interval(56, 70, 0.95), b = st_wilson_interval(48, 80, 0.95);
    struct st_summary d = st_mover_difference(&a, &b, 0.0);
    cr_assert_float_eq(d.mean, 0.2, EPS);
    cr_assert(fabs(d.ci_low - 0.0524) < 5e-5 && fabs(d.ci_high - 0.3339) < 5e-5, "[%g, %g]",
              d.ci_low, d.ci_high);
    /* a positive correlation narrows it, a negative one widens it */
    struct st_summary pos = st_mover_difference(&a, &b, 0.5), neg = st_mover_difference(&a, &b, -0.5);
    cr_assert(pos.ci_high - pos.ci_low < d.ci_high - d.ci_low);
    cr_assert(neg.ci_high - neg.ci_low > d.ci_high - d.ci_low);
}

/* Wilson at an effective size is Wilson's formula with n_eff for n, and a whole n_eff gives
 * exactly st_wilson_interval. */
Test(intervals, wilson_effective_size)
{
    struct st_summary w = st_wilson_interval(30, 40, 0.95);
    struct st_summary e = st_wilson_effective(0.75, 40.0, 40, 0.95);
    cr_assert_float_eq(e.ci_low, w.ci_low, EPS);
    cr_assert_float_eq(e.ci_high, w.ci_high, EPS);
    struct st_summary half = st_wilson_effective(0.75, 20.0, 40, 0.95);
    cr_assert(half.ci_high - half.ci_low > w.ci_high - w.ci_low, "fewer effective trials");
    struct st_summary one = st_wilson_effective(1.0, 12.5, 40, 0.95);
    cr_assert_float_eq(one.ci_high, 1.0, EPS);
    cr_assert(one.ci_low < 1.0 && one.ci_low > 0.5, "p = 1 keeps a nonzero width: %g",
              one.ci_low);
}

/* Proportions never get a zero-width interval inside [0, 1], nor leave it: every replica has
 * all its 5 jobs on time (p = 1). Independent jobs are Bernoulli trials: modified Wilson on
 * the 100 jobs, [100/(100 + z²), 1], or on the 20 replicas of one job each. Jobs that may
 * depend on each other: the betting interval of the replicas' fractions
 * (engine/stats/betting.h), [lo, 1] with lo where betting stops reaching 2/α — below the rule
 * of three, 1 − log(40)/20: nothing rules out a replica whose jobs all fail together. */
Test(intervals, proportion_all_successes)
{
    double x[20];
    for (int r = 0; r < 20; r++)
        x[r] = 1.0;
    rng_t rng;
    rng_stream(&rng, 1, 0, RNG_BOOTSTRAP);
    double z2 = 1.959963984540054 * 1.959963984540054;
    struct iv_quantity q = {true, 5, INFINITY, true};
    struct st_summary s = iv_mean(x, 20, q, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_WILSON);
    cr_assert_float_eq(s.ci_low, 100.0 / (100.0 + z2), 1e-12);
    cr_assert_float_eq(s.ci_high, 1.0, EPS);
    q.independent = false;
    s = iv_mean(x, 20, q, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_BETTING);
    cr_assert(s.ci_low > 0.5 && s.ci_low < 1.0 - log(40.0) / 20, "%g", s.ci_low);
    cr_assert_float_eq(s.ci_high, 1.0, EPS);
    q.jobs = 1;
    s = iv_mean(x, 20, q, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_WILSON);
    cr_assert_float_eq(s.ci_low, 20.0 / (20.0 + z2), 1e-12);
}

/* The interval of a pooled proportion follows the model's dependence, not the data: 40
 * replicas of 10 jobs, every replica at 1 but two at 0.5 (one job in ten late, clustered in
 * two replicas). Independent jobs: 390 successes of 400 trials, modified Wilson. Jobs that
 * may queue behind each other: the fractions' betting interval, which reaches far below the
 * mean, where a replica's bad luck may hide; its paired difference likewise, the mirror image
 * when the roles swap. */
Test(intervals, proportion_dependence)
{
    double k[40], m[40], ones[40];
    for (int r = 0; r < 40; r++)
        k[r] = r < 2 ? 5 : 10, m[r] = 10, ones[r] = 10;
    struct st_summary s = iv_proportion(k, m, 40, true, 0.95, scratch);
    struct st_summary w = st_wilson_modified(390, 400, 0.95);
    cr_assert(s.method == ST_WILSON && s.ci_low == w.ci_low && s.ci_high == w.ci_high);
    s = iv_proportion(k, m, 40, false, 0.95, scratch);
    cr_assert_eq(s.method, ST_BETTING);
    cr_assert_float_eq(s.mean, 0.975, EPS);
    cr_assert(s.ci_low < 0.9 && s.ci_high == 1.0, "[%g, %g]", s.ci_low, s.ci_high);
    struct st_summary d = iv_proportion_difference(k, m, ones, m, 40, false, 0.95, scratch);
    struct st_summary e = iv_proportion_difference(ones, m, k, m, 40, false, 0.95, scratch);
    cr_assert_eq(d.method, ST_BETTING);
    cr_assert_float_eq(d.mean, -0.025, EPS);
    cr_assert(d.ci_low > -1 && d.ci_low < -0.1 && d.ci_high > 0, "[%g, %g]: two replicas of 40 "
              "cannot rule out no difference", d.ci_low, d.ci_high);
    cr_assert(fabs(d.ci_low + e.ci_high) < 1e-9 && fabs(d.ci_high + e.ci_low) < 1e-9);
    d = iv_proportion_difference(k, m, ones, m, 40, true, 0.95, scratch);
    cr_assert_eq(d.method, ST_NEWCOMBE);
    cr_assert(d.ci_low < -0.025 && -0.025 < d.ci_high);
}

/* Paired single-job replicas: Newcombe's interval from the 2×2 table. Every pair (1, 1): the
 * difference is 0 with a nonzero interval, symmetric, inside [−1, 1]; swapping the two
 * outcomes negates it. One job per replica is independent, whatever the flag says. */
Test(intervals, newcombe_paired)
{
    double k1[30], k2[30], m[30];
    for (int r = 0; r < 30; r++)
        k1[r] = k2[r] = m[r] = 1.0;
    struct st_summary s = iv_proportion_difference(k1, m, k2, m, 30, false, 0.95, scratch);
    cr_assert_eq(s.method, ST_NEWCOMBE);
    cr_assert_float_eq(s.mean, 0.0, EPS);
    cr_assert(s.ci_high > 0.05 && fabs(s.ci_low + s.ci_high) < EPS, "[%g, %g]", s.ci_low,
              s.ci_high);
    for (int r = 0; r < 30; r++)
        k1[r] = r < 20, k2[r] = r < 12 || r >= 27; /* 12 both, 8 first only, 3 second only */
    struct st_summary a = iv_proportion_difference(k1, m, k2, m, 30, false, 0.95, scratch);
    struct st_summary b = iv_proportion_difference(k2, m, k1, m, 30, false, 0.95, scratch);
    cr_assert_float_eq(a.mean, 5.0 / 30, EPS);
    cr_assert_float_eq(a.ci_low, -b.ci_high, 1e-12);
    cr_assert_float_eq(a.ci_high, -b.ci_low, 1e-12);
    cr_assert(a.ci_low > -1 && a.ci_high < 1);
}

/* Means: the bootstrap-t from 10 replicas when the tail is light; unreliable, with a t
 * interval kept, when the tail index is <= 4 (but for averages of 100 independent jobs at 3
 * or more), or when there are too few replicas for its skew — values of few jobs, or of jobs
 * that queue behind each other, which are as skewed as one job's; the same value in every
 * replica gives its zero-width interval. The edges of each rule. */
Test(intervals, mean_rules)
{
    double x[250];
    for (int r = 0; r < 250; r++)
        x[r] = 10.0 + sin(r * 1.7); /* spread, bounded */
    rng_t rng;
    rng_stream(&rng, 3, 0, RNG_BOOTSTRAP);
#define RULE(n, jobs, tail, indep) \
    iv_mean(x, n, (struct iv_quantity){false, jobs, tail, indep}, 0.95, &rng, scratch)
    struct st_summary s = RULE(60, 100, INFINITY, true);
    cr_assert_eq(s.method, ST_BOOTSTRAP);
    cr_assert(s.ci_low < s.mean && s.mean < s.ci_high);
    cr_assert_eq(RULE(60, 100, 1.5, true).caveat, ST_INFINITE_VARIANCE);
    cr_assert_eq(RULE(60, 100, 4.0, false).caveat, ST_HEAVY_TAIL, "queueing jobs at 4");
    cr_assert_eq(RULE(60, 100, 3.0, true).method, ST_BOOTSTRAP, "averaged, at 3");
    cr_assert_eq(RULE(60, 100, 2.99, true).caveat, ST_HEAVY_TAIL, "below 3");
    cr_assert_eq(RULE(60, IV_MANY_JOBS_HEAVY - 1, 3.5, true).caveat, ST_HEAVY_TAIL, "99 jobs");
    cr_assert_eq(RULE(60, IV_MANY_JOBS_HEAVY, 3.5, true).method, ST_BOOTSTRAP, "100 jobs");
    cr_assert_eq(RULE(9, 100, 3.5, true).caveat, ST_HEAVY_TAIL, "9 replicas");
    cr_assert_eq(RULE(199, 100, 6.0, false).caveat, ST_FEW_JOBS, "queueing, index 6");
    cr_assert_eq(RULE(200, 100, 6.0, false).method, ST_BOOTSTRAP);
    cr_assert_eq(RULE(20, 100, 6.0, true).method, ST_BOOTSTRAP, "averaged, index 6");
    cr_assert_eq(RULE(20, 5, INFINITY, true).caveat, ST_FEW_JOBS, "20 replicas of 5 jobs");
    cr_assert_eq(RULE(50, 5, INFINITY, true).method, ST_BOOTSTRAP, "50 replicas of 5 jobs");
    cr_assert_eq(RULE(5, 100, INFINITY, true).method, ST_T, "5 replicas of 100 jobs: t");
    cr_assert_eq(RULE(9, 100, INFINITY, false).caveat, ST_FEW_REPLICAS, "queueing, 9");
    cr_assert_eq(RULE(10, 100, INFINITY, false).method, ST_BOOTSTRAP, "queueing, 10");
#undef RULE
    double c[12];
    for (int r = 0; r < 12; r++)
        c[r] = 1.0;
    s = iv_mean(c, 12, (struct iv_quantity){false, 1, 1.5, false}, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_CONSTANT, "the same in every replica: that value, marked");
    cr_assert_float_eq(s.ci_low, 1.0, EPS);
}

/* A quantity with a range is clipped to it: a difference of two utilizations (range [−1, 1])
 * that is 0 in 8 of 10 replicas, as when two policies run the same schedule, has resamples
 * of zeros alone (t* infinite) and a bootstrap-t end at −inf unclipped, at −1 clipped; a value
 * past its bound by rounding (Jain's index 1 + 4e-16) comes back to it; an unbounded
 * quantity (0, 0) keeps its ends, and NaN ends stay NaN. */
Test(intervals, clipped_to_the_range)
{
    double x[10] = {0, 0, 0, 0, 0, 0, 0, 0, -3e-5, -5e-5}, zero[10] = {0};
    struct iv_quantity util = {false, 100, INFINITY, true, 0.0, 1.0}, unbounded = util;
    unbounded.lo = unbounded.hi = 0.0;
    rng_t a, b;
    rng_stream(&a, 5, 7, RNG_BOOTSTRAP);
    b = a;
    struct st_summary raw = iv_difference(x, zero, 10, unbounded, unbounded, 0.95, &a, scratch);
    struct st_summary cut = iv_difference(x, zero, 10, util, util, 0.95, &b, scratch);
    cr_assert_eq(raw.method, ST_BOOTSTRAP);
    cr_assert(isinf(raw.ci_low) && raw.ci_low < 0, "unclipped: %g", raw.ci_low);
    cr_assert(cut.ci_low == -1.0 && cut.ci_high == raw.ci_high && cut.mean == raw.mean,
              "[%g, %g], mean %g", cut.ci_low, cut.ci_high, cut.mean);

    double jain[12];
    for (int r = 0; r < 12; r++)
        jain[r] = 1.0 + (r % 3) * 0x1p-52; /* 1 and two values a rounding above it */
    struct iv_quantity index = {false, 1, INFINITY, false, 0.0, 1.0};
    struct st_summary s = iv_mean(jain, 12, index, 0.95, &a, scratch);
    cr_assert(s.mean == 1.0 && s.ci_low <= 1.0 && s.ci_high == 1.0, "%.17g [%.17g, %.17g]",
              s.mean, s.ci_low, s.ci_high);

    s = iv_mean(jain, 1, index, 0.95, &a, scratch); /* one replica: no interval */
    cr_assert(s.mean == 1.0 && isnan(s.ci_low) && isnan(s.ci_high));
}

/* The bootstrap-t depends only on its data and its stream: the same twice; normal-like data at
 * n = 400 give nearly the t interval. */
Test(intervals, bootstrap_deterministic)
{
    double x[400];
    rng_t g;
    rng_stream(&g, 11, 0, RNG_CHECK);
    for (int r = 0; r < 400; r++)
        x[r] = rng_uniform(&g) + rng_uniform(&g) + rng_uniform(&g);
    rng_t a, b;
    rng_stream(&a, 5, 7, RNG_BOOTSTRAP);
    rng_stream(&b, 5, 7, RNG_BOOTSTRAP);
    struct st_summary s1 = st_bootstrap_t(x, 400, 0.95, &a, scratch);
    struct st_summary s2 = st_bootstrap_t(x, 400, 0.95, &b, scratch);
    cr_assert_eq(memcmp(&s1.ci_low, &s2.ci_low, sizeof(double)), 0);
    cr_assert_eq(memcmp(&s1.ci_high, &s2.ci_high, sizeof(double)), 0);
    struct st_acc acc;
    st_acc_init(&acc);
    for (int r = 0; r < 400; r++)
        st_acc_add(&acc, x[r]);
    struct st_summary t = st_t_interval(&acc, 0.95);
    double h = t.ci_high - t.mean;
    cr_assert(fabs(s1.ci_low - t.ci_low) < 0.1 * h && fabs(s1.ci_high - t.ci_high) < 0.1 * h,
              "bootstrap [%g, %g] against t [%g, %g]", s1.ci_low, s1.ci_high, t.ci_low,
              t.ci_high);
}

static const struct pol_tail NONE = {0, POL_TAIL_NEVER, 1};

/* Tail indices (models/metrics.c): Pareto β task times give mean flowtime β; the p99 of 350
 * jobs leans on the 4th largest (h = 349·0.99 = 345.51: x_(347) of 350), index 4β; the p50 of
 * 1 job is the job, β; machine time also takes the task count's index — drawn counts capped
 * at tasks_max are as skewed as the Pareto of index 3.84 at a cap of 200 (wl_count_tail_index:
 * skewness 7.97, the moments of min(⌈X⌉, 200) for X ~ Pareto(3.33, 1.5)); light families and
 * bounded metrics are infinite. */
Test(intervals, tail_indices)
{
    struct cl_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 1.5};
    sp.jobs = 400;
    sp.warmup = 50;
    sp.tasks = 10;
    sp.slots = 100;
    cr_assert_float_eq(metrics_tail_index(&sp, NONE, M_FLOWTIME), 1.5, EPS);
    cr_assert_float_eq(metrics_tail_index(&sp, NONE, M_FLOWTIME_P99), 6.0, EPS);
    cr_assert(isinf(metrics_tail_index(&sp, NONE, M_POCD)));
    sp.tasks_beta = 1.5;
    sp.tasks_max = 200;
    double count = wl_count_tail_index(&sp);
    cr_assert(count > 3.83 && count < 3.85, "%g", count);
    sp.task_time = (struct dist){DIST_EXPONENTIAL, 1.0, 0.0};
    cr_assert_float_eq(metrics_tail_index(&sp, NONE, M_MACHINE_TIME), count, EPS);
    cr_assert(isinf(metrics_tail_index(&sp, NONE, M_FLOWTIME)));
    sp.tasks_max = 50; /* a lower cap: lighter */
    cr_assert(wl_count_tail_index(&sp) > count);
    sp.jobs = 51;
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 1.5};
    cr_assert_float_eq(metrics_tail_index(&sp, NONE, M_FLOWTIME_P50), 1.5, EPS);
}

/* What a policy does to a long task (models/policy.h struct pol_tail): k sure extra attempts
 * multiply β by k + 1. Launched only on free slots (clone, S-Restart), they are sure only in
 * a batch with slots for every attempt of every task: 30 jobs of 10 tasks, twice, need 600
 * slots; 599 or Poisson arrivals leave the tail at β. Retried before waiting tasks (Mantri),
 * they are sure where a slot frees with a tail lighter than a task's, S(β − 1)/2 >= β: for
 * β = 1.5 from 6 slots on, not at 5. The policies say so from their rules: clone and
 * S-Restart not with noisy estimates or r = auto; Mantri not with spare_only, nor killing on
 * noisy estimates (kill = 0 never kills, so noise does not matter). */
Test(intervals, tail_from_the_policy)
{
    struct cl_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 1.5};
    sp.arrival = ARRIVAL_BATCH;
    sp.jobs = 30;
    sp.tasks = 10;
    sp.slots = 600;
    struct pol_tail room = {1, POL_TAIL_IF_ROOM, 2}, retried = {3, POL_TAIL_RETRIED, 4};
    cr_assert_float_eq(metrics_task_tail_index(&sp, room), 3.0, EPS);
    sp.slots = 599;
    cr_assert_float_eq(metrics_task_tail_index(&sp, room), 1.5, EPS);
    sp.slots = 600;
    sp.arrival = ARRIVAL_POISSON;
    cr_assert_float_eq(metrics_task_tail_index(&sp, room), 1.5, EPS);
    sp.slots = 6;
    cr_assert_float_eq(metrics_task_tail_index(&sp, retried), 6.0, EPS);
    sp.slots = 5;
    cr_assert_float_eq(metrics_task_tail_index(&sp, retried), 1.5, EPS);

    /* the policies' own declarations, from their parameter tables' defaults */
    const struct policy *clone = pol_find("clone"), *mantri = pol_find("mantri");
    double cp[POL_MAX_PARAMS], mp[POL_MAX_PARAMS];
    for (int i = 0; clone->params[i].key; i++)
        cp[i] = clone->params[i].def;
    for (int i = 0; mantri->params[i].key; i++)
        mp[i] = mantri->params[i].def;
    struct pol_tail t = pol_call_tail(clone, &sp, cp);
    cr_assert(t.extra == 1 && t.when == POL_TAIL_IF_ROOM);
    t = pol_call_tail(mantri, &sp, mp);
    cr_assert(t.extra == 3 && t.when == POL_TAIL_RETRIED);
    sp.estimate_noise = 0.2;
    cr_assert_eq(pol_call_tail(clone, &sp, cp).when, POL_TAIL_NEVER);
    cr_assert_eq(pol_call_tail(mantri, &sp, mp).when, POL_TAIL_NEVER); /* kill = 1 */
    mp[4] = 0;                                                          /* kill = 0 */
    cr_assert_eq(strcmp(mantri->params[4].key, "kill"), 0);
    cr_assert_eq(pol_call_tail(mantri, &sp, mp).when, POL_TAIL_RETRIED);
    mp[3] = 1;                                                          /* spare_only */
    cr_assert_eq(strcmp(mantri->params[3].key, "spare_only"), 0);
    cr_assert_eq(pol_call_tail(mantri, &sp, mp).when, POL_TAIL_NEVER);
    cp[0] = NAN;                                                        /* r = auto */
    sp.estimate_noise = 0;
    cr_assert_eq(pol_call_tail(clone, &sp, cp).when, POL_TAIL_NEVER);
    const struct policy *fifo = pol_find("fifo");
    cr_assert_eq(pol_call_tail(fifo, &sp, cp).when, POL_TAIL_NEVER);
}

/* Lognormal tasks have every moment, yet σ = 1 is as skewed as Pareto(4.2268): skewness
 * (e + 2)·sqrt(e − 1) = 6.18488 = 2(1 + α)/(α − 3)·sqrt((α − 2)/α) at α = 4.226781 (solved by
 * scipy's brentq); σ = 0.5 (skewness 1.75 < 2) is lighter than any Pareto. A job scale of
 * σ = 2.5 makes even exponential tasks as skewed as Pareto(3.0004). */
Test(intervals, skew_indices)
{
    cr_assert(fabs(dist_skew_index(DIST_LOGNORMAL, 1.0) - 4.226781274077257) < 1e-9);
    cr_assert(isinf(dist_skew_index(DIST_LOGNORMAL, 0.5)));
    cr_assert(isinf(dist_skew_index(DIST_EXPONENTIAL, 1.0)));
    cr_assert_float_eq(dist_skew_index(DIST_PARETO, 2.5), 2.5, EPS);
    struct cl_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.jobs = 1;
    sp.task_time = (struct dist){DIST_LOGNORMAL, 0.0, 1.0};
    cr_assert(fabs(metrics_tail_index(&sp, NONE, M_FLOWTIME) - 4.226781274077257) < 1e-9);
    sp.task_time = (struct dist){DIST_EXPONENTIAL, 1.0, 0.0};
    sp.job_spread = 2.5;
    double a = metrics_tail_index(&sp, NONE, M_FLOWTIME);
    cr_assert(a > 3.0 && a < 3.001, "%g", a);
}

/* A mean of few jobs per replica with tail index <= 8 needs 200 replicas, above 8 only 50:
 * the edges of both. */
Test(intervals, skewed_needs_more_replicas)
{
    double x[200];
    for (int r = 0; r < 200; r++)
        x[r] = 10.0 + sin(r * 1.7);
    rng_t rng;
    rng_stream(&rng, 3, 0, RNG_BOOTSTRAP);
    struct iv_quantity skewed = {false, IV_MANY_JOBS - 1, IV_TAIL_SKEWED, true};
    struct st_summary s = iv_mean(x, IV_ENOUGH_SKEWED - 1, skewed, 0.95, &rng, scratch);
    cr_assert_eq(s.caveat, ST_FEW_JOBS);
    s = iv_mean(x, IV_ENOUGH_SKEWED, skewed, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_BOOTSTRAP);
    struct iv_quantity lighter = {false, IV_MANY_JOBS - 1, nextafter(IV_TAIL_SKEWED, 9.0), true};
    s = iv_mean(x, IV_ENOUGH_REPLICAS, lighter, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_BOOTSTRAP);
    s = iv_mean(x, IV_ENOUGH_REPLICAS - 1, lighter, 0.95, &rng, scratch);
    cr_assert_eq(s.caveat, ST_FEW_JOBS);
    struct iv_quantity pooled = {false, IV_MANY_JOBS, 6.0, true};
    s = iv_mean(x, 20, pooled, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_BOOTSTRAP, "many jobs per replica: 20 replicas suffice");
}

/* A replica's quantile of its jobs is one order statistic: it averages no job, so the
 * few-jobs rule holds for it at any job count (measured: the mean of a replica's p90 of 30
 * jobs, t at 5 replicas, covered 0.93). */
Test(intervals, replica_quantiles_average_no_jobs)
{
    cr_assert_eq(metrics_averaged_jobs(M_FLOWTIME, 350), 350);
    cr_assert_eq(metrics_averaged_jobs(M_POCD, 350), 350);
    cr_assert_eq(metrics_averaged_jobs(M_FLOWTIME_P50, 350), 1);
    cr_assert_eq(metrics_averaged_jobs(M_FLOWTIME_P90, 350), 1);
    cr_assert_eq(metrics_averaged_jobs(M_FLOWTIME_P99, 350), 1);
}

/* Modified Wilson (Brown, Cai & DasGupta 2001, §4.1.1): 48 of 50 (2 failures <= x* = 2) has
 * the upper end 1 − ½χ²₄(0.025)/50 = 0.99515588 (Wilson's, 0.98890, misses p = 0.99); 1 of 50
 * the lower end ½χ²₂(0.025)/50 = 0.00050636; 25 of 50 Wilson's own. */
Test(intervals, modified_wilson)
{
    struct st_summary m = st_wilson_modified(48, 50, 0.95), w = st_wilson_interval(48, 50, 0.95);
    cr_assert(fabs(m.ci_high - 0.99515588) < 1e-7, "%.9f", m.ci_high);
    cr_assert(w.ci_high < 0.99 && m.ci_low == w.ci_low);
    cr_assert(fabs(st_wilson_modified(1, 50, 0.95).ci_low - 0.00050636) < 1e-7);
    m = st_wilson_modified(25, 50, 0.95), w = st_wilson_interval(25, 50, 0.95);
    cr_assert(m.ci_low == w.ci_low && m.ci_high == w.ci_high);
}

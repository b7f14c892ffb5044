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
#include "models/spec.h"

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
 * all its 5 jobs on time (p = 1). Pooled jobs: no replica carries any spread, so the betting
 * interval (engine/stats/betting.h), [lo, 1] with lo where betting stops reaching 2/α; one job
 * per replica, the replicas are Bernoulli trials: modified Wilson, [20/(20 + z²), 1]. */
Test(intervals, proportion_all_successes)
{
    double x[20];
    for (int r = 0; r < 20; r++)
        x[r] = 1.0;
    rng_t rng;
    rng_stream(&rng, 1, 0, RNG_BOOTSTRAP);
    struct iv_quantity q = {true, 5, INFINITY};
    struct st_summary s = iv_mean(x, 20, q, 0.95, &rng, scratch);
    double z2 = 1.959963984540054 * 1.959963984540054;
    cr_assert_eq(s.method, ST_BETTING);
    cr_assert(s.ci_low > 0.5 && s.ci_low < 1.0 - log(40.0) / 20, "%g", s.ci_low);
    cr_assert_float_eq(s.ci_high, 1.0, EPS);
    q.jobs = 1;
    s = iv_mean(x, 20, q, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_WILSON);
    cr_assert_float_eq(s.ci_low, 20.0 / (20.0 + z2), 1e-12);
}

/* Pooled proportions are means of the replicas' fractions: the bootstrap-t where enough
 * replicas carry their spread (IV_SPREAD_MIN, the effective number of deviations from the
 * median), betting otherwise. 40 replicas of 10 jobs, fractions spread over 0.3 … 0.7: the
 * bootstrap-t, as st_bootstrap_t gives it on the fractions. Every replica at 1 but two at 0.5
 * (one job in ten late, clustered in two replicas): too few carry the spread, betting — and
 * its interval reaches far below the mean, where a replica's bad luck may hide. */
Test(intervals, proportion_spread_rule)
{
    double k[40], m[40], f[40];
    for (int r = 0; r < 40; r++)
        k[r] = 3 + r % 5, m[r] = 10, f[r] = k[r] / 10;
    rng_t a, b;
    rng_stream(&a, 3, 0, RNG_BOOTSTRAP);
    rng_stream(&b, 3, 0, RNG_BOOTSTRAP);
    struct st_summary s = iv_proportion(k, m, 40, 0.95, &a, scratch);
    struct st_summary t = st_bootstrap_t(f, 40, 0.95, &b, scratch + 100);
    cr_assert_eq(s.method, ST_BOOTSTRAP);
    cr_assert(s.ci_low == t.ci_low && s.ci_high == t.ci_high);
    for (int r = 0; r < 40; r++)
        k[r] = r < 2 ? 5 : 10;
    s = iv_proportion(k, m, 40, 0.95, &a, scratch);
    cr_assert_eq(s.method, ST_BETTING);
    cr_assert_float_eq(s.mean, 0.975, EPS);
    cr_assert(s.ci_low < 0.9 && s.ci_high == 1.0, "[%g, %g]", s.ci_low, s.ci_high);
}

/* Paired single-job replicas: Newcombe's interval from the 2×2 table. Every pair (1, 1): the
 * difference is 0 with a nonzero interval, symmetric, inside [−1, 1]; swapping the two
 * outcomes negates it. */
Test(intervals, newcombe_paired)
{
    double k1[30], k2[30], m[30];
    for (int r = 0; r < 30; r++)
        k1[r] = k2[r] = m[r] = 1.0;
    rng_t rng;
    rng_stream(&rng, 1, 0, RNG_BOOTSTRAP);
    struct st_summary s = iv_proportion_difference(k1, m, k2, m, 30, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_NEWCOMBE);
    cr_assert_float_eq(s.mean, 0.0, EPS);
    cr_assert(s.ci_high > 0.05 && fabs(s.ci_low + s.ci_high) < EPS, "[%g, %g]", s.ci_low,
              s.ci_high);
    for (int r = 0; r < 30; r++)
        k1[r] = r < 20, k2[r] = r < 12 || r >= 27; /* 12 both, 8 first only, 3 second only */
    struct st_summary a = iv_proportion_difference(k1, m, k2, m, 30, 0.95, &rng, scratch);
    struct st_summary b = iv_proportion_difference(k2, m, k1, m, 30, 0.95, &rng, scratch);
    cr_assert_float_eq(a.mean, 5.0 / 30, EPS);
    cr_assert_float_eq(a.ci_low, -b.ci_high, 1e-12);
    cr_assert_float_eq(a.ci_high, -b.ci_low, 1e-12);
    cr_assert(a.ci_low > -1 && a.ci_high < 1);
}

/* Means: the bootstrap-t from 10 replicas when the tail is light; unreliable, with a t
 * interval kept, when the tail index is <= 4 or when few replicas hold few jobs; the same
 * value in every replica gives its zero-width interval. */
Test(intervals, mean_rules)
{
    double x[60];
    for (int r = 0; r < 60; r++)
        x[r] = 10.0 + sin(r * 1.7); /* spread, bounded */
    rng_t rng;
    rng_stream(&rng, 3, 0, RNG_BOOTSTRAP);
    struct st_summary s = iv_mean(x, 60, (struct iv_quantity){false, 100, INFINITY}, 0.95,
                                  &rng, scratch);
    cr_assert_eq(s.method, ST_BOOTSTRAP);
    cr_assert(s.ci_low < s.mean && s.mean < s.ci_high);
    s = iv_mean(x, 60, (struct iv_quantity){false, 100, 4.0}, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_UNRELIABLE);
    cr_assert_eq(s.caveat, ST_HEAVY_TAIL);
    s = iv_mean(x, 60, (struct iv_quantity){false, 100, 1.5}, 0.95, &rng, scratch);
    cr_assert_eq(s.caveat, ST_INFINITE_VARIANCE);
    s = iv_mean(x, 20, (struct iv_quantity){false, 5, INFINITY}, 0.95, &rng, scratch);
    cr_assert_eq(s.caveat, ST_FEW_JOBS, "20 replicas of 5 jobs");
    s = iv_mean(x, 60, (struct iv_quantity){false, 5, INFINITY}, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_BOOTSTRAP, "60 replicas of 5 jobs");
    s = iv_mean(x, 5, (struct iv_quantity){false, 100, INFINITY}, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_T, "5 replicas of 100 jobs: t");
    double c[12];
    for (int r = 0; r < 12; r++)
        c[r] = 1.0;
    s = iv_mean(c, 12, (struct iv_quantity){false, 1, 1.5}, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_CONSTANT, "the same in every replica: that value, marked");
    cr_assert_float_eq(s.ci_low, 1.0, EPS);
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

/* Tail indices (models/metrics.c): Pareto β task times give mean flowtime β, its least of
 * r + 1 attempts β(r + 1); the p99 of 350 jobs leans on the 4th largest (h = 349·0.99 =
 * 345.51: x_(347) of 350), index 4β; the p50 of 1 job is the job, β; machine time also takes
 * the task count's index; light families and bounded metrics are infinite. */
Test(intervals, tail_indices)
{
    struct cl_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 1.5};
    sp.jobs = 400;
    sp.warmup = 50;
    cr_assert_float_eq(metrics_tail_index(&sp, 1, M_FLOWTIME), 1.5, EPS);
    cr_assert_float_eq(metrics_tail_index(&sp, 2, M_FLOWTIME), 3.0, EPS);
    cr_assert_float_eq(metrics_tail_index(&sp, 1, M_FLOWTIME_P99), 6.0, EPS);
    cr_assert(isinf(metrics_tail_index(&sp, 1, M_POCD)));
    sp.tasks_beta = 1.2;
    cr_assert_float_eq(metrics_tail_index(&sp, 3, M_MACHINE_TIME), 1.2, EPS);
    cr_assert_float_eq(metrics_tail_index(&sp, 3, M_FLOWTIME), 4.5, EPS);
    sp.jobs = 51;
    cr_assert_float_eq(metrics_tail_index(&sp, 1, M_FLOWTIME_P50), 1.5, EPS);
    sp.task_time = (struct dist){DIST_EXPONENTIAL, 1.0, 0.0};
    cr_assert(isinf(metrics_tail_index(&sp, 1, M_FLOWTIME)));
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
    cr_assert(fabs(metrics_tail_index(&sp, 1, M_FLOWTIME) - 4.226781274077257) < 1e-9);
    sp.task_time = (struct dist){DIST_EXPONENTIAL, 1.0, 0.0};
    sp.job_spread = 2.5;
    double a = metrics_tail_index(&sp, 1, M_FLOWTIME);
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
    struct iv_quantity skewed = {false, IV_MANY_JOBS - 1, IV_TAIL_SKEWED};
    struct st_summary s = iv_mean(x, IV_ENOUGH_SKEWED - 1, skewed, 0.95, &rng, scratch);
    cr_assert_eq(s.caveat, ST_FEW_JOBS);
    s = iv_mean(x, IV_ENOUGH_SKEWED, skewed, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_BOOTSTRAP);
    struct iv_quantity lighter = {false, IV_MANY_JOBS - 1, nextafter(IV_TAIL_SKEWED, 9.0)};
    s = iv_mean(x, IV_ENOUGH_REPLICAS, lighter, 0.95, &rng, scratch);
    cr_assert_eq(s.method, ST_BOOTSTRAP);
    s = iv_mean(x, IV_ENOUGH_REPLICAS - 1, lighter, 0.95, &rng, scratch);
    cr_assert_eq(s.caveat, ST_FEW_JOBS);
    struct iv_quantity pooled = {false, IV_MANY_JOBS, 6.0};
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

/* Pooled quantiles. One job per replica: the values are i.i.d. and the interval lies between
 * two order statistics chosen by the binomial law: for N = 100 and q = 0.5 at 95 %, P(B <= 39)
 * = 0.0176 <= 0.025 < P(B <= 40) = 0.0284, so the 40th smallest; by symmetry the 61st.
 * Values 1..100 (shuffled): the estimate is the 50th, the interval [40, 61]. */
Test(intervals, pooled_quantile_order_statistics)
{
    double v[100], work[100 + 4 * 100 + ST_BOOT_RESAMPLES];
    rng_t rng;
    rng_stream(&rng, 1, 0, RNG_BOOTSTRAP);
    for (int i = 0; i < 100; i++)
        v[i] = (double)((i * 37) % 100 + 1);
    struct st_summary s = iv_pooled_quantile(v, 100, 1, 0.5, 0.95, &rng, work);
    cr_assert_eq(s.method, ST_ORDER_STATISTIC);
    cr_assert_float_eq(s.mean, 50.0, EPS);
    cr_assert_float_eq(s.ci_low, 40.0, EPS);
    cr_assert_float_eq(s.ci_high, 61.0, EPS);
    s = iv_pooled_quantile(v, 100, 1, 0.99, 0.95, &rng, work);
    cr_assert(isinf(s.ci_high), "the 0.99-quantile of 100 values has no upper order statistic");
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The ranks are selected, not sorted: each asked rank must still be the sorted array's, to the
 * bit, whatever was selected before it — here 90 orders at once (more places than the
 * selection keeps: the rest are found again), on values with many ties and NaNs among them,
 * one job per replica and several, against a plain sort. */
Test(intervals, pooled_quantiles_are_the_sorted_values)
{
    enum { R = 60, J = 37, N = R * J, NQ = 90 };
    static double v[N], work[N + 4 * N + ST_BOOT_RESAMPLES], sorted[N];
    rng_t r;
    rng_stream(&r, 7, 0, RNG_CHECK);
    long n = 0;
    for (int i = 0; i < N; i++) {
        double u = rng_uniform(&r);
        v[i] = i % 97 == 0 ? NAN : u < 0.5 ? floor(20 * u) : 1.0 / (1.0 - u);
        if (!isnan(v[i]))
            sorted[n++] = v[i];
    }
    qsort(sorted, (size_t)n, sizeof *sorted, by_value);
    double q[NQ];
    struct st_summary out[NQ];
    for (int k = 0; k < NQ; k++)
        q[k] = (double)((k * 53) % NQ + 1) / (NQ + 1); /* in no order */
    for (int jobs = 1; jobs <= J; jobs += J - 1) {
        int reps = N / jobs;
        iv_pooled_quantiles(v, reps, jobs, q, NQ, 0.95, &r, work, out);
        for (int k = 0; k < NQ; k++) {
            long rank = (long)ceil(q[k] * (double)n);
            cr_assert(out[k].mean == sorted[rank - 1], "J = %d, q = %g: %.17g, sorted %.17g",
                      jobs, q[k], out[k].mean, sorted[rank - 1]);
            cr_assert(out[k].ci_low <= out[k].mean && out[k].mean <= out[k].ci_high);
            bool low_in = isinf(out[k].ci_low) || bsearch(&out[k].ci_low, sorted, (size_t)n,
                                                           sizeof *sorted, by_value);
            bool high_in = isinf(out[k].ci_high) || bsearch(&out[k].ci_high, sorted, (size_t)n,
                                                             sizeof *sorted, by_value);
            cr_assert(low_in && high_in, "the interval's ends are order statistics");
        }
    }
}

/* Several jobs per replica: Woodruff's interval, within the data's range, around the
 * estimate, where the replicas' shares below it spread (each replica holds 10 of 0 … 399,
 * scattered); replicas that disagree more (each holds a block of the range: its share below
 * the median is 0 or 1) widen it. Every replica's share alike (each holds every 40th value):
 * no spread to bootstrap, and betting's exact inversion bounds the quantile instead. */
Test(intervals, pooled_quantile_woodruff)
{
    enum { R = 40, J = 10 };
    static double v[R * J], w[R * J], e[R * J], work[R * J + 4 * R + ST_BOOT_RESAMPLES];
    rng_t rng, perm;
    rng_stream(&rng, 1, 0, RNG_BOOTSTRAP);
    rng_stream(&perm, 2, 0, RNG_CHECK);
    for (int i = 0; i < R * J; i++)
        v[i] = i;
    for (int i = R * J - 1; i > 0; i--) { /* a fixed shuffle */
        int j = (int)(rng_uniform(&perm) * (i + 1));
        double t = v[i];
        v[i] = v[j], v[j] = t;
    }
    for (int r = 0; r < R; r++)
        for (int j = 0; j < J; j++) {
            w[r * J + j] = (double)(r * J + j); /* replica r holds a block */
            e[r * J + j] = (double)(j * R + r); /* every replica spans the range alike */
        }
    struct st_summary a = iv_pooled_quantile(v, R, J, 0.5, 0.95, &rng, work);
    struct st_summary b = iv_pooled_quantile(w, R, J, 0.5, 0.95, &rng, work);
    struct st_summary c = iv_pooled_quantile(e, R, J, 0.5, 0.95, &rng, work);
    cr_assert_eq(a.method, ST_WOODRUFF);
    cr_assert_float_eq(a.mean, 199.0, EPS); /* the 200th of 0..399 */
    cr_assert(a.ci_low < a.mean && a.mean < a.ci_high);
    cr_assert(b.ci_high - b.ci_low > a.ci_high - a.ci_low, "clustered: [%g, %g] vs [%g, %g]",
              b.ci_low, b.ci_high, a.ci_low, a.ci_high);
    cr_assert_eq(c.method, ST_BETTING);
    cr_assert(c.ci_low < 199.0 && 199.0 < c.ci_high, "[%g, %g]", c.ci_low, c.ci_high);
}

/* The betting inversion is exact: on 9 replicas (fewer than a bootstrap needs, so betting) of
 * J jobs that are all alike within a replica (the extreme of correlation: 9 values, not 72),
 * the interval of the median covers the true median of the law the replicas are drawn from in
 * at least 95 % of 200 draws. Law: a replica's J jobs all take one Exp(1) value, so the
 * pooled median is log 2. */
Test(intervals, pooled_quantile_betting_covers)
{
    enum { R = 9, J = 8, REPS = 200 };
    static double v[R * J], work[R * J + 4 * R + ST_BOOT_RESAMPLES];
    rng_t rng, draw;
    rng_stream(&rng, 5, 0, RNG_BOOTSTRAP);
    rng_stream(&draw, 6, 0, RNG_CHECK);
    int covered = 0;
    for (int rep = 0; rep < REPS; rep++) {
        for (int r = 0; r < R; r++) {
            double x = -log(1.0 - rng_uniform(&draw));
            for (int j = 0; j < J; j++)
                v[r * J + j] = x;
        }
        struct st_summary s = iv_pooled_quantile(v, R, J, 0.5, 0.95, &rng, work);
        cr_assert_eq(s.method, ST_BETTING);
        covered += s.ci_low <= log(2.0) && log(2.0) <= s.ci_high;
    }
    cr_assert(covered >= 0.95 * REPS, "%d of %d", covered, REPS);
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

/* test_stats — unit tests for engine/stats/stats.c: Welford accumulation, Student-t and Wilson
 * intervals, type-7 quantiles, and the Kolmogorov–Smirnov statistic and p-value.
 *
 * Reference values were computed independently with mpmath at 30 digits (t quantiles by
 * inverting the regularised incomplete beta, the Kolmogorov law by summing both of its
 * series). The simulated checks use a fixed-seed GSL Mersenne Twister, so they are
 * deterministic; they are not tests of the RNG engine of specmc. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sort.h>

#include "engine/stats/select.h"
#include "engine/stats/stats.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#define expect_near(actual, expected, tol)                                                    \
    cr_expect(fabs((double)(actual) - (double)(expected)) <= (tol),                           \
              "%s = %.17g, expected %.17g (tol %g)", #actual, (double)(actual),                 \
              (double)(expected), (double)(tol))

static void acc_from(struct st_acc *a, const double *x, size_t n)
{
    st_acc_init(a);
    for (size_t i = 0; i < n; i++)
        st_acc_add(a, x[i]);
}

/* --- Welford ---------------------------------------------------------------------------- */

Test(stats, welford_small_exact)
{
    const double x[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
    struct st_acc a;
    acc_from(&a, x, ARRAY_LEN(x));
    cr_expect_eq(a.n, 8);
    expect_near(a.mean, 5.0, 1e-15);
    expect_near(st_acc_variance(&a), 32.0 / 7.0, 1e-14);
}

/* Values 1e9 + d_i with small d_i (variance about 3.7): the naive E[x²] - E[x]² formula
 * works with squares near 1e18 (spacing 128) and sums near 1e21, which swamp the variance;
 * on this set it gives about -262. The reference is a two-pass computation on the exact
 * deviations d_i (1e9 + d_i is exact for these d_i). Welford itself is limited by the
 * running mean being stored near 1e9 (spacing 1.2e-7), which costs it a few 1e-9 relative
 * here, so the tolerance is 1e-7 relative: loose for Welford, hopeless for the naive one. */
Test(stats, welford_large_offset_matches_two_pass)
{
    enum { N = 1000 };
    const double offset = 1e9;
    static double x[N], d[N];
    for (int i = 0; i < N; i++) {
        d[i] = 0.25 * (double)(i % 17) - (double)(i % 5) + 0.5 * (double)((i * 7) % 3);
        x[i] = offset + d[i];
    }
    double sum = 0.0;
    for (int i = 0; i < N; i++)
        sum += d[i];
    double mean_d = sum / N;
    double ss = 0.0;
    for (int i = 0; i < N; i++)
        ss += (d[i] - mean_d) * (d[i] - mean_d);
    double var_ref = ss / (N - 1);

    struct st_acc a;
    acc_from(&a, x, N);
    cr_expect_eq(a.n, (uint64_t)N);
    expect_near(a.mean - offset, mean_d, 1e-6); /* spacing of doubles near 1e9 is 1.2e-7 */
    expect_near(st_acc_variance(&a), var_ref, 1e-7 * var_ref);
    cr_expect(var_ref > 1.0, "data set must have a non-trivial variance (%g)", var_ref);
}

Test(stats, welford_skips_nan)
{
    const double clean[] = { 1e9 + 1, 1e9 + 2, 1e9 + 6 };
    const double dirty[] = { NAN, 1e9 + 1, NAN, 1e9 + 2, 1e9 + 6, NAN };
    struct st_acc a, b;
    acc_from(&a, clean, ARRAY_LEN(clean));
    acc_from(&b, dirty, ARRAY_LEN(dirty));
    cr_expect_eq(b.n, 3);
    cr_expect_eq(a.mean, b.mean);
    cr_expect_eq(a.m2, b.m2);
    expect_near(b.mean, 1e9 + 3, 0.0);
    expect_near(st_acc_variance(&b), 7.0, 1e-12);
}

Test(stats, welford_variance_needs_two)
{
    struct st_acc a;
    st_acc_init(&a);
    cr_expect_eq(a.n, 0);
    cr_expect(isnan(st_acc_variance(&a)));
    st_acc_add(&a, 42.0);
    cr_expect(isnan(st_acc_variance(&a)));
    expect_near(a.mean, 42.0, 0.0);
    st_acc_add(&a, NAN);
    cr_expect_eq(a.n, 1);
    cr_expect(isnan(st_acc_variance(&a)));
}

/* --- Student-t interval ----------------------------------------------------------------- */

/* {1..5}: mean 3, s = sqrt(2.5), t_{0.975,4} = 2.7764451052, half-width 1.9632431615. */
Test(stats, t_interval_hand_95)
{
    const double x[] = { 1, 2, 3, 4, 5 };
    struct st_acc a;
    acc_from(&a, x, ARRAY_LEN(x));
    struct st_summary s = st_t_interval(&a, 0.95);
    cr_expect_eq(s.n, 5);
    expect_near(s.mean, 3.0, 1e-15);
    expect_near(s.stddev, 1.5811388300841898, 1e-12);
    expect_near(s.ci_high - s.mean, 1.9632431614775577, 1e-9);
    expect_near(s.ci_low, 1.0367568385224423, 1e-9);
    expect_near(s.ci_high, 4.9632431614775577, 1e-9);
}

/* {2,4,4,4,5,5,7,9} at 90 %: t_{0.95,7} = 1.8945786051, s = 2.1380899353, n = 8. */
Test(stats, t_interval_hand_90)
{
    const double x[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
    struct st_acc a;
    acc_from(&a, x, ARRAY_LEN(x));
    struct st_summary s = st_t_interval(&a, 0.90);
    expect_near(s.stddev, 2.1380899352993951, 1e-12);
    expect_near(s.ci_low, 5.0 - 1.4321668080948029, 1e-9);
    expect_near(s.ci_high, 5.0 + 1.4321668080948029, 1e-9);
}

Test(stats, t_interval_degenerate)
{
    struct st_acc a;
    st_acc_init(&a);
    struct st_summary s = st_t_interval(&a, 0.95);
    cr_expect_eq(s.n, 0);
    cr_expect(isnan(s.mean) && isnan(s.stddev) && isnan(s.ci_low) && isnan(s.ci_high));

    st_acc_add(&a, 7.5);
    s = st_t_interval(&a, 0.95);
    cr_expect_eq(s.n, 1);
    expect_near(s.mean, 7.5, 0.0);
    cr_expect(isnan(s.stddev) && isnan(s.ci_low) && isnan(s.ci_high));

    st_acc_add(&a, 7.5);
    st_acc_add(&a, 7.5);
    s = st_t_interval(&a, 0.95);
    cr_expect_eq(s.n, 3);
    cr_expect_eq(s.stddev, 0.0);
    cr_expect_eq(s.ci_low, 7.5);
    cr_expect_eq(s.ci_high, 7.5);
}

/* An infinite sample (a utility lg(PoCD − R_min) at PoCD <= R_min) makes the mean that
 * infinity, not NaN: Welford alone would compute inf − inf. Both signs give NaN. */
Test(stats, t_interval_infinite_samples)
{
    struct st_acc a;
    st_acc_init(&a);
    st_acc_add(&a, -0.3);
    st_acc_add(&a, -INFINITY);
    st_acc_add(&a, -0.5);
    st_acc_add(&a, -INFINITY);
    struct st_summary s = st_t_interval(&a, 0.95);
    cr_expect_eq(s.n, 4);
    cr_expect(isinf(s.mean) && s.mean < 0, "mean %g", s.mean);
    cr_expect(s.ci_low == -INFINITY && s.ci_high == -INFINITY);
    cr_expect(isnan(s.stddev) && isnan(st_acc_variance(&a)));
    st_acc_add(&a, INFINITY);
    s = st_t_interval(&a, 0.95);
    cr_expect(isnan(s.mean) && isnan(s.ci_low) && isnan(s.ci_high));
}

/* 4000 intervals of n = 10 normal samples: the 95 % t interval must cover the true mean in
 * 93–97 % of them (binomial s.d. 0.34 %). A z interval would cover about 91.8 %. */
Test(stats, t_interval_coverage)
{
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 20240611UL);
    const double mu = 5.0, sigma = 2.0;
    int covered = 0;
    const int reps = 4000;
    for (int rep = 0; rep < reps; rep++) {
        struct st_acc a;
        st_acc_init(&a);
        for (int i = 0; i < 10; i++)
            st_acc_add(&a, mu + gsl_ran_gaussian(r, sigma));
        struct st_summary s = st_t_interval(&a, 0.95);
        if (s.ci_low <= mu && mu <= s.ci_high)
            covered++;
    }
    gsl_rng_free(r);
    double cov = (double)covered / reps;
    cr_expect(cov >= 0.93 && cov <= 0.97, "coverage %.4f outside [0.93, 0.97]", cov);
}

/* --- Wilson interval -------------------------------------------------------------------- */

Test(stats, wilson_hand_values)
{
    struct st_summary s = st_wilson_interval(8, 10, 0.95);
    cr_expect_eq(s.n, 10);
    expect_near(s.mean, 0.8, 1e-15);
    expect_near(s.stddev, 0.4, 1e-15); /* Bernoulli sqrt(p(1-p)) */
    expect_near(s.ci_low, 0.49016247153664176, 1e-9);
    expect_near(s.ci_high, 0.94331784854562473, 1e-9);

    s = st_wilson_interval(8, 10, 0.90);
    expect_near(s.ci_low, 0.54079280568748781, 1e-9);
    expect_near(s.ci_high, 0.93144201226246793, 1e-9);

    s = st_wilson_interval(8, 10, 0.99);
    expect_near(s.ci_low, 0.40081869652167157, 1e-9);
    expect_near(s.ci_high, 0.95986884749538354, 1e-9);

    s = st_wilson_interval(3, 7, 0.95);
    expect_near(s.ci_low, 0.15821985525146972, 1e-9);
    expect_near(s.ci_high, 0.74954163547234276, 1e-9);
}

Test(stats, wilson_extremes)
{
    struct st_summary s = st_wilson_interval(0, 20, 0.95);
    cr_expect_eq(s.mean, 0.0);
    cr_expect_eq(s.stddev, 0.0);
    cr_expect_eq(s.ci_low, 0.0);
    expect_near(s.ci_high, 0.16112515805281933, 1e-9);
    cr_expect(s.ci_high > 0.0);

    s = st_wilson_interval(20, 20, 0.95);
    cr_expect_eq(s.mean, 1.0);
    cr_expect_eq(s.ci_high, 1.0);
    expect_near(s.ci_low, 0.83887484194718067, 1e-9);
    cr_expect(s.ci_low < 1.0);

    s = st_wilson_interval(0, 0, 0.95);
    cr_expect_eq(s.n, 0);
    cr_expect(isnan(s.mean) && isnan(s.stddev) && isnan(s.ci_low) && isnan(s.ci_high));
}

/* --- quantiles -------------------------------------------------------------------------- */

/* Type 7 on {1..10}: h = 9p, value 1 + h. (Type 6 would give 9.9 at p = 0.9.) */
Test(stats, quantile_type7)
{
    const double x[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
    const size_t n = ARRAY_LEN(x);
    expect_near(st_quantile_sorted(x, n, 0.0), 1.0, 1e-12);
    expect_near(st_quantile_sorted(x, n, 0.25), 3.25, 1e-12);
    expect_near(st_quantile_sorted(x, n, 0.5), 5.5, 1e-12);
    expect_near(st_quantile_sorted(x, n, 0.9), 9.1, 1e-12);
    expect_near(st_quantile_sorted(x, n, 0.99), 9.91, 1e-12);
    expect_near(st_quantile_sorted(x, n, 1.0), 10.0, 1e-12);
}

Test(stats, quantile_edges)
{
    const double x[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };
    const size_t n = ARRAY_LEN(x);
    expect_near(st_quantile_sorted(x, n, -0.5), 1.0, 0.0);
    expect_near(st_quantile_sorted(x, n, 1.5), 10.0, 0.0);
    const double one[] = { 4.25 };
    expect_near(st_quantile_sorted(one, 1, 0.3), 4.25, 0.0);
    cr_expect(isnan(st_quantile_sorted(x, 0, 0.5)));
    cr_expect(isnan(st_quantile_sorted(x, n, NAN)));
}

/* By selection (engine/stats/select.c), to the bit the order statistics of the sorted data (the
 * interpolation between them rounds as GSL's does not, within 1e-15): one quantile a call on
 * a fresh copy, and 200 in one st_ranks (more places than it keeps), on values with
 * heavy ties (integers 0..9) and a continuous tail, in sizes 1 .. 2001. */
Test(stats, quantile_select_equals_sorted)
{
    enum { N = 2001, NP = 200 };
    static double x[N], sorted[N], work[N], keep[N];
    gsl_rng *g = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(g, 11);
    for (int i = 0; i < N; i++) {
        double u = gsl_rng_uniform(g);
        x[i] = u < 0.6 ? floor(10 * u / 0.6) : 1.0 / (1.0 - u);
    }
    gsl_rng_free(g);
    const size_t sizes[] = { 1, 2, 3, 10, 101, 2000, 2001 };
    for (size_t t = 0; t < ARRAY_LEN(sizes); t++) {
        size_t n = sizes[t];
        memcpy(sorted, x, n * sizeof *x);
        gsl_sort(sorted, 1, n);
        memcpy(keep, x, n * sizeof *x);
        struct st_ranks r;
        st_ranks_init(&r, keep, (long)n);
        for (int k = 0; k < NP; k++) {
            double p = (double)((k * 67) % NP) / (NP - 1); /* 0 .. 1 in no order */
            double h = (double)(n - 1) * p, lo = floor(h); /* type 7 as ranks.c writes it */
            double want = h == lo ? sorted[(size_t)lo]
                                  : sorted[(size_t)lo] + (h - lo) * (sorted[(size_t)lo + 1] -
                                                                     sorted[(size_t)lo]);
            cr_assert(fabs(want - st_quantile_sorted(sorted, n, p)) <= 1e-15 * fabs(want));
            memcpy(work, x, n * sizeof *x);
            double one = st_quantile_select(work, n, p), many = st_ranks_quantile(&r, p);
            cr_assert(one == want && many == want, "n = %zu, p = %g: %.17g, %.17g, sorted %.17g",
                      n, p, one, many, want);
        }
        for (long k = 1; k <= (long)n; k += 1 + (long)n / 50)
            cr_assert(st_rank(&r, k) == sorted[k - 1]);
        cr_assert(isinf(st_rank(&r, 0)) && isinf(st_rank(&r, (long)n + 1)));
    }
}

/* --- Kolmogorov–Smirnov ----------------------------------------------------------------- */

/* Uniform on [0, *(const double *)ctx]. */
static double cdf_uniform_scaled(double x, const void *ctx)
{
    double b = *(const double *)ctx;
    if (x <= 0.0)
        return 0.0;
    return x >= b ? 1.0 : x / b;
}

static double cdf_square(double x, const void *ctx)
{
    (void)ctx;
    if (x <= 0.0)
        return 0.0;
    return x >= 1.0 ? 1.0 : x * x;
}

static double cdf_normal(double x, const void *ctx)
{
    (void)ctx;
    return gsl_cdf_ugaussian_P(x);
}

Test(stats, ks_statistic_hand)
{
    const double one = 1.0, two = 2.0;
    const double a[] = { 0.1, 0.4, 0.7 }; /* i/n - F side: 1 - 0.7 */
    expect_near(st_ks_statistic(a, 3, cdf_uniform_scaled, &one), 0.3, 1e-15);
    const double b[] = { 0.6, 0.9 }; /* F - (i-1)/n side: 0.6 - 0 */
    expect_near(st_ks_statistic(b, 2, cdf_uniform_scaled, &one), 0.6, 1e-15);
    const double c[] = { 0.5 };
    expect_near(st_ks_statistic(c, 1, cdf_uniform_scaled, &one), 0.5, 1e-15);
    /* ctx reaches the CDF: {0.2, 1.2, 1.8} on [0, 2] -> F = 0.1, 0.6, 0.9 -> D = 0.2667. */
    const double d[] = { 0.2, 1.2, 1.8 };
    expect_near(st_ks_statistic(d, 3, cdf_uniform_scaled, &two), 0.6 - 1.0 / 3.0, 1e-15);
    cr_expect(isnan(st_ks_statistic(d, 0, cdf_uniform_scaled, &two)));
}

/* Choose d so that the Stephens-corrected argument is exactly x; the p-value must then be
 * Q_KS(x). Exercises both series (the split is at 1.18) and the correction (n = 16). */
Test(stats, ks_pvalue_series_values)
{
    static const struct {
        double x, q;
    } ref[] = {
        { 0.3, 0.99999069419866543 },     { 0.5, 0.96394524366487509 },
        { 0.8, 0.54414241157419808 },     { 1.0, 0.26999967167735452 },
        { 1.18, 0.12345380942976571 },    { 1.22385, 0.099998957783577833 },
        { 1.3581, 0.049999630431667413 }, { 1.36, 0.049485876755377884 },
        { 1.62762, 0.010000235130155906 }, { 2.0, 0.00067092525577969535 },
    };
    const size_t ns[] = { 16, 1000 };
    for (size_t j = 0; j < ARRAY_LEN(ns); j++) {
        double rn = sqrt((double)ns[j]);
        double factor = rn + 0.12 + 0.11 / rn;
        for (size_t i = 0; i < ARRAY_LEN(ref); i++)
            expect_near(st_ks_pvalue(ref[i].x / factor, ns[j]), ref[i].q, 1e-12);
    }
}

/* For large n the Stephens factor is ~sqrt(n), so d = 1.36/sqrt(n) gives Q_KS(1.36). */
Test(stats, ks_pvalue_large_n)
{
    const size_t n = 100000000;
    expect_near(st_ks_pvalue(1.36 / sqrt((double)n), n), 0.0494859, 1e-4);
    /* ...but at n = 16 the correction matters: Q(1.36 · 4.1475/4) ~ 0.038. */
    cr_expect(st_ks_pvalue(1.36 / 4.0, 16) < 0.045);
}

Test(stats, ks_pvalue_shape)
{
    cr_expect_eq(st_ks_pvalue(0.0, 10), 1.0);
    cr_expect_eq(st_ks_pvalue(1e-6, 10), 1.0);
    cr_expect(isnan(st_ks_pvalue(0.1, 0)));
    cr_expect(isnan(st_ks_pvalue(NAN, 10)));
    /* continuous across the series switch and monotone non-increasing in d */
    const size_t n = 1000000;
    double rn = sqrt((double)n), factor = rn + 0.12 + 0.11 / rn;
    double below = st_ks_pvalue((1.18 - 1e-9) / factor, n);
    double above = st_ks_pvalue((1.18 + 1e-9) / factor, n);
    expect_near(below, above, 1e-8);
    double prev = 1.0;
    for (int i = 1; i <= 400; i++) {
        double q = st_ks_pvalue(0.01 * i / factor, n);
        cr_expect(q >= 0.0 && q <= 1.0 && q <= prev + 1e-15, "x = %g: Q = %g after %g",
                  0.01 * i, q, prev);
        prev = q;
    }
}

Test(stats, ks_test_accepts_and_rejects)
{
    enum { N = 1000 };
    static double u[N], z[N];
    gsl_rng *r = gsl_rng_alloc(gsl_rng_mt19937);
    gsl_rng_set(r, 12345UL);
    for (int i = 0; i < N; i++) {
        u[i] = gsl_rng_uniform(r);
        z[i] = gsl_ran_gaussian(r, 1.0);
    }
    gsl_rng_free(r);
    gsl_sort(u, 1, N);
    gsl_sort(z, 1, N);
    const double one = 1.0;

    double d = st_ks_statistic(u, N, cdf_uniform_scaled, &one);
    double p = st_ks_pvalue(d, N);
    cr_expect(p > 0.01, "uniform vs uniform: D = %g, p = %g", d, p);

    d = st_ks_statistic(z, N, cdf_normal, NULL);
    p = st_ks_pvalue(d, N);
    cr_expect(p > 0.01, "normal vs normal: D = %g, p = %g", d, p);

    d = st_ks_statistic(u, N, cdf_square, NULL);
    p = st_ks_pvalue(d, N);
    cr_expect(p < 1e-6, "uniform vs x^2: D = %g, p = %g", d, p);
    cr_expect(d > 0.2, "uniform vs x^2: D = %g (sup |x - x^2| = 0.25)", d);
}

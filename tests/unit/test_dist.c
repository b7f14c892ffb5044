/* test_dist — engine/stats/dist.c: samplers against their own CDFs, moments, quantile round trips.
 *
 * Each family is sampled n = 200000 times from a fixed RNG_CHECK stream (so the outcome is
 * deterministic) and checked with a one-sample Kolmogorov–Smirnov test computed here
 * (sqrt(n) D_n < 1.95, p ~ 0.001), a sample-mean test within 5 standard errors where the
 * variance is finite, and the sample median where it is not. A deliberately wrong CDF must
 * fail the same KS test. Not tested here: the PCG generator itself (test_rng.c). */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_integration.h>

#include "engine/stats/dist.h"
#include "engine/stats/rng.h"

#define N_SAMPLES 200000
#define KS_CRIT 1.95   /* sqrt(n) D_n critical value, alpha ~ 0.001 (Kolmogorov 1.949) */
#define TEST_SEED 20240601u

static int cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

/* n sorted samples of d from stream (TEST_SEED, replica, RNG_CHECK); caller frees. */
static double *sorted_samples(const struct dist *d, uint64_t replica, size_t n)
{
    double *x = malloc(n * sizeof *x);
    cr_assert(x != NULL, "out of memory");
    rng_t r;
    rng_stream(&r, TEST_SEED, replica, RNG_CHECK);
    for (size_t i = 0; i < n; i++)
        x[i] = dist_sample(d, &r);
    qsort(x, n, sizeof *x, cmp_double);
    return x;
}

/* sqrt(n) D_n with D_n = max_i max(i/n - F(x_(i)), F(x_(i)) - (i-1)/n), x sorted. */
static double ks_scaled(const double *x, size_t n, const struct dist *d)
{
    double dn = 0.0;
    for (size_t i = 1; i <= n; i++) {
        double f = dist_cdf(d, x[i - 1]);
        double above = (double)i / (double)n - f, below = f - (double)(i - 1) / (double)n;
        if (above > dn)
            dn = above;
        if (below > dn)
            dn = below;
    }
    return dn * sqrt((double)n);
}

static double mean_of(const double *x, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; i++)
        s += x[i];
    return s / (double)n;
}

static double median_of_sorted(const double *x, size_t n)
{
    return n % 2 ? x[n / 2] : 0.5 * (x[n / 2 - 1] + x[n / 2]);
}

/* KS, finite-variance mean and median-vs-quantile checks for one continuous family. */
static void check_family(const struct dist *d, uint64_t replica)
{
    const size_t n = N_SAMPLES;
    double *x = sorted_samples(d, replica, n);
    double ks = ks_scaled(x, n, d);
    cr_log_info("%s(%g, %g): sqrt(n) D_n = %.3f", dist_kind_name(d->kind), d->a, d->b, ks);
    cr_expect(ks < KS_CRIT, "%s(%g, %g): KS sqrt(n) D_n = %.3f >= %.2f",
              dist_kind_name(d->kind), d->a, d->b, ks, KS_CRIT);

    double var = dist_variance(d);
    if (isfinite(var)) {
        double m = mean_of(x, n), mu = dist_mean(d), se = sqrt(var / (double)n);
        cr_expect(fabs(m - mu) < 5.0 * se, "%s(%g, %g): sample mean %.6f vs %.6f (5 se = %.3g)",
                  dist_kind_name(d->kind), d->a, d->b, m, mu, 5.0 * se);
    }
    double med = dist_median(d);
    cr_expect(fabs(med - dist_quantile(d, 0.5)) <= 1e-12 * fabs(med),
              "%s: median %.17g vs Q(1/2) %.17g", dist_kind_name(d->kind), med,
              dist_quantile(d, 0.5));
    cr_expect(fabs(dist_cdf(d, med) - 0.5) < 1e-12, "%s: F(median) = %.17g",
              dist_kind_name(d->kind), dist_cdf(d, med));
    free(x);
}

/* F(Q(u)) == u and Q increasing, at u across (0,1) including both tails. */
static void check_round_trip(const struct dist *d)
{
    static const double us[] = {1e-12, 1e-6, 0.001, 0.1,     0.25,       0.5,
                                0.75,  0.9,  0.999, 1 - 1e-6, 1 - 1e-12};
    double prev = -INFINITY;
    for (size_t k = 0; k < sizeof us / sizeof us[0]; k++) {
        double q = dist_quantile(d, us[k]);
        cr_expect(isfinite(q), "%s: Q(%g) = %g", dist_kind_name(d->kind), us[k], q);
        cr_expect(q > prev, "%s: Q not increasing at u = %g", dist_kind_name(d->kind), us[k]);
        double f = dist_cdf(d, q);
        cr_expect(fabs(f - us[k]) <= 1e-12 + 1e-9 * us[k], "%s: F(Q(%.17g)) = %.17g",
                  dist_kind_name(d->kind), us[k], f);
        prev = q;
    }
}

Test(dist, pareto_1_1p5_infinite_variance)
{
    struct dist d = {DIST_PARETO, 1.0, 1.5};
    cr_assert_eq(dist_mean(&d), 3.0);
    cr_assert(isinf(dist_variance(&d)));
    check_family(&d, 1);

    /* Infinite variance: the sample median instead of the mean. Asymptotic standard error
     * of the median is 1 / (2 f(m) sqrt(n)), f(t) = beta tmin^beta / t^(beta+1). */
    double *x = sorted_samples(&d, 1, N_SAMPLES);
    double m = dist_median(&d);
    cr_assert(fabs(m - pow(2.0, 1.0 / 1.5)) < 1e-15);
    double f = 1.5 / pow(m, 2.5), se = 1.0 / (2.0 * f * sqrt((double)N_SAMPLES));
    double sm = median_of_sorted(x, N_SAMPLES);
    cr_expect(fabs(sm - m) < 5.0 * se, "sample median %.6f vs %.6f (5 se = %.3g)", sm, m,
              5.0 * se);
    free(x);
}

Test(dist, pareto_2_3)
{
    struct dist d = {DIST_PARETO, 2.0, 3.0};
    cr_assert(fabs(dist_mean(&d) - 3.0) < 1e-15);
    cr_assert(fabs(dist_variance(&d) - 3.0) < 1e-14); /* 4*3 / (2^2 * 1) */
    check_family(&d, 2);
}

Test(dist, exponential_mean_2)
{
    struct dist d = {DIST_EXPONENTIAL, 2.0, 0.0};
    cr_assert_eq(dist_mean(&d), 2.0);
    cr_assert_eq(dist_variance(&d), 4.0);
    check_family(&d, 3);
}

Test(dist, lognormal_0p5_0p8)
{
    struct dist d = {DIST_LOGNORMAL, 0.5, 0.8};
    cr_assert(fabs(dist_mean(&d) - exp(0.5 + 0.32)) < 1e-14);
    cr_assert(fabs(dist_variance(&d) - (exp(0.64) - 1.0) * exp(1.0 + 0.64)) < 1e-13);
    check_family(&d, 4);
}

Test(dist, uniform_1_4)
{
    struct dist d = {DIST_UNIFORM, 1.0, 4.0};
    cr_assert_eq(dist_mean(&d), 2.5);
    cr_assert_eq(dist_variance(&d), 0.75);
    check_family(&d, 5);
}

Test(dist, deterministic)
{
    struct dist d = {DIST_DETERMINISTIC, 2.5, 0.0};
    rng_t r;
    rng_stream(&r, TEST_SEED, 6, RNG_CHECK);
    for (long i = 0; i < N_SAMPLES; i++) {
        double x = dist_sample(&d, &r);
        cr_assert_eq(x, 2.5, "sample %ld = %.17g", i, x);
    }
    cr_assert_eq(dist_mean(&d), 2.5);
    cr_assert_eq(dist_variance(&d), 0.0);
    cr_assert_eq(dist_median(&d), 2.5);
    cr_assert_eq(dist_quantile(&d, 0.001), 2.5);
    cr_assert_eq(dist_cdf(&d, 2.4999), 0.0);
    cr_assert_eq(dist_cdf(&d, 2.5), 1.0);
}

Test(dist, quantile_cdf_round_trip)
{
    const struct dist ds[] = {
        {DIST_PARETO, 1.0, 1.5},   {DIST_PARETO, 2.0, 3.0},     {DIST_PARETO, 0.5, 0.9},
        {DIST_EXPONENTIAL, 2.0, 0}, {DIST_LOGNORMAL, 0.5, 0.8}, {DIST_UNIFORM, 1.0, 4.0},
    };
    for (size_t k = 0; k < sizeof ds / sizeof ds[0]; k++)
        check_round_trip(&ds[k]);
}

Test(dist, cdf_outside_support)
{
    struct dist p = {DIST_PARETO, 1.0, 1.5}, e = {DIST_EXPONENTIAL, 2.0, 0};
    struct dist l = {DIST_LOGNORMAL, 0.5, 0.8}, u = {DIST_UNIFORM, 1.0, 4.0};
    cr_assert_eq(dist_cdf(&p, 0.5), 0.0);
    cr_assert_eq(dist_cdf(&p, 1.0), 0.0);
    cr_assert_eq(dist_cdf(&e, -1.0), 0.0);
    cr_assert_eq(dist_cdf(&l, 0.0), 0.0);
    cr_assert_eq(dist_cdf(&u, 0.0), 0.0);
    cr_assert_eq(dist_cdf(&u, 5.0), 1.0);
    cr_assert_eq(dist_cdf(&p, INFINITY), 1.0);
}

/* dist_sample consumes exactly two outputs (one rng_uniform), as dist.h promises. */
Test(dist, sample_uses_two_outputs)
{
    struct dist d = {DIST_LOGNORMAL, 0.5, 0.8};
    rng_t r, s;
    rng_stream(&r, TEST_SEED, 7, RNG_CHECK);
    s = r;
    (void)dist_sample(&d, &r);
    rng_advance(&s, 2);
    cr_assert(r.state == s.state);
}

/* dist_fill is dist_sample times the scale, draw by draw, to the bit, for every family (the
 * workload's task times and the dist.* check draw through it), and leaves the stream where n
 * dist_sample calls would. */
Test(dist, fill_is_sample_times_scale)
{
    static const struct dist families[] = {
        {DIST_PARETO, 1.3, 1.5}, {DIST_EXPONENTIAL, 2.0, 0}, {DIST_DETERMINISTIC, 3.0, 0},
        {DIST_LOGNORMAL, 0.5, 0.8}, {DIST_UNIFORM, 1.0, 4.0},
        {DIST_PARETO, 1.3, 1.5, 4.0}}; /* truncated at 4: tp_fill, draws at the cap included */
    enum { N = 257 };
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++) {
        double got[N], scale = 0.37 + f;
        rng_t r, s;
        rng_stream(&r, TEST_SEED, f, RNG_CHECK);
        s = r;
        dist_fill(&families[f], scale, &r, got, N);
        for (int k = 0; k < N; k++) {
            double want = dist_sample(&families[f], &s) * scale;
            cr_assert(got[k] == want, "%s, draw %d: %.17g, not %.17g",
                      dist_kind_name(families[f].kind), k, got[k], want);
        }
        cr_assert(r.state == s.state);
    }
}

/* ln(1 − u) in the quantiles is log of 1 − u only where that difference is exact (every
 * draw's u, and u >= 1/2), log1p(−u) elsewhere: a small u off the draws' grid keeps its
 * relative accuracy. Q(u) = −m ln(1 − u) = m (u + u²/2 + u³/3 + …), the series exact to double
 * precision at these u; log of a rounded 1 − u would be off by up to 2^-54 / u relative. */
Test(dist, exponential_quantile_keeps_small_u_accurate)
{
    struct dist d = {DIST_EXPONENTIAL, 2.0, 0};
    static const double us[] = {1e-300, 1e-17, 1e-12, 3e-9, 0x1p-53, 0x1.8p-52, 0x1p-40};
    for (size_t k = 0; k < sizeof us / sizeof us[0]; k++) {
        double u = us[k], want = 2.0 * (u + u * u / 2 + u * u * u / 3), q = dist_quantile(&d, u);
        cr_expect(fabs(q - want) <= 4e-16 * want, "Q(%.17g) = %.17g, not %.17g", u, q, want);
    }
}

Test(dist, pareto_heavy_tail_moments)
{
    struct dist d1 = {DIST_PARETO, 1.0, 1.0}, d08 = {DIST_PARETO, 1.0, 0.8};
    struct dist d2 = {DIST_PARETO, 1.0, 2.0};
    cr_assert(dist_mean(&d1) == INFINITY);
    cr_assert(dist_mean(&d08) == INFINITY);
    cr_assert(dist_variance(&d1) == INFINITY);
    cr_assert(dist_mean(&d2) == 2.0);
    cr_assert(dist_variance(&d2) == INFINITY);
}

Test(dist, kind_names)
{
    static const char *const names[] = {"pareto", "exponential", "deterministic", "lognormal",
                                        "uniform"};
    cr_assert_eq(sizeof names / sizeof names[0], (size_t)DIST_KIND_COUNT);
    for (int k = 0; k < (int)DIST_KIND_COUNT; k++)
        cr_assert_str_eq(dist_kind_name((enum dist_kind)k), names[k]);
    cr_assert_str_eq(dist_kind_name(DIST_KIND_COUNT), "unknown");
}

/* The KS test has power: Pareto(1, 1.5) samples against the Pareto(1, 1.6) CDF
 * (max |F_1.5 - F_1.6| ~ 0.025, so sqrt(n) D_n ~ 11) must be rejected. */
Test(dist, ks_rejects_wrong_distribution)
{
    struct dist truth = {DIST_PARETO, 1.0, 1.5}, wrong = {DIST_PARETO, 1.0, 1.6};
    double *x = sorted_samples(&truth, 1, N_SAMPLES);
    double ks = ks_scaled(x, N_SAMPLES, &wrong);
    cr_log_info("wrong rule: sqrt(n) D_n = %.3f", ks);
    cr_assert(ks > KS_CRIT, "KS failed to reject Pareto(1,1.6): sqrt(n) D_n = %.3f", ks);
    free(x);
}

/* Per-job shapes: the shape fitted to a CV gives that CV back, dist_with_shape keeps the mean,
 * and the family's own shape returns it bit for bit (so jobs without a shape of their own draw
 * exactly what they did before). Lognormal: CV 0.5 → σ = sqrt(ln 1.25) = 0.47238; Pareto:
 * CV 0.5 → β = 1 + sqrt(5) = 3.2361 (CV² = 1/(β(β − 2)) = 1/4). */
Test(dist, shape_fitted_to_cv)
{
    cr_assert(dist_has_shape(DIST_LOGNORMAL) && dist_has_shape(DIST_PARETO));
    cr_assert(!dist_has_shape(DIST_EXPONENTIAL) && !dist_has_shape(DIST_DETERMINISTIC) &&
              !dist_has_shape(DIST_UNIFORM));
    cr_assert(isnan(dist_shape_for_cv(DIST_EXPONENTIAL, 1.0)));
    cr_assert_float_eq(dist_shape_for_cv(DIST_LOGNORMAL, 0.5), sqrt(log(1.25)), 1e-15);
    cr_assert_float_eq(dist_shape_for_cv(DIST_PARETO, 0.5), 1.0 + sqrt(5.0), 1e-15);
    const struct dist fam[] = {{DIST_LOGNORMAL, log(1179.7) - 0.125, 0.5},
                               {DIST_PARETO, 2.0, 1.5}, {DIST_PARETO, 1.0, 3.0}};
    const double cvs[] = {0.05, 0.3, 1.0, 2.0, 8.0};
    for (size_t f = 0; f < sizeof fam / sizeof *fam; f++) {
        struct dist same = dist_with_shape(&fam[f], fam[f].b);
        cr_assert(same.kind == fam[f].kind && same.a == fam[f].a && same.b == fam[f].b);
        for (size_t k = 0; k < sizeof cvs / sizeof *cvs; k++) {
            struct dist d = dist_with_shape(&fam[f], dist_shape_for_cv(fam[f].kind, cvs[k]));
            double m = dist_mean(&d), cv = sqrt(dist_variance(&d)) / m;
            cr_assert_float_eq(m, dist_mean(&fam[f]), 1e-12 * m, "family %zu cv %g", f, cvs[k]);
            cr_assert_float_eq(cv, cvs[k], 1e-12 * cvs[k], "family %zu: cv %.17g", f, cv);
        }
    }
}

/* A reshaped family is still sampled by its inverse CDF: the KS test on lognormal σ = 0.1 and
 * 1.0 (mean 10 kept) and Pareto β = 2.5 (mean 3 kept: t_min 1.8). */
Test(dist, reshaped_families_sample_right)
{
    struct dist ln = {DIST_LOGNORMAL, log(10.0) - 0.125, 0.5}, pa = {DIST_PARETO, 1.0, 1.5};
    struct dist ds[] = {dist_with_shape(&ln, 0.1), dist_with_shape(&ln, 1.0),
                        dist_with_shape(&pa, 2.5)};
    cr_assert_float_eq(ds[2].a, 1.8, 1e-15);
    for (int k = 0; k < 3; k++) {
        double *x = sorted_samples(&ds[k], 20 + (uint64_t)k, N_SAMPLES);
        double ks = ks_scaled(x, N_SAMPLES, &ds[k]);
        cr_assert(ks < KS_CRIT, "reshaped %d: sqrt(n) D_n = %.3f", k, ks);
        free(x);
    }
}

/* The sampler's reach: DIST_Z_MAX is the normal quantile of the largest uniform, which is
 * rng_uniform's largest value. */
Test(dist, sampler_reach)
{
    cr_assert_float_eq(gsl_cdf_ugaussian_Pinv(DIST_U_MAX), DIST_Z_MAX, 1e-12);
    rng_t r = {.state = 0, .inc = 1}; /* any stream: the bound holds for every output */
    for (int i = 0; i < 1000; i++)
        cr_assert(rng_uniform(&r) <= DIST_U_MAX);
}

static double quantile_of(double u, void *ctx)
{
    return dist_quantile(ctx, u);
}

/* Partial means against GSL's quadrature of the quantile function, and their limits: the
 * whole mean as q -> 1 for finite means; what the sampler reaches, mean Phi(z - sigma) for
 * lognormal and tmin beta/(beta - 1) (1 - 2^(-53(beta - 1)/beta)) for Pareto. */
Test(dist, partial_means)
{
    struct dist ds[] = {{DIST_PARETO, 1.0, 1.5},      {DIST_PARETO, 2.0, 0.7},
                        {DIST_PARETO, 1.0, 1.0},      {DIST_EXPONENTIAL, 2.0, 0},
                        {DIST_DETERMINISTIC, 3.0, 0}, {DIST_LOGNORMAL, 0.2, 0.8},
                        {DIST_UNIFORM, 1.0, 4.0}};
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
    for (size_t k = 0; k < sizeof ds / sizeof *ds; k++)
        for (double q = 0.1; q < 1; q += 0.4) {
            gsl_function f = {quantile_of, &ds[k]};
            double want, err;
            gsl_integration_qags(&f, 0, q, 0, 1e-12, 1000, w, &want, &err);
            double got = dist_partial_mean(&ds[k], q);
            cr_expect(fabs(got - want) <= 1e-9 * want, "%s(%g, %g) at q = %g: %.15g vs %.15g",
                      dist_kind_name(ds[k].kind), ds[k].a, ds[k].b, q, got, want);
        }
    gsl_integration_workspace_free(w);
    struct dist exp2m = {DIST_EXPONENTIAL, 2.0, 0}, ln = {DIST_LOGNORMAL, log(3.0) - 32, 8};
    cr_expect_float_eq(dist_partial_mean(&exp2m, DIST_U_MAX), 2.0, 1e-13);
    cr_expect_float_eq(dist_partial_mean(&ln, DIST_U_MAX) / 3.0,
                       gsl_cdf_ugaussian_P(DIST_Z_MAX - 8), 1e-12);
    struct dist pa = {DIST_PARETO, 1.0, 1.01};
    cr_expect_float_eq(dist_partial_mean(&pa, DIST_U_MAX),
                       101.0 * (1 - pow(2.0, -53 * 0.01 / 1.01)), 1e-9);
}

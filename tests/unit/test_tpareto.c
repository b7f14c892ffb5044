/* test_tpareto — the truncated Pareto law (engine/stats/tpareto.c through dist.h).
 *
 * Each check would fail on a wrong formula: the CDF against the definition written out here,
 * the quantile against the CDF both ways, the moments against GSL's quadrature of the
 * written-out survival (E[T^k] = L^k + ∫_L^H k t^(k−1) (1 − F(t)) dt) and partial means
 * against that of the quantile function (∫_0^q Q(u) du), the samples against the
 * written-out CDF by Kolmogorov–Smirnov (a clipped Pareto, min(X, tmax), must fail it), and
 * the limit tmax → ∞, where the sampler must draw the unbounded Pareto's values to the bit. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>

#include "engine/stats/dist.h"
#include "engine/stats/rng.h"

#define SEED 20261201u

static const struct dist laws[] = {
    {DIST_PARETO, 1.0, 1.5, 40.0},      {DIST_PARETO, 623.35, 2.0, 22919.3},
    {DIST_PARETO, 2.0, 0.7, 50.0},      {DIST_PARETO, 1.0, 1.0, 10.0},
    {DIST_PARETO, 1.0, 3.0, 1.5},       {DIST_PARETO, 0.5, 2.0, 1e6},
};
#define NLAWS (sizeof laws / sizeof *laws)

/* The definition, F(t) = (1 − (L/t)^β)/(1 − (L/H)^β) on [L, H] (Aban et al. 2006, §1). */
static double cdf_def(const struct dist *d, double t)
{
    if (t < d->a)
        return 0.0;
    if (t >= d->c)
        return 1.0;
    return (1.0 - pow(d->a / t, d->b)) / (1.0 - pow(d->a / d->c, d->b));
}

Test(tpareto, cdf_is_the_definition)
{
    for (size_t i = 0; i < NLAWS; i++) {
        const struct dist *d = &laws[i];
        cr_assert(dist_truncated(d));
        for (int k = 0; k <= 20; k++) {
            double t = d->a * pow(d->c / d->a, k / 20.0);
            cr_expect(fabs(dist_cdf(d, t) - cdf_def(d, t)) < 1e-13, "law %zu at %g: %.17g vs %.17g",
                      i, t, dist_cdf(d, t), cdf_def(d, t));
        }
        cr_expect_eq(dist_cdf(d, 0.5 * d->a), 0.0);
        cr_expect_eq(dist_cdf(d, d->c), 1.0);
        cr_expect_eq(dist_cdf(d, 2.0 * d->c), 1.0);
    }
}

Test(tpareto, quantile_and_cdf_invert_each_other)
{
    static const double us[] = {1e-12, 1e-6, 0.01, 0.25, 0.5, 0.75, 0.99, 1 - 1e-9, DIST_U_MAX};
    for (size_t i = 0; i < NLAWS; i++) {
        const struct dist *d = &laws[i];
        double prev = 0.0;
        for (size_t k = 0; k < sizeof us / sizeof *us; k++) {
            double q = dist_quantile(d, us[k]);
            cr_expect(q > prev && q >= d->a && q <= d->c, "law %zu: Q(%g) = %.17g", i, us[k], q);
            cr_expect(fabs(dist_cdf(d, q) - us[k]) < 1e-12, "law %zu: F(Q(%g)) = %.17g", i,
                      us[k], dist_cdf(d, q));
            prev = q;
        }
        for (int k = 1; k < 20; k++) { /* Q(F(x)) = x inside the support, to the digits that
                                           1 − F(x) leaves: dQ/Q = du / (β (1 − F)) */
            double x = d->a * pow(d->c / d->a, k / 20.0), f = dist_cdf(d, x);
            cr_expect(fabs(dist_quantile(d, f) - x) < (1e-13 + 1e-15 / (d->b * (1 - f))) * x,
                      "law %zu at %g", i, x);
        }
        cr_expect(dist_quantile(d, DIST_U_MAX) > dist_quantile(d, 1 - 1e-9),
                  "law %zu: the last draw near tmax", i);
        cr_expect_eq(dist_median(d), dist_quantile(d, 0.5));
    }
}

struct power {
    const struct dist *d;
    double k;
};

static double quantile_of(double u, void *p)
{
    return dist_quantile(((const struct power *)p)->d, u);
}

/* k t^(k−1) (1 − F(t)) dt at t = e^x: k e^(kx) (1 − F(e^x)) dx */
static double survival_moment(double x, void *p)
{
    const struct power *w = p;
    const struct dist *d = w->d; /* 1 − F written out, without its cancellation near tmax */
    double r = pow(d->a / d->c, d->b);
    return w->k * exp(w->k * x) * (pow(d->a, d->b) * exp(-d->b * x) - r) / (1.0 - r);
}

/* E[T^k] = L^k + ∫_{ln L}^{ln H} k e^(kx) (1 − F(e^x)) dx, or ∫_0^q Q(u) du with k = 0. */
static double integral(const struct dist *d, double k, double q)
{
    gsl_set_error_handler_off();
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(1000);
    struct power p = {d, k};
    gsl_function f = {k > 0 ? survival_moment : quantile_of, &p};
    double v, err;
    int rc = k > 0 ? gsl_integration_qags(&f, log(d->a), log(d->c), 0.0, 1e-13, 1000, w, &v, &err)
                   : gsl_integration_qags(&f, 0.0, q, 0.0, 1e-13, 1000, w, &v, &err);
    cr_assert(rc == GSL_SUCCESS || err < 1e-10 * fabs(v), "quadrature (%g, %g, %g), k = %g: %s, "
              "%g +- %g", d->a, d->b, d->c, k, gsl_strerror(rc), v, err);
    gsl_integration_workspace_free(w);
    return k > 0 ? v + pow(d->a, k) : v;
}

Test(tpareto, moments_are_integrals_of_the_quantile)
{
    for (size_t i = 0; i < NLAWS; i++) {
        const struct dist *d = &laws[i];
        double m1 = integral(d, 1, 1), m2 = integral(d, 2, 1), m3 = integral(d, 3, 1);
        double var = m2 - m1 * m1, sd = sqrt(var);
        cr_expect(fabs(dist_mean(d) - m1) < 1e-10 * m1, "law %zu: mean %.15g vs %.15g", i,
                  dist_mean(d), m1);
        cr_expect(fabs(dist_variance(d) - var) < 1e-8 * var, "law %zu: variance %.15g vs %.15g",
                  i, dist_variance(d), var);
        double skew = (m3 - 3 * m1 * var - m1 * m1 * m1) / (var * sd);
        cr_expect(fabs(dist_skewness(d) - skew) < 1e-6 * fabs(skew) + 1e-9,
                  "law %zu: skewness %.12g vs %.12g", i, dist_skewness(d), skew);
        for (double q = 0.1; q < 1; q += 0.3)
            cr_expect(fabs(dist_partial_mean(d, q) - integral(d, 0, q)) < 1e-10 * m1,
                      "law %zu: partial mean at %g", i, q);
    }
    /* β = 1: E[T] = L ln(H/L) / (1 − L/H); β = 2: E[T] = 2L (1 − L/H) / (1 − (L/H)^2) */
    cr_expect_float_eq(dist_mean(&laws[3]), log(10.0) / 0.9, 1e-14);
    struct dist two = {DIST_PARETO, 1.0, 2.0, 4.0};
    cr_expect_float_eq(dist_mean(&two), 2.0 * 0.75 / (1 - 1 / 16.0), 1e-14);
}

static int cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

/* √n·D_n of n draws of d (or of min(draw, cap) with cap > 0) against the definition. */
static double ks_scaled(const struct dist *d, double clip_at, size_t n)
{
    double *x = malloc(n * sizeof *x), dn = 0.0;
    cr_assert(x != NULL);
    rng_t r;
    rng_stream(&r, SEED, 1, RNG_CHECK);
    struct dist from = *d;
    if (clip_at > 0)
        from.c = 0; /* the unbounded law, clipped below */
    for (size_t i = 0; i < n; i++)
        x[i] = clip_at > 0 ? fmin(dist_sample(&from, &r), clip_at) : dist_sample(d, &r);
    qsort(x, n, sizeof *x, cmp_double);
    for (size_t i = 1; i <= n; i++) {
        double f = cdf_def(d, x[i - 1]);
        dn = fmax(dn, fmax((double)i / n - f, f - (double)(i - 1) / n));
    }
    free(x);
    return dn * sqrt((double)n);
}

Test(tpareto, samples_follow_the_definition)
{
    enum { N = 200000 };
    for (size_t i = 0; i < NLAWS; i++)
        cr_expect(ks_scaled(&laws[i], 0, N) < 1.95, "law %zu: KS %.3f", i,
                  ks_scaled(&laws[i], 0, N));
    /* clipping instead of renormalising puts (L/H)^β = 0.0040 at tmax: KS must see it */
    cr_expect(ks_scaled(&laws[0], laws[0].c, N) > 1.95);
}

/* tmax → ∞: with (L/H)^β below the smallest double the truncated sampler draws the unbounded
 * Pareto's values to the bit, and its closed forms tend to the unbounded ones; c = 0 is the
 * unbounded law itself. */
Test(tpareto, unbounded_limit)
{
    struct dist inf = {DIST_PARETO, 1.3, 1.5}, far = {DIST_PARETO, 1.3, 1.5, 1e300};
    struct dist inf25 = {DIST_PARETO, 1.3, 2.5};
    rng_t r, s;
    rng_stream(&r, SEED, 2, RNG_CHECK);
    s = r;
    for (int k = 0; k < 10000; k++) {
        double a = dist_sample(&inf, &r), b = dist_sample(&far, &s);
        cr_assert(a == b, "draw %d: %.17g vs %.17g", k, a, b);
    }
    cr_assert(!dist_truncated(&inf) && dist_truncated(&far));
    for (double h = 1e4; h <= 1e8; h *= 100) {
        struct dist d = {DIST_PARETO, 1.3, 2.5, h};
        double gap = dist_mean(&inf25) - dist_mean(&d);
        /* E[T] − E[T_H] → E[T; T > H] = 1.3 β/(β − 1) (1.3/H)^(β−1) to first order */
        cr_expect(gap > 0 && gap < 2 * 1.3 * 2.5 / 1.5 * pow(1.3 / h, 1.5), "H = %g: %g", h, gap);
    }
    struct dist d3 = {DIST_PARETO, 1.0, 3.0}, d3h = {DIST_PARETO, 1.0, 3.0, 1e7};
    cr_expect(fabs(dist_variance(&d3h) - dist_variance(&d3)) < 1e-5);
    cr_expect(fabs(dist_partial_mean(&d3h, 0.9) - dist_partial_mean(&d3, 0.9)) < 1e-12);
}

/* Per-job shapes keep the mean and tmax (the root of the mean in t_min); the tail index of the
 * rules for intervals is finite (the Pareto law as skewed), though not monotone in the shape
 * with the mean kept (t_min moves too: hence models/workload.c scans the range). */
Test(tpareto, shapes_and_tail_index)
{
    const struct dist *d = &laws[1];
    cr_assert_eq(dist_with_shape(d, d->b).a, d->a);
    for (double s = 0.5; s <= 6; s += 0.5) {
        struct dist e = dist_with_shape(d, s);
        cr_expect_eq(e.c, d->c);
        cr_expect(e.a > 0 && e.a < dist_mean(d), "shape %g: tmin %g", s, e.a);
        cr_expect(fabs(dist_mean(&e) - dist_mean(d)) < 1e-12 * dist_mean(d), "shape %g", s);
        double idx = dist_tail_index(&e);
        cr_expect(idx > 3.0, "shape %g: index %g", s, idx);
    }
    struct dist wide = {DIST_PARETO, 1.0, 1.5, 1e12}, narrow = {DIST_PARETO, 1.0, 1.5, 2.0};
    cr_expect(dist_tail_index(&wide) < 3.01, "nearly Pareto(1.5): as skewed as index 3+");
    cr_expect(isinf(dist_tail_index(&narrow)), "skewness at most 2: no heavier than any Pareto");
}

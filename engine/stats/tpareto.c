/* tpareto — the truncated Pareto law (see tpareto.h for the formulas and their source).
 *
 * Pure functions of (L, β, H); the root of the mean and the skewness use GSL (Brent's method,
 * QAG), whose failures are return codes here (the CLI turns GSL's abort off): NAN. */
#include "engine/stats/tpareto.h"

#include <math.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_roots.h>

/* D = 1 − (L/H)^β, the mass of the unbounded law on [L, H], accurate when it is small. */
static double mass(double L, double b, double H)
{
    return -expm1(b * log(L / H));
}

/* Q(u) = L (1 − uD)^(−1/β): Pareto's Q at the uniform uD (dist.c), so as u → 1 it reaches H,
 * and at D = 1 it draws the unbounded law's values to the bit (log_one_minus on both sides);
 * rounding may put the last draw an ulp above H, which the min takes back. */
double tp_quantile(double L, double b, double H, double u)
{
    return fmin(L * exp(log_one_minus(u * mass(L, b, H)) / -b), H);
}

void tp_fill(double L, double b, double H, double scale, rng_t *r, double *out, int n)
{
    double D = mass(L, b, H);
    for (int k = 0; k < n; k++) {
        double t = L * exp(log_one_minus(rng_uniform(r) * D) / -b);
        out[k] = (t < H ? t : H) * scale; /* fmin's value (no NaN here), without its call */
    }
}

/* F(t) = (1 − (L/t)^β) / D, 0 below L and 1 from H on. */
double tp_cdf(double L, double b, double H, double x)
{
    if (x < L)
        return 0.0;
    if (x >= H)
        return 1.0;
    return -expm1(b * log(L / x)) / mass(L, b, H);
}

/* E[T^k] = β L^k ((H/L)^(k−β) − 1) / ((k − β) D), as expm1((k − β) ln ρ)/(k − β), whose limit
 * at k = β is ln ρ (ρ = H/L). */
double tp_moment(double L, double b, double H, double k)
{
    double lr = log(H / L), e = k - b;
    double g = fabs(e * lr) < 1e-10 ? lr * (1.0 + 0.5 * e * lr) : expm1(e * lr) / e;
    return b * pow(L, k) * g / mass(L, b, H);
}

double tp_variance(double L, double b, double H)
{
    double m1 = tp_moment(L, b, H, 1.0);
    return fmax(0.0, tp_moment(L, b, H, 2.0) - m1 * m1);
}

/* ∫_0^q Q(u) du = (L/D) ∫_{1−qD}^1 v^(−1/β) dv = −L expm1(e l) / (e D), e = 1 − 1/β,
 * l = ln(1 − qD); −L l / D at e = 0 (Pareto's partial mean, dist.c, at qD, over D). */
double tp_partial_mean(double L, double b, double H, double q)
{
    double D = mass(L, b, H), l = log1p(-q * D), e = 1.0 - 1.0 / b;
    return fabs(e) < 1e-12 ? -L * l / D : -L * expm1(e * l) / (e * D);
}

struct fit {
    double mean, s, tmax;
};

static double mean_gap(double x, void *p) /* x = ln L */
{
    const struct fit *f = p;
    return tp_moment(exp(x), f->s, f->tmax, 1.0) - f->mean;
}

double tp_tmin_for_mean(double mean, double s, double tmax)
{
    if (!(mean > 0 && mean < tmax && s > 0))
        return NAN;
    struct fit f = {mean, s, tmax};
    gsl_function g = {mean_gap, &f};
    double hi = log(mean), lo = hi - 40.0; /* E[T] > L: the root lies below ln(mean) */
    for (int i = 0; i < 40 && mean_gap(lo, &f) > 0; i++)
        lo -= 40.0; /* E[T] -> 0 as L -> 0, for every β */
    gsl_root_fsolver *r = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
    if (!r)
        return NAN;
    double x = NAN;
    if (gsl_root_fsolver_set(r, &g, lo, hi) == GSL_SUCCESS) {
        for (int i = 0; i < 200; i++) {
            if (gsl_root_fsolver_iterate(r) != GSL_SUCCESS)
                break;
            x = gsl_root_fsolver_root(r);
            if (gsl_root_test_interval(gsl_root_fsolver_x_lower(r), gsl_root_fsolver_x_upper(r),
                                       1e-15, 0.0) == GSL_SUCCESS)
                break;
        }
    }
    gsl_root_fsolver_free(r);
    return exp(x);
}

struct central {
    double beta, mu; /* μ in units of L */
    int k;
};

/* (e^x − μ)^k times the density of x = ln(T/L), β e^(−βx) (D divided out by the caller). */
static double central_integrand(double x, void *p)
{
    const struct central *c = p;
    return pow(exp(x) - c->mu, c->k) * c->beta * exp(-c->beta * x);
}

double tp_skewness(double L, double b, double H)
{
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(256);
    if (!w)
        return NAN;
    double rho = H / L; /* skewness is scale-free: in units of L */
    struct central c = {b, tp_moment(1.0, b, rho, 1.0), 2};
    gsl_function g = {central_integrand, &c};
    double m[2] = {NAN, NAN}, err, top = log(rho);
    for (int k = 2; k <= 3; k++) {
        c.k = k;
        if (gsl_integration_qag(&g, 0.0, top, 0.0, 1e-10, 256, GSL_INTEG_GAUSS41, w, &m[k - 2],
                                &err) != GSL_SUCCESS)
            m[k - 2] = NAN;
    }
    gsl_integration_workspace_free(w);
    double D = mass(1.0, b, rho), var = m[0] / D;
    return m[1] / D / (var * sqrt(var));
}

/* dist — quantile, CDF and moments of the task-time families, `workload.task_time` (see dist.h).
 *
 * Pure functions of the parameters; no validation of parameters beyond what the formulas
 * need (the config layer rejects bad values), no sampling state (dist_sample is inline in
 * dist.h), nothing about jobs or policies. Normal quantiles/CDF come from GSL. */
#include "engine/stats/dist.h"

#include <math.h>

#include <gsl/gsl_cdf.h>

#include "engine/stats/tpareto.h"


static const char *const dist_names[DIST_KIND_COUNT] = {
    [DIST_PARETO] = "pareto",
    [DIST_EXPONENTIAL] = "exponential",
    [DIST_DETERMINISTIC] = "deterministic",
    [DIST_LOGNORMAL] = "lognormal",
    [DIST_UNIFORM] = "uniform",
};

/* "unknown" (never NULL) for a value outside the enum, so it is safe in messages. */
const char *dist_kind_name(enum dist_kind kind)
{
    if ((unsigned)kind >= (unsigned)DIST_KIND_COUNT)
        return "unknown";
    return dist_names[kind];
}

/* Inverse CDFs, each increasing in u (so a larger uniform always means a longer copy):
 *   Pareto (seed paper 004, eq. 2: f(t) = beta tmin^beta / t^(beta+1), t >= tmin, hence
 *           F(t) = 1 - (tmin/t)^beta):  Q(u) = tmin (1-u)^(-1/beta).
 *           1-u is exact for u >= 1/2 (Sterbenz), so the tail is computed accurately.
 *   exponential(mean m):  F(t) = 1 - e^(-t/m),  Q(u) = -m log(1-u).
 *   deterministic(a):     Q(u) = a.
 *   lognormal(mu, sigma): log T ~ N(mu, sigma^2),  Q(u) = exp(mu + sigma Phi^-1(u)).
 *   uniform(low, high):   Q(u) = low + (high-low) u.
 * A truncated Pareto (c = tmax > 0) is tpareto.c's, every function below. */
double dist_quantile(const struct dist *d, double u)
{
    switch (d->kind) {
    case DIST_PARETO: /* (1-u)^(-1/beta) as exp(log(1-u) / -beta): faster than pow */
        if (d->c > 0)
            return tp_quantile(d->a, d->b, d->c, u);
        return d->a * exp(log_one_minus(u) / -d->b);
    case DIST_EXPONENTIAL:
        return -d->a * log_one_minus(u);
    case DIST_DETERMINISTIC:
        return d->a;
    case DIST_LOGNORMAL:
        return exp(d->a + d->b * gsl_cdf_ugaussian_Pinv(u));
    case DIST_UNIFORM:
        return d->a + (d->b - d->a) * u;
    case DIST_KIND_COUNT:
        break;
    }
    return NAN;
}

/* The loop of dist_sample with the switch outside it; each family's line is its case of
 * dist_quantile, the same operations in the same order (so the same bits). A draw's 1 − u is
 * exact, so log_one_minus is log(1 − u) here, without its test. */
void dist_fill(const struct dist *d, double scale, rng_t *r, double *out, int n)
{
    switch (d->kind) {
    case DIST_PARETO:
        if (d->c > 0) {
            tp_fill(d->a, d->b, d->c, scale, r, out, n); /* truncated: tp_quantile's bits */
            return;
        }
        for (int k = 0; k < n; k++)
            out[k] = d->a * exp(log(1.0 - rng_uniform(r)) / -d->b) * scale;
        return;
    case DIST_EXPONENTIAL:
        for (int k = 0; k < n; k++)
            out[k] = -d->a * log(1.0 - rng_uniform(r)) * scale;
        return;
    default:
        break;
    }
    for (int k = 0; k < n; k++)
        out[k] = dist_quantile(d, rng_uniform(r)) * scale;
}

/* CDFs, the formulas under dist_quantile; 0 below the support, 1 above it. */
double dist_cdf(const struct dist *d, double x)
{
    switch (d->kind) {
    case DIST_PARETO:
        if (d->c > 0)
            return tp_cdf(d->a, d->b, d->c, x);
        return x < d->a ? 0.0 : 1.0 - pow(d->a / x, d->b);
    case DIST_EXPONENTIAL:
        return x <= 0.0 ? 0.0 : -expm1(-x / d->a);
    case DIST_DETERMINISTIC:
        return x < d->a ? 0.0 : 1.0;
    case DIST_LOGNORMAL:
        return x <= 0.0 ? 0.0 : gsl_cdf_ugaussian_P((log(x) - d->a) / d->b);
    case DIST_UNIFORM:
        if (x <= d->a)
            return 0.0;
        if (x >= d->b)
            return 1.0;
        return (x - d->a) / (d->b - d->a);
    case DIST_KIND_COUNT:
        break;
    }
    return NAN;
}

/* Means:
 *   Pareto:      beta tmin / (beta - 1) for beta > 1, else infinite (= tmin + tmin/(beta-1),
 *                the form quoted in seed paper 004 §VII-B).
 *   exponential: m.   deterministic: a.   lognormal: exp(mu + sigma^2/2).
 *   uniform:     (low + high) / 2. */
double dist_mean(const struct dist *d)
{
    switch (d->kind) {
    case DIST_PARETO:
        if (d->c > 0)
            return tp_moment(d->a, d->b, d->c, 1.0);
        return d->b > 1.0 ? d->b * d->a / (d->b - 1.0) : INFINITY;
    case DIST_EXPONENTIAL:
        return d->a;
    case DIST_DETERMINISTIC:
        return d->a;
    case DIST_LOGNORMAL:
        return exp(d->a + 0.5 * d->b * d->b);
    case DIST_UNIFORM:
        return 0.5 * (d->a + d->b);
    case DIST_KIND_COUNT:
        break;
    }
    return NAN;
}

/* Variances:
 *   Pareto:      tmin^2 beta / ((beta-1)^2 (beta-2)) for beta > 2, else infinite.
 *   exponential: m^2.   deterministic: 0.
 *   lognormal:   (exp(sigma^2) - 1) exp(2 mu + sigma^2).
 *   uniform:     (high - low)^2 / 12. */
double dist_variance(const struct dist *d)
{
    switch (d->kind) {
    case DIST_PARETO: {
        if (d->c > 0)
            return tp_variance(d->a, d->b, d->c);
        double tmin = d->a, beta = d->b;
        if (!(beta > 2.0))
            return INFINITY;
        return tmin * tmin * beta / ((beta - 1.0) * (beta - 1.0) * (beta - 2.0));
    }
    case DIST_EXPONENTIAL:
        return d->a * d->a;
    case DIST_DETERMINISTIC:
        return 0.0;
    case DIST_LOGNORMAL: {
        double s2 = d->b * d->b;
        return expm1(s2) * exp(2.0 * d->a + s2);
    }
    case DIST_UNIFORM:
        return (d->b - d->a) * (d->b - d->a) / 12.0;
    case DIST_KIND_COUNT:
        break;
    }
    return NAN;
}

/* Medians, Q(1/2) in closed form: Pareto tmin 2^(1/beta); exponential m ln 2;
 * deterministic a; lognormal exp(mu); uniform (low + high) / 2. */
double dist_median(const struct dist *d)
{
    switch (d->kind) {
    case DIST_PARETO:
        if (d->c > 0)
            return tp_quantile(d->a, d->b, d->c, 0.5);
        return d->a * pow(2.0, 1.0 / d->b);
    case DIST_EXPONENTIAL:
        return d->a * 0.693147180559945309417232121458; /* ln 2 */
    case DIST_DETERMINISTIC:
        return d->a;
    case DIST_LOGNORMAL:
        return exp(d->a);
    case DIST_UNIFORM:
        return 0.5 * (d->a + d->b);
    case DIST_KIND_COUNT:
        break;
    }
    return NAN;
}

/* Partial means ∫_0^q Q(u) du, from the quantiles above:
 *   Pareto:      tmin (1 - (1-q)^(1-k)) / (1-k), k = 1/beta; tmin (-ln(1-q)) at k = 1.
 *   exponential: m (q + (1-q) ln(1-q)).   deterministic: a q.
 *   lognormal:   exp(mu + sigma^2/2) Phi(Phi^-1(q) - sigma)  (the mean of exp(mu + sigma Z)
 *                over Z <= Phi^-1(q)).
 *   uniform:     low q + (high - low) q^2 / 2. */
double dist_partial_mean(const struct dist *d, double q)
{
    double l = log1p(-q); /* ln(1 - q), exact enough as q -> 1 */
    switch (d->kind) {
    case DIST_PARETO: {
        if (d->c > 0)
            return tp_partial_mean(d->a, d->b, d->c, q);
        double e = 1.0 - 1.0 / d->b;
        return fabs(e) < 1e-12 ? -d->a * l : -d->a * expm1(e * l) / e;
    }
    case DIST_EXPONENTIAL:
        return d->a * (q + (1.0 - q) * l);
    case DIST_DETERMINISTIC:
        return d->a * q;
    case DIST_LOGNORMAL:
        return exp(d->a + 0.5 * d->b * d->b) *
               gsl_cdf_ugaussian_P(gsl_cdf_ugaussian_Pinv(q) - d->b);
    case DIST_UNIFORM:
        return d->a * q + 0.5 * (d->b - d->a) * q * q;
    case DIST_KIND_COUNT:
        break;
    }
    return NAN;
}

bool dist_has_shape(enum dist_kind kind)
{
    return kind == DIST_LOGNORMAL || kind == DIST_PARETO;
}

struct dist dist_with_shape(const struct dist *d, double s)
{
    struct dist out = *d;
    if (s == d->b)
        return out;
    out.b = s;
    if (d->kind == DIST_LOGNORMAL)
        out.a = d->a + 0.5 * (d->b * d->b - s * s); /* E[T] = exp(μ + σ²/2) kept */
    else if (dist_truncated(d))
        out.a = tp_tmin_for_mean(dist_mean(d), s, d->c); /* E[T] kept, tmax kept */
    else if (d->kind == DIST_PARETO)
        out.a = dist_mean(d) * (s - 1.0) / s; /* E[T] = β t_min/(β − 1) kept */
    return out;
}

double dist_shape_for_cv(enum dist_kind kind, double cv)
{
    if (kind == DIST_LOGNORMAL)
        return sqrt(log1p(cv * cv));
    if (kind == DIST_PARETO)
        return 1.0 + sqrt(1.0 + 1.0 / (cv * cv));
    return NAN;
}

/* Skewness of Pareto(α), α > 3: decreasing from +∞ at α = 3 to 2 as α grows. (Solved by
 * bisection on it: squaring gives a cubic in 1/α whose roots merge at α = 3 as the skewness
 * grows, and which loses the digits there.) */
static double pareto_skewness(double a)
{
    return 2.0 * (1.0 + a) / (a - 3.0) * sqrt((a - 2.0) / a);
}

double dist_skew_index(enum dist_kind kind, double s)
{
    if (kind == DIST_PARETO)
        return s;
    if (kind != DIST_LOGNORMAL)
        return INFINITY;
    double w = expm1(s * s);
    return dist_index_of_skewness((w + 3.0) * sqrt(w));
}

double dist_skewness(const struct dist *d)
{
    return dist_truncated(d) ? tp_skewness(d->a, d->b, d->c) : NAN;
}

double dist_tail_index(const struct dist *d)
{
    if (dist_truncated(d))
        return dist_index_of_skewness(tp_skewness(d->a, d->b, d->c));
    return dist_skew_index(d->kind, d->b);
}

double dist_index_of_skewness(double g)
{
    if (!(g > 2.0))
        return INFINITY;
    double lo = 3.0, hi = 4.0;
    while (pareto_skewness(hi) > g) /* g > 2: a finite α has a smaller skewness */
        hi *= 2.0;
    for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
        double mid = 0.5 * (lo + hi);
        if (pareto_skewness(mid) > g)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

/* dist — the task-time distributions (`workload.task_time`; docs/methods/model.md, "Entities")
 * and their inverse-CDF samplers.
 *
 * Every sampler is the quantile function applied to one uniform draw. That keeps each copy's
 * duration a monotone function of its own uniform, so common random numbers couple copies
 * across policies as tightly as possible, and it makes the number of draws per sample fixed.
 * This file knows nothing about jobs, slots or configs. */
#ifndef SPECMC_DIST_H
#define SPECMC_DIST_H

#include <stdbool.h>

#include "engine/stats/rng.h"

enum dist_kind {
    DIST_PARETO,        /* a = tmin, b = beta (tail index); F(t) = 1 - (tmin/t)^beta; with
                           c = tmax > 0 truncated there and renormalised (dist_truncated) */
    DIST_EXPONENTIAL,   /* a = mean */
    DIST_DETERMINISTIC, /* a = the value */
    DIST_LOGNORMAL,     /* a = mu, b = sigma of log T */
    DIST_UNIFORM,       /* a = low, b = high */
    DIST_KIND_COUNT
};

struct dist {
    enum dist_kind kind; /* family */
    double a, b;         /* parameters, meaning per kind above */
    double c;            /* Pareto: tmax, the upper end of the truncated law; 0 (what an
                            initializer that leaves it out gives): none, the unbounded law.
                            Unused by the other families */
};

/* Pareto truncated at tmax = c (Aban, Meerschaert & Panorska 2006, "Parameter estimation for
 * the truncated Pareto distribution", JASA 101, §1): F(t) = (1 − (tmin/t)^β)/(1 − (tmin/tmax)^β)
 * on [tmin, tmax], tmin < tmax; every moment is finite, for any β > 0. Every function below
 * takes it; with c = 0 each computes the unbounded Pareto's expression, bit for bit. */
static inline bool dist_truncated(const struct dist *d)
{
    return d->kind == DIST_PARETO && d->c > 0;
}

/* Name as used in configs ("pareto", ...); "unknown" outside the enum. */
const char *dist_kind_name(enum dist_kind kind);

double dist_quantile(const struct dist *d, double u); /* inverse CDF, u in (0,1) */
double dist_cdf(const struct dist *d, double x);      /* P(T <= x) */
double dist_mean(const struct dist *d);               /* INFINITY if it diverges */
double dist_variance(const struct dist *d);           /* INFINITY if it diverges */
double dist_median(const struct dist *d);

/* Per-job shapes (docs/methods/model.md, Jobs). The shape is the parameter that sets a family's
 * coefficient of variation CV = SD/mean: lognormal's σ (CV² = e^{σ²} − 1) and Pareto's β
 * (CV² = 1/(β(β − 2)) for β > 2); the other families have none (exponential's CV is 1,
 * deterministic's 0, uniform's set by both ends). */
bool dist_has_shape(enum dist_kind kind);

/* The same family with shape s and the same mean, which must be finite (Pareto: β > 1 and
 * s > 1): lognormal μ' = μ + (σ² − s²)/2, Pareto t_min' = E[T](s − 1)/s; a truncated Pareto
 * keeps its tmax and takes the t_min' < E[T] whose mean is E[T] (a root of the mean, which
 * increases with t_min from 0 to tmax; any s > 0). *d itself, bit for bit, when s is its
 * shape. Only for families with a shape. */
struct dist dist_with_shape(const struct dist *d, double s);

/* The shape that gives coefficient of variation cv > 0, fitted to a mean and an SD:
 * lognormal σ = sqrt(ln(1 + cv²)), Pareto β = 1 + sqrt(1 + 1/cv²) (the unbounded law's: a
 * truncated one's CV depends on tmax/tmin too, and the config refuses tmax with fitted
 * shapes); NAN for a family without one. */
double dist_shape_for_cv(enum dist_kind kind, double cv);

/* The tail index that the rules for intervals (engine/stats/intervals.h) take for family kind
 * with shape s: Pareto its own β; lognormal, whose moments are all finite, the index of the
 * Pareto law with its skewness (e^{σ²} + 2)·sqrt(e^{σ²} − 1), solving
 * 2(1 + α)/(α − 3)·sqrt((α − 2)/α) = that skewness (Johnson, Kotz & Balakrishnan,
 * Continuous Univariate Distributions 1, 2nd ed., eqs. 14.9b and 20.11), INFINITY where the
 * skewness is at most 2, the limit of every Pareto's; INFINITY for the other families. */
double dist_skew_index(enum dist_kind kind, double s);

/* The tail index of the Pareto law with skewness g (the equivalence above); INFINITY for g at
 * most 2, the limit of every Pareto's. For any bounded law as skewed (seed 003's stragglers). */
double dist_index_of_skewness(double g);

/* The tail index of law d itself for the same rules: dist_skew_index of its kind and shape,
 * except a truncated Pareto, which has every moment: the index of the Pareto law with its
 * skewness (dist_skewness), as lognormal's. */
double dist_tail_index(const struct dist *d);

/* The skewness E[(T − μ)³]/σ³ of a law with a finite third moment (NAN otherwise; so far only
 * the truncated Pareto's is needed: by quadrature over log t, engine/stats/dist.c). */
double dist_skewness(const struct dist *d);

/* The sampler's reach (engine/stats/rng.h): its uniforms run from 2^-53 to 1 - 2^-53, so no draw
 * of a family lies beyond dist_quantile(d, DIST_U_MAX), and no standard normal beyond
 * DIST_Z_MAX = Phi^-1(1 - 2^-53) (lognormal task times, job scales, estimation noise). */
#define DIST_U_MAX (1.0 - 0x1p-53)
#define DIST_Z_MAX 8.2095361516013856

/* The partial mean ∫_0^q Q(u) du, q in [0, 1): E[T; T <= Q(q)], the mean of the draws below
 * the q-quantile counted over all draws. Finite for every family. At q = DIST_U_MAX it is the
 * mean of what the sampler draws (Pareto with beta <= 1 included); at q = 1 - 1/(n + 1) it
 * is the mean over which a sum of n draws typically runs (the typical largest of n). */
double dist_partial_mean(const struct dist *d, double q);

/* Draw one sample: exactly two outputs of r (one uniform). */
static inline double dist_sample(const struct dist *d, rng_t *r)
{
    return dist_quantile(d, rng_uniform(r));
}

/* n samples, each times `scale`, into out: out[k] = dist_sample(d, r) * scale in order, bit for
 * bit, with the family chosen once for all n (a workload's task times, drawn job by job). */
void dist_fill(const struct dist *d, double scale, rng_t *r, double *out, int n);

#endif

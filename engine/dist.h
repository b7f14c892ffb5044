/* dist — the task-time distributions of SPEC §1 and their inverse-CDF samplers.
 *
 * Every sampler is the quantile function applied to one uniform draw. That keeps each copy's
 * duration a monotone function of its own uniform, so common random numbers couple copies
 * across policies as tightly as possible, and it makes the number of draws per sample fixed.
 * This file knows nothing about jobs, slots or configs. */
#ifndef SPECMC_DIST_H
#define SPECMC_DIST_H

#include "engine/rng.h"

enum dist_kind {
    DIST_PARETO,        /* a = tmin, b = beta (tail index); F(t) = 1 - (tmin/t)^beta */
    DIST_EXPONENTIAL,   /* a = mean */
    DIST_DETERMINISTIC, /* a = the value */
    DIST_LOGNORMAL,     /* a = mu, b = sigma of log T */
    DIST_UNIFORM,       /* a = low, b = high */
    DIST_KIND_COUNT
};

struct dist {
    enum dist_kind kind; /* family */
    double a, b;         /* parameters, meaning per kind above */
};

/* Name as used in configs ("pareto", ...), and the reverse; parse returns 0 or -1. */
const char *dist_kind_name(enum dist_kind kind);
int dist_kind_parse(const char *name, enum dist_kind *kind);

double dist_quantile(const struct dist *d, double u); /* inverse CDF, u in (0,1) */
double dist_cdf(const struct dist *d, double x);      /* P(T <= x) */
double dist_mean(const struct dist *d);               /* INFINITY if it diverges */
double dist_variance(const struct dist *d);           /* INFINITY if it diverges */
double dist_median(const struct dist *d);

/* Draw one sample: exactly two outputs of r (one uniform). */
static inline double dist_sample(const struct dist *d, rng_t *r)
{
    return dist_quantile(d, rng_uniform(r));
}

#endif

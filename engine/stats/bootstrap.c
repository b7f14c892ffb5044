/* bootstrap — the bootstrap-t interval (see bootstrap.h). */
#include "engine/stats/bootstrap.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* A uniform index in [0, n) from one 32-bit output (Lemire's multiply-shift; its bias, at most
 * n/2^32, is far below anything a bootstrap resolves). */
static inline size_t draw_index(rng_t *r, size_t n)
{
    return (size_t)(((uint64_t)rng_next32(r) * (uint64_t)n) >> 32);
}

/* The index of the ((B + 1)p)-th smallest of the B sorted resamples (rounded: whole for the
 * usual levels with B = 999). */
static size_t order_stat(double p)
{
    long k = lround((ST_BOOT_RESAMPLES + 1) * p) - 1;
    return k < 0 ? 0 : k >= ST_BOOT_RESAMPLES ? ST_BOOT_RESAMPLES - 1 : (size_t)k;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

struct st_summary st_bootstrap_t(const double *x, size_t n, double confidence, rng_t *rng,
                                 double *scratch)
{
    struct st_acc acc;
    st_acc_init(&acc);
    for (size_t i = 0; i < n; i++)
        st_acc_add(&acc, x[i]);
    struct st_summary s = st_t_interval(&acc, confidence); /* mean, stddev, the degenerate cases */
    s.method = ST_BOOTSTRAP;
    if (n < 2 || !(s.stddev > 0) || !(confidence > 0 && confidence < 1))
        return s;
    double m = s.mean, se = s.stddev / sqrt((double)n), dn = (double)n;
    for (int b = 0; b < ST_BOOT_RESAMPLES; b++) {
        double sum = 0.0, sq = 0.0; /* of the deviations from m: well conditioned */
        for (size_t k = 0; k < n; k++) {
            double d = x[draw_index(rng, n)] - m;
            sum += d;
            sq += d * d;
        }
        double dev = sum / dn, var = (sq - sum * dev) / (dn - 1.0);
        double sd = var > 0 ? sqrt(var) : 0.0;
        scratch[b] = sd > 0 ? dev / (sd / sqrt(dn)) : dev == 0 ? 0.0 : dev > 0 ? INFINITY : -INFINITY;
    }
    qsort(scratch, ST_BOOT_RESAMPLES, sizeof *scratch, by_value);
    double a = 0.5 * (1.0 - confidence);
    s.ci_low = m - scratch[order_stat(1.0 - a)] * se;
    s.ci_high = m - scratch[order_stat(a)] * se;
    return s;
}

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

/* Resamples drawn side by side: the draws of resample b + c start where resample b's are
 * c·n outputs on (rng_advance), so CHAINS independent generator chains run in one loop and
 * the processor overlaps their multiplies and gathers. Each resample sees the same draws in
 * the same order as one after another would, so every sum is the same to the bit; rng ends
 * where the last resample's draws end. */
#define CHAINS 4

/* `count` (1 or CHAINS) resamples of n values: each one's sum and sum of squares of the
 * deviations from m (well conditioned). */
static void resamples(const double *x, size_t n, double m, rng_t *rng, int count, double *sum,
                      double *sq)
{
    if (count == 1) {
        double s1 = 0.0, q1 = 0.0;
        for (size_t k = 0; k < n; k++) {
            double d = x[draw_index(rng, n)] - m;
            s1 += d;
            q1 += d * d;
        }
        sum[0] = s1, sq[0] = q1;
        return;
    }
    rng_t r[CHAINS];
    r[0] = *rng;
    for (int c = 1; c < CHAINS; c++) {
        r[c] = r[c - 1];
        rng_advance(&r[c], n);
    }
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0, q0 = 0, q1 = 0, q2 = 0, q3 = 0;
    for (size_t k = 0; k < n; k++) {
        double d0 = x[draw_index(&r[0], n)] - m, d1 = x[draw_index(&r[1], n)] - m;
        double d2 = x[draw_index(&r[2], n)] - m, d3 = x[draw_index(&r[3], n)] - m;
        s0 += d0, s1 += d1, s2 += d2, s3 += d3;
        q0 += d0 * d0, q1 += d1 * d1, q2 += d2 * d2, q3 += d3 * d3;
    }
    sum[0] = s0, sum[1] = s1, sum[2] = s2, sum[3] = s3;
    sq[0] = q0, sq[1] = q1, sq[2] = q2, sq[3] = q3;
    *rng = r[CHAINS - 1];
}

/* A resample's t statistic from its sums of deviations: ±∞ where it has no spread. */
static double studentised(double sum, double sq, double dn)
{
    double dev = sum / dn, var = (sq - sum * dev) / (dn - 1.0);
    double sd = var > 0 ? sqrt(var) : 0.0;
    return sd > 0 ? dev / (sd / sqrt(dn)) : dev == 0 ? 0.0 : dev > 0 ? INFINITY : -INFINITY;
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
    int b = 0;
    double sum[CHAINS], sq[CHAINS];
    for (; b + CHAINS <= ST_BOOT_RESAMPLES; b += CHAINS) {
        resamples(x, n, m, rng, CHAINS, sum, sq);
        for (int c = 0; c < CHAINS; c++)
            scratch[b + c] = studentised(sum[c], sq[c], dn);
    }
    for (; b < ST_BOOT_RESAMPLES; b++) { /* the last few, one at a time */
        resamples(x, n, m, rng, 1, sum, sq);
        scratch[b] = studentised(sum[0], sq[0], dn);
    }
    qsort(scratch, ST_BOOT_RESAMPLES, sizeof *scratch, by_value);
    double a = 0.5 * (1.0 - confidence);
    s.ci_low = m - scratch[order_stat(1.0 - a)] * se;
    s.ci_high = m - scratch[order_stat(a)] * se;
    return s;
}

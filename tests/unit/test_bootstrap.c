/* The bootstrap-t (engine/stats/bootstrap.c) draws its resamples four at a time, each chain
 * started by rng_advance where the resample before it ends: its interval must be the one the
 * plain loop — one resample after another from the same stream — gives, to the bit, and the
 * stream must end where that loop's ends. The reference below is that loop. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>

#include "engine/stats/bootstrap.h"
#include "engine/stats/rng.h"

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The t statistics of B resamples drawn one after another, sorted. */
static void reference(const double *x, size_t n, double m, rng_t *r, double *t)
{
    double dn = (double)n;
    for (int b = 0; b < ST_BOOT_RESAMPLES; b++) {
        double sum = 0, sq = 0;
        for (size_t k = 0; k < n; k++) {
            double d = x[(size_t)(((uint64_t)rng_next32(r) * (uint64_t)n) >> 32)] - m;
            sum += d;
            sq += d * d;
        }
        double dev = sum / dn, var = (sq - sum * dev) / (dn - 1.0), sd = var > 0 ? sqrt(var) : 0;
        t[b] = sd > 0 ? dev / (sd / sqrt(dn)) : dev == 0 ? 0.0 : dev > 0 ? INFINITY : -INFINITY;
    }
    qsort(t, ST_BOOT_RESAMPLES, sizeof *t, by_value);
}

Test(bootstrap, chains_equal_one_after_another)
{
    for (size_t n = 2; n <= 300; n = n * 3 + 1) {
        double *x = malloc(n * sizeof *x), *scratch = malloc((ST_BOOT_RESAMPLES + n) * 8),
               *t = malloc(ST_BOOT_RESAMPLES * sizeof *t);
        rng_t data, a, b;
        rng_seed(&data, 42, n);
        for (size_t i = 0; i < n; i++)
            x[i] = -log(rng_uniform(&data)) * (i % 3 ? 1.0 : 7.0); /* skewed */
        rng_seed(&a, 7, 11);
        b = a;
        struct st_summary s = st_bootstrap_t(x, n, 0.95, &a, scratch);
        double m = s.mean, se = s.stddev / sqrt((double)n);
        reference(x, n, m, &b, t);
        size_t lo = (size_t)lround((ST_BOOT_RESAMPLES + 1) * 0.975) - 1,
               hi = (size_t)lround((ST_BOOT_RESAMPLES + 1) * 0.025) - 1;
        cr_assert(s.ci_low == m - t[lo] * se && s.ci_high == m - t[hi] * se,
                  "n = %zu: [%.17g, %.17g] against [%.17g, %.17g]", n, s.ci_low, s.ci_high,
                  m - t[lo] * se, m - t[hi] * se);
        cr_assert(a.state == b.state && a.inc == b.inc, "n = %zu: the stream ends elsewhere", n);
        free(x), free(scratch), free(t);
    }
}

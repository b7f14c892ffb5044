/* bootstrap — the bootstrap-t interval for a mean over replicas, drawn from a caller-owned
 * PCG stream, so that the interval depends only on the data and the stream's seed (and so on
 * (config, seed), never on the thread count). Which quantity gets it is engine/stats/intervals.h's
 * decision; the other intervals are in engine/stats/stats.h. */
#ifndef SPECMC_BOOTSTRAP_H
#define SPECMC_BOOTSTRAP_H

#include <stddef.h>

#include "engine/stats/rng.h"
#include "engine/stats/stats.h"

/* Resamples per interval: with 999, the 2.5 % and 97.5 % points are the 25th and 975th order
 * statistics of the resampled t (Davison & Hinkley 1997, §5.2.3: (B + 1)α whole). */
#define ST_BOOT_RESAMPLES 999

/* The bootstrap-t ("studentized") interval for the mean of the finite values x[0..n)
 * (Efron & Tibshirani 1993, §12.5; Davison & Hinkley 1997, §5.2.1): B = ST_BOOT_RESAMPLES
 * resamples of n values drawn with replacement; t*_b = (m*_b − m)/(s*_b/√n);
 * [m − t*_(1−α/2)·s/√n, m − t*_(α/2)·s/√n]. Of the one-sided errors of the t interval, which
 * skewness makes of order n^(−1/2), it leaves n^(−1). A resample whose values are all equal
 * has t* = 0 if its mean is m, ±∞ otherwise. n < 2 gives NaN ends; a sample with zero
 * variance the zero-width interval at its mean. `scratch` holds ST_BOOT_RESAMPLES doubles.
 * stddev is the sample standard deviation; method ST_BOOTSTRAP. */
struct st_summary st_bootstrap_t(const double *x, size_t n, double confidence, rng_t *rng,
                                 double *scratch);

#endif

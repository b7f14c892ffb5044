/* intervals — which interval each reported quantity gets, and why (docs/methods/statistics.md).
 *
 * A quantity is a metric of one (scenario, policy) over replicas, a paired difference of two,
 * or a CDF value or share of a per-job histogram. The replica is the independent unit; a
 * replica's jobs are independent of each other only where none ever waits for another's
 * slots (models/metrics.h metrics_jobs_independent), which the model knows. Proportions
 * (fractions of jobs) get score intervals on the jobs where they are independent Bernoulli
 * trials — Wilson (modified near 0 and 1) on the count, Newcombe's square-and-add for paired
 * differences — and otherwise the betting interval of the replicas' fractions, which holds
 * for any dependence between a replica's jobs (engine/stats/betting.h). Pooled job quantiles
 * likewise, from streamed bins (engine/stats/pooled.h): the exact order-statistic interval of
 * independent jobs, or the inversion of betting tests. Means get the bootstrap-t over replicas (or t with few replicas of many
 * independent jobs each); a mean whose per-replica value has a heavy tail (tail index known
 * from the model: models/metrics.h), or too few replicas for its skew, has no valid interval:
 * it is marked ST_UNRELIABLE with its caveat, and keeps a t interval for reference. The
 * thresholds are measured: `make coverage`. This module decides; the numerics are
 * engine/stats/stats.h, engine/stats/bootstrap.h and engine/stats/betting.h. */
#ifndef SPECMC_INTERVALS_H
#define SPECMC_INTERVALS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/stats/rng.h"
#include "engine/stats/stats.h"

/* A mean's interval needs a tail index above IV_TAIL_MIN (measured: at 4 and below, a mean of
 * single jobs, or of jobs queueing behind each other, covers 0.83–0.94), unless its replicas
 * each average IV_MANY_JOBS_HEAVY independent jobs, IV_MIN_REPLICAS of them, and the index is
 * at least IV_TAIL_AVERAGED (measured: the bootstrap-t of means of 100 independent jobs of
 * index 3 covers 0.947–0.953 at 5 to 200 replicas, of 300 0.940–0.950; of 30 jobs 0.945–0.949
 * by numpy but 0.917 and 0.927 at 200 replicas in `make coverage`, so 30 are not enough). */
#define IV_TAIL_MIN 4.0
#define IV_TAIL_AVERAGED 3.0
#define IV_MANY_JOBS_HEAVY 100
/* Below IV_ENOUGH_REPLICAS replicas, a mean needs IV_MANY_JOBS independent jobs per replica
 * (so that each replica's value is an average close to normal); below IV_MIN_REPLICAS the t
 * interval is used instead of the bootstrap (too few distinct resamples), for independent
 * jobs only (measured: means of 60 jobs queueing in M/M/2, t at 5 replicas, covered 0.881). */
#define IV_ENOUGH_REPLICAS 50
#define IV_MANY_JOBS 30
#define IV_MIN_REPLICAS 10
/* ... and IV_ENOUGH_SKEWED replicas when its tail index is at most IV_TAIL_SKEWED, or when its
 * jobs are not independent (measured: the mean of one job of 10 tasks whose time is the least
 * of two Pareto(1, 3), index 6, covers 0.912 at 50 replicas and 0.940 at 200; index 8 covers
 * 0.950 at 50; Mantri's mean flowtime over 80 queueing jobs, index 6, 0.929 at 20 replicas,
 * 0.933 at 50 and 0.954 at 200). */
#define IV_TAIL_SKEWED 8.0
#define IV_ENOUGH_SKEWED 200

/* What the interval of one quantity needs to know besides its values. */
struct iv_quantity {
    bool proportion;  /* per-replica values are fractions of `jobs` jobs */
    int jobs;         /* jobs a replica's value averages (metrics_averaged_jobs: 1 for a
                         replica's quantile) */
    double tail;      /* tail index of the per-replica value (INFINITY: light or bounded) */
    bool independent; /* the jobs are independent of each other (no job waits for another's
                         slots: metrics_jobs_independent) */
    double lo, hi;    /* the range of a per-replica value where lo < hi (0, 0: unbounded): the
                         mean and both ends are clipped to it. The true mean lies in it, so
                         clipping never uncovers it; what it removes is a bootstrap-t end
                         driven off by resamples of nearly equal values (an end at ±inf, or
                         at −1290 for a difference of utilizations), and rounding past a
                         bound (a Jain's index of 1 + 4e-16) */
};

/* Scratch space the summaries need: 8n doubles (n replicas) + ST_BOOT_RESAMPLES. */
size_t iv_scratch_size(int n);

/* The mean of x[0..n) over replicas (NaN values skipped) with its interval. `rng` is the
 * bootstrap's stream (any fixed stream: results depend only on it). */
struct st_summary iv_mean(const double *x, int n, struct iv_quantity q, double confidence,
                          rng_t *rng, double *scratch);

/* The paired difference x − y, replica by replica (replicas where either is NaN skipped); its
 * range is [qx.lo − qy.hi, qx.hi − qy.lo] where both are bounded. */
struct st_summary iv_difference(const double *x, const double *y, int n, struct iv_quantity qx,
                                struct iv_quantity qy, double confidence, rng_t *rng,
                                double *scratch);

/* A proportion from histogram counts: replica r has k[r] of m[r] jobs (replicas with
 * m[r] = 0 are left out). Independent jobs (one per replica, or every job with slots of its
 * own): the jobs are Bernoulli trials, and the proportion of the pooled count gets the
 * modified Wilson interval. Otherwise the estimate is the mean of the replicas' fractions —
 * i.i.d. values in [0, 1] whatever the dependence of a replica's jobs — with the betting
 * interval (engine/stats/betting.h). `scratch`: iv_scratch_size(n) doubles. */
struct st_summary iv_proportion(const double *k, const double *m, int n, bool independent,
                                double confidence, double *scratch);

/* The paired difference of two such proportions, replica by replica: Newcombe's square-and-add
 * of the two Wilson intervals for independent jobs (the correlation of the 2×2 table of
 * outcomes for one job per replica, of the replicas' fractions for several); otherwise the
 * betting interval of the differences of the fractions, values in [−1, 1]. */
struct st_summary iv_proportion_difference(const double *k1, const double *m1,
                                           const double *k2, const double *m2, int n,
                                           bool independent, double confidence,
                                           double *scratch);

/* Quantile q of the n i.i.d. values x[] (not NaN; reordered), type 7, with the order
 * statistics around it that cover it with probability >= confidence whatever their law: the
 * l-th and u-th smallest, l − 1 the a-quantile of Binomial(n, q) and u one past its
 * (1 − a)-quantile, a = (1 − confidence)/2 (Conover 1999, §3.2); ±∞ where n is too small.
 * Method ST_ORDER_STATISTIC, stddev NaN. */
struct st_summary iv_quantile(double *x, long n, double q, double confidence);

/* A sentence on why a summary has no valid interval ("" if it has one). */
void iv_note(const struct st_summary *s, char *buf, size_t len);

#endif

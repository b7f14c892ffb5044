/* intervals — which interval each reported quantity gets, and why (docs/statistics.md).
 *
 * A quantity is a metric of one (scenario, policy) over replicas, a paired difference of two,
 * or a CDF value or share of a per-job histogram. Proportions (fractions of jobs) get score
 * intervals: Wilson when each replica holds one job (a Bernoulli trial), Wilson at Kish's
 * effective sample size when replicas pool several correlated jobs, and their differences the
 * square-and-add of Newcombe (1998). Means get the bootstrap-t over replicas (or t with few
 * replicas of many jobs each); a mean whose per-replica value has a heavy tail (tail index
 * <= 4, known from the model: models/metrics.h), or few replicas of few jobs each, has no
 * valid interval: it is marked ST_UNRELIABLE with its caveat, and keeps a t interval for
 * reference. (Lognormal tasks have every moment, yet are as skewed as Pareto ones: the model
 * gives them the index of the Pareto law with their skewness, models/workload.h.) The thresholds are measured: `make coverage`. This module decides; the numerics
 * are engine/stats/stats.h and engine/stats/bootstrap.h. */
#ifndef SPECMC_INTERVALS_H
#define SPECMC_INTERVALS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/stats/rng.h"
#include "engine/stats/stats.h"

/* A mean's interval needs a tail index above this (measured: at 4 and below no interval of a
 * mean covers at any number of replicas up to 1000). */
#define IV_TAIL_MIN 4.0
/* Below IV_ENOUGH_REPLICAS replicas, a mean needs IV_MANY_JOBS measured jobs per replica (so
 * that each replica's value is an average close to normal); below IV_MIN_REPLICAS the t
 * interval is used instead of the bootstrap (too few distinct resamples). */
#define IV_ENOUGH_REPLICAS 50
#define IV_MANY_JOBS 30
#define IV_MIN_REPLICAS 10
/* ... and IV_ENOUGH_SKEWED replicas when its tail index is at most IV_TAIL_SKEWED (measured:
 * the mean of one job of 10 tasks whose time is the least of two Pareto(1, 3), index 6,
 * covers 0.912 at 50 replicas and 0.940 at 200; index 8 covers 0.950 at 50). */
#define IV_TAIL_SKEWED 8.0
#define IV_ENOUGH_SKEWED 200

/* What the interval of one quantity needs to know besides its values. */
struct iv_quantity {
    bool proportion; /* per-replica values are fractions of `jobs` jobs */
    int jobs;        /* jobs a replica's value averages (metrics_averaged_jobs: 1 for a
                        replica's quantile) */
    double tail;     /* tail index of the per-replica value (INFINITY: light or bounded) */
};

/* Scratch space the summaries need: n doubles (n replicas) + ST_BOOT_RESAMPLES. */
size_t iv_scratch_size(int n);

/* The mean of x[0..n) over replicas (NaN values skipped) with its interval. `rng` is the
 * bootstrap's stream (any fixed stream: results depend only on it). */
struct st_summary iv_mean(const double *x, int n, struct iv_quantity q, double confidence,
                          rng_t *rng, double *scratch);

/* The paired difference x − y, replica by replica (replicas where either is NaN skipped). */
struct st_summary iv_difference(const double *x, const double *y, int n, struct iv_quantity qx,
                                struct iv_quantity qy, double confidence, rng_t *rng,
                                double *scratch);

/* A proportion from histogram counts: replica r has k[r] of m[r] jobs (replicas with
 * m[r] = 0 are left out); the estimate is the mean of the replicas' fractions. */
struct st_summary iv_proportion(const double *k, const double *m, int n, double confidence);

/* The paired difference of two such proportions, replica by replica. */
struct st_summary iv_proportion_difference(const double *k1, const double *m1,
                                           const double *k2, const double *m2, int n,
                                           double confidence);

/* The q-quantile of a per-job value pooled over R replicas of J jobs each (v: R × J values,
 * replica by replica; `work`: R·J doubles): the ⌈qN⌉-th smallest of the N = RJ values. One
 * job per replica (i.i.d. values): the exact distribution-free interval between two order
 * statistics (binomial law; Conover 1999, §3.2). Several: Woodruff's (1952) interval, the
 * score interval of F at the quantile — Wilson at the effective size of the replicas' shares
 * of jobs below it, as for a pooled proportion — mapped back through the pooled empirical
 * quantile function. An end beyond the data is ±∞. n is N. Valid for any tail. */
struct st_summary iv_pooled_quantile(const double *v, int R, int J, double q, double confidence,
                                     double *work);

/* The same for nq orders q[] at once (one pass over `work`: the ranks selected, not sorted),
 * into out[0 .. nq). */
void iv_pooled_quantiles(const double *v, int R, int J, const double *q, int nq,
                         double confidence, double *work, struct st_summary *out);

/* A sentence on why a summary has no valid interval ("" if it has one). */
void iv_note(const struct st_summary *s, char *buf, size_t len);

#endif

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
/* A mean of bounded values (a pooled proportion, its paired difference, the CDF behind a
 * pooled quantile) gets the bootstrap-t only where at least this many replicas' worth carry
 * the spread of their values, and the betting interval otherwise (measured: the bootstrap-t
 * of a PoCD near 1 in queues of 60 jobs per replica covered 0.91 when fewer did;
 * docs/statistics.md). */
#define IV_SPREAD_MIN 8.0

/* What the interval of one quantity needs to know besides its values. */
struct iv_quantity {
    bool proportion; /* per-replica values are fractions of `jobs` jobs */
    int jobs;        /* jobs a replica's value averages (metrics_averaged_jobs: 1 for a
                        replica's quantile) */
    double tail;     /* tail index of the per-replica value (INFINITY: light or bounded) */
};

/* Scratch space the summaries need: 8n doubles (n replicas) + ST_BOOT_RESAMPLES; a pooled
 * quantile of R replicas of J jobs, iv_pooled_scratch_size. */
size_t iv_scratch_size(int n);
size_t iv_pooled_scratch_size(int R, int J);

/* The mean of x[0..n) over replicas (NaN values skipped) with its interval. `rng` is the
 * bootstrap's stream (any fixed stream: results depend only on it). */
struct st_summary iv_mean(const double *x, int n, struct iv_quantity q, double confidence,
                          rng_t *rng, double *scratch);

/* The paired difference x − y, replica by replica (replicas where either is NaN skipped). */
struct st_summary iv_difference(const double *x, const double *y, int n, struct iv_quantity qx,
                                struct iv_quantity qy, double confidence, rng_t *rng,
                                double *scratch);

/* A proportion from histogram counts: replica r has k[r] of m[r] jobs (replicas with
 * m[r] = 0 are left out); the estimate is the mean of the replicas' fractions. One job per
 * replica: the modified Wilson interval (the replicas are Bernoulli trials). Several: the
 * fractions are i.i.d. values in [0, 1] whatever the correlation of a replica's jobs (they
 * queue behind each other), so the interval is one for their mean: the bootstrap-t where at
 * least IV_SPREAD_MIN replicas' worth of them carry the spread (effective number of the
 * deviations from their median), else the betting interval, valid for any law of them
 * (engine/stats/betting.h). `scratch`: iv_scratch_size(n) doubles. */
struct st_summary iv_proportion(const double *k, const double *m, int n, double confidence,
                                rng_t *rng, double *scratch);

/* The paired difference of two such proportions, replica by replica: Newcombe's interval for
 * one job each, the difference of the fractions (values in [−1, 1]) as above for several. */
struct st_summary iv_proportion_difference(const double *k1, const double *m1,
                                           const double *k2, const double *m2, int n,
                                           double confidence, rng_t *rng, double *scratch);

/* The q-quantile of a per-job value pooled over R replicas of J jobs each (v: R × J values,
 * replica by replica, NaN where a replica has fewer jobs; each replica's values are sorted in
 * place): the ⌈qN⌉-th smallest of the N values. One job per replica (i.i.d. values): the
 * exact distribution-free interval between two order statistics (binomial law; Conover 1999,
 * §3.2). Several: Woodruff's (1952) interval — the interval of the pooled CDF F at the
 * estimate, from the replicas' shares of jobs at or below it as for a pooled proportion
 * (bootstrap-t), mapped back through the pooled empirical quantile function — where
 * IV_SPREAD_MIN replicas carry the spread of those shares; else the exact inversion of betting
 * tests on the shares (valid for any correlation of a replica's jobs). An end beyond the data
 * is ±∞. n is N. `work`: iv_pooled_scratch_size(R, J) doubles. */
struct st_summary iv_pooled_quantile(double *v, int R, int J, double q, double confidence,
                                     rng_t *rng, double *work);

/* The same for nq orders q[] at once (the ranks selected, not sorted), into out[0 .. nq). */
void iv_pooled_quantiles(double *v, int R, int J, const double *q, int nq, double confidence,
                         rng_t *rng, double *work, struct st_summary *out);

/* A sentence on why a summary has no valid interval ("" if it has one). */
void iv_note(const struct st_summary *s, char *buf, size_t len);

#endif

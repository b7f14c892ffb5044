/* config_limits — how far a scenario's numbers reach, estimated from its parameters alone
 * (nothing drawn, nothing the size of the model allocated): the longest time the sampler can
 * draw, what share of the family's mean it can reach, the clock when the last tasks run and
 * how many bits of a task's duration the clock keeps there (docs/guide/config.md, "Limits"); and
 * how long the cluster is busy, for the run's work estimate. Part of the config module:
 * engine/config/config.c reports the checks with file and line; engine/run/cost.c estimates a
 * run's events and memory from the same figures. */
#ifndef SPECMC_CONFIG_LIMITS_H
#define SPECMC_CONFIG_LIMITS_H

#include "models/spec.h"

/* The longest time a scenario may reach: the summaries sum squared deviations of per-replica
 * values (Welford's m2, engine/stats/stats.c) over up to 2^31 replicas, which stays finite below
 * 2^496 = 2.05e149. */
#define CFG_TIME_MAX 1e149

/* A task's duration measured where the clock reads t keeps log2(duration / step) bits, the
 * step being the clock's resolution there, at most t 2^-52 (cfg_clock_bits). Fewer than
 * CFG_BITS_WARN is a warning: about six significant digits, one more than the summaries
 * print. Fewer than 1 is an error: a task's end rounds onto its start, or the step past it. */
#define CFG_BITS_WARN 20

/* Estimates of one replica of a scenario. "Typical" sums are what a sum of n draws usually
 * comes to: n times the partial mean up to the typical largest of n draws
 * (dist_partial_mean at 1 - 1/(n + 1)), which is n E[T] for light tails and of the order of
 * the largest draw for Pareto beta <= 1. */
struct cfg_extent {
    double arrivals;   /* when the last job arrives: jobs / rate (Poisson), the trace's, or 0 */
    double tasks;      /* tasks per replica (their mean with drawn task counts) */
    double work;       /* the typical sum of their original copies' times */
    double span;       /* the clock when the last tasks run: max(arrivals, work / slots) */
    double job;        /* a typical job's duration on an empty cluster */
    double busy;       /* how long the cluster is not idle: min(span, jobs x job) */
    double task;       /* the median task time, with the median job scale */
    double largest;    /* the longest task time the sampler can draw, at the largest scale */
    double scale_max;  /* generated jobs: the largest job scale times the reduce scale, the
                          factor of largest beyond the family's longest draw (1 for a trace) */
    double mean_share; /* the mean of what the sampler draws over the family's mean, at the
                          heaviest shape and with the job scales' own share (< 1/2: most of
                          the mean lies beyond the sampler's reach) */
};

void cfg_extent(const struct cl_spec *sp, struct cfg_extent *x);

/* The bits of a duration d that the clock keeps at time t: log2(d / max(t 2^-52, 2^-1074)). */
double cfg_clock_bits(double d, double t);

#endif

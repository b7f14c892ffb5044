/* metrics — what one replica reports (docs/methods/model.md, "Accounting"), computed from the
 * final cluster state. The table below is the single list of metric names: the HDF5 datasets,
 * the report columns and the docs all come from it. */
#ifndef SPECMC_METRICS_H
#define SPECMC_METRICS_H

#include <stdbool.h>
#include <stdint.h>

#include "models/policy.h"

struct cluster;
struct cl_spec;

enum metric {
    M_FLOWTIME,          /* mean job flowtime C_i - a_i */
    M_FLOWTIME_WEIGHTED, /* Σ w_i F_i / Σ w_i */
    M_FLOWTIME_P50,      /* quantiles of job flowtime within the replica */
    M_FLOWTIME_P90,
    M_FLOWTIME_P99,
    M_POCD,              /* fraction of jobs done by their deadline; NaN without deadlines */
    M_MACHINE_TIME,      /* mean slot time per job, all copies, killed ones included */
    M_WASTED_TIME,       /* mean slot time per job spent in copies that did not win */
    M_COPIES_PER_TASK,   /* copies launched per task */
    M_UTILIZATION,       /* time-average busy fraction over the arrival window */
    M_UTILITY,           /* net utility lg(PoCD − R_min) − θ C machine_time, with jobs' own
                            prices θ · mean of γ_i machine_time_i; NaN without deadlines,
                            −inf when PoCD <= R_min (seed 004 eq. 25) */
    M_JOB_FLOWTIME_P50,  /* quantiles of the flowtime of a measured job, pooled over every */
    M_JOB_FLOWTIME_P90,  /* replica's jobs: no per-replica value (NaN); the summary comes */
    M_JOB_FLOWTIME_P99,  /* from all the jobs, streamed (engine/stats/pooled.h) */
    M_SLOWDOWN,          /* mean job slowdown F_i / I_i, I_i the job's time alone on an idle
                            cluster (metrics_ideal_time) */
    M_SLOWDOWN_JAIN,     /* Jain's fairness index of the replica's slowdowns, in [1/n, 1] */
    M_COUNT
};

struct metric_info {
    const char *name;  /* dataset and report name */
    const char *doc;   /* one line for docs and `specmc list` */
    const char *unit;  /* its unit, for files and plots: "time", "slot time", "fraction", ... */
    bool proportion;   /* a fraction of jobs (Wilson interval when replicas are single jobs) */
    double pooled;     /* > 0: the quantile of this order of a job's flowtime over all the
                          replicas' jobs, not a per-replica value */
    bool order_statistic; /* a replica's quantile of its jobs: one or two order statistics,
                             not an average over its jobs */
    double lo, hi;        /* the range of a replica's value where lo < hi (0, 0: unbounded):
                             its intervals are clipped to it (engine/stats/intervals.h) */
};

extern const struct metric_info metric_info[M_COUNT];

/* Per-job quantities whose distribution over jobs can be kept as a histogram (for CDF plots:
 * seed 000 Fig. 8, 10, 11 and seed 002 Fig. 4-5 plot the CDFs of flowtime and of cost). */
enum job_quantity {
    JQ_FLOWTIME,     /* C_i - a_i */
    JQ_MACHINE_TIME, /* slot time of all the job's copies (its computation cost) */
    JQ_COUNT
};

extern const struct metric_info job_quantity_info[JQ_COUNT];

/* Count the measured jobs (after the warm-up) of a finished replica by quantity q into
 * counts[0..bins]: counts[k] holds jobs with e_k < x <= e_{k+1}, e_k = k·max/bins (counts[0]
 * also x <= 0), counts[bins] those with x > max. So Σ_{k<K} counts[k] / jobs = P(x <= e_K),
 * the empirical CDF at the edges, with the same "<=" as the deadline test of pocd. */
void metrics_histogram(const struct cluster *cl, enum job_quantity q, double max, int bins,
                       int32_t *counts);

/* Count the measured jobs of a finished replica by the value their policy chose for them
 * (cl_job.choice, models/policy.h auto_per_job) into counts[0..n): counts[v] holds the jobs
 * that got v. Every measured job must have a choice in [0, n). */
void metrics_choices(const struct cluster *cl, int32_t *counts, int n);

/* Jobs whose metrics count in a replica of the scenario: all but the warm-up. */
int metrics_measured_jobs(const struct cl_spec *sp);

/* The pooled job quantiles (metric_info[m].pooled > 0), in metric order: their orders into
 * q[] and their metrics into which[] (either may be NULL); how many (at most M_COUNT). */
int metrics_pooled(double *q, int *which);

/* How many jobs metric m's per-replica value averages, in a replica of `measured` jobs: all
 * of them for a mean or a fraction, 1 for a replica's quantile (an order statistic keeps the
 * skew that averaging would take away: engine/stats/intervals.h's few-jobs rule). */
int metrics_averaged_jobs(enum metric m, int measured);

/* The tail index of a task's time under a policy that does `tail` to long tasks
 * (models/policy.h): the task law's β (wl_tail_index), or β(1 + k) when k extra attempts are
 * sure — launched on free slots only (POL_TAIL_IF_ROOM) where the cluster always has room
 * (batch arrivals, slots for every attempt of every task), retried before waiting tasks
 * (POL_TAIL_RETRIED) where a slot frees with a lighter tail than a task's (S(β − 1)/2 >= β).
 * A copy that may not start leaves the task's tail as it was: its weight is small, but no
 * interval of a mean survives an infinite variance of any weight. */
double metrics_task_tail_index(const struct cl_spec *sp, struct pol_tail tail);

/* Whether a replica's measured jobs are independent of each other under a policy that does
 * `tail`: every attempt of every task has a slot from its job's arrival on (batch arrivals,
 * slots for tail.most attempts of every task), so no job waits for another's. Otherwise jobs
 * queue behind each other's long tasks, and a replica's jobs are correlated: its value is
 * one draw, not an average of independent ones (engine/stats/intervals.h). */
bool metrics_jobs_independent(const struct cl_spec *sp, struct pol_tail tail);

/* The tail index of metric m's per-replica value in a scenario under a policy that does
 * `tail` to long tasks: P(value > x) ~ x^(−index). A mean of job times (flowtime, machine
 * time, ...) keeps its jobs' index, at most the task time's (metrics_task_tail_index); machine
 * time also the task count's (wl_count_tail_index); a type-7 quantile of J jobs is governed
 * by the k-th largest job, index k times theirs; bounded metrics (pocd, copies, utilization)
 * INFINITY. Queueing is left out: waiting times can be heavier than the tasks themselves
 * (docs/methods/statistics.md). */
double metrics_tail_index(const struct cl_spec *sp, struct pol_tail tail, enum metric m);

/* Per-job values of a finished replica in arrival order, every job (warm-up included):
 * out[i] = quantity q of job i. */
void metrics_job_values(const struct cluster *cl, enum job_quantity q, double *out);

/* Job i's time alone on an idle cluster with a slot for each of its tasks, one copy each: the
 * launch delay, then its longest map task, then its longest reduce task (reduce copies
 * launched at arrival wait out the map phase, so their launch delay overlaps it), from the
 * durations its original copies were drawn with (before any straggle factor, which belongs to
 * a copy's machine). With pipelined phases its reduce copies read the map outputs as they
 * appear (cl_feed_start): the latest reduce end. The denominator of the slowdown. */
double metrics_ideal_time(const struct cluster *cl, int job);

/* Fill out[M_COUNT] from a finished replica. `scratch` holds at least cl->njobs doubles.
 * Jobs 0..warmup-1 (the first to arrive) are left out of every metric. With `quantiles` false
 * the replica's flowtime quantiles (M_FLOWTIME_P50, _P90, _P99) are NAN, not selected. */
void metrics_compute(const struct cluster *cl, double *scratch, bool quantiles,
                     double out[M_COUNT]);

#endif

/* result — a run's data: every replica's metrics, per-job histograms, choices and job
 * flowtimes of each (scenario, policy), and their summaries, with the accessors that index
 * them. The runner (engine/run/runner.h) fills it, engine/run/summarise.h summarises it,
 * engine/results writes and reads it, engine/session moves it between shards, checkpoints and
 * ranks (run_arrays). */
#ifndef SPECMC_RUN_RESULT_H
#define SPECMC_RUN_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/config/config.h"
#include "engine/stats/stats.h"
#include "engine/stats/verdict.h"
#include "models/metrics.h"

struct run_result {
    int nscen, npol, nrep;      /* nrep: the replicas held, first .. first + nrep - 1 */
    int first;                  /* the first replica held: 0 but in a shard's block */
    double *values;             /* per-replica metrics, see run_value() */
    struct st_summary *summary; /* [nscen][npol][M_COUNT] */
    struct st_summary *paired;  /* [nscen][npol][M_COUNT]: policy minus policy 0 (replica by
                                   replica, common random numbers); unused for p = 0 */
    struct st_summary *verdict; /* [nscen][npol][M_COUNT][VR_COUNT]: policy against policy 0,
                                   valid at any tail (engine/stats/verdict.h); unused for
                                   p = 0, empty for the pooled metrics */
    int hist_bins;              /* bins of each kept histogram (config's histogram.bins), or 0 */
    int32_t *hist[JQ_COUNT];    /* per-job histograms, see run_hist(); NULL when not kept */
    int32_t *choices;           /* measured jobs by the value their policy chose per job, see
                                   run_choices(); NULL when no policy chooses per job */
    double *flow;               /* every job's flowtime, see run_flow(); NULL when they would
                                   take more than RUN_FLOW_MAX values */
    size_t *flow_at;            /* [nscen * npol]: where (s, p)'s replicas start in flow */
    int *jobs;                  /* [nscen]: jobs per replica (warm-up included) */
    double *by_job;             /* [nscen][npol][jobs of s]: the median over replicas of job
                                   i's flowtime, see run_by_job(); NULL without flow */
    int64_t task_events;        /* copy starts + ends over the whole run */
    int64_t simulated_events;   /* of those, the ones this process simulated (a cell equal to
                                   another is copied, not run; a resumed run's earlier ones
                                   were simulated before): what its speed is measured by */
    double wall_seconds;        /* time spent simulating */
};

/* Index of (scenario, policy, metric) in summary/paired. */
static inline size_t run_cell(const struct run_result *r, int s, int p, int m)
{
    return ((size_t)s * (size_t)r->npol + (size_t)p) * M_COUNT + (size_t)m;
}

/* The VR_COUNT verdict rows of (scenario, policy, metric), those of the next metric after. */
static inline struct st_summary *run_verdict(const struct run_result *r, int s, int p, int m)
{
    return r->verdict + run_cell(r, s, p, m) * VR_COUNT;
}

/* Per-replica values of one (scenario, policy, metric): nrep contiguous doubles. */
static inline double *run_values(const struct run_result *r, int s, int p, int m)
{
    return r->values + run_cell(r, s, p, m) * (size_t)r->nrep;
}

/* Histogram of one (quantity, scenario, policy, replica): hist_bins + 1 contiguous counts
 * (metrics_histogram), replicas of a (scenario, policy) one after another. */
static inline int32_t *run_hist(const struct run_result *r, enum job_quantity q, int s, int p,
                                int rep)
{
    size_t row = ((size_t)s * (size_t)r->npol + (size_t)p) * (size_t)r->nrep + (size_t)rep;
    return r->hist[q] + row * (size_t)(r->hist_bins + 1);
}

/* The parameter policy p chooses per job in scenario s (auto_per_job, given as `auto`), or
 * -1 when it has none there. */
static inline int run_per_job_param(const struct cfg *c, int s, int p)
{
    int i = pol_per_job_param(c->policies[p]);
    return i >= 0 && (c->scen[s].auto_params[p] >> i & 1u) ? i : -1;
}

/* Counts of one (scenario, policy, replica) by chosen value: POL_CHOICE_MAX + 1 contiguous
 * counts (metrics_choices); meaningful where run_per_job_param >= 0. */
static inline int32_t *run_choices(const struct run_result *r, int s, int p, int rep)
{
    size_t row = ((size_t)s * (size_t)r->npol + (size_t)p) * (size_t)r->nrep + (size_t)rep;
    return r->choices + row * (POL_CHOICE_MAX + 1);
}

/* The most job flowtimes a run keeps (for the pooled quantiles and the warm-up diagnostic):
 * 2^26 doubles, 512 MiB. */
#define RUN_FLOW_MAX ((size_t)1 << 26)

/* Every job's flowtime (warm-up included, arrival order) of one (scenario, policy, replica):
 * jobs[s] contiguous doubles, replicas of a (scenario, policy) one after another. */
static inline double *run_flow(const struct run_result *r, int s, int p, int rep)
{
    return r->flow + r->flow_at[s * r->npol + p] + (size_t)rep * (size_t)r->jobs[s];
}

/* The median over replicas of job i's flowtime, jobs[s] doubles of (scenario, policy). */
static inline double *run_by_job(const struct run_result *r, int s, int p)
{
    return r->by_job + r->flow_at[s * r->npol + p] / (size_t)r->nrep;
}

/* Whether a run of c keeps every job's flowtime (flow, by_job): decided on the whole run, so
 * that each of its blocks keeps what the whole would. */
bool run_keeps_flow(const struct cfg *c);

/* The arrays of a result holding replicas [first, first + count) of every (scenario, policy),
 * nothing in them yet; 0, or -1 when out of memory (res left empty). */
int run_alloc(const struct cfg *c, int first, int count, struct run_result *res);

void run_result_free(struct run_result *res);

/* One per-replica array of a (scenario, policy) of a result: `width` elements of `size`
 * bytes per replica, replicas one after another, from replica `first` of the block on. Its
 * name is where a file keeps it ("replicas/flowtime", "histograms/machine_time", "choices",
 * "flow"); `real` tells doubles from 32-bit counts. Shards, checkpoints and MPI move a
 * block's data array by array with run_arrays, which lists them all. */
struct run_array {
    char name[64];
    void *data;
    size_t size, width;
    bool real;
    int rank;   /* as a dataset: 1, [replicas], for a metric; 2, [replicas][width], else */
};
#define RUN_ARRAYS_MAX (M_COUNT + JQ_COUNT + 2)

/* The arrays of (s, p) in res, from replica r of its block on, in a fixed order: the metrics,
 * the histograms kept, the per-job choices (when its policy chooses per job), the job
 * flowtimes (when kept). Returns how many (at most RUN_ARRAYS_MAX). */
int run_arrays(const struct cfg *c, const struct run_result *res, int s, int p, int r,
               struct run_array *out);

/* The first n replicas of res (which holds at least n) as a result of their own, its own
 * copies of the arrays (sequential stopping summarises such prefixes); `task_events` and
 * `wall_seconds` are res's. 0, or -1 when out of memory. c must be the run's config with
 * c->replicas replaced by the whole run's largest count, as for res. */
int run_prefix(const struct cfg *c, const struct run_result *res, int n,
               struct run_result *view);

#endif

/* result — a run's data: every replica's metrics, per-job histograms, choices and series of each
 * (scenario, policy), the streams its job flowtimes are summarised into, and their summaries,
 * with the accessors that index them. The runner (engine/run/runner.h) fills it,
 * engine/run/summarise.h summarises it, engine/results writes and reads it, engine/session
 * moves it between shards, checkpoints and ranks (run_arrays, run_stream_encode). */
#ifndef SPECMC_RUN_RESULT_H
#define SPECMC_RUN_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/config/config.h"
#include "engine/stats/pooled.h"
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
    int nseries;                /* times of the series of the policies' state (config's
                                   series.times), or 0 */
    double *series;             /* the series' values, see run_series(); NULL when not kept */
    struct run_stream *stream;  /* [nscen * npol]: the job flowtimes, summarised as they
                                   arrive, see run_stream() */
    struct pq_table *table;     /* [ntables]: what a replica adds to the pooled stream, looked
                                   up: one per count of measured jobs, see run_stream_add */
    int ntables;
    int *table_of;              /* [nscen]: its table, or -1 (none: computed) */
    int *jobs;                  /* [nscen]: jobs per replica (warm-up included) */
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

/* The bootstrap stream number (RNG_BOOTSTRAP) of metric m of pair q = s·npol + p: a run
 * draws from 2c and 2c + 1, a new pairing in `report` from c plus 2 or 3 times the pairs ×
 * M_SLOWDOWN. The metrics up to the slowdowns (results format 6) keep c = q·M_SLOWDOWN + m,
 * so that an appended metric leaves every earlier interval bit for bit as it was; appended
 * ones are numbered from 2^40 on, beyond any of those. */
static inline uint64_t run_boot_cell(size_t q, int m)
{
    const uint64_t old = M_SLOWDOWN, appended = M_COUNT - M_SLOWDOWN;
    return (uint64_t)m < old ? (uint64_t)q * old + (uint64_t)m
                             : (UINT64_C(1) << 40) + (uint64_t)q * appended + (uint64_t)m - old;
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

/* The series of one (scenario, policy, replica): its policy's state at the nseries times
 * (models/replica.h rep_series), replicas of a (scenario, policy) one after another. */
static inline double *run_series(const struct run_result *r, int s, int p, int rep)
{
    size_t row = ((size_t)s * (size_t)r->npol + (size_t)p) * (size_t)r->nrep + (size_t)rep;
    return r->series + row * (size_t)r->nseries;
}

/* The job flowtimes of one (scenario, policy), summarised as the replicas finish, in memory
 * O(bins + jobs) whatever the replicas: the pooled quantiles' stream and the warm-up
 * diagnostic's sums by job. Both are integer counts and sums, so adding replicas in any
 * order, on any thread, shard, rank or across a checkpoint, gives the same bits.
 *   pooled: the measured jobs (the last metrics_measured_jobs of each replica) for the pooled
 *     quantiles of the metrics (metric_info[m].pooled), engine/stats/pooled.h: their bins and
 *     the betting tests' log capitals at each bin's edge.
 *   log_sum[i], log_n[i]: the sum over replicas of llround(ln(flowtime of job i) · 2^32) and
 *     how many replicas it adds (job i finished with a flowtime in (0, ∞)), job i in arrival
 *     order, warm-up included: by_job[i] = exp(log_sum / log_n / 2^32) is their geometric
 *     mean, filled by run_summarise (NaN where log_n is 0). */
#define RUN_LOG_SCALE 4294967296.0 /* 2^32 */
#define RUN_TABLE_JOBS 4096         /* a table serves at most 4 096 measured jobs (2.2 MB) */
#define RUN_TABLE_BYTES (64.0 * 1024 * 1024) /* and the tables take at most 64 MiB */
#define RUN_NO_LOG INT64_MIN       /* a job whose flowtime has no log to add */
struct run_stream {
    struct pq_stream pooled;
    int64_t *log_sum, *log_n;
    double *by_job;
};

static inline struct run_stream *run_stream(const struct run_result *r, int s, int p)
{
    return &r->stream[s * r->npol + p];
}

/* The geometric mean over replicas of job i's flowtime, jobs[s] doubles of (scenario,
 * policy), after run_summarise. */
static inline double *run_by_job(const struct run_result *r, int s, int p)
{
    return run_stream(r, s, p)->by_job;
}

/* A replica's part of a stream, computed from its flowtimes without the stream (so outside
 * its lock): `bins`, the nbins sorted bins of its measured jobs' flowtimes (pq_bins of the
 * last metrics_measured_jobs of flow), and logs[i] = llround(ln(flow[i]) · 2^32), or
 * RUN_NO_LOG, for its `jobs` flowtimes in arrival order (NaN: unfinished). */
void run_stream_logs(const double *flow, int jobs, int64_t *logs);

/* The bytes per job a thread needs for a replica's flowtimes, bins and logs. */
#define RUN_STREAM_SCRATCH (sizeof(double) + 2 * sizeof(int) + sizeof(int64_t))

/* That part added into (s, p)'s stream. Not thread-safe for one (s, p): the runner holds its
 * lock. 0, or -1 when out of memory. */
int run_stream_add(struct run_result *res, int s, int p, const int *bins, int nbins,
                   const int64_t *logs);

/* (s, p) of res += (t, q) of from (the same scenario's job count); 0, or -1 out of memory. */
int run_stream_merge(struct run_result *res, int s, int p, const struct run_result *from, int t,
                     int q);

/* Empties (s, p)'s stream. */
void run_stream_clear(struct run_result *res, int s, int p);

/* (s, p)'s stream as int64 values, the form shards, checkpoints and MPI carry (only what it
 * holds: every group's occupied bins, then the sums and counts by job): how many, and the
 * values written into out (returns the end). run_stream_decode_add adds such values, n of
 * them, into (s, p); 0, or -1 when they are damaged (another job count, negative counts,
 * left over) or memory ran out. */
size_t run_stream_len(const struct run_result *res, int s, int p);
int64_t *run_stream_encode(const struct run_result *res, int s, int p, int64_t *out);
int run_stream_decode_add(struct run_result *res, int s, int p, const int64_t *v, size_t n);

/* The arrays of a result holding replicas [first, first + count) of every (scenario, policy),
 * nothing in them yet; 0, or -1 when out of memory (res left empty). */
int run_alloc(const struct cfg *c, int first, int count, struct run_result *res);

void run_result_free(struct run_result *res);

/* One per-replica array of a (scenario, policy) of a result: `width` elements of `size`
 * bytes per replica, replicas one after another, from replica `first` of the block on. Its
 * name is where a file keeps it ("replicas/flowtime", "histograms/machine_time", "choices");
 * `real` tells doubles from 32-bit counts. Shards, checkpoints and MPI move a block's data
 * array by array with run_arrays, which lists them all, and each cell's stream beside them
 * (run_stream_encode). */
struct run_array {
    char name[64];
    void *data;
    size_t size, width;
    bool real;
    int rank;   /* as a dataset: 1, [replicas], for a metric; 2, [replicas][width], else */
};
#define RUN_ARRAYS_MAX (M_COUNT + JQ_COUNT + 2)

/* The arrays of (s, p) in res, from replica r of its block on, in a fixed order: the metrics,
 * the histograms kept, the per-job choices (when its policy chooses per job), the series
 * (when kept). Returns how many (at most RUN_ARRAYS_MAX). */
int run_arrays(const struct cfg *c, const struct run_result *res, int s, int p, int r,
               struct run_array *out);

/* The first n replicas of res (which holds at least n) as a result of their own, its own
 * copies of the arrays and of the streams (sequential stopping summarises such prefixes: the
 * streams hold the replicas res has done, which must be the first n); `task_events` and
 * `wall_seconds` are res's. 0, or -1 when out of memory. c must be the run's config with
 * c->replicas replaced by the whole run's largest count, as for res. */
int run_prefix(const struct cfg *c, const struct run_result *res, int n,
               struct run_result *view);

#endif

/* runner — run every (scenario, policy, replica) of an experiment across OpenMP threads and
 * summarise the per-replica metrics.
 *
 * Each replica writes its metrics into its own cell of a result array; once all are done
 * the summaries are accumulated sequentially in replica order, so every number is the same
 * for any thread count (SPEC §5). This module does not read configs or write files. */
#ifndef SPECMC_RUNNER_H
#define SPECMC_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/config/config.h"
#include "engine/stats/intervals.h"
#include "engine/stats/stats.h"
#include "engine/stats/verdict.h"
#include "models/metrics.h"

/* Cells equal in scenario spec, policy and parameters compute the same replicas (a sweep of
 * one policy's parameter leaves the others' cells alike): only the first of each such set
 * runs, and the others get copies of its values. Found once, before the run starts. */
struct run_twins {
    int ncells;  /* scenarios x policies */
    int *of;     /* [ncells]: the cell whose replicas cell k takes (k itself for those that
                    run) */
    int nrun;    /* the cells that run */
    int *run;    /* [nrun]: they, in order */
    int *weight; /* [nrun]: the cells each stands for (itself and its twins), what a replica
                    of it adds to the progress */
};

/* The twins of c's cells (hashed: O(cells) expected time). 0, or -1 when out of memory (t
 * left empty). */
int run_twins(const struct cfg *c, struct run_twins *t);
void run_twins_free(struct run_twins *t);

/* The most OpenMP threads a command takes (--threads) and a file may say it ran on. */
#define RUN_THREADS_MAX 4096

struct run_options {
    int threads;   /* OpenMP threads (1 .. RUN_THREADS_MAX) */
    bool progress; /* draw a progress bar on stderr */
    const struct run_twins *twins; /* c's (run_twins): the cells that run */
    /* optional: asked between replicas; nonzero stops the run after the replicas under way
       (run_units returns 1): a checkpoint is due, or a signal came */
    int (*stop)(void *ctx);
    void *stop_ctx;
};

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

/* What a run will cost, estimated from the config alone before anything is allocated
 * (docs/guide/performance.md, "Before a run"). Per replica of each (scenario, policy): 2 task events
 * per attempt of each task (starts and ends), a tick every cluster.interval and a heartbeat
 * every policy period while the cluster is busy (the idle ones are skipped), from the
 * scenario's extent (engine/config/config_limits.h); the time from each policy's events_per_second
 * (RUN_LOOP_EVENTS_PER_S). */
struct run_cost {
    double task_events;  /* copy starts and ends, over every replica */
    double ticks;        /* scheduling ticks */
    double beats;        /* policy heartbeats */
    double seconds;      /* rough wall time on `threads`; at least the longest replica's */
    int tick_scen;       /* the scenario with the most ticks; -1: none */
    int beat_scen, beat_pol; /* the (scenario, policy) with the most heartbeats; -1: none */
    double bytes;         /* peak memory: the results, and the most of the threads' replica
                             workspaces, the summaries' scratch and the report's copy */
    double replica_bytes; /* one thread's workspace (rep_memory, each dimension at its most
                             over the scenarios) */
    double results_bytes; /* the arrays kept for every scenario, policy and replica */
    double slot_bytes;    /* of replica_bytes, what the slots take */
};
void run_cost(const struct cfg *c, int threads, struct run_cost *out);

/* No run simulates more events: 1e12 is 11 thread-hours at the fastest policy's rate (fifo,
 * 2.5e7 per second) and about ten times the papers' scale (docs/guide/performance.md); the configs
 * that pass it ask for ticks or heartbeats by the billion per replica. */
#define RUN_EVENTS_MAX 1e12
/* The process before any array: code, libraries, HDF5's caches (the maximum resident size
 * of a run of one replica of tests/cli/configs/small.ini was 18 MB, its arrays a few kB). */
#define RUN_BASE_BYTES (16.0 * 1024 * 1024)

/* The event loop's own cost: a task event of fifo, whose decisions cost next to nothing (its
 * events_per_second); what a policy's task events cost beyond it is its decision, taken at
 * every instant without an interval and at each tick with one, and at its heartbeats. A tick
 * or heartbeat costs RUN_TICK_SECONDS on top (the loop's pass through an instant: fifo's
 * ticks ran at 9.3e6 per second per thread on the development machine). */
#define RUN_LOOP_EVENTS_PER_S 2.5e7
#define RUN_TICK_SECONDS 1e-7
/* A run estimated to take longer is announced with its estimate. */
#define RUN_SECONDS_WARN 60.0

void run_result_free(struct run_result *res);

/* The arrays of a result holding replicas [first, first + count) of every (scenario, policy),
 * nothing in them yet; 0, or -1 when out of memory (res left empty). */
int run_alloc(const struct cfg *c, int first, int count, struct run_result *res);

/* Simulate replicas [first, first + count) of every (scenario, policy) into a fresh result
 * (run_alloc); no summaries (a block's are not the run's). 0, or -1 with a message. */
int run_block(const struct cfg *c, const struct run_options *opt, int first, int count,
              struct run_result *res, char *err, size_t errlen);

/* Simulate the replicas 0 .. to - 1 of res's block (run_alloc) not yet done, those of the
 * cells opt->twins says run, and copy them into their twins: done[] holds a byte per
 * (scenario, policy, replica of the block), scenario-major, set to 1 as each is stored (NULL:
 * all of them, none recorded). wall_seconds and task_events add to what res holds. 0 when
 * every one is done, 1 when opt->stop stopped it (every replica begun is stored), -1 with a
 * message after a failed replica. */
int run_units(const struct cfg *c, const struct run_options *opt, struct run_result *res,
              unsigned char *done, int to, char *err, size_t errlen);

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

/* Whether a run of c keeps every job's flowtime (flow, by_job): decided on the whole run, so
 * that each of its blocks keeps what the whole would. */
bool run_keeps_flow(const struct cfg *c);

/* Summaries from per-replica values (engine/session/session.c; res must hold every replica),
 * each with the interval engine/stats/intervals.h chooses; bootstrap streams from (seed,
 * cell), so the result is the same on any number of `threads`. 0, or -1 when out of memory. */
int run_summarise(const struct cfg *c, struct run_result *res, int threads);

/* What the interval of metric m of (scenario s, policy p) needs to know: a proportion or not,
 * measured jobs per replica, the tail index of its per-replica value. */
struct iv_quantity run_quantity(const struct cfg *c, int s, int p, int m);

#endif

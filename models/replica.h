/* replica — run one replica: one scenario, one policy, one (seed, replica index).
 *
 * Owns the event loop and a reusable workspace (cluster arrays, policy state, scratch, the
 * policies' memo of per-job-shape results), so a thread allocates once and runs many
 * replicas. The result depends only on its arguments. */
#ifndef SPECMC_REPLICA_H
#define SPECMC_REPLICA_H

#include <stdbool.h>
#include <stdint.h>

#include "models/metrics.h"
#include "models/policy.h"
#include "models/spec.h"

enum rep_status {
    REP_OK = 0,
    REP_NOMEM = -1, /* out of memory */
    REP_STALL = -2  /* the policy left jobs unfinished with nothing running or pending */
};

struct rep_workspace;

struct rep_workspace *rep_workspace_new(void);
void rep_workspace_free(struct rep_workspace *ws);

/* The bytes a workspace holds for a scenario whose replicas have `tasks` tasks, under policy
 * pol: the cluster's arrays (per job, per task, per slot place: S rounded up to a power of
 * two, the end tree twice that), the scratch, the policy's state and timers (its `memory`)
 * and the memo (up to 3.4 MB, with Chronos r = auto). For the run's memory estimate
 * (docs/guide/performance.md, Memory). */
double rep_memory(const struct cl_spec *spec, double tasks, const struct policy *pol);

/* Totals of the last replica run in a workspace (for benchmarks and tests). */
struct rep_totals {
    int64_t task_events; /* copy starts + copy ends (completions and kills) */
    int64_t copies;      /* copies launched */
    int64_t kills;       /* copies killed */
    double end_time;     /* time of the last completion */
};

/* Run replica `replica` of spec under pol (param: its parameters) from the streams of seed, and
 * its metrics into out (models/metrics.h); with `quantiles` false the per-replica quantiles of
 * its jobs' flowtimes (p50, p90, p99: a selection over its jobs) are left NAN, for callers that
 * read only the other metrics or the cluster itself (validation). REP_OK, REP_NOMEM or
 * REP_STALL. */
int rep_run(struct rep_workspace *ws, const struct cl_spec *spec, const struct policy *pol,
            const double *param, uint64_t seed, uint64_t replica, bool quantiles,
            double out[M_COUNT]);

struct rep_totals rep_last_totals(const struct rep_workspace *ws);

/* A time series of the policy's state (models/policy.h, `state`) for the replicas run next
 * in ws: its value at each of the n times at[0 .. n) (ascending, >= 0), measured from the
 * first job's arrival (from_arrival) or from time 0; n = 0: none. The value at a time is the
 * state after every event up to it, that time included; NaN while no arrived job is
 * unfinished (before the first arrival, after the last completion) and where the policy has
 * no state. Sampling sets no event and draws nothing: the replica's results are those of a
 * run without it, bit for bit. `at` must outlive the runs. REP_OK, or REP_NOMEM. */
int rep_series(struct rep_workspace *ws, const double *at, int n, bool from_arrival);

/* The last replica's series: the n values of rep_series's times. */
const double *rep_series_values(const struct rep_workspace *ws);

/* The cluster of the workspace, for tests that drive the model step by step. */
struct cluster *rep_cluster(struct rep_workspace *ws);

#endif

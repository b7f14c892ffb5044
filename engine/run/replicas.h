/* replicas — the one place replicas of the cluster model run in parallel: replicas
 * [first, first + count) of each of a list of cells (a scenario's spec, a policy, its
 * parameters, a seed) across OpenMP threads, each finished replica handed to a callback.
 *
 * `specmc run` (all replicas, a shard's block, a checkpointed run's remainder) and validate's
 * model checks are built on it. A replica's result depends only on its cell and its index,
 * so what the callbacks store is the same on any number of threads and in any order; the
 * callbacks must write only what belongs to their own (cell, replica). */
#ifndef SPECMC_REPLICAS_H
#define SPECMC_REPLICAS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/metrics.h"
#include "models/policy.h"
#include "models/replica.h"
#include "models/spec.h"

struct rr_cell {
    const struct cl_spec *spec;
    const struct policy *pol;
    const double *param;
    uint64_t seed;
    const double *series;   /* the times of a series of the policy's state (rep_series) */
    int nseries;            /* 0: none */
    bool series_from_arrival;
};

struct rr_job {
    const struct rr_cell *cells;
    int ncells;
    uint64_t first, count;   /* replicas [first, first + count) of every cell */
    int threads;             /* OpenMP threads (>= 1) */
    int chunk;               /* replicas handed out at a time (0: 1) */
    size_t scratch_bytes;    /* a zeroed block per thread, passed to the callbacks (0: NULL) */
    bool skip_quantiles;     /* the replicas' flowtime quantiles left NAN (rep_run): for
                                callers that never read them (validation) */
    void *ctx;               /* the callbacks' */
    /* optional, before a replica runs (a duration hook into the workspace's cluster) */
    void (*before)(void *ctx, void *scratch, struct rep_workspace *ws, int cell, uint64_t rep);
    /* after it ran: the workspace holds its final state (rep_cluster), `metrics` its values */
    void (*done)(void *ctx, void *scratch, struct rep_workspace *ws, int cell, uint64_t rep,
                 const double metrics[M_COUNT]);
    /* optional: whether a unit is already done (a resumed run) and is skipped */
    int (*skip)(void *ctx, int cell, uint64_t rep);
    /* optional: asked between replicas; nonzero stops handing out more (an interrupt) */
    int (*stop)(void *ctx);
};

/* The first failure, by unit order (cell, then replica), so that its message does not depend
 * on the threads. */
struct rr_failure {
    int rc;        /* REP_NOMEM or REP_STALL (models/replica.h); 0: none */
    int cell;
    uint64_t rep;
};

/* Run the job. 0 when every unit ran (or was skipped); -1 with *fail filled after a failure
 * (the units after it may or may not have run); 1 when `stop` asked to stop (every unit that
 * started has finished and was handed to `done`). */
int rr_run(const struct rr_job *job, struct rr_failure *fail);

/* The message for a failed replica's rc. */
const char *rr_error(int rc);

#endif

/* session — a `specmc run` from its config to its result arrays: the replicas of its block
 * under checkpoints (engine/session/checkpoint.h), in batches until precise enough when the config
 * asks for sequential stopping (engine/run/sequential.h), summarised unless it is a shard.
 * The command (engine/cli/cmd_run.c) parses, checks and writes; this runs, in two steps: the
 * set-up, after which the command opens its output file, and the simulation. */
#ifndef SPECMC_SESSION_H
#define SPECMC_SESSION_H

#include <stddef.h>

#include "engine/config/config.h"
#include "engine/results/results.h"
#include "engine/session/checkpoint.h"
#include "engine/run/runner.h"

/* A run between its set-up and its end. */
struct session {
    struct cfg *c;            /* the run's config (sequential stopping sets its replicas) */
    struct cfg whole;         /* c with the replicas its block is allocated for */
    struct run_options opt;   /* the caller's, with the twins */
    struct run_twins twins;   /* the cells that run, and those that copy them */
    struct ckpt k;            /* one process: the block under checkpoints */
    struct run_result *res;
    int first, count;         /* the block: replicas [first, first + count) */
    bool seq;                 /* sequential stopping */
    bool shard;               /* a shard's block: not summarised */
    bool ranks;               /* MPI with several ranks */
};

/* The set-up of a run of replicas [first, first + count) of c (a shard's block, or all),
 * before anything is simulated: the cells that run (run_twins), the result arrays, and with
 * plan->resume the checkpoint's replicas (engine/session/checkpoint.h, whose handlers catch
 * SIGINT/SIGTERM from then on; under MPI only the cells). Returns as ckpt_begin: 0, then
 * call session_run or session_end; or 128 + signal, 1 or 2 with a message in err, nothing
 * held. */
int session_begin(struct session *s, struct cfg *c, const struct run_options *opt, int first,
                  int count, const struct ckpt_plan *plan, bool shard, struct rs_provenance *pv,
                  struct run_result *res, char *err, size_t errlen);

/* Simulate the block into res (summarised unless it is a shard's). With c->precision (never
 * with a shard): batches of c->replicas up to c->max_replicas, stopping as
 * engine/run/sequential.h says; c->replicas is then the n reached, and `why` says why it
 * stopped. Under MPI with several ranks (engine/session/ranks.h, never with a shard, precision or
 * checkpoints) each rank runs its block and rank 0 ends with every replica, summarised; the
 * other ranks with nothing in res. Ends the session. Returns as ckpt_units: 0, 128 + signal
 * (err says how to go on), 1 or 2 with a message in err (res then freed). */
int session_run(struct session *s, char *why, size_t whylen, char *err, size_t errlen);

/* End a session that began but does not run (res freed). */
void session_end(struct session *s);

#endif

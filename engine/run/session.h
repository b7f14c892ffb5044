/* session — a `specmc run` from its config to its result arrays: the replicas of its block
 * under checkpoints (engine/run/checkpoint.h), in batches until precise enough when the config
 * asks for sequential stopping (engine/run/sequential.h), summarised unless it is a shard.
 * The command (engine/cli/cmd_run.c) parses, checks and writes; this runs. */
#ifndef SPECMC_SESSION_H
#define SPECMC_SESSION_H

#include <stddef.h>

#include "engine/config/config.h"
#include "engine/results/results.h"
#include "engine/run/checkpoint.h"
#include "engine/run/runner.h"

/* Simulate replicas [first, first + count) of c (a shard's block, or all: then summarised)
 * into res. With c->precision (never with a shard): batches of c->replicas up to
 * c->max_replicas, stopping as engine/run/sequential.h says; c->replicas is then the n
 * reached, and `why` says why it stopped. Under MPI with several ranks (engine/run/ranks.h,
 * never with a shard, precision or checkpoints) each rank runs its block and rank 0 ends with
 * every replica, summarised; the other ranks with nothing in res. Returns as ckpt_units: 0,
 * 128 + signal (err says how to go on), 1 or 2 with a message in err. */
int session_run(struct cfg *c, const struct run_options *opt, int first, int count,
                const struct ckpt_plan *plan, bool shard, struct rs_provenance *pv,
                struct run_result *res, char *why, size_t whylen, char *err, size_t errlen);

#endif

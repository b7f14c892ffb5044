/* ranks — MPI for bin/specmc-mpi (`make mpi`, README.md "Scale-out"): a run's replicas split
 * across ranks as shards are (rank i of K runs block i, threads inside it), gathered on rank 0
 * in replica order, and summarised and written there, so the file is the one-process run's,
 * provenance aside (`ranks` = K).
 *
 * Built with SPECMC_MPI (mpicc) these call Open MPI; in the plain build there is one rank and
 * they cost nothing, so the command code is the same in both. */
#ifndef SPECMC_RANKS_H
#define SPECMC_RANKS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/config/config.h"
#include "engine/run/result.h"

void ranks_init(int *argc, char ***argv); /* MPI_Init_thread, threads funneled */
void ranks_finish(void);
int ranks_rank(void);
int ranks_size(void);

/* Whether `ok` holds on every rank (every rank must call it). */
bool ranks_all(bool ok);

/* Every rank's block (rank i: shard_first(R, i, K) on) into `all` on rank 0, allocated there
 * for every replica of c (run_alloc(c, 0, R)); task_events summed, wall_seconds the longest
 * rank's. Every rank calls it with its own block `mine`. 0 on every rank, or -1 with a message
 * (on rank 0; the others return -1 too). */
int ranks_gather(const struct cfg *c, const struct run_result *mine, struct run_result *all,
                 char *err, size_t errlen);

#endif

/* runner — simulate every (scenario, policy, replica) of an experiment across OpenMP threads
 * into a run's data (engine/run/result.h).
 *
 * Each replica writes its values into its own cells of the result arrays, its streams from
 * (seed, replica index) alone, so every value is the same for any thread count
 * (docs/methods/statistics.md); cells equal in everything run once. This module does not
 * read configs, summarise or write files. */
#ifndef SPECMC_RUNNER_H
#define SPECMC_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/config/config.h"
#include "engine/run/result.h"

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

#endif

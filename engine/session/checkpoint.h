/* checkpoint — a long run saved as it goes and on SIGINT/SIGTERM, and continued with
 * `run --resume` (README.md, "Scale-out").
 *
 * The checkpoint is a file beside the output, OUT.ckpt: the block's arrays and which of its
 * replicas are done (engine/results/shard.h, format specmc-checkpoint), written atomically
 * (engine/results/outfile.h) every `every` seconds of simulation and when a signal comes.
 * To save, the run stops handing out replicas, lets those under way finish, writes, and goes
 * on: what is saved is exactly the replicas stored. A resumed run loads the replicas done and
 * runs the others; since each replica's result depends only on (config, seed, index), the
 * file it ends with is the one an uninterrupted run writes, byte for byte, provenance aside.
 * A kill -9 loses at most the replicas since the last checkpoint. */
#ifndef SPECMC_CHECKPOINT_H
#define SPECMC_CHECKPOINT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/config/config.h"
#include "engine/results/results.h"
#include "engine/results/shard.h"
#include "engine/run/runner.h"

/* Seconds between checkpoints when `run --checkpoint` does not say. */
#define CKPT_DEFAULT_SECONDS 300.0

struct ckpt_plan {
    char *path;              /* OUT.ckpt */
    double every;            /* seconds between checkpoints; 0: only at a signal */
    bool resume;             /* continue from path */
    const char *config_path; /* the config as given (recorded, as in a shard) */
    int shard, shards;       /* the block: shard I of K (0 of 1: the whole run) */
};

/* The checkpoint's path beside `out`: a new string, or NULL when out of memory. */
char *ckpt_path(const char *out);

/* A run under checkpoints: its block, and which of its replicas are done. */
struct ckpt {
    const struct cfg *c;
    const struct ckpt_plan *plan;
    struct rs_provenance *pv;
    struct run_result *res;
    unsigned char *done; /* [units]: scenario-major (scenario, policy, replica of the block) */
    size_t units;
    double last;         /* when the last checkpoint was saved or tried (or the run began) */
    size_t saved;        /* replicas the checkpoint on disk holds (0: none of this run) */
    int failures;        /* saves failed in a row */
    char why[1024];      /* the last failure's message ("" after a success) */
    struct shard_extra place;   /* what a save carries besides the block (n = 0: nothing):
                                   a sequential run's place, engine/session/session.c */
    struct shard_extra resumed; /* the place the loaded checkpoint carried (n = 0: none) */
};

/* Catch SIGINT/SIGTERM, allocate res for replicas [first, first + count) of c and load the
 * checkpoint when plan->resume (it must be of this config text, overrides, seed, replica
 * count, block and build; *pv's start time becomes the first segment's). 0; 2 (no
 * checkpoint, or another run's), 1 (out of memory) or 128 + the signal (one came while the
 * checkpoint loaded: it is unchanged) with a message in err, res freed. */
int ckpt_begin(struct ckpt *k, const struct cfg *c, const struct ckpt_plan *plan,
               struct rs_provenance *pv, int first, int count, bool progress,
               struct run_result *res, char *err, size_t errlen);

/* Simulate the block's replicas 0 .. to - 1 not yet done, saving the checkpoint as planned.
 * A checkpoint that cannot be saved (a full disk, a directory in its place) is a warning on
 * stderr and the run goes on; the checkpoint on disk, if any, stays as it was. 0 when they
 * are all done; 128 + the signal after a SIGINT or SIGTERM, once the checkpoint is saved or
 * its save failed, with a message in err saying what is kept and how to go on; 1 with a
 * message after a failure of the simulation. */
int ckpt_units(struct ckpt *k, const struct run_options *opt, int to, char *err,
               size_t errlen);

/* Free what ckpt_begin allocated besides res. */
void ckpt_end(struct ckpt *k);

/* After the output is committed: remove the checkpoint, a regular file (nothing else in its
 * place is touched; no error if there is none). */
void ckpt_remove(const struct ckpt_plan *plan);

#endif

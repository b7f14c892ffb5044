/* shard — the file `specmc run --shard I/K` writes: one block of a run's replicas, raw, for
 * `specmc merge` to put together into the file a single run writes (README.md,
 * "Scale-out"; docs/guide/file-format.md, "Shard files").
 *
 * Shard I of K holds replicas [⌊I·R/K⌋, ⌊(I+1)·R/K⌋) of every (scenario, policy) of a run of R
 * replicas: their metric values, histograms, per-job choices and, where the run keeps them,
 * every job's flowtime (the pooled quantiles and the warm-up diagnostic need them), and no
 * summaries. Beside them: the config text, the --set overrides, the path of the config (its
 * trace is found from there), seed, R, I, K and the specmc version, which merge compares
 * before it trusts anything. Written atomically with checksums like a results file; read
 * trusting nothing (engine/results/h5read.h). */
#ifndef SPECMC_SHARD_H
#define SPECMC_SHARD_H

#include <stddef.h>
#include <stdint.h>

#include "engine/config/config.h"
#include "engine/results/outfile.h"
#include "engine/results/results.h"
#include "engine/run/runner.h"

#define SHARD_FORMAT "specmc-shard"
#define SHARD_FORMAT_VERSION 3 /* 2: each cell's job flowtimes as a stream, not "flow"; 3: the
                                  slowdown metrics */

/* The same layout serves a checkpoint (engine/session/checkpoint.h): a block some of whose
 * replicas are done, with a `done` dataset [cells][n] of 0/1 beside the arrays. */
enum shard_kind { SHARD_FILE, SHARD_CHECKPOINT };
#define CHECKPOINT_FORMAT "specmc-checkpoint"

/* The first replica of block i of k of a run of `replicas`. */
static inline int shard_first(int replicas, int i, int k)
{
    return (int)((int64_t)replicas * i / k);
}

/* What a shard file says about itself. */
struct shard_extra {
    double *v;
    size_t n;
};

struct shard_info {
    char *version, *git_rev;   /* of the specmc that wrote it */
    char *config_path;         /* the config as given to run */
    char *config, *overrides;  /* its text, the --set lines */
    char *inputs;              /* the files it read besides the config (struct cfg's inputs) */
    uint64_t seed;
    int replicas;              /* R of the whole run */
    int index, count;          /* I of K */
    int first, nrep;           /* its block */
    int threads;
    char start[32], end[32], host[256];
    double wall_seconds;
    int64_t task_events;
};

/* What tells two descriptions of a run apart, the first found in this order (the shard's
 * index is not compared: the shards of one run differ in it). */
enum shard_diff {
    SHARD_SAME, SHARD_BUILD, SHARD_CONFIG, SHARD_OVERRIDES, SHARD_INPUTS, SHARD_SEED,
    SHARD_REPLICAS, SHARD_COUNT
};
enum shard_diff shard_compare(const struct shard_info *a, const struct shard_info *b);

/* For SHARD_INPUTS: which file differs, as "PATH (workload.trace) has other contents" or
 * "... is not read by one of them", from two `inputs` texts; into buf, which is returned. */
const char *shard_inputs_diff(const char *a, const char *b, char *buf, size_t len);

/* Write block `res` (run_block) of c as shard index/count of a run whose config was read from
 * config_path; a checkpoint also writes `done` (one byte per (scenario, policy, replica) of
 * the block, scenario-major). 0, or -1 with a message (then outfile_abort). */
int shard_commit(struct outfile *o, enum shard_kind kind, const struct cfg *c,
                 const char *config_path, int index, int count, const struct run_result *res,
                 const unsigned char *done, const struct shard_extra *extra,
                 const struct rs_provenance *pv, char *err, size_t errlen);

/* A checkpoint's `extra` (NULL: none): n doubles it carries as its dataset "sequential" (a
 * sequential run's place: engine/session/session.c). shard_read_extra reads them into a new
 * array (*out, *n); 0, 1 when the file has none, -1 with a message. */
int shard_read_extra(const char *path, struct shard_extra *out, char *err, size_t errlen);

/* Read a shard file's (or a checkpoint's) own description. 0, or -1 with "PATH: reason". */
int shard_read_info(const char *path, enum shard_kind kind, struct shard_info *info, char *err,
                    size_t errlen);
void shard_info_free(struct shard_info *info);

/* The run's config as a shard or checkpoint carries it: its text (read as if from its
 * config_path, where a trace is found) and --set overrides, with its seed and replica count.
 * 0, or -1 with the loader's message (the config no longer loads: a trace gone, ...). */
int shard_load_config(const struct shard_info *in, struct cfg *c, char *err, size_t errlen);

/* Read its block into res, which must hold at least that block of c (run_alloc); every
 * dataset must have the extent c gives it; a checkpoint's `done` into done. 0, or -1 with
 * "PATH: reason". */
int shard_read_block(const char *path, const struct cfg *c, const struct shard_info *info,
                     struct run_result *res, unsigned char *done, char *err, size_t errlen);

#endif

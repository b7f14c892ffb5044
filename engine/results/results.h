/* results — the HDF5 results file: write one run, read one back.
 *
 * The layout is documented once, as a table, in docs/guide/file-format.md; keep the two in step.
 * Writing is atomic and durable (engine/results/outfile.h), and what is written can be validated
 * (engine/results/h5write.h); reading trusts nothing in the file (engine/results/h5read.h). This
 * module does not simulate or print. */
#ifndef SPECMC_RESULTS_H
#define SPECMC_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/config/config.h"
#include "engine/results/outfile.h"
#include "engine/run/result.h"
#include "engine/stats/stats.h"

#define RS_FORMAT "specmc-results"
#define RS_FORMAT_VERSION 7 /* 2: summary rows say how their interval was made; 3: checksummed,
                               fixed-length strings; 4: scalar attributes, numeric sweep values
                               (as written in /sweep_values), units; 5: verdicts tables, pooled
                               proportions' intervals `bootstrap` or `betting`; 6: streamed job
                               flowtimes: by_job the geometric mean, pooled quantiles at their
                               bins; 7: the slowdown metrics appended (docs/guide/file-format.md) */
#define RS_FORMAT_OLDEST 3  /* the oldest version report still reads */

struct rs_provenance {
    const char *version;  /* specmc version */
    const char *git_rev;  /* git describe of the build */
    int threads;          /* OpenMP threads used */
    int ranks;            /* MPI ranks (1 without MPI) */
    int shards;           /* shards merged into the file (0 or 1: a single run) */
    const char *stopped;  /* with sequential stopping: why the run stopped where it did */
    char start[32];       /* ISO 8601 UTC */
    char end[32];
    char host[256];
};

/* About how many bytes rs_commit will write for c: what outfile_begin reserves. */
size_t rs_size_estimate(const struct cfg *c);

/* Write everything into the output's temporary file and rename it into place
 * (engine/results/outfile.h: begin before simulating, abort after a failure). */
int rs_commit(struct outfile *o, const struct cfg *c, const struct run_result *res,
              const struct rs_provenance *pv, char *err, size_t errlen);

/* The root attributes every file of a run carries (format and version as given, the run's
 * parameters, provenance) and its config and overrides datasets; 0 or -1. For the results
 * and shard writers. */
#include <hdf5.h>
int rs_write_root(hid_t f, const char *format, int version, const struct cfg *c,
                  const struct run_result *res, const struct rs_provenance *pv);

/* A per-job histogram read back (docs/guide/file-format.md): counts[k] of the jobs with
 * edges[k] < x <= edges[k+1], counts[bins] of those above edges[bins]. */
struct rs_hist {
    int bins;        /* 0 when the file keeps no histogram of this quantity */
    double *edges;   /* [bins + 1] */
    int32_t *counts; /* [nscen][npol][replicas][bins + 1] */
};

/* The values a policy chose per job, read back (docs/guide/file-format.md, per_job/KEY). */
struct rs_choices {
    char *key;       /* the parameter chosen per job ("r"); NULL when the policy chose none */
    int width;       /* values 0 .. width − 1 */
    int32_t *counts; /* [replicas][width]: measured jobs of each replica by value */
};

/* The median over replicas of job i's flowtime, every job in arrival order (by_job/flowtime). */
struct rs_by_job {
    int jobs;         /* 0 when the run kept none */
    double *flowtime; /* [jobs] */
};

/* A series of a policy's state read back (docs/guide/file-format.md, series). */
struct rs_series {
    int n;          /* times; 0 when the run kept none */
    double *times;  /* [n], in the scenario's time units from `origin` */
    char *origin;   /* "arrival" (the first job's) or "zero" */
    char *state;    /* what the state is ("" for a policy without one: values NaN) */
    double *values; /* [replicas][n] */
};

/* A results file read back, for report (metric names as stored in the file). */
struct rs_file {
    char *experiment;
    uint64_t seed;
    int replicas;
    double confidence;
    int npol;
    char **policies;
    int nmetrics;
    char **metrics;
    int nsweep;
    char **sweep_keys;
    int nscen;
    char **sweep_values;        /* [nscen * nsweep] */
    char **resolved;            /* [nscen * npol]: "r = 2" for parameters given as `auto`,
                                   NULL when the policy had none */
    struct st_summary *summary; /* [nscen][npol][nmetrics] */
    struct st_summary *paired;  /* same; rows of policy 0 are NaN */
    struct st_summary *verdict; /* [nscen][npol][nmetrics][VR_COUNT], as result.h's; the rows
                                   of policy 0 empty; from format 5 on (has_verdicts) */
    bool has_verdicts;
    bool by_job_geometric;          /* by_job holds geometric means (format 6 on), not medians */
    double *values;             /* [nscen][npol][nmetrics][replicas]: per-replica metrics */
    struct rs_hist hist[JQ_COUNT];
    struct rs_choices *choices; /* [nscen * npol] */
    int *measured_jobs;         /* [nscen]: jobs per replica whose metrics count */
    bool *independent;          /* [nscen * npol]: a replica's jobs are independent of each
                                   other (models/metrics.h metrics_jobs_independent); false
                                   in files before format 5 */
    struct rs_by_job *by_job;   /* [nscen * npol] */
    struct rs_series *series;   /* [nscen * npol] */
};

int rs_read(const char *path, struct rs_file *f, char *err, size_t errlen);
void rs_file_free(struct rs_file *f);

/* Why a reader that wants `want` ("results file") refuses a file whose root 'format'
 * attribute is `format` (NULL: none), saying what the file is and what to do with it: "the
 * checkpoint of an unfinished run (...), not a results file: resume the run: ...". `otherwise`
 * is the advice for a file of a kind that has none (NULL: none). Into buf, which is returned. */
const char *rs_format_refusal(char *buf, size_t len, const char *format, const char *want,
                              const char *otherwise);

static inline size_t rs_cell(const struct rs_file *f, int s, int p, int m)
{
    return ((size_t)s * (size_t)f->npol + (size_t)p) * (size_t)f->nmetrics + (size_t)m;
}

/* The VR_COUNT verdict rows of (s, p, m). */
static inline struct st_summary *rs_verdict(const struct rs_file *f, int s, int p, int m)
{
    return f->verdict + rs_cell(f, s, p, m) * VR_COUNT;
}

/* The per-replica values of (s, p, m): `replicas` contiguous doubles. */
static inline const double *rs_values(const struct rs_file *f, int s, int p, int m)
{
    return f->values + rs_cell(f, s, p, m) * (size_t)f->replicas;
}

/* Counts of one replica's histogram. */
static inline const int32_t *rs_hist_counts(const struct rs_file *f, enum job_quantity q, int s,
                                            int p, int rep)
{
    size_t row = ((size_t)s * (size_t)f->npol + (size_t)p) * (size_t)f->replicas + (size_t)rep;
    return f->hist[q].counts + row * (size_t)(f->hist[q].bins + 1);
}

#endif

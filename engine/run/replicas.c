/* replicas — the parallel replica loop (see replicas.h).
 *
 * Units are (cell, replica) pairs, cell-major, handed out dynamically; each thread keeps one
 * replica workspace (and one scratch block) for all its units. */
#include "engine/run/replicas.h"

#include <stdlib.h>

const char *rr_error(int rc)
{
    return rc == REP_NOMEM ? "out of memory"
                           : "the policy left jobs unfinished with idle slots and no pending event";
}

int rr_run(const struct rr_job *job, struct rr_failure *fail)
{
    const int64_t count = (int64_t)job->count, units = (int64_t)job->ncells * count;
    const int64_t size = job->chunk > 1 ? job->chunk : 1, chunks = (units + size - 1) / size;
    int64_t first_failed = units; /* the least failed unit */
    int failed_rc = 0, stopped = 0;
#pragma omp parallel num_threads(job->threads > 0 ? job->threads : 1)
    {
        struct rep_workspace *ws = rep_workspace_new();
        void *scratch = job->scratch_bytes ? calloc(1, job->scratch_bytes) : NULL;
        double out[M_COUNT];
#pragma omp for schedule(dynamic, 1)
        for (int64_t chunk = 0; chunk < chunks; chunk++) {
            for (int64_t u = chunk * size; u < units && u < (chunk + 1) * size; u++) {
                int halt;
#pragma omp atomic read
                halt = stopped;
                if (halt || (job->stop && job->stop(job->ctx))) {
#pragma omp atomic write
                    stopped = 1;
                    break;
                }
                int64_t seen;
#pragma omp atomic read
                seen = first_failed;
                if (u > seen)
                    break;
                int cell = (int)(u / count);
                uint64_t rep = job->first + (uint64_t)(u % count);
                if (job->skip && job->skip(job->ctx, cell, rep))
                    continue;
                const struct rr_cell *c = &job->cells[cell];
                int rc = REP_NOMEM;
                if (ws && (scratch || !job->scratch_bytes)) {
                    if (job->before)
                        job->before(job->ctx, scratch, ws, cell, rep);
                    rc = rep_series(ws, c->series, c->nseries, c->series_from_arrival);
                    if (rc == REP_OK)
                        rc = rep_run(ws, c->spec, c->pol, c->param, c->seed, rep,
                                 !job->skip_quantiles, out);
                }
                if (rc != REP_OK) {
#pragma omp critical(rr_fail)
                    if (u < first_failed) {
                        first_failed = u;
                        failed_rc = rc;
                    }
                    break;
                }
                job->done(job->ctx, scratch, ws, cell, rep, out);
            }
        }
        free(scratch);
        rep_workspace_free(ws);
    }
    if (first_failed < units) {
        *fail = (struct rr_failure){failed_rc, (int)(first_failed / count),
                                    job->first + (uint64_t)(first_failed % count)};
        return -1;
    }
    *fail = (struct rr_failure){0};
    return stopped ? 1 : 0;
}

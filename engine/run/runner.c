/* runner — a run's replicas into its result arrays (see runner.h).
 *
 * The replicas run in engine/run/replicas.c's loop, one cell per (scenario, policy); each
 * stores its values at its own index. Nothing a replica computes depends on which thread ran
 * it or when: its streams come from (seed, replica index) alone. */
#include "engine/run/runner.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/config/dedup.h"
#include "engine/run/progress.h"
#include "engine/run/replicas.h"
#include "models/replica.h"

/* What the replica loop's callbacks need. */
struct store {
    const struct cfg *c;
    struct run_result *res;
    unsigned char *done; /* per unit, cell-major; NULL: none kept */
    const int *run;      /* the cells that run (run_twins), by the loop's cell index */
    const int *weight;   /* by the loop's cell index: the cells its replicas stand for (itself
                            and its twins), what a replica of it adds to the progress */
    int64_t *events;     /* task events of each cell that runs, by (scenario, policy) */
    const struct run_options *opt;
    struct progress *pg;
    int64_t ndone;       /* replicas stored */
    omp_lock_t *lock;    /* per (scenario, policy): its stream (run_stream) */
    int nomem;           /* a stream could not grow */
};

/* A cell's key, hashed: its policy, its scenario's spec and its parameters, compared byte
 * for byte (config builds them in zeroed memory, field by field, from the same text). */
static uint64_t cell_hash(const void *ctx, int k)
{
    const struct cfg *c = ctx;
    int s = k / c->npolicies, p = k % c->npolicies;
    uint64_t h = dedup_bytes(DEDUP_SEED, &c->policies[p], sizeof c->policies[p]);
    h = dedup_bytes(h, &c->scen[s].spec, sizeof c->scen[s].spec);
    return dedup_bytes(h, cfg_params(c, s, p), POL_MAX_PARAMS * sizeof(double));
}

static bool cell_same(const void *ctx, int j, int k)
{
    const struct cfg *c = ctx;
    int t = j / c->npolicies, q = j % c->npolicies, s = k / c->npolicies, p = k % c->npolicies;
    return c->policies[q] == c->policies[p] &&
           !memcmp(&c->scen[t].spec, &c->scen[s].spec, sizeof c->scen[s].spec) &&
           !memcmp(cfg_params(c, t, q), cfg_params(c, s, p), POL_MAX_PARAMS * sizeof(double));
}

int run_twins(const struct cfg *c, struct run_twins *t)
{
    int n = c->nscenarios * c->npolicies;
    *t = (struct run_twins){.ncells = n};
    t->of = malloc((size_t)n * sizeof *t->of);
    t->run = malloc((size_t)n * sizeof *t->run);
    t->weight = malloc((size_t)n * sizeof *t->weight);
    int *at = malloc((size_t)n * sizeof *at); /* cell k's place in run[] when it runs */
    if (!t->of || !t->run || !t->weight || !at || dedup_first(n, cell_hash, cell_same, c, t->of)) {
        free(at);
        run_twins_free(t);
        return -1;
    }
    for (int k = 0; k < n; k++)
        if (t->of[k] == k) {
            at[k] = t->nrun;
            t->weight[t->nrun] = 0;
            t->run[t->nrun++] = k;
        }
    for (int k = 0; k < n; k++)
        t->weight[at[t->of[k]]]++; /* itself and its twins: what the header counts */
    free(at);
    return 0;
}

void run_twins_free(struct run_twins *t)
{
    free(t->of);
    free(t->run);
    free(t->weight);
    *t = (struct run_twins){0};
}

/* After the loop: each cell that did not run takes its twin's replicas from .. to - 1, done
 * flags and events (those before `from` it took after an earlier loop), and its stream.
 * 0, or -1 when out of memory. */
static int copy_twins(const struct cfg *c, struct run_result *res, unsigned char *done,
                      const int *of, int64_t *events, int from, int to)
{
    struct run_array src[RUN_ARRAYS_MAX], into[RUN_ARRAYS_MAX];
    for (int k = 0; k < res->nscen * res->npol; k++) {
        int j = of[k];
        if (j == k)
            continue;
        int n = run_arrays(c, res, j / res->npol, j % res->npol, from, src);
        run_arrays(c, res, k / res->npol, k % res->npol, from, into);
        for (int i = 0; i < n; i++)
            memcpy(into[i].data, src[i].data, (size_t)(to - from) * src[i].width * src[i].size);
        run_stream_clear(res, k / res->npol, k % res->npol); /* the twin's, all it has done */
        if (run_stream_merge(res, k / res->npol, k % res->npol, res, j / res->npol,
                             j % res->npol))
            return -1;
        if (done)
            memcpy(done + (size_t)k * (size_t)res->nrep + from,
                   done + (size_t)j * (size_t)res->nrep + from, (size_t)(to - from));
        events[k] = events[j];
    }
    return 0;
}

/* The least replica below `to` not done in some cell that runs (`to` when all are). */
static int first_undone(const struct run_result *res, const unsigned char *done, const int *run,
                        int nrun, int to)
{
    int least = to;
    for (int i = 0; i < nrun; i++) {
        const unsigned char *d = done + (size_t)run[i] * (size_t)res->nrep;
        const unsigned char *z = memchr(d, 0, (size_t)least);
        if (z)
            least = (int)(z - d);
    }
    return least;
}

static int unit_done(void *ctx, int cell, uint64_t rep)
{
    const struct store *st = ctx;
    cell = st->run[cell];
    size_t u = (size_t)cell * (size_t)st->res->nrep + (size_t)(rep - (uint64_t)st->res->first);
    return st->done && st->done[u];
}

static int stop_asked(void *ctx)
{
    const struct store *st = ctx;
    return st->opt->stop(st->opt->stop_ctx);
}

/* A finished replica's job flowtimes into its cell's stream: its part computed in the
 * thread's scratch (RUN_STREAM_SCRATCH bytes per job), then added under the cell's lock (the
 * counts and sums are integers: the same whichever thread adds first). */
static void stream_replica(struct store *st, void *scratch, struct rep_workspace *ws, int s,
                           int p)
{
    struct run_result *res = st->res;
    int jobs = res->jobs[s], measured = metrics_measured_jobs(&st->c->scen[s].spec);
    int64_t *logs = scratch;
    double *flow = (double *)(logs + jobs);
    int *bins = (int *)(flow + jobs);
    metrics_job_values(rep_cluster(ws), JQ_FLOWTIME, flow);
    run_stream_logs(flow, jobs, logs);
    int nbins = pq_bins(flow + (jobs - measured), measured, bins);
    omp_set_lock(&st->lock[s * res->npol + p]);
    int bad = run_stream_add(res, s, p, bins, nbins, logs);
    omp_unset_lock(&st->lock[s * res->npol + p]);
    if (bad) {
#pragma omp atomic write
        st->nomem = 1;
    }
}

/* A finished replica's values into its places in the result (its own: no other replica
 * writes there), its job flowtimes into its cell's stream. */
static void store_replica(void *ctx, void *scratch, struct rep_workspace *ws, int cell,
                          uint64_t rep, const double out[M_COUNT])
{
    struct store *st = ctx;
    const struct cfg *c = st->c;
    struct run_result *res = st->res;
    int loop_cell = cell;
    cell = st->run[cell];
    int s = cell / res->npol, p = cell % res->npol, r = (int)(rep - (uint64_t)res->first);
    for (int m = 0; m < M_COUNT; m++)
        run_values(res, s, p, m)[r] = out[m];
    for (int q = 0; q < JQ_COUNT; q++)
        if (res->hist[q])
            metrics_histogram(rep_cluster(ws), (enum job_quantity)q, c->hist_max[q],
                              res->hist_bins, run_hist(res, (enum job_quantity)q, s, p, r));
    if (run_per_job_param(c, s, p) >= 0)
        metrics_choices(rep_cluster(ws), run_choices(res, s, p, r), POL_CHOICE_MAX + 1);
    if (res->series)
        memcpy(run_series(res, s, p, r), rep_series_values(ws),
               (size_t)res->nseries * sizeof *res->series);
    stream_replica(st, scratch, ws, s, p);
    int64_t events = rep_last_totals(ws).task_events, now_done, weight = st->weight[loop_cell];
    if (st->done)
        st->done[(size_t)cell * (size_t)res->nrep + (size_t)r] = 1;
#pragma omp atomic
    st->events[cell] += events;
#pragma omp atomic capture
    now_done = st->ndone += weight;
    if (omp_get_thread_num() == 0)
        progress_update(st->pg, (uint64_t)now_done);
}

int run_units(const struct cfg *c, const struct run_options *opt, struct run_result *res,
              unsigned char *done, int to, char *err, size_t errlen)
{
    const struct run_twins *tw = opt->twins;
    int ncells = res->nscen * res->npol, nrun = tw->nrun;
    const int *run = tw->run, *weight = tw->weight;
    struct rr_cell *cells = malloc((size_t)(nrun ? nrun : 1) * sizeof *cells);
    int64_t *events = calloc((size_t)ncells, sizeof *events);
    omp_lock_t *lock = malloc((size_t)(ncells ? ncells : 1) * sizeof *lock);
    if (!cells || !events || !lock) {
        free(cells), free(events), free(lock);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < nrun; i++) {
        int s = run[i] / res->npol, p = run[i] % res->npol;
        cells[i] = (struct rr_cell){&c->scen[s].spec, c->policies[p], cfg_params(c, s, p),
                                    c->seed, c->scen[s].series_at, c->nseries,
                                    c->series_from_arrival};
    }
    /* the replicas before `from` are done in every cell: a run that goes on batch by batch
       (sequential stopping) costs each call its new replicas, not all before them */
    int from = done ? first_undone(res, done, run, nrun, to) : 0;
    int64_t units = (int64_t)ncells * to, already = (int64_t)ncells * from;
    for (int i = 0; done && i < nrun; i++)
        for (int r = from; r < to; r++)
            already += weight[i] * done[(size_t)run[i] * (size_t)res->nrep + (size_t)r];
    struct progress pg;
    progress_start(&pg, (uint64_t)units, (uint64_t)already, opt->progress);
    for (int k = 0; k < ncells; k++)
        omp_init_lock(&lock[k]);
    struct store st = {.c = c, .res = res, .done = done, .run = run, .weight = weight,
                       .events = events, .opt = opt, .pg = &pg, .ndone = already, .lock = lock};
    size_t most_jobs = 1;
    for (int s = 0; s < res->nscen; s++)
        most_jobs = (size_t)res->jobs[s] > most_jobs ? (size_t)res->jobs[s] : most_jobs;
    struct rr_job job = {.cells = cells, .ncells = nrun, .first = (uint64_t)(res->first + from),
                         .count = (uint64_t)(to - from), .threads = opt->threads, .ctx = &st,
                         .scratch_bytes = most_jobs * RUN_STREAM_SCRATCH, .done = store_replica,
                         .skip = done ? unit_done : NULL,
                         .stop = opt->stop ? stop_asked : NULL};
    struct rr_failure fail;
    double t0 = omp_get_wtime();
    int rc = rr_run(&job, &fail);
    progress_finish(&pg);
    res->wall_seconds += omp_get_wtime() - t0;
    for (int k = 0; k < ncells; k++)
        omp_destroy_lock(&lock[k]);
    free(lock);
    if (rc >= 0 && (st.nomem || copy_twins(c, res, done, tw->of, events, from, to))) {
        snprintf(err, errlen, "out of memory for the job flowtimes' summaries");
        rc = -1;
    } else if (rc >= 0) {
        for (int i = 0; i < nrun; i++)
            res->simulated_events += events[run[i]];
        for (int k = 0; k < ncells; k++)
            res->task_events += events[k]; /* as if every cell ran: the file is unchanged */
    } else {
        int k = run[fail.cell];
        snprintf(err, errlen, "scenario %d, policy %s, replica %llu: %s", k / res->npol,
                 c->policies[k % res->npol]->name, (unsigned long long)fail.rep,
                 rr_error(fail.rc));
    }
    free(cells), free(events);
    return rc;
}

int run_block(const struct cfg *c, const struct run_options *opt, int first, int count,
              struct run_result *res, char *err, size_t errlen)
{
    if (run_alloc(c, first, count, res)) {
        snprintf(err, errlen, "out of memory for %zu results",
                 (size_t)c->nscenarios * (size_t)c->npolicies * M_COUNT * (size_t)count);
        return -1;
    }
    if (run_units(c, opt, res, NULL, count, err, errlen)) {
        run_result_free(res);
        return -1;
    }
    return 0;
}

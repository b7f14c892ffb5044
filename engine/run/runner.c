/* runner — a run's replicas into its result arrays, and the ordered summaries (see runner.h).
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

#include "engine/config/config_limits.h"
#include "engine/config/dedup.h"
#include "engine/run/progress.h"
#include "engine/run/replicas.h"
#include "engine/stats/bootstrap.h"
#include "engine/stats/select.h"
#include "models/replica.h"

struct iv_quantity run_quantity(const struct cfg *c, int s, int p, int m)
{
    const struct cl_spec *sp = &c->scen[s].spec;
    struct pol_tail tail = pol_call_tail(c->policies[p], sp, cfg_params(c, s, p));
    return (struct iv_quantity){metric_info[m].proportion,
                                metrics_averaged_jobs((enum metric)m, metrics_measured_jobs(sp)),
                                metrics_tail_index(sp, tail, (enum metric)m),
                                metrics_jobs_independent(sp, tail)};
}

/* The median over replicas of job i's flowtime (the warm-up diagnostic: a median, so that a
 * heavy tail does not hide the trend). `work`: nrep doubles. */
static void median_by_job(struct run_result *res, int s, int p, double *work)
{
    double *med = run_by_job(res, s, p);
    for (int i = 0; i < res->jobs[s]; i++) {
        size_t n = 0;
        for (int r = 0; r < res->nrep; r++)
            if (!isnan(run_flow(res, s, p, r)[i]))
                work[n++] = run_flow(res, s, p, r)[i];
        med[i] = st_quantile_select(work, n, 0.5);
    }
}

/* The pooled quantiles (metric_info[m].pooled) of (s, p) into their summaries: from the
 * measured jobs of every replica, or none when the run kept no job values. */
static void pooled_quantiles(const struct cfg *c, struct run_result *res, int s, int p,
                             double *work)
{
    int jobs = res->jobs[s], J = metrics_measured_jobs(&c->scen[s].spec), nq = 0, which[M_COUNT];
    double q[M_COUNT];
    struct st_summary out[M_COUNT];
    for (int m = 0; m < M_COUNT; m++)
        if (metric_info[m].pooled > 0) {
            which[nq] = m;
            q[nq++] = metric_info[m].pooled;
        }
    for (int k = 0; k < nq; k++)
        out[k] = st_empty(0, ST_NONE);
    if (res->flow && J > 0) {
        for (int r = 0; r < res->nrep; r++) /* the measured jobs: the last J of each replica */
            for (int j = 0; j < J; j++)
                work[(size_t)r * J + j] = run_flow(res, s, p, r)[jobs - J + j];
        iv_pooled_quantiles(work, res->nrep, J, run_quantity(c, s, p, which[0]).independent,
                            q, nq, c->confidence, work + (size_t)res->nrep * J, out);
    }
    for (int k = 0; k < nq; k++) {
        res->summary[run_cell(res, s, p, which[k])] = out[k];
        res->paired[run_cell(res, s, p, which[k])] = st_empty(0, ST_NONE);
        for (int v = 0; v < VR_COUNT; v++)
            run_verdict(res, s, p, which[k])[v] = st_empty(0, ST_NONE);
    }
}

/* The summaries of one (scenario, policy): every cell has its own bootstrap stream, so they
 * can be computed in any order on any thread. */
static void summarise_cell(const struct cfg *c, struct run_result *res, int s, int p,
                           double *scratch)
{
    if (res->flow)
        median_by_job(res, s, p, scratch);
    pooled_quantiles(c, res, s, p, scratch);
    for (int m = 0; m < M_COUNT; m++) {
        size_t cell = run_cell(res, s, p, m);
        if (metric_info[m].pooled > 0)
            continue; /* pooled_quantiles */
        struct iv_quantity q = run_quantity(c, s, p, m);
        rng_t boot;
        rng_stream(&boot, c->seed, 2 * cell, RNG_BOOTSTRAP);
        res->summary[cell] =
            iv_mean(run_values(res, s, p, m), res->nrep, q, c->confidence, &boot, scratch);
        rng_stream(&boot, c->seed, 2 * cell + 1, RNG_BOOTSTRAP);
        res->paired[cell] =
            p == 0 ? st_empty(0, ST_NONE)
                   : iv_difference(run_values(res, s, p, m), run_values(res, s, 0, m),
                                   res->nrep, q, run_quantity(c, s, 0, m), c->confidence,
                                   &boot, scratch);
        if (p == 0)
            for (int v = 0; v < VR_COUNT; v++)
                run_verdict(res, s, p, m)[v] = st_empty(0, ST_NONE);
        else
            verdict_rows(run_values(res, s, p, m), run_values(res, s, 0, m), res->nrep,
                         c->confidence, scratch, run_verdict(res, s, p, m));
    }
}

int run_summarise(const struct cfg *c, struct run_result *res, int threads)
{
    size_t most_jobs = 0;
    for (int s = 0; s < res->nscen; s++)
        most_jobs = (size_t)res->jobs[s] > most_jobs ? (size_t)res->jobs[s] : most_jobs;
    size_t size = iv_scratch_size(res->nrep), pooled = most_jobs * (size_t)res->nrep +
                                                       iv_pooled_scratch_size(res->nrep,
                                                                              (int)most_jobs);
    if (res->flow && pooled > size)
        size = pooled;
    int failed = 0, pairs = res->nscen * res->npol;
#pragma omp parallel num_threads(threads > 0 ? threads : 1)
    {
        double *scratch = malloc(size * sizeof *scratch);
        if (!scratch) {
#pragma omp atomic write
            failed = 1;
        }
#pragma omp for schedule(dynamic, 1)
        for (int sp = 0; sp < pairs; sp++)
            if (scratch)
                summarise_cell(c, res, sp / res->npol, sp % res->npol, scratch);
        free(scratch);
    }
    return failed ? -1 : 0;
}

/* The memory part of run_cost: what a run (run_block), run_summarise and the report that
 * follows the run allocate, from the same sizes. */
static void run_memory(const struct cfg *c, int threads, struct run_cost *out)
{
    double nrep = c->replicas, pairs = (double)c->nscenarios * c->npolicies, flow = 0;
    double cells = pairs * M_COUNT, rows = pairs * nrep, most_jobs = 0, most_tasks = 0;
    struct cl_spec widest = c->scen[0].spec; /* every dimension at its most */
    bool per_job = false;
    for (int s = 0; s < c->nscenarios; s++) {
        const struct cl_spec *sp = &c->scen[s].spec;
        struct cfg_extent x;
        cfg_extent(sp, &x);
        widest.slots = sp->slots > widest.slots ? sp->slots : widest.slots;
        widest.jobs = sp->jobs > widest.jobs ? sp->jobs : widest.jobs;
        most_tasks = fmax(most_tasks, x.tasks);
        most_jobs = fmax(most_jobs, sp->jobs);
        flow += c->npolicies * nrep * sp->jobs;
        for (int p = 0; p < c->npolicies; p++)
            per_job = per_job || run_per_job_param(c, s, p) >= 0;
    }
    bool keep_flow = flow <= (double)RUN_FLOW_MAX;
    double values = cells * nrep * sizeof(double), by_job = keep_flow ? flow / nrep * 8 : 0;
    double choices = per_job ? rows * (POL_CHOICE_MAX + 1) * sizeof(int32_t) : 0;
    double summaries = (2 + VR_COUNT) * cells * sizeof(struct st_summary);
    double results = values + summaries + by_job + choices +
                     (keep_flow ? flow * sizeof(double) : 0);
    for (int q = 0; q < JQ_COUNT; q++)
        if (c->hist_max[q] > 0)
            results += rows * (c->hist_bins + 1) * sizeof(int32_t);
    double scratch = fmax((double)iv_scratch_size(c->replicas),
                          keep_flow ? 2 * most_jobs * nrep + 4 * nrep + ST_BOOT_RESAMPLES : 0);
    double readback = values + summaries + by_job + choices;
    struct cl_spec one_slot = widest;
    one_slot.slots = 1;
    out->replica_bytes = out->slot_bytes = 0;
    for (int p = 0; p < c->npolicies; p++) { /* a thread's arrays grow to the most it runs */
        double b = rep_memory(&widest, most_tasks, c->policies[p]);
        if (b > out->replica_bytes) {
            out->replica_bytes = b;
            out->slot_bytes = b - rep_memory(&one_slot, most_tasks, c->policies[p]);
        }
    }
    out->results_bytes = results;
    out->bytes = RUN_BASE_BYTES + results +
                 fmax(threads * out->replica_bytes, fmax(threads * scratch * sizeof(double),
                                                         readback));
}

void run_cost(const struct cfg *c, int threads, struct run_cost *out)
{
    *out = (struct run_cost){.tick_scen = -1, .beat_scen = -1, .beat_pol = -1};
    double most_ticks = 0, most_beats = 0, longest = 0, total = 0, reps = c->replicas;
    for (int s = 0; s < c->nscenarios; s++) {
        const struct cl_spec *sp = &c->scen[s].spec;
        struct cfg_extent x;
        cfg_extent(sp, &x);
        double ticks = sp->interval > 0 ? x.busy / sp->interval : 0.0;
        for (int p = 0; p < c->npolicies; p++) {
            const struct policy *pol = c->policies[p];
            const double *param = cfg_params(c, s, p);
            double attempts = pol_call_attempts(pol, param);
            double beats = 0.0;
            for (int i = 0; pol->heartbeat && pol->params[i].key; i++)
                if (!strcmp(pol->params[i].key, pol->heartbeat))
                    beats = x.busy / param[i];
            /* the loop's share of a task event, and the policy's decision on top of it: at
               every instant without an interval (an instant per task event), else at ticks */
            double events = 2.0 * x.tasks * attempts;
            double rate = pol->events_per_second > 0 ? pol->events_per_second : 1e7;
            double decision = fmax(1.0 / rate - 1.0 / RUN_LOOP_EVENTS_PER_S, 0.0);
            double secs = events / RUN_LOOP_EVENTS_PER_S + (ticks + beats) * RUN_TICK_SECONDS +
                          ((sp->interval > 0 ? ticks : events) + beats) * decision;
            out->task_events += reps * events;
            out->ticks += reps * ticks;
            out->beats += reps * beats;
            total += reps * secs;
            longest = fmax(longest, secs);
            if (ticks > most_ticks)
                most_ticks = ticks, out->tick_scen = s;
            if (beats > most_beats)
                most_beats = beats, out->beat_scen = s, out->beat_pol = p;
        }
    }
    out->seconds = fmax(total / (threads > 0 ? threads : 1), longest);
    run_memory(c, threads, out);
}

bool run_keeps_flow(const struct cfg *c)
{
    double flow = 0;
    for (int s = 0; s < c->nscenarios; s++)
        flow += (double)c->npolicies * c->replicas * c->scen[s].spec.jobs;
    return flow <= (double)RUN_FLOW_MAX;
}

int run_alloc(const struct cfg *c, int first, int count, struct run_result *res)
{
    memset(res, 0, sizeof *res);
    res->nscen = c->nscenarios;
    res->npol = c->npolicies;
    res->nrep = count;
    res->first = first;
    size_t cells = (size_t)res->nscen * (size_t)res->npol * M_COUNT;
    res->values = calloc(cells * (size_t)res->nrep, sizeof *res->values);
    res->summary = calloc(cells, sizeof *res->summary);
    res->paired = calloc(cells, sizeof *res->paired);
    res->verdict = calloc(cells * VR_COUNT, sizeof *res->verdict);
    bool nomem = !res->values || !res->summary || !res->paired || !res->verdict;
    res->hist_bins = c->hist_bins;
    size_t rows = (size_t)res->nscen * (size_t)res->npol * (size_t)res->nrep;
    for (int q = 0; q < JQ_COUNT && !nomem; q++)
        if (c->hist_max[q] > 0) {
            res->hist[q] = calloc(rows * (size_t)(c->hist_bins + 1), sizeof *res->hist[q]);
            nomem = !res->hist[q];
        }
    res->jobs = malloc((size_t)res->nscen * sizeof *res->jobs);
    res->flow_at = malloc((size_t)res->nscen * (size_t)res->npol * sizeof *res->flow_at);
    nomem = nomem || !res->jobs || !res->flow_at;
    size_t flow = 0;
    for (int s = 0; s < res->nscen && !nomem; s++) {
        res->jobs[s] = c->scen[s].spec.jobs;
        for (int p = 0; p < res->npol; p++, flow += (size_t)res->nrep * (size_t)res->jobs[s])
            res->flow_at[s * res->npol + p] = flow;
    }
    if (!nomem && run_keeps_flow(c)) { /* decided on the whole run: a block keeps what it does */
        res->flow = calloc(flow ? flow : 1, sizeof *res->flow);
        res->by_job = malloc((flow / (size_t)(res->nrep ? res->nrep : 1) + 1) *
                             sizeof *res->by_job);
        nomem = !res->flow || !res->by_job;
    }
    bool per_job = false;
    for (int s = 0; s < res->nscen; s++)
        for (int p = 0; p < res->npol; p++)
            per_job = per_job || run_per_job_param(c, s, p) >= 0;
    if (per_job && !nomem) {
        res->choices = calloc(rows * (POL_CHOICE_MAX + 1), sizeof *res->choices);
        nomem = !res->choices;
    }
    if (nomem) {
        run_result_free(res);
        return -1;
    }
    return 0;
}

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

/* After the loop: each cell that did not run takes its twin's replicas 0 .. to - 1, done
 * flags and events. */
static void copy_twins(const struct cfg *c, struct run_result *res, unsigned char *done,
                       const int *of, int64_t *events, int to)
{
    struct run_array from[RUN_ARRAYS_MAX], into[RUN_ARRAYS_MAX];
    for (int k = 0; k < res->nscen * res->npol; k++) {
        int j = of[k];
        if (j == k)
            continue;
        int n = run_arrays(c, res, j / res->npol, j % res->npol, 0, from);
        run_arrays(c, res, k / res->npol, k % res->npol, 0, into);
        for (int i = 0; i < n; i++)
            memcpy(into[i].data, from[i].data, (size_t)to * from[i].width * from[i].size);
        if (done)
            memcpy(done + (size_t)k * (size_t)res->nrep, done + (size_t)j * (size_t)res->nrep,
                   (size_t)to);
        events[k] = events[j];
    }
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

/* A finished replica's values into its places in the result (its own: no other replica
 * writes there). */
static void store_replica(void *ctx, void *scratch, struct rep_workspace *ws, int cell,
                          uint64_t rep, const double out[M_COUNT])
{
    (void)scratch;
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
    if (res->flow)
        metrics_job_values(rep_cluster(ws), JQ_FLOWTIME, run_flow(res, s, p, r));
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
    if (!cells || !events) {
        free(cells), free(events);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < nrun; i++) {
        int s = run[i] / res->npol, p = run[i] % res->npol;
        cells[i] = (struct rr_cell){&c->scen[s].spec, c->policies[p], cfg_params(c, s, p),
                                    c->seed};
    }
    int64_t units = (int64_t)ncells * to, already = 0;
    for (int i = 0; done && i < nrun; i++)
        for (int r = 0; r < to; r++)
            already += weight[i] * done[(size_t)run[i] * (size_t)res->nrep + (size_t)r];
    struct progress pg;
    progress_start(&pg, (uint64_t)units, (uint64_t)already, opt->progress);
    struct store st = {.c = c, .res = res, .done = done, .run = run, .weight = weight,
                       .events = events, .opt = opt, .pg = &pg, .ndone = already};
    struct rr_job job = {.cells = cells, .ncells = nrun, .first = (uint64_t)res->first,
                         .count = (uint64_t)to, .threads = opt->threads, .ctx = &st,
                         .done = store_replica, .skip = done ? unit_done : NULL,
                         .stop = opt->stop ? stop_asked : NULL};
    struct rr_failure fail;
    double t0 = omp_get_wtime();
    int rc = rr_run(&job, &fail);
    progress_finish(&pg);
    res->wall_seconds += omp_get_wtime() - t0;
    if (rc >= 0) {
        copy_twins(c, res, done, tw->of, events, to);
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

int run_arrays(const struct cfg *c, const struct run_result *res, int s, int p, int r,
               struct run_array *out)
{
    int n = 0;
    for (int m = 0; m < M_COUNT; m++, n++) {
        out[n] = (struct run_array){.data = run_values(res, s, p, m) + r, .size = sizeof(double),
                                    .width = 1, .real = true, .rank = 1};
        snprintf(out[n].name, sizeof out[n].name, "replicas/%s", metric_info[m].name);
    }
    for (int q = 0; q < JQ_COUNT; q++)
        if (res->hist[q]) {
            out[n] = (struct run_array){.data = run_hist(res, (enum job_quantity)q, s, p, r),
                                        .size = sizeof(int32_t),
                                        .width = (size_t)res->hist_bins + 1, .rank = 2};
            snprintf(out[n++].name, sizeof out[0].name, "histograms/%s",
                     job_quantity_info[q].name);
        }
    if (res->choices && run_per_job_param(c, s, p) >= 0) {
        out[n] = (struct run_array){.data = run_choices(res, s, p, r), .size = sizeof(int32_t),
                                    .width = POL_CHOICE_MAX + 1, .rank = 2};
        snprintf(out[n++].name, sizeof out[0].name, "choices");
    }
    if (res->flow) {
        out[n] = (struct run_array){.data = run_flow(res, s, p, r), .size = sizeof(double),
                                    .width = (size_t)res->jobs[s], .real = true, .rank = 2};
        snprintf(out[n++].name, sizeof out[0].name, "flow");
    }
    return n;
}

int run_prefix(const struct cfg *c, const struct run_result *res, int n,
               struct run_result *view)
{
    if (run_alloc(c, res->first, n, view))
        return -1;
    struct run_array from[RUN_ARRAYS_MAX], to[RUN_ARRAYS_MAX];
    for (int s = 0; s < res->nscen; s++)
        for (int p = 0; p < res->npol; p++) {
            int k = run_arrays(c, res, s, p, 0, from);
            run_arrays(c, view, s, p, 0, to); /* the same list: view has res's arrays */
            for (int i = 0; i < k; i++)
                memcpy(to[i].data, from[i].data, (size_t)n * from[i].width * from[i].size);
        }
    view->task_events = res->task_events;
    view->simulated_events = res->simulated_events;
    view->wall_seconds = res->wall_seconds;
    return 0;
}

void run_result_free(struct run_result *res)
{
    free(res->values);
    free(res->summary);
    free(res->paired);
    free(res->verdict);
    for (int q = 0; q < JQ_COUNT; q++)
        free(res->hist[q]);
    free(res->choices);
    free(res->flow);
    free(res->flow_at);
    free(res->jobs);
    free(res->by_job);
    memset(res, 0, sizeof *res);
}

/* summarise — a run's summaries, cell by cell in replica order (see summarise.h): the same
 * numbers on any number of threads, since every cell's bootstrap has its own stream. */
#include "engine/run/summarise.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/stats/bootstrap.h"
#include "engine/stats/select.h"

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
static void pooled_quantiles(const struct cfg *c, struct run_result *res, int s, int p, int n,
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
        for (int r = 0; r < n; r++) /* the measured jobs: the last J of each replica */
            for (int j = 0; j < J; j++)
                work[(size_t)r * J + j] = run_flow(res, s, p, r)[jobs - J + j];
        iv_pooled_quantiles(work, n, J, run_quantity(c, s, p, which[0]).independent, q, nq,
                            c->confidence, work + (size_t)n * J, out);
    }
    for (int k = 0; k < nq; k++) {
        res->summary[run_cell(res, s, p, which[k])] = out[k];
        res->paired[run_cell(res, s, p, which[k])] = st_empty(0, ST_NONE);
        for (int v = 0; v < VR_COUNT; v++)
            run_verdict(res, s, p, which[k])[v] = st_empty(0, ST_NONE);
    }
}

/* A run's summaries come in units that can be computed in any order on any thread, each
 * with its own bootstrap stream (from the seed and its cell): per (scenario, policy), the
 * pooled quantiles and the medians by job; per (scenario, policy, metric), its summary,
 * paired difference and verdicts. Units by metric, not by (scenario, policy), so that a run
 * of few cells and many replicas still spreads its bootstraps over the threads. `only`: NULL
 * for everything; else the summaries of the metrics it marks alone (a look of sequential
 * stopping). */

/* The unit of (s, p)'s job values. */
static void summarise_jobs(const struct cfg *c, struct run_result *res, int s, int p, int n,
                           const bool *only, double *scratch)
{
    bool pooled = false;
    for (int m = 0; m < M_COUNT; m++)
        pooled = pooled || (metric_info[m].pooled > 0 && (!only || only[m]));
    if (res->flow && !only)
        median_by_job(res, s, p, scratch);
    if (pooled)
        pooled_quantiles(c, res, s, p, n, scratch);
}

/* The unit of metric m of (s, p). */
static void summarise_metric(const struct cfg *c, struct run_result *res, int s, int p, int m,
                             int n, const bool *only, double *scratch)
{
    size_t cell = run_cell(res, s, p, m);
    if (metric_info[m].pooled > 0 || (only && !only[m]))
        return; /* summarise_jobs, or not asked */
    struct iv_quantity q = run_quantity(c, s, p, m);
    rng_t boot;
    rng_stream(&boot, c->seed, 2 * cell, RNG_BOOTSTRAP);
    res->summary[cell] = iv_mean(run_values(res, s, p, m), n, q, c->confidence, &boot, scratch);
    if (only)
        return;
    rng_stream(&boot, c->seed, 2 * cell + 1, RNG_BOOTSTRAP);
    res->paired[cell] =
        p == 0 ? st_empty(0, ST_NONE)
               : iv_difference(run_values(res, s, p, m), run_values(res, s, 0, m), n, q,
                               run_quantity(c, s, 0, m), c->confidence, &boot, scratch);
    if (p == 0)
        for (int v = 0; v < VR_COUNT; v++)
            run_verdict(res, s, p, m)[v] = st_empty(0, ST_NONE);
    else
        verdict_rows(run_values(res, s, p, m), run_values(res, s, 0, m), n, c->confidence,
                     scratch, run_verdict(res, s, p, m));
}

/* The summaries of the first n replicas of res, on `threads`: the units above, the job
 * values' first (the longest, where jobs are kept). */
static int summarise(const struct cfg *c, struct run_result *res, int n, const bool *only,
                     int threads)
{
    size_t most_jobs = 0;
    for (int s = 0; s < res->nscen; s++)
        most_jobs = (size_t)res->jobs[s] > most_jobs ? (size_t)res->jobs[s] : most_jobs;
    size_t size = iv_scratch_size(n),
           pooled = most_jobs * (size_t)n + iv_pooled_scratch_size(n, (int)most_jobs);
    if (res->flow && pooled > size)
        size = pooled;
    int failed = 0, pairs = res->nscen * res->npol, units = pairs * (1 + M_COUNT);
#pragma omp parallel num_threads(threads > 0 ? threads : 1)
    {
        double *scratch = malloc(size * sizeof *scratch);
        if (!scratch) {
#pragma omp atomic write
            failed = 1;
        }
#pragma omp for schedule(dynamic, 1)
        for (int u = 0; u < units; u++) {
            if (!scratch)
                continue;
            if (u < pairs)
                summarise_jobs(c, res, u / res->npol, u % res->npol, n, only, scratch);
            else {
                int k = u - pairs, sp = k / M_COUNT;
                summarise_metric(c, res, sp / res->npol, sp % res->npol, k % M_COUNT, n, only,
                                 scratch);
            }
        }
        free(scratch);
    }
    return failed ? -1 : 0;
}

int run_summarise(const struct cfg *c, struct run_result *res, int threads)
{
    return summarise(c, res, res->nrep, NULL, threads);
}

int run_summarise_some(const struct cfg *c, struct run_result *res, int n, const bool *metrics,
                       int threads)
{
    return summarise(c, res, n, metrics, threads);
}

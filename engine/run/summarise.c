/* summarise — a run's summaries, cell by cell in replica order (see summarise.h): the same
 * numbers on any number of threads, since every cell's bootstrap has its own stream. */
#include "engine/run/summarise.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/stats/bootstrap.h"

struct iv_quantity run_quantity(const struct cfg *c, int s, int p, int m)
{
    const struct cl_spec *sp = &c->scen[s].spec;
    struct pol_tail tail = pol_call_tail(c->policies[p], sp, cfg_params(c, s, p));
    return (struct iv_quantity){metric_info[m].proportion,
                                metrics_averaged_jobs((enum metric)m, metrics_measured_jobs(sp)),
                                metrics_tail_index(sp, tail, (enum metric)m),
                                metrics_jobs_independent(sp, tail), metric_info[m].lo,
                                metric_info[m].hi};
}

/* The geometric mean over replicas of job i's flowtime, from the stream's sums of logs (the
 * warm-up diagnostic: a mean on the log scale, which a heavy tail does not dominate). */
static void geometric_by_job(struct run_result *res, int s, int p)
{
    struct run_stream *st = run_stream(res, s, p);
    for (int i = 0; i < res->jobs[s]; i++)
        st->by_job[i] = st->log_n[i] > 0 ? exp((double)st->log_sum[i] / (double)st->log_n[i] /
                                               RUN_LOG_SCALE)
                                         : NAN;
}

/* The pooled quantiles (metric_info[m].pooled) of (s, p) into their summaries: from the
 * stream of the measured jobs of the replicas done (run_stream). -1 when out of memory. */
static int pooled_quantiles(const struct cfg *c, struct run_result *res, int s, int p)
{
    int J = metrics_measured_jobs(&c->scen[s].spec), which[M_COUNT];
    double q[M_COUNT];
    struct st_summary out[M_COUNT];
    int nq = metrics_pooled(q, which);
    bool independent = J <= 1 || run_quantity(c, s, p, which[0]).independent;
    if (pq_quantiles(&run_stream(res, s, p)->pooled, independent, q, nq, c->confidence, out))
        return -1;
    for (int k = 0; k < nq; k++) {
        res->summary[run_cell(res, s, p, which[k])] = out[k];
        res->paired[run_cell(res, s, p, which[k])] = st_empty(0, ST_NONE);
        for (int v = 0; v < VR_COUNT; v++)
            run_verdict(res, s, p, which[k])[v] = st_empty(0, ST_NONE);
    }
    return 0;
}

/* A run's summaries come in units that can be computed in any order on any thread, each
 * with its own bootstrap stream (from the seed and its cell): per (scenario, policy), the
 * pooled quantiles and the geometric means by job; per (scenario, policy, metric), its summary,
 * paired difference and verdicts. Units by metric, not by (scenario, policy), so that a run
 * of few cells and many replicas still spreads its bootstraps over the threads. `only`: NULL
 * for everything; else the summaries of the metrics it marks alone (a look of sequential
 * stopping). */

/* The unit of (s, p)'s job values. */
static int summarise_jobs(const struct cfg *c, struct run_result *res, int s, int p,
                          const bool *only)
{
    bool pooled = false;
    for (int m = 0; m < M_COUNT; m++)
        pooled = pooled || (metric_info[m].pooled > 0 && (!only || only[m]));
    if (!only)
        geometric_by_job(res, s, p);
    return pooled ? pooled_quantiles(c, res, s, p) : 0;
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
    uint64_t stream = 2 * run_boot_cell((size_t)s * (size_t)res->npol + (size_t)p, m);
    rng_stream(&boot, c->seed, stream, RNG_BOOTSTRAP);
    res->summary[cell] = iv_mean(run_values(res, s, p, m), n, q, c->confidence, &boot, scratch);
    if (only)
        return;
    rng_stream(&boot, c->seed, stream + 1, RNG_BOOTSTRAP);
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
 * values' first. */
static int summarise(const struct cfg *c, struct run_result *res, int n, const bool *only,
                     int threads)
{
    size_t size = iv_scratch_size(n);
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
            if (u < pairs) {
                if (summarise_jobs(c, res, u / res->npol, u % res->npol, only))
#pragma omp atomic write
                    failed = 1;
            } else {
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

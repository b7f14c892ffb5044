/* runner — the OpenMP replica loop and the ordered summaries (see runner.h).
 *
 * Work units are (scenario, policy, replica) triples handed out dynamically; each thread
 * keeps one replica workspace for all its units. Nothing a unit computes depends on which
 * thread ran it or when: its streams come from (seed, replica index) alone. */
#include "engine/runner.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/progress.h"
#include "models/replica.h"

static const char *rep_error(int rc)
{
    return rc == REP_NOMEM ? "out of memory"
                           : "the policy left jobs unfinished with idle slots and no pending event";
}

void run_summarise(const struct cfg *c, struct run_result *res)
{
    for (int s = 0; s < res->nscen; s++) {
        const struct cl_spec *sp = &c->scen[s].spec;
        bool single_job = sp->jobs - sp->warmup == 1; /* replicas are Bernoulli trials */
        for (int p = 0; p < res->npol; p++) {
            for (int m = 0; m < M_COUNT; m++) {
                const double *x = run_values(res, s, p, m);
                const double *base = run_values(res, s, 0, m);
                struct st_acc acc, diff;
                st_acc_init(&acc);
                st_acc_init(&diff);
                uint64_t successes = 0;
                for (int r = 0; r < res->nrep; r++) {
                    st_acc_add(&acc, x[r]);
                    if (!isnan(x[r]) && x[r] > 0.5)
                        successes++;
                    if (p > 0 && !isnan(x[r]) && !isnan(base[r]))
                        st_acc_add(&diff, x[r] - base[r]);
                }
                size_t cell = run_cell(res, s, p, m);
                if (metric_info[m].proportion && single_job && acc.n > 0)
                    res->summary[cell] = st_wilson_interval(successes, acc.n, c->confidence);
                else
                    res->summary[cell] = st_t_interval(&acc, c->confidence);
                res->paired[cell] = st_t_interval(&diff, c->confidence);
            }
        }
    }
}

int run_experiment(const struct cfg *c, const struct run_options *opt, struct run_result *res,
                   char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    res->nscen = c->nscenarios;
    res->npol = c->npolicies;
    res->nrep = c->replicas;
    size_t cells = (size_t)res->nscen * (size_t)res->npol * M_COUNT;
    res->values = malloc(cells * (size_t)res->nrep * sizeof *res->values);
    res->summary = calloc(cells, sizeof *res->summary);
    res->paired = calloc(cells, sizeof *res->paired);
    bool nomem = !res->values || !res->summary || !res->paired;
    res->hist_bins = c->hist_bins;
    size_t rows = (size_t)res->nscen * (size_t)res->npol * (size_t)res->nrep;
    for (int q = 0; q < JQ_COUNT && !nomem; q++)
        if (c->hist_max[q] > 0) {
            res->hist[q] = malloc(rows * (size_t)(c->hist_bins + 1) * sizeof *res->hist[q]);
            nomem = !res->hist[q];
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
        snprintf(err, errlen, "out of memory for %zu results", cells * (size_t)res->nrep);
        run_result_free(res);
        return -1;
    }

    const int64_t units = (int64_t)res->nscen * res->npol * res->nrep;
    int64_t done = 0, events = 0;
    int failed = 0; /* first failure: rc, and where */
    int fail_s = 0, fail_p = 0, fail_r = 0;
    struct progress pg;
    progress_start(&pg, (uint64_t)units, opt->progress);
    double t0 = omp_get_wtime();

#pragma omp parallel num_threads(opt->threads) reduction(+ : events)
    {
        struct rep_workspace *ws = rep_workspace_new();
        double out[M_COUNT];
#pragma omp for schedule(dynamic, 1)
        for (int64_t u = 0; u < units; u++) {
            int fail_now;
#pragma omp atomic read
            fail_now = failed;
            if (fail_now)
                continue;
            int r = (int)(u % res->nrep);
            int p = (int)((u / res->nrep) % res->npol);
            int s = (int)(u / ((int64_t)res->nrep * res->npol));
            int rc = ws ? rep_run(ws, &c->scen[s].spec, c->policies[p], cfg_params(c, s, p),
                                  c->seed, (uint64_t)r, out)
                        : REP_NOMEM;
            if (rc != REP_OK) {
#pragma omp critical(run_fail)
                if (!failed) {
                    failed = rc;
                    fail_s = s, fail_p = p, fail_r = r;
                }
                continue;
            }
            events += rep_last_totals(ws).task_events;
            for (int m = 0; m < M_COUNT; m++)
                run_values(res, s, p, m)[r] = out[m];
            for (int q = 0; q < JQ_COUNT; q++)
                if (res->hist[q])
                    metrics_histogram(rep_cluster(ws), (enum job_quantity)q, c->hist_max[q],
                                      res->hist_bins, run_hist(res, (enum job_quantity)q, s, p, r));
            if (run_per_job_param(c, s, p) >= 0)
                metrics_choices(rep_cluster(ws), run_choices(res, s, p, r), POL_CHOICE_MAX + 1);
            int64_t now_done;
#pragma omp atomic capture
            now_done = ++done;
            if (omp_get_thread_num() == 0)
                progress_update(&pg, (uint64_t)now_done);
        }
        rep_workspace_free(ws);
    }
    progress_finish(&pg);
    res->wall_seconds = omp_get_wtime() - t0;
    res->task_events = events;
    if (failed) {
        snprintf(err, errlen, "scenario %d, policy %s, replica %d: %s", fail_s,
                 c->policies[fail_p]->name, fail_r, rep_error(failed));
        run_result_free(res);
        return -1;
    }
    run_summarise(c, res);
    return 0;
}

void run_result_free(struct run_result *res)
{
    free(res->values);
    free(res->summary);
    free(res->paired);
    for (int q = 0; q < JQ_COUNT; q++)
        free(res->hist[q]);
    free(res->choices);
    memset(res, 0, sizeof *res);
}

/* result — allocating, slicing and freeing a run's data (see result.h). */
#include "engine/run/result.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

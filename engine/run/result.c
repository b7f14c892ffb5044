/* result — allocating, slicing and freeing a run's data (see result.h). */
#include "engine/run/result.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    res->stream = calloc((size_t)res->nscen * (size_t)res->npol + 1, sizeof *res->stream);
    res->table = calloc((size_t)res->nscen + 1, sizeof *res->table);
    res->table_of = malloc(((size_t)res->nscen + 1) * sizeof *res->table_of);
    int *by_jobs = malloc((RUN_TABLE_JOBS + 1) * sizeof *by_jobs);
    nomem = nomem || !res->jobs || !res->stream || !res->table || !res->table_of || !by_jobs;
    for (int J = 0; by_jobs && J <= RUN_TABLE_JOBS; J++)
        by_jobs[J] = -1;
    double table_bytes = 0;
    double orders[M_COUNT];
    int norders = metrics_pooled(orders, NULL);
    for (int s = 0; s < res->nscen && !nomem; s++) {
        res->jobs[s] = c->scen[s].spec.jobs;
        size_t jobs = (size_t)res->jobs[s] + 1;
        for (int p = 0; p < res->npol && !nomem; p++) {
            struct run_stream *st = run_stream(res, s, p);
            pq_init(&st->pooled, orders, norders);
            st->log_sum = calloc(jobs, sizeof *st->log_sum);
            st->log_n = calloc(jobs, sizeof *st->log_n);
            st->by_job = malloc(jobs * sizeof *st->by_job);
            nomem = !st->log_sum || !st->log_n || !st->by_job;
        }
        /* scenarios of the same measured jobs share a table, until the tables' cap */
        int J = metrics_measured_jobs(&c->scen[s].spec);
        res->table_of[s] = J > 0 && J <= RUN_TABLE_JOBS ? by_jobs[J] : -1;
        double bytes = (J + 1.0) * PQ_TESTS * norders * sizeof(int64_t);
        if (!nomem && J > 0 && J <= RUN_TABLE_JOBS && by_jobs[J] < 0 &&
            table_bytes + bytes <= RUN_TABLE_BYTES) {
            nomem = pq_table_init(&res->table[res->ntables], &run_stream(res, s, 0)->pooled, J);
            table_bytes += bytes;
            res->table_of[s] = by_jobs[J] = res->ntables++;
        }
    }
    free(by_jobs);
    bool per_job = false;
    for (int s = 0; s < res->nscen; s++)
        for (int p = 0; p < res->npol; p++)
            per_job = per_job || run_per_job_param(c, s, p) >= 0;
    if (per_job && !nomem) {
        res->choices = calloc(rows * (POL_CHOICE_MAX + 1), sizeof *res->choices);
        nomem = !res->choices;
    }
    res->nseries = c->nseries;
    if (c->nseries > 0 && !nomem) {
        res->series = calloc(rows * (size_t)c->nseries, sizeof *res->series);
        nomem = !res->series;
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
    if (res->series) {
        out[n] = (struct run_array){.data = run_series(res, s, p, r), .size = sizeof(double),
                                    .width = (size_t)res->nseries, .real = true, .rank = 2};
        snprintf(out[n++].name, sizeof out[0].name, "series");
    }
    return n;
}

void run_stream_logs(const double *flow, int jobs, int64_t *logs)
{
    for (int i = 0; i < jobs; i++)
        logs[i] = flow[i] > 0 && isfinite(flow[i]) ? llround(log(flow[i]) * RUN_LOG_SCALE)
                                                   : RUN_NO_LOG;
}

int run_stream_add(struct run_result *res, int s, int p, const int *bins, int nbins,
                   const int64_t *logs)
{
    struct run_stream *st = run_stream(res, s, p);
    if (pq_add(&st->pooled, res->table_of[s] >= 0 ? &res->table[res->table_of[s]] : NULL, bins,
               nbins))
        return -1;
    for (int i = 0; i < res->jobs[s]; i++)
        if (logs[i] != RUN_NO_LOG) {
            st->log_sum[i] += logs[i];
            st->log_n[i]++;
        }
    return 0;
}

int run_stream_merge(struct run_result *res, int s, int p, const struct run_result *from, int t,
                     int q)
{
    struct run_stream *a = run_stream(res, s, p), *b = run_stream(from, t, q);
    if (pq_merge(&a->pooled, &b->pooled))
        return -1;
    for (int i = 0; i < res->jobs[s]; i++) {
        a->log_sum[i] += b->log_sum[i];
        a->log_n[i] += b->log_n[i];
    }
    return 0;
}

void run_stream_clear(struct run_result *res, int s, int p)
{
    struct run_stream *st = run_stream(res, s, p);
    pq_free(&st->pooled);
    memset(st->log_sum, 0, (size_t)res->jobs[s] * sizeof *st->log_sum);
    memset(st->log_n, 0, (size_t)res->jobs[s] * sizeof *st->log_n);
}

size_t run_stream_len(const struct run_result *res, int s, int p)
{
    const struct run_stream *st = run_stream(res, s, p);
    return 1 + 2 * (size_t)res->jobs[s] + pq_encoded_len(&st->pooled);
}

int64_t *run_stream_encode(const struct run_result *res, int s, int p, int64_t *out)
{
    const struct run_stream *st = run_stream(res, s, p);
    *out++ = res->jobs[s];
    out = pq_encode(&st->pooled, out);
    memcpy(out, st->log_sum, (size_t)res->jobs[s] * sizeof *out);
    out += res->jobs[s];
    memcpy(out, st->log_n, (size_t)res->jobs[s] * sizeof *out);
    return out + res->jobs[s];
}

int run_stream_decode_add(struct run_result *res, int s, int p, const int64_t *v, size_t n)
{
    struct run_stream *st = run_stream(res, s, p);
    const int64_t *end = v + n;
    int jobs = res->jobs[s];
    if (n < 1 || v[0] != jobs)
        return -1;
    v++;
    v = pq_decode_add(&st->pooled, v, end);
    if (!v || end - v != 2 * (ptrdiff_t)jobs)
        return -1;
    for (int i = 0; i < jobs; i++) {
        if (v[jobs + i] < 0)
            return -1;
        st->log_sum[i] += v[i];
        st->log_n[i] += v[jobs + i];
    }
    return 0;
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
            if (run_stream_merge(view, s, p, res, s, p)) {
                run_result_free(view);
                return -1;
            }
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
    free(res->series);
    for (int k = 0; res->stream && k < res->nscen * res->npol; k++) {
        struct run_stream *st = &res->stream[k];
        pq_free(&st->pooled);
        free(st->log_sum);
        free(st->log_n);
        free(st->by_job);
    }
    free(res->stream);
    for (int t = 0; res->table && t < res->ntables; t++)
        pq_table_free(&res->table[t]);
    free(res->table);
    free(res->table_of);
    free(res->jobs);
    memset(res, 0, sizeof *res);
}

/* cost — the pre-run estimate of a run's events, time and memory (see cost.h). */
#include "engine/run/cost.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/config/config_limits.h"
#include "engine/run/result.h"
#include "engine/stats/bootstrap.h"
#include "engine/stats/intervals.h"
#include "models/replica.h"

/* The bins a pooled stream is estimated to span: 16 octaves (the occupied range grows with
 * the spread of the flowtimes, one bin per 0.27 %: 1 to 65 536 is 16 octaves). */
#define RUN_STREAM_BINS (16 * LH_PER_OCTAVE)

/* The memory part of run_cost: what a run (run_block), run_summarise and the report that
 * follows the run allocate, from the same sizes. */
static void run_memory(const struct cfg *c, int threads, struct run_cost *out)
{
    double nrep = c->replicas, pairs = (double)c->nscenarios * c->npolicies, jobs = 0;
    int norders = metrics_pooled(NULL, NULL);
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
        jobs += c->npolicies * (double)sp->jobs;
        for (int p = 0; p < c->npolicies; p++)
            per_job = per_job || run_per_job_param(c, s, p) >= 0;
    }
    /* the streams (run_stream): the sums, counts and means by job, and each pooled stream:
       its replicas' bins while they are few (4 bytes a value, twice for the growth), else a
       count and the tests' row for each of about RUN_STREAM_BINS bins; a table of terms per
       count of measured jobs, up to RUN_TABLE_BYTES (engine/stats/pooled.h, result.c) */
    double values = cells * nrep * sizeof(double), by_job = jobs * sizeof(double);
    double width = PQ_TESTS * (double)norders, tables = 0, streams = 3 * by_job;
    unsigned char seen[RUN_TABLE_JOBS + 1] = {0};
    for (int s = 0; s < c->nscenarios; s++) {
        int J = metrics_measured_jobs(&c->scen[s].spec);
        double raw = nrep * (J + 1.0);
        streams += c->npolicies * (raw <= PQ_RAW_MAX ? 2 * raw * sizeof(int)
                                                     : (1 + width) * RUN_STREAM_BINS *
                                                           sizeof(int64_t)) +
                   c->npolicies * sizeof(struct run_stream);
        if (J > 0 && J <= RUN_TABLE_JOBS && !seen[J]) {
            seen[J] = 1;
            tables += (J + 1.0) * width * sizeof(int64_t);
        }
    }
    streams += fmin(tables, RUN_TABLE_BYTES);
    double choices = per_job ? rows * (POL_CHOICE_MAX + 1) * sizeof(int32_t) : 0;
    choices += rows * c->nseries * sizeof(double); /* the series (run_series), read back too */
    double summaries = (2 + VR_COUNT) * cells * sizeof(struct st_summary);
    double results = values + summaries + streams + choices;
    for (int q = 0; q < JQ_COUNT; q++)
        if (c->hist_max[q] > 0)
            results += rows * (c->hist_bins + 1) * sizeof(int32_t);
    /* a replica's job flowtimes, bins and logs on their way into its stream (run_units) */
    double scratch = (double)iv_scratch_size(c->replicas) + most_jobs * RUN_STREAM_SCRATCH / 8;
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

/* The summaries' part of run_cost, in seconds on `threads`: a bootstrap of B resamples of n
 * values for each summary and paired difference of a metric that is neither a proportion nor
 * a pooled quantile (the rest cost O(n)); with precision, the looks of sequential stopping
 * (engine/run/sequential.h) summarise the asked metrics of about 2n replicas more. Split over
 * the threads by (cell, metric), as engine/run/summarise.c does. */
static double summary_seconds(const struct cfg *c, int threads)
{
    double boot = 0, asked = 0;
    for (int m = 0; m < M_COUNT; m++)
        if (!metric_info[m].proportion && metric_info[m].pooled == 0) {
            boot++;
            asked += c->precision > 0 && c->precision_metric[m];
        }
    double cells = (double)c->nscenarios * c->npolicies, n = c->replicas;
    double values = cells * ST_BOOT_RESAMPLES * n * (2 * boot + 2 * asked);
    double each = n * sizeof(double) <= RUN_BOOT_CACHED ? RUN_BOOT_SECONDS : RUN_BOOT_SECONDS_FAR;
    return values * each / fmin(threads > 0 ? threads : 1, cells * boot);
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
    out->summary_seconds = summary_seconds(c, threads);
    run_memory(c, threads, out);
}

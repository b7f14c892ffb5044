/* trace — job traces read from files: the project's own CSV layout, the Google cluster-data
 * 2011 `task_events` table (SPEC §4, issue 4) and the 2019 `instance_events` table (issue 16).
 *
 * A trace gives, per job, what the model cannot draw for itself: arrival time, weight, the
 * number of map and reduce tasks, each phase's mean task duration and, where known, its SD.
 * Task durations are still drawn per replica from the scenario's task-time family, scaled to
 * the job's phase mean (seed 000 §7: "fitted into a Pareto distribution using the average
 * task duration with some fixed Pareto-tail order"), its shape fitted to the SD where the
 * config asks (models/workload.c). This module only reads and checks files; it knows
 * nothing of slots, policies or configs. Formats: docs/traces.md. */
#ifndef SPECMC_TRACE_H
#define SPECMC_TRACE_H

#include <stddef.h>
#include <stdint.h>

enum { TR_MAP, TR_REDUCE, TR_PHASES };

struct tr_job {
    double arrival;            /* seconds after the trace's first arrival (first job: 0) */
    double weight;             /* w_i (a Google trace's priority: 0–12 in 2011) */
    int tasks[TR_PHASES];      /* map and reduce task counts; reduce may be 0, map >= 1 */
    double mean[TR_PHASES];    /* mean task duration per phase (> 0; 0 for an empty phase) */
    double sd[TR_PHASES];      /* SD of a task's duration per phase (> 0); 0: not given */
};

struct tr_trace {
    struct tr_job *job;        /* in arrival order (ties: file order) */
    int njobs;
    int skipped;               /* Google layouts: jobs left out (unfinished, no SCHEDULE, ...) */
};

enum tr_format { TR_CSV, TR_GOOGLE, TR_GOOGLE2019 };

/* the names tr_format_parse accepts, in enum order */
#define TR_FORMAT_NAMES "csv|google|google2019"

/* The format named "csv", "google" or "google2019" (workload.trace_format); -1 for any other
 * name. */
int tr_format_parse(const char *name, enum tr_format *fmt);

/* Read a trace. On error returns -1 and writes "PATH:LINE: what is wrong, what is valid"
 * into err; out is then empty. */
int tr_read(const char *path, enum tr_format fmt, struct tr_trace *out, char *err, size_t len);
void tr_free(struct tr_trace *t);

/* A 64-bit digest (FNV-1a) of the jobs a trace holds, field by field: what a run's results
 * depend on, so that a trace edited between the shards of a run, or before a resume, is
 * told apart from the one read first (engine/results/shard.h). */
uint64_t tr_digest(const struct tr_trace *t);

#endif

/* trace — the jobs a trace gives the model. The readers, from the project's own CSV layout,
 * the Google cluster-data 2011 `task_events` table and the 2019 `instance_events` table, are
 * the config's (engine/config/traces.h).
 *
 * A trace gives, per job, what the model cannot draw for itself: arrival time, weight, the
 * number of map and reduce tasks, each phase's mean task duration and, where known, its SD,
 * the job's own deadline and price, and the CPU and memory each of its copies requests.
 * Task durations are still drawn per replica from the scenario's task-time family, scaled to
 * the job's phase mean (seed 000 §7: "fitted into a Pareto distribution using the average
 * task duration with some fixed Pareto-tail order"), its shape fitted to the SD where the
 * config asks (models/workload.c). Formats: docs/guide/traces.md. */
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
    double deadline;           /* its own deadline D_i relative to arrival (> 0, seconds); 0:
                                  the scenario's (workload.deadline) */
    double price;              /* its own price γ_i per unit of machine time (> 0); 0: the
                                  scenario's (utility.price) */
    double cpu, mem;           /* the CPU and memory each of its copies requests (> 0, the
                                  units of cluster.server_cpu and server_mem); 0: the
                                  scenario's (workload.cpu_request, drawn with cpu_request_max;
                                  likewise memory). Used with cluster.servers only */
    long cpu_line, mem_line;   /* the file's line each came from, for messages (not digested) */
};

struct tr_trace {
    struct tr_job *job;        /* in arrival order (ties: file order) */
    int njobs;
    int skipped;               /* Google layouts: jobs left out (unfinished, no SCHEDULE, ...) */
    const char *cpu_col, *mem_col; /* the names of the columns requests come from, for
                                      messages */
};

/* Release the jobs; t is then empty. */
void tr_free(struct tr_trace *t);

/* A 64-bit digest (FNV-1a) of the jobs a trace holds, field by field: what a run's results
 * depend on, so that a trace edited between the shards of a run, or before a resume, is
 * told apart from the one read first (engine/results/shard.h). */
uint64_t tr_digest(const struct tr_trace *t);

#endif

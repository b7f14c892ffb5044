/* cost — what a run will take, in events, seconds and bytes, from its config alone: the
 * pre-run estimate and the limits it is held to (docs/guide/performance.md, "Before a run"). */
#ifndef SPECMC_RUN_COST_H
#define SPECMC_RUN_COST_H

#include "engine/config/config.h"

/* What a run will cost, estimated from the config alone before anything is allocated
 * (docs/guide/performance.md, "Before a run"). Per replica of each (scenario, policy): 2 task events
 * per attempt of each task (starts and ends), a tick every cluster.interval and a heartbeat
 * every policy period while the cluster is busy (the idle ones are skipped), from the
 * scenario's extent (engine/config/config_limits.h); the time from each policy's events_per_second
 * (RUN_LOOP_EVENTS_PER_S). */
struct run_cost {
    double task_events;  /* copy starts and ends, over every replica */
    double ticks;        /* scheduling ticks */
    double beats;        /* policy heartbeats */
    double seconds;      /* rough wall time on `threads`; at least the longest replica's */
    double summary_seconds; /* the summaries' rough wall time after it (their bootstraps) */
    int tick_scen;       /* the scenario with the most ticks; -1: none */
    int beat_scen, beat_pol; /* the (scenario, policy) with the most heartbeats; -1: none */
    double bytes;         /* peak memory: the results, and the most of the threads' replica
                             workspaces, the summaries' scratch and the report's copy */
    double replica_bytes; /* one thread's workspace (rep_memory, each dimension at its most
                             over the scenarios) */
    double results_bytes; /* the arrays kept for every scenario, policy and replica */
    double slot_bytes;    /* of replica_bytes, what the slots take */
};
void run_cost(const struct cfg *c, int threads, struct run_cost *out);

/* No run simulates more events: 1e12 is 11 thread-hours at the fastest policy's rate (fifo,
 * 2.5e7 per second) and about ten times the papers' scale (docs/guide/performance.md); the configs
 * that pass it ask for ticks or heartbeats by the billion per replica. */
#define RUN_EVENTS_MAX 1e12
/* The process before any array: code, libraries, HDF5's caches (the maximum resident size
 * of a run of one replica of tests/cli/configs/small.ini was 18 MB, its arrays a few kB). */
#define RUN_BASE_BYTES (16.0 * 1024 * 1024)

/* The event loop's own cost: a task event of fifo, whose decisions cost next to nothing (its
 * events_per_second); what a policy's task events cost beyond it is its decision, taken at
 * every instant without an interval and at each tick with one, and at its heartbeats. A tick
 * or heartbeat costs RUN_TICK_SECONDS on top (the loop's pass through an instant: fifo's
 * ticks ran at 9.3e6 per second per thread on the development machine). */
#define RUN_LOOP_EVENTS_PER_S 2.5e7
#define RUN_TICK_SECONDS 1e-7
/* A bootstrap's cost per resampled value: a PCG draw and a gather, 0.9 ns on the development
 * machine at 10^5 replicas, while the values stay in its 1 MiB of cache; 4.7 ns at 10^6. */
#define RUN_BOOT_SECONDS 1e-9
#define RUN_BOOT_SECONDS_FAR 5e-9
#define RUN_BOOT_CACHED ((double)(1 << 20))
/* A run estimated to take longer is announced with its estimate. */
#define RUN_SECONDS_WARN 60.0

#endif

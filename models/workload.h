/* workload — the jobs of one replica: when they arrive, their weights, how many map and
 * reduce tasks they have, how long their tasks take (SPEC §1 "Jobs", "Task times").
 *
 * Used by cl_reset only. Jobs come from the scenario's generator or from a trace
 * (models/trace.h); task durations are always drawn. Random numbers (SPEC §5): arrivals from
 * RNG_ARRIVALS, per-job attributes from RNG_JOBS (weight, then task count, then scale, each
 * drawn only when the scenario varies it), the original copy of every task from RNG_TASKS in
 * task order. A scenario without the per-job options draws exactly what the one-phase model
 * drew before them. */
#ifndef SPECMC_WORKLOAD_H
#define SPECMC_WORKLOAD_H

#include <stdint.h>

#include "models/cluster.h"

/* Fill cl->job[0 .. spec->jobs) (arrival, deadline, weight, tasks per phase, scales and the
 * per-phase statistics the scheduler knows) with first_task laid out consecutively. Returns
 * the total number of tasks. */
int wl_jobs(struct cluster *cl, uint64_t seed, uint64_t replica);

/* The duration of the original copy of every task (cl->task_size), in task order. */
void wl_task_sizes(struct cluster *cl, uint64_t seed, uint64_t replica);

/* Duration of one more copy of `task` from the copy stream state r. */
static inline double wl_copy_duration(const struct cluster *cl, int task, rng_t *r)
{
    return dist_sample(&cl->spec->task_time, r) *
           cl->job[cl->task_job[task]].scale[cl_task_phase(cl, task)];
}

#endif

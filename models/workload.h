/* workload — the jobs of one replica: when they arrive, their weights, how many map and
 * reduce tasks they have, how long their tasks take (docs/methods/model.md, "Entities": Jobs,
 * Tasks and copies).
 *
 * Used by wl_reset only. Jobs come from the scenario's generator or from a trace
 * (models/trace.h); task durations are always drawn. Random numbers (docs/methods/model.md):
 * arrivals from RNG_ARRIVALS, per-job attributes from RNG_JOBS (weight, then task count, then
 * scale, each drawn only when the scenario varies it; every job's shape after all of them), the
 * original copy of every task from RNG_TASKS in task order. A scenario without the per-job
 * options draws exactly what the one-phase model drew before them. */
#ifndef SPECMC_WORKLOAD_H
#define SPECMC_WORKLOAD_H

#include <stdbool.h>
#include <stdint.h>

#include "models/cluster.h"

/* Start replica `replica` of a scenario on cl: its arrays sized for spec, its jobs generated
 * (or read from the trace) and the original duration of every task drawn, from the streams of
 * (seed, replica); the cluster's own reset between (cl_reserve, cl_begin). 0, or -1 when out
 * of memory. */
int wl_reset(struct cluster *cl, const struct cl_spec *spec, uint64_t seed, uint64_t replica);

/* Fill cl->job[0 .. spec->jobs) (arrival, deadline, weight, tasks per phase, scales and the
 * per-phase statistics the scheduler knows) with first_task laid out consecutively. Returns
 * the total number of tasks. */
int wl_jobs(struct cluster *cl, uint64_t seed, uint64_t replica);

/* Whether jobs of the scenario can have shapes of their own (shape_max, or a trace's SDs
 * with trace_fit): a policy or closed form that assumes one shape for every job cannot run. */
bool wl_own_shapes(const struct cl_spec *sp);

/* Whether jobs of the scenario can have a reduce phase (reduce_fraction > 0, or a trace job
 * with reduce tasks): what assumes one-phase jobs cannot run. */
bool wl_two_phases(const struct cl_spec *sp);

/* Whether jobs of the scenario have deadlines: workload.deadline, or a trace's own deadline
 * for every job a replica runs (the config refuses a trace that gives some jobs one and not
 * others when workload.deadline is unset). */
bool wl_deadlines(const struct cl_spec *sp);

/* Whether jobs of the scenario can have deadlines of their own (deadline_max, or a trace's
 * deadline column): what assumes one deadline for every job cannot run. */
bool wl_own_deadlines(const struct cl_spec *sp);

/* Whether jobs of the scenario can have prices of their own (utility.price_max, price_choices,
 * or a trace's price column): the utility metric then weighs each job's machine time by its
 * own. */
bool wl_own_prices(const struct cl_spec *sp);

/* Whether every job's task times have a finite variance (what E + rσ needs). */
bool wl_finite_variance(const struct cl_spec *sp);

/* The tail index of task times in the scenario, for the rules of intervals: the least Pareto
 * shape β of any job's phase (P(T > t) ~ t^−β; drawn shapes lie above the family's, a trace's
 * fitted ones are computed); for lognormal tasks, whose every moment is finite, the index of
 * the Pareto law as skewed as the largest σ (dist_skew_index), and for a Pareto truncated at
 * tmax as its most skewed job (dist_tail_index); INFINITY for the others; and
 * with a job scale (job_spread σ) at most the index of the Pareto law as skewed as it. */
double wl_tail_index(const struct cl_spec *sp);

/* The tail index of a job's task count: INFINITY when fixed; drawn (tasks_beta), the count is
 * capped at tasks_max, so every moment is finite, and it takes the index of the Pareto law
 * with its skewness, as stragglers do (dist_index_of_skewness; a cap of 200 on counts of
 * mean 10 and β 1.5: skewness 8.0, index 3.7). A job's machine time, a sum over its tasks,
 * is at most as light. */
double wl_count_tail_index(const struct cl_spec *sp);

/* The duration of the original copy of every task (cl->task_size), in task order. */
void wl_task_sizes(struct cluster *cl, uint64_t seed, uint64_t replica);

#endif

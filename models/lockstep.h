/* lockstep — the cluster model with replicas in SIMD lanes (prototype, issue 17 item 4).
 *
 * LS_LANES replicas of one scenario run together, one per vector lane, on the same random
 * streams as models/replica.c, so that every job's flowtime and machine time come out bit
 * for bit as the scalar model's. Only the simplest cases: policies fifo and clone (r = 1),
 * one pool of identical slots, batch or Poisson arrivals, fixed tasks per job, no trace,
 * no servers, no noise, stragglers, launch delay, phases, spread or shapes (ls_supported).
 * This is a measurement, not a model the engine runs: see docs/performance.md, "A vectorized
 * model, measured". */
#ifndef SPECMC_LOCKSTEP_H
#define SPECMC_LOCKSTEP_H

#include <stdbool.h>
#include <stdint.h>

#include "models/metrics.h"
#include "models/policy.h"
#include "models/replica.h"
#include "models/spec.h"

#ifndef LS_LANES
#define LS_LANES 8 /* replicas in lockstep: one AVX-512 vector of 64-bit values */
#endif

struct ls_workspace;

struct ls_workspace *ls_workspace_new(void);
void ls_workspace_free(struct ls_workspace *ws);

/* Whether the lockstep model runs this scenario under this policy (with its parameters). */
bool ls_supported(const struct cl_spec *sp, const struct policy *pol, const double *param);

/* Replicas first .. first + n - 1 (n <= LS_LANES) of a supported scenario and policy, lane
 * l holding replica first + l. Returns REP_OK, REP_NOMEM or REP_STALL. */
int ls_run(struct ls_workspace *ws, const struct cl_spec *sp, const struct policy *pol,
           const double *param, uint64_t seed, uint64_t first, int n);

/* After ls_run: lane l's per-job quantity (as metrics_job_values) and totals (as
 * rep_last_totals). */
void ls_job_values(const struct ls_workspace *ws, int lane, enum job_quantity q, double *out);
struct rep_totals ls_totals(const struct ls_workspace *ws, int lane);

/* After ls_run: lane l's busy-slot integral over the utilization window (cl->busy_area). */
double ls_busy_area(const struct ls_workspace *ws, int lane);

#endif

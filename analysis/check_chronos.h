/* check_chronos — what the chronos.* checks share (internal to analysis/check_chronos_*.c):
 * parameter-point text, kernel specs, sample sizes, and the cluster-model set-up for the
 * points that leave the theorems' idealised world (queueing, estimation noise). */
#ifndef SPECMC_CHECK_CHRONOS_H
#define SPECMC_CHECK_CHRONOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/theory/chronos.h"
#include "analysis/kernels.h"
#include "analysis/validate.h"

/* "N=10 r=1 tmin=1 beta=1.5 D=3 tau_est=0.3 tau_kill=0.8" (+ " extra" if given; no r if
 * r < 0). */
void chk_point(char *buf, size_t len, const struct ch_params *p, int r, const char *extra);

/* The kernel of a strategy at a point. */
struct kn_spec chk_spec(enum ch_strategy s, const struct ch_params *p, int r);

/* Jobs to simulate: `full` for the full suite, a tenth for --quick. */
uint64_t chk_jobs(const struct vd_context *ctx, uint64_t full);

/* PoCD of one idealised job by the cluster model with the real policy: one job per replica
 * (batch arrival), `slots` slots, and the given estimation noise. Returns the number of
 * replicas whose job met its deadline, or -1. */
int64_t chk_model_pocd(const struct vd_context *ctx, const char *policy, const struct ch_params *p,
                       int r, int slots, double noise, uint64_t seed, int replicas);

/* Policy name of a strategy ("clone", "s-restart", "s-resume"). */
const char *chk_policy(enum ch_strategy s);

#endif

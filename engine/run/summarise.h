/* summarise — a run's summaries from its per-replica values, in replica order, each with
 * the interval engine/stats/intervals.h chooses (docs/methods/statistics.md). */
#ifndef SPECMC_RUN_SUMMARISE_H
#define SPECMC_RUN_SUMMARISE_H

#include "engine/config/config.h"
#include "engine/run/result.h"
#include "engine/stats/intervals.h"

/* Summaries from per-replica values (engine/session/session.c; res must hold every replica),
 * each with the interval engine/stats/intervals.h chooses; bootstrap streams from (seed,
 * cell), so the result is the same on any number of `threads`. 0, or -1 when out of memory. */
int run_summarise(const struct cfg *c, struct run_result *res, int threads);

/* What the interval of metric m of (scenario s, policy p) needs to know: a proportion or not,
 * measured jobs per replica, the tail index of its per-replica value. */
struct iv_quantity run_quantity(const struct cfg *c, int s, int p, int m);

#endif

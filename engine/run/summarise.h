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

/* The summaries alone of the metrics marked in metrics[M_COUNT], from the first n replicas of
 * res (which holds at least n), into res->summary: each the number run_summarise gives a
 * result of those n replicas (the same interval, the same bootstrap stream); nothing else is
 * touched. What a look of sequential stopping needs (engine/run/sequential.h), at a fraction
 * of the cost. 0, or -1 when out of memory. */
int run_summarise_some(const struct cfg *c, struct run_result *res, int n, const bool *metrics,
                       int threads);

/* What the interval of metric m of (scenario s, policy p) needs to know: a proportion or not,
 * measured jobs per replica, the tail index of its per-replica value. */
struct iv_quantity run_quantity(const struct cfg *c, int s, int p, int m);

#endif

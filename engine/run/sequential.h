/* sequential — sequential stopping (`[experiment] precision`; docs/methods/statistics.md,
 * "Sequential stopping"): replicas run in batches of `replicas` until every interval asked for
 * is as narrow as asked, or `max_replicas` have run.
 *
 * After each batch the run summarises its first n replicas exactly as a run of n replicas
 * would (the same intervals, the same bootstrap streams), and stops when every summary
 * interval of the metrics in precision_metrics, in every scenario and policy, has a relative
 * half-width (ci_high − ci_low) / 2 / |mean| at most `precision`. The decision reads only the
 * values of replicas 0 .. n − 1, so it is the same on any number of threads, shards of
 * threads, or resumptions. An interval marked not valid never meets the target (its width
 * means nothing); a metric without a value there (pocd without deadlines) is not asked. The
 * paired differences are not asked either: a difference near zero has no relative width.
 * What stopping this way does to coverage is measured in docs/methods/statistics.md. */
#ifndef SPECMC_SEQUENTIAL_H
#define SPECMC_SEQUENTIAL_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/config/config.h"
#include "engine/run/result.h"

/* The least first batch: intervals from fewer replicas are too unstable to stop on. */
#define SEQ_MIN_N 30

/* Whether the summaries of `view` (its first n replicas, summarised) meet c's precision; when
 * not, *why names the first interval that does not ("flowtime of fifo in scenario 0: ..."). */
bool seq_met(const struct cfg *c, const struct run_result *view, char *why, size_t len);

#endif

/* sequential — sequential stopping (`[experiment] precision`; docs/methods/statistics.md,
 * "Sequential stopping"): replicas run in batches of `replicas` until every interval asked
 * for is as narrow as asked, or `max_replicas` have run.
 *
 * The rule: at a look, the run summarises its first n replicas exactly as a run of n
 * replicas would (the same intervals, the same bootstrap streams), and stops when every
 * summary interval of the metrics in precision_metrics, in every scenario and policy, has a
 * relative half-width (ci_high − ci_low) / 2 / |mean| at most `precision`. An interval marked
 * not valid never meets the target (its width means nothing); a metric without a value there
 * (pocd without deadlines) is not asked. The paired differences are not asked either: a
 * difference near zero has no relative width.
 *
 * When to look: a look summarises the asked metrics of all n replicas (a bootstrap per
 * interval), so the run does not look after every batch, which would cost O(n²) over a run.
 * After each batch it updates running moments of every asked value (O(batch)) and predicts
 * each interval's relative half-width from them: the normal half-width z·sd/√n/|mean|, times
 * the ratio of the summary's half-width to that prediction at the last look (1 before the
 * first). It looks when every prediction is within SEQ_SLACK of the target and n has grown
 * by 1/SEQ_SPACING since the last look; when n has doubled since the last look (or the first
 * batch), so that an interval the moments cannot predict, a not-valid one among them, is
 * still looked at, O(log n) times; and at max_replicas. Looks are then O(log n) plus those
 * near the target, at least n/SEQ_SPACING apart: O(total replicas) over a run. The price: a
 * run may stop up to n/SEQ_SPACING replicas after the first batch whose summary met the
 * target (none while the batch is at least that). Every look is over replicas 0 .. n − 1 in
 * order, so where it stops is the same on any number of threads, shards of threads, or
 * resumptions. What stopping this way does to coverage is measured in
 * docs/methods/statistics.md. */
#ifndef SPECMC_SEQUENTIAL_H
#define SPECMC_SEQUENTIAL_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/config/config.h"
#include "engine/run/result.h"
#include "engine/stats/stats.h"

/* The least first batch: intervals from fewer replicas are too unstable to stop on. */
#define SEQ_MIN_N 30
/* When to look (above): within 10 % of the target, n grown by at least 1/16. */
#define SEQ_SLACK 1.1
#define SEQ_SPACING 16

/* The running moments of every asked (scenario, policy, metric) and what the last look
 * taught about each. */
struct seq_watch {
    int ncells;          /* nscen * npol * M_COUNT, run_cell order */
    struct st_acc *acc;  /* [ncells]: the values of replicas 0 .. n − 1 */
    double *ratio;       /* [ncells]: the summary's half-width over the moments' at the last
                            look (1 before it) */
    int n;               /* replicas added */
    int looked;          /* n at the last look, 0 before it */
    int looks;           /* looks taken */
};

/* 0, or -1 when out of memory (w left empty). */
int seq_watch_init(struct seq_watch *w, const struct cfg *c);
void seq_watch_free(struct seq_watch *w);

/* Add replicas w->n .. n − 1 of res (a block from replica 0 holding them) to the moments. */
void seq_watch_add(struct seq_watch *w, const struct cfg *c, const struct run_result *res,
                   int n);

/* Whether to look at n = w->n replicas (max: the most the run may take). */
bool seq_watch_due(const struct seq_watch *w, const struct cfg *c, int max);

/* After a look that did not stop the run: each asked interval's ratio to its prediction. */
void seq_watch_learn(struct seq_watch *w, const struct cfg *c, const struct run_result *view);

/* Where a run is: the end `to` of the batch it is running and what its watch holds but the
 * moments (n, looked, looks, the ratios), as seq_place_len doubles, which a checkpoint
 * carries. Resuming there, rather than from the first batch, matters: the job flowtimes'
 * streams (engine/run/result.h) hold every replica done, so a look again at fewer replicas
 * than a checkpoint holds would not see what it saw the first time. seq_place_resume checks
 * such values against c (max: the most replicas), replays the moments of replicas
 * 0 .. n − 1 of res and restores the rest into w (from seq_watch_init) and *to; 0, or -1 when
 * they are not a place of this run (w then unchanged but for its moments). */
size_t seq_place_len(const struct seq_watch *w);
void seq_place(const struct seq_watch *w, int to, double *out);
int seq_place_resume(struct seq_watch *w, const struct cfg *c, const struct run_result *res,
                     const double *v, size_t n, int max, int *to);

/* Whether the summaries of `view` (its first n replicas, summarised) meet c's precision; when
 * not, *why names the first interval that does not ("flowtime of fifo in scenario 0: ..."). */
bool seq_met(const struct cfg *c, const struct run_result *view, char *why, size_t len);

#endif

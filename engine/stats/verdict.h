/* verdict — the distribution-free answer to "is this policy lower than that one, and by how
 * much?", from paired replicas (common random numbers: replica k of both saw the same
 * workload).
 *
 * A mean's interval needs a finite variance and more (engine/stats/intervals.h); these need
 * only that replicas are independent, so they hold at any tail and for any quantity a replica
 * produces. For the pairs (x_k, y_k) in which both are defined:
 *   - the shares of replicas in which x < y ("lower"), x > y ("higher") and x = y ("tied"),
 *     each with Clopper & Pearson's exact interval: P(x < y) is a binomial proportion over
 *     independent replicas, whatever the law of x and y. "Equal" is to 12 significant digits
 *     (verdict_tied): two policies that run the same schedule in a replica add the same
 *     times in another order, and their sums then differ in the last bits — 1e-16 to 1e-15
 *     relative in every experiment of experiments/, whose smallest real difference is 1e-9 —
 *     which exact equality counted as lower or higher at the rounding's whim;
 *   - the exact two-sided sign test of lower against higher, ties dropped (Conover 1999,
 *     §3.4): the chance of a split at least this uneven if either order were as likely;
 *   - the median of the differences x − y (type 7) with the distribution-free interval
 *     between two of their order statistics (binomial ranks at 1/2; Conover 1999, §3.2),
 *     which covers the median of the difference for any law, ties included (there it may
 *     have no width: a difference that is 0 in most replicas has median 0, exactly).
 * The rows they become are named by VR_* (report --csv prints them as `lower_METRIC`, ...).
 * No I/O, no random numbers. */
#ifndef SPECMC_VERDICT_H
#define SPECMC_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/stats/stats.h"

enum verdict_row {
    VR_LOWER,        /* share of replicas with x < y: mean, Clopper–Pearson interval */
    VR_HIGHER,       /* x > y */
    VR_TIED,         /* x = y */
    VR_SIGN_P,       /* the sign test's p-value as the mean (no interval: ST_SIGN_TEST); n is
                        the replicas not tied */
    VR_MEDIAN_DELTA, /* median of x − y with its order-statistic interval */
    VR_COUNT
};

/* x and y tie when equal or within VERDICT_TIE_REL of the larger in magnitude (two equal
 * infinities tie; an infinity and a finite value do not: their difference is infinite). */
#define VERDICT_TIE_REL 1e-12
bool verdict_tied(double x, double y);

/* "lower", "higher", "tied", "sign_p", "median_delta": a row's name is NAME_METRIC. */
extern const char *const verdict_row_names[VR_COUNT];

/* The verdict rows of x against y over n paired replicas (pairs with a NaN skipped; a tied
 * pair's difference counts as 0), into out[VR_COUNT]. `work` holds n doubles. No pair: every
 * row empty (n = 0, NaN, ST_NONE). */
void verdict_rows(const double *x, const double *y, int n, double confidence, double *work,
                  struct st_summary out[VR_COUNT]);

/* The counts a verdict's rows stand for: below = replicas lower, above = higher, of n. */
struct verdict_counts {
    uint64_t n, below, above, tied;
};
struct verdict_counts verdict_counts(const struct st_summary rows[VR_COUNT]);

#endif

/* loghist — a log-spaced histogram of positive values, mergeable exactly: the streaming
 * summary the pooled job quantiles are computed from (engine/stats/intervals.h), so that a
 * run keeps O(bins) per group of replicas instead of every job's value.
 *
 * Bin k (any integer) holds the values in (e_{k-1}, e_k], e_k = 2^(k/256): 256 bins per
 * octave, each 2^(1/256) − 1 = 0.271 % wide, and a value reported at its bin's geometric
 * midpoint 2^((k − 1/2)/256) is within 2^(1/512) − 1 = 0.136 % of the value itself. Two more bins: one
 * for values <= 0 (LH_ZERO), one for +∞ (LH_INF); NaN is never added (an unfinished job).
 * The index is computed exactly and portably: frexp splits x into 2^e · t, t in [1, 2), and t
 * is compared with a table of the 257 edges 2^(j/256), j = 0..256, given as correctly rounded
 * constants (not computed by a libm that may round otherwise), so a value equal to an edge
 * goes into the bin it closes on every machine. Counts are integers: merging is addition,
 * exact and independent of order, so a histogram is the same however its values were split
 * between threads, shards, ranks and checkpoints. No I/O, no random numbers. */
#ifndef SPECMC_LOGHIST_H
#define SPECMC_LOGHIST_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LH_PER_OCTAVE 256
#define LH_ZERO INT_MIN /* the bin of values <= 0 */
#define LH_INF INT_MAX  /* the bin of +∞ */

/* Counts of bins lo .. lo + n − 1 (a dense range, grown as values arrive; bins outside it are
 * empty), and of the two special bins. A zeroed struct is an empty histogram. */
struct lh {
    int lo, n;
    int64_t *count;
    int64_t zero, inf;
};

/* The range [lo, lo + n) of regular bins (n = 0: none) grown to hold bin k, with room for
 * more on the side it grew (half again, at least 16): [*new_lo, *new_hi). */
void lh_grown(int lo, int n, int k, long *new_lo, long *new_hi);

/* The bin of x (not NaN). */
int lh_index(double x);

/* The edge e_k = 2^(k/256), exactly as lh_index compares with it. */
double lh_edge(int k);

/* What a bin reports: the geometric midpoint of a regular bin, 0 for LH_ZERO, +∞ for LH_INF;
 * and its ends: (−∞, 0] for LH_ZERO, [+∞, +∞] for LH_INF. */
double lh_value(int k);
double lh_low(int k);
double lh_high(int k);

/* Add n to bin k; 0, or -1 when out of memory (h unchanged). */
int lh_add(struct lh *h, int k, int64_t n);

/* The count of bin k, and of all bins. */
int64_t lh_count(const struct lh *h, int k);
int64_t lh_total(const struct lh *h);

/* The count of the values <= e_k (those of LH_ZERO and of bins up to k). */
int64_t lh_at_most(const struct lh *h, int k);

/* The least and greatest regular bins with a count; false when there is none. */
bool lh_range(const struct lh *h, int *first, int *last);

/* The bin holding the rank-th smallest value (1 <= rank <= lh_total). */
int lh_rank_bin(const struct lh *h, int64_t rank);

/* into += from; 0, or -1 when out of memory or a count would pass INT64_MAX. */
int lh_merge(struct lh *into, const struct lh *from);

void lh_free(struct lh *h);

/* A histogram as int64 values: zero, inf, first, n, then the counts of bins first .. first +
 * n − 1 (the occupied range only: the same counts give the same values, whatever the storage
 * grew to). lh_encoded_len is how many; lh_encode writes them and returns the end. */
size_t lh_encoded_len(const struct lh *h);
int64_t *lh_encode(const struct lh *h, int64_t *out);

/* Adds the histogram encoded at p (at most end − p values) into h; returns the end of its
 * encoding, or NULL when it is damaged (negative counts or sizes, a range out of int, past
 * end, a count that would pass INT64_MAX) or memory ran out. */
const int64_t *lh_decode_add(struct lh *h, const int64_t *p, const int64_t *end);

#endif

/* pooled — the quantiles of a per-job value pooled over the jobs of many replicas, from a
 * summary that grows with the value's spread, not with the jobs: the replicas' jobs go in as
 * they finish and are not kept.
 *
 * The pooled law is F(x) = E[F_r(x)], F_r(x) the share of replica r's jobs at or below x, and
 * its q-quantile ξ = inf{x : F(x) >= q}. Where a replica's jobs may depend on each other
 * (they queue behind the same long tasks), the interval of ξ inverts betting tests of
 * "F(x) >= q" and "F(x) <= q" on the replicas' shares, as engine/stats/betting.h tests a
 * mean (Waudby-Smith & Ramdas 2024): the capital averaged over a grid of bets c_g fixed
 * before the data, a replica's share u multiplying bet g's by (1 − c_g) + c_g·u/q, or by
 * (1 − c_g) + c_g·(1 − u)/(1 − q). The grid here is PQ_BETS bets four times apart (betting.h's
 * are twice apart): the same widths to within a few per cent either way on shares spread
 * and concentrated, 100 to 10 000 replicas (docs/methods/statistics.md), at half the memory.
 * A stream keeps, on the log-spaced bins of engine/stats/loghist.h (256 per octave, 0.27 %
 * wide), the count of the values in each bin and, for every order q, side and bet, the sum
 * over replicas of the log of that factor at
 * each bin's upper edge: the tests' log capitals, exactly as on every value (each replica's
 * log rounded to 2^−32, which the tests allow for), at every edge a bound could fall on. A
 * replica's share changes only at the bins of its own values, so it adds each bin's rise of
 * its logs there, in time O(its values × the tests). Those sums take about 540 bytes per bin
 * the values span; until a stream's replicas hold more than PQ_RAW_MAX values it keeps their
 * sorted bins instead (4 bytes a value), and computes the same sums from them when asked, so
 * that a run of many cells and few replicas is not charged the bins' price.
 *
 * Merging is integer addition: a stream is the same, to the bit, however its replicas were
 * split between threads, shards, ranks and checkpoints. No I/O, no random numbers. */
#ifndef SPECMC_POOLED_H
#define SPECMC_POOLED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/stats/loghist.h"
#include "engine/stats/stats.h"

/* The grid: c_g = 2^−(11 − 2g) for g < 6 (2^−11 … 1/2), then 1 − 2^−(2g − 9) (1 − 2^−3 …
 * 1 − 2^−11). */
#define PQ_BETS 11
double pq_bet_fraction(int g);

/* The most orders a stream tests, and its tests per order: two sides of the grid's bets. */
#define PQ_ORDERS_MAX 4
#define PQ_TESTS (2 * PQ_BETS)

/* Test w of order i (w = i·PQ_TESTS + side·PQ_BETS + g; side 1: that F exceeds q) has the
 * log of its factor at share u, times 2^32, rounded: pq_term. */
int64_t pq_term(double q, int side, int g, double u);

/* The most values (plus one per replica) a stream keeps as bins before it sums them. */
#define PQ_RAW_MAX 65536

/* A stream of replicas for the orders q[0 .. norders). pq_init makes an empty one. */
struct pq_stream {
    int norders;
    double q[PQ_ORDERS_MAX];
    bool binned;      /* false: the replicas are in raw; true: in jobs and rows */
    int *raw;         /* each replica as its count of values, then their sorted bins */
    size_t nraw, cap;
    struct lh jobs;   /* the values, by bin */
    int lo, n;        /* the regular bins the rows cover, lo .. lo + n − 1 */
    int64_t *rows;    /* [2 + n][norders · PQ_TESTS]: LH_ZERO's, LH_INF's, then bin lo's ...:
                         the rise there of the sum over replicas of pq_term at their share */
    int64_t replicas; /* the replicas with at least one value */
};
void pq_init(struct pq_stream *st, const double *q, int norders);
void pq_free(struct pq_stream *st);

/* The terms at shares k/J, k = 0 .. J, of every test of a stream's orders: what a replica of
 * J values adds, looked up instead of computed (a table of (J + 1) · norders · PQ_TESTS
 * values, built once for the usual J). */
struct pq_table {
    int J, width;
    int64_t *t;
};
int pq_table_init(struct pq_table *tb, const struct pq_stream *like, int J);
void pq_table_free(struct pq_table *tb);

/* The bins of the n values v[] (NaN skipped: an unfinished job) into bins[], sorted (bins
 * holds 2n ints: the second half is a counting sort's scratch); returns how many. Needs no
 * stream: callers compute it before they take a stream's lock. */
int pq_bins(const double *v, int n, int *bins);

/* One replica, as the j sorted bins of its values (pq_bins), into st; `tb` (NULL, or a table
 * of st's orders) serves when its J is j. 0, or -1 when out of memory (st then holds part of
 * it: discard it). j = 0 adds nothing. */
int pq_add(struct pq_stream *st, const struct pq_table *tb, const int *bins, int j);

/* The replicas st keeps as bins summed into its histogram and rows (a stream does so by
 * itself past PQ_RAW_MAX values): the same results, other memory. 0, or -1 when out of
 * memory (discard st). */
int pq_bin(struct pq_stream *st);

/* into += from (the same orders); 0, or -1 when out of memory or the orders differ. */
int pq_merge(struct pq_stream *into, const struct pq_stream *from);

/* A stream as int64 values (its orders, replicas, then 0 and its raw values, or 1, its
 * histogram and its rows over the histogram's occupied bins): how many, and written into out
 * (returns the end).
 * pq_decode_add adds such values (at most end − p) into st, whose orders they must have, and
 * returns the end of them, or NULL when damaged or out of memory. */
size_t pq_encoded_len(const struct pq_stream *st);
int64_t *pq_encode(const struct pq_stream *st, int64_t *out);
const int64_t *pq_decode_add(struct pq_stream *st, const int64_t *p, const int64_t *end);

/* The log capital of order i's bets on `side` (1: that F exceeds its q, 0: that it falls
 * short) on the replicas' shares at or below e_k (k a regular bin), as the intervals compute
 * it: log mean_g Π_r (factor of bet g at share u_r), less at most replicas · 2^−32 (NaN when
 * out of memory). */
double pq_log_capital(const struct pq_stream *st, int i, int side, int k);

/* The least relative half-width (ci_high − ci_low)/2/estimate a pooled quantile's interval
 * can have: its ends are bin edges at least one bin apart, sinh(ln 2 / 512) = 0.001354. */
double pq_least_half_width(void);

/* The q[k]-quantiles (k < nq, each one of st's orders) of the pooled values into out[k]: the
 * estimate is the bin of the ⌈qN⌉-th smallest of the N values, at its geometric midpoint
 * (within 0.14 % of that value). The interval, at level `confidence`:
 *   independent (every value independent of every other: one job per replica, or jobs that
 *   do not queue): the exact order-statistic interval (ranks from the binomial law; Conover
 *   1999, §3.2), its ends at the outer edges of their bins;
 *   otherwise: the betting tests, inverted over the bins' edges, each end one bin outward
 *   (engine/stats/pooled.c, dependent_interval, says why that keeps the level).
 * An end beyond the data is ±∞. A q that is not an order of st gets NaN. 0, or -1 when out
 * of memory. */
int pq_quantiles(const struct pq_stream *st, bool independent, const double *q, int nq,
                 double confidence, struct st_summary *out);

#endif

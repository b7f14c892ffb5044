/* test_pooled — the pooled job quantiles from streamed replicas (engine/stats/pooled.c): the
 * order-statistic interval of independent jobs at its bins' edges, the betting capitals the
 * dependent interval inverts (computed here from every replica's share, to the rounding),
 * coverage where a replica's jobs are one value, narrowing as replicas grow
 * (where a test over a fixed number of groups of replicas stopped), and merging that gives
 * the same bits in any order. */
#include <criterion/criterion.h>

#include <limits.h>
#include <math.h>
#include <stdlib.h>

#include "engine/stats/pooled.h"
#include "engine/stats/rng.h"

static const double orders[] = {0.5, 0.9, 0.99};

/* A stream of R replicas of J values each, v[r·J + j] (NaN: no value), its table for J
 * (`table`) or none. */
static void stream_of(struct pq_stream *st, const double *v, int R, int J, bool table)
{
    int *bins = malloc(2 * (size_t)J * sizeof *bins);
    struct pq_table tb = {0};
    cr_assert(bins);
    pq_init(st, orders, 3);
    cr_assert(!table || pq_table_init(&tb, st, J) == 0);
    for (int r = 0; r < R; r++)
        cr_assert_eq(pq_add(st, table ? &tb : NULL, bins, pq_bins(v + (size_t)r * J, J, bins)),
                     0);
    pq_table_free(&tb);
    free(bins);
}

static struct st_summary quantile(const double *v, int R, int J, bool independent, double q)
{
    struct pq_stream st;
    stream_of(&st, v, R, J, true);
    struct st_summary s;
    cr_assert_eq(pq_quantiles(&st, independent, &q, 1, 0.95, &s), 0);
    pq_free(&st);
    return s;
}

static int by_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* pq_bins sorts the bins of the values that are not NaN: by counting where they are dense,
 * by comparison where they are spread or hold the bins of 0 and +∞. */
Test(pooled, bins_sorted)
{
    enum { N = 500 };
    static double v[N];
    static int bins[2 * N], want[N];
    rng_t r;
    rng_stream(&r, 13, 0, RNG_CHECK);
    for (int kind = 0; kind < 3; kind++) {
        int n = 0;
        for (int i = 0; i < N; i++) {
            double u = rng_uniform(&r);
            v[i] = i % 7 == 0                ? NAN
                   : kind == 0               ? 1 + u /* dense: about 256 bins */
                   : kind == 1               ? exp(200 * u) /* spread over 74 000 bins */
                   : i % 11 == 0 ? (u < 0.5 ? 0.0 : INFINITY)
                                             : 1 + u;
            if (!isnan(v[i]))
                want[n++] = lh_index(v[i]);
        }
        qsort(want, (size_t)n, sizeof *want, by_int);
        cr_assert_eq(pq_bins(v, N, bins), n);
        for (int i = 0; i < n; i++)
            cr_assert_eq(bins[i], want[i], "kind %d, place %d", kind, i);
    }
}

/* One job per replica: the values are i.i.d. and the interval lies between two order
 * statistics chosen by the binomial law: for N = 100 and q = 0.5 at 95 %, P(B <= 39) = 0.0176
 * <= 0.025 < P(B <= 40) = 0.0284, so the 40th smallest; by symmetry the 61st. Values 1..100
 * (shuffled): the estimate is the 50th's bin, the interval from the low edge of the 40th's
 * bin to the high edge of the 61st's. */
Test(pooled, order_statistics_at_their_bins)
{
    double v[100];
    for (int i = 0; i < 100; i++)
        v[i] = (double)((i * 37) % 100 + 1);
    struct st_summary s = quantile(v, 100, 1, true, 0.5);
    cr_assert_eq(s.method, ST_ORDER_STATISTIC);
    cr_assert_eq(s.n, 100);
    cr_assert_eq(s.mean, lh_value(lh_index(50.0)));
    cr_assert_eq(s.ci_low, lh_low(lh_index(40.0)));
    cr_assert_eq(s.ci_high, lh_high(lh_index(61.0)));
    cr_assert(s.ci_low < 40.0 && 40.0 / s.ci_low < 1.0028 && s.ci_high >= 61.0 &&
              s.ci_high / 61.0 < 1.0028);
    s = quantile(v, 100, 1, true, 0.99);
    cr_assert(isinf(s.ci_high), "the 0.99-quantile of 100 values has no upper order statistic");
    s = quantile(v, 100, 1, false, 0.5);
    cr_assert_eq(s.method, ST_BETTING);
    cr_assert(s.ci_low < 40.0 && s.ci_high > 61.0, "betting is the wider: [%g, %g]", s.ci_low,
              s.ci_high);
}

/* The estimate is the bin of the ⌈qN⌉-th smallest value, within 0.14 % of it, skipping NaN. */
Test(pooled, estimate_within_half_a_bin)
{
    enum { R = 50, J = 20 };
    static double v[R * J], sorted[R * J];
    rng_t r;
    rng_stream(&r, 8, 0, RNG_CHECK);
    int n = 0;
    for (int i = 0; i < R * J; i++) {
        v[i] = i % 31 == 0 ? NAN : pow(1.0 - rng_uniform(&r), -1.0 / 1.5);
        if (!isnan(v[i]))
            sorted[n++] = v[i];
    }
    for (int i = 1; i < n; i++) /* insertion sort: n is small */
        for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
            double t = sorted[j];
            sorted[j] = sorted[j - 1], sorted[j - 1] = t;
        }
    const double q[] = {0.1, 0.5, 0.9, 0.99}; /* 0.1: not an order of the stream, but the
                                                 order-statistic interval needs none */
    for (int k = 0; k < 4; k++) {
        double x = sorted[(int)ceil(q[k] * n) - 1];
        struct st_summary s = quantile(v, R, J, k == 0, q[k]);
        cr_assert_eq(s.n, (uint64_t)n);
        cr_assert_eq(s.mean, lh_value(lh_index(x)), "q %g", q[k]);
        cr_assert_leq(fabs(s.mean / x - 1.0), 0.00136);
        cr_assert(s.ci_low <= s.mean && s.mean <= s.ci_high);
    }
}

/* The log capital of the grid's bets on the shares u[0 .. n) at order q, from its definition:
 * log mean_g Π_r ((1 − c_g) + c_g·u_r/q) (side 1), or with (1 − u_r)/(1 − q) (side 0). */
static double log_capital(const double *u, int n, double q, int side)
{
    double sum = 0;
    for (int g = 0; g < PQ_BETS; g++) {
        double c = pq_bet_fraction(g), log_k = 0;
        for (int r = 0; r < n; r++)
            log_k += log((1 - c) + c * (side ? u[r] / q : (1 - u[r]) / (1 - q)));
        sum += exp(log_k);
    }
    return log(sum / PQ_BETS);
}

/* The grid is 2^−11, 2^−9, …, 1/2, 1 − 2^−3, …, 1 − 2^−11. */
Test(pooled, the_grid)
{
    cr_assert_eq(pq_bet_fraction(0), 0x1p-11);
    cr_assert_eq(pq_bet_fraction(5), 0.5);
    cr_assert_eq(pq_bet_fraction(6), 1 - 0x1p-3);
    cr_assert_eq(pq_bet_fraction(PQ_BETS - 1), 1 - 0x1p-11);
}

/* The capitals the dependent interval inverts are the grid's on the replicas' shares at or
 * below each bin's edge, computed here from every value: at every order and side, at edges
 * across the data, within the rounding the stream allows (2^−33 per replica each way, and it
 * subtracts as much), whether a replica's terms come from the table or are computed (replicas
 * with NaN have fewer values than the table's J). */
Test(pooled, capitals_are_betting_on_the_shares)
{
    enum { R = 80, J = 12 };
    static double v[R * J], u[R];
    rng_t r;
    rng_stream(&r, 9, 0, RNG_CHECK);
    for (int i = 0; i < R * J; i++) /* replicas of different scales: shares spread out */
        v[i] = i % 17 == 0 ? NAN : (1 + i / J % 5) * exp(2.0 * rng_uniform(&r));
    struct pq_stream st; /* kept raw: pq_log_capital bins a copy */
    stream_of(&st, v, R, J, true);
    int first = INT_MAX, last = INT_MIN;
    for (int i = 0; i < R * J; i++)
        if (!isnan(v[i]))
            first = fmin(first, lh_index(v[i])), last = fmax(last, lh_index(v[i]));
    for (int k = first - 3; k <= last + 3; k += 7) {
        double x = lh_edge(k);
        for (int rep = 0; rep < R; rep++) {
            int n = 0, below = 0;
            for (int j = 0; j < J; j++)
                if (!isnan(v[rep * J + j]))
                    n++, below += v[rep * J + j] <= x;
            u[rep] = (double)below / n;
        }
        for (int i = 0; i < 3; i++)
            for (int side = 0; side <= 1; side++) {
                double exact = log_capital(u, R, orders[i], side),
                       ours = pq_log_capital(&st, i, side, k);
                cr_assert(ours <= exact + 1e-9 * fabs(exact) && ours >= exact - 1e-8 * R,
                          "edge %d q %g side %d: %.12g vs %.12g", k, orders[i], side, ours,
                          exact);
            }
    }
    pq_free(&st);
}

/* Several jobs per replica. Independent jobs: the order-statistic interval of all N values,
 * as for one job per replica. Jobs that may depend on each other: betting, wider; the more a
 * replica's jobs cluster (replica r holding the block 10r .. 10r + 9, its share below the
 * median 0 or 1, against replicas whose 10 jobs are scattered), the wider. */
Test(pooled, dependence_widens)
{
    enum { R = 40, J = 10 };
    static double v[R * J], w[R * J];
    rng_t perm;
    rng_stream(&perm, 2, 0, RNG_CHECK);
    for (int i = 0; i < R * J; i++)
        v[i] = i + 1;
    for (int i = R * J - 1; i > 0; i--) { /* a fixed shuffle */
        int j = (int)(rng_uniform(&perm) * (i + 1));
        double t = v[i];
        v[i] = v[j], v[j] = t;
    }
    for (int i = 0; i < R * J; i++)
        w[i] = i + 1;
    struct st_summary ind = quantile(v, R, J, true, 0.5), one = quantile(v, R * J, 1, true, 0.5);
    cr_assert(ind.mean == one.mean && ind.ci_low == one.ci_low && ind.ci_high == one.ci_high);
    struct st_summary a = quantile(v, R, J, false, 0.5), b = quantile(w, R, J, false, 0.5);
    cr_assert(a.method == ST_BETTING && b.method == ST_BETTING);
    cr_assert(a.ci_low < a.mean && a.mean < a.ci_high);
    cr_assert(a.ci_high - a.ci_low > one.ci_high - one.ci_low, "betting is the wider");
    cr_assert(b.ci_high - b.ci_low > a.ci_high - a.ci_low, "clustered: [%g, %g] vs [%g, %g]",
              b.ci_low, b.ci_high, a.ci_low, a.ci_high);
}

/* The dependent interval covers: on 9 replicas of 8 jobs that are all alike within a replica
 * (the extreme of correlation: 9 values, not 72), the interval of the median covers the true
 * median of the law the replicas are drawn from in at least 95 % of 300 draws. Law: a
 * replica's jobs all take one Exp(1) value, so the pooled median is log 2. The same for the
 * 0.9-quantile, log 10, over 60 replicas. */
Test(pooled, dependent_interval_covers)
{
    enum { R = 60, J = 8, REPS = 300 };
    static double v[R * J];
    rng_t draw;
    rng_stream(&draw, 6, 0, RNG_CHECK);
    const struct {
        int R;
        double q, truth;
    } cases[] = {{9, 0.5, log(2.0)}, {R, 0.9, log(10.0)}};
    for (int c = 0; c < 2; c++) {
        int covered = 0;
        for (int rep = 0; rep < REPS; rep++) {
            for (int r = 0; r < cases[c].R; r++) {
                double x = -log(1.0 - rng_uniform(&draw));
                for (int j = 0; j < J; j++)
                    v[r * J + j] = x;
            }
            struct st_summary s = quantile(v, cases[c].R, J, false, cases[c].q);
            cr_assert_eq(s.method, ST_BETTING);
            covered += s.ci_low <= cases[c].truth && cases[c].truth <= s.ci_high;
        }
        cr_assert(covered >= 0.95 * REPS, "q %g: %d of %d", cases[c].q, covered, REPS);
    }
}

/* The dependent interval narrows as replicas grow, as 1/√R: 10 i.i.d. Exp(1) jobs per
 * replica, the 0.9-quantile at 1 000 and 16 000 replicas: the width falls by about 4 (at
 * least 3, with the two bins' rounding of 0.54 %), and at 16 000 replicas it is within 2
 * times the order-statistic interval's. A betting test over a fixed number of groups of
 * replicas stops narrowing (it cannot resolve the mean share finer than about 3.7q over the
 * number of groups). */
Test(pooled, dependent_interval_narrows)
{
    enum { J = 10, BIG = 16000 };
    static double v[BIG * J];
    rng_t draw;
    rng_stream(&draw, 4, 0, RNG_CHECK);
    for (int i = 0; i < BIG * J; i++)
        v[i] = -log(1.0 - rng_uniform(&draw));
    struct st_summary small = quantile(v, 1000, J, false, 0.9),
                      big = quantile(v, BIG, J, false, 0.9),
                      exact = quantile(v, BIG, J, true, 0.9);
    double ws = small.ci_high - small.ci_low, wb = big.ci_high - big.ci_low,
           we = exact.ci_high - exact.ci_low;
    cr_assert_geq(ws / wb, 3.0, "[%g, %g] then [%g, %g], order statistics [%g, %g]",
                  small.ci_low, small.ci_high, big.ci_low, big.ci_high, exact.ci_low,
                  exact.ci_high);
    cr_assert_leq(wb, 2.0 * we, "betting [%g, %g], order statistics [%g, %g]", big.ci_low,
                  big.ci_high, exact.ci_low, exact.ci_high);
    cr_assert(big.ci_low <= log(10.0) && log(10.0) <= big.ci_high);
}

/* Merging is addition: the replicas split into two streams (one with the table, one
 * without), added in either order, encode to the values of one stream of all of them once
 * binned (kept raw, they differ only in the order of the replicas), and an encoding, raw or
 * binned, decodes to the same stream; a stream of other orders is refused. */
Test(pooled, split_and_merged_alike)
{
    enum { R = 300, J = 7 };
    static double v[R * J];
    rng_t r;
    rng_stream(&r, 12, 0, RNG_CHECK);
    for (int i = 0; i < R * J; i++)
        v[i] = i % 13 == 0 ? NAN : exp(6.0 * rng_uniform(&r) - 2.0);
    struct pq_stream all, a, b, ab, ba, back;
    stream_of(&all, v, R, J, true);
    stream_of(&a, v, 123, J, false);
    stream_of(&b, v + 123 * J, R - 123, J, true);
    pq_init(&ab, orders, 3), pq_init(&ba, orders, 3), pq_init(&back, orders, 3);
    cr_assert_eq(pq_merge(&ab, &a), 0);
    pq_merge(&ab, &b);
    pq_merge(&ba, &b), pq_merge(&ba, &a);
    cr_assert(!all.binned && !ab.binned, "2 400 values: kept raw");
    size_t nraw = pq_encoded_len(&all);
    int64_t *raw = malloc(nraw * sizeof *raw);
    cr_assert_eq(pq_encode(&all, raw), raw + nraw);
    cr_assert_eq(pq_decode_add(&back, raw, raw + nraw), raw + nraw);
    cr_assert_eq(back.replicas, R);
    cr_assert(pq_bin(&all) == 0 && pq_bin(&ab) == 0 && pq_bin(&ba) == 0);
    cr_assert_eq(pq_bin(&back), 0);
    size_t n = pq_encoded_len(&all);
    cr_assert_eq(n, pq_encoded_len(&ab));
    cr_assert_eq(n, pq_encoded_len(&ba));
    int64_t *e1 = malloc(n * sizeof *e1), *e2 = malloc(n * sizeof *e2),
            *e3 = malloc(n * sizeof *e3);
    cr_assert_eq(pq_encode(&all, e1), e1 + n);
    pq_encode(&ab, e2), pq_encode(&ba, e3);
    for (size_t i = 0; i < n; i++)
        cr_assert(e1[i] == e2[i] && e1[i] == e3[i], "value %zu", i);
    cr_assert_eq(pq_encoded_len(&back), n);
    int64_t *e4 = malloc(n * sizeof *e4);
    pq_encode(&back, e4);
    for (size_t i = 0; i < n; i++)
        cr_assert(e1[i] == e4[i], "decoded raw, binned: value %zu", i);
    pq_free(&back);
    pq_init(&back, orders, 3);
    cr_assert_eq(pq_decode_add(&back, e1, e1 + n), e1 + n);
    cr_assert_eq(back.replicas, R);
    cr_assert_eq(pq_decode_add(&back, raw, raw + nraw), raw + nraw, "raw into binned");
    cr_assert_eq(back.replicas, 2 * R);
    raw[nraw - 1] = raw[nraw - 2] - 1; /* a record's bins out of order */
    cr_assert_eq(pq_decode_add(&back, raw, raw + nraw), NULL, "bins out of order are refused");
    struct pq_stream other;
    pq_init(&other, orders, 2);
    cr_assert_eq(pq_decode_add(&other, e1, e1 + n), NULL, "other orders are refused");
    cr_assert_eq(pq_merge(&other, &all), -1);
    pq_free(&other);
    cr_assert_eq(pq_decode_add(&back, e1, e1 + n - 1), NULL, "a truncated encoding is refused");
    free(e1), free(e2), free(e3), free(e4), free(raw);
    pq_free(&all), pq_free(&a), pq_free(&b), pq_free(&ab), pq_free(&ba), pq_free(&back);
}

/* Kept raw or binned, a stream gives the same quantiles to the bit; past PQ_RAW_MAX values
 * it bins itself. */
Test(pooled, raw_and_binned_alike)
{
    enum { R = 700, J = 100 };
    static double v[R * J];
    rng_t r;
    rng_stream(&r, 14, 0, RNG_CHECK);
    for (int i = 0; i < R * J; i++)
        v[i] = (1 + i / J % 7) * -log(1.0 - rng_uniform(&r));
    struct pq_stream raw, binned;
    stream_of(&raw, v, 300, J, true);
    stream_of(&binned, v, 300, J, false);
    cr_assert(!raw.binned);
    cr_assert_eq(pq_bin(&binned), 0);
    for (int indep = 0; indep < 2; indep++) {
        struct st_summary a[3], b[3];
        cr_assert_eq(pq_quantiles(&raw, indep, orders, 3, 0.95, a), 0);
        cr_assert_eq(pq_quantiles(&binned, indep, orders, 3, 0.95, b), 0);
        for (int k = 0; k < 3; k++)
            cr_assert(a[k].mean == b[k].mean && a[k].ci_low == b[k].ci_low &&
                          a[k].ci_high == b[k].ci_high && a[k].n == b[k].n,
                      "q %g", orders[k]);
    }
    pq_free(&raw), pq_free(&binned);
    stream_of(&raw, v, R, J, true);
    cr_assert(raw.binned, "%d values", R * (J + 1));
    pq_free(&raw);
}

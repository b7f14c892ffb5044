/* pooled — pooled job quantiles from streamed replicas (see pooled.h). */
#include "engine/stats/pooled.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The most tests of a stream. */
#define PQ_WIDTH_MAX (PQ_ORDERS_MAX * PQ_TESTS)

/* A term's rounding: each replica's log capital at a bin is one rounded term per test. */
#define PQ_ROUNDING 0x1p-33

/* a + b as the rows' sums are added: modulo 2^64, so that a damaged file's values, which
 * nothing bounds, cannot overflow (the sums of real replicas stay far inside int64). */
static int64_t wrapping_add(int64_t a, int64_t b)
{
    return (int64_t)((uint64_t)a + (uint64_t)b);
}

static int width(const struct pq_stream *st)
{
    return st->norders * PQ_TESTS;
}

static const double bets[PQ_BETS] = {0x1p-11,     0x1p-9,      0x1p-7,      0x1p-5,
                                     0x1p-3,      0x1p-1,      1 - 0x1p-3,  1 - 0x1p-5,
                                     1 - 0x1p-7,  1 - 0x1p-9,  1 - 0x1p-11};

double pq_bet_fraction(int g)
{
    return bets[g];
}

int64_t pq_term(double q, int side, int g, double u)
{
    double c = bets[g], scale = c / (side ? q : 1.0 - q);
    return llround(log((1.0 - c) + scale * (side ? u : 1.0 - u)) * 0x1p32); /* exact scaling */
}

/* The terms at share u of every test of the orders q[0 .. norders) into out[]. */
static void terms(const double *q, int norders, double u, int64_t *out)
{
    for (int i = 0; i < norders; i++)
        for (int side = 0; side < 2; side++)
            for (int g = 0; g < PQ_BETS; g++)
                *out++ = pq_term(q[i], side, g, u);
}

void pq_init(struct pq_stream *st, const double *q, int norders)
{
    memset(st, 0, sizeof *st);
    st->norders = norders < PQ_ORDERS_MAX ? norders : PQ_ORDERS_MAX;
    for (int i = 0; i < st->norders; i++)
        st->q[i] = q[i];
}

void pq_free(struct pq_stream *st)
{
    lh_free(&st->jobs);
    free(st->rows);
    free(st->raw);
    int norders = st->norders;
    double q[PQ_ORDERS_MAX];
    memcpy(q, st->q, sizeof q);
    pq_init(st, q, norders);
}

int pq_table_init(struct pq_table *tb, const struct pq_stream *like, int J)
{
    tb->J = J;
    tb->width = width(like);
    tb->t = malloc(((size_t)J + 1) * (size_t)tb->width * sizeof *tb->t);
    if (!tb->t)
        return -1;
    for (int k = 0; k <= J; k++)
        terms(like->q, like->norders, k == J ? 1.0 : (double)k / (double)J,
              tb->t + (size_t)k * tb->width);
    return 0;
}

void pq_table_free(struct pq_table *tb)
{
    free(tb->t);
    memset(tb, 0, sizeof *tb);
}

static int by_bin(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int pq_bins(const double *v, int n, int *bins)
{
    int j = 0, lo = INT_MAX, hi = INT_MIN;
    for (int i = 0; i < n; i++)
        if (!isnan(v[i])) {
            int k = lh_index(v[i]);
            bins[j++] = k;
            lo = k < lo ? k : lo, hi = k > hi ? k : hi;
        }
    if (j == 0 || lo == LH_ZERO || hi == LH_INF || (long)hi - lo >= n) {
        qsort(bins, (size_t)j, sizeof *bins, by_bin);
        return j;
    }
    int *count = bins + n; /* a counting sort over the range, in the second n */
    memset(count, 0, (size_t)(hi - lo + 1) * sizeof *count);
    for (int i = 0; i < j; i++)
        count[bins[i] - lo]++;
    for (int k = lo, i = 0; k <= hi; k++)
        for (int c = count[k - lo]; c > 0; c--)
            bins[i++] = k;
    return j;
}

/* The row of bin k (LH_ZERO, LH_INF or regular), grown to hold it; NULL when out of memory. */
static int64_t *row_of(struct pq_stream *st, int k)
{
    int w = width(st);
    if (k == LH_ZERO || k == LH_INF) {
        if (!st->rows && !(st->rows = calloc(2 * (size_t)w, sizeof *st->rows)))
            return NULL;
        return st->rows + (k == LH_ZERO ? 0 : w);
    }
    if (st->n == 0 || k < st->lo || (long)k >= (long)st->lo + st->n) {
        long lo, hi;
        lh_grown(st->lo, st->n, k, &lo, &hi);
        int64_t *rows = calloc((size_t)(2 + hi - lo) * (size_t)w, sizeof *rows);
        if (!rows)
            return NULL;
        if (st->rows)
            memcpy(rows, st->rows, 2 * (size_t)w * sizeof *rows);
        if (st->n)
            memcpy(rows + (size_t)(2 + st->lo - lo) * w, st->rows + 2 * (size_t)w,
                   (size_t)st->n * w * sizeof *rows);
        free(st->rows);
        st->rows = rows;
        st->lo = (int)lo;
        st->n = (int)(hi - lo);
    }
    return st->rows + (size_t)(2 + k - st->lo) * w;
}

/* The row of bin k if the stream has one, else NULL (all zero). */
static const int64_t *row_at(const struct pq_stream *st, int k)
{
    int w = width(st);
    if (!st->rows)
        return NULL;
    if (k == LH_ZERO || k == LH_INF)
        return st->rows + (k == LH_ZERO ? 0 : w);
    if (k < st->lo || (long)k >= (long)st->lo + st->n)
        return NULL;
    return st->rows + (size_t)(2 + k - st->lo) * w;
}

/* One replica into the histogram and rows (pq_add, binned). */
static int add_binned(struct pq_stream *st, const struct pq_table *tb, const int *bins, int j)
{
    int w = width(st);
    bool table = tb && tb->t && tb->J == j && tb->width == w;
    int64_t buf[2][PQ_WIDTH_MAX];
    const int64_t *before = table ? tb->t : buf[0];
    if (!table)
        terms(st->q, st->norders, 0.0, buf[0]);
    int below = 0;
    for (int i = 0, turn = 1; i < j; turn ^= 1) {
        int k = bins[i], run = 0;
        while (i < j && bins[i] == k)
            i++, run++;
        below += run;
        const int64_t *now = table ? tb->t + (size_t)below * w : buf[turn];
        if (!table)
            terms(st->q, st->norders, below == j ? 1.0 : (double)below / (double)j, buf[turn]);
        int64_t *row = row_of(st, k);
        if (!row || lh_add(&st->jobs, k, run))
            return -1;
        for (int x = 0; x < w; x++)
            row[x] += now[x] - before[x];
        before = now;
    }
    st->replicas++;
    return 0;
}

/* The raw replicas recorded at `raw` (n values) into st's histogram and rows. */
static int replay(struct pq_stream *st, const struct pq_table *tb, const int *raw, size_t n)
{
    for (size_t i = 0; i < n; i += 1 + (size_t)raw[i])
        if (add_binned(st, tb, raw + i + 1, raw[i]))
            return -1;
    return 0;
}

/* pq_bin with a table for the replicas' J. */
static int to_binned(struct pq_stream *st, const struct pq_table *tb)
{
    if (st->binned)
        return 0;
    int *raw = st->raw;
    size_t n = st->nraw;
    st->raw = NULL, st->nraw = st->cap = 0, st->replicas = 0, st->binned = true;
    int rc = replay(st, tb, raw, n);
    free(raw);
    return rc;
}

int pq_bin(struct pq_stream *st)
{
    return to_binned(st, NULL);
}

/* Room in st->raw for n more values; 0, or -1 when out of memory. */
static int reserve_raw(struct pq_stream *st, size_t n)
{
    if (st->nraw + n <= st->cap)
        return 0;
    size_t cap = 2 * (st->nraw + n);
    int *raw = realloc(st->raw, cap * sizeof *raw);
    if (!raw)
        return -1;
    st->raw = raw, st->cap = cap;
    return 0;
}

/* The replica's record (its count, its bins) at the end of st->raw. */
static int append_raw(struct pq_stream *st, const int *bins, int j)
{
    if (reserve_raw(st, 1 + (size_t)j))
        return -1;
    st->raw[st->nraw++] = j;
    memcpy(st->raw + st->nraw, bins, (size_t)j * sizeof *bins);
    st->nraw += (size_t)j;
    st->replicas++;
    return 0;
}

int pq_add(struct pq_stream *st, const struct pq_table *tb, const int *bins, int j)
{
    if (j <= 0)
        return 0;
    if (st->binned)
        return add_binned(st, tb, bins, j);
    if (append_raw(st, bins, j))
        return -1;
    return st->nraw > PQ_RAW_MAX ? to_binned(st, tb) : 0;
}

/* The bins of a stream that hold values, in order: LH_ZERO, the regular ones first .. last
 * (nothing when last < first), LH_INF; each row added into `into` by `add`. */
static int add_rows(struct pq_stream *into, const struct pq_stream *from, int first, int last)
{
    int w = width(into);
    for (long k = (long)first - 2; k <= last; k++) {
        int bin = k == (long)first - 2 ? LH_ZERO : k == (long)first - 1 ? LH_INF : (int)k;
        const int64_t *src = row_at(from, bin);
        if (!src)
            continue;
        int64_t *dst = row_of(into, bin);
        if (!dst)
            return -1;
        for (int x = 0; x < w; x++)
            dst[x] = wrapping_add(dst[x], src[x]);
    }
    return 0;
}

static bool same_orders(const struct pq_stream *a, const struct pq_stream *b)
{
    return a->norders == b->norders && memcmp(a->q, b->q, (size_t)a->norders * sizeof *a->q) == 0;
}

/* Every raw replica of `raw` (n values) into st, each as pq_add adds it. */
static int add_raw(struct pq_stream *st, const int *raw, size_t n)
{
    if (!st->binned) { /* all at once, then binned if they pass the limit */
        if (reserve_raw(st, n))
            return -1;
        for (size_t i = 0; i < n; i += 1 + (size_t)raw[i])
            st->replicas++;
        memcpy(st->raw + st->nraw, raw, n * sizeof *raw);
        st->nraw += n;
        return st->nraw > PQ_RAW_MAX ? to_binned(st, NULL) : 0;
    }
    return replay(st, NULL, raw, n);
}

int pq_merge(struct pq_stream *into, const struct pq_stream *from)
{
    if (!same_orders(into, from))
        return -1;
    if (!from->binned)
        return add_raw(into, from->raw, from->nraw);
    int first = 0, last = -1;
    lh_range(&from->jobs, &first, &last);
    if (to_binned(into, NULL) || lh_merge(&into->jobs, &from->jobs) ||
        add_rows(into, from, first, last))
        return -1;
    into->replicas = wrapping_add(into->replicas, from->replicas);
    return 0;
}

/* ---------------------------------------------------------------- encoding */

size_t pq_encoded_len(const struct pq_stream *st)
{
    size_t head = 3 + (size_t)st->norders;
    if (!st->binned)
        return head + 1 + st->nraw;
    int first = 0, last = -1;
    lh_range(&st->jobs, &first, &last);
    size_t bins = 2 + (last >= first ? (size_t)((long)last - first + 1) : 0);
    return head + lh_encoded_len(&st->jobs) + bins * (size_t)width(st);
}

int64_t *pq_encode(const struct pq_stream *st, int64_t *out)
{
    int first = 0, last = -1, w = width(st);
    lh_range(&st->jobs, &first, &last);
    *out++ = st->norders;
    for (int i = 0; i < st->norders; i++)
        memcpy(out++, &st->q[i], sizeof *out);
    *out++ = st->replicas;
    *out++ = st->binned;
    if (!st->binned) {
        *out++ = (int64_t)st->nraw;
        for (size_t i = 0; i < st->nraw; i++)
            *out++ = st->raw[i];
        return out;
    }
    out = lh_encode(&st->jobs, out);
    for (long k = (long)first - 2; k <= last; k++) {
        int bin = k == (long)first - 2 ? LH_ZERO : k == (long)first - 1 ? LH_INF : (int)k;
        const int64_t *row = row_at(st, bin);
        for (int x = 0; x < w; x++)
            *out++ = row ? row[x] : 0;
    }
    return out;
}

/* A raw encoding of `replicas` replicas (n values at p, end the data's end) added into st:
 * each record a count >= 1 then that many bins in order, as many records as replicas. */
static const int64_t *decode_raw(struct pq_stream *st, int64_t replicas, const int64_t *p,
                                 const int64_t *end)
{
    if (end - p < 1 || p[0] < 0 || p[0] > end - p - 1 || p[0] > (int64_t)1 << 40)
        return NULL;
    size_t n = (size_t)p[0];
    const int64_t *v = p + 1;
    int *raw = malloc((n + 1) * sizeof *raw);
    int64_t records = 0;
    bool ok = raw != NULL;
    for (size_t i = 0; ok && i < n; records++) {
        int64_t j = v[i];
        ok = j >= 1 && j <= (int64_t)(n - i - 1) && j <= INT_MAX;
        raw[i] = (int)j;
        for (int64_t k = 1; ok && k <= j; k++) {
            int64_t b = v[i + (size_t)k];
            ok = b >= INT_MIN && b <= INT_MAX && (k == 1 || b >= v[i + (size_t)k - 1]);
            raw[i + (size_t)k] = (int)b;
        }
        i += 1 + (size_t)j;
    }
    ok = ok && records == replicas && add_raw(st, raw, n) == 0;
    free(raw);
    return ok ? v + n : NULL;
}

const int64_t *pq_decode_add(struct pq_stream *st, const int64_t *p, const int64_t *end)
{
    int w = width(st);
    if (end - p < 3 + st->norders || p[0] != st->norders ||
        memcmp(p + 1, st->q, (size_t)st->norders * sizeof *p) != 0 ||
        p[1 + st->norders] < 0 || (p[2 + st->norders] != 0 && p[2 + st->norders] != 1))
        return NULL;
    int64_t replicas = p[1 + st->norders];
    bool binned = p[2 + st->norders];
    p += 3 + st->norders;
    if (!binned)
        return decode_raw(st, replicas, p, end);
    if (to_binned(st, NULL))
        return NULL;
    /* lh_encode's layout: zero, inf, first, n, counts */
    int64_t first = end - p >= 4 ? p[2] : 0, n = end - p >= 4 ? p[3] : 0;
    const int64_t *rows = lh_decode_add(&st->jobs, p, end);
    if (!rows || end - rows < (2 + n) * w)
        return NULL;
    for (int64_t k = -2; k < n; k++) {
        int bin = k == -2 ? LH_ZERO : k == -1 ? LH_INF : (int)(first + k);
        int64_t *row = row_of(st, bin);
        if (!row)
            return NULL;
        for (int x = 0; x < w; x++)
            row[x] = wrapping_add(row[x], *rows++);
    }
    st->replicas = wrapping_add(st->replicas, replicas);
    return rows;
}

/* ---------------------------------------------------------------- the tests */

/* The log of the grid's average capital from its bets' sums (times 2^32) of the logs of
 * their factors, less the rounding of `replicas` terms each (so that it never exceeds the
 * exact log capital). */
static double log_capital(const int64_t *sums, int64_t replicas)
{
    double logs[PQ_BETS], top = -INFINITY;
    for (int g = 0; g < PQ_BETS; g++) {
        logs[g] = (double)sums[g] * 0x1p-32;
        top = logs[g] > top ? logs[g] : top;
    }
    double mean = 0.0;
    for (int g = 0; g < PQ_BETS; g++)
        mean += exp(logs[g] - top);
    return top + log(mean / PQ_BETS) - (double)replicas * PQ_ROUNDING;
}

/* Every test's sum at shares 0: each replica's term at u = 0. */
static void start_sums(const struct pq_stream *st, int64_t *sums)
{
    terms(st->q, st->norders, 0.0, sums);
    for (int x = 0; x < width(st); x++)
        sums[x] = (int64_t)((uint64_t)sums[x] * (uint64_t)st->replicas); /* as wrapping_add */
}

static void add_row(const struct pq_stream *st, int bin, int64_t *sums)
{
    const int64_t *row = row_at(st, bin);
    for (int x = 0; row && x < width(st); x++)
        sums[x] = wrapping_add(sums[x], row[x]);
}

/* st itself when binned; else *tmp, made binned from st's raw replicas (pq_free it after);
 * NULL when out of memory. */
static const struct pq_stream *binned_view(const struct pq_stream *st, struct pq_stream *tmp)
{
    if (st->binned)
        return st;
    pq_init(tmp, st->q, st->norders);
    tmp->binned = true;
    if (replay(tmp, NULL, st->raw, st->nraw)) {
        pq_free(tmp);
        return NULL;
    }
    return tmp;
}

double pq_log_capital(const struct pq_stream *whole, int i, int side, int k)
{
    struct pq_stream tmp = {0};
    const struct pq_stream *st = binned_view(whole, &tmp);
    if (!st)
        return NAN;
    int64_t sums[PQ_WIDTH_MAX];
    start_sums(st, sums);
    add_row(st, LH_ZERO, sums);
    for (int b = st->lo; b < st->lo + st->n && b <= k; b++)
        add_row(st, b, sums);
    double c = log_capital(sums + i * PQ_TESTS + side * PQ_BETS, st->replicas);
    pq_free(&tmp);
    return c;
}

/* The pieces the bins cut the line into, in order: piece 0 is (−∞, 0] (LH_ZERO), piece 1
 * the gap (0, e_{first−1}] below the first regular bin that holds values, pieces 2 .. n + 1
 * the regular bins first .. first + n − 1, and piece n + 2 (e_last, +∞] (LH_INF's values and
 * the gap below them). Each is right-closed and holds exactly the values of its bin (none in
 * the gap), so the shares at its upper end are the stream's sums up to it. */
struct pieces {
    int first, n;
};

/* The bin of piece i, or 0 with *none for the gap. */
static int piece_bin(const struct pieces *p, int i, bool *none)
{
    *none = i == 1;
    return i == 0 ? LH_ZERO : i > p->n + 1 ? LH_INF : p->first + i - 2;
}

static double piece_low(const struct pieces *p, int i)
{
    return i == 0   ? -INFINITY
           : i == 1 ? 0.0
           : p->n   ? lh_edge(p->first + (i > p->n + 1 ? p->n : i - 2) - 1)
                    : INFINITY;
}

static double piece_high(const struct pieces *p, int i)
{
    return i == 0 ? 0.0 : i > p->n + 1 || !p->n ? INFINITY : lh_edge(p->first + i - 2);
}

/* The interval of order i's quantile ξ from the tests at every piece, a = (1 − confidence)/2
 * each side:
 *   lower end: with i_L the first piece where "F(its upper end) >= q" is not rejected, the
 *   low end of piece i_L. The piece i* holding ξ has F(its upper end) >= F(ξ) >= q, and so
 *   has every piece after it: the null holds there, and its test rejects with probability
 *   <= a; when it does not, i_L <= i* and the bound is at most i*'s low end, below ξ.
 *   upper end: with i_U the last piece where "F(its low end) <= q" is not rejected (the
 *   shares at the upper end of the piece before), the high end of piece i_U. The null holds
 *   at i* and at every piece before it (their low ends lie below ξ, where F < q); when i*'s
 *   test does not reject, i_U >= i* and the bound is at least ξ.
 * Each end is thus the exact inversion's (on every value) or at most one bin beyond it. */
static void dependent_interval(const struct pq_stream *st, const struct pieces *p, int i,
                               double confidence, struct st_summary *s)
{
    double threshold = log(2.0 / (1.0 - confidence));
    int64_t sums[PQ_WIDTH_MAX];
    start_sums(st, sums);
    const int64_t *up = sums + i * PQ_TESTS + PQ_BETS, *down = sums + i * PQ_TESTS;
    int last = p->n + 2, low = -1, high = 0;
    for (int k = 0; k <= last; k++) {
        if (log_capital(up, st->replicas) < threshold) /* the sums at piece k's low end */
            high = k;
        bool gap;
        int bin = piece_bin(p, k, &gap);
        if (!gap)
            add_row(st, bin, sums);
        if (low < 0 && log_capital(down, st->replicas) < threshold)
            low = k;
    }
    s->ci_low = piece_low(p, low < 0 ? last : low);
    s->ci_high = piece_high(p, high);
    s->method = ST_BETTING;
}

/* The bin of rank r (0: −∞, N + 1: +∞) as a bound: its low end, or its high end. */
static double rank_bound(const struct lh *jobs, int64_t N, int64_t r, bool high)
{
    if (r <= 0)
        return -INFINITY;
    if (r > N)
        return INFINITY;
    int k = lh_rank_bin(jobs, r);
    return high ? lh_high(k) : lh_low(k);
}

int pq_quantiles(const struct pq_stream *whole, bool independent, const double *q, int nq,
                 double confidence, struct st_summary *out)
{
    struct pq_stream tmp = {0};
    const struct pq_stream *st = binned_view(whole, &tmp);
    if (!st)
        return -1;
    int64_t N = lh_total(&st->jobs);
    struct pieces p = {0, 0};
    int last;
    if (lh_range(&st->jobs, &p.first, &last))
        p.n = last - p.first + 1;
    for (int k = 0; k < nq; k++) {
        struct st_summary s = st_empty((uint64_t)N, ST_NONE);
        int order = 0;
        while (order < st->norders && st->q[order] != q[k])
            order++;
        if (N > 0 && (independent || order < st->norders)) {
            s.mean = lh_value(lh_rank_bin(&st->jobs, (int64_t)ceil(q[k] * (double)N)));
            if (!independent)
                dependent_interval(st, &p, order, confidence, &s);
            else { /* P(X_(l) <= ξ <= X_(u)) >= 1 − 2a: l − 1 the a-quantile of Bin(N, q), u
                      one past its (1 − a)-quantile */
                double a = 0.5 * (1.0 - confidence);
                s.ci_low = rank_bound(&st->jobs, N, st_binomial_quantile(a, q[k], N), false);
                s.ci_high =
                    rank_bound(&st->jobs, N, st_binomial_quantile(1.0 - a, q[k], N) + 1, true);
                s.method = ST_ORDER_STATISTIC;
            }
        }
        out[k] = s;
    }
    pq_free(&tmp);
    return 0;
}

double pq_least_half_width(void)
{
    return sinh(log(2.0) / (2.0 * LH_PER_OCTAVE));
}

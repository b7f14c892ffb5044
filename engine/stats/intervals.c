/* intervals — the choice of interval for each quantity (see intervals.h). */
#include "engine/stats/intervals.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

#include "engine/stats/bootstrap.h"
#include "engine/stats/ranks.h"

size_t iv_scratch_size(int n)
{
    return 4 * (size_t)(n > 0 ? n : 0) + ST_BOOT_RESAMPLES;
}

/* ---------------------------------------------------------------- proportions */

/* Whether replica r holds jobs to count (m[r] > 0, k[r] not NaN). */
static bool valid_pair(const double *k, const double *m, int r)
{
    return m[r] > 0 && !isnan(k[r]);
}

/* The Wilson interval at Kish's effective sample size of a proportion whose R replicas'
 * fractions (acc: R values) pool N jobs in all: the estimate is their mean p, whose variance
 * s²/R gives n_eff = p(1 − p)/(s²/R), times (z/t_{R−1})² for the R − 1 degrees of freedom of
 * that variance, kept within [R(z/t)², N] (jobs within a replica correlate positively, so each
 * replica is worth at least one job and the whole at most N); where p is 0 or 1, or s = 0
 * with p inside, nothing measures the correlation: n_eff = R (as if each replica were one
 * trial) and N respectively (Korn & Graubard 1998's effective-size score interval). */
static double n_effective(const struct st_acc *acc, double jobs, double confidence)
{
    double R = (double)acc->n, p = acc->mean, var = acc->n > 1 ? st_acc_variance(acc) / R : 0.0;
    if (p <= 0.0 || p >= 1.0)
        return fmin(R, jobs);
    if (!(var > 0))
        return jobs;
    /* Korn & Graubard's degrees of freedom: the variance comes from R replicas, so the
       effective size is scaled by (z/t_{R−1})² — as a t interval widens on few replicas */
    double z = gsl_cdf_ugaussian_Pinv(1.0 - 0.5 * (1.0 - confidence));
    double t = gsl_cdf_tdist_Pinv(1.0 - 0.5 * (1.0 - confidence), R - 1.0);
    return fmin(fmax(p * (1.0 - p) / var * (z / t) * (z / t), R * (z / t) * (z / t)), jobs);
}

static struct st_summary cluster_wilson(const struct st_acc *acc, double jobs, double confidence)
{
    double p = acc->mean;
    struct st_summary s = st_wilson_effective(fmin(fmax(p, 0.0), 1.0),
                                              n_effective(acc, jobs, confidence), acc->n,
                                              confidence);
    s.method = ST_WILSON_CLUSTER;
    s.stddev = acc->n > 1 ? sqrt(st_acc_variance(acc)) : NAN; /* of the replicas' fractions */
    return s;
}

/* The proportion of k[r] of m[r] jobs over the valid replicas: one job each, the modified
 * Wilson interval on the count of successes (the replicas are Bernoulli trials); several,
 * cluster_wilson. */
struct st_summary iv_proportion(const double *k, const double *m, int n, double confidence)
{
    struct st_acc acc;
    st_acc_init(&acc);
    double jobs = 0.0;
    uint64_t successes = 0;
    bool single = true;
    for (int r = 0; r < n; r++) {
        if (!valid_pair(k, m, r))
            continue;
        st_acc_add(&acc, k[r] / m[r]);
        jobs += m[r];
        single = single && m[r] == 1.0;
        successes += k[r] >= m[r];
    }
    if (acc.n == 0)
        return st_empty(0, ST_NONE);
    return single ? st_wilson_modified(successes, acc.n, confidence)
                  : cluster_wilson(&acc, jobs, confidence);
}

/* The phi coefficient of a 2×2 table (Newcombe 1998: 0 when a margin is empty). */
static double phi(double a, double b, double c, double d)
{
    double den = (a + b) * (c + d) * (a + c) * (b + d);
    return den > 0 ? (a * d - b * c) / sqrt(den) : 0.0;
}

/* Paired replicas: one job each under both, Newcombe's hybrid score interval (method 10) from
 * the 2×2 table of outcomes: Wilson marginals, their correlation the table's phi. Several
 * jobs: the same square-and-add of the two cluster_wilson marginals over the paired replicas,
 * their correlation that of the replicas' fractions (the estimates are means of them). */
struct st_summary iv_proportion_difference(const double *k1, const double *m1,
                                           const double *k2, const double *m2, int n,
                                           double confidence)
{
    double cnt[2][2] = {{0, 0}, {0, 0}}; /* single jobs: [outcome 1][outcome 2] */
    struct st_acc d, x, y;               /* fractions' difference, and each */
    st_acc_init(&d), st_acc_init(&x), st_acc_init(&y);
    double sxy = 0.0, jobs1 = 0.0, jobs2 = 0.0; /* co-moment of the fractions */
    bool single = true;
    for (int r = 0; r < n; r++) {
        if (!valid_pair(k1, m1, r) || !valid_pair(k2, m2, r))
            continue;
        double f1 = k1[r] / m1[r], f2 = k2[r] / m2[r], dx = f1 - x.mean;
        single = single && m1[r] == 1.0 && m2[r] == 1.0;
        cnt[f1 >= 1.0][f2 >= 1.0] += 1.0;
        st_acc_add(&x, f1);
        st_acc_add(&y, f2);
        sxy += dx * (f2 - y.mean); /* Welford's co-moment update */
        st_acc_add(&d, f1 - f2);
        jobs1 += m1[r], jobs2 += m2[r];
    }
    if (d.n == 0)
        return st_empty(0, ST_NONE);
    struct st_summary a, b;
    double r;
    if (single) {
        double s11 = cnt[1][1], s10 = cnt[1][0], s01 = cnt[0][1], s00 = cnt[0][0];
        a = st_wilson_modified((uint64_t)(s11 + s10), d.n, confidence);
        b = st_wilson_modified((uint64_t)(s11 + s01), d.n, confidence);
        r = phi(s11, s10, s01, s00);
    } else {
        double vx = d.n > 1 ? st_acc_variance(&x) : 0.0, vy = d.n > 1 ? st_acc_variance(&y) : 0.0;
        r = vx > 0 && vy > 0 ? sxy / ((double)d.n - 1.0) / sqrt(vx * vy) : 0.0;
        a = cluster_wilson(&x, jobs1, confidence);
        b = cluster_wilson(&y, jobs2, confidence);
    }
    struct st_summary s = st_mover_difference(&a, &b, r);
    s.n = d.n;
    s.stddev = d.n > 1 ? sqrt(st_acc_variance(&d)) : NAN;
    s.ci_low = fmax(s.ci_low, -1.0);
    s.ci_high = fmin(s.ci_high, 1.0);
    s.method = single ? ST_NEWCOMBE : ST_NEWCOMBE_CLUSTER;
    return s;
}

/* ---------------------------------------------------------------- pooled quantiles */

/* The least k in [0, N] with P(B <= k) >= p, B ~ Binomial(N, q) (bisection: the CDF rises in
 * k). */
static long binomial_quantile(double p, double q, long N)
{
    long lo = 0, hi = N;
    while (lo < hi) {
        long mid = lo + (hi - lo) / 2;
        if (gsl_cdf_binomial_P((unsigned)mid, q, (unsigned)N) >= p)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* The q-quantile of the N pooled values `sorted` (not NaN) of v (R × J) with its interval. */
static struct st_summary pooled_quantile(const double *v, int R, int J, struct st_ranks *sorted,
                                         double q, double confidence)
{
    long N = sorted->n;
    struct st_summary s = st_empty((uint64_t)N, ST_NONE);
    if (N == 0)
        return s;
    double xi = st_rank(sorted, (long)ceil(q * (double)N));
    s.mean = xi;
    double a = 0.5 * (1.0 - confidence);
    if (J == 1) {
        /* P(X_(l) <= ξ_q <= X_(u)) >= 1 − 2a with l − 1 the a-quantile of B ~ Bin(N, q) and u
           one past its (1 − a)-quantile */
        s.ci_low = st_rank(sorted, binomial_quantile(a, q, N));
        s.ci_high = st_rank(sorted, binomial_quantile(1.0 - a, q, N) + 1);
        s.method = ST_ORDER_STATISTIC;
        return s;
    }
    struct st_acc acc; /* the replicas' shares of jobs at or below the estimate */
    st_acc_init(&acc);
    for (int r = 0; r < R; r++) {
        double below = 0.0, jobs = 0.0;
        for (int j = 0; j < J; j++) {
            double x = v[(size_t)r * J + j];
            jobs += !isnan(x);
            below += x <= xi;
        }
        if (jobs > 0)
            st_acc_add(&acc, below / jobs);
    }
    struct st_summary band = st_wilson_effective(q, n_effective(&acc, (double)N, confidence),
                                                 acc.n, confidence);
    /* the ranks rounded outwards, the upper one past ⌈N p_U⌉ as the exact interval's is past
       its binomial quantile: where the band reaches the top the data have no upper end */
    s.ci_low = st_rank(sorted, (long)floor(band.ci_low * (double)N));
    s.ci_high = st_rank(sorted, (long)ceil(band.ci_high * (double)N) + 1);
    s.method = ST_WOODRUFF;
    return s;
}

void iv_pooled_quantiles(const double *v, int R, int J, const double *q, int nq,
                         double confidence, double *work, struct st_summary *out)
{
    long N = 0;
    for (long i = 0; i < (long)R * J; i++)
        if (!isnan(v[i]))
            work[N++] = v[i];
    struct st_ranks sorted;
    st_ranks_init(&sorted, work, N);
    for (int k = 0; k < nq; k++)
        out[k] = pooled_quantile(v, R, J, &sorted, q[k], confidence);
}

struct st_summary iv_pooled_quantile(const double *v, int R, int J, double q, double confidence,
                                     double *work)
{
    struct st_summary s;
    iv_pooled_quantiles(v, R, J, &q, 1, confidence, work, &s);
    return s;
}

/* ---------------------------------------------------------------- means */

/* Why a mean over n replicas of `jobs` jobs each, with per-replica tail index `tail`, has no
 * valid interval, or ST_OK. */
static enum st_caveat mean_caveat(uint64_t n, int jobs, double tail)
{
    if (tail <= 2.0)
        return ST_INFINITE_VARIANCE;
    if (tail <= IV_TAIL_MIN)
        return ST_HEAVY_TAIL;
    if (jobs < IV_MANY_JOBS && n < (tail <= IV_TAIL_SKEWED ? IV_ENOUGH_SKEWED : IV_ENOUGH_REPLICAS))
        return ST_FEW_JOBS;
    return ST_OK;
}

/* The mean of the n values v (NaN skipped) with the interval the rules above give. */
static struct st_summary mean_of(const double *v, int n, int jobs, double tail,
                                 double confidence, rng_t *rng, double *scratch)
{
    struct st_acc acc;
    st_acc_init(&acc);
    int nf = 0;
    bool constant = true;
    for (int r = 0; r < n; r++) {
        st_acc_add(&acc, v[r]);
        if (isfinite(v[r])) {
            constant = constant && (nf == 0 || v[r] == scratch[0]);
            scratch[nf++] = v[r];
        }
    }
    struct st_summary s = st_t_interval(&acc, confidence);
    s.tail = tail;
    if (acc.n == 0)
        return s;
    if (constant && acc.n > 1 && !acc.pos_inf && !acc.neg_inf) {
        s.method = ST_CONSTANT; /* [v, v]: no spread to build an interval from */
        return s;
    }
    enum st_caveat c = acc.pos_inf || acc.neg_inf ? ST_INFINITE_VALUES
                                                  : mean_caveat(acc.n, jobs, tail);
    if (c != ST_OK) {
        s.method = ST_UNRELIABLE;
        s.caveat = (unsigned char)c;
        return s;
    }
    if (acc.n < IV_MIN_REPLICAS)
        return s;
    s = st_bootstrap_t(scratch, (size_t)nf, confidence, rng, scratch + nf);
    s.tail = tail;
    return s;
}

/* Proportions are given as fractions of q.jobs jobs: as counts into k, m (2n doubles). */
static void as_counts(const double *x, int n, int jobs, double *k, double *m)
{
    for (int r = 0; r < n; r++) {
        k[r] = isnan(x[r]) ? NAN : round(x[r] * jobs);
        m[r] = isnan(x[r]) ? 0.0 : jobs;
    }
}

struct st_summary iv_mean(const double *x, int n, struct iv_quantity q, double confidence,
                          rng_t *rng, double *scratch)
{
    if (q.proportion) {
        as_counts(x, n, q.jobs, scratch, scratch + n);
        return iv_proportion(scratch, scratch + n, n, confidence);
    }
    return mean_of(x, n, q.jobs, q.tail, confidence, rng, scratch);
}

struct st_summary iv_difference(const double *x, const double *y, int n, struct iv_quantity qx,
                                struct iv_quantity qy, double confidence, rng_t *rng,
                                double *scratch)
{
    if (qx.proportion && qy.proportion) {
        as_counts(x, n, qx.jobs, scratch, scratch + n);
        as_counts(y, n, qy.jobs, scratch + 2 * n, scratch + 3 * n);
        return iv_proportion_difference(scratch, scratch + n, scratch + 2 * n, scratch + 3 * n,
                                        n, confidence);
    }
    double *d = scratch + 3 * n; /* mean_of fills scratch[0..n) from d */
    for (int r = 0; r < n; r++)
        d[r] = x[r] - y[r]; /* NaN where either is, or both infinite alike */
    return mean_of(d, n, qx.jobs < qy.jobs ? qx.jobs : qy.jobs, fmin(qx.tail, qy.tail),
                   confidence, rng, scratch);
}

void iv_note(const struct st_summary *s, char *buf, size_t len)
{
    switch (s->caveat) {
    case ST_INFINITE_VARIANCE:
        snprintf(buf, len, "tail index %.3g <= 2: infinite variance; no interval for a mean is "
                           "valid", s->tail);
        break;
    case ST_HEAVY_TAIL:
        snprintf(buf, len, "tail index %.3g <= %g: no interval for a mean reaches its level",
                 s->tail, IV_TAIL_MIN);
        break;
    case ST_FEW_JOBS:
        snprintf(buf, len, "under %d replicas, each a value of under %d jobs (a replica's "
                           "quantile: one order statistic): too skewed for an interval",
                 s->tail <= IV_TAIL_SKEWED ? IV_ENOUGH_SKEWED : IV_ENOUGH_REPLICAS, IV_MANY_JOBS);
        break;
    case ST_INFINITE_VALUES:
        snprintf(buf, len, "some replicas are infinite (a utility with PoCD <= R_min)");
        break;
    default:
        snprintf(buf, len, "%s", "");
    }
}

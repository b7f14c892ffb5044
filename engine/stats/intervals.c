/* intervals — the choice of interval for each quantity (see intervals.h). */
#include "engine/stats/intervals.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/stats/betting.h"
#include "engine/stats/bootstrap.h"
#include "engine/stats/select.h"

size_t iv_scratch_size(int n)
{
    return 8 * (size_t)(n > 0 ? n : 0) + ST_BOOT_RESAMPLES;
}

/* ---------------------------------------------------------------- proportions */

/* Whether replica r holds jobs to count (m[r] > 0, k[r] not NaN). */
static bool valid_pair(const double *k, const double *m, int r)
{
    return m[r] > 0 && !isnan(k[r]);
}

struct st_summary iv_proportion(const double *k, const double *m, int n, bool independent,
                                double confidence, double *scratch)
{
    double *f = scratch, successes = 0.0, jobs = 0.0; /* the replicas' fractions, then betting's */
    int nf = 0;
    bool single = true;
    for (int r = 0; r < n; r++) {
        if (!valid_pair(k, m, r))
            continue;
        f[nf++] = k[r] / m[r];
        successes += k[r];
        jobs += m[r];
        single = single && m[r] == 1.0;
    }
    if (nf == 0)
        return st_empty(0, ST_NONE);
    if (single || independent) /* Bernoulli trials: one per job */
        return st_wilson_modified((uint64_t)successes, (uint64_t)jobs, confidence);
    return st_betting_interval(f, (size_t)nf, 0.0, 1.0, confidence, f + nf);
}

/* The phi coefficient of a 2×2 table (Newcombe 1998: 0 when a margin is empty). */
static double phi(double a, double b, double c, double d)
{
    double den = (a + b) * (c + d) * (a + c) * (b + d);
    return den > 0 ? (a * d - b * c) / sqrt(den) : 0.0;
}

/* Paired replicas of independent jobs: Newcombe's hybrid score interval (method 10), the
 * square-and-add of the two modified Wilson intervals of the pooled counts, correlated as the
 * 2×2 table of paired outcomes (phi) for one job per replica, as the replicas' fractions for
 * several (the pooled proportions are means of them; Zou & Donner 2008's MOVER). Jobs that
 * are not independent: the betting interval of the replicas' differences of fractions. */
struct st_summary iv_proportion_difference(const double *k1, const double *m1,
                                           const double *k2, const double *m2, int n,
                                           bool independent, double confidence,
                                           double *scratch)
{
    double cnt[2][2] = {{0, 0}, {0, 0}}; /* single jobs: [outcome 1][outcome 2] */
    double *d = scratch, sum1 = 0, sum2 = 0, jobs1 = 0, jobs2 = 0;
    struct st_acc x, y;
    st_acc_init(&x), st_acc_init(&y);
    double sxy = 0.0; /* co-moment of the fractions (Welford's update) */
    int nd = 0;
    bool single = true;
    for (int r = 0; r < n; r++) {
        if (!valid_pair(k1, m1, r) || !valid_pair(k2, m2, r))
            continue;
        double f1 = k1[r] / m1[r], f2 = k2[r] / m2[r], dx = f1 - x.mean;
        single = single && m1[r] == 1.0 && m2[r] == 1.0;
        cnt[f1 >= 1.0][f2 >= 1.0] += 1.0;
        st_acc_add(&x, f1);
        st_acc_add(&y, f2);
        sxy += dx * (f2 - y.mean);
        sum1 += k1[r], sum2 += k2[r], jobs1 += m1[r], jobs2 += m2[r];
        d[nd++] = f1 - f2;
    }
    if (nd == 0)
        return st_empty(0, ST_NONE);
    if (!single && !independent)
        return st_betting_interval(d, (size_t)nd, -1.0, 1.0, confidence, d + nd);
    struct st_summary a = st_wilson_modified((uint64_t)sum1, (uint64_t)jobs1, confidence);
    struct st_summary b = st_wilson_modified((uint64_t)sum2, (uint64_t)jobs2, confidence);
    double vx = nd > 1 ? st_acc_variance(&x) : 0.0, vy = nd > 1 ? st_acc_variance(&y) : 0.0;
    double r = single ? phi(cnt[1][1], cnt[1][0], cnt[0][1], cnt[0][0])
               : vx > 0 && vy > 0 ? sxy / ((double)nd - 1.0) / sqrt(vx * vy)
                                  : 0.0;
    struct st_summary s = st_mover_difference(&a, &b, r);
    struct st_acc acc;
    st_acc_init(&acc);
    for (int i = 0; i < nd; i++)
        st_acc_add(&acc, d[i]);
    s.n = (uint64_t)nd;
    s.stddev = nd > 1 ? sqrt(st_acc_variance(&acc)) : NAN;
    s.ci_low = fmax(s.ci_low, -1.0);
    s.ci_high = fmin(s.ci_high, 1.0);
    s.method = ST_NEWCOMBE;
    return s;
}

/* ---------------------------------------------------------------- means */

/* Why a mean over n replicas of `jobs` jobs each (independent of each other or not), with
 * per-replica tail index `tail`, has no valid interval, or ST_OK. A replica's value is an
 * average close to normal only where it averages IV_MANY_JOBS independent jobs; otherwise it
 * is as skewed as one job's (jobs that queue behind one long task share its delay). */
static enum st_caveat mean_caveat(uint64_t n, int jobs, double tail, bool independent)
{
    bool averaged = independent && jobs >= IV_MANY_JOBS;
    if (tail <= 2.0)
        return ST_INFINITE_VARIANCE;
    bool averaged_heavy = averaged && jobs >= IV_MANY_JOBS_HEAVY;
    if (tail <= IV_TAIL_MIN &&
        !(averaged_heavy && tail >= IV_TAIL_AVERAGED && n >= IV_MIN_REPLICAS))
        return ST_HEAVY_TAIL;
    if (tail <= IV_TAIL_SKEWED)
        return averaged || n >= IV_ENOUGH_SKEWED ? ST_OK : ST_FEW_JOBS;
    if (jobs < IV_MANY_JOBS && n < IV_ENOUGH_REPLICAS)
        return ST_FEW_JOBS;
    return !independent && n < IV_MIN_REPLICAS ? ST_FEW_REPLICAS : ST_OK;
}

/* The mean of the n values v (NaN skipped) with the interval the rules above give. */
static struct st_summary mean_of(const double *v, int n, struct iv_quantity q,
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
    s.tail = q.tail;
    if (acc.n == 0)
        return s;
    if (constant && acc.n > 1 && !acc.pos_inf && !acc.neg_inf) {
        s.method = ST_CONSTANT; /* [v, v]: no spread to build an interval from */
        return s;
    }
    enum st_caveat c = acc.pos_inf || acc.neg_inf
                           ? ST_INFINITE_VALUES
                           : mean_caveat(acc.n, q.jobs, q.tail, q.independent);
    if (c != ST_OK) {
        s.method = ST_UNRELIABLE;
        s.caveat = (unsigned char)c;
        return s;
    }
    if (acc.n < IV_MIN_REPLICAS)
        return s;
    s = st_bootstrap_t(scratch, (size_t)nf, confidence, rng, scratch + nf);
    s.tail = q.tail;
    return s;
}

/* s clipped to q's range [lo, hi] where lo < hi: the mean and each end that is not NaN (NaN:
 * no end). */
static struct st_summary clipped(struct st_summary s, struct iv_quantity q)
{
    double lo = q.lo, hi = q.hi;
    if (!(lo < hi))
        return s;
    if (!isnan(s.mean))
        s.mean = fmin(fmax(s.mean, lo), hi);
    if (!isnan(s.ci_low))
        s.ci_low = fmin(fmax(s.ci_low, lo), hi);
    if (!isnan(s.ci_high))
        s.ci_high = fmin(fmax(s.ci_high, lo), hi);
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
        return iv_proportion(scratch, scratch + n, n, q.independent, confidence, scratch + 2 * n);
    }
    return clipped(mean_of(x, n, q, confidence, rng, scratch), q);
}

struct st_summary iv_difference(const double *x, const double *y, int n, struct iv_quantity qx,
                                struct iv_quantity qy, double confidence, rng_t *rng,
                                double *scratch)
{
    bool independent = qx.independent && qy.independent;
    if (qx.proportion && qy.proportion) {
        as_counts(x, n, qx.jobs, scratch, scratch + n);
        as_counts(y, n, qy.jobs, scratch + 2 * n, scratch + 3 * n);
        return iv_proportion_difference(scratch, scratch + n, scratch + 2 * n, scratch + 3 * n,
                                        n, independent, confidence, scratch + 4 * n);
    }
    double *d = scratch + 3 * n; /* mean_of fills scratch[0..n) from d */
    for (int r = 0; r < n; r++)
        d[r] = x[r] - y[r]; /* NaN where either is, or both infinite alike */
    bool bounded = qx.lo < qx.hi && qy.lo < qy.hi;
    struct iv_quantity q = {false, qx.jobs < qy.jobs ? qx.jobs : qy.jobs, fmin(qx.tail, qy.tail),
                            independent, bounded ? qx.lo - qy.hi : 0.0,
                            bounded ? qx.hi - qy.lo : 0.0};
    return clipped(mean_of(d, n, q, confidence, rng, scratch), q);
}

void iv_note(const struct st_summary *s, char *buf, size_t len)
{
    switch (s->caveat) {
    case ST_INFINITE_VARIANCE:
        snprintf(buf, len, "tail index %.3g <= 2: infinite variance; no interval for a mean is "
                           "valid", s->tail);
        break;
    case ST_HEAVY_TAIL:
        snprintf(buf, len, "tail index %.3g <= %g: no interval for a mean reaches its level "
                           "(one of %d independent jobs per replica would at %g or more)",
                 s->tail, IV_TAIL_MIN, IV_MANY_JOBS_HEAVY, IV_TAIL_AVERAGED);
        break;
    case ST_FEW_JOBS:
        if (s->tail <= IV_TAIL_SKEWED)
            snprintf(buf, len, "tail index %.3g <= %g: under %d replicas of values as skewed as "
                               "one job's (not %d independent jobs each: jobs that queue, a "
                               "replica's quantile), too few for an interval",
                     s->tail, IV_TAIL_SKEWED, IV_ENOUGH_SKEWED, IV_MANY_JOBS);
        else
            snprintf(buf, len, "under %d replicas, each a value of under %d jobs (a replica's "
                               "quantile: one order statistic): too skewed for an interval",
                     IV_ENOUGH_REPLICAS, IV_MANY_JOBS);
        break;
    case ST_FEW_REPLICAS:
        snprintf(buf, len, "under %d replicas of jobs that queue behind each other: too few "
                           "for an interval", IV_MIN_REPLICAS);
        break;
    case ST_INFINITE_VALUES:
        snprintf(buf, len, "some replicas are infinite (a utility with PoCD <= R_min)");
        break;
    default:
        snprintf(buf, len, "%s", "");
    }
}

struct st_summary iv_quantile(double *x, long n, double q, double confidence)
{
    struct st_summary s = st_empty((uint64_t)n, ST_ORDER_STATISTIC);
    struct st_ranks r;
    st_ranks_init(&r, x, n);
    s.mean = st_ranks_quantile(&r, q);
    if (!(confidence > 0 && confidence < 1))
        return s;
    double a = 0.5 * (1.0 - confidence);
    s.ci_low = st_rank(&r, st_binomial_quantile(a, q, n));
    s.ci_high = st_rank(&r, st_binomial_quantile(1.0 - a, q, n) + 1);
    return s;
}

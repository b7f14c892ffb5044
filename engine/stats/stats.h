/* stats — accumulators and confidence intervals for per-replica results.
 *
 * Welford accumulators are fed in replica order by the caller, so every summary is the same
 * for any thread count. Intervals: Student-t for means (GSL quantiles), Wilson score for
 * proportions (also with an effective sample size), Clopper–Pearson's exact binomial interval,
 * the square-and-add (MOVER) interval of a difference of correlated estimates; the exact sign
 * test and binomial ranks of order-statistic intervals; and a Kolmogorov–Smirnov test for the
 * sampler checks. Which interval a quantity gets is engine/stats/intervals.h's decision; the
 * bootstrap is in engine/stats/bootstrap.h (it needs random numbers, which this file never
 * uses), betting in engine/stats/betting.h, paired verdicts in engine/stats/verdict.h. No I/O
 * here. */
#ifndef SPECMC_STATS_H
#define SPECMC_STATS_H

#include <stddef.h>
#include <stdint.h>

struct st_acc {
    uint64_t n;  /* samples added (NaN samples are skipped and not counted) */
    double mean; /* running mean of the finite samples */
    double m2;   /* running sum of squared deviations (Welford 1962) of the finite samples */
    uint64_t pos_inf, neg_inf; /* infinite samples (counted in n, kept out of mean and m2) */
};

/* How an interval was made (the `interval` column of report --csv: st_method_name). */
enum st_method {
    ST_NONE,             /* no interval (no data) */
    ST_T,                /* Student-t over replicas */
    ST_BOOTSTRAP,        /* bootstrap-t over replicas (engine/stats/bootstrap.h) */
    ST_WILSON,           /* Wilson score: one Bernoulli outcome per replica */
    ST_WILSON_CLUSTER,   /* Wilson score at the effective sample size of pooled jobs (files
                            before format 5; no longer made: it undercovers when jobs queue) */
    ST_NEWCOMBE,         /* Newcombe's hybrid score: paired Bernoulli replicas */
    ST_NEWCOMBE_CLUSTER, /* the same square-and-add, of two pooled proportions (files before
                            format 5, as ST_WILSON_CLUSTER) */
    ST_ORDER_STATISTIC,  /* a quantile of i.i.d. values: order statistics by the binomial law */
    ST_WOODRUFF,         /* a quantile of pooled, clustered values: the score interval of the
                            CDF at it, inverted (Woodruff 1952; files before format 5) */
    ST_UNRELIABLE,       /* no valid interval (st_caveat says why); the ends are a t interval
                            kept for reference */
    ST_CONSTANT,         /* every replica gave the same value: that value, with no width (exact
                            where the policy fixes it, e.g. FIFO's copies per task) */
    ST_BETTING,          /* a mean of bounded values by betting (engine/stats/betting.h): valid
                            for any distribution of the replicas' values */
    ST_CLOPPER_PEARSON,  /* a share of replicas: the exact binomial interval */
    ST_SIGN_TEST,        /* not an interval: the mean is the exact sign test's p-value */
    ST_METHODS
};

/* Why no interval is valid (ST_UNRELIABLE), or ST_OK. */
enum st_caveat {
    ST_OK,
    ST_INFINITE_VARIANCE, /* the per-replica value's tail index is <= 2 */
    ST_HEAVY_TAIL,        /* its tail index is <= 4: finite variance, yet no interval covers */
    ST_FEW_REPLICAS,      /* fewer replicas than any interval of a mean needs */
    ST_FEW_JOBS,          /* few replicas of few jobs each: skewed per-replica values */
    ST_INFINITE_VALUES,   /* some replicas are infinite (a utility with PoCD <= R_min) */
    ST_CAVEATS
};

struct st_summary {
    uint64_t n;     /* sample size */
    double mean;    /* point estimate */
    double stddev;  /* t: sample standard deviation (n-1), NaN if n < 2;
                     * Wilson: Bernoulli sqrt(p(1-p)) of one trial */
    double ci_low;  /* lower end of the two-sided interval */
    double ci_high; /* upper end */
    unsigned char method; /* enum st_method */
    unsigned char caveat; /* enum st_caveat (ST_OK unless the method is ST_UNRELIABLE) */
    double tail;    /* tail index of the per-replica values the interval assumed (INFINITY:
                       light-tailed or bounded; models/metrics.h) */
};

/* The summary of n values that give no estimate: mean, stddev and ends NaN, method `method`
 * (ST_NONE: no interval), caveat ST_OK, tail index INFINITY. */
struct st_summary st_empty(uint64_t n, enum st_method method);

/* "t", "bootstrap", "wilson", "wilson-cluster", "newcombe", "newcombe-cluster",
 * "order-statistic", "woodruff", "unreliable", "constant", "betting", "clopper-pearson",
 * "sign-test" ("-" for ST_NONE); st_method_parse is the
 * inverse (-1 if unknown). */
const char *st_method_name(enum st_method m);
int st_method_parse(const char *name);
/* "infinite-variance", "heavy-tail", "few-replicas", "few-jobs", "infinite-values" ("" for
 * ST_OK); st_caveat_parse is the inverse (-1 if unknown). */
const char *st_caveat_name(enum st_caveat c);
int st_caveat_parse(const char *name);

void st_acc_init(struct st_acc *a);
void st_acc_add(struct st_acc *a, double x); /* NaN is ignored */
/* Sample variance: NaN if n < 2 or any sample is infinite. */
double st_acc_variance(const struct st_acc *a);

/* Student-t interval for the mean at the given confidence (e.g. 0.95). n = 0 gives all NaN;
 * n = 1 gives the mean with NaN interval ends. Infinite samples of one sign make the mean
 * and both ends that infinity (stddev NaN); of both signs, all NaN. */
struct st_summary st_t_interval(const struct st_acc *a, double confidence);

/* Wilson score interval for a proportion of successes out of n Bernoulli trials. mean is
 * successes/n and stddev the per-trial sqrt(p(1-p)) (not the standard error). The ends lie in
 * [0,1] and are exactly 0 / 1 at 0 / n successes. n = 0 (or successes > n) gives all NaN. */
struct st_summary st_wilson_interval(uint64_t successes, uint64_t n, double confidence);

/* Brown, Cai & DasGupta's (2001, §4.1.1) modified Wilson interval: Wilson's, except that for
 * 1 <= successes <= x* (x* = 2 when n <= 50, else 3) the lower end is the one-sided Poisson
 * bound ½χ²_{2x}(α/2)/n, and for n − x* <= successes <= n − 1 the upper end is 1 minus the
 * same bound of the failures: there Wilson's interval is too short on the side of the nearer
 * boundary (at p = 0.99 and n = 50 it covers 0.911; the modified one 0.986). */
struct st_summary st_wilson_modified(uint64_t successes, uint64_t n, double confidence);

/* The Wilson interval of a proportion p estimated with the precision of n_eff Bernoulli
 * trials (n_eff > 0, not necessarily whole: Kish's effective sample size of clustered data,
 * Korn & Graubard 1998). The ends are exactly 0 / 1 when p is 0 / 1. n is stored as given. */
struct st_summary st_wilson_effective(double p, double n_eff, uint64_t n, double confidence);

/* Clopper & Pearson's (1934) exact interval for a binomial proportion of k successes in n
 * trials: the ends are the (1 − c)/2 quantile of Beta(k, n − k + 1) and the 1 − (1 − c)/2
 * quantile of Beta(k + 1, n − k) (exactly 0 at k = 0 and 1 at k = n). Conservative by
 * construction: it covers at least c whatever the proportion. mean k/n, stddev the Bernoulli
 * sqrt(p(1 − p)) of one trial, method ST_CLOPPER_PEARSON; n = 0 or k > n: NaN. Where GSL's
 * beta inversion does not converge (far tails of large n; GSL's error handler must be off, as
 * in the CLI) the quantile is found by bisection on the beta CDF. */
struct st_summary st_clopper_pearson(uint64_t k, uint64_t n, double confidence);

/* The least k in [0, N] with P(B <= k) >= p, B ~ Binomial(N, q): the rank an order-statistic
 * interval rests on (Conover 1999, §3.2). */
long st_binomial_quantile(double p, double q, long N);

/* The exact two-sided sign test of `below` outcomes of one sign against `above` of the other
 * (ties dropped; Conover 1999, §3.4): min(1, 2·P(B <= min(below, above))), B ~ Binomial(below
 * + above, 1/2); 1 when both are 0. Underflows to 0 below about 1e-308. */
double st_sign_test(uint64_t below, uint64_t above);

/* The difference a − b of two estimates with intervals a and b whose estimators correlate
 * with r, by square-and-add (MOVER: Newcombe 1998, method 10, for paired proportions, where r
 * is the phi coefficient; Zou & Donner 2008 in general):
 *   low  = (a − b) − sqrt((a − a_lo)² − 2r(a − a_lo)(b_hi − b) + (b_hi − b)²),
 *   high = (a − b) + sqrt((a_hi − a)² − 2r(a_hi − a)(b − b_lo) + (b − b_lo)²).
 * A NaN r counts as 0. n and stddev are left to the caller. */
struct st_summary st_mover_difference(const struct st_summary *a, const struct st_summary *b,
                                      double r);

/* Quantile p in [0,1] of sorted data by linear interpolation between order statistics
 * (Hyndman & Fan type 7, as GSL and R's default). NaN if n = 0. */
double st_quantile_sorted(const double *sorted, size_t n, double p);

/* The same of unsorted data by selection: st_quantile_select (engine/stats/select.h). */

/* Kolmogorov–Smirnov: statistic D_n of sorted data against a CDF (NaN if n = 0), and the
 * p-value P(D_n > d) approximated by the Kolmogorov survival function Q_KS(x) with the
 * small-sample correction of Stephens (1970): x = d (sqrt(n) + 0.12 + 0.11/sqrt(n)).
 * st_ks_pvalue is NaN for n = 0 and 1 for d <= 0. */
double st_ks_statistic(const double *sorted, size_t n, double (*cdf)(double x, const void *ctx),
                       const void *ctx);
double st_ks_pvalue(double d, size_t n);

#endif

/* stats — accumulators and confidence intervals for per-replica results.
 *
 * Welford accumulators are fed in replica order by the caller, so every summary is the same
 * for any thread count. Intervals: Student-t for means (GSL quantiles), Wilson score for
 * proportions, and a Kolmogorov–Smirnov test for the sampler checks. No I/O here. */
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

struct st_summary {
    uint64_t n;     /* sample size */
    double mean;    /* point estimate */
    double stddev;  /* t: sample standard deviation (n-1), NaN if n < 2;
                     * Wilson: Bernoulli sqrt(p(1-p)) of one trial */
    double ci_low;  /* lower end of the two-sided interval */
    double ci_high; /* upper end */
};

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

/* Quantile p in [0,1] of sorted data by linear interpolation between order statistics
 * (Hyndman & Fan type 7, as GSL and R's default). NaN if n = 0. */
double st_quantile_sorted(const double *sorted, size_t n, double p);

/* The same type-7 quantile of unsorted data by selection (GSL's quickselect, O(n)): the
 * data are reordered. Equal to st_quantile_sorted on the sorted data. */
double st_quantile_select(double *data, size_t n, double p);

/* Kolmogorov–Smirnov: statistic D_n of sorted data against a CDF (NaN if n = 0), and the
 * p-value P(D_n > d) approximated by the Kolmogorov survival function Q_KS(x) with the
 * small-sample correction of Stephens (1970): x = d (sqrt(n) + 0.12 + 0.11/sqrt(n)).
 * st_ks_pvalue is NaN for n = 0 and 1 for d <= 0. */
double st_ks_statistic(const double *sorted, size_t n, double (*cdf)(double x, const void *ctx),
                       const void *ctx);
double st_ks_pvalue(double d, size_t n);

#endif

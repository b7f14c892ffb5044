/* stats — Welford accumulators, Student-t, Wilson and Clopper–Pearson intervals, the sign test
 * and binomial ranks, type-7 quantiles and the Kolmogorov–Smirnov statistic and p-value
 * (contract: engine/stats/stats.h).
 *
 * This file is pure numerics: no I/O, no allocation, no random numbers, no global state.
 * It does not sort (st_quantile_sorted and st_ks_statistic expect sorted input) and it does
 * not merge accumulators; callers feed replicas in a fixed order so results do not depend
 * on the thread count. Quantiles of the t, normal, beta and binomial laws come from GSL. */
#include "engine/stats/stats.h"

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>

#include "engine/base/text.h"

void st_acc_init(struct st_acc *a)
{
    a->n = 0;
    a->mean = 0.0;
    a->m2 = 0.0;
    a->pos_inf = a->neg_inf = 0;
}

/* Welford (1962), as in Knuth TAOCP Vol. 2 §4.2.2: the update of m2 multiplies the old and
 * new deviations, which have the same sign, so m2 never goes negative. */
void st_acc_add(struct st_acc *a, double x)
{
    if (isnan(x))
        return;
    a->n++;
    if (isinf(x)) { /* e.g. a utility lg(PoCD − R_min) with PoCD <= R_min */
        if (x > 0)
            a->pos_inf++;
        else
            a->neg_inf++;
        return;
    }
    double delta = x - a->mean;
    a->mean += delta / (double)a->n;
    a->m2 += delta * (x - a->mean);
}

double st_acc_variance(const struct st_acc *a)
{
    if (a->n < 2 || a->pos_inf || a->neg_inf)
        return NAN;
    return a->m2 / (double)(a->n - 1);
}

static int valid_confidence(double confidence)
{
    return confidence > 0.0 && confidence < 1.0; /* false for NaN too */
}

struct st_summary st_empty(uint64_t n, enum st_method method)
{
    return (struct st_summary){.n = n, .mean = NAN, .stddev = NAN, .ci_low = NAN,
                               .ci_high = NAN, .method = (unsigned char)method,
                               .caveat = ST_OK, .tail = INFINITY};
}

/* Two-sided interval: mean ± t_{1-(1-c)/2, n-1} · s / sqrt(n). */
struct st_summary st_t_interval(const struct st_acc *a, double confidence)
{
    struct st_summary s = st_empty(a->n, ST_T);
    if (a->n == 0)
        return s;
    if (a->pos_inf || a->neg_inf) { /* the mean is that infinity, whatever else was seen */
        double inf = a->pos_inf && a->neg_inf ? NAN : a->pos_inf ? INFINITY : -INFINITY;
        s.mean = s.ci_low = s.ci_high = inf;
        return s;
    }
    s.mean = a->mean;
    if (a->n < 2)
        return s;
    double var = st_acc_variance(a);
    s.stddev = sqrt(var);
    if (!valid_confidence(confidence))
        return s;
    if (var == 0.0) {
        s.ci_low = s.ci_high = s.mean;
        return s;
    }
    double t = gsl_cdf_tdist_Pinv(1.0 - 0.5 * (1.0 - confidence), (double)(a->n - 1));
    double half = t * s.stddev / sqrt((double)a->n);
    s.ci_low = s.mean - half;
    s.ci_high = s.mean + half;
    return s;
}

static const char *const method_names[ST_METHODS] = {
    [ST_NONE] = "-",
    [ST_T] = "t",
    [ST_BOOTSTRAP] = "bootstrap",
    [ST_WILSON] = "wilson",
    [ST_WILSON_CLUSTER] = "wilson-cluster",
    [ST_NEWCOMBE] = "newcombe",
    [ST_NEWCOMBE_CLUSTER] = "newcombe-cluster",
    [ST_ORDER_STATISTIC] = "order-statistic",
    [ST_WOODRUFF] = "woodruff",
    [ST_UNRELIABLE] = "unreliable",
    [ST_CONSTANT] = "constant",
    [ST_BETTING] = "betting",
    [ST_CLOPPER_PEARSON] = "clopper-pearson",
    [ST_SIGN_TEST] = "sign-test",
};

static const char *const caveat_names[ST_CAVEATS] = {
    [ST_OK] = "",
    [ST_INFINITE_VARIANCE] = "infinite-variance",
    [ST_HEAVY_TAIL] = "heavy-tail",
    [ST_FEW_REPLICAS] = "few-replicas",
    [ST_FEW_JOBS] = "few-jobs",
    [ST_INFINITE_VALUES] = "infinite-values",
};

const char *st_method_name(enum st_method m)
{
    return (unsigned)m < ST_METHODS ? method_names[m] : "?";
}

int st_method_parse(const char *name)
{
    return text_index(method_names, ST_METHODS, name);
}

const char *st_caveat_name(enum st_caveat c)
{
    return (unsigned)c < ST_CAVEATS ? caveat_names[c] : "?";
}

int st_caveat_parse(const char *name)
{
    return text_index(caveat_names, ST_CAVEATS, name);
}

/* Wilson (1927) score interval, with z = Phi^{-1}(1 - (1-c)/2) and p = successes/n:
 *   centre = (p + z²/(2n)) / (1 + z²/n),
 *   half   = z/(1 + z²/n) · sqrt(p(1-p)/n + z²/(4n²)).
 * The summary's mean is p and its stddev is the Bernoulli standard deviation sqrt(p(1-p))
 * of a single trial (not the standard error of p, which is that over sqrt(n)). The ends
 * are exactly 0 when successes = 0 and exactly 1 when successes = n, and always in [0,1].
 * n = 0, successes > n or an invalid confidence give NaN where the value is undefined. */
struct st_summary st_wilson_interval(uint64_t successes, uint64_t n, double confidence)
{
    if (n == 0 || successes > n)
        return st_empty(n, ST_NONE);
    struct st_summary s =
        st_wilson_effective((double)successes / (double)n, (double)n, n, confidence);
    if (successes == 0) /* exactly, whatever the rounding of successes/n */
        s.ci_low = 0.0;
    if (successes == n)
        s.ci_high = 1.0;
    return s;
}

struct st_summary st_wilson_modified(uint64_t successes, uint64_t n, double confidence)
{
    struct st_summary s = st_wilson_interval(successes, n, confidence);
    if (n == 0 || successes > n || !valid_confidence(confidence))
        return s;
    uint64_t xs = n <= 50 ? 2 : 3, fails = n - successes;
    double a = 0.5 * (1.0 - confidence), nn = (double)n;
    if (successes >= 1 && successes <= xs)
        s.ci_low = 0.5 * gsl_cdf_chisq_Pinv(a, 2.0 * (double)successes) / nn;
    if (fails >= 1 && fails <= xs)
        s.ci_high = 1.0 - 0.5 * gsl_cdf_chisq_Pinv(a, 2.0 * (double)fails) / nn;
    return s;
}

struct st_summary st_wilson_effective(double p, double n_eff, uint64_t n, double confidence)
{
    struct st_summary s = st_empty(n, ST_WILSON);
    if (!(n_eff > 0) || !(p >= 0.0 && p <= 1.0))
        return s;
    s.mean = p;
    s.stddev = sqrt(p * (1.0 - p));
    if (!valid_confidence(confidence))
        return s;
    double z = gsl_cdf_ugaussian_Pinv(1.0 - 0.5 * (1.0 - confidence));
    double z2 = z * z;
    double denom = 1.0 + z2 / n_eff;
    double centre = (p + z2 / (2.0 * n_eff)) / denom;
    double half = z / denom * sqrt(p * (1.0 - p) / n_eff + z2 / (4.0 * n_eff * n_eff));
    s.ci_low = p == 0.0 ? 0.0 : fmax(0.0, centre - half);
    s.ci_high = p == 1.0 ? 1.0 : fmin(1.0, centre + half);
    return s;
}

/* The q-quantile of Beta(a, b). GSL's inversion fails to converge for some far tails of
 * a long one (q = 1 − 5e-5 of Beta(2, 1999): NaN with its error handler off, as the CLI runs);
 * then bisection on the CDF, which rises in x, to the last bit. */
static double beta_quantile(double q, double a, double b)
{
    double x = gsl_cdf_beta_Pinv(q, a, b);
    if (isfinite(x))
        return x;
    double lo = 0.0, hi = 1.0;
    for (int it = 0; it < 200 && lo < hi; it++) {
        double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi)
            break;
        if (gsl_cdf_beta_P(mid, a, b) < q)
            lo = mid;
        else
            hi = mid;
    }
    return hi;
}

struct st_summary st_clopper_pearson(uint64_t k, uint64_t n, double confidence)
{
    if (n == 0 || k > n)
        return st_empty(n, ST_NONE);
    struct st_summary s = st_empty(n, ST_CLOPPER_PEARSON);
    double p = (double)k / (double)n, kk = (double)k, nn = (double)n;
    s.mean = p;
    s.stddev = sqrt(p * (1.0 - p));
    if (!valid_confidence(confidence))
        return s;
    double a = 0.5 * (1.0 - confidence);
    s.ci_low = k == 0 ? 0.0 : beta_quantile(a, kk, nn - kk + 1.0);
    s.ci_high = k == n ? 1.0 : beta_quantile(1.0 - a, kk + 1.0, nn - kk);
    return s;
}

/* Bisection: the binomial CDF rises in k. */
long st_binomial_quantile(double p, double q, long N)
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

double st_sign_test(uint64_t below, uint64_t above)
{
    uint64_t n = below + above, k = below < above ? below : above;
    if (n == 0)
        return 1.0;
    return fmin(1.0, 2.0 * gsl_cdf_binomial_P((unsigned)k, 0.5, (unsigned)n));
}

struct st_summary st_mover_difference(const struct st_summary *a, const struct st_summary *b,
                                      double r)
{
    if (isnan(r))
        r = 0.0;
    double d = a->mean - b->mean;
    double al = a->mean - a->ci_low, ah = a->ci_high - a->mean;
    double bl = b->mean - b->ci_low, bh = b->ci_high - b->mean;
    double lo = al * al - 2.0 * r * al * bh + bh * bh, hi = ah * ah - 2.0 * r * ah * bl + bl * bl;
    return (struct st_summary){.n = a->n, .mean = d, .stddev = NAN,
                               .ci_low = d - sqrt(fmax(lo, 0.0)),
                               .ci_high = d + sqrt(fmax(hi, 0.0)), .tail = INFINITY};
}

/* Hyndman & Fan (1996) type 7: h = (n-1)p, x[floor h] + (h - floor h)(x[floor h + 1] -
 * x[floor h]), which is what gsl_stats_quantile_from_sorted_data computes. */
double st_quantile_sorted(const double *sorted, size_t n, double p)
{
    if (n == 0 || isnan(p))
        return NAN;
    if (p < 0.0)
        p = 0.0;
    if (p > 1.0)
        p = 1.0;
    return gsl_stats_quantile_from_sorted_data(sorted, 1, n, p);
}

/* D_n = max_i max(i/n - F(x_i), F(x_i) - (i-1)/n), i = 1..n, for x sorted ascending.
 * NaN if n = 0 or the CDF returns NaN anywhere. */
double st_ks_statistic(const double *sorted, size_t n, double (*cdf)(double x, const void *ctx),
                       const void *ctx)
{
    if (n == 0)
        return NAN;
    double nn = (double)n;
    double d = 0.0;
    for (size_t i = 0; i < n; i++) {
        double f = cdf(sorted[i], ctx);
        if (isnan(f))
            return NAN;
        double above = (double)(i + 1) / nn - f; /* empirical CDF just after x_i */
        double below = f - (double)i / nn;       /* empirical CDF just before x_i */
        if (above > d)
            d = above;
        if (below > d)
            d = below;
    }
    return d;
}

/* Kolmogorov survival function Q_KS(x) = P(K > x).
 *
 * For x >= 1.18 the alternating series Q = 2 Σ_{k>=1} (-1)^{k-1} exp(-2 k² x²)
 * (Numerical Recipes 3rd ed. §14.3.3; Kolmogorov 1933) converges in a handful of terms.
 * For smaller x that series converges slowly (and not at all numerically near 0), so we
 * use the equivalent Jacobi-theta form of the CDF,
 *   P(K <= x) = sqrt(2π)/x Σ_{k>=1} exp(-(2k-1)² π² / (8 x²)),
 * which converges fast there (same split as NR3's KSdist). Both stop once a term is below
 * 1e-16 of the running sum. Below x ~ 0.04 the CDF underflows to 0 and Q = 1. */
static double ks_q(double x)
{
    if (!(x > 0.0))
        return 1.0;
    if (x < 1.18) {
        const double pi = 3.14159265358979323846;
        double c = -pi * pi / (8.0 * x * x);
        double sum = 0.0;
        for (int k = 1; k <= 100; k++) {
            double m = (double)(2 * k - 1);
            double term = exp(c * m * m);
            sum += term;
            if (term <= 1e-16 * sum)
                break;
        }
        double cdf = sqrt(2.0 * pi) / x * sum;
        return fmin(1.0, fmax(0.0, 1.0 - cdf));
    }
    double a2 = -2.0 * x * x;
    double sum = 0.0;
    double sign = 1.0;
    for (int k = 1; k <= 100; k++) {
        double term = sign * exp(a2 * (double)k * (double)k);
        sum += term;
        if (fabs(term) <= 1e-16 * fabs(sum))
            break;
        sign = -sign;
    }
    return fmin(1.0, fmax(0.0, 2.0 * sum));
}

/* Asymptotic p-value with the Stephens (1970) correction, x = d (sqrt(n) + 0.12 + 0.11/sqrt(n))
 * (NR3 §14.3.3). NaN for n = 0 or d NaN; 1 for d <= 0. */
double st_ks_pvalue(double d, size_t n)
{
    if (n == 0 || isnan(d))
        return NAN;
    if (d <= 0.0)
        return 1.0;
    double rn = sqrt((double)n);
    return ks_q(d * (rn + 0.12 + 0.11 / rn));
}

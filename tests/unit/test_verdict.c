/* test_verdict — the intervals that hold at any tail: Clopper–Pearson and the sign test
 * (engine/stats/stats.c), the paired verdict rows (engine/stats/verdict.c) and confidence by
 * betting (engine/stats/betting.c). Reference values: scipy.stats (beta and binomial
 * quantiles) and hand derivations in the comments. Coverage itself is measured by
 * `make coverage`. */
#include <criterion/criterion.h>

#include <math.h>

#include "engine/stats/betting.h"
#include "engine/stats/rng.h"
#include "engine/stats/stats.h"
#include "engine/stats/verdict.h"

/* scipy.stats.beta.ppf(0.025, 5, 6) = 0.18708602844739855, .ppf(0.975, 6, 5) =
 * 0.8129139715526015; 0 of 10: [0, 1 − 0.025^(1/10)] = [0, 0.3084971078187608]. */
Test(verdict, clopper_pearson)
{
    struct st_summary s = st_clopper_pearson(5, 10, 0.95);
    cr_assert_eq(s.method, ST_CLOPPER_PEARSON);
    cr_assert(fabs(s.ci_low - 0.18708602844739855) < 1e-12, "%.17g", s.ci_low);
    cr_assert(fabs(s.ci_high - 0.8129139715526015) < 1e-12, "%.17g", s.ci_high);
    s = st_clopper_pearson(0, 10, 0.95);
    cr_assert(s.ci_low == 0.0 && fabs(s.ci_high - 0.3084971078187608) < 1e-12);
    s = st_clopper_pearson(10, 10, 0.95);
    cr_assert(s.ci_high == 1.0 && fabs(s.ci_low - (1 - 0.3084971078187608)) < 1e-12);
    cr_assert(isnan(st_clopper_pearson(3, 0, 0.95).mean));
}

/* 9 against 1: 2·P(B <= 1), B ~ Bin(10, 1/2) = 2·11/1024; an even split and no split at all
 * give 1; one-sided all-or-nothing 20 against 0: 2^−19. */
Test(verdict, sign_test)
{
    cr_assert(fabs(st_sign_test(9, 1) - 22.0 / 1024) < 1e-15);
    cr_assert(fabs(st_sign_test(1, 9) - 22.0 / 1024) < 1e-15);
    cr_assert_eq(st_sign_test(5, 5), 1.0);
    cr_assert_eq(st_sign_test(0, 0), 1.0);
    cr_assert(fabs(st_sign_test(20, 0) - ldexp(1.0, -19)) < 1e-20);
}

/* 100 pairs whose differences are −50 … 49 (x − y = i − 50), with pair 7 made a tie (x = y =
 * 3) and the NaN pairs 11 and 12 left out: 47 lower, 49 higher, 2 tied (pairs 7 and 50) of
 * 98; the sign test of 47 against 49, 2·P(B <= 47), B ~ Bin(96, 1/2) = 0.918778035364537
 * (scipy); the median of the 98 differences, (0 + 1)/2, and its interval between the 39th
 * and 60th smallest, −9 and 11 (P(B <= 38) = 0.0167 < 0.025 <= P(B <= 39) = 0.0272 for
 * B ~ Bin(98, 1/2); the upper rank one past the 0.975-quantile, 59). */
Test(verdict, rows)
{
    double x[100], y[100], work[100];
    for (int i = 0; i < 100; i++)
        x[i] = i - 50.0, y[i] = 0.0;
    x[7] = y[7] = 3.0;
    x[11] = NAN;
    y[12] = NAN;
    struct st_summary v[VR_COUNT];
    verdict_rows(x, y, 100, 0.95, work, v);
    struct verdict_counts c = verdict_counts(v);
    cr_assert(c.n == 98 && c.below == 47 && c.above == 49 && c.tied == 2, "%lu %lu %lu %lu",
              (unsigned long)c.n, (unsigned long)c.below, (unsigned long)c.above,
              (unsigned long)c.tied);
    struct st_summary cp = st_clopper_pearson(47, 98, 0.95);
    cr_assert(v[VR_LOWER].ci_low == cp.ci_low && v[VR_LOWER].ci_high == cp.ci_high);
    cr_assert_eq(v[VR_SIGN_P].method, ST_SIGN_TEST);
    cr_assert_eq(v[VR_SIGN_P].n, 96);
    cr_assert(fabs(v[VR_SIGN_P].mean - 0.918778035364537) < 1e-12, "%.15g", v[VR_SIGN_P].mean);
    cr_assert_eq(v[VR_MEDIAN_DELTA].method, ST_ORDER_STATISTIC);
    cr_assert_eq(v[VR_MEDIAN_DELTA].mean, 0.5);
    cr_assert_eq(v[VR_MEDIAN_DELTA].ci_low, -9.0);
    cr_assert_eq(v[VR_MEDIAN_DELTA].ci_high, 11.0);
    /* the other way round: lower and higher swap, the median changes sign */
    struct st_summary w[VR_COUNT];
    verdict_rows(y, x, 100, 0.95, work, w);
    cr_assert(w[VR_LOWER].mean == v[VR_HIGHER].mean && w[VR_MEDIAN_DELTA].mean == -0.5);
    cr_assert(w[VR_MEDIAN_DELTA].ci_low == -11.0 && w[VR_MEDIAN_DELTA].ci_high == 9.0);
}

/* Infinities compare (a utility of −inf is lower than any other) and two equal ones tie; no
 * pair at all leaves every row empty. */
Test(verdict, infinite_and_empty)
{
    double x[3] = {-INFINITY, -INFINITY, 1.0}, y[3] = {-INFINITY, 0.0, -INFINITY}, work[3];
    struct st_summary v[VR_COUNT];
    verdict_rows(x, y, 3, 0.95, work, v);
    struct verdict_counts c = verdict_counts(v);
    cr_assert(c.n == 3 && c.below == 1 && c.above == 1 && c.tied == 1);
    double nan[2] = {NAN, NAN};
    verdict_rows(nan, nan, 2, 0.95, work, v);
    for (int k = 0; k < VR_COUNT; k++)
        cr_assert(v[k].n == 0 && isnan(v[k].mean) && v[k].method == ST_NONE);
}

/* Ties are to 12 significant digits (VERDICT_TIE_REL = 1e-12 of the larger magnitude), at
 * the edge both ways: a pair 0.5e-12 apart ties, 2e-12 apart does not; rounding in the
 * last bits (1 + 2^-52) ties; 0 ties only 0, and an infinity ties nothing finite. A tied
 * pair's difference is 0 in the median. */
Test(verdict, ties_are_to_twelve_digits)
{
    cr_assert(verdict_tied(1.0, 1.0 + 0x1p-52) && verdict_tied(-3.0, -3.0 * (1 + 5e-13)));
    cr_assert(verdict_tied(1e6, 1e6 * (1 + 0.5e-12)) && !verdict_tied(1e6, 1e6 * (1 + 2e-12)));
    cr_assert(verdict_tied(0.0, -0.0) && !verdict_tied(0.0, 1e-300));
    cr_assert(!verdict_tied(-1e-300, 1e-300));
    cr_assert(verdict_tied(-INFINITY, -INFINITY) && !verdict_tied(-INFINITY, -1e308));
    cr_assert(!verdict_tied(INFINITY, 1e308) && !verdict_tied(INFINITY, -INFINITY));

    double x[5] = {2.0, 2.0 * (1 + 1e-15), 3.0, 1.0, 5.0};
    double y[5] = {2.0, 2.0, 3.0 * (1 - 1e-14), 1.5, 4.0}, work[5];
    struct st_summary v[VR_COUNT];
    verdict_rows(x, y, 5, 0.95, work, v);
    struct verdict_counts c = verdict_counts(v);
    cr_assert(c.n == 5 && c.below == 1 && c.above == 1 && c.tied == 3, "%lu %lu %lu",
              (unsigned long)c.below, (unsigned long)c.above, (unsigned long)c.tied);
    cr_assert_eq(v[VR_SIGN_P].n, 2);
    cr_assert_eq(v[VR_MEDIAN_DELTA].mean, 0.0); /* differences −0.5, 0, 0, 0, 1 */
}

/* The capital is the average over the grid of Π((1 − c) + c·u/m) (a bet that the mean
 * exceeds m) or Π((1 − c) + c(1 − u)/(1 − m)): checked term by term on four values. */
Test(betting, capital_formula)
{
    double u[8] = {0.2, 0.9, 0.9, 0.5};
    struct st_bet_data d = st_bet_data(u, 4);
    cr_assert_eq(d.nv, 3);
    for (int up = 0; up <= 1; up++) {
        double m = 0.4, sum = 0.0, vals[4] = {0.2, 0.5, 0.9, 0.9};
        for (int g = 0; g < ST_BET_GRID; g++) {
            double c = g < 12 ? ldexp(1.0, g - 12) : 1.0 - ldexp(1.0, -(g - 10)), prod = 1.0;
            for (int i = 0; i < 4; i++)
                prod *= up ? (1 - c) + c * vals[i] / m : (1 - c) + c * (1 - vals[i]) / (1 - m);
            sum += prod;
        }
        double got = st_bet_log_capital(&d, m, up);
        cr_assert(fabs(got - log(sum / ST_BET_GRID)) < 1e-12, "up %d: %.15g vs %.15g", up, got,
                  log(sum / ST_BET_GRID));
    }
}

/* Every replica at 1 (a PoCD met by every job of every replica): the interval reaches 1 and
 * its lower end is where betting on "above m" stops reaching 2/α: at the end, at least, and
 * a hair above it, not. Nothing below the rule of three, 1 − log(40)/n, is possible: a mean of
 * 1 − 3.7/n with all its mass at 0 and 1 shows n ones that often. */
Test(betting, all_at_the_bound)
{
    enum { N = 200 };
    double x[N], scratch[2 * N];
    for (int i = 0; i < N; i++)
        x[i] = 1.0;
    struct st_summary s = st_betting_interval(x, N, 0.0, 1.0, 0.95, scratch);
    cr_assert_eq(s.method, ST_BETTING);
    cr_assert(s.mean == 1.0 && s.ci_high == 1.0);
    double u[2 * N];
    for (int i = 0; i < N; i++)
        u[i] = 1.0;
    struct st_bet_data d = st_bet_data(u, N);
    double thr = log(40.0);
    cr_assert(st_bet_log_capital(&d, s.ci_low, 1) >= thr);
    cr_assert(st_bet_log_capital(&d, s.ci_low + 1e-9, 1) < thr);
    cr_assert(s.ci_low < 1.0 - log(40.0) / N && s.ci_low > 0.95, "%.9f", s.ci_low);
}

/* Validity where the asymptotic intervals fail: values that are 1 but for a rare replica at 0
 * (Bernoulli(0.99): most samples of 50 show no 0 at all, and a t interval of them has no
 * width). The betting interval must cover 0.99 in at least 95 % of 400 samples (it is
 * conservative: all 400 here), and for differences in [−1, 1] its ends map back. */
Test(betting, covers_rare_values)
{
    enum { N = 50, REPS = 400 };
    double x[N], scratch[2 * N];
    rng_t r;
    rng_stream(&r, 11, 0, RNG_CHECK);
    int covered = 0;
    for (int rep = 0; rep < REPS; rep++) {
        for (int i = 0; i < N; i++)
            x[i] = rng_uniform(&r) < 0.99 ? 1.0 : 0.0;
        struct st_summary s = st_betting_interval(x, N, 0.0, 1.0, 0.95, scratch);
        covered += s.ci_low <= 0.99 && 0.99 <= s.ci_high;
    }
    cr_assert(covered >= 0.95 * REPS, "%d of %d", covered, REPS);
    for (int i = 0; i < N; i++)
        x[i] = i % 2 ? 0.5 : -0.25;
    struct st_summary a = st_betting_interval(x, N, -1.0, 1.0, 0.95, scratch);
    for (int i = 0; i < N; i++)
        x[i] = -x[i];
    struct st_summary b = st_betting_interval(x, N, -1.0, 1.0, 0.95, scratch);
    cr_assert(a.ci_low < 0.125 && 0.125 < a.ci_high && a.ci_low > -1 && a.ci_high < 1);
    cr_assert(fabs(a.ci_low + b.ci_high) < 1e-9 && fabs(a.ci_high + b.ci_low) < 1e-9,
              "mirror: [%g, %g] and [%g, %g]", a.ci_low, a.ci_high, b.ci_low, b.ci_high);
}

/* The sign test's size: under the null (each replica equally likely lower or higher, some
 * tied), it rejects at 5 % in at most 5 % of 4000 samples of 30 replicas — exactly, up to
 * sampling noise (the binomial law is discrete: the attained size is below 5 %). */
Test(verdict, sign_test_size)
{
    enum { N = 30, REPS = 4000 };
    rng_t r;
    rng_stream(&r, 13, 0, RNG_CHECK);
    int rejected = 0;
    for (int rep = 0; rep < REPS; rep++) {
        uint64_t below = 0, above = 0;
        for (int i = 0; i < N; i++) {
            double u = rng_uniform(&r);
            below += u < 0.4;
            above += u >= 0.6; /* 0.4 .. 0.6: tied */
        }
        rejected += st_sign_test(below, above) <= 0.05;
    }
    cr_assert(rejected <= 0.05 * REPS + 3 * sqrt(0.05 * 0.95 * REPS), "%d of %d", rejected, REPS);
}

/* test_queueing — unit tests for analysis/queueing.c: Erlang C against hand values and the
 * textbook direct formula, M/M/c and M/G/1 (Pollaczek–Khinchine) mean response times, and
 * NaN for unstable or invalid parameters. No simulation here. */
#include <criterion/criterion.h>

#include <math.h>

#include "analysis/queueing.h"

#define expect_near(actual, expected, tol)                                                    \
    cr_expect(fabs((double)(actual) - (double)(expected)) <= (tol),                           \
              "%s = %.17g, expected %.17g (tol %g)", #actual, (double)(actual),                 \
              (double)(expected), (double)(tol))

/* Textbook Erlang C, independent of the B recursion:
 *   C = (a^c/c!)(c/(c-a)) / (Σ_{k<c} a^k/k! + (a^c/c!)(c/(c-a))).
 * Fine for small c; overflows for large c. */
static double erlang_c_direct(int c, double a)
{
    double term = 1.0, sum = 0.0; /* term = a^k / k! */
    for (int k = 0; k < c; k++) {
        sum += term;
        term *= a / (double)(k + 1);
    }
    double top = term * (double)c / ((double)c - a);
    return top / (sum + top);
}

/* The same formula in log space (log-sum-exp), usable for large c. */
static double erlang_c_logspace(int c, double a)
{
    double la = log(a);
    double ltop = (double)c * la - lgamma((double)c + 1.0) + log((double)c / ((double)c - a));
    double lmax = ltop;
    for (int k = 0; k < c; k++) {
        double lk = (double)k * la - lgamma((double)k + 1.0);
        if (lk > lmax)
            lmax = lk;
    }
    double sum = exp(ltop - lmax);
    for (int k = 0; k < c; k++)
        sum += exp((double)k * la - lgamma((double)k + 1.0) - lmax);
    return exp(ltop - lmax) / sum;
}

/* --- Erlang C --------------------------------------------------------------------------- */

Test(queueing, erlang_c_single_server_is_rho)
{
    const double loads[] = { 0.0, 0.1, 0.5, 0.9, 0.99 };
    for (size_t i = 0; i < sizeof loads / sizeof loads[0]; i++)
        expect_near(q_erlang_c(1, loads[i]), loads[i], 1e-14);
}

Test(queueing, erlang_c_two_servers)
{
    expect_near(q_erlang_c(2, 1.0), 1.0 / 3.0, 1e-15);
    /* M/M/2: C = 2 rho² / (1 + rho), rho = a/2 */
    const double loads[] = { 0.2, 0.9, 1.5, 1.99 };
    for (size_t i = 0; i < sizeof loads / sizeof loads[0]; i++) {
        double rho = loads[i] / 2.0;
        expect_near(q_erlang_c(2, loads[i]), 2.0 * rho * rho / (1.0 + rho), 1e-14);
    }
}

Test(queueing, erlang_c_against_direct_formula)
{
    /* c = 10, a = 7: 0.22173121588381545 (mpmath, 30 digits) */
    expect_near(q_erlang_c(10, 7.0), erlang_c_direct(10, 7.0), 1e-14);
    expect_near(q_erlang_c(10, 7.0), 0.22173121588381545, 1e-14);
    for (int c = 1; c <= 30; c++)
        for (int j = 1; j < 10; j++) {
            double a = (double)c * (double)j / 10.0;
            double want = erlang_c_direct(c, a);
            double got = q_erlang_c(c, a);
            cr_expect(fabs(got - want) <= 1e-12 * want, "c = %d, a = %g: %.17g vs %.17g", c, a,
                      got, want);
        }
}

/* Large c: the recursion never forms a^c or c!, so it stays finite where the direct formula
 * overflows (a^1000/1000! ~ e^{990 ln 990 - ln 1000!}). */
Test(queueing, erlang_c_large_c)
{
    /* c = 200, a = 190: 0.36526385656254640 (mpmath) */
    expect_near(q_erlang_c(200, 190.0), 0.36526385656254640, 1e-12);
    double c1000 = q_erlang_c(1000, 990.0);
    cr_expect(isfinite(c1000) && c1000 > 0.0 && c1000 < 1.0, "C(1000, 990) = %g", c1000);
    expect_near(c1000, erlang_c_logspace(1000, 990.0), 1e-10);
    expect_near(q_erlang_c(200, 190.0), erlang_c_logspace(200, 190.0), 1e-12);
}

Test(queueing, erlang_c_increasing_in_load)
{
    double prev = -1.0;
    for (int j = 0; j < 100; j++) {
        double v = q_erlang_c(5, 0.05 * j);
        cr_expect(v > prev && v >= 0.0 && v < 1.0, "a = %g: C = %g after %g", 0.05 * j, v, prev);
        prev = v;
    }
}

Test(queueing, erlang_c_invalid)
{
    cr_expect(isnan(q_erlang_c(1, 1.0)));  /* a = c: unstable */
    cr_expect(isnan(q_erlang_c(3, 4.0)));  /* a > c */
    cr_expect(isnan(q_erlang_c(0, 0.5)));  /* no servers */
    cr_expect(isnan(q_erlang_c(-2, 0.5)));
    cr_expect(isnan(q_erlang_c(2, -0.1))); /* negative load */
    cr_expect(isnan(q_erlang_c(2, NAN)));
    cr_expect(isnan(q_erlang_c(2, INFINITY)));
}

/* --- M/M/c response time ---------------------------------------------------------------- */

Test(queueing, mm1_response)
{
    expect_near(q_mmc_mean_response(1, 0.7, 1.0), 1.0 / 0.3, 1e-12);
    expect_near(q_mmc_mean_response(1, 3.0, 5.0), 0.5, 1e-14);
    expect_near(q_mmc_mean_response(1, 0.0, 2.0), 0.5, 0.0); /* empty system: service only */
}

/* M/M/2: W = 1 / (mu (1 - rho²)), rho = lambda / (2 mu). */
Test(queueing, mm2_response)
{
    const double mu = 1.5;
    const double lambdas[] = { 0.3, 1.5, 2.9 };
    for (size_t i = 0; i < sizeof lambdas / sizeof lambdas[0]; i++) {
        double rho = lambdas[i] / (2.0 * mu);
        expect_near(q_mmc_mean_response(2, lambdas[i], mu), 1.0 / (mu * (1.0 - rho * rho)),
                    1e-12);
    }
}

Test(queueing, mmc_response_c10)
{
    /* c = 10, lambda = 7, mu = 1: W = C(10, 7)/3 + 1 */
    expect_near(q_mmc_mean_response(10, 7.0, 1.0), 0.22173121588381545 / 3.0 + 1.0, 1e-13);
    /* time scaling: lambda, mu both x4 -> W / 4 */
    expect_near(q_mmc_mean_response(10, 28.0, 4.0), (0.22173121588381545 / 3.0 + 1.0) / 4.0,
                1e-13);
}

Test(queueing, mmc_response_invalid)
{
    cr_expect(isnan(q_mmc_mean_response(1, 1.0, 1.0)));   /* rho = 1 */
    cr_expect(isnan(q_mmc_mean_response(2, 5.0, 2.0)));   /* lambda > c mu */
    cr_expect(isnan(q_mmc_mean_response(0, 0.5, 1.0)));
    cr_expect(isnan(q_mmc_mean_response(1, -0.5, 1.0)));
    cr_expect(isnan(q_mmc_mean_response(1, 0.5, 0.0)));
    cr_expect(isnan(q_mmc_mean_response(1, 0.5, -1.0)));
    cr_expect(isnan(q_mmc_mean_response(1, NAN, 1.0)));
    cr_expect(isnan(q_mmc_mean_response(1, 0.5, INFINITY)));
}

/* --- M/G/1 (Pollaczek–Khinchine) -------------------------------------------------------- */

/* Exponential service, rate mu: E[S] = 1/mu, E[S²] = 2/mu², and P-K reduces to M/M/1. */
Test(queueing, pk_exponential_is_mm1)
{
    const double mu = 2.0;
    const double lambdas[] = { 0.1, 1.0, 1.9, 1.999 };
    for (size_t i = 0; i < sizeof lambdas / sizeof lambdas[0]; i++) {
        double lambda = lambdas[i];
        double want = 1.0 / (mu - lambda);
        double got = q_mg1_mean_response(lambda, 1.0 / mu, 2.0 / (mu * mu));
        expect_near(got, want, 1e-12 * want);
        expect_near(got, q_mmc_mean_response(1, lambda, mu), 1e-12 * want);
    }
}

/* Deterministic service (M/D/1): E[S²] = E[S]², so the wait is half that of M/M/1. */
Test(queueing, pk_deterministic)
{
    expect_near(q_mg1_mean_response(0.5, 1.0, 1.0), 1.5, 1e-15);
    double lambda = 0.8, es = 1.0;
    double wq_md1 = q_mg1_mean_response(lambda, es, es * es) - es;
    double wq_mm1 = q_mg1_mean_response(lambda, es, 2.0 * es * es) - es;
    expect_near(wq_md1, 0.5 * wq_mm1, 1e-12);
    expect_near(q_mg1_mean_response(0.0, 0.25, 0.5), 0.25, 0.0); /* no arrivals */
}

Test(queueing, pk_invalid)
{
    cr_expect(isnan(q_mg1_mean_response(1.0, 1.0, 2.0)));  /* rho = 1 */
    cr_expect(isnan(q_mg1_mean_response(2.0, 1.0, 2.0)));  /* rho > 1 */
    cr_expect(isnan(q_mg1_mean_response(-0.1, 1.0, 2.0))); /* negative rate */
    cr_expect(isnan(q_mg1_mean_response(0.5, 0.0, 1.0)));
    cr_expect(isnan(q_mg1_mean_response(0.5, -1.0, 1.0)));
    cr_expect(isnan(q_mg1_mean_response(0.5, 1.0, 0.0)));
    cr_expect(isnan(q_mg1_mean_response(0.5, 1.0, 0.5)));  /* E[S²] < E[S]²: impossible */
    cr_expect(isnan(q_mg1_mean_response(NAN, 1.0, 2.0)));
    cr_expect(isnan(q_mg1_mean_response(0.5, INFINITY, 2.0)));
    cr_expect(isnan(q_mg1_mean_response(0.5, 1.0, INFINITY)));
}

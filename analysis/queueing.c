/* queueing — Erlang C (M/M/c) and Pollaczek–Khinchine (M/G/1) closed forms used as
 * reference values for the simulator (contract: analysis/queueing.h).
 *
 * Pure functions of their arguments: no simulation, no I/O, no state. Only the steady-state
 * means are here; no distributions of waiting times, no finite buffers, no priorities. */
#include "analysis/queueing.h"

#include <math.h>

/* Erlang C via Erlang B.
 *
 * Erlang B by the recursion B(0, a) = 1, B(k, a) = a B(k-1, a) / (k + a B(k-1, a)), which
 * never forms a^c or c! and so stays finite and accurate for large c (Jagerman, "Some
 * properties of the Erlang loss function", Bell Syst. Tech. J. 53, 1974). Then
 *   C(c, a) = c B / (c - a (1 - B)),
 * the standard identity between Erlang's C formula (Kleinrock, Queueing Systems Vol. 1,
 * 1975, §3.5, M/M/m: P[arrival queues] = (a^c/c!)(c/(c-a)) / (Σ_{k<c} a^k/k! +
 * (a^c/c!)(c/(c-a)))) and Erlang's B formula (same book, §3.7, M/M/m/m loss system).
 * NaN if c < 1, a < 0, a is not finite or a >= c (no steady state). C(c, 0) = 0. */
double q_erlang_c(int c, double a)
{
    if (c < 1 || !isfinite(a) || a < 0.0 || a >= (double)c)
        return NAN;
    double b = 1.0;
    for (int k = 1; k <= c; k++)
        b = a * b / ((double)k + a * b);
    return (double)c * b / ((double)c - a * (1.0 - b));
}

/* M/M/c mean response time W = C(c, a)/(c mu - lambda) + 1/mu with a = lambda/mu
 * (Kleinrock Vol. 1, §3.5: mean wait W_q = C/(c mu - lambda), plus the mean service
 * time). lambda = 0 gives 1/mu. NaN if c < 1, lambda < 0, mu <= 0, an input is not
 * finite, or lambda >= c mu. */
double q_mmc_mean_response(int c, double lambda, double mu)
{
    if (c < 1 || !isfinite(lambda) || !isfinite(mu) || lambda < 0.0 || mu <= 0.0)
        return NAN;
    if (lambda >= (double)c * mu)
        return NAN;
    double erlang = q_erlang_c(c, lambda / mu);
    if (isnan(erlang))
        return NAN; /* lambda/mu rounded up to c */
    return erlang / ((double)c * mu - lambda) + 1.0 / mu;
}

/* Pollaczek–Khinchine mean value formula (Kleinrock Vol. 1, ch. 5, M/G/1):
 *   W = E[S] + lambda E[S²] / (2 (1 - rho)),  rho = lambda E[S].
 * lambda = 0 gives E[S]. NaN if lambda < 0, E[S] <= 0, E[S²] <= 0, an input is not finite,
 * rho >= 1, or E[S²] < E[S]² (beyond rounding), which no distribution has. */
double q_mg1_mean_response(double lambda, double es, double es2)
{
    if (!isfinite(lambda) || !isfinite(es) || !isfinite(es2))
        return NAN;
    if (lambda < 0.0 || es <= 0.0 || es2 <= 0.0)
        return NAN;
    if (es2 < es * es * (1.0 - 1e-12))
        return NAN;
    double rho = lambda * es;
    if (rho >= 1.0)
        return NAN;
    return es + lambda * es2 / (2.0 * (1.0 - rho));
}

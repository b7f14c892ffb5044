/* queueing — classical closed forms that check the simulator core (the queue.* checks).
 *
 * Erlang C for M/M/c and Pollaczek–Khinchine for M/G/1. Pure functions; no simulation. */
#ifndef SPECMC_QUEUEING_H
#define SPECMC_QUEUEING_H

/* Erlang C: probability that an arrival waits in M/M/c with c servers and offered load
 * a = lambda/mu. Computed with the stable Erlang B recursion. NaN unless c >= 1 and
 * 0 <= a < c. */
double q_erlang_c(int c, double a);

/* M/M/c mean response time (wait + service) for arrival rate lambda, service rate mu:
 * W = C(c, a)/(c mu - lambda) + 1/mu. NaN if unstable. */
double q_mmc_mean_response(int c, double lambda, double mu);

/* M/G/1 mean response time, Pollaczek–Khinchine: W = E[S] + lambda E[S^2] / (2 (1 - rho)),
 * rho = lambda E[S]. NaN if unstable, if lambda < 0 or E[S], E[S^2] <= 0 or not finite, or if
 * E[S^2] < E[S]^2 (no such distribution). */
double q_mg1_mean_response(double lambda, double es, double es2);

#endif

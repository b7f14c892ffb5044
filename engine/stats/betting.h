/* betting — intervals for the mean of bounded values that hold for any distribution of them:
 * confidence by betting (Waudby-Smith & Ramdas 2024, "Estimating means of bounded random
 * variables by betting", JRSS B 86(1), §§3–5).
 *
 * To test whether i.i.d. values u_1 … u_n in [0, 1] have mean m, bet against it: a bettor who
 * stakes the fraction λ(u_i − m) of its capital on each value in turn ends with
 * K(m) = Π (1 + λ(u_i − m)), and when the mean is m, K is a nonnegative martingale of mean 1,
 * so P(K(m) >= 1/a) <= a (Markov; Ville for the running maximum). The m whose capital stays
 * below 1/a form an interval that covers the mean with probability at least 1 − 2a, whatever
 * the distribution of the u_i: no variance, tail or normality is assumed, only independence
 * and the bounds. Here the capital is averaged over a fixed grid of bets (the paper's
 * "diversified Kelly", §5.6): λ_g = c_g/m on values above m (a bet that the mean exceeds m)
 * and λ_g = c_g/(1 − m) below it, c_g from 2^−12 to 1 − 2^−12; an average of martingales is
 * one, and the grid's bets do not depend on the data, so the capital rises with every value
 * and falls with m: each end is found by bisection, and a quantile's interval by inverting
 * the test (engine/stats/intervals.c). The price of validity is width: a mean near a bound
 * whose values rarely leave it cannot be pinned closer than about 3/n (the rule of three).
 * Which quantity gets it is engine/stats/intervals.h's decision. No I/O, no random numbers. */
#ifndef SPECMC_BETTING_H
#define SPECMC_BETTING_H

#include <stddef.h>

#include "engine/stats/stats.h"

/* The grid's bets: c_g = 2^−12 … 2^−1, 1 − 2^−2 … 1 − 2^−12. */
#define ST_BET_GRID 23

/* n values summarised as their distinct values v[0 .. nv) in [0, 1] with their counts w[]. */
struct st_bet_data {
    const double *v, *w;
    size_t nv;
};

/* Sort u[0 .. n) (values in [0, 1]) and compress it into distinct values and counts, in
 * place: v = u, w = u + n (so u holds 2n doubles). */
struct st_bet_data st_bet_data(double *u, size_t n);

/* The log of the capital of the grid's bets, averaged, that the mean of the values exceeds m
 * (up = 1) or falls short of it (up = 0), m in [0, 1]. It rises with every value on the side
 * bet on, and is monotone in m (falling for up = 1, rising for up = 0). */
double st_bet_log_capital(const struct st_bet_data *d, double m, int up);

/* The interval for the mean of the n values x[] in [lo, hi] (lo < hi): each end the bound of
 * a one-sided test at level (1 − confidence)/2, found by bisection and rounded outwards.
 * mean and stddev are the sample's; method ST_BETTING. `scratch` holds 2n doubles. n = 0:
 * NaN. */
struct st_summary st_betting_interval(const double *x, size_t n, double lo, double hi,
                                      double confidence, double *scratch);

#endif

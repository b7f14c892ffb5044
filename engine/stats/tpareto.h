/* tpareto — the truncated Pareto law's closed forms, for engine/stats/dist.c (which dispatches
 * `workload.task_time = pareto` with `workload.tmax` here; nothing else should call these).
 *
 * Pareto(L, β) truncated at H > L and renormalised (not clipped), after Aban, Meerschaert &
 * Panorska (2006), "Parameter estimation for the truncated Pareto distribution", JASA 101,
 * §1 (their γ, ν, α are L, H, β):
 *   density f(t) = β L^β t^(−β−1) / D on [L, H],  D = 1 − (L/H)^β,
 *   F(t) = (1 − (L/t)^β) / D,   Q(u) = L (1 − uD)^(−1/β),
 *   E[T^k] = β L^β (H^(k−β) − L^(k−β)) / ((k − β) D),   β L^k ln(H/L) / D at k = β.
 * Every moment is finite whatever β. Each function takes (L, β, H), L < H, and no other
 * state; of the project it includes only the random numbers tp_fill draws (dist.c includes
 * it). */
#ifndef SPECMC_TPARETO_H
#define SPECMC_TPARETO_H

#include "engine/stats/rng.h"

double tp_quantile(double L, double b, double H, double u);
/* out[k] = tp_quantile(L, b, H, u_k) · scale for n uniforms of r, to the bit, with the mass D
 * computed once (dist_fill's truncated case). */
void tp_fill(double L, double b, double H, double scale, rng_t *r, double *out, int n);
double tp_cdf(double L, double b, double H, double x);
double tp_moment(double L, double b, double H, double k); /* E[T^k], k > 0 */
double tp_variance(double L, double b, double H);
double tp_partial_mean(double L, double b, double H, double q);

/* The L' < mean (H, β' = s kept) whose law has mean `mean` < H: the root of E[T](L'), which
 * increases from 0 to H with L' (the law grows stochastically with L'). */
double tp_tmin_for_mean(double mean, double s, double tmax);

/* E[(T − μ)³]/σ³ by quadrature over x = ln(t/L) (no cancellation of raw moments). */
double tp_skewness(double L, double b, double H);

#endif

/* xulau — the closed forms and optimisers of seed 000 (Xu & Lau, "Optimization for Speculative
 * Execution in Big Data Processing Clusters", TPDS 2017): the means of the minimum and maximum
 * of cloned copies (eqs. 5, 16–19), the cut-off load between the light and heavy regimes
 * (§4, eqs. 6–15, 31), problem P2 and its ADMM (§5, eqs. 20–24, Theorem 1) with an
 * independent KKT solver, and ESE's detection threshold (§6.2, Theorem 2, eqs. 25–30).
 * Also the Pareto cloning speed-up of seed 002 (§III-A).
 *
 * Pure functions, no simulation. Each formula cites the paper's equation; where the paper is
 * wrong the comment says so and the correct form is implemented (xulau.c has the
 * derivations). Pareto(μ, α): F(x) = 1 − (μ/x)^α for x >= μ (eq. 10). The number of copies c
 * is real (P2 relaxes integrality, §5.1), and so is the number of tasks m where it is a
 * parameter of a closed form. Integrals by GSL's QAGS/QAGP/QAGIU; a quadrature GSL cannot bring
 * to its tolerance gives NAN (specmc turns GSL's abort-on-error handler off in main.c). */
#ifndef SPECMC_XULAU_H
#define SPECMC_XULAU_H

#include <stdbool.h>

#include "engine/stats/dist.h"

/* ------------------------------------------------------------------ order statistics, §4–5 */

/* Eq. 5 for Pareto: E[min of c] = μcα/(cα − 1); INFINITY if cα <= 1. */
double xl_min_mean(double mu, double alpha, double c);

/* Eqs. 18–19 for Pareto: E[D] = E[max of m minima of c] — the max of m i.i.d. Pareto(μ, cα) —
 * = μ Γ(m+1) Γ(1 − 1/(cα)) / Γ(m + 1 − 1/(cα)); INFINITY if cα <= 1. */
double xl_max_mean(double mu, double alpha, double c, double m);

/* The same for any distribution, by quadrature of eq. 19 with eqs. 16 and 18:
 * E[D] = ∫_0^∞ 1 − (1 − F̄(x)^c)^m dx, and eq. 5: E[T] = ∫_0^∞ F̄(x)^c dx (= m = 1).
 * Support on [0, ∞) assumed (all of dist.h's families with their usual parameters). */
double xl_max_mean_dist(const struct dist *d, double c, double m);
double xl_min_mean_dist(const struct dist *d, double c);

/* ------------------------------------------------------------------ cut-off load, §4 */

/* The aggregates of §4.3 over n jobs (m_i tasks, Pareto scale μ_i): m̄ = Σm/n, the
 * task-weighted μ̄ = Σ mμ / Σ m and k = (Σ mμ² / Σ m)/μ̄² (">= 1"). 0, or -1 if n < 1 or
 * Σ m <= 0. */
struct xl_aggregate {
    double m_bar, mu_bar, k;
};
int xl_cutoff_aggregate(int n, const int *m, const double *mu, struct xl_aggregate *out);

/* λ1: eq. 12 (eq. 6 at c = 2, the least machine time, eq. 11), M(2α − 1)/(4αμ̄m̄).
 * λ_t*: the root of W_c(λ_t) = W(λ_t), W from eq. 7 (P-K, S a task without clones: a
 *   mixture of Pareto(μ_i, α), E[S] = μ̄α/(α − 1), E[S²] = kμ̄²α/(α − 2)) and W_c from eq. 8
 *   (S_c the minimum of two copies, Pareto(μ_i, 2α)). Solved numerically (Brent) on
 *   (0, 1/(2E[S_c])), where W_c − W goes from E[S_c] − E[S] < 0 to +∞. Eq. 13 is eq. 8 <= eq. 7
 *   with these moments; eq. 9 as printed swaps the P-K forms of its two sides (the factor 2
 *   and the 2λ_t belong to the other side), and with the swap W_c < W for every stable λ_t:
 *   no threshold at all. For 1 < α <= 2, E[S²] = ∞, W = ∞ and cloning never loses on delay:
 *   λ_t* = λ2 = INFINITY and λ_u = λ1 (§4.3).
 * λ2 = λ_t* M/m̄ (§4.2), λ_u = min(λ1, λ2) (eq. 14). For α > 2, λ_t* < 1/(2E[S_c]) =
 *   λ1 m̄/M, so λ2 < λ1 always: eq. 14's minimum is always λ2.
 * Returns 0, or -1 if α <= 1 or a parameter is not positive. */
struct xl_cutoff {
    double lambda1;       /* eq. 12, jobs per unit time */
    double lambda_t_star; /* root of W_c = W, tasks per unit time per machine */
    double lambda2;       /* λ_t* M/m̄ */
    double lambda_u;      /* eq. 14 */
};
int xl_cutoff(double alpha, double mu_bar, double k, double m_bar, double M,
              struct xl_cutoff *out);

/* The closed form printed after eq. 13:
 *   λ_t* = (−a + √(a² + 16(2α−1)(α²−3α+2)(2kα−4α+8−k))) / ((8kα − 16α + 32 − 4k) α μ̄),
 *   a = k(α² − 4α + 3)(2α − 1)²/α + 12α² − 34α + 20.
 * It is the root of eqs. 7–8 (= eq. 13), not of eq. 9 as printed (which has none), to
 * rounding — except near k = (4α − 8)/(2α − 1) (possible for α >= 3.5, since k >= 1), where
 * the quadratic's leading coefficient vanishes and the formula is 0/0: it loses digits
 * and gives 0 or NAN at that k. NAN for α <= 2. */
double xl_cutoff_lambda_t_printed(double alpha, double mu_bar, double k);

/* Eq. 31, the inverse of eq. 14 in M: the machines at which λ is the cut-off,
 * M = max[4αλμ̄m̄/(2α − 1), λm̄/λ_t*] (the second term 0 for α <= 2). NAN on bad input. */
double xl_cutoff_machines(double lambda, double alpha, double mu_bar, double k, double m_bar);

/* ------------------------------------------------------------------ P2, §5 */

struct xl_p2_job {
    int m;        /* tasks */
    double mu;    /* Pareto scale */
    double alpha; /* Pareto tail index, > 1 */
    double wait;  /* l − a_i, the time already waited */
};

struct xl_p2 {
    int K;                      /* jobs */
    const struct xl_p2_job *job; /* K of them */
    double N;                   /* idle machines N(l) */
    double gamma;               /* price of machine time (P1) */
    double xi;                  /* most copies per task, ξ */
};

/* Eq. 22 for Pareto: f(c) = E[D(c)] + wait + γ m c E[T(c)], E[D] = xl_max_mean and
 * c E[T] = μc²α/(cα − 1) (the text after eq. 10 prints μc^α/(cα − 1), a typo: c times eq. 5).
 * INFINITY if cα <= 1. */
double xl_p2_f(const struct xl_p2_job *j, double gamma, double c);
/* df/dc, analytic: E[D]' = E[D] α (ψ(1 − 1/a) − ψ(m + 1 − 1/a))/a² with a = cα, and
 * (μc²α/(cα − 1))' = μαc(cα − 2)/(cα − 1)². */
double xl_p2_df(const struct xl_p2_job *j, double gamma, double c);
/* d²f/dc², analytic: E[D]'' = E[D] (g² + g') with g = E[D]'/E[D] as above and
 * g' = −α²b³ (2(ψ(1 − b) − ψ(m + 1 − b)) − b (ψ₁(1 − b) − ψ₁(m + 1 − b))), b = 1/(cα), and
 * (μc²α/(cα − 1))'' = 2μα/(cα − 1)³. NAN if cα <= 1. */
double xl_p2_d2f(const struct xl_p2_job *j, double gamma, double c);
/* P2's objective Σ_i f_i(c_i), c[0..K-1]. */
double xl_p2_objective(const struct xl_p2 *p, const double *c);

/* ρ = η of §5.2.3: one tenth of eq. 24's bound min_i 4μ_i ln(1 + m_i)/(α_i (K + 1)² ξ³)
 * (α per job here; the paper has one α). xl_p2_rho_bound is eq. 24's bound itself.
 * Measured on Fig. 1's instance (ξ = 20, N = 200; ρ = 2.4e-6, bound 2.4e-5), sweeps to
 * Λ^r < 1e-8: with γ = 0.01 the constraint is slack and ρ = 2.4e-6 stops after 4 sweeps (the
 * bound: 7); with γ = 0.001 it binds (ν = 0.020) and ρ = 2.4e-6 takes ~1500 sweeps, the bound
 * ~170, ρ = 1e-3 ~26, ρ = 1e-2 ~180; balanced from ρ (XL_RHO_BALANCED, below) ~53. Once the
 * multiplier has to move, the count grows like 1/ρ for small ρ — not §5.2.3's "20 with ρ, over
 * 70 with the bound". The tests pin these ranges. */
double xl_p2_rho(const struct xl_p2 *p);
double xl_p2_rho_bound(const struct xl_p2 *p);

/* ADMM of §5.2.2 (eqs. 21–23): the slack c_{K+1} in [0, N] with m_{K+1} = 1, f_{K+1} = 0 makes
 * the constraint Σ m c + c_{K+1} = N; the augmented Lagrangian is Ψ = Σ f_i + λ(N − Σ m c)
 * + ρ(N − Σ m c)² as printed — ρ, not the usual ρ/2. Each sweep updates c_1..c_K and then the
 * slack in Gauss–Seidel order (23a), each the exact minimiser of Ψ over its box (for c_i the
 * root in [1, ξ] of f_i'(c) − λm_i − 2ρm_i(N − S_{−i} − m_i c), clamped; for the slack
 * N − Σm c + λ/(2ρ), clamped to [0, N]), then λ += η(N − Σ m c) with η = ρ (23b). Start:
 * c_i = 1, slack N − Σ m_i, λ = 0. Stops after the first sweep r with Λ^r < tol, Λ^r of
 * Theorem 1: (Σ_{i<=K+1} m_i c_i^r − N)² + Σ_{i<=K} (m_i c_i^r − m_i c_i^{r−1})².
 * mode XL_RHO_FIXED is the paper's: ρ = η throughout. XL_RHO_BALANCED, an option that is not
 * in seed 000, starts from the given ρ and adapts ρ = η by residual balancing (Boyd et al.,
 * "Distributed Optimization and Statistical Learning via ADMM", 2011, §3.4.1): doubled when
 * the primal residual |N − Σ m c − c_{K+1}| exceeds 10 times the dual one (each block's
 * stationarity moved by the later blocks' updates, 2ρm_i Σ_{j>i} m_j Δc_j), halved in the
 * opposite case, for the first 100 sweeps, fixed after (xulau_p2.c has the details).
 * c: K values out (the slack is not returned); iters: sweeps done (may be NULL).
 * Returns 0 on convergence, 1 if max_iter sweeps did not converge (c holds the last iterate),
 * -1 on bad input (K < 1, Σ m_i > N, ξ < 1, ρ <= 0, some α_i <= 1). */
enum xl_rho {
    XL_RHO_FIXED,    /* ρ = η as given, every sweep (§5.2, eq. 23) */
    XL_RHO_BALANCED, /* residual balancing from the given ρ (Boyd et al. 2011 §3.4.1) */
};
int xl_p2_admm(const struct xl_p2 *p, double rho, enum xl_rho mode, int max_iter, double tol,
               double *c, int *iters);

/* SCA's solve of P2 (seed 000 Algorithm 1 line 6; models/policies/sca.c): ADMM from §5.2.3's
 * ρ (xl_p2_rho), fixed (the paper) or balanced (mode, the policy's rho_balance), at most
 * XL_SCA_MAX_ITER sweeps to Λ^r < XL_SCA_TOL (machines²). When the capacity constraint binds
 * the paper's ρ can need 10^5 sweeps; if ADMM has not converged by then, c is the KKT
 * bisection's optimum instead. Returns xl_p2_admm's status (0 converged, 1 the bisection
 * stood in, -1 bad input); iters: ADMM sweeps done (may be NULL). */
#define XL_SCA_MAX_ITER 10000
#define XL_SCA_TOL 1e-6
int xl_p2_sca(const struct xl_p2 *p, enum xl_rho mode, double *c, int *iters);

/* Where xl_p2_sca with ρ fixed leaves c, without running ADMM: lo[i] <= c_i <= hi[i] for the
 * point it returns, whether ADMM stops within XL_SCA_MAX_ITER sweeps or the bisection stands
 * in. From ADMM's update and stopping rule alone (xulau_p2.c has the proof): at the sweep where
 * it stops, each c_i is job i's KKT point for some multiplier ν_i, and every ν_i lies within
 * 2ρ(√((K+1) tol) + √((K−1) tol)) of 0 (the slack above 0) or between the multipliers where
 * Σ m c(ν) = N + √tol and N − √tol, give or take 4ρ√((K−1) tol) (the slack at 0); the
 * bisection's multiplier lies in the same ranges. Costs a few KKT points (Newton steps on the
 * multiplier when the constraint binds), whatever ADMM's sweep count; the bounds are 1.5e-5
 * relative apart on Fig. 1 at γ = 0.001, up to 4e-4 at the papers' scale (bench/scale-*.ini).
 * Returns 0, or -1 on bad input (as xl_p2_admm) or when no bound was found. */
int xl_p2_sca_bounds(const struct xl_p2 *p, double *lo, double *hi);

/* SCA's copies per job, k[0..K-1] (seed 000 Algorithm 1 line 6 as models/policies/sca.c
 * applies it, docs/methods/policies.md): xl_p2_sca's c_i cut to its integer part (floor(c_i + 1e-9): a
 * hair under an integer counts as it), at least 1; then, while Σ m_i k_i > N (only after an
 * unconverged iterate), the largest k_i (the first of equals) loses one. With ρ fixed the
 * copies are xl_p2_sca_bounds' when both ends of every c_i's bound cut to the same integer —
 * the integer xl_p2_sca's point cuts to — and xl_p2_sca's otherwise: the same copies either
 * way. iters: ADMM sweeps run (0 when the bounds decided; may be NULL). Returns 0 (decided by
 * the bounds, or ADMM converged), 1 (the bisection stood in), -1 on bad input. */
int xl_sca_copies(const struct xl_p2 *p, enum xl_rho mode, int *k, int *iters);

/* P2 by its KKT conditions: for a multiplier ν >= 0, c_i(ν) = argmin over [1, ξ] of
 * f_i(c) + νm_i c (root of f_i' + νm_i, clamped); ν = 0 if Σ m_i c_i(0) <= N, else the ν
 * where Σ m_i c_i(ν) = N, by bisection (Σ m_i c_i(ν) is non-increasing in ν). c: K values;
 * nu may be NULL. Returns 0, or -1 on bad input as xl_p2_admm. */
int xl_p2_bisect(const struct xl_p2 *p, double *c, double *nu);

/* ------------------------------------------------------------------ ESE, §6.2 */

/* E[R]/E[X] with c = 2 (§6.2.2, eqs. 25–30): a copy made at the asktime x ~ U[0, t] (eq. 30)
 * iff t − x > σE[X]; then R = x + 2 min(t − x, T2) (eq. 29), else R = t (eq. 28):
 * E[R] = ∫_0^{σE} x dF + ∫_{σE}^∞ dF(t) [∫_0^{t−σE} (x + 2E[min(t − x, T2)])/t dx + σE],
 * E[min(s, T2)] = ∫_0^s F̄. For Pareto the ratio is scale-free; xl_ese_cost takes μ = 1 and
 * is closed form (α > 1). xl_ese_cost_dist is the same by quadrature for any distribution. */
double xl_ese_cost(double alpha, double sigma);
double xl_ese_cost_dist(const struct dist *d, double sigma);

/* argmin over σ in [0.05, 10] of xl_ese_cost (grid, then Brent; about 1e-8 accurate).
 * Differentiating §6.2.2 in s = σE[X] gives dE[R]/ds = (s − 2E[min(s, T2)]) E[1/T; T > s]:
 * a copy pays when the remaining time is twice the two copies' expected race. For Pareto the
 * optimum solves s = 2(α − s^{1−α})/(α − 1): σ = 1 + 1/√2 at α = 2, 4/3 at α = 1.5, → 2 as
 * α → ∞ (the tests check the minimiser against this root). */
double xl_ese_sigma_opt(double alpha);

/* Theorem 2's integral condition ∫_0^∞ F̄² >= (2/3) E[X] (under which two copies are optimal
 * when the hazard rate is non-increasing; that hypothesis is the caller's to check). Pareto in
 * closed form, 2μα/(2α − 1) >= (2/3) μα/(α − 1) ⟺ α >= 2 (§6.2.3); quadrature otherwise. */
bool xl_th2_condition(const struct dist *d);

/* ------------------------------------------------------------------ seed 002 */

/* Seed 002 §III-A: the speed-up of r clones of a Pareto(μ, α) task, s(r) = E[T]/E[min of r]
 * = (rα − 1)/(r(α − 1)). */
double xl_srptms_speedup(double alpha, double r);

#endif

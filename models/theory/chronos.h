/* chronos — the closed forms of seed 004 (Xu et al., "Chronos"): PoCD and expected machine time
 * of Clone, Speculative-Restart and Speculative-Resume (Theorems 1–6, Lemma 1), the PoCD
 * orderings (Theorem 7), the concavity thresholds Γ (Theorem 8), the net utility (eq. 25) and
 * its optimisation (Algorithm 1).
 *
 * Every formula is implemented exactly as printed, under its theorem's name. Where the printed
 * formula is wrong, a `_corrected` function gives the derivation's result; docs/methods/validation.md
 * has the derivations and the simulation evidence. Pure functions: no simulation here.
 *
 * Model (seed 004 §III): a job of N tasks, all launched at t = 0, deadline D; attempt times are
 * i.i.d. Pareto(tmin, β); estimates are exact. Times are relative to the job's start. */
#ifndef SPECMC_CHRONOS_H
#define SPECMC_CHRONOS_H

struct ch_params {
    int N;           /* tasks per job */
    double tmin;     /* Pareto minimum */
    double beta;     /* Pareto tail index */
    double D;        /* deadline, relative to the job's start */
    double tau_est;  /* detection time (S-Restart, S-Resume) */
    double tau_kill; /* kill time (all three) */
};

enum ch_strategy { CH_CLONE, CH_RESTART, CH_RESUME };

/* Lemma 1, eq. 6: E[min of n i.i.d. Pareto(tmin, β)] = tmin nβ/(nβ − 1); INFINITY if nβ <= 1. */
double ch_lemma1(int n, double tmin, double beta);

/* Theorem 1, eq. 3/5: R_Clone = [1 − (tmin/D)^{β(r+1)}]^N. */
double ch_th1_pocd_clone(const struct ch_params *p, double r);

/* Theorem 2, eq. 13: E_Clone(T) = N [r τ_kill + tmin + tmin/(β(r+1) − 1)]. */
double ch_th2_cost_clone(const struct ch_params *p, double r);

/* Theorem 3, eq. 16: R_SRestart = [1 − tmin^{β(r+1)} / (D^β (D − τ_est)^{βr})]^N. */
double ch_th3_pocd_restart(const struct ch_params *p, double r);

/* Theorem 4, eqs. 17–18 as printed: E(T_j|T_j,1 <= D) P(T_j,1 <= D) + E(T_j|T_j,1 > D) P(...)
 * — the machine time of one task, although the theorem calls it the job's. */
double ch_th4_cost_restart(const struct ch_params *p, double r);
/* The job's machine time: N times the above (the proof's E_SRestart(T) = N·E(T_j)). */
double ch_th4_cost_restart_corrected(const struct ch_params *p, double r);

/* Theorem 5, eq. 19 as printed, with φ the original's progress at τ_est taken as a constant. */
double ch_th5_pocd_resume(const struct ch_params *p, double r, double phi);
/* Exact: the straggler's progress φ = τ_est/T_j,1 varies with T_j,1 > D; the task fails with
 * probability ∫_D^∞ f(t) min(1, [(1 − τ_est/t) tmin/(D − τ_est)]^β)^{r+1} dt. */
double ch_th5_pocd_resume_corrected(const struct ch_params *p, double r);

/* Theorem 6, eqs. 20–24 as printed (one task's machine time, φ a constant). */
double ch_th6_cost_resume(const struct ch_params *p, double r, double phi);
/* The job's machine time: N·[E(T|T1<=D) P(T1<=D) + (τ_est + r(τ_kill − τ_est)
 * + (1 − φ̄) tmin β(r+1)/(β(r+1) − 1)) P(T1>D)], with φ̄ = ch_phi_straggler(p). */
double ch_th6_cost_resume_corrected(const struct ch_params *p, double r);

/* The mean progress at τ_est of an original that misses D (the tasks S-Resume replaces):
 * E[τ_est/T | T > D] = τ_est β / ((β + 1) D). The value of φ_j,est used with the printed
 * formulas (docs/methods/validation.md). */
double ch_phi_straggler(const struct ch_params *p);

/* Theorem 8, eqs. 29–31: U(r) is concave for r > Γ. φ is used by S-Resume only. */
double ch_th8_gamma(enum ch_strategy s, const struct ch_params *p, double phi);

/* Theorem 7(3): R_Clone > R_SResume iff r > r*. As printed (main text, = eq. 70), with φ the
 * straggler's progress taken as a constant: r* = [β ln(φ̄ tmin) − ln D̄] / [ln D̄ − ln(φ̄ D)],
 * φ̄ = 1 − φ, D̄ = D − τ_est. */
double ch_th7_threshold(const struct ch_params *p, double phi);

/* Theorem 7(3) rebuilt on the corrected Theorem 5 (docs/methods/validation.md, Findings 3–4). Eq. 69
 * compares the per-task failures (1 − R)^{1/N}, since both PoCDs are (1 − q)^N; eq. 70 solves
 * it with φ a constant. Here R_Clone > R_SResume iff q_C(r) < q_R(r), with Clone's per-task
 * failure q_C = (tmin/D)^{β(r+1)} (Theorem 1, eq. 4) and S-Resume's
 * q_R = ∫_D^∞ f(t) min{1, [(1 − τ_est/t) tmin/(D − τ_est)]^β}^{r+1} dt (eq. 55 with each
 * straggler's own progress τ_est/t; ch_th5_pocd_resume_corrected). r* is the real r where
 * ln q_C = ln q_R, by GSL's Brent. It exists and is unique: with a = (tmin/D)^β = P(T > D)
 * and X(t) the min{1, ·} above, a < X(t) <= 1 for t > D, so q_R/q_C = E[(X/a)^{r+1}; T > D]
 * grows strictly with r, without bound, from E[X/a; T > D] < 1 at r = 0 (Clone runs one
 * attempt there, S-Resume the same one and a replacement for its straggler). So 0 < r* < ∞,
 * and Clone is better exactly for r > r* (never for every r >= 0). Defined for tmin < D and
 * 0 < τ_est < D (NAN otherwise). Returns +INFINITY when r* > CH_TH7_R_MAX (Clone better at no
 * r up to it: τ_est tiny; r* τ_est → 6.4 at tmin = 1, D = 3, β = 1.5). r* depends on tmin/D,
 * τ_est/D and β — with φ a constant β would cancel; averaged over stragglers it does not. */
#define CH_TH7_R_MAX 1e4
double ch_th7_threshold_corrected(const struct ch_params *p);

/* Net utility, eqs. 25/28 with f = lg = log10 (Table I's utilities are reproduced by log10,
 * θ = 1e-5, R_min = 0.2): U = log10(R − R_min) − θ C E; −INFINITY if R <= R_min. */
double ch_utility(double pocd, double cost, double theta, double price, double rmin);

/* The closed forms a strategy's utility is built from. `corrected` selects the corrected
 * machine-time (and S-Resume PoCD) formulas; printed ones use φ = ch_phi_straggler. */
struct ch_objective {
    enum ch_strategy strategy;
    struct ch_params p;
    double theta, price, rmin; /* eq. 25 */
    int corrected;             /* 0: formulas as printed; 1: corrected */
};
double ch_objective_pocd(const struct ch_objective *o, double r);
double ch_objective_cost(const struct ch_objective *o, double r);
double ch_objective_utility(const struct ch_objective *o, double r);

/* Algorithm 1: gradient ascent from ⌈Γ⌉ (Phase 1), then every integer below ⌈Γ⌉ (Phase 2).
 * The printed pseudo-code steps along −∇U with an Armijo test for a decrease — a descent on
 * U, which would minimise it; it is implemented as the ascent the text describes. Each line
 * search starts from a unit step in r (the paper's ε = 1 on ∇U stalls where U is flat) and
 * backtracks by ξ = 0.5 with α = 0.3; the continuous optimum is rounded to the better of its
 * two neighbouring integers. Returns r_opt in [0, r_max]. */
int ch_alg1(const struct ch_objective *o, int r_max);
/* Exhaustive search over r = 0..r_max (first maximum). */
int ch_brute_force(const struct ch_objective *o, int r_max);

#endif

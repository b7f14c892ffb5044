/* hopper — the closed forms of seed 001 (Ren, Ananthanarayanan, Wierman, Yu, "Hopper"): the
 * completion-rate model (eqs. 1–3), the virtual size (eq. 4) and the allocations of
 * Algorithms 1 and 2, which the hopper policy (models/policies/hopper.c) runs and the hopper.*
 * checks of `specmc validate` test. Pure functions: no simulation here.
 *
 * Task times are Pareto(x_m, β); S_i, T_i the slots and remaining tasks of job i, k the mean
 * number of copies per task. Rates are in units of one slot's work without speculation: a job
 * completes μ/E[τ] tasks per unit time. */
#ifndef SPECMC_HOPPER_H
#define SPECMC_HOPPER_H

/* The second factor of eq. 1, E[τ] / (k E[min(τ_1..τ_k)]) for Pareto(x_m, β):
 * (kβ − 1) / (k²(β − 1)) (E[min of k] = x_m kβ/(kβ − 1), seed 004 Lemma 1); needs β > 1 and
 * kβ > 1, INFINITY otherwise. Real k extends the formula; only integer k ≥ 1 has copies. */
double hp_blowup(double k, double beta);

/* Eq. 1: μ = min(S, T k) × hp_blowup(k, β). */
double hp_mu_eq1(double S, double T, double k, double beta);

/* Eq. 2: k = 2/β when S ≤ (2/β)T, else S/T. */
double hp_k_eq2(double S, double T, double beta);

/* Eq. 3 as printed: β²/(4(β − 1)) S when S ≤ (2/β)T, else βT/(β − 1) − T²/(S(β − 1)). */
double hp_mu_eq3(double S, double T, double beta);

/* One job of an allocation: T_i(t) in, its target H_i out. */
struct hp_job {
    double remaining; /* T_i(t) */
    double target;    /* H_i */
    int job;          /* the caller's index */
};

/* The targets H_i of j[0..n), sorted by increasing T_i, for S slots: seed 001's Algorithm 2
 * with the floor F = S/N (1 − ε) every job is owed, which with ε = 1 (F = 0) is Algorithm 1.
 *  m1: the jobs whose virtual size V_i = (2/β)T_i (eq. 4) is at most F (a prefix).
 *  Capacity constrained, S ≤ Σ_{i>m1} V_i + m1 F: every job gets F, then jobs m1+1, m1+2, ...
 *    get V_i − F more each until the slots run out (the last the remainder).
 *  Otherwise: m2 is the least m with T_{m+1}/Σ_{i>m} T_i · (S − m F) ≥ max{F, V_{m+1}}; jobs
 *    up to m2 get F and the rest share S − m2 F in proportion to T_i (eq. 5). Should no m < n
 *    pass, m2 = n − 1 (the last job takes what is left).
 * The printed Algorithm 2 writes 2/α for 2/β and S/N − ε for S/N(1 − ε) in m1's definition;
 * we read both as the rest of the algorithm and §3.1's definition of ε-fairness do. */
void hp_allocate(struct hp_job *j, int n, double slots, double beta, double epsilon);

#endif

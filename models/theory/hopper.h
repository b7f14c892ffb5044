/* hopper — the closed forms of seed 001 (Ren, Ananthanarayanan, Wierman, Yu, "Hopper"): the
 * completion-rate model (eqs. 1–3), the virtual sizes (eqs. 4 and 6) and the allocations of
 * Algorithms 1, 2 and 3, which the hopper policy (models/policies/hopper.c) runs and the hopper.*
 * checks of `specmc validate` test. Pure functions: no simulation here.
 *
 * Task times are Pareto(x_m, β); S_i, T_i the slots and remaining tasks of job i, k the mean
 * number of copies per task. Rates are in units of one slot's work without speculation: a job
 * completes μ/E[τ] tasks per unit time. */
#ifndef SPECMC_HOPPER_H
#define SPECMC_HOPPER_H

#include <stdbool.h>

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

/* One job of Algorithm 3's allocation (seed 001 §3.2, DAGs of tasks). */
struct hp_dag_job {
    double remaining;  /* T_i(t): its tasks left in its current phase */
    double downstream; /* T'_i(t): the work left in its downstream phase (0 in its last) */
    double alpha;      /* α_i > 0, its weight */
    double target;     /* H_i */
    int job;           /* the caller's index */
    double v;          /* V_i (eq. 6), hp_dag_virtual's: the caller sets it */
};
/* Eq. 6's virtual size V_i = (2/β)T_i√α_i. A job's V_i changes only with its T_i and α_i, so
 * the caller keeps it with them (the policy computes it once per entry, not per decision). */
double hp_dag_virtual(const struct hp_dag_job *j, double beta);

/* Algorithm 3's order: ascending max{T_i, T'_i}; the same max: the larger weight α_i first;
 * then the lower index (earlier arrival). Inline: the policy sorts with it at every decision. */
static inline bool hp_dag_before(const struct hp_dag_job *x, const struct hp_dag_job *y)
{
    double mx = x->remaining > x->downstream ? x->remaining : x->downstream;
    double my = y->remaining > y->downstream ? y->remaining : y->downstream;
    if (mx != my)
        return mx < my;
    if (x->alpha != y->alpha)
        return x->alpha > y->alpha;
    return x->job < y->job;
}

/* Which job is J_{k_min} in case 2 (the one of least α, ties to the one listed last): among
 * the first k + 1 jobs, the one whose weight is α_min^(k+1), which the case's sums divide by
 * (HP_KMIN_NEXT, our reading: with every α equal the case is Algorithm 1's); or among the
 * first k, as the definition before the cases words it (HP_KMIN_FIRST_K). */
enum hp_kmin { HP_KMIN_NEXT, HP_KMIN_FIRST_K };

/* The targets H_i of j[0..n), sorted by hp_dag_before, for S slots: seed 001's Algorithm 3,
 * with each V_i = j[i].v (hp_dag_virtual) and a_k = α_min^(k) = min{α_1..α_k}, its cases tried in
 * order (1-based as printed):
 *  1. S ≤ V_1/√a_2: S_1 = S, the others 0 (one job: it gets S);
 *  2. the k < n with Σ_{i≤k} V_i/√a_{k+1} < S ≤ Σ_{i≤k+1} V_i/√a_{k+1}: S_i = V_i/√a_{k+1} in
 *     the order 1..k_min−1, k_min+1..k, k+1, k_min (k + 1 not twice when it is k_min) until
 *     the slots run out (the last the remainder), 0 for i > k + 1;
 *  3. the least 1 ≤ k < n − 1 with Σ_{i≤n} V_i/√a_{k+1} < S ≤ Σ_{i≤n} V_i/√a_{k+2}:
 *     S_i = V_i/Σ_{j≤k+1} V_j · S for i ≤ k + 1, 0 beyond (the printed "V_i / Σ_{i=1}^{k+1}"
 *     lacks its summand: we read V_j, eq. 6's proportional share among the first k + 1);
 *  4. S > Σ_{i≤n} V_i/√a_n: S_i = V_i/Σ_j V_j · S (eq. 6);
 *  5. none of them (the printed ranges leave gaps where the a_k differ): case 2's assignment
 *     with the least k whose upper sum Σ_{i≤k+1} V_i/√a_{k+1} reaches S.
 * Returns the case taken (1-5); 0 when n = 0. */
int hp_allocate_dag(struct hp_dag_job *j, int n, double slots, enum hp_kmin kmin);

#endif

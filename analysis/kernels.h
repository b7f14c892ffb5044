/* kernels — batch Monte Carlo of one idealised Chronos job, for checking seed 004's theorems.
 *
 * `specmc validate` needs up to ~1e8 simulated tasks per parameter point; the cluster model
 * (models/) with the real policies is exact but far too slow for that. These kernels simulate
 * the same mechanism as the policies clone, s-restart and s-resume (models/policies/) for the
 * setting the theorems assume: one job of N tasks, all launched at t = 0, every attempt gets a
 * slot at once, exact estimates, no launch delay, deadline D; attempt times i.i.d.
 * Pareto(tmin, beta). On the same random numbers they give the policies' results (the unit
 * test tests/unit/test_kernels.c runs both), and they follow the mechanism for any
 * parameters, inside the theorems' assumptions or not.
 *
 * Random numbers (the contract): job j uses the stream rng_stream(seed, j, RNG_CHECK) and
 * draws one rng_uniform per copy, in the order task g = 0..N-1, copy k = 0..K-1, with
 * K = r + 1 (clone, s-restart) or r + 2 (s-resume: the original and r + 1 resumed attempts).
 * All K uniforms of every task are drawn whether used or not, so the layout is fixed.
 *
 * Totals are exact sums (a fixed-point accumulator inside struct kn_totals), so they do not
 * depend on how a job range is split: totals of [0,a) and [a,b) added with kn_totals_add are
 * bit for bit those of [0,b), whatever the threads and chunk sizes. */
#ifndef SPECMC_KERNELS_H
#define SPECMC_KERNELS_H

#include <stdint.h>

#include "models/theory/chronos.h" /* enum ch_strategy { CH_CLONE, CH_RESTART, CH_RESUME } */

struct kn_spec {
    enum ch_strategy strategy;
    int N;           /* tasks per job, >= 1 */
    int r;           /* clone: r + 1 attempts; s-restart: r extra; s-resume: r + 1 resumed */
    double tmin;     /* Pareto minimum, > 0 */
    double beta;     /* Pareto tail index, > 0 */
    double D;        /* deadline, relative to the job's start */
    double tau_est;  /* detection time (s-restart, s-resume) */
    double tau_kill; /* kill time (all three) */
};

/* Exact sum of non-negative doubles: 32-bit digits in int64 words, digit i weighing
 * 2^(32 i - 256); bits below 2^-256 are dropped (deterministically), terms that are
 * negative, not finite or >= 2^240 are counted in `bad` (the sum then reads NaN). */
#define KN_EXACT_DIGITS 16
struct kn_exact {
    int64_t digit[KN_EXACT_DIGITS];
    uint64_t bad;
};

enum { KN_JOB_COST, KN_JOB_COST2, KN_JOB_DONE, KN_JOB_DONE2, KN_TASK_DONE, KN_TASK_DONE2,
       KN_SUMS };

/* Plain sums over jobs (and tasks), so chunk totals can be added. Zero-initialise, fill
 * with kn_run, combine with kn_totals_add. The doubles are the exact sums rounded, kept in
 * step with `exact` by those functions: read them, never add them up yourself. Task sums
 * are taken job by job: Σ_jobs (Σ_g task_done[g], summed in task order). */
struct kn_totals {
    uint64_t jobs, jobs_met, tasks, tasks_met;
    double job_cost, job_cost2;   /* sum and sum of squares of job machine time */
    double job_done, job_done2;   /* job completion time */
    double task_done, task_done2; /* task completion time */
    struct kn_exact exact[KN_SUMS]; /* the same six sums, exactly (internal) */
};

/* 0 if the spec can be simulated, else -1 with a reason in msg. kn_run and kn_job expect a
 * valid spec: N >= 1, 0 <= r <= 4000, tmin, beta > 0, times finite and >= 0 (D may be
 * INFINITY). tau_kill < tau_est (which the policies reject) is read as tau_kill = tau_est. */
int kn_spec_check(const struct kn_spec *s, char *msg, unsigned long len);

/* Uniforms per task: r + 1, or r + 2 for s-resume. */
int kn_copies(const struct kn_spec *s);

/* into += t (exact). */
void kn_totals_add(struct kn_totals *into, const struct kn_totals *t);

/* Add one job's results (as kn_job returns them) to totals: what kn_run does per job. */
void kn_totals_add_job(struct kn_totals *t, const struct kn_spec *s, double done, double cost,
                       const double *task_done);

/* Simulate jobs first .. first+count-1 into *out (overwritten). Deterministic and
 * single-threaded: callers split the job range into chunks, run them on threads, and add the
 * chunk totals (in any order: the sums are exact). */
void kn_run(const struct kn_spec *s, uint64_t seed, uint64_t first, uint64_t count,
            struct kn_totals *out);

/* One job, for tests: its completion time, machine time, and each task's completion time
 * (task_done[N]; may be NULL). Bit for bit what kn_run computes for that job. */
void kn_job(const struct kn_spec *s, uint64_t seed, uint64_t job, double *done, double *cost,
            double *task_done);

/* Pareto(tmin, beta) durations t[i] of the uniforms behind n integers x[i] of rng_u52
 * (engine/stats/rng.h), by the kernels' vector quantile, tmin exp2(log2(1 − u) / −beta)
 * (libmvec): within 1.5e-14 relative of dist_quantile for beta >= 0.5, ~2e-15 for beta = 1.5
 * (measured). For the validation checks that draw Pareto task times in bulk. */
void kn_pareto_u52(double tmin, double beta, const uint64_t *x, double *t, int n);

/* The full Pareto duration T of copy `copy` of task `task` of job `job`, computed the slow way
 * (rng_advance to its uniform, dist_quantile): for driving the cluster model on the kernels'
 * random numbers. */
double kn_copy_duration(const struct kn_spec *s, uint64_t seed, uint64_t job, int task,
                        int copy);

#endif

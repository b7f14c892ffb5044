/* kernels — batch Monte Carlo of one idealised Chronos job (see kernels.h).
 *
 * How it is fast (measured by bench/kernel_bench.c, the `kernel` section of make bench):
 *  - KN_LANES jobs run in lockstep, one per lane: their PCG32 states step together in plain
 *    loops over arrays, which the compiler vectorises (the multiply chains of different jobs
 *    overlap instead of waiting on each other);
 *  - every mechanism needs only the fastest of a task's candidate attempts, and a Pareto
 *    duration is an increasing function of its uniform, so the minimum is taken over the
 *    52-bit integers behind the uniforms and only the winner (and the original, for the
 *    speculative strategies) is turned into a duration: one or two log2/exp2 per task, not
 *    one per copy;
 *  - those are glibc's vector versions (libmvec), called from `omp simd` loops; the hot
 *    functions are compiled for AVX-512, AVX2 and baseline x86-64 and picked at load time;
 *  - the totals are exact integer sums (kernels.h), kept per lane and folded at the end.
 * The mechanism itself is written once per strategy, lane-wise, next to its description.
 * Build with -fno-math-errno (lets the log2/exp2 loops vectorise), -ffp-contract=off (no
 * fused multiply-adds, so every CPU variant rounds alike outside libmvec) and
 * -funroll-loops (~5%). */
#include "analysis/kernels.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "engine/stats/dist.h"
#include "engine/stats/rng.h"

/* libmvec has vector versions of these (glibc >= 2.35); math.h declares them so only under
 * -ffast-math, which this file does not want. */
#pragma omp declare simd notinbranch
extern double exp2(double);
#pragma omp declare simd notinbranch
extern double log2(double);

#define KN_LANES 32 /* jobs in lockstep (32 measured ~6% faster than 16) */

/* The hot functions for AVX-512, AVX2 and baseline x86-64, picked at load time (GCC's
 * function multi-versioning). -DKN_NO_CLONES builds one version for the -march given, to test
 * each ISA's code on one machine. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__) && !defined(KN_NO_CLONES)
#define KN_HOT __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define KN_HOT
#endif

/* ------------------------------------------------------------------------ the plan */

/* What a spec means for the lanes, decided once. The candidate attempts of a task are the
 * copies [lo, hi): the one of them that finishes first is the attempt that ends the task (or
 * is kept at tau_kill). */
struct plan {
    enum ch_strategy strategy;
    int N, r, K;     /* tasks, r, uniforms per task */
    int lo, hi;      /* candidate copies; hi == lo: none */
    bool speculate;  /* s-restart/s-resume: can a straggler be detected at all */
    double tmin, nbeta, D, te, tk; /* nbeta = -beta; s-restart/s-resume: tk >= te */
};

static void make_plan(const struct kn_spec *s, struct plan *p)
{
    p->strategy = s->strategy;
    p->N = s->N;
    p->r = s->r;
    p->K = kn_copies(s);
    p->tmin = s->tmin;
    p->nbeta = -s->beta;
    p->D = s->D;
    p->te = s->tau_est;
    p->tk = s->tau_kill;
    switch (s->strategy) {
    case CH_CLONE:
        /* At tau_kill = 0 every progress score is 0 and the tie keeps the original. */
        p->lo = 0;
        p->hi = p->tk > 0 ? p->K : 1;
        p->speculate = false;
        break;
    case CH_RESTART:
    case CH_RESUME:
        if (p->tk < p->te)
            p->tk = p->te; /* outside the policies' domain (they reject it) */
        /* At tau_est = 0 the original has reported nothing: no estimate, no speculation.
         * At tau_kill = tau_est the new attempts have reported nothing either: s-restart
         * keeps the original, s-resume the lowest-numbered attempt, copy 1. */
        p->lo = 1;
        p->hi = p->tk > p->te ? p->K : s->strategy == CH_RESTART ? 1 : 2;
        p->speculate = p->te > 0 && p->K > 1;
        break;
    }
}

/* ------------------------------------------------------------------------ lanes */

/* rng_stream(seed, first + l, RNG_CHECK) in every lane, unrolled: id = job*64 + purpose,
 * inc = 2 id + 1, and rng_seed's two steps from state 0 leave (inc + mix) a + inc, with
 * mix = rng_mix64(seed ^ rng_mix64(id)). (The equivalence test, whose durations come from
 * rng_stream itself, fails if this drifts from engine/stats/rng.c.) Also inc2 = (a + 1) inc for
 * draw52. */
static inline void seed_lanes(uint64_t seed, uint64_t first, uint64_t *restrict state,
                              uint64_t *restrict inc, uint64_t *restrict inc2)
{
#pragma omp simd
    for (int l = 0; l < KN_LANES; l++) {
        uint64_t id = (first + (uint64_t)l) * 64u + (uint64_t)RNG_CHECK;
        uint64_t c = (id << 1u) | 1u;
        state[l] = (c + rng_mix64(seed ^ rng_mix64(id))) * RNG_MULT + c;
        inc[l] = c;
        inc2[l] = c * (RNG_MULT + 1);
    }
}

/* The 26 high bits of the PCG32 output of the state before a step (rng_next32's
 * xorshift-rotate, >> 6), in 64-bit lane arithmetic: with the 32-bit xorshift x doubled into
 * y = x:x, rotr32(x, rot) >> 6 is bits rot+6 .. rot+31 of y. */
static inline uint64_t pcg_high26(uint64_t old)
{
    uint64_t x = ((old >> 18u) ^ old) >> 27u;
    uint64_t y = (x << 32u) | (x & 0xffffffffu);
    /* (not one shift by rot + 6: GCC narrows that count to 32 bits and repacks lanes) */
    return ((y >> (old >> 59u)) >> 6u) & 0x3ffffffu;
}

/* Every lane's next rng_uniform as the 52-bit integer behind it, u = (x + 0.5) 2^-52:
 * two PCG32 steps, 26 high bits of each (rng.h). Integers compare like the uniforms. The
 * second step is taken from the first state directly, s2 = a^2 s0 + (a + 1) inc (inc2), so
 * the chain from one draw to the next is a single multiply. */
static inline void draw52(uint64_t *restrict state, const uint64_t *restrict inc,
                          const uint64_t *restrict inc2, int64_t *restrict x)
{
    const uint64_t a = RNG_MULT, a2 = RNG_MULT * RNG_MULT;
#pragma omp simd
    for (int l = 0; l < KN_LANES; l++) {
        uint64_t s0 = state[l];
        uint64_t s1 = s0 * a + inc[l];
        state[l] = s0 * a2 + inc2[l];
        x[l] = (int64_t)((pcg_high26(s0) << 26) | pcg_high26(s1));
    }
}

/* Pareto(tmin, beta) durations of the lanes' uniforms, u = (x + 0.5) 2^-52 as rng_uniform
 * computes it (the integer is converted through the bits of 2^52 + x, which vectorises
 * without AVX-512): dist_quantile's tmin exp(log(1 - u) / -beta), as
 * tmin exp2(log2(1 - u) / -beta) — 1 - u is exact, and libmvec's base-2 pair is the faster
 * (~7%). Within 1.5e-14 relative of dist_quantile for beta >= 0.5 over the whole range of u,
 * ~2e-15 for beta = 1.5 (measured). */
static inline void pareto(const struct plan *p, const int64_t *restrict x, double *restrict t)
{
    const double tmin = p->tmin, nbeta = p->nbeta;
#pragma omp simd
    for (int l = 0; l < KN_LANES; l++) {
        uint64_t bits = (uint64_t)x[l] | 0x4330000000000000u;
        double big;
        memcpy(&big, &bits, sizeof big);
        double u = ((big - 0x1p52) + 0.5) * 0x1p-52;
        t[l] = tmin * exp2(log2(1.0 - u) / nbeta);
    }
}

/* ------------------------------------------------------------------------ the mechanisms */

/* CLONE(r, tau_kill) — models/policies/clone.c. Copies 0..r start at 0; m = the shortest.
 * If m <= tau_kill the task is done at m and every copy ran m: machine (r+1) m. Else at
 * tau_kill the best-progress copy (the shortest) is kept and the r others are killed:
 * machine r tau_kill + m. Done at m. (tau_kill = 0 keeps the original: plan.) */
static inline void task_clone(const struct plan *p, const double *restrict tm,
                              double *restrict done, double *restrict cost)
{
    const double tk = p->tk, r = p->r;
#pragma omp simd
    for (int l = 0; l < KN_LANES; l++) {
        double m = tm[l];
        done[l] = m;
        cost[l] = m <= tk ? (r + 1) * m : r * tk + m;
    }
}

/* S-RESTART(r, tau_est, tau_kill) — models/policies/s_restart.c. The original runs T0 from 0.
 * It is speculated on iff it is still running at tau_est and its (exact) estimate misses the
 * deadline: T0 > tau_est and T0 > D. Then r extra copies start at tau_est and end at
 * tau_est + T_k; m = the earliest end of all r + 1. If m <= tau_kill the task is done at m:
 * machine m (original) + r (m - tau_est). Else at tau_kill the copy ending first is kept and
 * the others killed: machine tau_est + r (tau_kill - tau_est) + (m - tau_est). Done at m.
 * Otherwise done at T0, machine T0. tm = the shortest extra (INFINITY if none counts). */
static inline void task_restart(const struct plan *p, const double *restrict t0,
                                const double *restrict tm, double *restrict done,
                                double *restrict cost)
{
    const double te = p->te, tk = p->tk, D = p->D, r = p->r;
    const bool can = p->speculate;
#pragma omp simd
    for (int l = 0; l < KN_LANES; l++) {
        bool spec = can && t0[l] > te && t0[l] > D;
        double e = te + tm[l];
        double m = t0[l] < e ? t0[l] : e;
        double c = m <= tk ? m + r * (m - te) : te + r * (tk - te) + (m - te);
        done[l] = spec ? m : t0[l];
        cost[l] = spec ? c : t0[l];
    }
}

/* S-RESUME(r, tau_est, tau_kill) — models/policies/s_resume.c. The original runs T0 from 0.
 * Detected as for s-restart (T0 > tau_est, T0 > D, and progress phi = tau_est / T0 < 1): at
 * tau_est it is killed (machine tau_est) and r + 1 attempts resume from phi, ending at
 * tau_est + (1 - phi) T_k; m = the earliest. If m <= tau_kill: done at m, machine
 * tau_est + (r+1)(m - tau_est). Else the first to end is kept at tau_kill: machine
 * tau_est + r (tau_kill - tau_est) + (m - tau_est). Done at m. Otherwise T0 and T0. */
static inline void task_resume(const struct plan *p, const double *restrict t0,
                               const double *restrict tm, double *restrict done,
                               double *restrict cost)
{
    const double te = p->te, tk = p->tk, D = p->D, r = p->r;
    const bool can = p->speculate;
#pragma omp simd
    for (int l = 0; l < KN_LANES; l++) {
        double phi = te / t0[l];
        bool spec = can && t0[l] > te && t0[l] > D && phi < 1.0;
        double m = te + (1.0 - phi) * tm[l];
        double c = m <= tk ? te + (r + 1) * (m - te) : te + r * (tk - te) + (m - te);
        done[l] = spec ? m : t0[l];
        cost[l] = spec ? c : t0[l];
    }
}

/* ------------------------------------------------------------------------ one block */

/* Per-lane results of a block of jobs. */
struct block {
    double done[KN_LANES];  /* job completion: the last task's */
    double cost[KN_LANES];  /* job machine time, summed in task order */
    double tsum[KN_LANES];  /* Σ task completion, task order */
    double tsum2[KN_LANES]; /* Σ task completion², task order */
    uint64_t tmet[KN_LANES]; /* tasks done by D */
};

/* Jobs first .. first + KN_LANES - 1, one per lane. task_done, if not NULL, gets lane 0's
 * task completion times. Every lane does the same arithmetic, so a job's results do not
 * depend on the lane it runs in. */
KN_HOT static void run_block(const struct plan *p, uint64_t seed, uint64_t first,
                             double *task_done, struct block *b)
{
    uint64_t state[KN_LANES], inc[KN_LANES], inc2[KN_LANES];
    seed_lanes(seed, first, state, inc, inc2);
    memset(b, 0, sizeof *b);
    const int lo = p->lo, hi = p->hi;
    const double D = p->D;
    for (int g = 0; g < p->N; g++) {
        int64_t x0[KN_LANES], x[KN_LANES], xm[KN_LANES];
        draw52(state, inc, inc2, x0);
        for (int l = 0; l < KN_LANES; l++)
            xm[l] = lo == 0 ? x0[l] : INT64_MAX;
        for (int k = 1; k < p->K; k++) {
            draw52(state, inc, inc2, x);
            if (k >= lo && k < hi) {
#pragma omp simd
                for (int l = 0; l < KN_LANES; l++)
                    xm[l] = x[l] < xm[l] ? x[l] : xm[l];
            }
        }
        double t0[KN_LANES], tm[KN_LANES], done[KN_LANES], cost[KN_LANES];
        if (hi > lo)
            pareto(p, xm, tm);
        else
            for (int l = 0; l < KN_LANES; l++)
                tm[l] = INFINITY;
        switch (p->strategy) {
        case CH_CLONE:
            task_clone(p, tm, done, cost);
            break;
        case CH_RESTART:
            pareto(p, x0, t0);
            task_restart(p, t0, tm, done, cost);
            break;
        case CH_RESUME:
            pareto(p, x0, t0);
            task_resume(p, t0, tm, done, cost);
            break;
        }
#pragma omp simd
        for (int l = 0; l < KN_LANES; l++) {
            b->done[l] = done[l] > b->done[l] ? done[l] : b->done[l];
            b->cost[l] += cost[l];
            b->tsum[l] += done[l];
            b->tsum2[l] += done[l] * done[l];
            b->tmet[l] += done[l] <= D ? 1u : 0u;
        }
        if (task_done)
            task_done[g] = done[0];
    }
}

/* ------------------------------------------------------------------------ exact sums */

/* Add x >= 0 to the digits: its 53-bit significand, shifted to its place, spans at most
 * three 32-bit digits. Each digit gains < 2^32 per call: normalise before 2^31 calls. */
static void exact_add(struct kn_exact *a, double x)
{
    uint64_t bits;
    memcpy(&bits, &x, sizeof bits);
    int e = (int)(bits >> 52); /* biased exponent; >= 0x800 when negative */
    if (e == 0)
        return; /* zero or subnormal: below the range */
    if (e >= 0x7ff) {
        a->bad++;
        return;
    }
    uint64_t m = (bits & ((1ull << 52) - 1)) | (1ull << 52);
    int pos = e - 1075 + 256; /* bit position of m's lowest bit above 2^-256 */
    if (pos < 0) {
        if (pos <= -53)
            return;
        m >>= -pos;
        pos = 0;
    }
    int i = pos >> 5, sh = pos & 31;
    if (i + 2 >= KN_EXACT_DIGITS) {
        a->bad++;
        return;
    }
    uint64_t lo = m << sh, hi = sh ? m >> (64 - sh) : 0;
    a->digit[i] += (int64_t)(lo & 0xffffffffu);
    a->digit[i + 1] += (int64_t)(lo >> 32);
    a->digit[i + 2] += (int64_t)hi;
}

/* Carry so that every digit but the top one is in [0, 2^32): a unique representation. */
static void exact_normalize(struct kn_exact *a)
{
    for (int i = 0; i + 1 < KN_EXACT_DIGITS; i++) {
        a->digit[i + 1] += a->digit[i] >> 32;
        a->digit[i] &= 0xffffffff;
    }
}

/* The (normalised) sum as a double: a function of the exact value only. */
static double exact_value(const struct kn_exact *a)
{
    if (a->bad)
        return NAN;
    double v = 0.0;
    for (int i = KN_EXACT_DIGITS - 1; i >= 0; i--)
        v += ldexp((double)a->digit[i], 32 * i - 256);
    return v;
}

static void totals_finish(struct kn_totals *t)
{
    double *v[KN_SUMS] = {[KN_JOB_COST] = &t->job_cost,   [KN_JOB_COST2] = &t->job_cost2,
                          [KN_JOB_DONE] = &t->job_done,   [KN_JOB_DONE2] = &t->job_done2,
                          [KN_TASK_DONE] = &t->task_done, [KN_TASK_DONE2] = &t->task_done2};
    for (int k = 0; k < KN_SUMS; k++) {
        exact_normalize(&t->exact[k]);
        *v[k] = exact_value(&t->exact[k]);
    }
}

/* One job's results into the totals, term by term. */
static void add_job(struct kn_totals *t, const struct plan *p, double done, double cost,
                    double tsum, double tsum2, uint64_t tmet)
{
    t->jobs++;
    t->jobs_met += done <= p->D;
    t->tasks += (uint64_t)p->N;
    t->tasks_met += tmet;
    exact_add(&t->exact[KN_JOB_COST], cost);
    exact_add(&t->exact[KN_JOB_COST2], cost * cost);
    exact_add(&t->exact[KN_JOB_DONE], done);
    exact_add(&t->exact[KN_JOB_DONE2], done * done);
    exact_add(&t->exact[KN_TASK_DONE], tsum);
    exact_add(&t->exact[KN_TASK_DONE2], tsum2);
}

/* kn_run's running sums, per lane: for each of the six sums three limbs weighing 2^-64,
 * 2^-32 and 1 (digits 6, 7, 8), added to vertically block after block and folded into the
 * totals' digits by lane_flush — no horizontal sums per block (those cost ~6%). */
struct lane_sums {
    int64_t limb[KN_SUMS][3][KN_LANES];
    uint64_t jobs_met[KN_LANES], tasks_met[KN_LANES];
};

/* Lanes 0..n-1 of a block into the sums: the same terms as add_job. A term x in
 * [2^-12, 2^34) with x = m 2^(sh - 64), sh in 0..45, is the integer m << sh (< 2^98) in units
 * of 2^-64: its three 32-bit limbs (< 2^34 each) go into the lane's limbs. Nearly every term
 * is one of these; the others go into the totals through exact_add. Integer sums: exact in
 * any order. */
KN_HOT static void add_block(struct lane_sums *ls, struct kn_totals *t, const struct plan *p,
                             const struct block *b, int n)
{
    const double D = p->D;
    double term[KN_SUMS][KN_LANES];
    uint64_t odd[KN_LANES];
#pragma omp simd
    for (int l = 0; l < KN_LANES; l++) {
        term[KN_JOB_COST][l] = b->cost[l];
        term[KN_JOB_COST2][l] = b->cost[l] * b->cost[l];
        term[KN_JOB_DONE][l] = b->done[l];
        term[KN_JOB_DONE2][l] = b->done[l] * b->done[l];
        term[KN_TASK_DONE][l] = b->tsum[l];
        term[KN_TASK_DONE2][l] = b->tsum2[l];
        ls->jobs_met[l] += l < n && b->done[l] <= D ? 1 : 0;
        ls->tasks_met[l] += l < n ? b->tmet[l] : 0;
        odd[l] = 0;
    }
    for (int k = 0; k < KN_SUMS; k++) {
#pragma omp simd
        for (int l = 0; l < KN_LANES; l++) {
            uint64_t bits;
            memcpy(&bits, &term[k][l], sizeof bits);
            uint64_t sh = (bits >> 52) - (1075 - 64); /* wraps below 2^-12: one test */
            bool in = sh <= 45, use = in && l < n;
            sh = in ? sh : 0;
            uint64_t m = (bits & ((1ull << 52) - 1)) | (1ull << 52);
            uint64_t lo = m << sh, hi = (m >> 1) >> (63 - sh);
            ls->limb[k][0][l] += use ? (int64_t)(lo & 0xffffffffu) : 0;
            ls->limb[k][1][l] += use ? (int64_t)(lo >> 32) : 0;
            ls->limb[k][2][l] += use ? (int64_t)hi : 0;
            odd[l] |= (uint64_t)(!in && l < n) << k;
        }
    }
    uint64_t any = 0;
    for (int l = 0; l < KN_LANES; l++)
        any |= odd[l];
    if (any)
        for (int l = 0; l < n; l++)
            for (int k = 0; k < KN_SUMS; k++)
                if (odd[l] >> k & 1u)
                    exact_add(&t->exact[k], term[k][l]);
    t->jobs += (uint64_t)n;
    t->tasks += (uint64_t)n * (uint64_t)p->N;
}

/* Fold the lane sums into the totals (and zero them). */
static void lane_flush(struct lane_sums *ls, struct kn_totals *t)
{
    for (int k = 0; k < KN_SUMS; k++)
        for (int i = 0; i < 3; i++) {
            int64_t sum = 0;
            for (int l = 0; l < KN_LANES; l++)
                sum += ls->limb[k][i][l];
            t->exact[k].digit[6 + i] += sum;
        }
    for (int l = 0; l < KN_LANES; l++) {
        t->jobs_met += ls->jobs_met[l];
        t->tasks_met += ls->tasks_met[l];
    }
    memset(ls, 0, sizeof *ls);
}

/* ------------------------------------------------------------------------ API */

int kn_copies(const struct kn_spec *s)
{
    return s->strategy == CH_RESUME ? s->r + 2 : s->r + 1;
}

int kn_spec_check(const struct kn_spec *s, char *msg, unsigned long len)
{
    const char *why = NULL;
    if (s->strategy != CH_CLONE && s->strategy != CH_RESTART && s->strategy != CH_RESUME)
        why = "unknown strategy";
    else if (s->N < 1)
        why = "N must be >= 1";
    else if (s->r < 0 || s->r > 4000)
        why = "r must be in [0, 4000]";
    else if (!(s->tmin > 0 && isfinite(s->tmin)) || !(s->beta > 0 && isfinite(s->beta)))
        why = "tmin and beta must be positive and finite";
    else if (!(s->D >= 0) || !(s->tau_est >= 0 && isfinite(s->tau_est)) ||
             !(s->tau_kill >= 0 && isfinite(s->tau_kill)))
        why = "D, tau_est and tau_kill must be >= 0 (tau_est, tau_kill finite)";
    if (why && msg && len)
        snprintf(msg, len, "%s", why);
    return why ? -1 : 0;
}

void kn_totals_add(struct kn_totals *into, const struct kn_totals *t)
{
    into->jobs += t->jobs;
    into->jobs_met += t->jobs_met;
    into->tasks += t->tasks;
    into->tasks_met += t->tasks_met;
    for (int k = 0; k < KN_SUMS; k++) {
        for (int i = 0; i < KN_EXACT_DIGITS; i++)
            into->exact[k].digit[i] += t->exact[k].digit[i];
        into->exact[k].bad += t->exact[k].bad;
    }
    totals_finish(into);
}

void kn_totals_add_job(struct kn_totals *t, const struct kn_spec *s, double done, double cost,
                       const double *task_done)
{
    struct plan p;
    make_plan(s, &p);
    double tsum = 0.0, tsum2 = 0.0;
    uint64_t tmet = 0;
    for (int g = 0; g < s->N; g++) {
        tsum += task_done[g];
        tsum2 += task_done[g] * task_done[g];
        tmet += task_done[g] <= s->D;
    }
    add_job(t, &p, done, cost, tsum, tsum2, tmet);
    totals_finish(t);
}

void kn_run(const struct kn_spec *s, uint64_t seed, uint64_t first, uint64_t count,
            struct kn_totals *out)
{
    struct plan p;
    make_plan(s, &p);
    memset(out, 0, sizeof *out);
    struct block b;
    struct lane_sums ls;
    memset(&ls, 0, sizeof ls);
    uint64_t blocks = 0;
    for (uint64_t j = 0; j < count; j += KN_LANES) {
        run_block(&p, seed, first + j, NULL, &b);
        add_block(&ls, out, &p, &b, count - j < KN_LANES ? (int)(count - j) : KN_LANES);
        if (++blocks % (1u << 20) == 0) { /* a limb gains < 2^34 a block: flush by 2^25 */
            lane_flush(&ls, out);
            for (int k = 0; k < KN_SUMS; k++)
                exact_normalize(&out->exact[k]);
        }
    }
    lane_flush(&ls, out);
    totals_finish(out);
}

void kn_job(const struct kn_spec *s, uint64_t seed, uint64_t job, double *done, double *cost,
            double *task_done)
{
    struct plan p;
    make_plan(s, &p);
    struct block b;
    run_block(&p, seed, job, task_done, &b);
    *done = b.done[0];
    *cost = b.cost[0];
}

KN_HOT void kn_pareto_u52(double tmin, double beta, const uint64_t *restrict x,
                          double *restrict t, int n)
{
    const double nbeta = -beta;
#pragma omp simd
    for (int i = 0; i < n; i++) {
        uint64_t bits = x[i] | 0x4330000000000000u; /* as pareto() above */
        double big;
        memcpy(&big, &bits, sizeof big);
        double u = ((big - 0x1p52) + 0.5) * 0x1p-52;
        t[i] = tmin * exp2(log2(1.0 - u) / nbeta);
    }
}

double kn_copy_duration(const struct kn_spec *s, uint64_t seed, uint64_t job, int task,
                        int copy)
{
    rng_t r;
    rng_stream(&r, seed, job, RNG_CHECK);
    rng_advance(&r, 2u * ((uint64_t)task * (uint64_t)kn_copies(s) + (uint64_t)copy));
    struct dist d = {DIST_PARETO, s->tmin, s->beta};
    return dist_sample(&d, &r);
}

/* rng — PCG32 random streams owned by the caller.
 *
 * PCG32 is O'Neill's "PCG-XSH-RR 64/32" generator with stream selection (M. E. O'Neill,
 * "PCG: A Family of Simple Fast Space-Efficient Statistically Good Algorithms for Random
 * Number Generation", HMC-CS-2014-0905, §6.3.1), implemented from the published algorithm
 * and checked against the reference C++ package (Debian libpcg-cpp-dev) in the tests.
 *
 * There is no global generator. Every replica derives its own streams from
 * (seed, replica index, purpose), so results never depend on which thread runs a replica and
 * replica k draws the same workload under every policy (common random numbers).
 * This file is not a general RNG library: only what the engine and models use. */
#ifndef SPECMC_RNG_H
#define SPECMC_RNG_H

#include <math.h>
#include <stdint.h>

typedef struct rng {
    uint64_t state; /* LCG state */
    uint64_t inc;   /* stream increment, always odd */
} rng_t;

/* Named purposes of the streams one replica owns. Values are part of the file format's
 * reproducibility promise: never renumber, only append, and stay below 64 (rng_stream packs
 * replica and purpose as replica*64 + purpose). */
enum rng_purpose {
    RNG_ARRIVALS = 1, /* inter-arrival times */
    RNG_JOBS     = 2, /* per-job attributes (weights, task counts) */
    RNG_COPIES   = 3, /* extra copies' durations: block of RNG_COPY_BLOCK outputs per task */
    RNG_POLICY   = 4, /* random choices a policy makes */
    RNG_NOISE    = 5, /* estimation noise */
    RNG_CHECK    = 6, /* validation kernels */
    RNG_TASKS    = 7, /* original copy durations ("task sizes"), one per task in task order */
    RNG_BOOTSTRAP = 8, /* bootstrap resamples of a summary (not a replica's: "replica" is the
                          summary's cell, engine/stats/intervals.h) */
    RNG_STRAGGLE = 9,  /* whether a copy straggles, and how much (seed 003's mixture) */
    RNG_DEADLINES = 10, /* jobs' own relative deadlines (workload.deadline_max), one uniform
                           per job in job order */
    RNG_PRICES = 11     /* jobs' own prices γ_i (utility.price_max), one uniform per job in
                           job order */
};

/* Outputs reserved for one task in the RNG_COPIES stream: extra copy k >= 1 of task g uses
 * outputs g*RNG_COPY_BLOCK + 2(k-1) and + 2(k-1)+1, so at most RNG_COPY_BLOCK/2 extra
 * copies per task. */
#define RNG_COPY_BLOCK 4096u
#define RNG_MAX_COPIES (RNG_COPY_BLOCK / 2u)

#define RNG_MULT 6364136223846793005ULL

/* pcg32_srandom_r: seed with an initial state and a stream selector. */
void rng_seed(rng_t *r, uint64_t initstate, uint64_t initseq);

/* pcg32_advance_r: jump ahead by delta outputs in O(log delta) (Brown, "Random Number
 * Generation with Arbitrary Stride", 1994). */
void rng_advance(rng_t *r, uint64_t delta);

/* A stream's jump maps: advancing by 2^k blocks of RNG_COPY_BLOCK outputs is the affine map
 * state -> mult[k] * state + plus[k] (mod 2^64), for the stream's increment. Tasks jump to
 * their blocks of the copy, noise and straggle streams at every first extra copy; with the
 * maps a jump costs one composition per set bit of the task index instead of rng_advance's
 * squarings from scratch, and gives the same state (the maps are powers of one step and
 * commute). */
#define RNG_JUMPS 52 /* 2^52 blocks of 2^12 outputs: the whole 2^64 period */
typedef struct {
    uint64_t mult[RNG_JUMPS], plus[RNG_JUMPS];
} rng_jumps;

/* The maps for r's stream (its increment). */
void rng_jumps_init(rng_jumps *j, const rng_t *r);

/* Advance r (of the stream j was made for) by `blocks` * RNG_COPY_BLOCK outputs. */
void rng_jump_blocks(rng_t *r, const rng_jumps *j, uint64_t blocks);

/* SplitMix64 finalizer (Steele, Lea, Flood, OOPSLA 2014): a bijective 64-bit mixer used to
 * turn (seed, replica, purpose) into well-spread initial states. */
static inline uint64_t rng_mix64(uint64_t x)
{
    x ^= x >> 30u;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27u;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31u;
    return x;
}

/* The stream a replica uses for one purpose. */
void rng_stream(rng_t *r, uint64_t seed, uint64_t replica, enum rng_purpose purpose);

/* pcg32_random_r: the next 32-bit output. */
static inline uint32_t rng_next32(rng_t *r)
{
    uint64_t old = r->state;
    r->state = old * RNG_MULT + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

/* A uniform double in the open interval (0, 1) with 52 random bits, from two outputs
 * (26 high bits of each), offset by half a step: values run from 2^-53 to 1 - 2^-53, both
 * exactly representable, so inverse-CDF sampling never sees log(0) or pow(0, -x). (With 53
 * bits the half-step offset would round the largest value up to exactly 1.) */
static inline double rng_uniform(rng_t *r)
{
    uint64_t a = rng_next32(r) >> 6, b = rng_next32(r) >> 6;
    return ((double)((a << 26) | b) + 0.5) * 0x1.0p-52;
}

/* The same draw as the 52-bit integer x behind it, u = (x + 0.5) 2^-52 (rng_u52_uniform):
 * rng_u52_uniform(rng_u52(r)) is rng_uniform(r), bit for bit, on the same two outputs.
 * Integers compare as their uniforms do, so a sampler can decide on x which draws it needs
 * (a minimum, a rejection) before turning any into a duration. */
static inline uint64_t rng_u52(rng_t *r)
{
    uint64_t a = rng_next32(r) >> 6, b = rng_next32(r) >> 6;
    return (a << 26) | b;
}

static inline double rng_u52_uniform(uint64_t x)
{
    return ((double)x + 0.5) * 0x1.0p-52;
}

/* ln(1 − u), for inverse-CDF sampling (engine/stats/dist.c, tpareto.c): log of 1 − u where
 * that difference is exact, log1p(−u) where it is not. It is exact for every uniform a draw
 * can be (rng_uniform's (x + 0.5) 2^-52 is an odd multiple of 2^-53, so 1 − u is one too) and
 * for every u >= 1/2 (Sterbenz); below 1/2 off that grid 1 − u would round, and a small u lose
 * its relative accuracy. The test is exact: 1 − v is exact for v = fl(1 − u) in [1/2, 1].
 * On 2·10^7 draws' u against log1pl (glibc 2.36, x86-64), log(1 − u) was within 0.518 ULP and
 * correctly rounded but for 0.05 %, log1p(−u) within 0.864 ULP and not correctly rounded for
 * 5.5 %; and log costs a third of log1p's time, which made the task-time draws about a quarter
 * of a FIFO model's CPU time (docs/guide/performance.md, "The FIFO model against SimPy"). */
static inline double log_one_minus(double u)
{
    double v = 1.0 - u;
    return 1.0 - v == u ? log(v) : log1p(-u);
}

#endif

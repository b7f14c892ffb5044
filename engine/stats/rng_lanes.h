/* rng_lanes — PCG32 streams of many lanes stepped together (see rng.h for the generator).
 *
 * Lane l holds one stream rng_stream(seed, first + l, purpose); its state and increment live
 * in plain arrays, and each helper is one loop over the lanes that the compiler vectorises
 * (the multiply chains of different streams overlap instead of waiting on each other). Used by
 * the validation kernels (analysis/kernels.c: one job per lane) and the lockstep cluster
 * model (one replica per lane). Uniforms come out as the 52-bit integers behind rng_uniform,
 * x with u = (x + 0.5) 2^-52, which compare like the uniforms; rng_lanes_u52 turns one into
 * exactly the double rng_uniform returns. Not a general vector RNG: only these steps. */
#ifndef SPECMC_RNG_LANES_H
#define SPECMC_RNG_LANES_H

#include <stdint.h>
#include <string.h>

#include "engine/stats/rng.h"

/* The functions holding the lane loops, for AVX-512, AVX2 and baseline x86-64, picked at load
 * time (GCC's function multi-versioning). -DRNG_LANES_NO_CLONES builds one version for the
 * -march given, to test each ISA's code on one machine. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__) && \
    !defined(RNG_LANES_NO_CLONES)
#define RNG_LANES_HOT __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define RNG_LANES_HOT
#endif

/* rng_stream(seed, first + l, purpose) in lanes 0..n-1, unrolled: id = replica*64 + purpose,
 * inc = 2 id + 1, and rng_seed's two steps from state 0 leave (inc + mix) a + inc, with
 * mix = rng_mix64(seed ^ rng_mix64(id)). (tests/unit/test_kernels.c and test_lockstep.c fail
 * if this drifts from engine/stats/rng.c.) Also inc2 = (a + 1) inc for rng_lanes_draw52. */
static inline void rng_lanes_seed(int n, uint64_t seed, uint64_t first, enum rng_purpose purpose,
                                  uint64_t *restrict state, uint64_t *restrict inc,
                                  uint64_t *restrict inc2)
{
#pragma omp simd
    for (int l = 0; l < n; l++) {
        uint64_t id = (first + (uint64_t)l) * 64u + (uint64_t)purpose;
        uint64_t c = (id << 1u) | 1u;
        state[l] = (c + rng_mix64(seed ^ rng_mix64(id))) * RNG_MULT + c;
        inc[l] = c;
        inc2[l] = c * (RNG_MULT + 1);
    }
}

/* The 26 high bits of the PCG32 output of the state before a step (rng_next32's
 * xorshift-rotate, >> 6), in 64-bit lane arithmetic: with the 32-bit xorshift x doubled into
 * y = x:x, rotr32(x, rot) >> 6 is bits rot+6 .. rot+31 of y. */
static inline uint64_t rng_lanes_high26(uint64_t old)
{
    uint64_t x = ((old >> 18u) ^ old) >> 27u;
    uint64_t y = (x << 32u) | (x & 0xffffffffu);
    /* (not one shift by rot + 6: GCC narrows that count to 32 bits and repacks lanes) */
    return ((y >> (old >> 59u)) >> 6u) & 0x3ffffffu;
}

/* Every lane's next rng_uniform as the 52-bit integer behind it: two PCG32 steps, 26 high
 * bits of each (rng.h). The second step is taken from the first state directly,
 * s2 = a^2 s0 + (a + 1) inc (inc2), so the chain from one draw to the next is a single
 * multiply. */
static inline void rng_lanes_draw52(int n, uint64_t *restrict state, const uint64_t *restrict inc,
                                    const uint64_t *restrict inc2, int64_t *restrict x)
{
    const uint64_t a = RNG_MULT, a2 = RNG_MULT * RNG_MULT;
#pragma omp simd
    for (int l = 0; l < n; l++) {
        uint64_t s0 = state[l];
        uint64_t s1 = s0 * a + inc[l];
        state[l] = s0 * a2 + inc2[l];
        x[l] = (int64_t)((rng_lanes_high26(s0) << 26) | rng_lanes_high26(s1));
    }
}

/* The uniform behind x, u = (x + 0.5) 2^-52, bit for bit rng_uniform's value; converted
 * through the bits of 2^52 + x, which vectorises without AVX-512. */
static inline double rng_lanes_u52(int64_t x)
{
    uint64_t bits = (uint64_t)x | 0x4330000000000000u;
    double big;
    memcpy(&big, &bits, sizeof big);
    return ((big - 0x1p52) + 0.5) * 0x1p-52;
}

#endif

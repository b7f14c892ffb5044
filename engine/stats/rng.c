/* rng — PCG32 seeding, jump-ahead and the per-replica stream derivation (see rng.h).
 *
 * Implemented from O'Neill's published algorithm (pcg32_srandom_r, pcg32_advance_r of the
 * minimal C library); the output function rng_next32 is inline in rng.h. Checked against the
 * reference C++ package by tests/unit/test_rng.c. Not a general RNG library: no global
 * state, no bounded integers, no other PCG variants. */
#include "engine/stats/rng.h"

/* pcg32_srandom_r: state = 0; inc = 2*initseq + 1; step; state += initstate; step.
 * Identical to the C++ constructor pcg32(initstate, initseq), which sets
 * state = (initstate + inc) * RNG_MULT + inc. */
void rng_seed(rng_t *r, uint64_t initstate, uint64_t initseq)
{
    r->state = 0u;
    r->inc = (initseq << 1u) | 1u;
    (void)rng_next32(r);
    r->state += initstate;
    (void)rng_next32(r);
}

/* pcg32_advance_r / pcg_advance_lcg_64: Brown's algorithm. After delta steps the state is
 * acc_mult * state + acc_plus, where (acc_mult, acc_plus) is the delta-fold composition of
 * the affine map x -> RNG_MULT*x + inc, built by repeated squaring (all arithmetic mod
 * 2^64). delta = 0 leaves the generator unchanged. */
void rng_advance(rng_t *r, uint64_t delta)
{
    uint64_t cur_mult = RNG_MULT, cur_plus = r->inc;
    uint64_t acc_mult = 1u, acc_plus = 0u;
    while (delta > 0u) {
        if (delta & 1u) {
            acc_mult *= cur_mult;
            acc_plus = acc_plus * cur_mult + cur_plus;
        }
        cur_plus = (cur_mult + 1u) * cur_plus;
        cur_mult *= cur_mult;
        delta >>= 1u;
    }
    r->state = acc_mult * r->state + acc_plus;
}

void rng_jumps_init(rng_jumps *j, const rng_t *r)
{
    uint64_t mult = RNG_MULT, plus = r->inc;
    for (uint32_t d = RNG_COPY_BLOCK; d > 1u; d >>= 1u) { /* the map of 2^12 steps */
        plus = (mult + 1u) * plus;
        mult *= mult;
    }
    for (int k = 0; k < RNG_JUMPS; k++) {
        j->mult[k] = mult;
        j->plus[k] = plus;
        plus = (mult + 1u) * plus;
        mult *= mult;
    }
}

/* One composition per set bit, lowest first (as a loop over all bits would apply them),
 * found with count-trailing-zeros. Bits at or above RNG_JUMPS are ignored, as before. */
void rng_jump_blocks(rng_t *r, const rng_jumps *j, uint64_t blocks)
{
    uint64_t state = r->state;
    blocks &= (UINT64_C(1) << RNG_JUMPS) - 1u;
    while (blocks) {
        int k = __builtin_ctzll(blocks);
        state = j->mult[k] * state + j->plus[k];
        blocks &= blocks - 1u;
    }
    r->state = state;
}

/* The stream of (seed, replica, purpose). Reproducibility contract — never change:
 *
 *     id = replica * 64 + purpose                          (mod 2^64)
 *     rng_seed(r, rng_mix64(seed ^ rng_mix64(id)), id)
 *
 * i.e. the PCG stream selector is id itself, so distinct (replica, purpose) pairs get
 * distinct increments (for purpose < 64 and replica < 2^57), and the initial state mixes
 * the user seed with id. Purposes are the values of enum rng_purpose. */
void rng_stream(rng_t *r, uint64_t seed, uint64_t replica, enum rng_purpose purpose)
{
    uint64_t id = replica * 64u + (uint64_t)purpose;
    rng_seed(r, rng_mix64(seed ^ rng_mix64(id)), id);
}

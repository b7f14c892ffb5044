// pcg_ref — golden vectors from the reference PCG C++ package (Debian libpcg-cpp-dev).
//
// Used only by tests/unit/test_rng.c (via $SPECMC_PCG_REF) to check engine/stats/rng.c against
// O'Neill's own implementation; it is not part of the engine and takes no arguments.
//
// pcg32 is pcg_engines::setseq_xsh_rr_64_32; its two-argument constructor sets
// inc = (initseq << 1) | 1 and state = (initstate + inc) * mult + inc, which is exactly
// pcg32_srandom_r (state = 0; step; state += initstate; step) from the C library.
//
// Output format, one record per line, all numbers unsigned decimal, fields separated by
// single spaces:
//   seed <initstate> <initseq> : <o1> ... <o10>
//       the first 10 outputs of pcg32 rng(initstate, initseq)
//   advance <initstate> <initseq> <delta> : <o1> ... <o5>
//       the 5 outputs after constructing pcg32 rng(initstate, initseq) and calling
//       rng.advance(delta) (delta is taken mod 2^64, as by the generator)
// Lines starting with '#' are comments. Exit status 0 on success.
#include <pcg_random.hpp>

#include <cstdint>
#include <cstdio>
#include <cinttypes>

namespace {

struct pair_seed {
    std::uint64_t initstate, initseq;
};

const pair_seed seeds[] = {
    {42u, 54u},                                       // the PCG demo pair
    {0u, 0u},
    {1u, 1u},
    {0x853c49e6748fea9bULL, 0xda3e39cb94b95bdbULL},   // the C library's PCG32_INITIALIZER
    {0xcafef00dd15ea5e5ULL, 0x0123456789abcdefULL},   // large 64-bit values
    {UINT64_MAX, UINT64_MAX},
    {UINT64_MAX - 1u, 0x8000000000000000ULL},         // top bit of initseq is dropped
    {0x8000000000000000ULL, 0x7fffffffffffffffULL},
    {12345u, 0xffffffff00000000ULL},
};

const pair_seed adv_seeds[] = {
    {42u, 54u},
    {0u, 0u},
    {0xcafef00dd15ea5e5ULL, 0x0123456789abcdefULL},
    {UINT64_MAX, UINT64_MAX},
};

const std::uint64_t deltas[] = {
    0u, 1u, 2u, 7u, 1000u, 4096u, 123456789u,
    (std::uint64_t(1) << 40) + 7u,
    0xdeadbeefcafebabeULL,
    UINT64_MAX,                                       // one step backwards
};

} // namespace

int main()
{
    std::printf("# pcg_ref: golden vectors from pcg_random.hpp (pcg32)\n");
    for (const pair_seed &s : seeds) {
        pcg32 rng(s.initstate, s.initseq);
        std::printf("seed %" PRIu64 " %" PRIu64 " :", s.initstate, s.initseq);
        for (int i = 0; i < 10; i++)
            std::printf(" %" PRIu32, std::uint32_t(rng()));
        std::printf("\n");
    }
    for (const pair_seed &s : adv_seeds) {
        for (std::uint64_t delta : deltas) {
            pcg32 rng(s.initstate, s.initseq);
            rng.advance(delta);
            std::printf("advance %" PRIu64 " %" PRIu64 " %" PRIu64 " :", s.initstate,
                        s.initseq, delta);
            for (int i = 0; i < 5; i++)
                std::printf(" %" PRIu32, std::uint32_t(rng()));
            std::printf("\n");
        }
    }
    return std::fflush(stdout) == 0 ? 0 : 1;
}

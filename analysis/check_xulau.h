/* check_xulau — what the xulau.* checks share (internal to analysis/check_xulau_*.c): a
 * Monte Carlo driver that draws a fixed number of samples in fixed chunks (one PCG stream per
 * chunk, totals added in chunk order, so no result depends on the thread count) and keeps the
 * sum and sum of squares of each value a sample produces. It knows nothing of seed 000: the
 * mechanism being simulated is the caller's draw function. Also xulau.admm's random P2
 * instances, which bench/sca_bench.c uses too. */
#ifndef SPECMC_CHECK_XULAU_H
#define SPECMC_CHECK_XULAU_H

#include <stdbool.h>
#include <stdint.h>

#include "analysis/validate.h"
#include "models/theory/xulau.h"
#include "engine/stats/dist.h"
#include "engine/stats/rng.h"

enum { XLC_MAX_VALUES = 64 };

/* One sample of a mechanism: writes the values it measures to v[0..k-1]. */
typedef void xlc_draw(rng_t *r, const void *arg, double *v);

/* m samples at once (for vector code): sample i's values to v[i*k .. i*k+k-1], drawing from r
 * in sample order as m calls of an xlc_draw would. m <= XLC_BATCH. */
enum { XLC_BATCH = 256 };
typedef void xlc_draw_batch(rng_t *r, const void *arg, int m, double *v);

struct xlc_sums {
    uint64_t n;                   /* samples */
    double sum[XLC_MAX_VALUES];   /* Σ v[j] */
    double sum2[XLC_MAX_VALUES];  /* Σ v[j]² */
};

/* n samples of `draw` (k <= XLC_MAX_VALUES values each) on ctx->threads threads, chunk c
 * drawing from rng_stream(seed, c, RNG_CHECK). 0, or -1 out of memory. */
int xlc_sample(const struct vd_context *ctx, uint64_t seed, uint64_t n, int k, xlc_draw *draw,
               const void *arg, struct xlc_sums *out);

/* Where dist_sample's draws cross t > 0, in the 52-bit integers behind their uniforms
 * (rng_u52): every x < *below gives dist_quantile(d, u(x)) < t and every x >= *above gives
 * >= t, for a family whose quantile increases (not deterministic). Between them (a band of
 * relative width 1e-9 around t's quantile) only the quantile itself can tell. Lets a sampler
 * reject draws by their integer alone, with the same verdict as on the duration. */
void xlc_u52_bounds(const struct dist *d, double t, uint64_t *below, uint64_t *above);

/* xlc_sample with a batch draw: the same sums as xlc_sample on the equivalent xlc_draw. */
int xlc_sample_batch(const struct vd_context *ctx, uint64_t seed, uint64_t n, int k,
                     xlc_draw_batch *draw, const void *arg, struct xlc_sums *out);

/* Samples [from, to) of xlc_sample's n added to *out, which holds [0, from): from and to are
 * multiples of its chunk (or n), so the sums are xlc_sample's, added in the same order, bit
 * for bit. For sequential looks (validate.h); xlc_look_size gives the sizes. */
int xlc_sample_more(const struct vd_context *ctx, uint64_t seed, uint64_t n, uint64_t from,
                    uint64_t to, int k, xlc_draw *draw, const void *arg, struct xlc_sums *out);

/* The size of look `look` for a full sample of n: n/16, n/4 and n, rounded up to whole chunks
 * (at most n). */
uint64_t xlc_look_size(uint64_t n, int look);

/* Mean of value j and its standard error. */
void xlc_mean_se(const struct xlc_sums *s, int j, double *mean, double *se);

/* A row for the mean of value j against a closed form (vd_add_mean). */
int xlc_add_mean(struct vd_rows *out, const char *id, const char *params, double closed,
                 const struct xlc_sums *s, int j, bool expected);

/* `clone`'s parameters for §4's cloning (xulau.cutoff, xulau.eq15): r = 1, two copies launched
 * together; τ_kill never (the first to finish completes the task, the other is killed then). */
void xlc_two_copies(double *param);

/* Samples to draw: `full` for the full suite, a tenth for --quick. */
uint64_t xlc_n(const struct vd_context *ctx, uint64_t full);

/* Instance i of xulau.admm's random P2 instances (check_xulau_p2.c: 30 of them, 5 with
 * --quick), seeded from ctx->seed; jobs must hold XLC_P2_K_MAX. bench/sca_bench.c's ρ study
 * runs on the same instances. */
enum { XLC_P2_K_MAX = 10 };
struct xl_p2 xlc_p2_instance(const struct vd_context *ctx, uint64_t i, struct xl_p2_job *jobs);

#endif

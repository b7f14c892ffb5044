/* check_xulau_common — the Monte Carlo driver of the xulau.* checks (see check_xulau.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/check_xulau.h"
#include "models/policy.h"

enum { CHUNK = 1 << 14 };

/* Samples [from, to) by one of draw and batch; the values are summed in sample order. */
static int sample_chunks(const struct vd_context *ctx, uint64_t seed, uint64_t n, uint64_t from,
                         uint64_t to, int k, xlc_draw *draw, xlc_draw_batch *batch,
                         const void *arg, struct xlc_sums *out)
{
    uint64_t chunks = (n + CHUNK - 1) / CHUNK, c0 = from / CHUNK;
    uint64_t c1 = to >= n ? chunks : to / CHUNK;
    if (k < 1 || k > XLC_MAX_VALUES || from % CHUNK || (to < n && to % CHUNK) || c1 < c0)
        return -1;
    struct xlc_sums *part = calloc(c1 > c0 ? c1 - c0 : 1, sizeof *part);
    if (!part)
        return -1;
#pragma omp parallel for schedule(dynamic, 1) num_threads(ctx->threads)
    for (uint64_t c = c0; c < c1; c++) {
        rng_t r;
        rng_stream(&r, seed, c, RNG_CHECK);
        struct xlc_sums *s = &part[c - c0];
        s->n = c + 1 < chunks ? CHUNK : n - c * CHUNK;
        if (batch) {
            double *v = malloc((size_t)XLC_BATCH * (size_t)k * sizeof *v);
            if (!v) { /* every sum reads NaN */
                for (int j = 0; j < k; j++)
                    s->sum[j] = s->sum2[j] = NAN;
                continue;
            }
            for (uint64_t i0 = 0; i0 < s->n; i0 += XLC_BATCH) {
                int m = s->n - i0 < XLC_BATCH ? (int)(s->n - i0) : XLC_BATCH;
                batch(&r, arg, m, v);
                for (int i = 0; i < m; i++)
                    for (int j = 0; j < k; j++) {
                        s->sum[j] += v[i * k + j];
                        s->sum2[j] += v[i * k + j] * v[i * k + j];
                    }
            }
            free(v);
            continue;
        }
        double v[XLC_MAX_VALUES];
        for (uint64_t i = 0; i < s->n; i++) {
            draw(&r, arg, v);
            for (int j = 0; j < k; j++) {
                s->sum[j] += v[j];
                s->sum2[j] += v[j] * v[j];
            }
        }
    }
    for (uint64_t c = c0; c < c1; c++) {
        out->n += part[c - c0].n;
        for (int j = 0; j < k; j++) {
            out->sum[j] += part[c - c0].sum[j];
            out->sum2[j] += part[c - c0].sum2[j];
        }
    }
    free(part);
    return 0;
}

int xlc_sample(const struct vd_context *ctx, uint64_t seed, uint64_t n, int k, xlc_draw *draw,
               const void *arg, struct xlc_sums *out)
{
    memset(out, 0, sizeof *out);
    return sample_chunks(ctx, seed, n, 0, n, k, draw, NULL, arg, out);
}

int xlc_sample_batch(const struct vd_context *ctx, uint64_t seed, uint64_t n, int k,
                     xlc_draw_batch *draw, const void *arg, struct xlc_sums *out)
{
    memset(out, 0, sizeof *out);
    return sample_chunks(ctx, seed, n, 0, n, k, NULL, draw, arg, out);
}

int xlc_sample_more(const struct vd_context *ctx, uint64_t seed, uint64_t n, uint64_t from,
                    uint64_t to, int k, xlc_draw *draw, const void *arg, struct xlc_sums *out)
{
    return sample_chunks(ctx, seed, n, from, to, k, draw, NULL, arg, out);
}

uint64_t xlc_look_size(uint64_t n, int look)
{
    uint64_t part = look >= VD_LOOKS - 1 ? n : n >> (2 * (VD_LOOKS - 1 - look)); /* n/16, n/4 */
    part = (part + CHUNK - 1) / CHUNK * CHUNK;
    return part < n ? part : n;
}

/* The smallest x with dist_quantile(d, u(x)) >= t by bisection over [0, 2^52] (2^52: none).
 * The computed quantile is within 1e-12 relative of the increasing exact one, so it can only
 * fail to be monotone across x whose durations agree to 1e-12. */
static uint64_t first_reaching(const struct dist *d, double t)
{
    uint64_t lo = 0, hi = 1ull << 52;
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (dist_quantile(d, rng_u52_uniform(mid)) >= t)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

/* x < below: the exact quantile at x is below the one at below - 1, whose computed value is
 * < t (1 - 1e-9), so the computed one at x is < t; symmetrically for above. */
void xlc_u52_bounds(const struct dist *d, double t, uint64_t *below, uint64_t *above)
{
    *below = first_reaching(d, t * (1 - 1e-9));
    *above = first_reaching(d, t * (1 + 1e-9));
}

void xlc_mean_se(const struct xlc_sums *s, int j, double *mean, double *se)
{
    double dn = (double)s->n;
    *mean = s->sum[j] / dn;
    double var = s->n > 1 ? fmax(0.0, (s->sum2[j] - dn * *mean * *mean) / (dn - 1)) : NAN;
    *se = sqrt(var / dn);
}

int xlc_add_mean(struct vd_rows *out, const char *id, const char *params, double closed,
                 const struct xlc_sums *s, int j, bool expected)
{
    return vd_add_mean(out, id, params, closed, s->sum[j], s->sum2[j], s->n, expected);
}

uint64_t xlc_n(const struct vd_context *ctx, uint64_t full)
{
    return ctx->quick ? full / 10 : full;
}

void xlc_two_copies(double *param)
{
    const struct policy *clone = pol_find("clone");
    for (int i = 0; clone->params[i].key; i++) {
        const struct pol_param *p = &clone->params[i];
        param[i] = !strcmp(p->key, "r") ? 1 : !strcmp(p->key, "tau_kill") ? p->max : p->def;
    }
}

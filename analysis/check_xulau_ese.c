/* check_xulau_ese — xulau.th2 and xulau.sigma: seed 000 §6.2, ESE's straggler detection.
 *
 * th2 (§6.2.1, Theorem 2): a task detected as a straggler after running t — its original copy
 * T¹ conditioned on θ: T¹ >= σE[X] + t, drawn by rejection from dist_sample — gets c − 1 fresh
 * copies; all c run until the first finishes, D = min(T¹ − t, V), V the min of the fresh ones,
 * and cost c·D. Theorem 2 says E[cD | θ] is least at some c <= 2 when F has a non-increasing
 * hazard rate and ∫F̄² >= (2/3)E[X]; the rows are the simulated differences E[2D₂ − 3D₃ | θ] and
 * E[2D₂ − 4D₄ | θ] (common random numbers: D₃ and D₄ add copies to D₂'s), predicted negative.
 *
 * sigma (§6.2.2, eqs. 25–30, Fig. 2): a task of duration X from dist_sample is looked at once,
 * at its asktime x ~ U[0, X] (eq. 30); it gets one copy iff X − x > σE[X], and then costs
 * R = x + 2 min(X − x, T₂), T₂ a fresh draw (eq. 29), else R = X (eq. 28). E[R]/E[X] against
 * xl_ese_cost, and the σ that minimises it against xl_ese_sigma_opt. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/check_xulau.h"
#include "analysis/kernels.h"
#include "models/theory/xulau.h"
#include "engine/stats/dist.h"

/* ------------------------------------------------------------------ Theorem 2 */

struct straggler {
    struct dist d;
    double t;         /* how long the original has run when the copies start */
    double threshold; /* θ: T¹ >= σE[X] + t */
    uint64_t below, above; /* θ in the draws' integers (xlc_u52_bounds) */
};

/* v[0] = 2D₂ − 3D₃, v[1] = 2D₂ − 4D₄, v[2] = 2D₂. T¹ is the first draw of dist_sample that
 * reaches θ: the rejection is decided on each draw's integer (only the rare one in the band
 * between `below` and `above` is turned into a duration to decide), so the accepted draws are
 * dist_sample's, bit for bit, at one quantile per sample instead of one per candidate. */
static void draw_straggler(rng_t *r, const void *arg, double *v)
{
    const struct straggler *a = arg;
    uint64_t x;
    do
        x = rng_u52(r);
    while (x < a->above &&
           (x < a->below || dist_quantile(&a->d, rng_u52_uniform(x)) < a->threshold));
    double t1 = dist_quantile(&a->d, rng_u52_uniform(x));
    double rest = t1 - a->t, v2 = dist_sample(&a->d, r);
    double v3 = fmin(v2, dist_sample(&a->d, r)), v4 = fmin(v3, dist_sample(&a->d, r));
    double c2 = 2 * fmin(rest, v2);
    v[0] = c2 - 3 * fmin(rest, v3);
    v[1] = c2 - 4 * fmin(rest, v4);
    v[2] = c2;
}

/* Whether the point's rows are decided at `look`: each difference's interval excludes 0. */
static bool th2_decided(const struct xlc_sums *s, bool exactly2, double single, int look)
{
    for (int j = 0; j < 3; j++) {
        double mean, se;
        xlc_mean_se(s, j, &mean, &se);
        if (j == 2 && !exactly2)
            break;
        if (!vd_look_excludes(look, j == 2 ? mean - single : mean, se, s->n, 0.0))
            return false;
    }
    return true;
}

/* One point: the two `order` rows of Theorem 2; for Pareto with σ > 2 also §6.2.1's "exactly
 * two": E[2D₂ | θ] < E[T¹ − t | θ] (c = 1), the latter the mean of the truncated Pareto,
 * θ's threshold·α/(α − 1) − t: T¹ − t has infinite variance for α <= 2, so it is not sampled.
 * Every row is a sign: the sample grows by sequential looks (validate.h) at 1/16, 1/4 and all
 * of its tasks until all are decided. */
static int th2_point(const struct vd_context *ctx, const char *only, const struct dist *d,
                     const char *dist_params, double t, double sigma, bool expected,
                     struct vd_rows *out)
{
    struct straggler a = {*d, t, sigma * dist_mean(d) + t, 0, 0};
    xlc_u52_bounds(d, a.threshold, &a.below, &a.above);
    char params[128], p[192];
    snprintf(params, sizeof params, "%s t=%g sigma=%.4g", dist_params, t, sigma);
    bool exactly2 = d->kind == DIST_PARETO && sigma > 2;
    double single = a.threshold * d->b / (d->b - 1) - t;
    uint64_t n = xlc_n(ctx, 1000000), seed = vd_seed(ctx, "xulau.th2", params), done = 0;
    struct xlc_sums s;
    memset(&s, 0, sizeof s);
    int look;
    for (look = 0; look < VD_LOOKS; look++) {
        uint64_t size = xlc_look_size(n, look);
        if (xlc_sample_more(ctx, seed, n, done, size, 3, draw_straggler, &a, &s))
            return -1;
        done = size;
        if (look == VD_LOOKS - 1 || th2_decided(&s, exactly2, single, look))
            break;
    }
    double mean, se;
    for (int c = 3; c <= 4 && vd_selected(only, "xulau.th2"); c++) {
        snprintf(p, sizeof p, "%s c=2-%d", params, c);
        xlc_mean_se(&s, c - 3, &mean, &se);
        if (vd_add_order_look(out, "xulau.th2", p, -1, mean, se, s.n, expected, look))
            return -1;
    }
    if (exactly2 && vd_selected(only, "xulau.th2.exactly2")) {
        snprintf(p, sizeof p, "%s c=2-1", params);
        xlc_mean_se(&s, 2, &mean, &se);
        if (vd_add_order_look(out, "xulau.th2.exactly2", p, -1, mean - single, se, s.n, true,
                              look))
            return -1;
    }
    return 0;
}

/* Pareto(1, α), α = 2 (∫F̄² = (2/3)E[X] exactly) and 3, at ESE's own σ (xl_ese_sigma_opt) and at
 * σ = 2.5; t = 1. Exponential(1) at σ = 1.7: a constant hazard, but ∫F̄² = E[X]/2 < (2/3)E[X];
 * there E[cD | θ] = c(1 − e^{−(c−1)R})/(c − 1) given R = T¹ − t, so 2D₂ − 3D₃ has conditional
 * mean (1 − e^{−R})(1/2 − (3/2)e^{−R}) > 0 for R > ln 3, and 2D₂ − 4D₄ has 2/3 − 2e^{−R} +
 * (4/3)e^{−3R} > 0 for R > 1.1: θ guarantees R >= σE[X] = 1.7, so both rows must come out
 * positive. */
static int run_th2(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const double alphas[] = {2, 3};
    char dist_params[64];
    for (size_t i = 0; i < sizeof alphas / sizeof alphas[0]; i++) {
        struct dist d = {DIST_PARETO, 1.0, alphas[i]};
        snprintf(dist_params, sizeof dist_params, "dist=pareto mu=1 alpha=%g", alphas[i]);
        if (th2_point(ctx, only, &d, dist_params, 1.0, xl_ese_sigma_opt(alphas[i]),
                      xl_th2_condition(&d), out) ||
            th2_point(ctx, only, &d, dist_params, 1.0, 2.5, xl_th2_condition(&d), out))
            return -1;
    }
    struct dist e = {DIST_EXPONENTIAL, 1.0, 0.0};
    return th2_point(ctx, only, &e, "dist=exponential mean=1 outside=integral", 1.0, 1.7,
                     false, out);
}

/* ------------------------------------------------------------------ E[R]/E[X] over σ */

enum { GRID = 51, GRID_LO = 10, GRID_DIV = 20 }; /* σ = 10/20, 11/20, ..., 60/20 */

/* Grid point k, correctly rounded (the literal 1.7 is point 24). */
static double grid_sigma(int k)
{
    return (double)(GRID_LO + k) / GRID_DIV;
}

/* One pass over the tasks gives every σ's cost and every paired difference. On a task, with
 * y = X − x and a = 2 min(y, T₂), R_k − x is a for the grid points σ_k E[X] < y and y for the
 * others: a prefix of the grid, of length b (the task's bucket). So the cost sums are bucket
 * sums added over the buckets above k (a) and up to k (y), and the difference of σ_k against
 * a reference σ_ref is a − y on the tasks with k < b <= ref, y − a on those with ref < b <= k
 * and 0 elsewhere: bucket sums of a − y. Per task that is one bucket, not 51 values. */
struct ese {
    struct dist d;
    double ex;       /* E[X] */
    double s[GRID];  /* σ_k E[X] */
};

struct ese_sums {
    uint64_t n[GRID + 1];
    double y[GRID + 1], y2[GRID + 1]; /* R − x = y (no copy) */
    double a[GRID + 1], a2[GRID + 1]; /* R − x = a (a copy) */
    double d[GRID + 1], d2[GRID + 1]; /* a − y */
};

enum { ESE_CHUNK = 1 << 14, ESE_BLOCK = 256 };

/* Durations of n draws' integers: Pareto's by the kernels' vector quantile (kn_pareto_u52,
 * within 1.5e-14 relative of dist_quantile's), other families by dist_quantile. */
static void ese_durations(const struct dist *d, const uint64_t *x, double *t, int n)
{
    if (d->kind == DIST_PARETO) {
        kn_pareto_u52(d->a, d->b, x, t, n);
        return;
    }
    for (int i = 0; i < n; i++)
        t[i] = dist_quantile(d, rng_u52_uniform(x[i]));
}

/* The number of grid points below y: R − x is a at σ_k with k below it (X − x > σ_k E[X]). */
static int bucket(const struct ese *e, double y)
{
    if (!(y <= e->s[GRID - 1]))
        return GRID;
    int b = (int)(y * (GRID_DIV / e->ex)) - GRID_LO + 1; /* nearly always the answer */
    b = b < 0 ? 0 : b > GRID ? GRID : b;
    while (b < GRID && e->s[b] < y)
        b++;
    while (b > 0 && !(e->s[b - 1] < y))
        b--;
    return b;
}

/* n tasks in chunks of ESE_CHUNK, chunk c from rng_stream(seed, c, RNG_CHECK) (the draws of
 * the xulau.* driver, check_xulau.h), chunk sums added in chunk order: not thread-dependent.
 * x has the known mean E[X]/2, and R − x <= max(σE[X], 2 min(X − x, T₂)) has a finite
 * variance for every α > 1 (the min has tail index 2α), where R itself has none for α <= 2:
 * E[R] = E[R − x] + E[X]/2 is estimated with a valid interval. The tasks are drawn in blocks:
 * the uniforms in stream order (X's, the asktime's, T₂'s), then the durations of X and T₂ in
 * one vector pass each (Pareto by the kernels' quantile, kn_pareto_u52). */
static int ese_sample(const struct vd_context *ctx, const struct ese *e, uint64_t seed,
                      uint64_t n, struct ese_sums *out)
{
    uint64_t chunks = (n + ESE_CHUNK - 1) / ESE_CHUNK;
    struct ese_sums *part = calloc(chunks ? chunks : 1, sizeof *part);
    memset(out, 0, sizeof *out);
    if (!part)
        return -1;
#pragma omp parallel for schedule(dynamic, 1) num_threads(ctx->threads)
    for (uint64_t c = 0; c < chunks; c++) {
        rng_t r;
        rng_stream(&r, seed, c, RNG_CHECK);
        struct ese_sums *s = &part[c];
        uint64_t m = c + 1 < chunks ? ESE_CHUNK : n - c * ESE_CHUNK;
        for (uint64_t i0 = 0; i0 < m; i0 += ESE_BLOCK) {
            int nb = m - i0 < ESE_BLOCK ? (int)(m - i0) : ESE_BLOCK;
            uint64_t xX[ESE_BLOCK], xT[ESE_BLOCK];
            double X[ESE_BLOCK], U[ESE_BLOCK], T2[ESE_BLOCK];
            for (int j = 0; j < nb; j++) { /* each task's three draws, in stream order */
                xX[j] = rng_u52(&r);
                U[j] = rng_uniform(&r);
                xT[j] = rng_u52(&r);
            }
            ese_durations(&e->d, xX, X, nb);
            ese_durations(&e->d, xT, T2, nb);
            for (int j = 0; j < nb; j++) {
                double x = X[j] * U[j], y = X[j] - x;
                int b = bucket(e, y);
                s->n[b]++;
                s->y[b] += y;
                s->y2[b] += y * y;
                if (b > 0) {
                    double a = 2 * fmin(y, T2[j]), d = a - y;
                    s->a[b] += a;
                    s->a2[b] += a * a;
                    s->d[b] += d;
                    s->d2[b] += d * d;
                }
            }
        }
    }
    for (uint64_t c = 0; c < chunks; c++)
        for (int b = 0; b <= GRID; b++) {
            out->n[b] += part[c].n[b];
            out->y[b] += part[c].y[b];
            out->y2[b] += part[c].y2[b];
            out->a[b] += part[c].a[b];
            out->a2[b] += part[c].a2[b];
            out->d[b] += part[c].d[b];
            out->d2[b] += part[c].d2[b];
        }
    free(part);
    return 0;
}

/* R_k − x for every σ_k (ref < 0), or R_k − R_ref, as the sums of the xulau.* driver. */
static void ese_values(const struct ese_sums *t, int ref, struct xlc_sums *v)
{
    memset(v, 0, sizeof *v);
    for (int b = 0; b <= GRID; b++)
        v->n += t->n[b];
    for (int k = 0; k < GRID; k++) {
        double sum = 0, sum2 = 0;
        if (ref < 0) {
            for (int b = 0; b <= GRID; b++) {
                sum += b > k ? t->a[b] : t->y[b];
                sum2 += b > k ? t->a2[b] : t->y2[b];
            }
        } else {
            int lo = k < ref ? k : ref, hi = k < ref ? ref : k;
            for (int b = lo + 1; b <= hi; b++) {
                sum += t->d[b];
                sum2 += t->d2[b];
            }
            sum = k < ref ? sum : -sum;
        }
        v->sum[k] = sum;
        v->sum2[k] = sum2;
    }
}

/* The simulated argmin as a range: the grid σ whose cost is not significantly above the best's
 * (paired differences), widened by one grid step on each side — E[R] is unimodal in σ
 * (xulau.h: dE[R]/ds changes sign once), so the true minimiser lies within a step of the best
 * grid point, which is in the set with probability VD_LEVEL. Open-ended at the grid's ends. */
static void argmin_range(const struct ese_sums *t, const struct xlc_sums *cost, double *best,
                         double *lo, double *hi)
{
    int b = 0;
    for (int k = 1; k < GRID; k++)
        if (cost->sum[k] < cost->sum[b])
            b = k;
    struct xlc_sums diff;
    ese_values(t, b, &diff);
    int first = b, last = b;
    for (int k = 0; k < GRID; k++) {
        double mean, se;
        xlc_mean_se(&diff, k, &mean, &se);
        if (mean <= vd_z(diff.n) * se) {
            first = k < first ? k : first;
            last = k > last ? k : last;
        }
    }
    *best = grid_sigma(b);
    *lo = first == 0 ? 0.0 : grid_sigma(first - 1);
    *hi = last == GRID - 1 ? INFINITY : grid_sigma(last + 1);
}

static int run_sigma(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const double alphas[] = {1.5, 2, 3, 4}, sigmas[] = {0.5, 1, 1.7, 2, 3};
    for (size_t i = 0; i < sizeof alphas / sizeof alphas[0]; i++) {
        struct ese a = {{DIST_PARETO, 1.0, alphas[i]}, 0.0, {0}};
        a.ex = dist_mean(&a.d);
        for (int k = 0; k < GRID; k++)
            a.s[k] = grid_sigma(k) * a.ex;
        char params[96], p[192];
        snprintf(params, sizeof params, "dist=pareto mu=1 alpha=%g", alphas[i]);
        uint64_t seed = vd_seed(ctx, "xulau.sigma", params), n = xlc_n(ctx, 10000000);
        struct ese_sums sums;
        struct xlc_sums cost;
        if (ese_sample(ctx, &a, seed, n, &sums))
            return -1;
        ese_values(&sums, -1, &cost);
        for (size_t j = 0; j < sizeof sigmas / sizeof sigmas[0]; j++) {
            int k = (int)lround(sigmas[j] * GRID_DIV) - GRID_LO;
            double mean, se;
            xlc_mean_se(&cost, k, &mean, &se);
            double ratio = (mean + a.ex / 2) / a.ex;
            snprintf(p, sizeof p, "%s sigma=%g", params, sigmas[j]);
            if (vd_selected(only, "xulau.sigma") &&
                vd_add_interval(out, "xulau.sigma", p, xl_ese_cost(alphas[i], sigmas[j]), ratio,
                                se / a.ex, n, true))
                return -1;
            /* §6.2.3: at α = 2 and σ near 1.7 "E[R] attains its minimum, which is less than
             * E[X]" */
            if (alphas[i] == 2 && sigmas[j] == 1.7 && vd_selected(only, "xulau.sigma.below") &&
                vd_add_order(out, "xulau.sigma.below", p, -1, ratio - 1, se / a.ex, n, true))
                return -1;
        }
        double best, lo, hi;
        argmin_range(&sums, &cost, &best, &lo, &hi);
        snprintf(p, sizeof p, "%s grid=0.5:0.05:3", params);
        if (vd_selected(only, "xulau.sigma.min") &&
            vd_add_range(out, "xulau.sigma.min", p, xl_ese_sigma_opt(alphas[i]), best, lo, hi, n,
                         true))
            return -1;
        /* §6.2.3's claims at α = 2: the minimum is "close to 1.7" (σ_opt = 1 + 1/√2, within a
         * grid step of 1.7, so the range holds 1.7 whenever it holds σ_opt), and "the optimal
         * solution for σ is exactly two when α >= 2", which σ_opt contradicts. */
        if (alphas[i] == 2 && vd_selected(only, "xulau.sigma.claim")) {
            snprintf(p, sizeof p, "%s claim=close_to_1.7", params);
            if (vd_add_range(out, "xulau.sigma.claim", p, 1.7, best, lo, hi, n, true))
                return -1;
            snprintf(p, sizeof p, "%s claim=exactly_2", params);
            if (vd_add_range(out, "xulau.sigma.claim", p, 2.0, best, lo, hi, n, false))
                return -1;
        }
    }
    return 0;
}

const struct vd_check vd_xulau_th2 = {
    .id = "xulau.th2",
    .source = "seed 000 §6.2.1 Theorem 2: E[c D | theta] is least at some c <= 2; .exactly2: for "
              "sigma > 2, E[2 D_2] <= 2E[X] < sigma E[X] <= E[T1 - t | theta] (c = 1)",
    .assumptions = "non-increasing hazard rate and int (1 - F)^2 >= (2/3) E[X] (xl_th2_condition; "
                   "Pareto: alpha >= 2); outside=integral: exponential, whose integral is E[X]/2",
    .closed_form = "the predicted sign (negative) of E[2D_2 - 3D_3 | theta] and E[2D_2 - 4D_4 | "
                   "theta]; c = 1: the truncated Pareto's mean, threshold alpha/(alpha - 1) - t",
    .simulation = "T1 from dist_sample conditioned on T1 >= sigma E[X] + t by rejection, 3 fresh "
                  "copies from dist_sample shared by c = 2, 3, 4; D = min(T1 - t, min of c - 1); "
                  "sequential looks at 1/16, 1/4 and all of 1e6 tasks (validate.h)",
    .run = run_th2,
};

const struct vd_check vd_xulau_sigma = {
    .id = "xulau.sigma",
    .source = "seed 000 §6.2.2 eqs. 25-30 (E[R]/E[X] with two copies) and §6.2.3, Fig. 2 (its "
              "minimum over sigma: 'close to 1.7' at alpha = 2, 'exactly two when alpha >= 2')",
    .assumptions = "Pareto(1, alpha); one look per task at an asktime uniform on [0, X] (eq. 30)",
    .closed_form = "xl_ese_cost (closed form of the eq. 25-30 integrals); .min: xl_ese_sigma_opt",
    .simulation = "X, asktime, copy iff X - x > sigma E[X], R = x + 2 min(X - x, T2), T2 from "
                  "dist_sample; E[R] = E[R - x] + E[X]/2 (R - x has finite variance); .min: the "
                  "sigma of a 0.05 grid not significantly above the best (paired), +- one step",
    .run = run_sigma,
};

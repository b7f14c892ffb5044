/* check_xulau_lemma1 — xulau.lemma1: seed 000 §5.2, Lemma 1, c ∫_0^∞ (1 − F(x))^c dx (the
 * machine time of a task run as c copies started together, the first to finish winning and
 * the others killed then: c times the min) is convex in c when the hazard rate is
 * non-increasing.
 *
 * Each sample is one task with XL1_COPIES copies drawn from dist_sample: the min of its first
 * c copies for every c (the copies common to every c, so the differences between c are
 * measured on the same draws), g(c) = c · that min, and the second differences
 * Δ²g(c) = g(c + 1) − 2g(c) + g(c − 1) for c = 2 .. XL1_COPIES − 1. Two rows per point:
 * `xulau.lemma1`, the mean of Δ²g(c) against the closed form (eq. 5: g(c) = c E[min of c]);
 * `xulau.lemma1.convex`, the lemma's claim Δ²g(c) >= 0 (at most 0 of −Δ²g(c): rejected only
 * when significantly negative). Families on both sides of the assumption and on its edge:
 * Pareto (hazard α/x, decreasing: strictly convex), exponential (constant hazard: g(c) = the
 * mean for every c, Δ² = 0, the edge), uniform (increasing hazard: g(c) = c b/(c + 1),
 * concave — outside the lemma, expected to fail). */
#include <math.h>
#include <stdio.h>

#include "analysis/check_xulau.h"
#include "models/theory/xulau.h"
#include "engine/stats/dist.h"

enum { XL1_COPIES = 5, XL1_POINTS = XL1_COPIES - 2 }; /* Δ² at c = 2, 3, 4 */

/* v[c − 2] = Δ²g(c) of one task's copies. */
static void draw_second_differences(rng_t *r, const void *arg, double *v)
{
    const struct dist *d = arg;
    double g[XL1_COPIES + 1];
    uint64_t least = UINT64_MAX;
    for (int c = 1; c <= XL1_COPIES; c++) {
        uint64_t x = rng_u52(r); /* the min of the copies' integers is the fastest copy's */
        least = x < least ? x : least;
        g[c] = c * dist_quantile(d, rng_u52_uniform(least));
    }
    for (int c = 2; c < XL1_COPIES; c++)
        v[c - 2] = g[c + 1] - 2 * g[c] + g[c - 1];
}

/* g(c) = c E[min of c] by eq. 5 (Pareto in closed form, the others by quadrature). */
static double g_closed(const struct dist *d, int c)
{
    return c * (d->kind == DIST_PARETO ? xl_min_mean(d->a, d->b, c) : xl_min_mean_dist(d, c));
}

static int run_lemma1(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const struct {
        struct dist d;
        const char *params;
        bool in; /* the hazard rate is non-increasing: the lemma applies */
    } family[] = {
        {{DIST_PARETO, 1.0, 3.0}, "dist=pareto mu=1 alpha=3 hazard=decreasing", true},
        {{DIST_EXPONENTIAL, 1.0, 0}, "dist=exponential mean=1 hazard=constant", true},
        {{DIST_UNIFORM, 0.0, 2.0}, "dist=uniform low=0 high=2 hazard=increasing", false},
    };
    if (!vd_selected(only, "xulau.lemma1") && !vd_selected(only, "xulau.lemma1.convex"))
        return 0;
    for (size_t i = 0; i < sizeof family / sizeof family[0]; i++) {
        const struct dist *d = &family[i].d;
        struct xlc_sums s;
        if (xlc_sample(ctx, vd_seed(ctx, "xulau.lemma1", family[i].params), xlc_n(ctx, 400000),
                       XL1_POINTS, draw_second_differences, d, &s))
            return -1;
        for (int c = 2; c < XL1_COPIES; c++) {
            char params[192];
            snprintf(params, sizeof params, "%s c=%d", family[i].params, c);
            double closed = g_closed(d, c + 1) - 2 * g_closed(d, c) + g_closed(d, c - 1);
            double mean, se;
            xlc_mean_se(&s, c - 2, &mean, &se);
            if (vd_selected(only, "xulau.lemma1") &&
                xlc_add_mean(out, "xulau.lemma1", params, closed, &s, c - 2, true))
                return -1;
            if (vd_selected(only, "xulau.lemma1.convex") &&
                vd_add_at_most(out, "xulau.lemma1.convex", params, 0.0, -mean, se, s.n,
                               family[i].in))
                return -1;
        }
    }
    return 0;
}

const struct vd_check vd_xulau_lemma1 = {
    .id = "xulau.lemma1",
    .source = "seed 000 §5.2 Lemma 1: c int_0^inf (1 - F(x))^c dx is convex in c if the hazard "
              "rate of F is non-increasing; .convex: the second difference in c is >= 0",
    .assumptions = "c i.i.d. copies started together, the first to finish wins, the others are "
                   "killed then; Pareto alpha = 3 (finite variance of every term), exponential "
                   "(the edge: constant hazard, linear), uniform (increasing hazard: outside "
                   "the lemma, expected to fail .convex)",
    .closed_form = "second differences of c E[min of c], eq. 5 (xl_min_mean; xl_min_mean_dist "
                   "by quadrature); the claim: >= 0",
    .simulation = "5 copies per task from dist_sample; g(c) = c times the min of the first c, "
                  "every c on the same copies",
    .run = run_lemma1,
};

/* check_chronos_theory — chronos.th7 (PoCD orderings), chronos.th8 (concavity of the net
 * utility above Γ) and chronos.alg1 (Algorithm 1's optimum), seed 004 §IV-D and §V. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/check_chronos.h"

/* ------------------------------------------------------------------ Theorem 7 */

/* Orderings: (1) R_Clone > R_SRestart, (2) R_SResume > R_SRestart, (3) R_Clone > R_SResume iff
 * r > r*. The printed r* (main text = eq. 70) keeps a β on ln(φ̄ tmin) that the derivation
 * from eq. 69 cancels, so it is not even invariant to the unit of time: the same job measured
 * in tenths (tmin = 10, D = 30, τ_est = 3) gets another prediction. The corrected r* is eq. 69's
 * comparison redone on the corrected Theorem 5 (ch_th7_threshold_corrected). */
static const struct ch_params th7_units[] = {{10, 1.0, 1.5, 3.0, 0.3, 0.8},
                                             {10, 10.0, 1.5, 30.0, 3.0, 8.0}};

/* (3) where its answer changes: the corrected r* within 0.5 of r, on both sides (D - τ_est >=
 * tmin throughout), and the point where the threshold with φ a constant (the β-free form of
 * eq. 70, our `.corrected` before) predicts S-Resume while Clone is better by 0.036. */
static const struct th7_near {
    struct ch_params p;
    int r;
} th7_near[] = {
    /* β = 1.5, D = 3: r* = 0.69, 0.78, 1.18, 1.41 at r = 1; 1.54, 1.82, 2.31, 2.49 at r = 2 */
    {{10, 1.0, 1.5, 3.0, 2.0, 2.5}, 1},    {{10, 1.0, 1.5, 3.0, 1.95, 2.45}, 1},
    {{10, 1.0, 1.5, 3.0, 1.75, 2.25}, 1},  {{10, 1.0, 1.5, 3.0, 1.65, 2.15}, 1},
    {{10, 1.0, 1.5, 3.0, 1.6, 2.1}, 2},    {{10, 1.0, 1.5, 3.0, 1.5, 2.0}, 2},
    {{10, 1.0, 1.5, 3.0, 1.35, 1.85}, 2},  {{10, 1.0, 1.5, 3.0, 1.3, 1.8}, 2},
    /* β = 2.5, D = 2: r* = 1.21, 1.40 at r = 1; 1.60, 1.83, 2.38 at r = 2 */
    {{10, 1.0, 2.5, 2.0, 1.0, 1.5}, 1},    {{10, 1.0, 2.5, 2.0, 0.95, 1.45}, 1},
    {{10, 1.0, 2.5, 2.0, 0.9, 1.4}, 2},    {{10, 1.0, 2.5, 2.0, 0.85, 1.35}, 2},
    {{10, 1.0, 2.5, 2.0, 0.75, 1.25}, 2},
    /* the audit's point: r* = 0.88; with φ a constant 1.08; printed 1.57 */
    {{10, 1.0, 1.5, 2.5, 1.45, 1.95}, 1},
};

/* The PoCDs of the strategies at one point, each by its kernel on its own seed (as before the
 * looks: the same jobs), with sequential looks (validate.h) at 1/16, 1/4 and all of the jobs:
 * every row of Theorem 7 is a sign, decided once the interval of its difference excludes 0. */
struct th7_point {
    const struct ch_params *p;
    int r;
    bool restart;       /* s-restart too (the unit points; the near points compare two) */
    struct kn_totals t[3]; /* clone, s-restart, s-resume */
    int look;           /* where the sample stopped */
    uint64_t n;         /* jobs per strategy there */
};

/* PoCD and its standard error from a kernel's totals. */
static void pocd_se(const struct kn_totals *t, double *pocd, double *se)
{
    *pocd = (double)t->jobs_met / (double)t->jobs;
    *se = sqrt(fmax(*pocd * (1 - *pocd), 1.0 / (double)t->jobs) / (double)t->jobs);
}

/* Whether the difference of strategies a and b is decided at the point's look. */
static bool th7_decided(const struct th7_point *q, int a, int b)
{
    double ra, rb, sa, sb;
    pocd_se(&q->t[a], &ra, &sa);
    pocd_se(&q->t[b], &rb, &sb);
    return vd_look_excludes(q->look, ra - rb, hypot(sa, sb), q->n, 0.0);
}

static void th7_simulate(const struct vd_context *ctx, struct th7_point *q)
{
    uint64_t full = chk_jobs(ctx, 2000000), done = 0;
    const uint64_t size[VD_LOOKS] = {full / 16, full / 4, full};
    memset(q->t, 0, sizeof q->t);
    for (q->look = 0; q->look < VD_LOOKS; q->look++) {
        for (int s = CH_CLONE; s <= CH_RESUME; s++) {
            if (s == CH_RESTART && !q->restart)
                continue;
            char params[192];
            chk_point(params, sizeof params, q->p, q->r, chk_policy((enum ch_strategy)s));
            struct kn_spec ks = chk_spec((enum ch_strategy)s, q->p, q->r);
            vd_kernel_more(ctx, &ks, vd_seed(ctx, "chronos.th7", params), done,
                           size[q->look] - done, &q->t[s]);
        }
        done = q->n = size[q->look];
        if (q->look == VD_LOOKS - 1 || (th7_decided(q, CH_CLONE, CH_RESUME) &&
                                        (!q->restart || (th7_decided(q, CH_CLONE, CH_RESTART) &&
                                                         th7_decided(q, CH_RESUME, CH_RESTART)))))
            break;
    }
}

/* The row of the difference of strategies a and b at the point's look. */
static int th7_row(struct vd_rows *out, const char *id, const char *params, int sign,
                   const struct th7_point *q, int a, int b, bool expected)
{
    double ra, rb, sa, sb;
    pocd_se(&q->t[a], &ra, &sa);
    pocd_se(&q->t[b], &rb, &sb);
    return vd_add_order_look(out, id, params, sign, ra - rb, hypot(sa, sb), q->n, expected,
                             q->look);
}

/* The two rows of (3) at one point: the printed threshold (expected to agree where it predicts
 * the sign the corrected one does) and the corrected one. */
static int add_th7_3(const char *only, struct vd_rows *out, const struct th7_point *q)
{
    const struct ch_params *p = q->p;
    int r = q->r;
    double printed = ch_th7_threshold(p, ch_phi_straggler(p));
    double corrected = ch_th7_threshold_corrected(p);
    int sign_p = r > printed ? +1 : -1, sign_c = r > corrected ? +1 : -1;
    char params[192], extra[96];
    snprintf(extra, sizeof extra, "clone-resume r*=%.3g", printed);
    chk_point(params, sizeof params, p, r, extra);
    if (vd_selected(only, "chronos.th7.3") &&
        th7_row(out, "chronos.th7.3", params, sign_p, q, CH_CLONE, CH_RESUME,
                sign_p == sign_c))
        return -1;
    snprintf(extra, sizeof extra, "clone-resume r*=%.3g", corrected);
    chk_point(params, sizeof params, p, r, extra);
    if (vd_selected(only, "chronos.th7.3.corrected") &&
        th7_row(out, "chronos.th7.3.corrected", params, sign_c, q, CH_CLONE, CH_RESUME, true))
        return -1;
    return 0;
}

static bool th7_3_selected(const char *only)
{
    return vd_selected(only, "chronos.th7.3") || vd_selected(only, "chronos.th7.3.corrected");
}

static int run_th7(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    if (!vd_selected(only, "chronos.th7.1") && !vd_selected(only, "chronos.th7.2") &&
        !th7_3_selected(only))
        return 0;
    for (size_t i = 0; i < sizeof th7_units / sizeof th7_units[0]; i++)
        for (int r = 1; r <= 2; r++) {
            struct th7_point q = {.p = &th7_units[i], .r = r, .restart = true};
            th7_simulate(ctx, &q);
            char params[192];
            if (vd_selected(only, "chronos.th7.1")) {
                chk_point(params, sizeof params, q.p, r, "clone-restart");
                if (th7_row(out, "chronos.th7.1", params, +1, &q, CH_CLONE, CH_RESTART, true))
                    return -1;
            }
            if (vd_selected(only, "chronos.th7.2")) {
                chk_point(params, sizeof params, q.p, r, "resume-restart");
                if (th7_row(out, "chronos.th7.2", params, +1, &q, CH_RESUME, CH_RESTART, true))
                    return -1;
            }
            if (add_th7_3(only, out, &q))
                return -1;
        }
    if (!th7_3_selected(only))
        return 0;
    for (size_t i = 0; i < sizeof th7_near / sizeof th7_near[0]; i++) {
        struct th7_point q = {.p = &th7_near[i].p, .r = th7_near[i].r, .restart = false};
        th7_simulate(ctx, &q);
        if (add_th7_3(only, out, &q))
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ Theorem 8 */

/* U(r) is concave for r > Γ. Checked on the closed forms themselves (the theorem is about
 * them; th1–th6 check them against simulation): the largest second difference of U over
 * r in (Γ, Γ + 20] must not exceed 0. No simulation. */
static int run_th8(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    (void)ctx;
    const double h = 0.05;
    for (int corrected = 0; corrected <= 1; corrected++) {
        const char *id = corrected ? "chronos.th8.corrected" : "chronos.th8";
        if (!vd_selected(only, id))
            continue;
        for (int s = CH_CLONE; s <= CH_RESUME; s++)
            for (int N = 10; N <= 200; N *= 20) {
                struct ch_params p = {N, 1.0, 1.5, 3.0, 0.3, 0.8};
                struct ch_objective o = {(enum ch_strategy)s, p, 1e-3, 1.0, 0.2, corrected};
                double gamma = ch_th8_gamma(o.strategy, &p, ch_phi_straggler(&p));
                double lo = fmax(gamma, 0.0), worst = -INFINITY;
                int steps = 0;
                for (double r = lo + h; r <= lo + 20; r += h, steps++) {
                    double d2 = ch_objective_utility(&o, r + h) - 2 * ch_objective_utility(&o, r) +
                                ch_objective_utility(&o, r - h);
                    if (isfinite(d2))
                        worst = fmax(worst, d2);
                }
                char params[192], extra[96];
                snprintf(extra, sizeof extra, "%s Gamma=%.4g theta=1e-3", chk_policy(o.strategy),
                         gamma);
                chk_point(params, sizeof params, &p, -1, extra);
                if (vd_add_below(out, id, params, 0.0, worst, (uint64_t)steps, true))
                    return -1;
            }
    }
    return 0;
}

/* ------------------------------------------------------------------ Algorithm 1 */

enum { R_MAX_SEARCH = 60, R_MAX_SIM = 10 };
static const double thetas[] = {1e-3, 1e-2, 1e-1};

/* Simulated utility of every r = 0..R_MAX_SIM: PoCD and machine time from the kernel, the
 * utility's standard error by the delta method. */
static void simulate_utilities(const struct vd_context *ctx, enum ch_strategy s,
                               const struct ch_params *p, double *pocd, double *pocd_se,
                               double *cost, double *cost_se, uint64_t *n)
{
    for (int r = 0; r <= R_MAX_SIM; r++) {
        char params[192];
        chk_point(params, sizeof params, p, r, chk_policy(s));
        struct kn_spec ks = chk_spec(s, p, r);
        struct kn_totals t;
        vd_kernel(ctx, &ks, vd_seed(ctx, "chronos.alg1", params), chk_jobs(ctx, 500000), &t);
        double dn = (double)t.jobs;
        *n = t.jobs;
        pocd[r] = (double)t.jobs_met / dn;
        pocd_se[r] = sqrt(fmax(pocd[r] * (1 - pocd[r]), 1 / dn) / dn);
        cost[r] = t.job_cost / dn;
        cost_se[r] = sqrt(fmax(0, t.job_cost2 / dn - cost[r] * cost[r]) / dn);
    }
}

/* Algorithm 1 against exhaustive search over the same closed forms (`method=search`), and
 * against the utility the simulation measures (`method=simulation`): the estimate is the
 * simulated argmax, its interval the r whose simulated utility is not significantly below
 * the best's. */
static int run_alg1(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    const struct ch_params p = {10, 1.0, 1.5, 3.0, 0.3, 0.8};
    const double price = 1.0, rmin = 0.2;
    for (int s = CH_CLONE; s <= CH_RESUME; s++) {
        double pocd[R_MAX_SIM + 1], pse[R_MAX_SIM + 1], cost[R_MAX_SIM + 1], cse[R_MAX_SIM + 1];
        uint64_t n = 0;
        bool simulated = false;
        for (size_t k = 0; k < sizeof thetas / sizeof thetas[0]; k++) {
            struct ch_objective oc = {(enum ch_strategy)s, p, thetas[k], price, rmin, 1};
            struct ch_objective op = oc;
            op.corrected = 0;
            int r_printed = ch_alg1(&op, R_MAX_SEARCH), r_corrected = ch_alg1(&oc, R_MAX_SEARCH);
            for (int corrected = 0; corrected <= 1; corrected++) {
                const char *id = corrected ? "chronos.alg1.corrected" : "chronos.alg1";
                if (!vd_selected(only, id))
                    continue;
                const struct ch_objective *o = corrected ? &oc : &op;
                int r_opt = corrected ? r_corrected : r_printed;
                char params[192], extra[96];
                snprintf(extra, sizeof extra, "%s theta=%g method=search", chk_policy(o->strategy),
                         thetas[k]);
                chk_point(params, sizeof params, &p, -1, extra);
                if (vd_add_exact(out, id, params, r_opt, ch_brute_force(o, R_MAX_SEARCH),
                                 R_MAX_SEARCH + 1, true))
                    return -1;
                if (!simulated) {
                    simulate_utilities(ctx, o->strategy, &p, pocd, pse, cost, cse, &n);
                    simulated = true;
                }
                double u[R_MAX_SIM + 1], use[R_MAX_SIM + 1];
                int best = 0;
                for (int r = 0; r <= R_MAX_SIM; r++) {
                    u[r] = ch_utility(pocd[r], cost[r], thetas[k], price, rmin);
                    use[r] = hypot(pse[r] / ((pocd[r] - rmin) * log(10)), thetas[k] * price * cse[r]);
                    if (u[r] > u[best])
                        best = r;
                }
                int lo = best, hi = best;
                double z = vd_z(n);
                for (int r = 0; r <= R_MAX_SIM; r++)
                    if (isfinite(u[r]) && u[best] - u[r] <= z * hypot(use[best], use[r])) {
                        lo = r < lo ? r : lo;
                        hi = r > hi ? r : hi;
                    }
                snprintf(extra, sizeof extra, "%s theta=%g method=simulation",
                         chk_policy(o->strategy), thetas[k]);
                chk_point(params, sizeof params, &p, -1, extra);
                if (vd_add_range(out, id, params, r_opt, best, lo, hi, n,
                                 corrected || r_printed == r_corrected))
                    return -1;
            }
        }
    }
    return 0;
}

const struct vd_check vd_chronos_th7 = {
    .id = "chronos.th7",
    .source = "seed 004 Theorem 7 and eqs. 67-70: (1) R_Clone > R_SRestart, (2) R_SResume > "
              "R_SRestart, (3) R_Clone > R_SResume iff r > r* (printed, phi the stragglers' "
              "mean progress; .corrected: r* where Clone's per-task failure (eq. 4) equals "
              "S-Resume's by the corrected Theorem 5, by root finding)",
    .assumptions = "no queueing, exact estimates, D - tau_est >= tmin",
    .closed_form = "the predicted sign of the difference; r* in the params",
    .simulation = "the strategies' kernels on the same job (independent runs; s-restart only "
                  "for (1) and (2)); the difference of their PoCDs with its interval; "
                  "sequential looks at 1/16, 1/4 and all of 2e6 jobs (validate.h)",
    .run = run_th7,
};

const struct vd_check vd_chronos_th8 = {
    .id = "chronos.th8",
    .source = "seed 004 Theorem 8, eqs. 28-31: U(r) = lg(R(r) - R_min) - theta C E(T) is "
              "concave for r > Gamma",
    .assumptions = "the closed forms of Theorems 1-6 (printed; .corrected: corrected ones)",
    .closed_form = "Gamma by eqs. 29-31",
    .simulation = "none: the largest second difference of U over (Gamma, Gamma + 20], which "
                  "must not exceed 0 (the closed forms' own agreement with simulation is "
                  "th1-th6's)",
    .run = run_th8,
};

const struct vd_check vd_chronos_alg1 = {
    .id = "chronos.alg1",
    .source = "seed 004 Algorithm 1 (gradient line search above Gamma, enumeration below), "
              "with the printed formulas; .corrected: with the corrected ones",
    .assumptions = "N = 10, tmin = 1, beta = 1.5, D = 3, tau_est = 0.3, tau_kill = 0.8, C = 1, "
                   "R_min = 0.2",
    .closed_form = "Algorithm 1's r_opt",
    .simulation = "method=search: exhaustive search of the same closed forms over r = 0..60; "
                  "method=simulation: the kernels' utility for r = 0..10, r_opt must be among "
                  "the r not significantly worse than the simulated best",
    .run = run_alg1,
};

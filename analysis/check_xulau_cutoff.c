/* check_xulau_cutoff — xulau.cutoff: seed 000 §4's cut-off load λ^U against the cluster model.
 *
 * The claim (§4, eqs. 6–14): cloning every task into c = 2 copies reduces the mean job flowtime
 * below λ^U = min(λ1, λ2) and increases it above. λ^U is models/theory/xulau.h's xl_cutoff, whose
 * λ2 treats each machine as an M/G/1 queue fed λ_t = λm̄/M tasks (§4.2, eqs. 7–8).
 *
 * Simulation: the cluster model with Poisson jobs of m tasks, Pareto(1, α) task times and M
 * slots, run by `clone` with r = 1 and τ_kill = never (two copies launched together, the first
 * to finish completes the task and the other is killed then) and by `fifo` (one copy, the same
 * FIFO order), on common random numbers: the same arrivals and the same original copies.
 * `clone` launches fewer copies when fewer slots are free; with M even, copies start and end
 * in pairs and every task gets its two (copies_per_task is 2 in every run). Rows:
 *   xulau.cutoff            order: clone − fifo mean flowtime; the paper predicts − below λ^U
 *                           and + above;
 *   xulau.cutoff.crossover  range: the load where the sign changes (bisection) against λ^U;
 *   xulau.cutoff.mg1        interval (m = 1): each policy's mean task delay against eq. 7
 *                           (fifo) and eq. 8 (clone), the approximation itself.
 * Each point's sample grows by sequential looks (validate.h) until every row it feeds is
 * decided: the sign, and at grid points with m = 1 the mg1 values rejected.
 * Expectations come from theory, not from the runs. The model has one central queue: fifo is
 * an M/G/M queue, clone an M/G/(M/2) queue of copy pairs whose service is the minimum of two
 * copies. Their waiting is given by the standard M/G/c approximation of Lee & Longton (1959),
 * W_q ≈ (1 + C²)/2 · W_q(M/M/c) — the "Erlang-C model" §4.2 mentions and sets aside — and a
 * job's flowtime by that wait plus E[max of m] (eqs. 18–19). A row is expected to agree where
 * this pooled prediction has the paper's sign; for m > 1 only the loads where it is decided
 * without the approximation's help are run (light load, and loads above λ1 where cloning
 * overloads the machines). The grid keeps fifo's load below 0.9 (stable without clones). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/check_xulau.h"
#include "analysis/queueing.h"
#include "analysis/validate.h"
#include "models/theory/xulau.h"
#include "engine/stats/stats.h"
#include "models/policy.h"

#define CUT_M 50         /* machines (even: clone's copies go in pairs) */
#define CUT_MAX_LOAD 0.9 /* fifo's load m λ E[S] / M at the highest point */
#define CUT_NEAR 0.05    /* the pooled crossover within this fraction of λ^U counts as at λ^U */

static const double cut_loads[] = {0.5, 0.8, 1.2, 1.5, 2.0}; /* λ / λ^U */

struct cut_cfg {
    double alpha;         /* Pareto tail index of a copy (μ = 1) */
    int m;                /* tasks per job */
    struct xl_cutoff cut; /* λ1, λ2, λ^U for M machines */
    int jobs, replicas;
};

struct cut_sim {
    double diff, diff_se;     /* clone − fifo mean flowtime, over replicas */
    double clone, clone_se;   /* each policy's mean flowtime */
    double single, single_se;
    int n;                    /* replicas, at the look where the sample stopped */
    int look;
};

/* What a sample feeds besides the sign of clone − fifo: at a grid point with m = 1, the mg1
 * rows, eq. 7's value against fifo and (below λ1) eq. 8's against clone. */
struct cut_need {
    bool mg1, has_wc;
    double w, wc;
    bool futility; /* a bisection point: may stop early as undecided (futile) */
};

/* ------------------------------------------------------------------ pooled prediction */

/* E[S], E[S²] of one Pareto(1, α) copy (fifo's service) and of the minimum of two, which is
 * Pareto(1, 2α) (clone's service, eq. 4). */
struct cut_moments {
    double es, es2, esc, esc2;
};

static struct cut_moments moments(double alpha)
{
    struct dist one = {DIST_PARETO, 1, alpha}, two = {DIST_PARETO, 1, 2 * alpha};
    double es = dist_mean(&one), esc = dist_mean(&two);
    return (struct cut_moments){es, dist_variance(&one) + es * es, esc,
                                dist_variance(&two) + esc * esc};
}

/* Mean response of M/G/c by Lee & Longton: E[S] + (1 + C²)/2 · W_q(M/M/c), (1 + C²)/2 =
 * E[S²]/(2E[S]²); INFINITY when c servers cannot carry λE[S]. */
static double ll_response(int c, double lambda, double es, double es2)
{
    double w = q_mmc_mean_response(c, lambda, 1 / es);
    return isnan(w) ? INFINITY : es + es2 / (2 * es * es) * (w - es);
}

/* Pooled prediction of clone's minus fifo's mean job flowtime at job rate λ: each system's
 * task wait (tasks arrive at mλ) plus E[max of m service times] (eq. 19 with c = 2 and 1). */
static double pooled_gap(const struct cut_cfg *c, double lambda)
{
    struct cut_moments k = moments(c->alpha);
    double tasks = lambda * c->m;
    double wait_c = ll_response(CUT_M / 2, tasks, k.esc, k.esc2) - k.esc;
    double wait = ll_response(CUT_M, tasks, k.es, k.es2) - k.es;
    return wait_c + xl_max_mean(1, c->alpha, 2, c->m) - wait - xl_max_mean(1, c->alpha, 1, c->m);
}

/* The pooled crossover: the root of pooled_gap in (0, λ1), where it rises from
 * E[max_m S_c] − E[max_m S] < 0 to +∞. */
static double pooled_crossover(const struct cut_cfg *c)
{
    double lo = 0, hi = c->cut.lambda1;
    for (int i = 0; i < 80; i++) {
        double mid = 0.5 * (lo + hi);
        if (pooled_gap(c, mid) < 0)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

static int sign(double x)
{
    return (x > 0) - (x < 0);
}

/* ------------------------------------------------------------------ simulation */

static struct cl_spec cut_spec(const struct cut_cfg *c, double lambda)
{
    struct cl_spec sp = vd_spec(CUT_M, c->jobs, c->m, (struct dist){DIST_PARETO, 1, c->alpha});
    sp.arrival = ARRIVAL_POISSON;
    sp.rate = lambda;
    sp.warmup = c->jobs / 10;
    return sp;
}

static void summarise(const struct st_acc *a, double *mean, double *se)
{
    *mean = a->mean;
    *se = sqrt(st_acc_variance(a) / (double)a->n);
}

/* The sign of clone − fifo that the simulation establishes at its look's level (0: neither). */
static int established(const struct cut_sim *s)
{
    double z = vd_look_z(s->look, (uint64_t)s->n);
    return s->diff - z * s->diff_se > 0 ? 1 : s->diff + z * s->diff_se < 0 ? -1 : 0;
}

/* Whether every row the sample feeds is decided at its look: the sign, and the mg1 values
 * rejected (they are never expected to hold where they are run; one that holds runs the
 * sample in full). */
static bool decided(const struct cut_sim *s, const struct cut_need *need)
{
    uint64_t n = (uint64_t)s->n;
    return established(s) != 0 &&
           (!need->mg1 ||
            (vd_look_excludes(s->look, s->single, s->single_se, n, need->w) &&
             (!need->has_wc || vd_look_excludes(s->look, s->clone, s->clone_se, n, need->wc))));
}

/* Whether a bisection point's sign is futile at this look: its t-statistic, grown to the full
 * sample as the standard error shrinks (√(R/n)), would still fall short of the last look's
 * threshold. Such a point is left undecided now. It only ends the bisection; no point is ever
 * called established by this rule, so the bracket's ends keep their error rate (validate.h's
 * looks), and it spares the full sample of the point nearest the crossover, which the
 * bisection ends on (a fifth of the bisection's replicas). */
static bool futile(const struct cut_sim *s, int R)
{
    if (s->look == VD_LOOKS - 1 || !(s->diff_se > 0))
        return false;
    double t = fabs(s->diff) / s->diff_se;
    return t * sqrt((double)R / s->n) < vd_look_z(VD_LOOKS - 1, (uint64_t)R);
}

/* Both policies at job rate λ on the same seed (common random numbers), with sequential looks
 * (validate.h) at a quarter, half and all of the replicas: replica r is the same at every
 * look. 0 or -1. */
static int simulate(const struct vd_context *ctx, const struct cut_cfg *c, double lambda,
                    uint64_t seed, const struct cut_need *need, struct cut_sim *out)
{
    int R = c->replicas, done = 0;
    const int size[VD_LOOKS] = {R / 4, R / 2, R};
    struct cl_spec sp = cut_spec(c, lambda);
    const struct policy *clone = pol_find("clone"), *fifo = pol_find("fifo");
    double pc[POL_MAX_PARAMS] = {0}, pf[POL_MAX_PARAMS] = {0};
    xlc_two_copies(pc);
    double *v = malloc(2 * (size_t)M_COUNT * (size_t)R * sizeof *v);
    if (!v)
        return -1;
    const double *fc = v + (size_t)M_FLOWTIME * (size_t)R;
    const double *ff = fc + (size_t)M_COUNT * (size_t)R;
    for (out->look = 0; out->look < VD_LOOKS; out->look++) {
        int n = size[out->look];
        if (vd_model_part(ctx, &sp, clone, pc, seed, done, n - done, R, v) ||
            vd_model_part(ctx, &sp, fifo, pf, seed, done, n - done, R,
                          v + (size_t)M_COUNT * (size_t)R)) {
            free(v);
            return -1;
        }
        done = n;
        struct st_acc d, a, b;
        st_acc_init(&d);
        st_acc_init(&a);
        st_acc_init(&b);
        for (int r = 0; r < n; r++) {
            st_acc_add(&d, fc[r] - ff[r]);
            st_acc_add(&a, fc[r]);
            st_acc_add(&b, ff[r]);
        }
        summarise(&d, &out->diff, &out->diff_se);
        summarise(&a, &out->clone, &out->clone_se);
        summarise(&b, &out->single, &out->single_se);
        out->n = n;
        if (out->look == VD_LOOKS - 1 || decided(out, need) ||
            (need->futility && futile(out, R)))
            break;
    }
    free(v);
    return 0;
}

static void point_params(char *buf, size_t len, const struct cut_cfg *c, double f)
{
    snprintf(buf, len, "alpha=%g M=%d m=%d load=%.4g*lambdaU lambda=%.5g", c->alpha, CUT_M, c->m,
             f, f * c->cut.lambda_u);
}

/* ------------------------------------------------------------------ rows */

/* eq. 7 for fifo, eq. 8 for clone (P-K with 2λ_t and the minimum of two copies) at load f
 * (m = 1); eq. 8 only below λ1 (above, clone is overloaded: no stationary mean). */
static struct cut_need mg1_need(const struct cut_cfg *c, double f)
{
    struct cut_moments k = moments(c->alpha);
    double lambda = f * c->cut.lambda_u, lt = lambda / CUT_M;
    return (struct cut_need){.mg1 = c->m == 1, .has_wc = lambda < c->cut.lambda1,
                             .w = q_mg1_mean_response(lt, k.es, k.es2),          /* eq. 7 */
                             .wc = q_mg1_mean_response(2 * lt, k.esc, k.esc2)};  /* eq. 8 */
}

/* The mg1 rows against the mean task delays (m = 1); expected to agree only where the pooled
 * queue waits as long. */
static int mg1_rows(struct vd_rows *out, const struct cut_cfg *c, double f,
                    const struct cut_sim *s)
{
    struct cut_moments k = moments(c->alpha);
    struct cut_need e = mg1_need(c, f);
    double lambda = f * c->cut.lambda_u;
    double pooled = ll_response(CUT_M, lambda, k.es, k.es2);
    double pooled_c = ll_response(CUT_M / 2, lambda, k.esc, k.esc2);
    char params[192], base[160];
    point_params(base, sizeof base, c, f);
    snprintf(params, sizeof params, "%s policy=fifo eq=7", base);
    if (vd_add_interval_look(out, "xulau.cutoff.mg1", params, e.w, s->single, s->single_se,
                             (uint64_t)s->n, fabs(e.w - pooled) <= 0.01 * pooled, s->look))
        return -1;
    if (!e.has_wc)
        return 0;
    snprintf(params, sizeof params, "%s policy=clone eq=8", base);
    return vd_add_interval_look(out, "xulau.cutoff.mg1", params, e.wc, s->clone, s->clone_se,
                                (uint64_t)s->n, fabs(e.wc - pooled_c) <= 0.01 * pooled_c,
                                s->look);
}

/* Bisection on the load between a point where cloning is established to help and one where
 * it is established to hurt, testing λ^U itself first when it lies between them; stops early
 * at a load where neither is established (the crossover is then within the bracket), which a
 * point shows early when its sign is futile. */
static int crossover_row(const struct vd_context *ctx, struct vd_rows *out,
                         const struct cut_cfg *c, double lo, double hi)
{
    const char *id = "xulau.cutoff.crossover";
    int steps = ctx->quick ? 3 : 6;
    for (int i = 0; i < steps; i++) {
        double mid = i == 0 && lo < 1 && 1 < hi ? 1.0 : 0.5 * (lo + hi);
        char params[192];
        point_params(params, sizeof params, c, mid);
        struct cut_sim s;
        const struct cut_need sign_only = {.futility = true};
        if (simulate(ctx, c, mid * c->cut.lambda_u, vd_seed(ctx, id, params), &sign_only, &s))
            return -1;
        int e = established(&s);
        if (e == 0)
            break;
        if (e > 0)
            hi = mid;
        else
            lo = mid;
    }
    double lu = c->cut.lambda_u, lp = pooled_crossover(c);
    char params[192];
    snprintf(params, sizeof params, "alpha=%g M=%d m=%d lambda1=%.5g pooled=%.5g", c->alpha,
             CUT_M, c->m, c->cut.lambda1, lp);
    /* the crossover lies strictly between the two established loads: an open interval */
    return vd_add_range(out, id, params, lu, 0.5 * (lo + hi) * lu, nextafter(lo * lu, INFINITY),
                        nextafter(hi * lu, 0), (uint64_t)c->replicas,
                        fabs(lp - lu) <= CUT_NEAR * lu);
}

static int run_config(const struct vd_context *ctx, const char *only, struct vd_rows *out,
                      struct cut_cfg *c)
{
    if (xl_cutoff(c->alpha, 1, 1, c->m, CUT_M, &c->cut))
        return -1;
    double es = moments(c->alpha).es;
    double lo = NAN, hi = NAN; /* loads where clone is established to help / to hurt */
    for (size_t i = 0; i < sizeof cut_loads / sizeof cut_loads[0]; i++) {
        double f = cut_loads[i], lambda = f * c->cut.lambda_u;
        if (lambda * c->m * es / CUT_M > CUT_MAX_LOAD)
            break;
        int theory = sign(pooled_gap(c, lambda));
        if (c->m > 1 && f > 1 && lambda < c->cut.lambda1)
            continue; /* the band where only the approximation decides: m = 1 only */
        char params[192];
        point_params(params, sizeof params, c, f);
        struct cut_sim s;
        struct cut_need need = mg1_need(c, f);
        if (simulate(ctx, c, lambda, vd_seed(ctx, "xulau.cutoff", params), &need, &s))
            return -1;
        int paper = f < 1 ? -1 : 1, e = established(&s);
        if (e < 0 && isnan(hi))
            lo = f;
        if (e > 0 && isnan(hi))
            hi = f;
        if (vd_selected(only, "xulau.cutoff") &&
            vd_add_order_look(out, "xulau.cutoff", params, paper, s.diff, s.diff_se,
                              (uint64_t)s.n, theory == paper, s.look))
            return -1;
        if (c->m == 1 && vd_selected(only, "xulau.cutoff.mg1") && mg1_rows(out, c, f, &s))
            return -1;
    }
    if (!vd_selected(only, "xulau.cutoff.crossover") || isnan(lo) || isnan(hi))
        return 0;
    return crossover_row(ctx, out, c, lo, hi);
}

static int run_cutoff(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const struct {
        double alpha;
        int m;
    } grid[] = {{3, 1}, {2.5, 1}, {3, 10}, {2.5, 10}};
    if (!vd_selected(only, "xulau.cutoff") && !vd_selected(only, "xulau.cutoff.mg1") &&
        !vd_selected(only, "xulau.cutoff.crossover"))
        return 0;
    for (size_t i = 0; i < sizeof grid / sizeof grid[0]; i++) {
        struct cut_cfg c = {.alpha = grid[i].alpha, .m = grid[i].m};
        c.jobs = (grid[i].m == 1 ? 20000 : 5000) / (ctx->quick ? 5 : 1);
        c.replicas = ctx->quick ? 10 : 40;
        if (run_config(ctx, only, out, &c))
            return -1;
    }
    return 0;
}

const struct vd_check vd_xulau_cutoff = {
    .id = "xulau.cutoff",
    .source = "seed 000 §4, eqs. 6-14: two copies per task help below lambda^U = min(lambda1, "
              "lambda2) and hurt above; lambda2 from M/G/1 per machine (eqs. 7-9, 13)",
    .assumptions = "Poisson jobs of m tasks, Pareto(1, alpha) copies, alpha > 2 (finite E[S^2], "
                   "needed by the intervals too), M = 50 slots, fifo stable (load <= 0.9); "
                   "expectations from the pooled queue (Lee-Longton M/G/c approximation)",
    .closed_form = "xl_cutoff (models/theory/xulau.h); eqs. 7 and 8 by Pollaczek-Khinchine",
    .simulation = "cluster model: clone (r = 1, tau_kill never) minus fifo on common random "
                  "numbers, per-replica mean flowtime (sequential looks at 10, 20 and 40 "
                  "replicas, validate.h); bisection on the load for the crossover",
    .run = run_cutoff,
};

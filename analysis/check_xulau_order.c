/* check_xulau_order — xulau.eq5 and xulau.eq18: seed 000's order statistics of cloned copies
 * (§4.1 eq. 5 and the machine time after eq. 10; §5.1 eqs. 16–19) against the minimum and the
 * maximum of copies drawn from dist_sample, the model's own sampler.
 *
 * A task with c copies started together finishes with the first of them, the others killed:
 * its time is the min of c draws, and each copy holds its machine that long (machine time c
 * times the min). A job of m such tasks finishes with its last task. The closed forms are
 * models/theory/xulau.h's: Pareto in closed form, other families by quadrature. Only points where
 * the simulated quantity has a finite variance (cα > 2 for Pareto) get a row: elsewhere the
 * sample variance does not estimate anything and no interval would be valid. */
#include <math.h>
#include <stdio.h>

#include "analysis/check_xulau.h"
#include "analysis/kernels.h"
#include "models/theory/xulau.h"
#include "engine/stats/dist.h"

struct copies {
    struct dist d;
    int c; /* copies per task */
    int m; /* tasks */
};

/* The copies' durations are dist_sample's, but only the one that matters is computed: the
 * quantile increases with the uniform, so the first copy to finish is the one with the least
 * integer behind its uniform (rng_u52), and the last task the one whose winner has the
 * largest. Taking the min and the max on the integers and one quantile at the end gives the
 * durations the draw-by-draw min and max would, bit for bit (the computed quantile rounds
 * monotonically at these resolutions: the rows are unchanged), with one quantile per task
 * (eq. 5) or per job (eq. 18) instead of one per copy. */

/* The integer of the fastest of c copies. */
static uint64_t first_copy(rng_t *r, int c)
{
    uint64_t xm = UINT64_MAX;
    for (int k = 0; k < c; k++) {
        uint64_t x = rng_u52(r);
        xm = x < xm ? x : xm;
    }
    return xm;
}

/* v[0]: the job's time, max over tasks of the min over copies; v[1]: its machine time,
 * Σ_tasks c·min (eq. 17). */
static void draw_job(rng_t *r, const void *arg, double *v)
{
    const struct copies *a = arg;
    double last = 0, machine = 0;
    for (int j = 0; j < a->m; j++) {
        double first = dist_quantile(&a->d, rng_u52_uniform(first_copy(r, a->c)));
        last = fmax(last, first);
        machine += a->c * first;
    }
    v[0] = last;
    v[1] = machine;
}

/* draw_job for one-task jobs of Pareto copies, m samples at once: the winners' integers in
 * stream order, then their durations in one vector pass (kn_pareto_u52: the kernels' quantile,
 * within 1.5e-14 relative of dist_quantile's). */
static void draw_tasks_pareto(rng_t *r, const void *arg, int m, double *v)
{
    const struct copies *a = arg;
    uint64_t x[XLC_BATCH] = {0};
    double t[XLC_BATCH];
    for (int i = 0; i < m; i++)
        x[i] = first_copy(r, a->c);
    kn_pareto_u52(a->d.a, a->d.b, x, t, m);
    for (int i = 0; i < m; i++) {
        v[2 * i] = t[i];
        v[2 * i + 1] = a->c * t[i];
    }
}

/* v[0] alone (eq. 18): the quantile of the largest of the tasks' least integers. */
static void draw_job_time(rng_t *r, const void *arg, double *v)
{
    const struct copies *a = arg;
    uint64_t last = 0;
    for (int j = 0; j < a->m; j++) {
        uint64_t x = first_copy(r, a->c);
        last = x > last ? x : last;
    }
    v[0] = dist_quantile(&a->d, rng_u52_uniform(last));
}

/* Lognormal with mean 2 and σ = 0.8 (μ = ln 2 − σ²/2): the non-Pareto family. */
static const struct dist lognormal = {DIST_LOGNORMAL, 0.37314718055994530942, 0.8};
#define LOGNORMAL_PARAMS "dist=lognormal mean=2 sigma=0.8"

/* ------------------------------------------------------------------ eq. 5 */

/* One point of eq. 5: rows for E[min] and for the machine time c·E[min], and (at c = 2, the
 * copies eq. 11 prices) for the machine time as printed after eq. 10, μc^α/(cα − 1), which
 * agrees only where c^α = c²α. */
static int eq5_point(const struct vd_context *ctx, const char *only, const struct copies *a,
                     const char *params, double closed_min, struct vd_rows *out)
{
    struct xlc_sums s;
    uint64_t seed = vd_seed(ctx, "xulau.eq5", params), n = xlc_n(ctx, 4000000);
    if (a->d.kind == DIST_PARETO && a->m == 1
            ? xlc_sample_batch(ctx, seed, n, 2, draw_tasks_pareto, a, &s)
            : xlc_sample(ctx, seed, n, 2, draw_job, a, &s))
        return -1;
    if (vd_selected(only, "xulau.eq5") &&
        xlc_add_mean(out, "xulau.eq5", params, closed_min, &s, 0, true))
        return -1;
    if (a->c > 1 && vd_selected(only, "xulau.eq5.machine") && /* c = 1: the min itself */
        xlc_add_mean(out, "xulau.eq5.machine", params, a->c * closed_min, &s, 1, true))
        return -1;
    if (a->d.kind == DIST_PARETO && a->c == 2 && vd_selected(only, "xulau.eq5.printed")) {
        double mu = a->d.a, al = a->d.b, printed = mu * pow(a->c, al) / (a->c * al - 1);
        bool same = fabs(printed - a->c * closed_min) <= 1e-12 * printed;
        if (xlc_add_mean(out, "xulau.eq5.printed", params, printed, &s, 1, same))
            return -1;
    }
    return 0;
}

static int run_eq5(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const double alphas[] = {1.5, 2, 3};
    char params[192];
    for (size_t i = 0; i < sizeof alphas / sizeof alphas[0]; i++)
        for (int c = 1; c <= 4; c++) {
            if (c * alphas[i] <= 2) /* E[min²] = ∞ */
                continue;
            struct copies a = {{DIST_PARETO, 1.0, alphas[i]}, c, 1};
            snprintf(params, sizeof params, "dist=pareto mu=1 alpha=%g c=%d", alphas[i], c);
            if (eq5_point(ctx, only, &a, params, xl_min_mean(1.0, alphas[i], c), out))
                return -1;
        }
    for (int c = 1; c <= 3; c++) {
        struct copies a = {lognormal, c, 1};
        snprintf(params, sizeof params, LOGNORMAL_PARAMS " c=%d", c);
        if (eq5_point(ctx, only, &a, params, xl_min_mean_dist(&lognormal, c), out))
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ eqs. 16–19 */

static int eq18_point(const struct vd_context *ctx, const struct copies *a, const char *params,
                      double closed, struct vd_rows *out)
{
    struct xlc_sums s;
    if (xlc_sample(ctx, vd_seed(ctx, "xulau.eq18", params), xlc_n(ctx, 100000), 1,
                   draw_job_time, a, &s))
        return -1;
    return xlc_add_mean(out, "xulau.eq18", params, closed, &s, 0, true);
}

static int run_eq18(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const double alphas[] = {2, 3};
    static const int tasks[] = {1, 10, 100};
    char params[192];
    if (!vd_selected(only, "xulau.eq18"))
        return 0;
    for (size_t i = 0; i < sizeof alphas / sizeof alphas[0]; i++)
        for (int c = 1; c <= 3; c++)
            for (size_t k = 0; k < sizeof tasks / sizeof tasks[0]; k++) {
                if (c * alphas[i] <= 2) /* the max has E[D²] = ∞ */
                    continue;
                struct copies a = {{DIST_PARETO, 1.0, alphas[i]}, c, tasks[k]};
                snprintf(params, sizeof params, "dist=pareto mu=1 alpha=%g c=%d m=%d", alphas[i],
                         c, tasks[k]);
                if (eq18_point(ctx, &a, params, xl_max_mean(1.0, alphas[i], c, tasks[k]), out))
                    return -1;
            }
    for (size_t k = 1; k < sizeof tasks / sizeof tasks[0]; k++) {
        struct copies a = {lognormal, 2, tasks[k]};
        snprintf(params, sizeof params, LOGNORMAL_PARAMS " c=2 m=%d", tasks[k]);
        if (eq18_point(ctx, &a, params, xl_max_mean_dist(&lognormal, 2, tasks[k]), out))
            return -1;
    }
    return 0;
}

const struct vd_check vd_xulau_eq5 = {
    .id = "xulau.eq5",
    .source = "seed 000 §4.1 eq. 5: E[T] = int_0^inf (1 - F)^c, for Pareto (eq. 10) mu c alpha/"
              "(c alpha - 1); .machine: c E[T] (eq. 11's machine time; .printed: the text after "
              "eq. 10 prints mu c^alpha/(c alpha - 1), checked at c = 2)",
    .assumptions = "c i.i.d. copies started together, the first to finish wins, the others are "
                   "killed at once; rows only where c alpha > 2 (finite variance of the min)",
    .closed_form = "xl_min_mean (Pareto); xl_min_mean_dist (lognormal, GSL quadrature of eq. 5)",
    .simulation = "min of c draws from dist_sample; machine time: each copy held until the "
                  "first finishes",
    .run = run_eq5,
};

const struct vd_check vd_xulau_eq18 = {
    .id = "xulau.eq18",
    .source = "seed 000 §5.1 eqs. 16-19: E[D] = int_0^inf 1 - (1 - (1 - F)^c)^m, for Pareto "
              "mu Gamma(m+1) Gamma(1 - 1/(c alpha))/Gamma(m + 1 - 1/(c alpha))",
    .assumptions = "m tasks of c i.i.d. copies each, all started together; rows only where "
                   "c alpha > 2 (finite variance of the max)",
    .closed_form = "xl_max_mean (Pareto); xl_max_mean_dist (lognormal, GSL quadrature of eq. 19)",
    .simulation = "max over m tasks of the min of c draws from dist_sample",
    .run = run_eq18,
};

/* check_straggle — straggle.*: seed 003's straggler mixture (§VI-A) in the cluster model.
 *
 * One job of N tasks of duration 1 on N slots, all launched at t = 0 (straggle.load: four
 * waves), so a task's time from launch to completion is its copies'; the cluster model draws
 * every copy's straggling (models/cluster.c).
 *  straggle.rate      fifo, p constant: the share of tasks delayed is p (§VI-A: 5 %).
 *  straggle.replicas  clone r = 1 (two copies from the start, no kill): a task is delayed only
 *                     when both copies straggle, p² — replicas straggle like originals and
 *                     independently (assumption 4).
 *  straggle.mean      fifo: a task's mean duration is 1 + p (E[factor] − 1), E[factor] =
 *                     0.8 × 1.85 + 0.1 × 10 + 0.1 × (6.25 between, 1 none).
 *  straggle.load      fifo, p from 0 at an idle cluster to p_max when full, 4N tasks of
 *                     exponential(1) time: the i-th launch of the first wave sees (i + 1)/N of
 *                     the slots busy, every later one a full cluster (continuous times end one
 *                     at a time, and the next task takes the slot), so the mean time is
 *                     1 + p_max (E[factor] − 1)((N + 1)/2 + 3N)/(4N) (assumption 5, our linear
 *                     law; reversed, it would be near 1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/validate.h"
#include "models/cluster.h"
#include "models/policy.h"

enum { SG_DELAYED, SG_SUM, SG_SUM2, SG_COUNT };

/* Per replica: tasks finishing after 1, and the sum and sum of squares of their times. */
static void per_replica(const struct cluster *cl, const void *arg, double *out)
{
    (void)arg;
    out[SG_DELAYED] = out[SG_SUM] = out[SG_SUM2] = 0.0;
    for (int t = 0; t < cl->ntasks; t++) {
        double d = cl->task_done[t] - cl->task_start[t];
        out[SG_DELAYED] += d > 1.0 + 1e-9;
        out[SG_SUM] += d;
        out[SG_SUM2] += d * d;
    }
}

/* Totals over replicas of one job of n tasks under `policy` (clone with r = 1, no kill). */
static int simulate(const struct vd_context *ctx, const char *id, const char *params, int n,
                    int waves, struct dist d, double p, double p_max, int rest,
                    const char *policy, double tot[SG_COUNT], uint64_t *tasks)
{
    int replicas = ctx->quick ? 40 : 400;
    struct cl_spec sp = vd_spec(n, 1, waves * n, d);
    sp.straggle_p = p;
    sp.straggle_p_max = p_max;
    sp.straggle_rest = rest;
    const struct policy *pol = pol_find(policy);
    double param[POL_MAX_PARAMS] = {0};
    for (int i = 0; pol->params && pol->params[i].key; i++) {
        const char *k = pol->params[i].key;
        param[i] = !strcmp(k, "r") ? 1 : !strcmp(k, "tau_kill") ? 1e300 : pol->params[i].def;
    }
    double *v = malloc((size_t)SG_COUNT * (size_t)replicas * sizeof *v);
    if (!v || vd_model_each(ctx, &sp, pol, param, vd_seed(ctx, id, params), replicas,
                            per_replica, NULL, SG_COUNT, v)) {
        free(v);
        return -1;
    }
    for (int k = 0; k < SG_COUNT; k++) {
        tot[k] = 0.0;
        for (int r = 0; r < replicas; r++)
            tot[k] += v[(size_t)k * (size_t)replicas + (size_t)r];
    }
    *tasks = (uint64_t)replicas * (uint64_t)(waves * n);
    free(v);
    return 0;
}

/* E[factor] of a straggler: 0.8 × 1.85 + 0.1 × 10 + 0.1 × (6.25 between, 1 none). */
static double mean_factor(int rest)
{
    return 0.8 * 1.85 + 0.1 * 10.0 + 0.1 * (rest ? 1.0 : 6.25);
}

static int run_straggle(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    const int n = 1000;
    double tot[SG_COUNT];
    uint64_t tasks;
    const struct dist one = {DIST_DETERMINISTIC, 1.0, 0.0};
    char params[192];
    static const struct {
        const char *id, *policy;
        double p, delayed; /* the share of tasks delayed: p, or p² with two copies each */
    } shares[] = {{"straggle.rate", "fifo", 0.05, 0.05},
                  {"straggle.replicas", "clone", 0.2, 0.04}};
    for (size_t i = 0; i < sizeof shares / sizeof *shares; i++) {
        if (!vd_selected(only, shares[i].id))
            continue;
        snprintf(params, sizeof params, "policy=%s%s N=%d p=%g", shares[i].policy,
                 strcmp(shares[i].policy, "clone") ? "" : " r=1", n, shares[i].p);
        if (simulate(ctx, shares[i].id, params, n, 1, one, shares[i].p, shares[i].p, 0,
                     shares[i].policy, tot, &tasks) ||
            vd_add_proportion(out, shares[i].id, params, shares[i].delayed,
                              (uint64_t)tot[SG_DELAYED], tasks, true))
            return -1;
    }
    for (int rest = 0; rest <= 1 && vd_selected(only, "straggle.mean"); rest++) {
        snprintf(params, sizeof params, "policy=fifo N=%d p=0.05 rest=%s", n,
                 rest ? "none" : "between");
        if (simulate(ctx, "straggle.mean", params, n, 1, one, 0.05, 0.05, rest, "fifo", tot,
                     &tasks) ||
            vd_add_mean(out, "straggle.mean", params, 1.0 + 0.05 * (mean_factor(rest) - 1.0),
                        tot[SG_SUM], tot[SG_SUM2], tasks, true))
            return -1;
    }
    if (vd_selected(only, "straggle.load")) {
        snprintf(params, sizeof params, "policy=fifo N=%d waves=4 exponential p=0 p_max=0.2", n);
        double share = ((n + 1) / 2.0 + 3.0 * n) / (4.0 * n); /* the mean busy share */
        if (simulate(ctx, "straggle.load", params, n, 4, (struct dist){DIST_EXPONENTIAL, 1, 0},
                     0.0, 0.2, 0, "fifo", tot, &tasks) ||
            vd_add_mean(out, "straggle.load", params, 1.0 + 0.2 * share * (mean_factor(0) - 1.0),
                        tot[SG_SUM], tot[SG_SUM2], tasks, true))
            return -1;
    }
    return 0;
}

const struct vd_check vd_straggle = {
    .id = "straggle",
    .source = "seed 003 §VI-A: 5 % of tasks straggle; 80 % of stragglers delayed U(1.2, 2.5), "
              "10 % ten times; replicas straggle alike (assumption 4), more at higher "
              "utilisation (assumption 5)",
    .assumptions = "tasks of duration 1, one wave on as many slots; the unsaid 10 % of "
                   "stragglers U(2.5, 10) or undelayed; p linear in the busy share",
    .closed_form = "p, p^2, 1 + p (E[factor] - 1), and that with the mean busy share",
    .simulation = "cluster model (its launch-time draws), policies fifo and clone (r = 1, no "
                  "kill); each task's completion from the finished replica",
    .run = run_straggle,
};

/* check_chronos_stages — chronos.stages: the premise of Chronos `r = auto` per stage (seed 004's
 * abstract: the PoCD "for map and reduce stages can be optimized separately"; docs/methods/
 * policies.md, `r = auto`). One two-phase job per replica under Clone with r = auto per stage,
 * by the cluster model with the real policy (barrier phases, a slot for every attempt, exact
 * progress): each stage meets its share of D_i as often as Theorem 1 says at that stage's N,
 * t_min, r and share; both together as often as the product (the stages independent, the
 * reduce stage timed from the map phase's end); and the job meets D_i at least that often —
 * the product is a lower bound of P(T_map + T_red <= D_i), not its value. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/check_chronos.h"
#include "models/cluster.h"
#include "models/policies/kit.h"
#include "models/policy.h"

enum { OUT_MAP, OUT_RED, OUT_BOTH, OUT_JOB, OUT_RMAP, OUT_RRED, OUT_DMAP, OUT_N };

/* One replica's job: which deadlines it met, and the r and split it got. */
static void outcomes(const struct cluster *cl, const void *arg, double *out)
{
    (void)arg;
    const struct cl_job *j = &cl->job[0];
    bool map = j->maps_done - j->arrival <= j->split;
    bool red = j->completion - j->maps_done <= j->rel_deadline - j->split;
    out[OUT_MAP] = map;
    out[OUT_RED] = red;
    out[OUT_BOTH] = map && red;
    out[OUT_JOB] = j->completion <= j->deadline;
    out[OUT_RMAP] = j->choice;
    out[OUT_RRED] = j->choice_reduce;
    out[OUT_DMAP] = j->split;
}

static double sum(const double *x, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += x[i];
    return s;
}

static int run_stages(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const struct {
        double D;
        int split;
    } grid[] = {{12, POL_SPLIT_EXPECTED}, {9, POL_SPLIT_JOINT}};
    static const char *const split_name[] = {"expected", "fraction", "joint"};
    const char *id = "chronos.stages";
    if (!vd_selected(only, id))
        return 0;
    const int n = 20, nred = 6, replicas = (int)chk_jobs(ctx, 40000);
    const double tau_kill = 0.5;
    const struct policy *pol = pol_find("clone");
    double *v = malloc((size_t)OUT_N * (size_t)replicas * sizeof *v);
    if (!v)
        return -1;
    for (size_t g = 0; g < sizeof grid / sizeof grid[0]; g++) {
        struct cl_spec sp = vd_spec(n * 64, 1, n, (struct dist){DIST_PARETO, 1.0, 1.5});
        sp.reduce_fraction = 0.3; /* 14 map tasks, 6 reduce tasks */
        sp.reduce_scale = 2.0;    /* reduce t_min 2 */
        sp.deadline = grid[g].D;
        sp.utility_theta = 0.02; /* dear attempts: small r, PoCD well below 1 */
        sp.utility_price = 1.0;
        sp.utility_rmin = 0.2;
        double param[POL_MAX_PARAMS];
        for (int i = 0; pol->params[i].key; i++) {
            const char *k = pol->params[i].key;
            param[i] = !strcmp(k, "r")       ? NAN
                       : !strcmp(k, "split") ? grid[g].split
                                             : pol->params[i].def;
        }
        char params[256];
        snprintf(params, sizeof params, "N_map=%d N_red=%d tmin_map=1 tmin_red=2 beta=1.5 D=%g "
                 "split=%s", n - nred, nred, grid[g].D, split_name[grid[g].split]);
        if (vd_model_each(ctx, &sp, pol, param, vd_seed(ctx, id, params), replicas, outcomes,
                          NULL, OUT_N, v)) {
            free(v);
            return -1;
        }
        int rm = (int)v[(size_t)OUT_RMAP * replicas], rr = (int)v[(size_t)OUT_RRED * replicas];
        double dm = v[(size_t)OUT_DMAP * replicas];
        struct ch_params pm = {n - nred, 1.0, 1.5, dm, 0, tau_kill};
        struct ch_params pr = {nred, 2.0, 1.5, grid[g].D - dm, 0, tau_kill};
        double rm_pocd = ch_th1_pocd_clone(&pm, rm), rr_pocd = ch_th1_pocd_clone(&pr, rr);
        uint64_t nr = (uint64_t)replicas;
        char row[320];
        int rc = 0;
        static const char *const what[] = {"stage=map", "stage=reduce", "stages=both"};
        const double closed[] = {rm_pocd, rr_pocd, rm_pocd * rr_pocd};
        for (int k = OUT_MAP; k <= OUT_BOTH && rc == 0; k++) {
            snprintf(row, sizeof row, "%s D_map=%.4g r_map=%d r_red=%d %s", params, dm, rm, rr,
                     what[k]);
            rc = vd_add_proportion(out, id, row, closed[k],
                                   (uint64_t)sum(v + (size_t)k * replicas, replicas), nr, true);
        }
        /* the job's failure at most 1 - the product */
        double miss = 1.0 - sum(v + (size_t)OUT_JOB * replicas, replicas) / replicas;
        snprintf(row, sizeof row, "%s D_map=%.4g r_map=%d r_red=%d job misses D <= 1 - product",
                 params, dm, rm, rr);
        if (rc || vd_add_at_most(out, id, row, 1.0 - closed[OUT_BOTH], miss,
                                 sqrt(fmax(miss * (1 - miss), 1e-12) / replicas), nr, true)) {
            free(v);
            return -1;
        }
    }
    free(v);
    return 0;
}

const struct vd_check vd_chronos_stages = {
    .id = "chronos.stages",
    .source = "seed 004 abstract (map and reduce PoCD optimised separately), Theorem 1 per "
              "stage: R_job >= R_Clone(map; D_map) R_Clone(reduce; D_i - D_map)",
    .assumptions = "barrier phases, no queueing, exact progress at tau_kill, the stages' task "
                   "times independent",
    .closed_form = "formula (Theorem 1 per stage, their product; the job's PoCD bounded below)",
    .simulation = "cluster model, policy clone with r = auto per stage (one two-phase job per "
                  "replica)",
    .run = run_stages,
};

/* check_xulau_eq15 — xulau.eq15: seed 000 §4.3, eq. 15. As α → ∞ every copy takes the same
 * time μ, and eq. 13 (two copies per task against one, each machine an M/G/1 queue fed λ_t
 * tasks) becomes λ_t μ²/(1 − 2λ_t μ) + μ <= λ_t μ²/(2 − 2λ_t μ) + μ, which "holds if and only
 * if λ_t = 0": a second copy cannot shorten a task whose time does not vary, and it doubles the
 * machines' load, so cloning lengthens the mean flowtime at every positive load.
 *
 * Simulation: the cluster model on two slots, one-task jobs of deterministic time μ = 1 (α =
 * ∞), Poisson jobs at 2λ_t (λ_t tasks per machine); `clone` with two copies (xlc_two_copies:
 * both slots take the task, an M/D/1 queue of pairs — eq. 15's left side exactly, by
 * Pollaczek–Khinchine) against `fifo` (one copy per slot, an M/D/2 queue, which waits less than
 * eq. 15's right side, two separate M/D/1 queues), on common random numbers. Rows, at λ_t down
 * to 0.01, where the difference nearly vanishes (the edge of "iff λ_t = 0"):
 *   xulau.eq15        order: clone − fifo mean flowtime over replicas, predicted > 0;
 *   xulau.eq15.clone  interval: clone's mean flowtime against eq. 15's left side. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/check_xulau.h"
#include "analysis/validate.h"
#include "engine/stats/stats.h"
#include "models/policy.h"

static int eq15_point(const struct vd_context *ctx, const char *only, double lambda_t,
                      struct vd_rows *out)
{
    int replicas = ctx->quick ? 6 : 20, jobs = ctx->quick ? 5000 : 20000;
    struct cl_spec sp = vd_spec(2, jobs, 1, (struct dist){DIST_DETERMINISTIC, 1, 0});
    sp.arrival = ARRIVAL_POISSON;
    sp.rate = 2 * lambda_t;
    sp.warmup = jobs / 10;
    char params[192];
    snprintf(params, sizeof params, "M=2 m=1 mu=1 alpha=inf lambda_t=%g", lambda_t);
    double pc[POL_MAX_PARAMS] = {0}, pf[POL_MAX_PARAMS] = {0};
    xlc_two_copies(pc);
    uint64_t seed = vd_seed(ctx, "xulau.eq15", params);
    double *v = malloc(2 * (size_t)M_COUNT * (size_t)replicas * sizeof *v);
    int rc = -1;
    if (!v || vd_model(ctx, &sp, pol_find("clone"), pc, seed, replicas, v) ||
        vd_model(ctx, &sp, pol_find("fifo"), pf, seed, replicas,
                 v + (size_t)M_COUNT * (size_t)replicas))
        goto done;
    const double *fc = v + (size_t)M_FLOWTIME * (size_t)replicas;
    const double *ff = fc + (size_t)M_COUNT * (size_t)replicas;
    struct st_acc d;
    st_acc_init(&d);
    for (int r = 0; r < replicas; r++)
        st_acc_add(&d, fc[r] - ff[r]);
    double left = lambda_t / (1 - 2 * lambda_t) + 1; /* μ = 1 */
    rc = 0;
    if (vd_selected(only, "xulau.eq15"))
        rc = vd_add_order(out, "xulau.eq15", params, 1, d.mean,
                          sqrt(st_acc_variance(&d) / replicas), (uint64_t)replicas, true);
    if (!rc && vd_selected(only, "xulau.eq15.clone"))
        rc = vd_add_replica_mean(out, "xulau.eq15.clone", params, left, fc, replicas, true);
done:
    free(v);
    return rc;
}

static int run_eq15(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const double lambda_t[] = {0.01, 0.05, 0.2};
    if (!vd_selected(only, "xulau.eq15") && !vd_selected(only, "xulau.eq15.clone"))
        return 0;
    for (size_t i = 0; i < sizeof lambda_t / sizeof lambda_t[0]; i++)
        if (eq15_point(ctx, only, lambda_t[i], out))
            return -1;
    return 0;
}

const struct vd_check vd_xulau_eq15 = {
    .id = "xulau.eq15",
    .source = "seed 000 §4.3 eq. 15: as alpha -> inf, two copies per task lengthen the task "
              "delay at every lambda_t > 0 (eq. 13 holds iff lambda_t = 0); .clone: its left "
              "side, lambda_t mu^2/(1 - 2 lambda_t mu) + mu",
    .assumptions = "every copy takes mu (alpha = inf); Poisson one-task jobs; two machines, a "
                   "task's two copies on both; lambda_t < 1/(2 mu)",
    .closed_form = "the sign of eq. 15 (+: cloning is slower); .clone: eq. 15's left side (P-K "
                   "for M/D/1)",
    .simulation = "cluster model on 2 slots, deterministic tasks: clone (r = 1, tau_kill never) "
                  "minus fifo mean flowtime on common random numbers, 20 replicas of 20 000 "
                  "jobs (the first tenth dropped)",
    .run = run_eq15,
};

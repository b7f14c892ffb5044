/* check_chronos_cost — chronos.th2, chronos.th4(.corrected), chronos.th6(.corrected): the
 * expected machine time ("execution time", the cost) of a job under Clone, S-Restart and
 * S-Resume, against the kernels' mean job machine time. Grids keep β(r+1) > 2 so that a job's
 * machine time has a finite variance and its interval means something. */
#include <stdio.h>

#include "analysis/check_chronos.h"

static void cost_sample(const struct vd_context *ctx, const char *id, const char *params,
                        const struct kn_spec *ks, struct kn_totals *t)
{
    vd_kernel(ctx, ks, vd_seed(ctx, id, params), chk_jobs(ctx, 1000000), t);
}

static int cost_row(struct vd_rows *out, const char *id, const char *params, double closed,
                    const struct kn_totals *t, bool expected)
{
    return vd_add_mean(out, id, params, closed, t->job_cost, t->job_cost2, t->jobs, expected);
}

/* Theorem 2 needs every killed attempt to run the whole τ_kill: no attempt may finish first,
 * i.e. τ_kill <= tmin. */
static int run_th2(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const struct {
        int N, r;
        double beta, tau_kill;
    } grid[] = {{10, 1, 1.5, 0.5}, {10, 2, 1.5, 0.5}, {10, 3, 1.5, 0.2},
                {10, 1, 1.5, 1.0}, {1, 0, 2.5, 0.5},  {10, 1, 1.5, 2.0}};
    const char *id = "chronos.th2";
    if (!vd_selected(only, id))
        return 0;
    for (size_t i = 0; i < sizeof grid / sizeof grid[0]; i++) {
        struct ch_params p = {grid[i].N, 1.0, grid[i].beta, 3.0, 0, grid[i].tau_kill};
        bool inside = grid[i].tau_kill <= p.tmin;
        char params[192];
        chk_point(params, sizeof params, &p, grid[i].r, inside ? NULL : "outside=tau_kill>tmin");
        struct kn_spec ks = chk_spec(CH_CLONE, &p, grid[i].r);
        struct kn_totals t;
        cost_sample(ctx, id, params, &ks, &t);
        if (cost_row(out, id, params, ch_th2_cost_clone(&p, grid[i].r), &t, inside))
            return -1;
    }
    return 0;
}

struct cost_point {
    int N, r;
    double tau_est, tau_kill;
    bool printed_expected; /* where the printed form should agree */
    const char *outside;   /* violated assumption, if any (then nothing is expected to agree) */
};

/* The printed Theorems 4 and 6 give one task's machine time for the job's, so they can only
 * agree at N = 1; Theorem 6's eq. 66 also integrates the resumed minimum from tmin instead of
 * (1 − φ) tmin, visible where φ is large (τ_est = 2 of D = 3). Both forms are compared with
 * one simulation of the point, drawn on the corrected row's seed (whichever rows --only
 * selects). */
static int run_pair(const struct vd_context *ctx, const char *only, struct vd_rows *out,
                    enum ch_strategy s, const char *id, const char *id_corrected,
                    const struct cost_point *grid, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        struct ch_params p = {grid[i].N, 1.0, 1.5, 3.0, grid[i].tau_est, grid[i].tau_kill};
        char params[192];
        chk_point(params, sizeof params, &p, grid[i].r, grid[i].outside);
        struct kn_spec ks = chk_spec(s, &p, grid[i].r);
        double phi = ch_phi_straggler(&p);
        double printed = s == CH_RESTART ? ch_th4_cost_restart(&p, grid[i].r)
                                         : ch_th6_cost_resume(&p, grid[i].r, phi);
        double corrected = s == CH_RESTART ? ch_th4_cost_restart_corrected(&p, grid[i].r)
                                           : ch_th6_cost_resume_corrected(&p, grid[i].r);
        bool inside = grid[i].outside == NULL;
        bool want = vd_selected(only, id), want_corrected = vd_selected(only, id_corrected);
        struct kn_totals t;
        if (want || want_corrected)
            cost_sample(ctx, id_corrected, params, &ks, &t);
        if (want && cost_row(out, id, params, printed, &t, inside && grid[i].printed_expected))
            return -1;
        if (want_corrected && cost_row(out, id_corrected, params, corrected, &t, inside))
            return -1;
    }
    return 0;
}

/* Theorem 4 needs τ_kill − τ_est <= tmin (no extra attempt finishes before the kill) and
 * τ_kill <= D (the original, a straggler, is still running at the kill). */
static int run_th4(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const struct cost_point grid[] = {
        {1, 1, 0.3, 0.8, true, NULL},   {1, 2, 0.3, 0.8, true, NULL},
        {10, 1, 0.3, 0.8, false, NULL}, {10, 2, 0.3, 0.8, false, NULL},
        {1, 1, 2.0, 2.2, true, NULL},   {10, 1, 0.3, 2.5, false, "outside=tau_kill-tau_est>tmin"}};
    return run_pair(ctx, only, out, CH_RESTART, "chronos.th4", "chronos.th4.corrected", grid,
                    sizeof grid / sizeof grid[0]);
}

/* Theorem 6 needs τ_kill − τ_est <= (1 − τ_est/D) tmin: no resumed attempt, at least
 * (1 − φ) tmin long with φ < τ_est/D, finishes before the kill. */
static int run_th6(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const struct cost_point grid[] = {
        {10, 1, 0.3, 0.8, false, NULL}, {1, 1, 2.0, 2.2, false, NULL},
        {1, 2, 2.0, 2.2, false, NULL},  {10, 1, 2.0, 2.2, false, NULL},
        {1, 1, 0.3, 2.0, false, "outside=tau_kill-tau_est>(1-tau_est/D)tmin"}};
    return run_pair(ctx, only, out, CH_RESUME, "chronos.th6", "chronos.th6.corrected", grid,
                    sizeof grid / sizeof grid[0]);
}

const struct vd_check vd_chronos_th2 = {
    .id = "chronos.th2",
    .source = "seed 004 Theorem 2, eq. 13: E_Clone(T) = N [r tau_kill + tmin + tmin/(beta(r+1) - 1)]",
    .assumptions = "no queueing, exact progress, tau_kill <= tmin (no attempt ends before the kill)",
    .closed_form = "formula",
    .simulation = "clone kernel, mean machine time of a job",
    .run = run_th2,
};

const struct vd_check vd_chronos_th4 = {
    .id = "chronos.th4",
    .source = "seed 004 Theorem 4, eqs. 17-18 (printed: one task's machine time); .corrected: "
              "N times it, as the proof's E(T) = N E(T_j)",
    .assumptions = "no queueing, exact estimates, D - tau_est >= tmin, tau_kill - tau_est <= "
                   "tmin, tau_kill <= D",
    .closed_form = "formula with a GSL integral (eq. 18's last term)",
    .simulation = "s-restart kernel, mean machine time of a job",
    .run = run_th4,
};

const struct vd_check vd_chronos_th6 = {
    .id = "chronos.th6",
    .source = "seed 004 Theorem 6, eqs. 20-24 (printed); .corrected: N tasks and the resumed "
              "minimum (1 - phi) tmin beta(r+1)/(beta(r+1) - 1) (eq. 66 integrates from tmin)",
    .assumptions = "no queueing, exact estimates, tau_kill - tau_est <= (1 - tau_est/D) tmin",
    .closed_form = "formula; printed with phi = mean straggler progress",
    .simulation = "s-resume kernel, mean machine time of a job",
    .run = run_th6,
};

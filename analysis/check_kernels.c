/* check_kernels — kernel.*: the fast kernels against the cluster model with the real policy,
 * job by job, on the same random numbers. The model runs clone, s-restart or s-resume on one
 * idealised job per replica (batch arrival, slots for every attempt, exact estimates) with its
 * copy durations taken from the kernel's streams (the model's duration hook); each job's
 * completion time and machine time must equal the kernel's. This is what entitles the
 * chronos.* checks to use the kernels as "the mechanism". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/check_chronos.h"
#include "engine/run/replicas.h"
#include "models/cluster.h"
#include "models/policy.h"
#include "models/replica.h"

struct hook_ctx {
    const struct kn_spec *ks;
    uint64_t seed, job;
};

static double kernel_duration(void *ctx, int task, int copy)
{
    const struct hook_ctx *h = ctx;
    return kn_copy_duration(h->ks, h->seed, h->job, task, copy);
}

static bool same(double a, double b)
{
    return fabs(a - b) <= 1e-9 * fmax(1.0, fmax(fabs(a), fabs(b)));
}

/* What compare_job needs: the kernel and its seed; and the count. */
struct compare {
    const struct kn_spec *ks;
    uint64_t seed;
    int64_t bad; /* jobs whose completion or machine time differ */
};

/* A thread's scratch: the duration hook's context, then the kernel's task completions. */
static void use_kernel_durations(void *ctx, void *scratch, struct rep_workspace *ws, int cell,
                                 uint64_t rep)
{
    (void)cell;
    const struct compare *cmp = ctx;
    struct hook_ctx *h = scratch;
    *h = (struct hook_ctx){cmp->ks, cmp->seed, rep};
    rep_cluster(ws)->duration_hook = kernel_duration;
    rep_cluster(ws)->duration_ctx = h;
}

static void compare_job(void *ctx, void *scratch, struct rep_workspace *ws, int cell,
                        uint64_t rep, const double metrics[M_COUNT])
{
    (void)cell, (void)metrics;
    struct compare *cmp = ctx;
    double done, cost, *task_done = (double *)((struct hook_ctx *)scratch + 1);
    kn_job(cmp->ks, cmp->seed, rep, &done, &cost, task_done);
    const struct cl_job *job = &rep_cluster(ws)->job[0];
    if (!same(job->completion, done) || !same(job->machine_time, cost)) {
#pragma omp atomic
        cmp->bad++;
    }
}

/* Jobs whose completion or machine time differ between the model and the kernel. */
static int64_t mismatches(const struct vd_context *ctx, enum ch_strategy s,
                          const struct ch_params *p, int r, uint64_t seed, int jobs)
{
    struct kn_spec ks = chk_spec(s, p, r);
    struct cl_spec sp =
        vd_spec(p->N * (r + 2), 1, p->N, (struct dist){DIST_PARETO, p->tmin, p->beta});
    sp.deadline = p->D;
    const struct policy *pol = pol_find(chk_policy(s));
    double param[POL_MAX_PARAMS];
    for (int i = 0; pol->params[i].key; i++) {
        const char *k = pol->params[i].key;
        param[i] = !strcmp(k, "r") ? r : !strcmp(k, "tau_est") ? p->tau_est : p->tau_kill;
    }
    struct compare cmp = {&ks, seed, 0};
    struct rr_cell cell = {&sp, pol, param, seed};
    struct rr_job job = {.cells = &cell, .ncells = 1, .count = (uint64_t)jobs,
                         .threads = ctx->threads, .chunk = 64, .ctx = &cmp,
                         .scratch_bytes = sizeof(struct hook_ctx) + (size_t)p->N * sizeof(double),
                         .before = use_kernel_durations, .done = compare_job};
    struct rr_failure fail;
    return rr_run(&job, &fail) ? -1 : cmp.bad;
}

static int run_kernels(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const struct {
        enum ch_strategy s;
        int r;
        struct ch_params p;
        const char *label;
    } grid[] = {
        {CH_CLONE, 2, {10, 1.0, 1.5, 3.0, 0.0, 0.5}, NULL},
        {CH_CLONE, 1, {10, 1.0, 1.5, 3.0, 0.0, 3.0}, "tau_kill>tmin"},
        {CH_RESTART, 2, {10, 1.0, 1.5, 3.0, 0.3, 0.8}, NULL},
        {CH_RESTART, 1, {10, 1.0, 1.5, 3.0, 0.3, 2.5}, "tau_kill-tau_est>tmin"},
        {CH_RESUME, 1, {10, 1.0, 1.5, 3.0, 0.3, 0.8}, NULL},
        {CH_RESUME, 2, {10, 1.0, 1.5, 3.0, 2.0, 2.9}, "tau_kill-tau_est>(1-phi)tmin"},
    };
    int jobs = ctx->quick ? 2000 : 20000;
    for (size_t i = 0; i < sizeof grid / sizeof grid[0]; i++) {
        char id[48], params[192];
        snprintf(id, sizeof id, "kernel.%s", chk_policy(grid[i].s));
        if (!vd_selected(only, id))
            continue;
        chk_point(params, sizeof params, &grid[i].p, grid[i].r, grid[i].label);
        int64_t bad = mismatches(ctx, grid[i].s, &grid[i].p, grid[i].r, vd_seed(ctx, id, params),
                                 jobs);
        if (bad < 0 || vd_add_mismatches(out, id, params, (uint64_t)bad, (uint64_t)jobs, true))
            return -1;
    }
    return 0;
}

const struct vd_check vd_kernels = {
    .id = "kernel",
    .source = "analysis/kernels.c against models/policies/{clone,s_restart,s_resume}.c",
    .assumptions = "one job, every attempt gets a slot at once, exact estimates (the kernels' "
                   "world); also points where attempts finish before the kill",
    .closed_form = "0 mismatching jobs",
    .simulation = "the cluster model with the real policy, fed the kernel's copy durations",
    .run = run_kernels,
};

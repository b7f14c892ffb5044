/* check_queue — queue.*: classical queueing results that test the simulator core.
 *
 * One-task jobs under FIFO on S slots with Poisson arrivals are an M/G/S queue: the mean
 * response time must match Erlang C for exponential service (M/M/c) and Pollaczek–Khinchine
 * for one slot with Pareto service (M/G/1). The estimate is the mean over replicas of each
 * replica's mean flowtime, from the full cluster model with the fifo policy. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/queueing.h"
#include "analysis/validate.h"
#include "engine/stats/stats.h"
#include "models/policy.h"

/* The half-width each row's 99.99 % interval is sized for, relative to the closed form: an
 * error in the simulator's queueing of 1 % or more shows, and the rows cost a third of what a
 * fixed 200 replicas did (the heavy c = 4, ρ = 0.9 row still takes them all, at ±2.2 %). */
#define QUEUE_PRECISION 0.01

static struct cl_spec one_task_jobs(int slots, double rate, struct dist d, int jobs)
{
    struct cl_spec sp = vd_spec(slots, jobs, 1, d);
    sp.arrival = ARRIVAL_POISSON;
    sp.rate = rate;
    sp.warmup = jobs / 10;
    return sp;
}

/* Mean flowtime over replicas, as a row against the closed form, to QUEUE_PRECISION of it:
 * a pilot of a fifth of the replicas sizes the sample (vd_add_model_mean). */
static int mean_response_row(const struct vd_context *ctx, struct vd_rows *out, const char *id,
                             const char *params, const struct cl_spec *sp, double closed)
{
    int max = ctx->quick ? 40 : 200;
    double param[POL_MAX_PARAMS] = {0};
    return vd_add_model_mean(ctx, out, id, params, closed, sp, pol_find("fifo"), param,
                             M_FLOWTIME, max / 5, max, QUEUE_PRECISION * closed);
}

static int run_erlang(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const struct {
        int c;
        double rho;
    } grid[] = {{1, 0.5}, {4, 0.7}, {4, 0.9}, {20, 0.8}};
    if (!vd_selected(only, "queue.erlang_c"))
        return 0;
    int jobs = ctx->quick ? 10000 : 40000;
    for (size_t i = 0; i < sizeof grid / sizeof grid[0]; i++) {
        char params[192];
        snprintf(params, sizeof params, "c=%d rho=%g mean=1", grid[i].c, grid[i].rho);
        double lambda = grid[i].rho * grid[i].c;
        struct cl_spec sp = one_task_jobs(grid[i].c, lambda, (struct dist){DIST_EXPONENTIAL, 1, 0},
                                          jobs);
        if (mean_response_row(ctx, out, "queue.erlang_c", params, &sp,
                              q_mmc_mean_response(grid[i].c, lambda, 1.0)))
            return -1;
    }
    return 0;
}

static int run_pk(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const struct {
        double beta, rho;
    } grid[] = {{4.0, 0.3}, {4.0, 0.6}, {3.5, 0.5}};
    if (!vd_selected(only, "queue.pk"))
        return 0;
    int jobs = ctx->quick ? 10000 : 40000;
    for (size_t i = 0; i < sizeof grid / sizeof grid[0]; i++) {
        struct dist d = {DIST_PARETO, 1.0, grid[i].beta};
        double es = dist_mean(&d), es2 = dist_variance(&d) + es * es;
        double lambda = grid[i].rho / es;
        char params[192];
        snprintf(params, sizeof params, "tmin=1 beta=%g rho=%g", grid[i].beta, grid[i].rho);
        struct cl_spec sp = one_task_jobs(1, lambda, d, jobs);
        if (mean_response_row(ctx, out, "queue.pk", params, &sp,
                              q_mg1_mean_response(lambda, es, es2)))
            return -1;
    }
    return 0;
}

const struct vd_check vd_queue_erlang = {
    .id = "queue.erlang_c",
    .source = "Erlang C, M/M/c mean response W = C(c, a)/(c mu - lambda) + 1/mu (Kleinrock, "
              "Queueing Systems I, §3.5)",
    .assumptions = "Poisson arrivals, exponential service, FIFO, c slots, stationary (first "
                   "10 % of each replica's jobs dropped)",
    .closed_form = "formula (Erlang B recursion)",
    .simulation = "cluster model, policy fifo, one-task jobs; mean of per-replica mean flowtime",
    .run = run_erlang,
};

const struct vd_check vd_queue_pk = {
    .id = "queue.pk",
    .source = "Pollaczek-Khinchine, M/G/1 mean response W = E[S] + lambda E[S^2]/(2(1 - rho)) "
              "(Kleinrock, ch. 5)",
    .assumptions = "Poisson arrivals, one slot, FIFO, E[S^2] finite; Pareto beta > 3 so that "
                   "the per-replica means have finite variance and the interval is valid",
    .closed_form = "formula",
    .simulation = "cluster model, policy fifo, one slot, one-task jobs",
    .run = run_pk,
};

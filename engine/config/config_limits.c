/* config_limits — a scenario's extent, from its parameters (see config_limits.h).
 *
 * Every figure comes from the task-time family's closed forms (engine/stats/dist.h): a job's scale
 * (job_spread) is the lognormal family of mean 1 and sigma job_spread, per-job shapes
 * (sigma_max, beta_max) are taken at the middle of their range for typical figures and at
 * the heaviest end for the reach, a reduce phase weighs its scale by its share of the tasks.
 * A trace is read job by job (its arrivals, task counts, means and fitted shapes). */
#include "engine/config/config_limits.h"

#include <math.h>
#include <stdlib.h>

#include "engine/stats/dist.h"
#include "models/trace.h"

double cfg_clock_bits(double d, double t)
{
    return log2(d / fmax(fabs(t) * 0x1p-52, 0x1p-1074));
}

/* What the sampler draws of one family: the share of its mean (0 where the mean is infinite). */
static double reach_share(const struct dist *d)
{
    double m = dist_mean(d);
    return isfinite(m) ? dist_partial_mean(d, DIST_U_MAX) / m : 0.0;
}

/* The longest draw of a family whose shape is anywhere in [d's, shape_max] (0: d's alone). The
 * lognormal's, mean e^(sigma z - sigma^2/2) for the largest z, peaks at sigma = z. */
static double longest_draw(const struct dist *d, double shape_max)
{
    double most = dist_quantile(d, DIST_U_MAX);
    if (shape_max > d->b && d->kind == DIST_LOGNORMAL) {
        struct dist top = dist_with_shape(d, shape_max);
        most = fmax(most, dist_quantile(&top, DIST_U_MAX));
        if (DIST_Z_MAX > d->b && DIST_Z_MAX < shape_max) {
            struct dist peak = dist_with_shape(d, DIST_Z_MAX);
            most = fmax(most, dist_quantile(&peak, DIST_U_MAX));
        }
    }
    return most;
}

/* The typical duration of a job of k tasks of family d (times `scale`) on s slots, its tasks
 * of mean `mean`: the typical largest of k draws, and the waves beyond the first when k > s. */
static double job_time(const struct dist *d, double scale, double k, double s, double mean)
{
    return dist_quantile(d, 1.0 - 1.0 / (k + 1.0)) * scale + fmax(0.0, k / s - 1.0) * mean;
}

static int cmp_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

/* A trace's jobs: each phase its family (fitted to the SD where the scenario fits shapes) scaled
 * to the phase's mean. */
static void trace_extent(const struct cl_spec *sp, struct cfg_extent *x)
{
    const struct tr_trace *tr = sp->trace;
    int jobs = sp->jobs < tr->njobs ? sp->jobs : tr->njobs;
    double *medians = malloc((size_t)(jobs > 0 ? jobs : 1) * sizeof *medians);
    x->tasks = 0;
    for (int i = 0; i < jobs; i++)
        x->tasks += tr->job[i].tasks[TR_MAP] + tr->job[i].tasks[TR_REDUCE];
    double q = 1.0 - 1.0 / (x->tasks + 1.0), busy = 0.0;
    x->arrivals = jobs > 0 ? tr->job[jobs - 1].arrival : 0.0;
    x->work = x->largest = 0.0;
    x->scale_max = 1.0;
    x->mean_share = 1.0;
    for (int i = 0; i < jobs; i++) {
        const struct tr_job *t = &tr->job[i];
        for (int p = 0; p < TR_PHASES; p++) {
            if (t->tasks[p] <= 0)
                continue;
            struct dist d = sp->task_time;
            if (sp->trace_fit && t->sd[p] > 0)
                d = dist_with_shape(&d, dist_shape_for_cv(d.kind, t->sd[p] / t->mean[p]));
            double scale = t->mean[p] / dist_mean(&d); /* finite: the config checks it */
            x->work += t->tasks[p] * dist_partial_mean(&d, q) * scale;
            x->largest = fmax(x->largest, dist_quantile(&d, DIST_U_MAX) * scale);
            x->mean_share = fmin(x->mean_share, reach_share(&d));
            busy += job_time(&d, scale, t->tasks[p], sp->slots, t->mean[p]);
            if (p == TR_MAP && medians)
                medians[i] = dist_median(&d) * scale;
        }
    }
    if (medians && jobs > 0) {
        qsort(medians, (size_t)jobs, sizeof *medians, cmp_double);
        x->task = medians[jobs / 2];
    } else {
        x->task = dist_median(&sp->task_time);
    }
    free(medians);
    x->job = jobs > 0 ? busy / jobs : 0.0;
}

/* Generated jobs: the family (per-job shapes at the middle of their range), the job scale,
 * the reduce phase. */
static void generated_extent(const struct cl_spec *sp, struct cfg_extent *x)
{
    const struct dist *fam = &sp->task_time;
    struct dist middle = *fam, heavy = *fam, scale = {DIST_DETERMINISTIC, 1.0, 0.0};
    if (sp->shape_max > 0) {
        middle = dist_with_shape(fam, 0.5 * (fam->b + sp->shape_max));
        if (fam->kind == DIST_LOGNORMAL)
            heavy = dist_with_shape(fam, sp->shape_max); /* Pareto: the family's beta */
    }
    if (sp->job_spread > 0) /* exp(sigma Z - sigma^2/2): the lognormal of mean 1 */
        scale = (struct dist){DIST_LOGNORMAL, -0.5 * sp->job_spread * sp->job_spread,
                              sp->job_spread};
    double rf = sp->reduce_fraction, rs = sp->reduce_scale;
    double k = sp->tasks, jobs = sp->jobs;
    x->tasks = jobs * k;
    x->arrivals = sp->arrival == ARRIVAL_POISSON ? jobs / sp->rate : 0.0;
    double per_task = dist_partial_mean(&middle, 1.0 - 1.0 / (x->tasks + 1.0)) *
                      (sp->job_spread > 0 ? dist_partial_mean(&scale, 1.0 - 1.0 / (jobs + 1.0))
                                          : 1.0) *
                      (1.0 - rf + rf * rs);
    x->work = x->tasks * per_task;
    x->task = dist_median(&middle) * dist_median(&scale) * pow(rs, rf);
    x->scale_max = dist_quantile(&scale, DIST_U_MAX) * (rf > 0 ? fmax(1.0, rs) : 1.0);
    x->largest = longest_draw(fam, sp->shape_max) * x->scale_max;
    x->mean_share = reach_share(&heavy) * reach_share(&scale);
    x->job = job_time(&middle, dist_median(&scale) * (rf > 0 ? 1.0 + rs : 1.0), k, sp->slots,
                      per_task);
}

void cfg_extent(const struct cl_spec *sp, struct cfg_extent *x)
{
    if (sp->trace)
        trace_extent(sp, x);
    else
        generated_extent(sp, x);
    double waves = x->work / sp->slots; /* the busy time can be no shorter */
    x->span = fmax(x->arrivals, waves);
    x->busy = fmin(x->span, fmax(waves, sp->jobs * x->job));
}

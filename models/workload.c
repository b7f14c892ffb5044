/* workload — generated and trace-driven jobs of one replica. See workload.h.
 *
 * Generator (synthetic stand-in for the Google traces of seeds 000 and 002, docs/model.md):
 *   tasks    fixed, or ⌈X⌉ capped at tasks_max with X ~ Pareto(x_m, tasks_beta) and
 *            x_m = tasks (β−1)/β, so E[X] = tasks (heavy-tailed job sizes: most jobs small,
 *            a few with thousands of tasks);
 *   scale    a job's task times are the scenario's task time × exp(σZ − σ²/2), σ =
 *            job_spread, Z standard normal (mean multiplier 1: jobs of different task sizes);
 *   phases   round(reduce_fraction × tasks) of its tasks (at most tasks − 1) form the reduce
 *            phase, whose task times are further scaled by reduce_scale.
 * Trace: arrival, weight, task counts and per-phase means come from the trace; the scale of
 * each phase is its mean over the task-time family's mean. */
#include "models/workload.h"

#include <math.h>

#include <gsl/gsl_cdf.h>

#include "models/trace.h"

/* The statistics of a phase whose durations are the family's times `scale`. */
static void set_phase(struct cl_job *j, const struct dist *d, int phase, double scale)
{
    double mean = dist_mean(d), var = dist_variance(d);
    j->scale[phase] = scale;
    j->task_mean[phase] = scale * mean;
    j->task_sd[phase] = scale * sqrt(var);
    j->task_work[phase] = scale * (isfinite(mean) ? mean : dist_median(d));
}

static int draw_tasks(const struct cl_spec *sp, rng_t *r)
{
    if (!(sp->tasks_beta > 0))
        return sp->tasks;
    double xm = sp->tasks * (sp->tasks_beta - 1.0) / sp->tasks_beta;
    double x = ceil(xm * pow(1.0 - rng_uniform(r), -1.0 / sp->tasks_beta));
    return x < sp->tasks_max ? (int)x : sp->tasks_max;
}

static double draw_scale(const struct cl_spec *sp, rng_t *r)
{
    double s = sp->job_spread;
    if (!(s > 0))
        return 1.0;
    return exp(s * gsl_cdf_ugaussian_Pinv(rng_uniform(r)) - 0.5 * s * s);
}

/* A generated job's attributes (weight, tasks, phases, scale), in that draw order. */
static void generate_job(const struct cl_spec *sp, struct cl_job *j, rng_t *r)
{
    int wspan = sp->weight_max - sp->weight_min + 1;
    j->weight = sp->weight_min;
    if (wspan > 1)
        j->weight += floor(rng_uniform(r) * wspan);
    j->ntasks = draw_tasks(sp, r);
    double scale = draw_scale(sp, r);
    int nred = (int)lround(sp->reduce_fraction * j->ntasks);
    j->nmap = j->ntasks - (nred < j->ntasks ? nred : j->ntasks - 1);
    set_phase(j, &sp->task_time, CL_MAP, scale);
    set_phase(j, &sp->task_time, CL_REDUCE, scale * sp->reduce_scale);
}

static void trace_job(const struct cl_spec *sp, const struct tr_job *t, struct cl_job *j)
{
    double family = dist_mean(&sp->task_time); /* finite: config checks it */
    j->weight = t->weight;
    j->nmap = t->tasks[TR_MAP];
    j->ntasks = t->tasks[TR_MAP] + t->tasks[TR_REDUCE];
    set_phase(j, &sp->task_time, CL_MAP, t->mean[TR_MAP] / family);
    double red = t->tasks[TR_REDUCE] > 0 ? t->mean[TR_REDUCE] : t->mean[TR_MAP];
    set_phase(j, &sp->task_time, CL_REDUCE, red / family);
}

int wl_jobs(struct cluster *cl, uint64_t seed, uint64_t replica)
{
    const struct cl_spec *sp = cl->spec;
    rng_t arr, attr;
    rng_stream(&arr, seed, replica, RNG_ARRIVALS);
    rng_stream(&attr, seed, replica, RNG_JOBS);
    double t = 0.0;
    int ntasks = 0;
    for (int i = 0; i < cl->njobs; i++) {
        struct cl_job *j = &cl->job[i];
        *j = (struct cl_job){.completion = NAN, .pend_prev = -1, .pend_next = -1};
        if (sp->trace) {
            trace_job(sp, &sp->trace->job[i], j);
            t = sp->trace->job[i].arrival;
        } else {
            if (sp->arrival == ARRIVAL_POISSON)
                t += -log(rng_uniform(&arr)) / sp->rate;
            generate_job(sp, j, &attr);
        }
        j->arrival = t;
        j->deadline = t + sp->deadline;
        j->first_task = ntasks;
        j->tasks_left = j->ntasks;
        j->maps_left = j->nmap;
        ntasks += j->ntasks;
    }
    return ntasks;
}

void wl_task_sizes(struct cluster *cl, uint64_t seed, uint64_t replica)
{
    rng_t tasks;
    rng_stream(&tasks, seed, replica, RNG_TASKS);
    for (int t = 0; t < cl->ntasks; t++)
        cl->task_size[t] = wl_copy_duration(cl, t, &tasks);
}

/* workload — generated and trace-driven jobs of one replica. See workload.h.
 *
 * Generator (synthetic stand-in for the Google traces of seeds 000 and 002, docs/methods/model.md):
 *   tasks    fixed, or ⌈X⌉ capped at tasks_max with X ~ Pareto(x_m, tasks_beta) and
 *            x_m = tasks (β−1)/β, so E[X] = tasks (heavy-tailed job sizes: most jobs small,
 *            a few with thousands of tasks);
 *   scale    a job's task times are the scenario's task time × exp(σZ − σ²/2), σ =
 *            job_spread, Z standard normal (mean multiplier 1: jobs of different task sizes);
 *   phases   round(reduce_fraction × tasks) of its tasks (at most tasks − 1) form the reduce
 *            phase, whose task times are further scaled by reduce_scale;
 *   shape    with shape_max, a job's family (both phases) has its own shape, uniform between
 *            the scenario's and shape_max, and the scenario's mean (dist_with_shape): jobs of
 *            different coefficients of variation. Drawn after every job's other attributes,
 *            so that the weights, counts and scales are those of the scenario without it;
 *   requests with cluster.servers, a job's copies request cpu_request and mem_request, or
 *            with cpu_request_max or mem_request_max above them, uniform draws in between
 *            (CPU, then memory; traces too), after the shapes and for the same reason; a
 *            trace's own requests (its cpu and mem columns) win over the draws, still made;
 *   deadline its own relative deadline D_i (seed 004 §III) uniform in [deadline, deadline_max]
 *            with deadline_max, or one of deadline_choices (each equally likely), from a
 *            stream of its own (RNG_DEADLINES, one draw per job, traces too), so that no other
 *            attribute moves with it; otherwise deadline;
 *   price    its own price γ_i (seed 004 §III: "the price γ_i depends on the VM-type subscribed
 *            by job i") uniform in [price, price_max] with utility.price_max, or one of
 *            price_choices (each equally likely: the VM types), likewise from a stream of its
 *            own (RNG_PRICES); otherwise utility.price; with a price history
 *            (utility.price_history) the price when it arrives, what Chronos' r = auto weighs
 *            (its copies cost the price of each moment: models/metrics.c).
 * Trace: arrival, weight, task counts, per-phase means and any deadline, price or requests
 * come from the trace; with trace_fit, a phase the trace gives an SD for has the shape of that
 * CV (dist_shape_for_cv); the scale of each phase is its mean over its family's mean. */
#include "models/workload.h"

#include <math.h>
#include <stddef.h>

#include <gsl/gsl_cdf.h>

#include "models/spot.h"
#include "models/trace.h"

/* What the scheduler knows of one task of law d before its job's scale: its mean, its SD, and
 * its size to a size-based scheduler (the mean, or the median where the mean diverges). */
struct law_stats {
    double mean, sd, work;
};

static struct law_stats law_stats(const struct dist *d)
{
    double mean = dist_mean(d);
    return (struct law_stats){mean, sqrt(dist_variance(d)), isfinite(mean) ? mean : dist_median(d)};
}

/* A phase whose durations are d's times `scale`, and those statistics of it (k: d's). */
static void set_phase_of(struct cl_job *j, const struct dist *d, const struct law_stats *k,
                         int phase, double scale)
{
    j->dist[phase] = *d;
    j->scale[phase] = scale;
    j->task_mean[phase] = scale * k->mean;
    j->task_sd[phase] = scale * k->sd;
    j->task_work[phase] = scale * k->work;
}

static void set_phase(struct cl_job *j, const struct dist *d, int phase, double scale)
{
    struct law_stats k = law_stats(d);
    set_phase_of(j, d, &k, phase, scale);
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

/* A generated job's attributes (weight, tasks, phases, scale), in that draw order; k: the
 * statistics of the scenario's law (the same for every generated job, found once). */
static void generate_job(const struct cl_spec *sp, const struct law_stats *k, struct cl_job *j,
                         rng_t *r)
{
    int wspan = sp->weight_max - sp->weight_min + 1;
    j->weight = sp->weight_min;
    if (wspan > 1)
        j->weight += floor(rng_uniform(r) * wspan);
    j->ntasks = draw_tasks(sp, r);
    double scale = draw_scale(sp, r);
    int nred = sp->reduce_fraction > 0 ? (int)lround(sp->reduce_fraction * j->ntasks) : 0;
    j->nmap = j->ntasks - (nred < j->ntasks ? nred : j->ntasks - 1);
    set_phase_of(j, &sp->task_time, k, CL_MAP, scale);
    set_phase_of(j, &sp->task_time, k, CL_REDUCE, scale * sp->reduce_scale);
}

/* Its own shape for a generated job: uniform between the family's and shape_max (drawn even
 * when the two are equal, so that the stream does not depend on the value). */
static void draw_shape(const struct cl_spec *sp, struct cl_job *j, rng_t *r)
{
    double lo = sp->task_time.b;
    struct dist d = dist_with_shape(&sp->task_time, lo + (sp->shape_max - lo) * rng_uniform(r));
    set_phase(j, &d, CL_MAP, j->scale[CL_MAP]);
    set_phase(j, &d, CL_REDUCE, j->scale[CL_REDUCE]);
}

/* Its own requests for a job (both drawn when either range is open). */
static void draw_requests(const struct cl_spec *sp, struct cl_job *j, rng_t *r)
{
    j->cpu = sp->cpu_request + (sp->cpu_request_max - sp->cpu_request) * rng_uniform(r);
    j->mem = sp->mem_request + (sp->mem_request_max - sp->mem_request) * rng_uniform(r);
}

/* A trace job's own requests win over the draw, which is made all the same (draw_requests
 * for every job), so that the stream does not depend on the trace's values. */
static void trace_requests(const struct tr_job *t, struct cl_job *j)
{
    if (t->cpu > 0)
        j->cpu = t->cpu;
    if (t->mem > 0)
        j->mem = t->mem;
}

/* A per-job attribute a trace can give and the generator can draw in [lo, hi]: relative
 * deadlines and prices, by the place of their fields. */
struct own_attr {
    size_t job, trace;          /* offsetof in struct cl_job and in struct tr_job */
    enum rng_purpose purpose;   /* the stream of its draws */
};

static const struct own_attr own_deadline = {offsetof(struct cl_job, rel_deadline),
                                             offsetof(struct tr_job, deadline), RNG_DEADLINES};
static const struct own_attr own_price = {offsetof(struct cl_job, price),
                                          offsetof(struct tr_job, price), RNG_PRICES};

static double trace_value(const struct tr_job *t, const struct own_attr *a)
{
    return *(const double *)((const char *)t + a->trace);
}

/* Whether a trace gives any job a replica runs its own value of the attribute (> 0). */
static bool trace_gives(const struct cl_spec *sp, const struct own_attr *a)
{
    for (int i = 0; sp->trace && i < sp->jobs && i < sp->trace->njobs; i++)
        if (trace_value(&sp->trace->job[i], a) > 0)
            return true;
    return false;
}

/* Jobs' own values of an attribute: uniform in [lo, hi] when hi > 0, or one of the n values
 * of `choice` (n > 0), each equally likely (one uniform per job, in job order, drawn even for
 * a trace job that gives its own, so that the stream does not depend on the trace's values),
 * the trace's where it gives one, lo otherwise. */
static void own_values(struct cluster *cl, const struct own_attr *a, double lo, double hi,
                       const double *choice, int n, uint64_t seed, uint64_t replica)
{
    const struct cl_spec *sp = cl->spec;
    rng_t r;
    rng_stream(&r, seed, replica, a->purpose);
    for (int i = 0; i < cl->njobs; i++) {
        double v = lo;
        if (n > 0)
            v = choice[(int)(rng_uniform(&r) * n)]; /* u < 1: an index below n */
        else if (hi > 0)
            v += (hi - lo) * rng_uniform(&r);
        if (sp->trace && trace_value(&sp->trace->job[i], a) > 0)
            v = trace_value(&sp->trace->job[i], a);
        *(double *)((char *)&cl->job[i] + a->job) = v;
    }
}

/* A trace phase of mean `mean` and SD `sd` (0: not given). */
static void trace_phase(const struct cl_spec *sp, struct cl_job *j, int phase, double mean,
                        double sd)
{
    struct dist d = sp->task_time;
    if (sp->trace_fit && sd > 0)
        d = dist_with_shape(&sp->task_time, dist_shape_for_cv(d.kind, sd / mean));
    set_phase(j, &d, phase, mean / dist_mean(&d)); /* finite: config checks it */
}

static void trace_job(const struct cl_spec *sp, const struct tr_job *t, struct cl_job *j)
{
    j->weight = t->weight;
    j->nmap = t->tasks[TR_MAP];
    j->ntasks = t->tasks[TR_MAP] + t->tasks[TR_REDUCE];
    trace_phase(sp, j, CL_MAP, t->mean[TR_MAP], t->sd[TR_MAP]);
    int red = t->tasks[TR_REDUCE] > 0 ? TR_REDUCE : TR_MAP; /* an empty phase: the map's */
    trace_phase(sp, j, CL_REDUCE, t->mean[red], t->sd[red]);
}

int wl_jobs(struct cluster *cl, uint64_t seed, uint64_t replica)
{
    const struct cl_spec *sp = cl->spec;
    rng_t arr, attr;
    rng_stream(&arr, seed, replica, RNG_ARRIVALS);
    rng_stream(&attr, seed, replica, RNG_JOBS);
    double t = 0.0;
    int ntasks = 0;
    const struct law_stats law = law_stats(&sp->task_time);
    for (int i = 0; i < cl->njobs; i++) {
        struct cl_job *j = &cl->job[i];
        *j = (struct cl_job){.completion = NAN, .choice = -1, .choice_reduce = -1, .split = NAN,
                             .maps_done = NAN, .pend_prev = -1, .pend_next = -1};
        if (sp->trace) {
            trace_job(sp, &sp->trace->job[i], j);
            t = sp->trace->job[i].arrival;
        } else {
            if (sp->arrival == ARRIVAL_POISSON)
                t += -log(rng_uniform(&arr)) / sp->rate;
            generate_job(sp, &law, j, &attr);
        }
        j->cpu = sp->cpu_request;
        j->mem = sp->mem_request;
        j->arrival = t;
        j->rel_deadline = sp->deadline;
        j->price = sp->utility_price;
        j->deadline = t + sp->deadline;
        j->first_task = ntasks;
        j->tasks_left = j->ntasks;
        j->maps_left = j->nmap;
        ntasks += j->ntasks;
    }
    if (!sp->trace && sp->shape_max > 0)
        for (int i = 0; i < cl->njobs; i++)
            draw_shape(sp, &cl->job[i], &attr);
    if (srv_drawn(sp))
        for (int i = 0; i < cl->njobs; i++) {
            draw_requests(sp, &cl->job[i], &attr);
            if (sp->trace)
                trace_requests(&sp->trace->job[i], &cl->job[i]);
        }
    if (wl_own_deadlines(sp)) {
        own_values(cl, &own_deadline, sp->deadline, sp->deadline_max, sp->deadline_choice,
                   sp->deadline_choices, seed, replica);
        for (int i = 0; i < cl->njobs; i++)
            cl->job[i].deadline = cl->job[i].arrival + cl->job[i].rel_deadline;
    }
    if (wl_own_prices(sp))
        own_values(cl, &own_price, sp->utility_price, sp->utility_price_max,
                   sp->utility_price_choice, sp->utility_price_choices, seed, replica);
    if (sp->spot) /* a price history: the price when the job arrives */
        for (int i = 0; i < cl->njobs; i++)
            cl->job[i].price = spot_at(sp->spot, cl->job[i].arrival);
    return ntasks;
}

/* Scans of the trace's phases with tasks: how many have an SD, and how many do not. */
static void trace_sds(const struct tr_trace *tr, int *with, int *without)
{
    *with = *without = 0;
    for (int i = 0; i < tr->njobs; i++)
        for (int p = 0; p < TR_PHASES; p++)
            if (tr->job[i].tasks[p] > 0)
                ++*(tr->job[i].sd[p] > 0 ? with : without);
}

bool wl_own_shapes(const struct cl_spec *sp)
{
    if (!sp->trace)
        return sp->shape_max > 0;
    int with, without;
    trace_sds(sp->trace, &with, &without);
    return sp->trace_fit && with > 0;
}

bool wl_two_phases(const struct cl_spec *sp)
{
    if (!sp->trace)
        return sp->reduce_fraction > 0;
    for (int i = 0; i < sp->jobs && i < sp->trace->njobs; i++) /* the jobs a replica runs */
        if (sp->trace->job[i].tasks[TR_REDUCE] > 0)
            return true;
    return false;
}

bool wl_own_deadlines(const struct cl_spec *sp)
{
    return sp->deadline_max > 0 || sp->deadline_choices > 0 || trace_gives(sp, &own_deadline);
}

bool wl_own_prices(const struct cl_spec *sp)
{
    return sp->utility_price_max > 0 || sp->utility_price_choices > 0 ||
           trace_gives(sp, &own_price);
}

bool wl_deadlines(const struct cl_spec *sp)
{
    if (isfinite(sp->deadline))
        return true;
    if (!sp->trace)
        return false;
    for (int i = 0; i < sp->jobs && i < sp->trace->njobs; i++) /* the jobs a replica runs */
        if (!(sp->trace->job[i].deadline > 0))
            return false;
    return true;
}

bool wl_finite_variance(const struct cl_spec *sp)
{
    if (isfinite(dist_variance(&sp->task_time)))
        return true; /* every shape drawn or fitted has a finite variance too */
    if (!sp->trace || !sp->trace_fit)
        return false; /* drawn shapes start at the scenario's */
    int with, without;
    trace_sds(sp->trace, &with, &without);
    return without == 0;
}

/* A truncated Pareto family has every moment: the index of the Pareto law as skewed as its
 * most skewed job. Its skewness depends on beta and tmax/tmin, which per-job shapes (mean and
 * tmax kept) move together, so the range [beta, shape_max] is scanned at 33 points. (A trace's
 * fitted shapes are refused with tmax; its scales leave the skewness as it is.) */
static double truncated_tail_index(const struct cl_spec *sp)
{
    double index = dist_tail_index(&sp->task_time);
    double lo = sp->task_time.b, hi = sp->shape_max;
    for (int k = 1; hi > lo && k <= 32; k++) {
        struct dist d = dist_with_shape(&sp->task_time, lo + (hi - lo) * k / 32.0);
        index = fmin(index, dist_tail_index(&d));
    }
    return index;
}

double wl_tail_index(const struct cl_spec *sp)
{
    /* a job's lognormal scale (job_spread) multiplies all its task times: as skewed as it */
    double spread = sp->job_spread > 0 ? dist_skew_index(DIST_LOGNORMAL, sp->job_spread)
                                       : INFINITY;
    /* seed 003's stragglers multiply a copy's time by a bounded but very skewed factor, the
       more skewed the rarer: as skewed as it at the smallest probability in use */
    double p = sp->straggle_p > 0 ? sp->straggle_p : sp->straggle_p_max;
    if (p > 0)
        spread = fmin(spread, dist_index_of_skewness(cl_straggle_skewness(p, sp->straggle_rest)));
    if (dist_truncated(&sp->task_time))
        return fmin(truncated_tail_index(sp), spread);
    enum dist_kind kind = sp->task_time.kind;
    if (kind != DIST_PARETO && kind != DIST_LOGNORMAL)
        return spread; /* exponential, uniform, deterministic: every moment, little skew */
    /* the heaviest shape any job has: the least β, the largest σ */
    double (*heavier)(double, double) = kind == DIST_PARETO ? fmin : fmax;
    double shape = sp->task_time.b;
    if (sp->shape_max > 0)
        shape = heavier(shape, sp->shape_max);
    if (sp->trace && sp->trace_fit)
        for (int i = 0; i < sp->jobs && i < sp->trace->njobs; i++)
            for (int ph = 0; ph < TR_PHASES; ph++) {
                const struct tr_job *t = &sp->trace->job[i];
                if (t->tasks[ph] > 0 && t->sd[ph] > 0)
                    shape = heavier(shape, dist_shape_for_cv(kind, t->sd[ph] / t->mean[ph]));
            }
    return fmin(dist_skew_index(kind, shape), spread);
}

double wl_count_tail_index(const struct cl_spec *sp)
{
    if (!(sp->tasks_beta > 0))
        return INFINITY; /* every job has `tasks` tasks */
    /* draw_tasks: N = min(⌈X⌉, cap), X ~ Pareto(x_m, β_t); P(N = n) = F(n) − F(n − 1) below
       the cap, the rest at it. Its first three moments: summed exactly up to n0, beyond it
       the Pareto density's integral (⌈X⌉ differs from X by under 1/n0 of itself there). */
    double b = sp->tasks_beta, xm = sp->tasks * (b - 1.0) / b, m[4] = {0, 0, 0, 0};
    int cap = sp->tasks_max, n0 = cap < 4096 ? cap : 4096;
    double below = 0.0; /* F(n − 1) */
    for (int n = 1; n <= n0; n++) {
        double at = n < cap ? (n < xm ? 0.0 : 1.0 - pow(xm / n, b)) : 1.0, p = at - below;
        double x = n; /* n^k by products: exact, as pow's n^k is, for n^3 below 2^53 */
        m[1] += p * x;
        m[2] += p * (x * x);
        m[3] += p * (x * x * x);
        below = at;
    }
    for (int k = 1; k <= 3 && n0 < cap; k++) /* ∫ x^k b xm^b x^(−b−1) dx over (n0, cap), then
                                                 the atom at the cap, P(X > cap − 1) */
        m[k] += b * pow(xm, b) * (fabs(k - b) < 1e-12 ? log((double)cap / n0)
                                                      : (pow(cap, k - b) - pow(n0, k - b)) / (k - b)) +
                pow(xm / (cap - 1.0), b) * pow(cap, k);
    double m1 = m[1], m2 = m[2], m3 = m[3];
    double var = m2 - m1 * m1;
    if (!(var > 0))
        return INFINITY;
    double skew = (m3 - 3.0 * m1 * var - m1 * m1 * m1) / (var * sqrt(var));
    return dist_index_of_skewness(skew); /* capped: every moment finite, yet as skewed as it */
}

/* Task by task in index order, job by job (a job's tasks are numbered from its first_task,
 * map phase first): the job's fields are at hand instead of looked up for each task. */
void wl_task_sizes(struct cluster *cl, uint64_t seed, uint64_t replica)
{
    rng_t tasks;
    rng_stream(&tasks, seed, replica, RNG_TASKS);
    for (int i = 0; i < cl->njobs; i++) {
        const struct cl_job *j = &cl->job[i];
        double *size = cl->task_size + j->first_task; /* cl_phase_duration, phase by phase */
        dist_fill(&j->dist[CL_MAP], j->scale[CL_MAP], &tasks, size, j->nmap);
        dist_fill(&j->dist[CL_REDUCE], j->scale[CL_REDUCE], &tasks, size + j->nmap,
                  j->ntasks - j->nmap);
    }
}

int wl_reset(struct cluster *cl, const struct cl_spec *spec, uint64_t seed, uint64_t replica)
{
    if (cl_reserve(cl, spec))
        return -1;
    int ntasks = wl_jobs(cl, seed, replica);
    if (cl_begin(cl, ntasks, seed, replica))
        return -1;
    wl_task_sizes(cl, seed, replica);
    return 0;
}

/* metrics — per-replica metrics from a finished cluster state (see metrics.h).
 *
 * Only jobs after the warm-up count (the first `warmup` to arrive are dropped: they saw an
 * empty cluster). Utilization is a property of the whole run and uses every job. */
#include "models/metrics.h"

#include <math.h>
#include <stdlib.h>

#include "models/theory/chronos.h"
#include "engine/stats/stats.h"
#include "engine/stats/select.h"
#include "models/cluster.h"
#include "models/workload.h"

/* The ranges of metric_info: times, costs, counts and ratios of them are never negative;
 * fractions and Jain's index lie in [0, 1]; utility is unbounded. */
#define AT_LEAST_0 .lo = 0.0, .hi = INFINITY
#define FROM_0_TO_1 .lo = 0.0, .hi = 1.0

const struct metric_info metric_info[M_COUNT] = {
    [M_FLOWTIME] = {"flowtime", "mean job flowtime C_i - a_i", .unit = "time", AT_LEAST_0},
    [M_FLOWTIME_WEIGHTED] = {"flowtime_weighted", "weighted mean flowtime sum w_i F_i / sum w_i",
                             .unit = "time", AT_LEAST_0},
    [M_FLOWTIME_P50] = {"flowtime_p50",
                        "a replica's median job flowtime (the summary: its mean over replicas)",
                        .unit = "time", .order_statistic = true, AT_LEAST_0},
    [M_FLOWTIME_P90] = {"flowtime_p90", "a replica's 90th percentile of job flowtime",
                        .unit = "time", .order_statistic = true, AT_LEAST_0},
    [M_FLOWTIME_P99] = {"flowtime_p99", "a replica's 99th percentile of job flowtime",
                        .unit = "time", .order_statistic = true, AT_LEAST_0},
    [M_POCD] = {"pocd", "fraction of jobs completed by their deadline (NaN without deadline)",
                .unit = "fraction of jobs", .proportion = true, FROM_0_TO_1},
    [M_MACHINE_TIME] = {"machine_time", "mean slot time per job, all copies, killed ones included",
                        .unit = "slot time per job", AT_LEAST_0},
    [M_WASTED_TIME] = {"wasted_time", "mean slot time per job spent in killed copies",
                       .unit = "slot time per job", AT_LEAST_0},
    [M_COPIES_PER_TASK] = {"copies_per_task", "copies launched per task",
                           .unit = "copies per task", AT_LEAST_0},
    [M_UTILIZATION] = {"utilization",
                       "time-average busy fraction of the slots from the first measured arrival "
                       "to the last arrival (batch: over the whole run)",
                       .unit = "fraction of slots", FROM_0_TO_1},
    [M_UTILITY] = {"utility",
                   "net utility lg(pocd - r_min) - theta price machine_time ([utility]; "
                   "seed 004 eq. 25)",
                   .unit = "utility"},
    [M_JOB_FLOWTIME_P50] = {"job_flowtime_p50",
                            "median flowtime of a measured job, pooled over replicas",
                            .unit = "time", .pooled = 0.50, AT_LEAST_0},
    [M_JOB_FLOWTIME_P90] = {"job_flowtime_p90",
                            "90th percentile of a measured job's flowtime, pooled over replicas",
                            .unit = "time", .pooled = 0.90, AT_LEAST_0},
    [M_JOB_FLOWTIME_P99] = {"job_flowtime_p99",
                            "99th percentile of a measured job's flowtime, pooled over replicas",
                            .unit = "time", .pooled = 0.99, AT_LEAST_0},
    [M_SLOWDOWN] = {"slowdown",
                    "mean job slowdown: flowtime / the job's time alone on an idle cluster",
                    .unit = "ratio", AT_LEAST_0},
    [M_SLOWDOWN_JAIN] = {"slowdown_jain",
                         "Jain's index of the jobs' slowdowns, (sum x)^2 / (n sum x^2): 1 when "
                         "all are slowed alike",
                         .unit = "index", FROM_0_TO_1},
};

const struct metric_info job_quantity_info[JQ_COUNT] = {
    [JQ_FLOWTIME] = {"flowtime", "job flowtime C_i - a_i", .unit = "time"},
    [JQ_MACHINE_TIME] = {"machine_time", "slot time of all the job's copies (its cost)",
                         .unit = "slot time"},
};

static int first_measured(const struct cluster *cl)
{
    return cl->spec->warmup < cl->njobs ? cl->spec->warmup : cl->njobs;
}

static double job_quantity(const struct cl_job *j, enum job_quantity q)
{
    return q == JQ_FLOWTIME ? j->completion - j->arrival : j->machine_time;
}

/* The bin of x: the k with e_k < x <= e_{k+1}, edges computed exactly as they are written to
 * the results file (k·max/bins), so that the CDF read back at an edge is P(x <= edge). */
static int bin_of(double x, double max, int bins)
{
    if (!(x > 0))
        return 0;
    if (x > max)
        return bins;
    int k = (int)ceil(x / max * bins) - 1;
    k = k < 0 ? 0 : k >= bins ? bins - 1 : k;
    while (k > 0 && x <= k * max / bins)
        k--;
    while (k < bins - 1 && x > (k + 1) * max / bins)
        k++;
    return k;
}

void metrics_histogram(const struct cluster *cl, enum job_quantity q, double max, int bins,
                       int32_t *counts)
{
    for (int k = 0; k <= bins; k++)
        counts[k] = 0;
    for (int i = first_measured(cl); i < cl->njobs; i++)
        counts[bin_of(job_quantity(&cl->job[i], q), max, bins)]++;
}

void metrics_job_values(const struct cluster *cl, enum job_quantity q, double *out)
{
    for (int i = 0; i < cl->njobs; i++)
        out[i] = job_quantity(&cl->job[i], q);
}

void metrics_choices(const struct cluster *cl, int32_t *counts, int n)
{
    for (int v = 0; v < n; v++)
        counts[v] = 0;
    for (int i = first_measured(cl); i < cl->njobs; i++) {
        int v = cl->job[i].choice;
        CL_ASSERT(v >= 0 && v < n);
        if (v >= 0 && v < n)
            counts[v]++;
    }
}

int metrics_measured_jobs(const struct cl_spec *sp)
{
    return sp->warmup < sp->jobs ? sp->jobs - sp->warmup : 0;
}

int metrics_pooled(double *q, int *which)
{
    int n = 0;
    for (int m = 0; m < M_COUNT; m++)
        if (metric_info[m].pooled > 0) {
            if (q)
                q[n] = metric_info[m].pooled;
            if (which)
                which[n] = m;
            n++;
        }
    return n;
}

/* The order statistic a type-7 quantile p of J values leans on at its top: the k-th largest
 * (k = J − lo − 1 when it interpolates above x_(lo+1), 1-based, J − lo when it does not). */
static int top_order(int J, double p)
{
    double h = (J - 1) * p, lo = floor(h);
    return J - (int)lo - (h > lo ? 1 : 0);
}

int metrics_averaged_jobs(enum metric m, int measured)
{
    return metric_info[m].order_statistic ? 1 : measured;
}

/* Whether the cluster always has room for `attempts` attempts of every task at once: batch
 * arrivals, and slots for all of them. */
static bool always_room(const struct cl_spec *sp, int attempts)
{
    if (sp->arrival != ARRIVAL_BATCH || sp->trace || attempts < 1)
        return false; /* Poisson or traced arrivals can fill any cluster */
    double tasks = (double)sp->jobs * (sp->tasks_beta > 0 ? sp->tasks_max : sp->tasks);
    return attempts * tasks <= sp->slots;
}

bool metrics_jobs_independent(const struct cl_spec *sp, struct pol_tail tail)
{
    return always_room(sp, tail.most);
}

/* Whether copies retried until a slot frees, before waiting tasks, start with a wait lighter
 * than a task: while every slot is busy, a slot frees when the least of the S residual times
 * ends, and a residual of a law of index β has index β − 1, so the k-th slot to free has
 * index (S − k + 1)(β − 1); with up to half the slots' copies asked before it, that is at
 * least S(β − 1)/2, and it must reach β. */
static bool retried_soon(const struct cl_spec *sp, double beta)
{
    return beta > 1.0 && sp->slots * (beta - 1.0) / 2.0 >= beta;
}

double metrics_task_tail_index(const struct cl_spec *sp, struct pol_tail tail)
{
    double beta = wl_tail_index(sp);
    bool sure = tail.extra > 0 &&
                ((tail.when == POL_TAIL_IF_ROOM && always_room(sp, 1 + tail.extra)) ||
                 (tail.when == POL_TAIL_RETRIED && retried_soon(sp, beta)));
    return sure ? beta * (1.0 + tail.extra) : beta; /* the least of 1 + k (seed 004 eq. 4) */
}

/* The tail index of 1/I_i (metrics_ideal_time), which a slowdown F_i/I_i multiplies into its
 * flowtime's: infinite where I_i stays away from 0 (a launch delay, Pareto's t_min) or has
 * every negative moment (lognormal, with or without a lognormal job scale; deterministic).
 * Exponential and uniform from 0 have a density at 0, so P(I_i < x) = P(all n of its tasks
 * < x) ~ c x^n: index n, the fewest tasks a job has (1 where tasks are drawn or traced). With
 * n = 1 the mean slowdown is infinite: F_i >= a wait that does not shrink with the task. */
static double inverse_ideal_index(const struct cl_spec *sp)
{
    const struct dist *d = &sp->task_time;
    bool near_zero = d->kind == DIST_EXPONENTIAL || (d->kind == DIST_UNIFORM && !(d->a > 0));
    if (sp->launch_delay > 0 || !near_zero)
        return INFINITY;
    return sp->trace || sp->tasks_beta > 0 ? 1.0 : (double)sp->tasks;
}

double metrics_tail_index(const struct cl_spec *sp, struct pol_tail tail, enum metric m)
{
    double task = metrics_task_tail_index(sp, tail);
    int J = metrics_measured_jobs(sp);
    switch (m) {
    case M_FLOWTIME:
    case M_FLOWTIME_WEIGHTED:
        return task; /* at least its longest task; the max of N has N's constant, not index */
    case M_MACHINE_TIME:
    case M_WASTED_TIME:
    case M_UTILITY:
        return fmin(task, wl_count_tail_index(sp)); /* a sum over the job's tasks */
    case M_FLOWTIME_P50:
        return task * top_order(J, 0.50);
    case M_FLOWTIME_P90:
        return task * top_order(J, 0.90);
    case M_FLOWTIME_P99:
        return task * top_order(J, 0.99);
    case M_SLOWDOWN:
        return fmin(task, inverse_ideal_index(sp)); /* F_i's, times 1/I_i's */
    default:
        return INFINITY; /* pocd, copies per task, utilization, Jain's index: bounded */
    }
}

/* The longest of tasks [first, first + n)'s original durations (0 for none). */
static double longest_original(const struct cluster *cl, int first, int n)
{
    double m = 0.0;
    if (cl->duration_hook) /* hand-built test scenarios */
        for (int t = first; t < first + n; t++)
            m = fmax(m, cl->duration_hook(cl->duration_ctx, t, 0));
    else
        for (int t = first; t < first + n; t++)
            m = cl->task_size[t] > m ? cl->task_size[t] : m; /* no call per task (fmax is one) */
    return m;
}

static double original(const struct cluster *cl, int t)
{
    return cl->duration_hook ? cl->duration_hook(cl->duration_ctx, t, 0) : cl->task_size[t];
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Pipelined phases: every task launched at 0 with a slot of its own, the map outputs appear at
 * L + their durations, in order; each reduce copy reads from the gate's output on
 * (cl_feed_gate, cl_feed_start) and ends at q + w. The latest end; -1 when out of memory.
 * That is the end of the reduce task with the most work: q + w = max{q_0 + w, max_k (m_k +
 * w(1 − (k−1)/n))} rises with w, so the others' ends, all below it, need not be computed:
 * O(n log n + reduce tasks) a job, not O(n × reduce tasks). (Ends are rounded: where two
 * reduce works lie within rounding of each other, the result may differ in its last bit from
 * a task-by-task maximum.) */
static double pipelined_ideal(const struct cluster *cl, const struct cl_job *j)
{
    const struct cl_spec *sp = cl->spec;
    int n = j->nmap, gate = cl_feed_gate(sp, j);
    double *m = malloc((size_t)n * sizeof *m), w = 0.0;
    if (!m)
        return -1.0;
    for (int k = 0; k < n; k++)
        m[k] = sp->launch_delay + original(cl, j->first_task + k);
    qsort(m, (size_t)n, sizeof *m, by_value);
    for (int t = j->first_task + n; t < j->first_task + j->ntasks; t++)
        w = fmax(w, original(cl, t));
    double q = m[gate - 1];
    for (int k = sp->pipeline_feed == FEED_LAST ? n : gate + 1; k <= n; k++)
        q = cl_feed_start(q, m[k - 1], k, n, w);
    free(m);
    return fmax(0.0, q + w);
}

double metrics_ideal_time(const struct cluster *cl, int job)
{
    const struct cl_job *j = &cl->job[job];
    if (cl->spec->phases == PHASES_PIPELINED && j->nmap > 0 && j->ntasks > j->nmap) {
        double t = pipelined_ideal(cl, j);
        if (t >= 0)
            return t;
    }
    return cl->spec->launch_delay + longest_original(cl, j->first_task, j->nmap) +
           longest_original(cl, j->first_task + j->nmap, j->ntasks - j->nmap);
}

void metrics_compute(const struct cluster *cl, double *scratch, bool quantiles,
                     double out[M_COUNT])
{
    const struct cl_spec *sp = cl->spec;
    int first = first_measured(cl);
    size_t n = 0;
    double flow = 0, wflow = 0, wsum = 0, mt = 0, killed = 0, copies = 0, tasks = 0;
    double slow = 0, slow2 = 0; /* Σ and Σ² of the slowdowns */
    double priced = 0;          /* Σ γ_i · machine time_i, or Σ spot_cost_i */
    long met = 0;
    for (int i = first; i < cl->njobs; i++) {
        const struct cl_job *j = &cl->job[i];
        double f = job_quantity(j, JQ_FLOWTIME);
        scratch[n++] = f;
        flow += f;
        wflow += j->weight * f;
        wsum += j->weight;
        mt += j->machine_time;
        priced += sp->spot ? j->spot_cost : j->price * j->machine_time;
        killed += j->killed_time;
        copies += j->copies;
        tasks += j->ntasks;
        met += j->completion <= j->deadline;
        double sd = f / metrics_ideal_time(cl, i);
        slow += sd;
        slow2 += sd * sd;
    }
    double dn = (double)n;
    out[M_FLOWTIME] = n ? flow / dn : NAN;
    out[M_FLOWTIME_WEIGHTED] = wsum > 0 ? wflow / wsum : NAN;
    struct st_ranks ranked; /* the three quantiles from one selection's places */
    st_ranks_init(&ranked, scratch, quantiles ? (long)n : 0);
    out[M_FLOWTIME_P50] = st_ranks_quantile(&ranked, 0.50);
    out[M_FLOWTIME_P90] = st_ranks_quantile(&ranked, 0.90);
    out[M_FLOWTIME_P99] = st_ranks_quantile(&ranked, 0.99);
    out[M_POCD] = (n && wl_deadlines(sp)) ? (double)met / dn : NAN;
    out[M_MACHINE_TIME] = n ? mt / dn : NAN;
    out[M_WASTED_TIME] = n ? killed / dn : NAN;
    out[M_COPIES_PER_TASK] = tasks > 0 ? copies / tasks : NAN;
    /* seed 004 eq. 25 with each job's own price: θ times the mean of γ_i · machine time_i
       (with a price history, of each job's slot time priced moment by moment: §VII-B);
       with one price the expression as before, C times the mean, bit for bit */
    bool own = wl_own_prices(sp) || sp->spot;
    out[M_UTILITY] = isnan(out[M_POCD]) ? NAN
                                         : ch_utility(out[M_POCD],
                                                      own ? priced / dn : out[M_MACHINE_TIME],
                                                      sp->utility_theta,
                                                      own ? 1.0 : sp->utility_price,
                                                      sp->utility_rmin);
    double span = fmin(cl->util_to, cl->now) - cl->util_from;
    out[M_UTILIZATION] = span > 0 ? cl->busy_area / (cl->nslots * span) : NAN;
    out[M_JOB_FLOWTIME_P50] = out[M_JOB_FLOWTIME_P90] = out[M_JOB_FLOWTIME_P99] = NAN;
    out[M_SLOWDOWN] = n ? slow / dn : NAN;
    out[M_SLOWDOWN_JAIN] = slow2 > 0 ? slow * slow / (dn * slow2) : NAN; /* Jain et al. 1984 */
}

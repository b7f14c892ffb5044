/* production — what the speculators of production systems share: their constants, which are
 * seconds of the real system (hadoop2, spark, and Hadoop's older hadoop-s and late), and each
 * job phase's record of the durations of its finished tasks (hadoop2, spark; models/policies/kit.h,
 * "Production speculators").
 *
 * A time parameter left `auto` is its system's constant in seconds times one second, and one
 * second is 1 time unit with a trace (traces are in seconds, docs/guide/traces.md), otherwise the
 * workload family's mean task time over a typical task's seconds: for Hadoop's and Spark's
 * POL_TYPICAL_TASK_S, a mean task of 100 s (so Hadoop's 60 s SPECULATIVE_LAG is 0.6 of it),
 * as "most tasks complete at approximately 100s" in the Google job of seed 003 §I (Fig. 1a);
 * for seed 003's own threshold policy the 700 ms its simulations average (§VI). Read as time
 * units, Hadoop's 15 s and Spark's 100 ms would be 15 and 0.1 mean task times of Pareto(1, β)
 * work, and the speculators would be looking at another system (docs/methods/policies.md,
 * "Production speculators"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "models/cluster.h"
#include "models/policies/kit.h"
#include "models/spec.h"

double pol_second(const struct cl_spec *spec, double typical_s)
{
    double mean = dist_mean(&spec->task_time);
    return spec->trace ? 1.0 : isfinite(mean) ? mean / typical_s : NAN;
}

bool pol_seconds_check(const struct cl_spec *spec, const struct policy *p, const double *param,
                       const double seconds[POL_MAX_PARAMS], double typical_s, char *msg,
                       size_t len)
{
    for (int i = 0; p->params[i].key; i++) {
        if (seconds[i] > 0 && isnan(param[i]) && isnan(pol_second(spec, typical_s))) {
            snprintf(msg, len, "%s = auto (%g s of the real system) needs a finite mean task "
                     "time (pareto beta > 1) or a trace to tell how long a second is; give %s "
                     "a time, e.g. %s = %g tmin", p->params[i].key, seconds[i],
                     p->params[i].key, p->params[i].key, seconds[i] / typical_s);
            return false;
        }
    }
    return true;
}

void pol_seconds_resolve(const struct cl_spec *spec, const struct policy *p, double *param,
                         const double seconds[POL_MAX_PARAMS], double typical_s)
{
    for (int i = 0; p->params[i].key; i++)
        if (seconds[i] > 0 && isnan(param[i]))
            param[i] = seconds[i] * pol_second(spec, typical_s);
}

/* ---------------------------------------------------------------- finished durations */

/* Job phase k's slice of the per-task arrays: its tasks' global indices. */
static int slice(const struct cluster *cl, int k)
{
    const struct cl_job *j = &cl->job[k / 2];
    return j->first_task + (k % 2 == CL_REDUCE ? j->nmap : 0);
}

int pol_finished_init(struct pol_finished *f, const struct cluster *cl, bool median)
{
    size_t n = 2 * (size_t)cl->njobs;
    f->since_release = median;
    f->count = calloc(n, sizeof *f->count);
    f->sum = calloc(n, sizeof *f->sum);
    f->proc_sum = calloc(n, sizeof *f->proc_sum);
    f->nlo = median ? calloc(n, sizeof *f->nlo) : NULL;
    f->lo = median ? malloc((size_t)cl->ntasks * sizeof *f->lo) : NULL;
    f->hi = median ? malloc((size_t)cl->ntasks * sizeof *f->hi) : NULL;
    bool ok = f->count && f->sum && f->proc_sum && (!median || (f->nlo && f->lo && f->hi));
    if (!ok)
        pol_finished_free(f);
    return ok ? 0 : -1;
}

void pol_finished_free(struct pol_finished *f)
{
    free(f->count);
    free(f->sum);
    free(f->proc_sum);
    free(f->nlo);
    free(f->lo);
    free(f->hi);
    *f = (struct pol_finished){0};
}

/* Binary heaps on h[0 .. n): sign +1 keeps the largest on top, -1 the smallest. */
static void heap_push(double *h, int n, double x, double sign)
{
    int i = n;
    while (i > 0 && sign * (x - h[(i - 1) / 2]) > 0) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = x;
}

static double heap_pop(double *h, int n, double sign)
{
    double top = h[0], x = h[n - 1];
    int i = 0;
    n--;
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && sign * (h[c + 1] - h[c]) > 0)
            c++;
        if (!(sign * (h[c] - x) > 0))
            break;
        h[i] = h[c];
        i = c;
    }
    if (n > 0)
        h[i] = x;
    return top;
}

void pol_finished_add(struct pol_finished *f, const struct cluster *cl, int task)
{
    int k = 2 * cl->task_job[task] + cl_task_phase(cl, task);
    double d = cl->now - (f->since_release ? cl->done_proc - cl->spec->launch_delay
                                           : cl->done_launch);
    f->sum[k] += d;
    f->proc_sum[k] += cl->now - cl->done_proc;
    int n = f->count[k]++;
    if (!f->lo)
        return;
    /* the lower half (a max-heap, nlo = ⌈n/2⌉ values) and the upper (a min-heap) */
    double *lo = f->lo + slice(cl, k), *hi = f->hi + slice(cl, k);
    int nlo = f->nlo[k], nhi = n - nlo;
    if (nlo == 0 || d <= lo[0])
        heap_push(lo, nlo++, d, 1.0);
    else
        heap_push(hi, nhi++, d, -1.0);
    if (nlo > nhi + 1) {
        heap_push(hi, nhi++, heap_pop(lo, nlo--, 1.0), -1.0);
    } else if (nhi > nlo) {
        heap_push(lo, nlo++, heap_pop(hi, nhi--, -1.0), 1.0);
    }
    f->nlo[k] = nlo;
}

double pol_finished_median(const struct pol_finished *f, const struct cluster *cl, int k,
                           bool upper)
{
    int n = f->count[k];
    if (n == 0)
        return NAN;
    const double *lo = f->lo + slice(cl, k), *hi = f->hi + slice(cl, k);
    if (n % 2)
        return lo[0];
    return upper ? hi[0] : 0.5 * (lo[0] + hi[0]);
}

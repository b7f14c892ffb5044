/* config_time — relative times and the inert-gate check. See config_time.h.
 *
 * The units are the scenario family's values before any per-job variation (job_spread,
 * beta_max, sigma_max, reduce_scale): `tmin` is workload.tmin, `mean` the family's E[T].
 * The gate check reads the tasks as the model makes them: replica 0's jobs (wl_jobs, as
 * `specmc cutoff` reads them), each phase of each job with its own family and scale. */
#include "engine/config/config_time.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/cluster.h"
#include "models/workload.h"

const char *cfg_unit_name(enum cfg_unit unit)
{
    return unit == CFG_UNIT_TMIN ? "tmin" : unit == CFG_UNIT_MEAN ? "mean" : "";
}

bool cfg_time_parse(const char *value, struct cfg_time *t)
{
    char *end;
    double x = strtod(value, &end);
    if (end == value || !isfinite(x))
        return false;
    while (*end == ' ' || *end == '\t')
        end++;
    enum cfg_unit unit = CFG_UNIT_NONE;
    if (!strcmp(end, "tmin"))
        unit = CFG_UNIT_TMIN;
    else if (!strcmp(end, "mean"))
        unit = CFG_UNIT_MEAN;
    else if (*end)
        return false;
    *t = (struct cfg_time){x, unit};
    return true;
}

bool cfg_unit_value(const struct cl_spec *sp, enum cfg_unit unit, double *out, char *msg,
                    size_t len)
{
    const struct dist *d = &sp->task_time;
    if (unit == CFG_UNIT_NONE) {
        *out = 1.0;
        return true;
    }
    if (sp->trace) {
        snprintf(msg, len, "'%s' is the task-time family's, which workload.trace rescales to "
                 "every job's own mean; give an absolute time", cfg_unit_name(unit));
        return false;
    }
    if (unit == CFG_UNIT_TMIN && d->kind != DIST_PARETO) {
        snprintf(msg, len, "'tmin' is the Pareto minimum workload.tmin, and task_time = %s has "
                 "none; use 'mean' or an absolute time", dist_kind_name(d->kind));
        return false;
    }
    *out = unit == CFG_UNIT_TMIN ? d->a : dist_mean(d);
    if (!isfinite(*out)) {
        snprintf(msg, len, "'mean' is the family's mean task time, infinite for pareto with "
                 "beta = %g <= 1; use 'tmin' or an absolute time", d->b);
        return false;
    }
    return true;
}

double cfg_time_default(const struct cl_spec *sp, const struct pol_param *pp)
{
    bool tmin = pp->kind == POL_TIME_TMIN && sp->task_time.kind == DIST_PARETO && !sp->trace;
    return tmin ? pp->def * sp->task_time.a : pp->def;
}

/* The share of the tasks of cl's jobs that pass a gate's bar shifted to x: processing time
 * T > x + m E, E the mean task time of the job's phase. */
static double share_passing(const struct cluster *cl, double x, double m)
{
    double sum = 0.0, n = 0.0;
    for (int j = 0; j < cl->njobs; j++) {
        const struct cl_job *job = &cl->job[j];
        int count[CL_PHASES] = {job->nmap, job->ntasks - job->nmap};
        for (int p = 0; p < CL_PHASES; p++)
            if (count[p] > 0) {
                double bar = x + m * job->task_work[p];
                sum += count[p] * (1.0 - dist_cdf(&job->dist[p], bar / job->scale[p]));
                n += count[p];
            }
    }
    return n > 0 ? sum / n : 0.0;
}

/* The x at which `share` of the tasks pass, given one (hi) at which fewer do: bisection down
 * to where every bar is at most 0 and all pass, the share being non-increasing in x. */
static double x_passed_by(const struct cluster *cl, double m, double share, double hi)
{
    double lo = 0.0;
    for (int j = 0; j < cl->njobs; j++)
        for (int p = 0; p < CL_PHASES; p++)
            lo = fmin(lo, -m * cl->job[j].task_work[p]);
    for (int i = 0; i < 200 && hi - lo > 1e-12 * fmax(fabs(hi), fabs(lo)); i++) {
        double mid = 0.5 * (lo + hi);
        if (share_passing(cl, mid, m) > share)
            lo = mid;
        else
            hi = mid;
    }
    return hi;
}

/* " (7.18 mean, 21.5 tmin)" for a time t, with the units the scenario has. */
static void in_units(const struct cl_spec *sp, double t, char *buf, size_t len)
{
    char why[256];
    size_t n = 0;
    buf[0] = '\0';
    for (enum cfg_unit u = CFG_UNIT_TMIN; u <= CFG_UNIT_MEAN; u++) {
        double v;
        if (cfg_unit_value(sp, u, &v, why, sizeof why) && n < len)
            n += (size_t)snprintf(buf + n, len - n, "%s%.3g %s", n ? ", " : " (", t / v,
                                  cfg_unit_name(u));
    }
    if (n > 0 && n < len)
        snprintf(buf + n, len - n, ")");
}

bool cfg_time_inert(const struct cl_spec *sp, uint64_t seed, struct pol_gate g, double value,
                    const char *what, const char *key, bool relative, bool auto_ok, char *msg,
                    size_t len)
{
    if (g.key < 0 || (g.x <= 0 && g.m <= 0))
        return false; /* every task passes */
    struct cluster cl; /* only its jobs: wl_jobs fills cl.job from cl.spec */
    memset(&cl, 0, sizeof cl);
    cl.spec = sp;
    cl.njobs = sp->jobs < CFG_INERT_JOBS ? sp->jobs : CFG_INERT_JOBS;
    cl.job = calloc((size_t)cl.njobs, sizeof *cl.job);
    bool inert = false;
    if (cl.job) {
        wl_jobs(&cl, seed, 0);
        double share = share_passing(&cl, g.x, g.m);
        inert = share < CFG_INERT_SHARE;
        if (inert) {
            /* the key moves x one for one: where it would reach CFG_INERT_SHARE of the tasks */
            double at = value + x_passed_by(&cl, g.m, CFG_INERT_SHARE, g.x) - g.x;
            char units[128], why[256], hint[200];
            in_units(sp, at, units, sizeof units);
            double v;
            /* a time given in units where `auto` would take its system's seconds */
            const char *or_auto = auto_ok && !relative ? "leave it auto (its system's constant "
                                  "in seconds of the real system) or " : "";
            if (!relative && cfg_unit_value(sp, CFG_UNIT_MEAN, &v, why, sizeof why))
                snprintf(hint, sizeof hint, "%sgive %s relative to the workload, e.g. '%s = 1 "
                         "mean'", or_auto, key, key);
            else if (!relative && cfg_unit_value(sp, CFG_UNIT_TMIN, &v, why, sizeof why))
                snprintf(hint, sizeof hint, "%sgive %s relative to the workload, e.g. '%s = 1 "
                         "tmin'", or_auto, key, key);
            else if (*or_auto)
                snprintf(hint, sizeof hint, "leave %s auto (its system's constant in seconds of "
                         "the real system) or choose a smaller value", key);
            else
                snprintf(hint, sizeof hint, "choose a smaller %s", key);
            snprintf(msg, len,
                     "%s: %s, and only %.2g%% of this scenario's tasks get that far (under %g%%): "
                     "the policy acts on almost none. %s reaches %g%% of them at %.4g%s; %s",
                     what, g.why, 100 * share, 100 * CFG_INERT_SHARE, key,
                     100 * CFG_INERT_SHARE, at, units, hint);
        }
    }
    free(cl.job);
    return inert;
}

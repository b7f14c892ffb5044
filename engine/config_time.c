/* config_time — relative times. See config_time.h.
 *
 * The units are the scenario family's values before any per-job variation (job_spread,
 * beta_max, sigma_max, reduce_scale): `tmin` is workload.tmin, `mean` the family's E[T]. */
#include "engine/config_time.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


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

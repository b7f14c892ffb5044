/* config_time — time-valued policy parameters: given relative to the workload ("0.3 tmin",
 * "20 mean") and resolved per scenario, and the check that a time does not leave a policy
 * nearly inert (docs/guide/config.md, "Times"). Part of the config module: engine/config/config.c parses
 * the files and reports with file and line; this file knows what the units are worth in a
 * scenario and how long its tasks run. */
#ifndef SPECMC_CONFIG_TIME_H
#define SPECMC_CONFIG_TIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/policy.h"
#include "models/spec.h"

enum cfg_unit {
    CFG_UNIT_NONE, /* model time units */
    CFG_UNIT_TMIN, /* x workload.tmin, the Pareto family's minimum */
    CFG_UNIT_MEAN  /* x the family's mean task time E[T] */
};

/* A time as written: a number and its unit. */
struct cfg_time {
    double x;
    enum cfg_unit unit;
};

/* The share of a scenario's tasks below which a gate makes a policy nearly inert. */
#define CFG_INERT_SHARE 0.01

/* The most jobs that share is counted over: plenty to place it against 1 %, and loading a
 * config then costs the same for workload.jobs = 10^8 as for 10^4 (about 2 MiB of jobs, drawn
 * before the run's memory is estimated). */
#define CFG_INERT_JOBS 10000

/* "tmin", "mean" ("" for CFG_UNIT_NONE). */
const char *cfg_unit_name(enum cfg_unit unit);

/* Split "0.3 tmin" into 0.3 and its unit (a space between them is optional); a plain number
 * has CFG_UNIT_NONE. False when value is not a number, alone or followed by a unit. */
bool cfg_time_parse(const char *value, struct cfg_time *t);

/* What one unit is worth in a scenario: the family's tmin or mean, before any per-job scale,
 * shape or phase. False, with the reason in msg, where it has none: tmin for a family other
 * than Pareto, mean when it is infinite, either with a trace (which rescales the family to
 * every job's own mean). */
bool cfg_unit_value(const struct cl_spec *sp, enum cfg_unit unit, double *out, char *msg,
                    size_t len);

/* A time parameter's default in a scenario: def, times tmin for a POL_TIME_TMIN parameter
 * where the tasks are generated from a Pareto family. */
double cfg_time_default(const struct cl_spec *sp, const struct pol_param *pp);

/* The gate check: a policy acts only on a task that passes the bar g (models/policy.h), which
 * the parameter `key`, of value `value`, moves one for one. When fewer than CFG_INERT_SHARE
 * of the scenario's tasks (those of replica 0's first CFG_INERT_JOBS jobs under `seed`) pass,
 * writes a warning into msg — `what` names the parameter and its value, `relative` says
 * whether it was given relative to the workload, `auto_ok` whether it takes `auto` and was
 * given a time instead — and returns true. */
bool cfg_time_inert(const struct cl_spec *sp, uint64_t seed, struct pol_gate g, double value,
                    const char *what, const char *key, bool relative, bool auto_ok, char *msg,
                    size_t len);

#endif

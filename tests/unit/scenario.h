/* scenario — helpers for hand-built test scenarios: a cl_spec with defaults, copy durations
 * from a table (task, copy) instead of the random streams, and one call that runs a policy
 * on it. Test code only. */
#ifndef SPECMC_TEST_SCENARIO_H
#define SPECMC_TEST_SCENARIO_H

#include <math.h>
#include <string.h>

#include "analysis/validate.h"
#include "models/cluster.h"
#include "models/policies/kit.h"
#include "models/replica.h"
#include "models/trace.h"

#define SC_MAX_TASKS 16
#define SC_MAX_COPIES 8

struct sc_durations {
    double d[SC_MAX_TASKS][SC_MAX_COPIES]; /* full duration T of copy k of task g */
    double other;                          /* for any copy not in the table */
};

static double sc_hook(void *ctx, int task, int copy)
{
    const struct sc_durations *t = ctx;
    if (task < SC_MAX_TASKS && copy < SC_MAX_COPIES && t->d[task][copy] > 0)
        return t->d[task][copy];
    return t->other;
}

/* A batch of `jobs` jobs with `tasks` tasks each on `slots` slots, Pareto(1, 1.5) as the
 * distribution the policies know, no deadline. */
static inline struct cl_spec sc_spec(int slots, int jobs, int tasks)
{
    return vd_spec(slots, jobs, tasks, (struct dist){DIST_PARETO, 1.0, 1.5});
}

/* Give sp `servers` servers of capacity 1 (CPU and memory) with `per` slots each (all its
 * slots), every job requesting of both a share drawn in [lo, hi] (lo = hi: that share). */
static inline void sc_servers(struct cl_spec *sp, int servers, int per, double lo, double hi)
{
    sp->servers = servers;
    sp->per_server = per;
    sp->slots = servers * per;
    sp->server_cpu = sp->server_mem = 1.0;
    sp->cpu_request = sp->mem_request = lo;
    sp->cpu_request_max = sp->mem_request_max = hi;
}

/* A spec whose jobs are given one by one (arrival, weight, map and reduce tasks, phase
 * means), as a trace gives them; the task-time family is deterministic with mean 1, so a
 * phase's mean is its scale. The trace must outlive the runs. */
static inline struct cl_spec sc_trace_spec(int slots, const struct tr_trace *tr)
{
    struct cl_spec sp = sc_spec(slots, tr->njobs, 1);
    sp.arrival = ARRIVAL_POISSON; /* arrivals come from the trace */
    sp.task_time = (struct dist){DIST_DETERMINISTIC, 1.0, 0.0};
    sp.trace = tr;
    return sp;
}

/* Defaults of a policy's parameter table, with overrides by key. */
static inline void sc_params(const struct policy *p, double *param, const char *key, double v)
{
    for (int i = 0; p->params[i].key; i++) {
        if (!key)
            param[i] = p->params[i].def;
        else if (!strcmp(p->params[i].key, key))
            param[i] = v;
    }
}

/* Mantri with its reports (models/policies/mantri.c, reports = 1): every time unit, a copy's
 * estimate only from its first; the margin 30 (the scenarios below were built on these). */
static inline void sc_mantri_reports(const struct policy *p, double *param)
{
    sc_params(p, param, "report_interval", 1.0);
    sc_params(p, param, "reports", 1);
    sc_params(p, param, "margin", 30);
}

/* Run a policy on a spec with scripted durations; returns the workspace (caller frees) whose
 * cluster holds the final state. */
static inline struct rep_workspace *sc_run_policy(const struct cl_spec *sp,
                                                  const struct policy *pol, const double *param,
                                                  struct sc_durations *dur, double out[M_COUNT],
                                                  int *rc)
{
    struct rep_workspace *ws = rep_workspace_new();
    struct cluster *cl = rep_cluster(ws);
    cl->duration_hook = dur ? sc_hook : NULL;
    cl->duration_ctx = dur;
    *rc = rep_run(ws, sp, pol, param, 1, 0, true, out);
    return ws;
}

/* The same, the policy by name. */
static inline struct rep_workspace *sc_run(const struct cl_spec *sp, const char *policy,
                                           const double *param, struct sc_durations *dur,
                                           double out[M_COUNT], int *rc)
{
    return sc_run_policy(sp, pol_find(policy), param, dur, out, rc);
}

#endif

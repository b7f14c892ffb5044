/* cutoff — seed 000's cut-off load λ^U (§4, eqs. 12–14) of a replica's jobs: the load below
 * which cloning pays (the light regime, SCA) and above which only detection does (ESE).
 *
 * The aggregates m̄, μ̄ and k (§4.3) are those of the jobs as the model generated them (or read
 * them from a trace): m_i tasks of Pareto scale tmin·scale_i. A two-phase job contributes each
 * phase with its own scale; m̄ counts all of a job's tasks. The formulas are
 * models/theory/xulau.c's; `specmc cutoff` prints them for replica 0 and the `regime` policy
 * switches on them. */
#ifndef SPECMC_CUTOFF_H
#define SPECMC_CUTOFF_H

#include <stddef.h>

#include "models/theory/xulau.h"

struct cluster;
struct cl_spec;

struct cutoff {
    struct xl_aggregate agg; /* m̄, μ̄, k of the jobs */
    struct xl_cutoff cut;    /* λ1, λ_t*, λ2, λ^U */
    double alpha;            /* the Pareto tail index of the task times */
};

/* Whether the scenario has one: Pareto task times with β > 1, one tail index for every job.
 * false with the reason in msg. */
bool cutoff_defined(const struct cl_spec *sp, char *msg, size_t len);

/* The cut-off of the jobs of a replica (cl after wl_reset) on cl's slots. 0; -1 when out of
 * memory; -2 when it is undefined (the jobs have no task). */
int cutoff_of_jobs(const struct cluster *cl, struct cutoff *out);

#endif

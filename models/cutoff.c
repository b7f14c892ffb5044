/* cutoff — seed 000's cut-off load of a replica's jobs (see cutoff.h). */
#include "models/cutoff.h"

#include <stdio.h>
#include <stdlib.h>

#include "models/cluster.h"
#include "models/workload.h"

bool cutoff_defined(const struct cl_spec *sp, char *msg, size_t len)
{
    if (sp->task_time.kind != DIST_PARETO || !(sp->task_time.b > 1)) {
        snprintf(msg, len, "the cut-off of seed 000 section 4 needs Pareto task times with "
                           "beta > 1 (workload.task_time = pareto)");
        return false;
    }
    if (dist_truncated(&sp->task_time)) {
        snprintf(msg, len, "the cut-off of seed 000 section 4 is for the unbounded Pareto law "
                           "(eqs. 12-14 take its closed-form moments), and workload.tmax "
                           "truncates it; unset workload.tmax");
        return false;
    }
    if (wl_own_shapes(sp)) {
        snprintf(msg, len, "the cut-off of seed 000 section 4 takes one tail index for every "
                           "job; here jobs have their own (unset workload.beta_max, or set "
                           "workload.trace_shape = family)");
        return false;
    }
    return true;
}

/* One entry per job and phase (m_i, μ_i), then m̄ per job. */
int cutoff_of_jobs(const struct cluster *cl, struct cutoff *out)
{
    int n = 2 * cl->njobs, rc = -1; /* out of memory until the arrays are there */
    int *m = malloc((size_t)n * sizeof *m);
    double *mu = malloc((size_t)n * sizeof *mu);
    if (m && mu) {
        for (int j = 0; j < cl->njobs; j++) {
            const struct cl_job *job = &cl->job[j];
            m[2 * j] = job->nmap;
            m[2 * j + 1] = job->ntasks - job->nmap;
            for (int p = 0; p < CL_PHASES; p++)
                mu[2 * j + p] = job->dist[p].a * job->scale[p];
        }
        out->alpha = cl->spec->task_time.b;
        int bad = xl_cutoff_aggregate(n, m, mu, &out->agg);
        out->agg.m_bar *= 2; /* per job and phase -> per job */
        bad = bad || xl_cutoff(out->alpha, out->agg.mu_bar, out->agg.k, out->agg.m_bar,
                               cl->spec->slots, &out->cut);
        rc = bad ? -2 : 0;
    }
    free(m);
    free(mu);
    return rc;
}

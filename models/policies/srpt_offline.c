/* srpt-offline — the offline scheduling algorithm for a batch of jobs (seed 002 §IV-A,
 * Algorithm 1).
 *
 * Every job's total effective workload φ_i = m_i(E^m + rσ^m) + r_i(E^r + rσ^r) (eq. 2) is
 * fixed at its arrival; jobs are served in decreasing w_i/φ_i (ties: earlier arrival). A
 * free machine takes an unlaunched task of the highest-priority job that has one — map tasks
 * before reduce tasks; a reduce task launched before its map phase ends holds its machine
 * and waits (§IV-A). One copy per task: with more tasks than machines cloning cannot help
 * (§IV, citing [3]). Built for batch arrivals (workload.arrival = batch), where Theorem 1
 * and Remark 2 bound each job's flowtime by E^r + rσ^r + f_i^s/M; with Poisson arrivals it
 * still runs, as a static-priority list scheduler.
 *
 * Cost (docs/guide/performance.md, The papers' scale): the ranking is fixed, so a decision needs only
 * the arrived jobs with a task never launched, first in rank order: a heap of their places in
 * the ranking, which a job joins when it arrives and leaves once its last task is launched
 * (for good: tasks are launched once). A decision starts the first job's tasks until the slots
 * run out, as the walk down the ranking did, which passed over jobs not arrived yet and jobs
 * with every task launched, and stopped with the slots. With requests drawn per job, a job
 * whose copy fits no server holds the jobs after it back, or with cluster.backfill is set
 * aside for the decision (models/cluster.h) and goes back on the heap after it. */
#include <math.h>
#include <stdlib.h>

#include "models/cluster.h"
#include "models/policies/kit.h"
#include "models/spec.h"

enum { OFFLINE_R };

struct offline {
    double r;              /* weight of the standard deviation in φ_i */
    struct pol_ranking rk; /* every job by decreasing w_i / φ_i (fixed) */
    int *place;            /* per job: its place in rk */
    int *ready;            /* heap of the places of the arrived jobs with a task to launch */
    int nready;
    int *aside;            /* places passed over in one decision (drawn requests, backfill) */
};

static int offline_init(struct cluster *cl, void *st, const double *param)
{
    struct offline *p = st;
    p->r = param[OFFLINE_R];
    p->rk = (struct pol_ranking){0};
    size_t jobs = (size_t)(cl->njobs > 0 ? cl->njobs : 1);
    p->place = malloc(jobs * sizeof *p->place);
    p->ready = malloc(jobs * sizeof *p->ready);
    p->aside = malloc(jobs * sizeof *p->aside);
    if (!p->place || !p->ready || !p->aside || pol_rank_reserve(&p->rk, cl->njobs))
        return -1;
    for (int i = 0; i < cl->njobs; i++)
        p->rk.r[i] = (struct pol_rank){-cl->job[i].weight /
                                        pol_effective_work(&cl->job[i], cl->job[i].nmap,
                                                           cl->job[i].ntasks - cl->job[i].nmap,
                                                           p->r), i};
    p->rk.n = cl->njobs;
    pol_rank_sort(&p->rk);
    for (int i = 0; i < p->rk.n; i++)
        p->place[p->rk.r[i].job] = i;
    return 0;
}

static inline bool earlier(const void *ctx, int a, int b)
{
    (void)ctx;
    return a < b;
}

static void offline_arrival(struct cluster *cl, void *st, int job)
{
    struct offline *p = st;
    if (cl->job[job].next_unstarted < cl->job[job].ntasks)
        pol_heap_push(p->ready, NULL, p->nready++, p->place[job], earlier, NULL);
}

static void offline_slot_free(struct cluster *cl, void *st)
{
    struct offline *p = st;
    int naside = 0;
    while (p->nready > 0 && cl->nfree > 0) {
        int job = p->rk.r[p->ready[0]].job;
        pol_start_job(cl, job);
        if (cl->job[job].next_unstarted == cl->job[job].ntasks)
            pol_heap_pop(p->ready, NULL, p->nready--, earlier, NULL);
        else if (pol_holds(cl, job))
            break;
        else /* passed over */
            p->aside[naside++] = pol_heap_pop(p->ready, NULL, p->nready--, earlier, NULL);
    }
    while (naside > 0)
        pol_heap_push(p->ready, NULL, p->nready++, p->aside[--naside], earlier, NULL);
}

static void offline_free(void *st)
{
    struct offline *p = st;
    pol_rank_free(&p->rk);
    free(p->place);
    free(p->ready);
    free(p->aside);
}

static bool offline_check(const struct cl_spec *spec, const double *param, char *msg, size_t len)
{
    return pol_check_finite_sd(spec, param[OFFLINE_R], msg, len);
}

static const struct pol_param offline_params[] = {
    [OFFLINE_R] = {.key = "r", .def = 3, .min = 0, .max = 1e6,
                   .doc = "phi_i = tasks x (E + r SD) per phase (002 eq. 2)"},
    {0},
};

const struct policy pol_srpt_offline = {
    .name = "srpt-offline",
    .summary = "offline batch scheduler: jobs by w/phi (phi = tasks x (E + r SD)), no copies",
    .source = "seed 002 §IV-A, Algorithm 1",
    .params = offline_params,
    .state_size = sizeof(struct offline),
    .check = offline_check,
    .init = offline_init,
    .on_arrival = offline_arrival,
    .on_slot_free = offline_slot_free,
    .free = offline_free,
    .events_per_second = 2.3e7,
    .memory = {0, 0, sizeof(struct pol_rank) + 3 * sizeof(int)},
};

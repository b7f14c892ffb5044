/* registry — every policy specmc ships, in one table (as Lua's linit.c), and the helpers
 * shared by several policies. Adding a policy (whole, job scheduler or speculator: its
 * `role`): write models/policies/NAME.c defining `const struct policy pol_NAME`, declare it
 * here, add it to the table, document it in docs/methods/policies.md and the README's table. A new
 * scheduler or speculator pairs with every one of the other kind (models/policies/pair.c). */
#include "models/policies/kit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/cluster.h"

extern const struct policy pol_fifo, pol_psrpt, pol_fair, pol_hadoop_s, pol_mantri, pol_late,
    pol_clone, pol_s_restart, pol_s_resume, pol_srptms, pol_srpt_offline, pol_sca, pol_ese,
    pol_ese_detect, pol_regime, pol_dolly, pol_hopper, pol_hopper_dag, pol_hadoop2, pol_spark,
    pol_threshold;

const struct policy *const pol_registry[] = {
    &pol_fifo,       &pol_psrpt,       &pol_fair,      &pol_hadoop_s, &pol_mantri,
    &pol_late,       &pol_hadoop2,     &pol_spark,     &pol_threshold, &pol_clone,
    &pol_s_restart,  &pol_s_resume,    &pol_srptms,    &pol_srpt_offline, &pol_sca,
    &pol_ese,        &pol_ese_detect,  &pol_regime,    &pol_dolly,    &pol_hopper,
    &pol_hopper_dag,
};
const size_t pol_registry_count = sizeof pol_registry / sizeof pol_registry[0];

const struct policy *pol_find(const char *name)
{
    for (size_t i = 0; i < pol_registry_count; i++)
        if (strcmp(pol_registry[i]->name, name) == 0)
            return pol_registry[i];
    return NULL;
}

size_t pol_param_count(const struct policy *p)
{
    size_t n = 0;
    while (p->params && p->params[n].key)
        n++;
    return n;
}

int pol_per_job_param(const struct policy *p)
{
    for (int i = 0; p->params && p->params[i].key; i++)
        if (p->params[i].auto_per_job)
            return i;
    return -1;
}

const char *const pol_no_yes[] = {"no", "yes", NULL};

const char *pol_param_name(const struct pol_param *pp, double v)
{
    if (!pp->names || !(v >= 0 && v <= pp->max) || v != floor(v))
        return NULL;
    return pp->names[(int)v];
}

void *pol_grow(void *p, int *cap, size_t size)
{
    int n = *cap ? 2 * *cap : 1024;
    void *q = realloc(p, (size_t)n * size);
    if (!q)
        abort(); /* as cl_set_timer: nothing sensible is left to do */
    *cap = n;
    return q;
}

double pol_next_beat(const struct cluster *cl, double period)
{
    if (cl_idle(cl) && cl->narrived < cl->njobs) /* an arrival now is still to be processed */
        return cl_beat_after(cl->now, period, cl->job[cl->narrived].arrival);
    return cl->now + period;
}

int pol_start_fifo(struct cluster *cl, int copies)
{
    int started = 0;
    if (!cl->drawn) {
        while (cl->nfree > 0 && cl->pend_head >= 0) {
            cl_start_next_task(cl, cl->pend_head, copies);
            started++;
        }
        return started;
    }
    for (int job = cl->pend_head; job >= 0 && cl->nfree > 0;) {
        int next = cl->job[job].pend_next; /* kept when the job leaves the pending list */
        while (cl->job[job].next_unstarted < cl->job[job].ntasks && cl_fits(cl, job)) {
            cl_start_next_task(cl, job, copies);
            started++;
        }
        if (pol_holds(cl, job))
            break; /* it holds the others back, or none would fit either */
        job = next;
    }
    return started;
}

int pol_fifo_next(const struct cluster *cl)
{
    if (!cl->drawn)
        return cl->nfree > 0 ? cl->pend_head : -1;
    for (int job = cl->pend_head; job >= 0; job = cl->job[job].pend_next) {
        if (cl_fits(cl, job))
            return job;
        if (!cl_passed_over(cl, job))
            return -1;
    }
    return -1;
}

bool pol_holds(const struct cluster *cl, int job)
{
    return cl->job[job].next_unstarted < cl->job[job].ntasks && !cl_fits(cl, job) &&
           !cl_passed_over(cl, job);
}

int pol_start_job(struct cluster *cl, int job)
{
    int started = 0;
    while (cl->job[job].next_unstarted < cl->job[job].ntasks && cl_fits(cl, job)) {
        cl_start_next_task(cl, job, 1);
        started++;
    }
    return started;
}

void pol_launch_ranked(struct cluster *cl, const struct pol_ranking *rk)
{
    for (int i = 0; i < rk->n && cl->nfree > 0; i++) {
        int job = cl->task_job[rk->r[i].job];
        if (cl_passed_over(cl, job))
            continue;
        if (!cl_fits(cl, job))
            break;
        cl_launch_copy(cl, rk->r[i].job, 0.0);
    }
}

int pol_best_copy(const struct cluster *cl, int task,
                  double (*key)(const struct cluster *cl, int slot))
{
    int best = -1;
    double best_key = 0.0;
    for (int s = cl->task_head[task]; s >= 0; s = cl->slot_next[s]) {
        double k = key(cl, s);
        if (best < 0 || k > best_key || (k == best_key && cl->slot_copy[s] < cl->slot_copy[best])) {
            best = s;
            best_key = k;
        }
    }
    return best;
}

double pol_key_earliest_end(const struct cluster *cl, int slot)
{
    double end = cl_est_end(cl, slot);
    return isnan(end) ? -INFINITY : -end;
}

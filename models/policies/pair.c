/* pair — a job scheduler and a speculator run together (`[policy] list = fair+late`), and the
 * one way the engine calls any policy (pol_call_*, models/policy.h; the event loop's calls
 * are inline there, and come here, pol_pair_*, only for a pair or a lone speculator).
 *
 * A pair, or a speculator listed alone (which runs beside fifo), keeps both halves' states in
 * one block — the scheduler's first, the speculator's at the next 16-byte boundary — and both
 * parameter tables in one — the scheduler's first. The rules of who gets a free slot, who
 * hears what, and who owns the timers are in models/policy.h and docs/methods/policies.md. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/cluster.h"
#include "models/policies/kit.h"

extern const struct policy pol_fifo;

/* A pair as pol_pair_new builds it: the policy first, so that a pointer to it is one to the
 * whole. */
struct pair {
    struct policy pol;
    struct pol_param params[POL_MAX_PARAMS + 1];
    char name[64], summary[256], source[512];
};

/* The halves of a pair, or of a speculator listed alone: fifo and it. */
struct halves {
    const struct policy *sched, *spec;
};

static struct halves halves(const struct policy *p)
{
    return p->half[0] ? (struct halves){p->half[0], p->half[1]} : (struct halves){&pol_fifo, p};
}

/* The halves of p, or false when p runs alone (whole, or a scheduler). */
static bool halves_of(const struct policy *p, struct halves *h)
{
    if (pol_alone(p))
        return false;
    *h = halves(p);
    return true;
}

static size_t spec_offset(const struct halves *h)
{
    return (h->sched->state_size + 15) / 16 * 16;
}

static void *spec_state(const struct halves *h, void *st)
{
    return h->spec->state_size ? (char *)st + spec_offset(h) : NULL;
}

static void *sched_state(const struct halves *h, void *st)
{
    return h->sched->state_size ? st : NULL;
}

const struct policy *pol_pair_new(const struct policy *sched, const struct policy *spec,
                                  const char *name, char *msg, size_t len)
{
    if (sched->role != POL_SCHEDULER || spec->role != POL_SPECULATOR || spec->half[0]) {
        snprintf(msg, len, "'%s' is not a %s", sched->role != POL_SCHEDULER ? sched->name : spec->name,
                 sched->role != POL_SCHEDULER ? "job scheduler" : "speculator");
        return NULL;
    }
    size_t ns = pol_param_count(sched), np = pol_param_count(spec);
    if (ns + np > POL_MAX_PARAMS) {
        snprintf(msg, len, "'%s' and '%s' have %zu parameters together, more than %d", sched->name,
                 spec->name, ns + np, POL_MAX_PARAMS);
        return NULL;
    }
    for (size_t i = 0; i < ns; i++)
        for (size_t j = 0; j < np; j++)
            if (!strcmp(sched->params[i].key, spec->params[j].key)) {
                snprintf(msg, len, "'%s' and '%s' both have a parameter '%s'", sched->name,
                         spec->name, spec->params[j].key);
                return NULL;
            }
    if (pol_per_job_param(sched) >= 0 && pol_per_job_param(spec) >= 0) {
        snprintf(msg, len, "'%s' and '%s' both choose a parameter per job", sched->name,
                 spec->name);
        return NULL;
    }
    struct pair *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(msg, len, "out of memory");
        return NULL;
    }
    memcpy(p->params, sched->params, ns * sizeof *p->params);
    memcpy(p->params + ns, spec->params, np * sizeof *p->params);
    snprintf(p->name, sizeof p->name, "%s", name);
    snprintf(p->summary, sizeof p->summary, "job scheduler %s with speculator %s", sched->name,
             spec->name);
    snprintf(p->source, sizeof p->source, "%s: %s; %s: %s", sched->name, sched->source,
             spec->name, spec->source);
    struct halves h = {sched, spec};
    double eps = fmin(sched->events_per_second, spec->events_per_second);
    p->pol = (struct policy){
        .name = p->name,
        .summary = p->summary,
        .source = p->source,
        .params = p->params,
        .state_size = spec_offset(&h) + spec->state_size,
        .heartbeat = spec->heartbeat,
        .memory = {sched->memory.task + spec->memory.task, sched->memory.slot + spec->memory.slot,
                   sched->memory.job + spec->memory.job},
        .events_per_second = eps > 0 ? eps : fmax(sched->events_per_second,
                                                   spec->events_per_second),
        .role = POL_WHOLE,
        .half = {sched, spec},
    };
    return &p->pol;
}

void pol_pair_free(const struct policy *p)
{
    if (p && p->half[0])
        free((struct pair *)(void *)p);
}

const struct policy *pol_half_of(const struct policy *p, const char *name, int *first_param)
{
    struct halves h;
    *first_param = 0;
    if (!strcmp(p->name, name) && !p->half[0])
        return p;
    if (!halves_of(p, &h))
        return NULL;
    if (!strcmp(h.sched->name, name))
        return h.sched;
    if (!strcmp(h.spec->name, name)) {
        *first_param = (int)pol_param_count(h.sched);
        return h.spec;
    }
    return NULL;
}

const struct policy *pol_param_half(const struct policy *p, int i)
{
    struct halves h;
    if (!halves_of(p, &h))
        return p;
    return i < (int)pol_param_count(h.sched) ? h.sched : h.spec;
}

size_t pol_state_size(const struct policy *p)
{
    struct halves h;
    if (p->half[0] || !halves_of(p, &h))
        return p->state_size;
    return spec_offset(&h) + h.spec->state_size;
}

/* ---------------------------------------------------------------- before the replicas */

/* The index of the speculator's `order` parameter (POL_PARAM_ORDER), -1 if it has none. */
static int order_param(const struct policy *spec)
{
    for (int i = 0; spec->params[i].key; i++)
        if (!strcmp(spec->params[i].key, "order"))
            return i;
    return -1;
}

/* Job by job is FIFO's order, which only fifo keeps. */
static bool check_order(const struct halves *h, const double *param, char *msg, size_t len)
{
    int i = order_param(h->spec);
    if (i < 0 || param[i] != POL_ORDER_JOBS || h->sched == &pol_fifo)
        return true;
    snprintf(msg, len, "%s's order = by-job (1) serves jobs in arrival order, which only fifo "
             "keeps; beside %s give order = tasks-first (0) or copies-first (2), or leave it "
             "auto", h->spec->name, h->sched->name);
    return false;
}

bool pol_call_check(const struct policy *p, const struct cl_spec *spec, const double *param,
                    char *msg, size_t len)
{
    struct halves h;
    if (!halves_of(p, &h))
        return !p->check || p->check(spec, param, msg, len);
    if (!check_order(&h, param + pol_param_count(h.sched), msg, len))
        return false;
    return (!h.sched->check || h.sched->check(spec, param, msg, len)) &&
           (!h.spec->check || h.spec->check(spec, param + pol_param_count(h.sched), msg, len));
}

void pol_call_resolve(const struct policy *p, const struct cl_spec *spec, double *param)
{
    struct halves h;
    if (!halves_of(p, &h)) {
        if (p->resolve)
            p->resolve(spec, param);
        return;
    }
    pol_call_resolve(h.sched, spec, param);
    double *sp = param + pol_param_count(h.sched);
    if (h.spec->resolve)
        h.spec->resolve(spec, sp);
    int i = order_param(h.spec);
    if (i >= 0 && isnan(sp[i]))
        sp[i] = h.sched == &pol_fifo ? POL_ORDER_JOBS : POL_ORDER_TASKS;
}

/* A pair's bar is its speculator's (a scheduler acts on every task), its key moved to the
 * pair's table. */
struct pol_gate pol_call_gate(const struct policy *p, const struct cl_spec *spec,
                              const double *param)
{
    struct halves h;
    const struct policy *g = halves_of(p, &h) ? h.spec : p;
    int first = g == p ? 0 : (int)pol_param_count(h.sched);
    if (!g->gate)
        return (struct pol_gate){.key = -1};
    struct pol_gate gate = g->gate(spec, param + first);
    if (gate.key >= 0)
        gate.key += first;
    return gate;
}

int pol_call_attempts(const struct policy *p, const double *param)
{
    struct halves h;
    if (halves_of(p, &h))
        return 1; /* neither half launches more than one copy of a task at its start */
    return p->attempts ? p->attempts(param) : 1;
}

struct pol_tail pol_call_tail(const struct policy *p, const struct cl_spec *spec,
                              const double *param)
{
    struct halves h;
    if (!halves_of(p, &h) && p->role == POL_SCHEDULER)
        return (struct pol_tail){0, POL_TAIL_NEVER, 1}; /* one attempt per task, no copy */
    const struct policy *t = halves_of(p, &h) ? h.spec : p; /* a pair's copies: its speculator's */
    int first = t == p ? 0 : (int)pol_param_count(h.sched);
    return t->tail ? t->tail(spec, param + first) : (struct pol_tail){0, POL_TAIL_NEVER, 0};
}

/* ---------------------------------------------------------------- a replica */

int pol_call_init(const struct policy *p, struct cluster *cl, void *st, const double *param)
{
    struct halves h;
    if (!halves_of(p, &h))
        return p->init ? p->init(cl, st, param) : 0;
    if (h.sched->init && h.sched->init(cl, sched_state(&h, st), param))
        return -1;
    return h.spec->init ? h.spec->init(cl, spec_state(&h, st), param + pol_param_count(h.sched))
                        : 0;
}

void pol_pair_arrival(const struct policy *p, struct cluster *cl, void *st, int job)
{
    struct halves h = halves(p);
    if (h.sched->on_arrival)
        h.sched->on_arrival(cl, sched_state(&h, st), job);
    if (h.spec->on_arrival)
        h.spec->on_arrival(cl, spec_state(&h, st), job);
}

/* The scheduler fills the slots it wants (all of them, or job's waiting tasks when job >=
 * 0: fifo's, POL_ORDER_JOBS); the copies it launched are the free stack's top entries it
 * popped, newest last (cl_start_next_task). */
static void schedule(const struct halves *h, struct cluster *cl, void *st, int job)
{
    int before = cl->nfree;
    if (job >= 0)
        pol_start_job(cl, job);
    else
        h->sched->on_slot_free(cl, sched_state(h, st));
    if (h->spec->on_launch)
        for (int i = before - 1; i >= cl->nfree; i--)
            h->spec->on_launch(cl, spec_state(h, st), cl->free_stack[i]);
}

/* POL_ORDER_JOBS beside fifo: the copies of the jobs before fifo's next (the oldest with a
 * task never launched), then that job's tasks, and again, until the slots or the asks run
 * out: a job's copies come after its own waiting tasks and before a later job's. With
 * requests drawn per job, when that job's next task fits no server it holds back everything
 * after it, or with cluster.backfill the rest goes in the tasks-first order: fifo's tasks that
 * fit, then the speculator's copies (models/cluster.h). */
static void by_job(const struct halves *h, struct cluster *cl, void *st)
{
    void *sst = spec_state(h, st);
    while (cl->nfree > 0) {
        int next = cl->pend_head;
        h->spec->copies_before(cl, sst, next >= 0 ? next : cl->narrived);
        if (next < 0 || cl->nfree == 0)
            return;
        schedule(h, cl, st, next);
        if (cl->nfree > 0 && pol_holds(cl, next))
            return;
        if (cl->nfree > 0 && cl->pend_head == next) { /* passed over */
            schedule(h, cl, st, -1);
            if (cl->nfree > 0 && h->spec->on_slot_free)
                h->spec->on_slot_free(cl, sst);
            return;
        }
    }
}

void pol_pair_slot_free(const struct policy *p, struct cluster *cl, void *st)
{
    struct halves h = halves(p);
    void *sst = spec_state(&h, st);
    enum pol_order order = h.spec->order ? h.spec->order(sst) : POL_ORDER_TASKS;
    if (order == POL_ORDER_JOBS && h.sched == &pol_fifo) {
        by_job(&h, cl, st);
        return;
    }
    if (order == POL_ORDER_COPIES && h.spec->on_slot_free)
        h.spec->on_slot_free(cl, sst);
    if (cl->nfree > 0)
        schedule(&h, cl, st, -1);
    if (order != POL_ORDER_COPIES && cl->nfree > 0 && h.spec->on_slot_free)
        h.spec->on_slot_free(cl, sst);
}

void pol_pair_tick(const struct policy *p, struct cluster *cl, void *st)
{
    struct halves h = halves(p);
    if (h.sched->on_tick)
        h.sched->on_tick(cl, sched_state(&h, st));
    if (h.spec->on_tick)
        h.spec->on_tick(cl, spec_state(&h, st));
}

void pol_pair_timer(const struct policy *p, struct cluster *cl, void *st, int tag, int32_t arg)
{
    struct halves h = halves(p);
    if (h.spec->on_timer)
        h.spec->on_timer(cl, spec_state(&h, st), tag, arg);
}

void pol_pair_copy_done(const struct policy *p, struct cluster *cl, void *st, int task)
{
    struct halves h = halves(p);
    if (h.sched->on_copy_done)
        h.sched->on_copy_done(cl, sched_state(&h, st), task);
    if (h.spec->on_copy_done)
        h.spec->on_copy_done(cl, spec_state(&h, st), task);
}

void pol_call_free(const struct policy *p, void *st)
{
    struct halves h;
    if (!halves_of(p, &h)) {
        if (p->free)
            p->free(st);
        return;
    }
    if (h.sched->free)
        h.sched->free(sched_state(&h, st));
    if (h.spec->free)
        h.spec->free(spec_state(&h, st));
}

const char *pol_state_doc(const struct policy *p)
{
    struct halves h;
    if (!halves_of(p, &h))
        return p->state ? p->state_doc : NULL;
    return h.spec->state ? h.spec->state_doc : h.sched->state ? h.sched->state_doc : NULL;
}

double pol_call_state(const struct policy *p, const struct cluster *cl, void *st, double t)
{
    struct halves h;
    if (!halves_of(p, &h))
        return p->state ? p->state(cl, st, t) : NAN;
    if (h.spec->state)
        return h.spec->state(cl, spec_state(&h, st), t);
    return h.sched->state ? h.sched->state(cl, sched_state(&h, st), t) : NAN;
}

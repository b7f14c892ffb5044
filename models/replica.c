/* replica — the event loop of one replica (see replica.h).
 *
 * Time advances to the earliest of: the next copy end, the next policy timer, the next job
 * arrival, the next scheduling tick. Everything that happens at one instant is processed
 * before the policy decides, in this order: copy ends (lowest slot first), timers (in the
 * order they were set), arrivals (job order), the tick. The policy is then asked to fill
 * free slots — at every instant when the scheduling interval is 0, only at ticks (t = kΔ,
 * k = 0, 1, ...) otherwise. Events created for the current instant (a timer set for now)
 * run in the next pass of the loop at the same time. While the cluster is idle (every job
 * that has arrived is done) the ticks before the next arrival or timer are skipped: they would
 * find nothing to decide, and the results are those of running them, bit for bit. A time
 * series of the policy's state (rep_series) is read between instants: before moving to the
 * next instant t, every sample time below t reads the state as it is. */
#include "models/replica.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/cluster.h"
#include "models/workload.h"

struct rep_workspace {
    struct cluster cl;       /* replica state, arrays reused; its memo kept across replicas */
    double *scratch;         /* per-job scratch for quantiles */
    int scratch_cap;
    void *state;             /* policy state */
    size_t state_cap;
    const double *series_at; /* rep_series: the sample times, nseries of them */
    int nseries;
    bool series_from_arrival; /* the times count from the first job's arrival, else from 0 */
    double *series;          /* [nseries]: the last replica's values */
    int series_cap;
};

/* The samples of a replica's series still to take. */
struct sampler {
    const double *at;
    int n, next;   /* at[next] is the next sample's time, from origin */
    double origin; /* the first job's arrival, or 0 */
    double due;    /* origin + at[next], INFINITY when none is left */
    double *out;
};

struct rep_workspace *rep_workspace_new(void)
{
    struct rep_workspace *ws = calloc(1, sizeof(struct rep_workspace));
    if (ws)
        ws->cl.memo = pol_memo_new(); /* NULL (no memory) only costs time */
    return ws;
}

void rep_workspace_free(struct rep_workspace *ws)
{
    if (!ws)
        return;
    pol_memo_free(ws->cl.memo);
    cl_free(&ws->cl);
    free(ws->scratch);
    free(ws->state);
    free(ws->series);
    free(ws);
}

double rep_memory(const struct cl_spec *spec, double tasks, const struct policy *pol)
{
    double leaves = 1;
    while (leaves < spec->slots)
        leaves *= 2;
    struct cluster *cl = NULL; /* for the element sizes only */
    double per_task = sizeof *cl->task_job + sizeof *cl->task_copies + sizeof *cl->task_running +
                      sizeof *cl->task_head + sizeof *cl->task_end + sizeof *cl->task_start +
                      sizeof *cl->task_done + sizeof *cl->task_size + sizeof *cl->task_rng;
    double per_leaf = sizeof *cl->slot_task + sizeof *cl->slot_copy + sizeof *cl->slot_next +
                      sizeof *cl->slot_start + sizeof *cl->slot_end + sizeof *cl->slot_offset +
                      sizeof *cl->slot_work + sizeof *cl->slot_proc + sizeof *cl->slot_noise +
                      sizeof *cl->slot_feed +
                      sizeof *cl->free_stack + 2 * (sizeof *cl->end_tree + sizeof *cl->end_key);
    double per_job = sizeof *cl->job + sizeof(double) /* scratch */;
    return tasks * (per_task + pol->memory.task) + leaves * per_leaf +
           spec->slots * pol->memory.slot + spec->jobs * (per_job + pol->memory.job) +
           (pol->params && pol_per_job_param(pol) >= 0 ? 3.4e6 : 0.0);
}

struct cluster *rep_cluster(struct rep_workspace *ws)
{
    return &ws->cl;
}

struct rep_totals rep_last_totals(const struct rep_workspace *ws)
{
    return (struct rep_totals){ws->cl.task_events, ws->cl.copies, ws->cl.kills, ws->cl.now};
}

int rep_series(struct rep_workspace *ws, const double *at, int n, bool from_arrival)
{
    if (n > ws->series_cap) {
        double *p = realloc(ws->series, (size_t)n * sizeof *p);
        if (!p)
            return REP_NOMEM;
        ws->series = p;
        ws->series_cap = n;
    }
    ws->series_at = at;
    ws->nseries = n;
    ws->series_from_arrival = from_arrival;
    return REP_OK;
}

const double *rep_series_values(const struct rep_workspace *ws)
{
    return ws->series;
}

/* Every sample due before t: the state as it is now (NaN with no arrived job unfinished). */
static void sample_before(const struct cluster *cl, const struct policy *pol, void *st,
                          struct sampler *sm, double t)
{
    while (sm->due < t) {
        sm->out[sm->next] = cl->ndone < cl->narrived ? pol_call_state(pol, cl, st, sm->due) : NAN;
        sm->due = ++sm->next < sm->n ? sm->origin + sm->at[sm->next] : INFINITY;
    }
}

static int prepare(struct rep_workspace *ws, const struct cl_spec *spec, size_t state_size)
{
    if (spec->jobs > ws->scratch_cap) {
        double *p = realloc(ws->scratch, (size_t)spec->jobs * sizeof *p);
        if (!p)
            return REP_NOMEM;
        ws->scratch = p;
        ws->scratch_cap = spec->jobs;
    }
    if (state_size > ws->state_cap) {
        void *p = realloc(ws->state, state_size);
        if (!p)
            return REP_NOMEM;
        ws->state = p;
        ws->state_cap = state_size;
    }
    if (state_size)
        memset(ws->state, 0, state_size);
    return REP_OK;
}

/* The first tick k dt >= t, k >= *ticks (tick k at (double)k * dt, as the loop computes it),
 * and k into *ticks. */
static double tick_at_or_after(double t, double dt, int64_t *ticks)
{
    if (!(t < INFINITY))
        return (double)*ticks * dt;
    double k = fmax((double)*ticks, ceil(t / dt)); /* below 2^53: config.c checks the ticks */
    while (k > (double)*ticks && (k - 1) * dt >= t)
        k--;
    while (k * dt < t)
        k++;
    *ticks = (int64_t)k;
    return k * dt;
}

static int run_events(struct cluster *cl, const struct policy *pol, void *st,
                      struct sampler *sm)
{
    const double dt = cl->spec->interval;
    int64_t ticks = 0; /* ticks done */
    double next_tick = dt > 0 ? 0.0 : INFINITY;
    int next_job = 0;
    uint64_t instants = 0;

    while (cl->ndone < cl->njobs) {
        double t_arr = next_job < cl->njobs ? cl->job[next_job].arrival : INFINITY;
        if (next_tick < t_arr && cl_idle(cl)) /* no tick can do anything before the next event */
            next_tick = tick_at_or_after(cl_min(t_arr, cl_next_timer(cl)), dt, &ticks);
        double t = cl_min(cl_min(cl_next_end(cl), cl_next_timer(cl)), cl_min(t_arr, next_tick));
        if (sm->due < t)
            sample_before(cl, pol, st, sm, t);
        if (t == INFINITY)
            return REP_STALL;
        cl_advance(cl, t);

        while (cl_next_end(cl) == t) {
            int task = cl_complete(cl, cl_next_end_slot(cl));
            pol_call_copy_done(pol, cl, st, task);
        }
        while (cl_next_timer(cl) == t) {
            struct cl_timer tm;
            cl_pop_timer(cl, &tm);
            pol_call_timer(pol, cl, st, tm.tag, tm.arg);
        }
        if (t_arr == t) /* most instants are a copy's end: no arrival to look for */
            do {
                cl_arrive(cl, next_job);
                pol_call_arrival(pol, cl, st, next_job);
                next_job++;
            } while (next_job < cl->njobs && cl->job[next_job].arrival == t);
        bool decide = dt == 0;
        if (next_tick == t) {
            next_tick = (double)++ticks * dt;
            pol_call_tick(pol, cl, st);
            decide = true;
        }
        if (decide && cl->nfree > 0) {
            pol_call_slot_free(pol, cl, st);
            if (cl->nfree == cl->nslots && cl->ntimers == 0 && next_job == cl->njobs &&
                cl->ndone < cl->njobs)
                return REP_STALL;
        }
        CL_ASSERT(cl->orphans == 0);
#ifdef SPECMC_CHECK
        if ((++instants & 1023u) == 0)
            cl_check(cl);
#else
        (void)instants;
#endif
    }
    sample_before(cl, pol, st, sm, INFINITY);
    cl_check(cl);
    return REP_OK;
}

int rep_run(struct rep_workspace *ws, const struct cl_spec *spec, const struct policy *pol,
            const double *param, uint64_t seed, uint64_t replica, bool quantiles,
            double out[M_COUNT])
{
    struct cluster *cl = &ws->cl;
    size_t size = pol_state_size(pol);
    int rc = prepare(ws, spec, size);
    if (rc != REP_OK)
        return rc;
    if (wl_reset(cl, spec, seed, replica))
        return REP_NOMEM;
    void *st = size ? ws->state : NULL;
    if (pol_call_init(pol, cl, st, param))
        return REP_NOMEM;
    struct sampler sm = {.at = ws->series_at, .n = ws->nseries, .out = ws->series};
    sm.origin = ws->series_from_arrival && cl->njobs > 0 ? cl->job[0].arrival : 0.0;
    sm.due = sm.n > 0 ? sm.origin + sm.at[0] : INFINITY;
    rc = run_events(cl, pol, st, &sm);
    pol_call_free(pol, st);
    if (rc != REP_OK)
        return rc;
    metrics_compute(cl, ws->scratch, quantiles, out);
    return REP_OK;
}

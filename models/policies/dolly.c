/* dolly — Dolly's proactive cloning of small jobs within a budget (Ananthanarayanan, Ghodsi,
 * Shenker, Stoica: "Effective Straggler Mitigation: Attack of the Clones", NSDI 2013; first
 * as "Why Let Resources Idle? Aggressive Cloning of Jobs with Dolly", HotCloud 2012).
 *
 * What the available descriptions say (none of the seeds is Dolly's paper): Dolly runs full
 * clones of small jobs as they are submitted and keeps the earliest result of every task,
 * instead of waiting to detect stragglers (seed 000 §2.2: "cloning every small job ... When
 * most of the jobs in the system are small, the cloned copies only consume a small amount of
 * additional resources"; the HotCloud abstract: 82 % of Facebook's jobs have fewer than 10
 * tasks, and cloning them cost 3 % extra resources); cloning is admitted only within a budget,
 * a fraction of the cluster's capacity (5 % by default). Seed 001's reference [2] is Dolly.
 *
 * Rule, with what is inferred (docs/methods/policies.md): a job with at most `max_tasks` tasks is
 * cloned when it arrives if its extra copies, (c − 1) per task, fit in the budget: the extra
 * copies reserved by the cloned jobs still running, plus its own (c − 1)·n, at most
 * `budget` × S. A cloned job's tasks then start with c copies each (c = `clones`), the first
 * to finish wins and the others are killed (the model does that), and a completed task gives
 * back its (c − 1). Waiting tasks start in FIFO order (Hadoop's scheduler, Dolly's setting),
 * one copy per task for jobs not cloned.
 *
 * Inferred (not in the descriptions at hand): the budget counts reserved extra copies, so a
 * job admitted keeps its clones through its life, and admission is decided once, at arrival;
 * a cloned task that finds fewer than c free slots starts with as many as there are (at least
 * one) and the rest are not launched later. Dolly's delay assignment (which copies of a
 * downstream task read which upstream clone's output) has no counterpart in a model without
 * data transfers: reduce tasks of a cloned job are cloned like its map tasks. NSDI's choice
 * of c from a target job-straggling probability needs a task-straggling probability the
 * descriptions at hand do not define: `clones` is a number. */
#include <stdlib.h>

#include "models/cluster.h"
#include "models/policies/kit.h"

enum { DOLLY_CLONES, DOLLY_MAX_TASKS, DOLLY_BUDGET };

struct dolly {
    int clones;            /* c: copies of each task of a cloned job */
    int max_tasks;         /* jobs with more tasks are never cloned */
    double budget;         /* extra copies reserved at most budget x S */
    double reserved;       /* extra copies reserved by cloned jobs' unfinished tasks */
    unsigned char *cloned; /* per job */
};

static int dolly_init(struct cluster *cl, void *st, const double *param)
{
    struct dolly *d = st;
    d->clones = (int)param[DOLLY_CLONES];
    d->max_tasks = (int)param[DOLLY_MAX_TASKS];
    d->budget = param[DOLLY_BUDGET] * cl->nslots;
    d->cloned = calloc((size_t)cl->njobs, 1);
    return d->cloned ? 0 : -1;
}

static void dolly_free(void *st)
{
    free(((struct dolly *)st)->cloned);
}

/* Admission: small enough, and its clones fit in what is left of the budget. */
static void dolly_arrival(struct cluster *cl, void *st, int job)
{
    struct dolly *d = st;
    int n = cl->job[job].ntasks;
    double extra = (double)(d->clones - 1) * n;
    if (d->clones > 1 && n <= d->max_tasks && d->reserved + extra <= d->budget) {
        d->cloned[job] = 1;
        d->reserved += extra;
    }
}

static void dolly_slot_free(struct cluster *cl, void *st)
{
    const struct dolly *d = st;
    for (int j; (j = pol_fifo_next(cl)) >= 0;) {
        int c = d->cloned[j] ? d->clones : 1;
        cl_start_next_task(cl, j, c < cl->nfree ? c : cl->nfree);
    }
}

/* A cloned job's task is done: its share of the reservation is free again. */
static void dolly_copy_done(struct cluster *cl, void *st, int task)
{
    struct dolly *d = st;
    if (d->cloned[cl->task_job[task]])
        d->reserved -= d->clones - 1;
}

static const struct pol_param dolly_params[] = {
    [DOLLY_CLONES] = {.key = "clones", .def = 2, .min = 1, .max = RNG_MAX_COPIES, .integer = true,
                      .doc = "c: copies of every task of a cloned job, the original included"},
    [DOLLY_MAX_TASKS] = {.key = "max_tasks", .def = 10, .min = 1, .max = 2147483647.0,
                         .integer = true,
                         .doc = "only jobs with at most this many tasks are cloned (HotCloud "
                                "2012: 82 % of Facebook's jobs have fewer than 10)"},
    [DOLLY_BUDGET] = {.key = "budget", .def = 0.05, .min = 0, .max = 1e6,
                      .doc = "clones' extra copies reserved at most this share of the slots "
                             "(Dolly: 5 %)"},
    {0},
};

const struct policy pol_dolly = {
    .name = "dolly",
    .summary = "Dolly: clone small jobs (<= 10 tasks) with c copies per task within a 5 % budget",
    .source = "Ananthanarayanan et al. NSDI 2013 (seed 001 [2]), as seed 000 §2.2 describes it",
    .params = dolly_params,
    .state_size = sizeof(struct dolly),
    .init = dolly_init,
    .on_arrival = dolly_arrival,
    .on_slot_free = dolly_slot_free,
    .on_copy_done = dolly_copy_done,
    .free = dolly_free,
    .memory = {0, 0, 1},
    .events_per_second = 1.7e7,
};

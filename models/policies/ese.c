/* ese — Enhanced Speculative Execution (seed 000 §6, Algorithm 2), and `ese-detect`, the
 * hybrid of §7.2.2: Mantri's scheduling with ESE's straggler detection.
 *
 * ESE, at each decision (each slot of cluster.interval; the paper uses 30 s):
 *  1. D(l): running tasks with a single copy whose remaining time t_rem exceeds σ·E[X_i]
 *     (§6.3; E[X_i] the job's mean task time, known by Assumption 1). Sorted by decreasing
 *     t_rem, each gets one duplicate — two copies in all, the optimum of Theorem 2 — while
 *     machines are free. t_rem is the scheduler's estimate (cl_est_end), exact by default
 *     as Remark 4 assumes.
 *  2. R(l): jobs already scheduled that still have unlaunched tasks, smallest remaining
 *     workload first (running tasks at their estimated remaining time, the same estimate
 *     as step 1: cl_job_remaining_work), launch them (one copy each).
 *  3. χ(l): jobs not scheduled yet, smallest workload m_i·E[X_i] first, one copy per task.
 * σ is P3's optimum (§6.2.2), the minimiser of E[R]/E[X] for the scenario's Pareto tail
 * index (`sigma = auto`, the default; scale-free, so the same for every job — and refused
 * when jobs have tail indices of their own), or a number.
 *
 * ese-detect (§7.2.2, "the same scheduling algorithm as Mantri and our optimized straggler
 * detection"): step 1 as above, then waiting tasks in arrival order (FIFO), as our `mantri`
 * schedules them. Decisions: a task is duplicated at most once (D(l) asks for c = 1); a reduce
 * copy waiting for its map phase has no remaining-time estimate and is never a straggler.
 *
 * Cost (docs/guide/performance.md; "srptms and ese at 1 s slots"): D(l) is found among the tasks on
 * watch, not by a scan of the slots. Every task is watched from the first slot at which it may
 * be a straggler (the policy launches them all) until it has two copies, completes, or its
 * estimated remaining time has fallen to σE[X_i] — which it never climbs back over: a copy's
 * estimated end never grows (models/estimate.c). That first slot is its launch, or, for a
 * reduce task launched while its job's map phase runs, the end of that phase: until then its
 * copy waits without progress or estimate, never in D(l), so it waits off the watch list
 * (which at 1 s slots it would otherwise crowd, scanned at every slot for nothing) and joins
 * it when its job's last map task completes. The order of the watch list is no part of the
 * rule: D(l) is sorted by (−t_rem, task index), a total order. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "models/theory/xulau.h"
#include "models/cluster.h"
#include "models/policies/kit.h"
#include "models/spec.h"
#include "models/workload.h"

enum { ESE_SIGMA };

struct ese {
    double sigma;          /* σ of the detection rule */
    struct pol_ranking rk; /* stragglers (key −t_rem, job field = task), then jobs by work */
    int *watch, nwatch;    /* tasks that may yet be stragglers, each launched one copy */
};

static int ese_init(struct cluster *cl, void *st, const double *param)
{
    struct ese *e = st;
    e->sigma = param[ESE_SIGMA];
    e->rk = (struct pol_ranking){0};
    e->watch = malloc((size_t)cl->ntasks * sizeof *e->watch);
    int n = cl->njobs > cl->nslots ? cl->njobs : cl->nslots;
    return e->watch ? pol_rank_reserve(&e->rk, n) : -1;
}

static void ese_free(void *st)
{
    struct ese *e = st;
    pol_rank_free(&e->rk);
    free(e->watch);
}

/* Watch tasks first .. end - 1. */
static void watch(struct ese *e, int first, int end)
{
    for (int t = first; t < end; t++)
        e->watch[e->nwatch++] = t;
}

/* Launch the job's waiting tasks (pol_start_job) and watch them, but for reduce tasks whose
 * copies wait for the map phase (ese_copy_done watches them when it ends). */
static void start_job(struct cluster *cl, struct ese *e, int job)
{
    const struct cl_job *j = &cl->job[job];
    int first = j->first_task + j->next_unstarted;
    int end = first + pol_start_job(cl, job);
    int reduces = j->first_task + j->nmap; /* the job's first reduce task */
    watch(e, first, j->maps_left > 0 && end > reduces ? reduces : end);
}

void pol_ese_watch_running(const struct cluster *cl, void *st)
{
    struct ese *e = st;
    e->nwatch = 0;
    for (int s = 0; s < cl->nslots; s++) {
        int t = cl->slot_task[s];
        if (t >= 0 && cl->task_copies[t] == 1 && !cl_copy_waiting(cl, s))
            e->watch[e->nwatch++] = t;
    }
}

/* The job's last map task completed: its reduce tasks launched so far stop waiting. */
static void ese_copy_done(struct cluster *cl, void *st, int task)
{
    const struct cl_job *j = &cl->job[cl->task_job[task]];
    if (j->maps_left == 0 && cl_task_phase(cl, task) == CL_MAP)
        watch(st, j->first_task + j->nmap, j->first_task + j->next_unstarted);
}

/* Step 1: duplicate the stragglers of D(l), longest remaining time first. The tasks of the
 * watch list that can no longer be stragglers leave it. */
static void duplicate_stragglers(struct cluster *cl, struct ese *e)
{
    int n = 0, kept = 0;
    for (int i = 0; i < e->nwatch; i++) {
        int t = e->watch[i], s = cl->task_head[t];
        if (cl->task_copies[t] != 1 || s < 0)
            continue; /* copied or done */
        e->watch[kept++] = t;
        if (cl_copy_waiting(cl, s))
            continue;
        double rem = cl_est_end(cl, s) - cl->now; /* NAN before its first progress */
        const struct cl_job *j = &cl->job[cl->task_job[t]];
        if (rem > e->sigma * j->task_work[cl_task_phase(cl, t)])
            e->rk.r[n++] = (struct pol_rank){-rem, t};
        else if (!isnan(rem))
            kept--; /* and never again */
    }
    e->nwatch = kept;
    e->rk.n = n;
    pol_rank_sort(&e->rk);
    pol_launch_ranked(cl, &e->rk);
}

static double remaining_work(const struct cluster *cl, int job, const void *ctx)
{
    (void)ctx;
    return cl_job_remaining_work(cl, job);
}

static void ese_slot_free(struct cluster *cl, void *st)
{
    struct ese *e = st;
    duplicate_stragglers(cl, e);
    if (cl->nfree == 0)
        return;
    int n = pol_rank_pending(cl, &e->rk, remaining_work, NULL);
    for (int pass = 0; pass < 2; pass++) { /* R(l), then χ(l) */
        for (int i = 0; i < n && cl->nfree > 0; i++) {
            int job = e->rk.r[i].job;
            const struct cl_job *j = &cl->job[job];
            if ((j->next_unstarted > 0) != (pass == 0))
                continue;
            start_job(cl, e, job);
            if (pol_holds(cl, job))
                return; /* requests drawn per job: it holds the others back */
        }
    }
}

/* Waiting tasks in FIFO order (as pol_start_fifo(cl, 1), watched). */
static void ese_detect_slot_free(struct cluster *cl, void *st)
{
    duplicate_stragglers(cl, st);
    for (int job; (job = pol_fifo_next(cl)) >= 0;)
        start_job(cl, st, job);
}

/* sigma = auto: P3's optimum for the scenario's Pareto tail index (models/theory/xulau.h; the
 * ratio E[R]/E[X] does not depend on the scale, so every job has the same σ). */
static void ese_resolve(const struct cl_spec *spec, double *param)
{
    if (isnan(param[ESE_SIGMA]))
        param[ESE_SIGMA] = xl_ese_sigma_opt(spec->task_time.b);
}

static bool ese_check(const struct cl_spec *spec, const double *param, char *msg, size_t len)
{
    const struct dist *d = &spec->task_time;
    if (isnan(param[ESE_SIGMA]) && !(d->kind == DIST_PARETO && d->b > 1)) {
        snprintf(msg, len, "sigma = auto minimises E[R]/E[X] (seed 000 §6.2.3) for Pareto task "
                 "times with beta > 1; give sigma a number for this workload.task_time");
        return false;
    }
    if (isnan(param[ESE_SIGMA]) && wl_own_shapes(spec)) {
        snprintf(msg, len, "sigma = auto minimises E[R]/E[X] (seed 000 §6.2.3) for one tail "
                 "index, and here jobs have their own (workload.beta_max or a trace's SDs); "
                 "give sigma a number");
        return false;
    }
    return true;
}

static const struct pol_param ese_params[] = {[ESE_SIGMA] = POL_ESE_SIGMA_PARAM, {0}};

const struct policy pol_ese = {
    .name = "ese",
    .summary = "ESE: duplicate tasks with t_rem > sigma E[X], then smallest remaining work",
    .source = "seed 000 §6, Algorithm 2",
    .params = ese_params,
    .state_size = sizeof(struct ese),
    .check = ese_check,
    .resolve = ese_resolve,
    .init = ese_init,
    .on_slot_free = ese_slot_free,
    .on_copy_done = ese_copy_done,
    .free = ese_free,
    .events_per_second = 2.2e7,
    .memory = {4, 16, 16},
};

const struct policy pol_ese_detect = {
    .name = "ese-detect",
    .summary = "ESE's detection with Mantri's scheduling: duplicates first, then FIFO",
    .source = "seed 000 §7.2.2",
    .params = ese_params,
    .state_size = sizeof(struct ese),
    .check = ese_check,
    .resolve = ese_resolve,
    .init = ese_init,
    .on_slot_free = ese_detect_slot_free,
    .on_copy_done = ese_copy_done,
    .free = ese_free,
    .events_per_second = 2.5e7,
    .memory = {4, 16, 16},
};

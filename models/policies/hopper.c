/* hopper — Hopper, the speculation-aware job scheduler of seed 001 (Ren, Ananthanarayanan,
 * Wierman, Yu), a whole policy: it decides both which job gets a free slot and the job's
 * speculative copies.
 *
 * Rule (seed 001 §2–3): with T_i(t) the remaining tasks of job i and β the tail index of the
 * Pareto task times, the virtual size is V_i = (2/β)T_i (eq. 4). Algorithm 1 gives each job a
 * target H_i: when S ≤ (2/β)ΣT_j (capacity constrained) jobs in increasing order of T_i get
 * V_i each until the slots run out (the last one the remainder), the others 0; otherwise every
 * job gets S·T_i/ΣT_j (eq. 5). With `epsilon` < 1 Algorithm 2 keeps the allocation ε-fair
 * (every job at least S/N·(1 − ε); hp_allocate in analysis/hopper.c, with our reading of
 * its typos). Online (§3): "once a slot becomes available, Hopper chooses a job and assigns
 * the vacant slot to it immediately ... to job i = argmax H_i − S_i", S_i the slots the job
 * holds. A job uses the slot for its next never-launched task; a job with none
 * left uses it for a speculative copy of a running task, so that slots beyond its remaining
 * tasks become k = S_i/T_i copies per task (eq. 2).
 *
 * Decisions (docs/policies.md):
 *  - T_i(t) counts the job's tasks not completed; S_i the slots running its copies. H_i is
 *    real-valued, as printed; the argmax compares H_i − S_i, ties to the earlier arrival.
 *  - The copy goes to the running task of the job with the fewest copies running (spreading
 *    the job's slots evenly, k per task), ties to the one whose best copy is estimated to end
 *    last (cl_est_end: the likeliest straggler; a copy without an estimate yet counts as
 *    ending first), then the lowest index. A task holds at most RNG_MAX_COPIES copies.
 *    Copies are never killed: the first to finish wins.
 *  - The slot always goes to the argmax (the paper's online rule). Both algorithms hand out
 *    every slot (Σ H_i = S), so while a slot is free some job holds less than its target:
 *    Hopper as seed 001 states it never idles a slot a job can use. (Seed 000 §2.2 reads the
 *    SIGCOMM version as keeping slots idle for future stragglers; seed 001 does not say so.)
 *  - A job that can use no slot (every running task at the copy cap) is passed over for the
 *    next argmax.
 *  - β is the scheduler's estimate of the tail: `auto` = the workload's Pareto β.
 *  - One-phase jobs only: Algorithm 3 (DAGs of tasks) is not built; a workload with reduce
 *    tasks is refused. Its premise is pipelined phases (§3.2), where the model's reduce tasks
 *    wait for the whole map phase (seed 002 eq. 1g). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "analysis/hopper.h"
#include "models/cluster.h"
#include "models/policy.h"
#include "models/trace.h"

enum { HOPPER_BETA, HOPPER_EPSILON };

struct hopper {
    double beta, epsilon;
    struct hp_job *j; /* the active jobs of a decision, by increasing T_i */
    int cap;
};

static int hopper_init(struct cluster *cl, void *st, const double *param)
{
    struct hopper *h = st;
    h->beta = param[HOPPER_BETA];
    h->epsilon = param[HOPPER_EPSILON];
    h->cap = cl->njobs;
    h->j = malloc((size_t)(h->cap > 0 ? h->cap : 1) * sizeof *h->j);
    return h->j ? 0 : -1;
}

static void hopper_free(void *st)
{
    free(((struct hopper *)st)->j);
}

static int by_remaining(const void *a, const void *b)
{
    const struct hp_job *x = a, *y = b;
    if (x->remaining != y->remaining)
        return x->remaining < y->remaining ? -1 : 1;
    return (x->job > y->job) - (x->job < y->job);
}

/* The active jobs with tasks left, sorted by T_i, and their targets. */
static int targets(const struct cluster *cl, struct hopper *h)
{
    int n = 0;
    for (int k = cl->first_active; k < cl->narrived; k++)
        if (cl->job[k].tasks_left > 0)
            h->j[n++] = (struct hp_job){cl->job[k].tasks_left, 0.0, k};
    qsort(h->j, (size_t)n, sizeof *h->j, by_remaining);
    hp_allocate(h->j, n, cl->nslots, h->beta, h->epsilon);
    return n;
}

/* The running task of job k to copy next: fewest copies, then the latest estimated end, then
 * the lowest index; -1 if none can take one. */
static int task_to_copy(const struct cluster *cl, int k)
{
    const struct cl_job *j = &cl->job[k];
    int best = -1;
    double best_end = 0.0;
    for (int t = j->first_task; t < j->first_task + j->next_unstarted; t++) {
        if (cl->task_running[t] == 0 || cl->task_copies[t] >= (int)RNG_MAX_COPIES ||
            cl_copy_waiting(cl, cl->task_head[t]))
            continue;
        double end = -INFINITY;
        for (int s = cl->task_head[t]; s >= 0; s = cl->slot_next[s]) {
            double e = cl_est_end(cl, s);
            end = fmax(end, isnan(e) ? -INFINITY : e);
        }
        if (best < 0 || cl->task_running[t] < cl->task_running[best] ||
            (cl->task_running[t] == cl->task_running[best] && end > best_end)) {
            best = t;
            best_end = end;
        }
    }
    return best;
}

/* Give job k one slot: its next task, else a copy. False if it can use none. */
static bool give_slot(struct cluster *cl, int k)
{
    if (cl->job[k].next_unstarted < cl->job[k].ntasks) {
        cl_start_next_task(cl, k, 1);
        return true;
    }
    int t = task_to_copy(cl, k);
    if (t < 0)
        return false;
    cl_launch_copy(cl, t, 0.0);
    return true;
}

static void hopper_slot_free(struct cluster *cl, void *st)
{
    struct hopper *h = st;
    int n = targets(cl, h);
    while (cl->nfree > 0) {
        int best = -1; /* argmax H_i − S_i, ties to the earlier arrival */
        double gap = -INFINITY;
        for (int i = 0; i < n; i++) {
            const struct hp_job *x = &h->j[i];
            if (x->job < 0)
                continue;
            double g = x->target - cl->job[x->job].copies_running;
            if (best < 0 || g > gap || (g == gap && x->job < h->j[best].job)) {
                best = i;
                gap = g;
            }
        }
        if (best < 0)
            return;
        if (!give_slot(cl, h->j[best].job))
            h->j[best].job = -1; /* can use no slot now: pass it over */
    }
}

static bool hopper_check(const struct cl_spec *spec, const double *param, char *msg,
                         size_t len)
{
    if (isnan(param[HOPPER_BETA]) && spec->task_time.kind != DIST_PARETO) {
        snprintf(msg, len, "beta = auto needs workload.task_time = pareto (Hopper's virtual size "
                           "2/beta T_i is for Pareto task times); give beta a number");
        return false;
    }
    bool reduce = spec->reduce_fraction > 0;
    for (int k = 0; spec->trace && k < spec->trace->njobs && !reduce; k++)
        reduce = spec->trace->job[k].tasks[TR_REDUCE] > 0;
    if (reduce) {
        snprintf(msg, len, "needs one-phase jobs (workload.reduce_fraction = 0, no reduce tasks "
                           "in a trace): Algorithm 3 of seed 001, for DAGs of tasks, is not "
                           "built");
        return false;
    }
    return true;
}

static void hopper_resolve(const struct cl_spec *spec, double *param)
{
    if (isnan(param[HOPPER_BETA]))
        param[HOPPER_BETA] = spec->task_time.b;
}

static const struct pol_param hopper_params[] = {
    [HOPPER_BETA] = {"beta", NAN, 0.01, 100, false,
                     "the scheduler's tail index for V_i = 2/beta T_i; auto: the workload's Pareto "
                     "beta",
                     true},
    [HOPPER_EPSILON] = {"epsilon", 1, 0, 1, false,
                        "1: Algorithm 1; below 1: Algorithm 2, every job at least S/N (1 - "
                        "epsilon) slots"},
    {0},
};

const struct policy pol_hopper = {
    .name = "hopper",
    .summary = "Hopper: slots to argmax H_i - S_i of Algorithm 1 (V_i = 2/beta T_i), spare slots "
               "as copies",
    .source = "seed 001 §2-3, eqs. 2-5, Algorithms 1-2",
    .params = hopper_params,
    .state_size = sizeof(struct hopper),
    .check = hopper_check,
    .resolve = hopper_resolve,
    .init = hopper_init,
    .on_slot_free = hopper_slot_free,
    .free = hopper_free,
    .memory = {0, 0, sizeof(struct hp_job)},
    .events_per_second = 4.5e6,
};

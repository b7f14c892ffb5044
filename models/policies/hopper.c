/* hopper — Hopper, the speculation-aware job scheduler of seed 001 (Ren, Ananthanarayanan,
 * Wierman, Yu), a whole policy: it decides both which job gets a free slot and the job's
 * speculative copies.
 *
 * Rule (seed 001 §2–3): with T_i(t) the remaining tasks of job i and β the tail index of the
 * Pareto task times, the virtual size is V_i = (2/β)T_i (eq. 4). Algorithm 1 gives each job a
 * target H_i: when S ≤ (2/β)ΣT_j (capacity constrained) jobs in increasing order of T_i get
 * V_i each until the slots run out (the last one the remainder), the others 0; otherwise every
 * job gets S·T_i/ΣT_j (eq. 5). With `epsilon` < 1 Algorithm 2 keeps the allocation ε-fair
 * (every job at least S/N·(1 − ε); hp_allocate in models/theory/hopper.c, with our reading of
 * its typos). Online (§3): "once a slot becomes available, Hopper chooses a job and assigns
 * the vacant slot to it immediately ... to job i = argmax H_i − S_i", S_i the slots the job
 * holds. A job uses the slot for its next never-launched task; a job with none
 * left uses it for a speculative copy of a running task, so that slots beyond its remaining
 * tasks become k = S_i/T_i copies per task (eq. 2).
 *
 * Decisions (docs/methods/policies.md):
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
 *  - `hopper` takes one-phase jobs only; a workload with reduce tasks is refused, pointing to
 *    `hopper-dag`: Algorithm 3 (§3.2, DAGs of tasks, eq. 6) on pipelined phases
 *    (workload.phases = pipelined), its targets from hp_allocate_dag (models/theory/hopper.c)
 *    and the same argmax and copies as here.
 *
 * Cost (docs/guide/performance.md, The papers' scale). A decision hands out every free slot, each
 * to the argmax and, once the job has launched every task, as a copy of its first candidate
 * in the copy order; neither is found by a scan:
 *  - The jobs stay sorted by T_i from one decision to the next (T_i only falls, arrivals join
 *    at the end): insertion sort. The targets change with ΣT_j at every decision, so the gaps
 *    H_i − S_i are computed afresh; a slot changes only its job's gap (S_i + 1). Only the
 *    jobs at or above a bar are heaped, one above which, by a lower bound, they are owed every
 *    free slot (gap_bar); the others join the heap should its top fall below the bar (after
 *    jobs are passed over). At seed 002's scale that is a few dozen of some 360 active jobs.
 *  - A job's candidates (its running tasks below the copy cap) are a heap in the copy order.
 *    Within a decision a launch only adds one copy to the top task (its estimate comes later:
 *    cl_est_end is NaN until now > its start of processing), so the heap needs one sift.
 *    With the chronos estimator (`keep`) a copy's estimated end, once it has one, never
 *    changes, and Hopper kills no copy, so a task's latest end only rises, when a copy of it
 *    first reports, and it leaves the candidates only at the copy cap or when it completes.
 *    The heap is then kept across decisions: each decision first counts the reports of the
 *    copies launched since (in launch order, which is the order of their reports: every copy
 *    starts processing launch_delay after its launch), and a completed task is removed when
 *    it completes. With pipelined phases (hopper-dag) a reduce copy launched in its map phase
 *    waits, with no estimate, and is no candidate; when the phase ends the job is gathered
 *    afresh at its next copy, and those of its reduce copies that have not reported yet are
 *    counted when they do (by their start of processing, among the others). Test builds
 *    compare the kept heaps with a fresh gather at every decision, and hopper-dag's kept
 *    Algorithm 3 entries (of jobs with no task completed since) with fresh ones. With the
 *    hadoop estimator, whose estimates move with the clock, the heap is gathered afresh at
 *    each decision that needs it. Each order breaks its ties as the scans did (by index), so
 *    every decision is the one the scans made. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/theory/hopper.h"
#include "models/cluster.h"
#include "models/policies/kit.h"
#include "models/trace.h"
#include "models/workload.h"

enum { HOPPER_BETA, HOPPER_EPSILON };
enum { DAG_BETA, DAG_ALPHA, DAG_KMIN };
enum { ALPHA_TASKS, ALPHA_WORK, ALPHA_ONE }; /* hopper-dag's alpha */

/* A copy launched whose estimate is not counted yet in its task's latest end. */
struct fresh {
    double proc; /* it reports (has an estimate) once now > proc */
    int slot, task, copy;
};

struct hopper {
    double beta, epsilon;
    bool dag;         /* hopper-dag: Algorithm 3's targets (targets_dag) */
    int alpha;        /* its α_i (ALPHA_*) */
    enum hp_kmin kmin; /* its J_{k_min} */
    struct hp_dag_job *d; /* hopper-dag: the active jobs of a decision, in Algorithm 3's order */
    unsigned char *changed; /* hopper-dag, per job: a task of it has completed since its entry
                               in d was made */
    bool keep;        /* a copy's estimated end never changes once it has one (the chronos
                         estimator): gathered candidates are kept across decisions */
    struct hp_job *j; /* the active jobs of a decision, by increasing T_i */
    int n;            /* how many: the last decision's, kept for the next */
    int seen;         /* jobs before it have been added to j once they arrived */
    int *order;       /* heap of indices into j: argmax H_i − S_i first (job_before) */
    double *gap;      /* H_i − S_i of j[i] */
    int *ncand;       /* per job: how many copy candidates it has; -1: not gathered */
    int *gathered, ngathered; /* without keep: the jobs gathered in this decision */
    int *cand;        /* per task: job k's candidate heap at cand + its first_task (task_before) */
    int *pos;         /* per task: its place in that heap, -1 if not there */
    double *end;      /* per task: a candidate's latest estimated copy end */
    struct fresh *fresh; /* with keep: copies without an estimate yet, by proc, from head */
    int head, nfresh, fresh_cap;
    const struct cluster *cl; /* the replica's cluster, for the orders */
};

/* The state both policies share, once their parameters are read. */
static int hopper_alloc(struct cluster *cl, struct hopper *h)
{
    h->keep = cl->spec->estimator == EST_CHRONOS;
    h->cl = cl;
    size_t jobs = (size_t)(cl->njobs > 0 ? cl->njobs : 1);
    size_t tasks = (size_t)(cl->ntasks > 0 ? cl->ntasks : 1);
    h->j = malloc(jobs * sizeof *h->j);
    h->order = malloc(jobs * sizeof *h->order);
    h->gap = malloc(jobs * sizeof *h->gap);
    h->ncand = malloc(jobs * sizeof *h->ncand);
    h->gathered = malloc(jobs * sizeof *h->gathered);
    h->cand = malloc(tasks * sizeof *h->cand);
    h->pos = malloc(tasks * sizeof *h->pos);
    h->end = malloc(tasks * sizeof *h->end);
    if (!h->j || !h->order || !h->gap || !h->ncand || !h->gathered || !h->cand || !h->pos ||
        !h->end)
        return -1;
    for (size_t k = 0; k < jobs; k++)
        h->ncand[k] = -1;
    for (size_t t = 0; t < tasks; t++)
        h->pos[t] = -1;
    return 0;
}

static int hopper_init(struct cluster *cl, void *st, const double *param)
{
    struct hopper *h = st;
    h->beta = param[HOPPER_BETA];
    h->epsilon = param[HOPPER_EPSILON];
    return hopper_alloc(cl, h);
}

static int hopper_dag_init(struct cluster *cl, void *st, const double *param)
{
    struct hopper *h = st;
    h->dag = true;
    h->beta = param[DAG_BETA];
    h->alpha = (int)param[DAG_ALPHA];
    h->kmin = (enum hp_kmin)param[DAG_KMIN];
    int rc = hopper_alloc(cl, h);
    h->d = malloc((size_t)(cl->njobs > 0 ? cl->njobs : 1) * sizeof *h->d);
    h->changed = calloc((size_t)(cl->njobs > 0 ? cl->njobs : 1), sizeof *h->changed);
    return rc == 0 && h->d && h->changed ? 0 : -1;
}

static void hopper_free(void *st)
{
    struct hopper *h = st;
    free(h->j);
    free(h->order);
    free(h->gap);
    free(h->ncand);
    free(h->gathered);
    free(h->cand);
    free(h->pos);
    free(h->end);
    free(h->fresh);
    free(h->d);
    free(h->changed);
}

static bool by_remaining(const struct hp_job *x, const struct hp_job *y)
{
    return x->remaining < y->remaining || (x->remaining == y->remaining && x->job < y->job);
}

/* The active jobs with tasks left, sorted by T_i (ties: earlier arrival), and their targets.
 * The last decision's order, less the jobs done since, with the new T_i and the jobs arrived
 * since at its end, is nearly sorted: insertion sort finishes it in about one pass. */
static int targets(const struct cluster *cl, struct hopper *h)
{
    int n = 0;
    for (int i = 0; i < h->n; i++) {
        int k = h->j[i].job;
        if (cl->job[k].tasks_left > 0)
            h->j[n++] = (struct hp_job){cl->job[k].tasks_left, 0.0, k};
    }
    for (; h->seen < cl->narrived; h->seen++)
        if (cl->job[h->seen].tasks_left > 0)
            h->j[n++] = (struct hp_job){cl->job[h->seen].tasks_left, 0.0, h->seen};
    for (int i = 1; i < n; i++) {
        struct hp_job x = h->j[i];
        int m = i;
        for (; m > 0 && by_remaining(&x, &h->j[m - 1]); m--)
            h->j[m] = h->j[m - 1];
        h->j[m] = x;
    }
    h->n = n;
    hp_allocate(h->j, n, cl->nslots, h->beta, h->epsilon);
    return n;
}

/* Job k's T_i(t), T'_i(t) and α_i for Algorithm 3 (seed 001 §3.2). In its map phase: T the
 * map tasks not completed, T' its reduce tasks not completed (alpha = tasks or one), or their
 * work in map tasks' (alpha = work: × E[reduce task] / E[map task]); α = T'/T (tasks: the
 * paper's "α_i = T'_i/T_i"; work: "the ratio of remaining work in network transfer in the
 * downstream phase to the work in the upstream phase") or 1 (one: α ignored). In its last
 * phase (a one-phase job, or the reduce phase) there is no downstream: T its tasks left,
 * T' = 0 and α = 1, as Algorithm 1 has it. */
static struct hp_dag_job dag_job(const struct cluster *cl, const struct hopper *h, int k)
{
    const struct cl_job *j = &cl->job[k];
    struct hp_dag_job d = {j->tasks_left, 0.0, 1.0, 0.0, k, 0.0};
    if (j->maps_left > 0 && j->tasks_left > j->maps_left) {
        d.remaining = j->maps_left;
        d.downstream = j->tasks_left - j->maps_left;
        if (h->alpha == ALPHA_WORK)
            d.downstream *= j->task_work[CL_REDUCE] / j->task_work[CL_MAP];
        d.alpha = h->alpha == ALPHA_ONE ? 1.0 : d.downstream / j->maps_left;
    }
    d.v = hp_dag_virtual(&d, h->beta);
    return d;
}

/* Insert x into d[0 .. n), sorted in Algorithm 3's order, by walking back from the end; with
 * `after` it is known to come after them all. Its place. */
static int dag_insert(struct hp_dag_job *d, int n, struct hp_dag_job x, bool after)
{
    int m = n;
    if (!after)
        for (; m > 0 && hp_dag_before(&x, &d[m - 1]); m--)
            d[m] = d[m - 1];
    d[m] = x;
    return m;
}

/* hopper-dag's targets: the active jobs in Algorithm 3's order, allocated by hp_allocate_dag,
 * into h->j in that order for the argmax. A job's T_i, T'_i, α_i and V_i change only when one
 * of its tasks completes: the others keep their entries, and their order among themselves. So
 * the last decision's order, less the jobs done, with the changed entries made afresh and the
 * jobs arrived since at its end, is sorted by insertion, in place, where a kept entry is
 * compared only when the one before it is not a kept entry. */
static int targets_dag(const struct cluster *cl, struct hopper *h)
{
    int n = 0;
    bool last_kept = false; /* h->d[n − 1] is a kept entry */
    for (int i = 0; i < h->n; i++) {
        int k = h->d[i].job;
        bool kept = !h->changed[k];
        if (kept) {
#ifdef SPECMC_CHECK
            struct hp_dag_job now = dag_job(cl, h, k); /* test builds: the entry is current */
            CL_ASSERT(now.remaining == h->d[i].remaining &&
                      now.downstream == h->d[i].downstream && now.alpha == h->d[i].alpha &&
                      now.v == h->d[i].v);
#endif
        } else {
            h->changed[k] = 0;
            if (cl->job[k].tasks_left == 0)
                continue;
        }
        if (kept && last_kept && n == i) { /* in place already, as most are */
            n++;
            continue;
        }
        struct hp_dag_job x = kept ? h->d[i] : dag_job(cl, h, k); /* read before n reaches i */
        if (dag_insert(h->d, n, x, kept && last_kept) == n)
            last_kept = kept;
        n++;
    }
    for (; h->seen < cl->narrived; h->seen++)
        if (cl->job[h->seen].tasks_left > 0)
            dag_insert(h->d, n++, dag_job(cl, h, h->seen), false);
#ifdef SPECMC_CHECK
    for (int i = 1; i < n; i++) /* test builds: in Algorithm 3's order, as hp_allocate_dag needs */
        CL_ASSERT(hp_dag_before(&h->d[i - 1], &h->d[i]));
#endif
    h->n = n;
    hp_allocate_dag(h->d, n, cl->nslots, h->kmin);
    for (int i = 0; i < n; i++)
        h->j[i] = (struct hp_job){h->d[i].remaining, h->d[i].target, h->d[i].job};
    return n;
}

/* The argmax order on indices into h->j: larger H_i − S_i first, ties to the earlier arrival. */
static inline bool job_before(const void *ctx, int a, int b)
{
    const struct hopper *h = ctx;
    return h->gap[a] > h->gap[b] || (h->gap[a] == h->gap[b] && h->j[a].job < h->j[b].job);
}

static void set_gap(const struct cluster *cl, struct hopper *h, int i)
{
    h->gap[i] = h->j[i].target - cl->job[h->j[i].job].copies_running;
}

/* The copy order on a job's candidate tasks: fewest copies running, then the latest
 * estimated end, then the lowest index. */
static inline bool task_before(const void *ctx, int a, int b)
{
    const struct hopper *h = ctx;
    int ra = h->cl->task_running[a], rb = h->cl->task_running[b];
    return ra < rb || (ra == rb && (h->end[a] > h->end[b] || (h->end[a] == h->end[b] && a < b)));
}

/* Whether task t can take a copy: it runs, below the copy cap, and its copies do not wait for
 * their map phase (a reduce copy waiting has no estimate yet, and a pipelined one is held back
 * by the map outputs, not by its machine). */
static bool copy_candidate(const struct cluster *cl, int t)
{
    return cl->task_running[t] > 0 && cl->task_copies[t] < (int)RNG_MAX_COPIES &&
           !cl_copy_waiting(cl, cl->task_head[t]);
}

/* A candidate's latest estimated copy end (-INFINITY while none has an estimate). */
static double latest_end(const struct cluster *cl, int t)
{
    double end = -INFINITY;
    for (int s = cl->task_head[t]; s >= 0; s = cl->slot_next[s]) {
        double e = cl_est_end(cl, s); /* NaN (no estimate yet): not above end */
        if (e > end)
            end = e;
    }
    return end;
}

#ifdef SPECMC_CHECK
/* Test builds, with keep: every job's kept candidates are those gather would find now, with
 * the same latest ends. */
static void check_kept(const struct cluster *cl, const struct hopper *h)
{
    for (int k = cl->first_active; k < cl->narrived; k++) {
        const struct cl_job *j = &cl->job[k];
        if (h->ncand[k] < 0 || !isnan(j->completion))
            continue;
        int n = 0;
        for (int t = j->first_task; t < j->first_task + j->next_unstarted; t++) {
            bool want = copy_candidate(cl, t);
            CL_ASSERT(want == (h->pos[t] >= 0));
            if (!want)
                continue;
            CL_ASSERT(h->pos[t] < h->ncand[k] && h->cand[j->first_task + h->pos[t]] == t);
            CL_ASSERT(h->end[t] == latest_end(cl, t));
            n++;
        }
        CL_ASSERT(n == h->ncand[k]);
    }
}
#endif

/* Job k's running tasks that can take a copy, in h->cand from its first task, as a heap in
 * the copy order, each with the latest estimated end of its copies (-INFINITY while none has
 * an estimate: it counts as ending first). Tasks whose copies wait for their map phase are
 * not candidates (hopper-dag; hopper's jobs have one phase). */
static void gather(const struct cluster *cl, struct hopper *h, int k)
{
    const struct cl_job *j = &cl->job[k];
    int *c = h->cand + j->first_task, n = 0;
    for (int t = j->first_task; t < j->first_task + j->next_unstarted; t++) {
        if (!copy_candidate(cl, t))
            continue;
        h->end[t] = latest_end(cl, t);
        c[n++] = t;
    }
    pol_heap_make(c, h->pos, n, task_before, h);
    h->ncand[k] = n;
}

/* With keep: remember a copy that has no estimate yet, to count it once it has one (in the
 * order of proc: a copy just launched goes last; a reduce copy that its map phase's end lets
 * process may go before copies launched within launch_delay). */
static void note_fresh(const struct cluster *cl, struct hopper *h, int slot)
{
    if (h->head + h->nfresh == h->fresh_cap) {
        if (h->head > 0) {
            memmove(h->fresh, h->fresh + h->head, (size_t)h->nfresh * sizeof *h->fresh);
            h->head = 0;
        } else {
            h->fresh = pol_grow(h->fresh, &h->fresh_cap, sizeof *h->fresh);
        }
    }
    int i = h->head + h->nfresh++;
    for (; i > h->head && h->fresh[i - 1].proc > cl->slot_proc[slot]; i--)
        h->fresh[i] = h->fresh[i - 1];
    h->fresh[i] =
        (struct fresh){cl->slot_proc[slot], slot, cl->slot_task[slot], cl->slot_copy[slot]};
}

/* With keep: the copies that have reported since the last decision raise their tasks'
 * latest ends, where the task is a gathered candidate (gather counted the others' already,
 * or will). A copy gone by now went with its task (Hopper kills none): nothing to count. */
static void count_reports(const struct cluster *cl, struct hopper *h)
{
    for (; h->nfresh > 0 && h->fresh[h->head].proc < cl->now; h->head++, h->nfresh--) {
        const struct fresh *f = &h->fresh[h->head];
        if (cl->slot_task[f->slot] != f->task || cl->slot_copy[f->slot] != f->copy ||
            h->pos[f->task] < 0)
            continue;
        double e = cl_est_end(cl, f->slot);
        if (e > h->end[f->task]) {
            h->end[f->task] = e;
            pol_heap_up(h->cand + cl->job[cl->task_job[f->task]].first_task, h->pos,
                        h->pos[f->task], task_before, h);
        }
    }
    if (h->nfresh == 0)
        h->head = 0;
}

/* Give job k one slot: its next task, else a copy of its first candidate. False if it can
 * use none. */
static bool give_slot(struct cluster *cl, struct hopper *h, int k)
{
    int slot;
    if (cl->job[k].next_unstarted < cl->job[k].ntasks) {
        slot = cl->task_head[cl_start_next_task(cl, k, 1)];
    } else {
        if (h->ncand[k] < 0) {
            gather(cl, h, k);
            if (!h->keep)
                h->gathered[h->ngathered++] = k;
        }
        if (h->ncand[k] == 0)
            return false;
        int *c = h->cand + cl->job[k].first_task, t = c[0];
        slot = cl_launch_copy(cl, t, 0.0); /* no estimate yet: its task's end stays */
        if (cl->task_copies[t] >= (int)RNG_MAX_COPIES)
            pol_heap_pop(c, h->pos, h->ncand[k]--, task_before, h);
        else
            pol_heap_down(c, h->pos, h->ncand[k], 0, task_before, h);
    }
    if (h->keep && !cl_copy_waiting(cl, slot)) /* a waiting copy reports from its release */
        note_fresh(cl, h, slot);
    return true;
}

/* Without keep, after each decision: job k's candidates are gathered again when needed. */
static void forget(const struct cluster *cl, struct hopper *h, int k)
{
    const int *c = h->cand + cl->job[k].first_task;
    for (int i = 0; i < h->ncand[k]; i++)
        h->pos[c[i]] = -1;
    h->ncand[k] = -1;
}

/* A bar T for the argmax: the jobs with H_i − S_i ≥ T are, by a lower bound, owed at least k
 * slots before any gap falls below T (a job with gap g ≥ T is owed the slots worth g, g − 1,
 * …, down to T: at least max{1, g − T} of them). T is the largest of 2^12, 2^11, …, 2^-2, 0
 * that the bound reaches, -INFINITY where none does. One pass, without a branch per job:
 * each gap counts, with its value, towards the bar just below it (by its binary exponent). */
static double gap_bar(const double *gap, int n, int k)
{
    enum { TOP = 12, BARS = 16 }; /* bars 2^(TOP − b) for b < BARS − 1, then 0 */
    /* two tallies, one for even i and one for odd: an update then need not wait for the one
       just before it when both fall in the same bar */
    int count[2][BARS + 1] = {{0}};
    double sum[2][BARS + 1] = {{0}};
    for (int i = 0; i < n; i++) {
        uint64_t bits;
        memcpy(&bits, &gap[i], sizeof bits);
        int b = TOP - ((int)(bits >> 52 & 0x7ff) - 1023); /* 2^(TOP − b) ≤ gap < twice that */
        b = b < 0 ? 0 : b;
        b = b > BARS - 2 ? BARS - 1 : b; /* below 2^(TOP − BARS + 2), zero included: bar 0 */
        b = bits >> 63 ? BARS : b;       /* negative: counts nowhere */
        count[i & 1][b]++;
        sum[i & 1][b] += gap[i];
    }
    double c = 0.0, g = 0.0;
    for (int b = 0; b < BARS; b++) {
        double bar = b < BARS - 1 ? ldexp(1.0, TOP - b) : 0.0;
        c += count[0][b] + count[1][b];
        g += sum[0][b] + sum[1][b];
        if (c >= k || g - bar * c >= k)
            return bar;
    }
    return -INFINITY;
}

#ifdef SPECMC_CHECK
/* Test builds: the top of the heap is the argmax of every job left, the heap's and the rest's. */
static void check_argmax(const struct hopper *h, int left, int n, int rest)
{
    for (int i = 0; i < left; i++)
        CL_ASSERT(!job_before(h, h->order[i], h->order[0]));
    for (int i = n - rest; i < n; i++)
        CL_ASSERT(job_before(h, h->order[0], h->order[i]));
}
#endif

/* A decision: every free slot to the argmax of H_i − S_i, one at a time. The heap holds the
 * jobs at or above gap_bar's T; the rest (below T, at the end of h->order) join it only if
 * its top falls below T, so the argmax it gives is the argmax of all. */
static void hopper_slot_free(struct cluster *cl, void *st)
{
    struct hopper *h = st;
    if (h->keep) {
        count_reports(cl, h);
#ifdef SPECMC_CHECK
        check_kept(cl, h);
#endif
    }
    int n = h->dag ? targets_dag(cl, h) : targets(cl, h);
    for (int i = 0; i < n; i++)
        set_gap(cl, h, i);
    double bar = gap_bar(h->gap, n, cl->nfree);
    int left = 0, rest = 0;
    for (int i = 0; i < n; i++)
        if (h->gap[i] >= bar)
            h->order[left++] = i;
        else
            h->order[n - ++rest] = i;
    pol_heap_make(h->order, NULL, left, job_before, h);
    while (cl->nfree > 0 && left + rest > 0) {
        if (rest > 0 && (left == 0 || h->gap[h->order[0]] < bar)) {
            memmove(h->order + left, h->order + n - rest, (size_t)rest * sizeof *h->order);
            left += rest;
            rest = 0;
            pol_heap_make(h->order, NULL, left, job_before, h);
        }
#ifdef SPECMC_CHECK
        check_argmax(h, left, n, rest);
#endif
        int i = h->order[0];
        bool fits = cl_fits(cl, h->j[i].job); /* requests drawn per job: placement */
        if (!fits && !cl_passed_over(cl, h->j[i].job))
            break; /* the first job holds the others back */
        if (fits && give_slot(cl, h, h->j[i].job)) {
            set_gap(cl, h, i); /* S_i grew by one */
            pol_heap_down(h->order, NULL, left, 0, job_before, h);
        } else {
            pol_heap_pop(h->order, NULL, left--, job_before, h); /* can use no slot: passed over */
        }
    }
    for (; h->ngathered > 0; h->ngathered--) /* estimates move with the clock: gather afresh */
        forget(cl, h, h->gathered[h->ngathered - 1]);
}

/* With keep: job k's map phase has just ended, so its reduce copies, waiting until now,
 * process (hopper-dag, pipelined phases): its reduce tasks become candidates (it is gathered
 * afresh when next given a copy), and its copies without an estimate yet are noted to count
 * their estimates once they have them. */
static void maps_ended(const struct cluster *cl, struct hopper *h, int k)
{
    const struct cl_job *j = &cl->job[k];
    for (int t = j->first_task + j->nmap; t < j->first_task + j->next_unstarted; t++)
        for (int s = cl->task_head[t]; s >= 0; s = cl->slot_next[s])
            if (!(cl->now > cl->slot_proc[s]))
                note_fresh(cl, h, s);
    forget(cl, h, k);
}

/* With keep: a completed task leaves its job's candidates; the end of a map phase lets the
 * reduce tasks in. */
static void hopper_copy_done(struct cluster *cl, void *st, int task)
{
    struct hopper *h = st;
    int k = cl->task_job[task];
    const struct cl_job *j = &cl->job[k];
    if (h->pos[task] >= 0)
        pol_heap_remove(h->cand + j->first_task, h->pos, h->ncand[k]--, h->pos[task],
                        task_before, h);
    if (h->dag)
        h->changed[k] = 1;
    if (h->keep && cl_task_phase(cl, task) == CL_MAP && j->maps_left == 0 &&
        j->next_unstarted > j->nmap)
        maps_ended(cl, h, k);
}

/* Both: beta = auto needs Pareto task times (HOPPER_BETA and DAG_BETA are both 0). */
static bool beta_check(const struct cl_spec *spec, const double *param, char *msg, size_t len)
{
    if (isnan(param[HOPPER_BETA]) && spec->task_time.kind != DIST_PARETO) {
        snprintf(msg, len, "beta = auto needs workload.task_time = pareto (Hopper's virtual size "
                           "2/beta T_i is for Pareto task times); give beta a number");
        return false;
    }
    return true;
}

static bool hopper_check(const struct cl_spec *spec, const double *param, char *msg,
                         size_t len)
{
    if (!beta_check(spec, param, msg, len))
        return false;
    if (wl_two_phases(spec)) {
        snprintf(msg, len, "needs one-phase jobs (workload.reduce_fraction = 0, no reduce tasks "
                           "in a trace): Algorithm 3 of seed 001, for DAGs of pipelined phases, "
                           "is policy hopper-dag (with workload.phases = pipelined)");
        return false;
    }
    return true;
}

/* Algorithm 3 is for phases "not separated by strict barriers but ... pipelined" (seed 001
 * §3.2): two-phase jobs need workload.phases = pipelined. */
static bool hopper_dag_check(const struct cl_spec *spec, const double *param, char *msg,
                             size_t len)
{
    if (!beta_check(spec, param, msg, len))
        return false;
    if (wl_two_phases(spec) && spec->phases != PHASES_PIPELINED) {
        snprintf(msg, len, "needs workload.phases = pipelined with two-phase jobs: Algorithm 3 "
                           "of seed 001 is for phases that are \"not separated by strict "
                           "barriers but are rather pipelined\" (section 3.2)");
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
    [HOPPER_BETA] = {.key = "beta", .def = NAN, .min = 0.01, .max = 100,
                     .doc = "the scheduler's tail index for V_i = 2/beta T_i; auto: the "
                            "workload's Pareto beta",
                     .allow_auto = true},
    [HOPPER_EPSILON] = {.key = "epsilon", .def = 1, .min = 0, .max = 1,
                        .doc = "1: Algorithm 1; below 1: Algorithm 2, every job at least S/N (1 "
                               "- epsilon) slots"},
    {0},
};

static const struct pol_param hopper_dag_params[] = {
    [DAG_BETA] = {.key = "beta", .def = NAN, .min = 0.01, .max = 100,
                  .doc = "the scheduler's tail index for V_i = 2/beta T_i sqrt(alpha_i); auto: "
                         "the workload's Pareto beta",
                  .allow_auto = true},
    [DAG_ALPHA] = {.key = "alpha", .def = ALPHA_TASKS, .min = 0, .max = 2, .integer = true,
                   .doc = "alpha_i in the map phase: tasks, T'/T in tasks (seed 001 section 3.2's "
                          "example); work, the reduce work left over the map work left; one, "
                          "1 (alpha ignored)",
                   .names = (const char *const[]){"tasks", "work", "one", NULL}},
    [DAG_KMIN] = {.key = "kmin", .def = HP_KMIN_NEXT, .min = 0, .max = 1, .integer = true,
                  .doc = "case 2's J_kmin, the least alpha (ties: the last) among the first k+1 "
                         "jobs (next) or the first k (first-k, the definition's wording)",
                  .names = (const char *const[]){"next", "first-k", NULL}},
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
    .on_copy_done = hopper_copy_done,
    .free = hopper_free,
    .memory = {2 * sizeof(int) + sizeof(double), 2 * sizeof(struct fresh),
               sizeof(struct hp_job) + 3 * sizeof(int) + sizeof(double)},
    .events_per_second = 2.0e7,
};

const struct policy pol_hopper_dag = {
    .name = "hopper-dag",
    .summary = "Hopper for pipelined phases: Algorithm 3, jobs by max{T_i, T'_i}, V_i = 2/beta "
               "T_i sqrt(alpha_i)",
    .source = "seed 001 §3.2, eq. 6, Algorithm 3",
    .params = hopper_dag_params,
    .state_size = sizeof(struct hopper),
    .check = hopper_dag_check,
    .resolve = hopper_resolve,
    .init = hopper_dag_init,
    .on_slot_free = hopper_slot_free,
    .on_copy_done = hopper_copy_done,
    .free = hopper_free,
    .memory = {2 * sizeof(int) + sizeof(double), 2 * sizeof(struct fresh),
               sizeof(struct hp_job) + sizeof(struct hp_dag_job) + 3 * sizeof(int) +
                   sizeof(double) + 1},
    .events_per_second = 1.0e7,
};

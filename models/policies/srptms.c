/* srptms — SRPTMS+C, Shortest Remaining Processing Time based Machine Sharing plus Cloning
 * (seed 002 §V, Algorithm 2 and its task-scheduling procedure).
 *
 * At each decision (each slot of cluster.interval; the paper uses 1 s):
 *  1. ψ(l): the jobs with tasks not yet launched (Algorithm 2 line 1). Each has remaining
 *     effective workload U_i(l) = m_i(l)(E^m + rσ^m) + r_i(l)(E^r + rσ^r) (eq. 4), m_i(l) and
 *     r_i(l) its unlaunched map and reduce tasks, and priority w_i/U_i(l), highest first.
 *  2. ε-fraction sharing (§V-A): with W(l) = Σ w_i (eq. 5) and W_i(l) the weight of J_i and of
 *     every job below it, J_i deserves g_i = w_i M/(εW) if W_i − w_i ≥ (1−ε)W, nothing if
 *     W_i < (1−ε)W, and (W_i − (1−ε)W) M/(εW) in between: the top ε of the weight shares
 *     the M machines in proportion to weight, and Σ g_i = M.
 *  3. In priority order, J_i gets ξ_i = g_i − σ_i(l) of the free machines (σ_i: slots
 *     running its copies; non-preemptive, so a job above its share keeps them) and the
 *     task-scheduling procedure spends them: if its unlaunched map tasks m ≥ x, x of them
 *     start with one copy each; if m < x, every one starts with ⌊x/m⌋ copies; with no map
 *     task left, the same for its reduce tasks.
 *
 * When reduce tasks may be scheduled is where the paper contradicts itself: §V-B's prose says
 * "the scheduler begins to schedule reduce tasks after all the map tasks completed", while the
 * procedure's pseudo-code turns to them as soon as no map task is left unscheduled (their
 * copies then hold their machines idle until the map phase ends, eq. 1g). reduce_early = no
 * (default) follows the prose, yes the pseudo-code.
 *
 * Which jobs share the machines, ψ(l), the paper says three ways: Algorithm 2's line 1 "the set
 * of jobs which have unscheduled tasks", §V-A "every alive job (i.e., not-yet-finished job)",
 * and §V-B's prose, under which a job whose maps all run has unscheduled tasks it may not
 * schedule yet. psi = schedulable (default): the jobs that can schedule a task now — under the
 * pseudo-code the same set as line 1; psi = unscheduled: line 1 literally, a job waiting for
 * its map phase keeps its weight in W(l) and its share g_i unused (this starves weight-0 jobs,
 * docs/methods/policies.md); psi = alive: §V-A, every alive job, U_i(l) = 0 ranking a job whose
 * tasks all run first, its share counting the machines it holds.
 *
 * Decisions where the text is ambiguous (docs/methods/policies.md): the procedure's two
 * branches are printed the wrong way round (line 2 clones when m ≥ x, which gives ⌊x/m⌋ ≤ 1) —
 * we follow §V-B's prose, which clones only when the machines outnumber the tasks; its returned
 * value is read as the machines used; ⌊x/m⌋ copies (the pseudo-code, round_copies = no) or the
 * prose's ⌈x/m⌉, whose footnote calls it "rounding" (round_copies = yes: to the nearest, as far
 * as machines are free); shares are made whole machines by rounding their running sum down (job
 * i gets ⌊g_1 + … + g_i⌋ − ⌊g_1 + … + g_{i−1}⌋), so that they still add up to M — rounding each
 * g_i down would leave machines idle and, when every share is below one machine, schedule
 * nothing at all; g_i's third case prints (1−ε)W_i for (1−ε)W (the shares would not sum to M
 * otherwise); tasks are taken in index order (they are i.i.d., so "at random" changes nothing
 * but the common random numbers); when every pending job has weight 0 they share as if of
 * weight 1. Copies of one task are capped by max_copies. With requests drawn per job a job
 * places the copies of its share that fit; one left short with tasks to place holds the jobs
 * below it back, or with cluster.backfill lets them take their shares (models/cluster.h).
 *
 * Cost (docs/guide/performance.md, "srptms and ese at 1 s slots"): ψ(l) and its order are
 * kept between decisions instead of rebuilt from the pending list and sorted at every slot.
 * Step 1's rule depends on a job only through its membership of ψ(l) and its U_i(l), and
 * U_i(l) through its unlaunched tasks alone, which change only when this policy launches
 * them; so a job's place can change only when it arrives, when it launches tasks (re-placed
 * after the decision, whose ranking is a snapshot as Algorithm 2's), when its map phase ends
 * (psi = schedulable: its reduce tasks become schedulable) and when it completes
 * (psi = alive). At those events alone it is removed from and re-inserted into three sorted
 * arrays: ψ(l) by (−w_i/U_i(l), index) — exactly the order the sort gave, a total order
 * since no two jobs share an index — its weight-0 jobs by (−1/U_i(l), index), the order when
 * every job of ψ(l) weighs 0 (weights are never negative), and ψ(l) by index, the order W(l)
 * is summed in, bit for bit as before. */
#include <math.h>
#include <stdlib.h>

#include "models/cluster.h"
#include "models/policies/kit.h"
#include "models/spec.h"

enum { SRPTMS_EPSILON, SRPTMS_R, SRPTMS_MAX_COPIES, SRPTMS_REDUCE_EARLY, SRPTMS_PSI,
       SRPTMS_ROUND_COPIES };
enum { PSI_SCHEDULABLE, PSI_UNSCHEDULED, PSI_ALIVE }; /* values of `psi` */

struct srptms {
    double epsilon;        /* ε */
    double r;              /* weight of the standard deviation in U_i */
    int max_copies;        /* copies of one task launched together, at most */
    bool reduce_early;     /* reduce tasks once every map task is launched, not completed */
    int psi;               /* which jobs are in ψ(l): PSI_* */
    bool round_copies;     /* copies per task ⌈x/m⌉ rounded to the nearest, not ⌊x/m⌋ */
    struct pol_ranking by_key;  /* ψ(l) by decreasing w_i / U_i(l), ties by index */
    struct pol_ranking by_unit; /* its weight-0 jobs by decreasing 1 / U_i(l), ties by index */
    struct pol_ranking by_job;  /* ψ(l) by index (key: the index) */
    bool *in;                   /* [njobs] whether the job is in ψ(l) ... */
    double *work;               /* ... and then the U_i(l) its entries were keyed by */
    int *launched, nlaunched;   /* jobs given machines in this decision, to re-place after it */
};

/* Whether the job's next unscheduled task may be scheduled now: a reduce task only once
 * every map task has completed, unless reduce_early. */
static bool can_schedule(const struct cluster *cl, const struct srptms *p, int job)
{
    const struct cl_job *j = &cl->job[job];
    return p->reduce_early || j->next_unstarted < j->nmap || j->maps_left == 0;
}

/* Whether an arrived job is in ψ(l) (the `psi` parameter). */
static bool in_psi(const struct cluster *cl, const struct srptms *p, int job)
{
    const struct cl_job *j = &cl->job[job];
    if (p->psi == PSI_ALIVE)
        return isnan(j->completion);
    return j->next_unstarted < j->ntasks &&
           (p->psi == PSI_UNSCHEDULED || can_schedule(cl, p, job));
}

/* U_i(l) of eq. 4. */
static double effective_work(const struct cluster *cl, int job, double r)
{
    const struct cl_job *j = &cl->job[job];
    int maps = j->nmap > j->next_unstarted ? j->nmap - j->next_unstarted : 0;
    return pol_effective_work(j, maps, j->ntasks - j->next_unstarted - maps, r);
}

/* Rank key of a job whose U_i(l) is U: −w_i/U, smaller first (w = 1 for all when unit). A job
 * with nothing left to schedule (U = 0, psi = alive) ranks first, or, of weight 0, with the
 * weight-0 jobs. */
static double priority_key(const struct cluster *cl, int job, double U, bool unit)
{
    double w = unit ? 1.0 : cl->job[job].weight;
    return U > 0 ? -w / U : w > 0 ? -INFINITY : 0.0;
}

/* Bring the job's entries up to date after an event that may have changed its membership of
 * ψ(l) or its U_i(l): out of the rankings under its old keys, in under its new ones. */
static void place(const struct cluster *cl, struct srptms *p, int job)
{
    bool in = in_psi(cl, p, job);
    double U = in ? effective_work(cl, job, p->r) : 0.0;
    if (in == p->in[job] && (!in || U == p->work[job] || (isnan(U) && isnan(p->work[job]))))
        return;
    bool zero = cl->job[job].weight == 0;
    if (p->in[job]) {
        double old = p->work[job];
        pol_rank_remove(&p->by_key, priority_key(cl, job, old, false), job);
        if (zero)
            pol_rank_remove(&p->by_unit, priority_key(cl, job, old, true), job);
        if (!in)
            pol_rank_remove(&p->by_job, job, job);
    }
    if (in) {
        pol_rank_insert(&p->by_key, priority_key(cl, job, U, false), job);
        if (zero)
            pol_rank_insert(&p->by_unit, priority_key(cl, job, U, true), job);
        if (!p->in[job])
            pol_rank_insert(&p->by_job, job, job);
    }
    p->in[job] = in;
    p->work[job] = U;
}

/* The task-scheduling procedure: spend x free machines on the job's unlaunched tasks of its
 * current phase. Returns the machines used. */
static int schedule_tasks(struct cluster *cl, const struct srptms *p, int job, int x)
{
    struct cl_job *j = &cl->job[job];
    if (j->next_unstarted == j->ntasks || !can_schedule(cl, p, job))
        return 0;
    int phase_end = j->next_unstarted < j->nmap ? j->nmap : j->ntasks;
    int m = phase_end - j->next_unstarted, used = 0;
    if (m >= x) {
        int k = 0;
        for (; k < x && cl_fits(cl, job); k++)
            cl_start_next_task(cl, job, 1);
        return k;
    }
    int copies = p->round_copies ? (2 * x + m) / (2 * m) : x / m; /* nearest: ⌊x/m + ½⌋ */
    if (copies > p->max_copies)
        copies = p->max_copies;
    for (int k = 0; k < m && cl_fits(cl, job); k++) {
        int before = cl->nfree;
        cl_start_next_task(cl, job, copies); /* as many as are free */
        used += before - cl->nfree;
    }
    return used;
}

static void srptms_slot_free(struct cluster *cl, void *st)
{
    struct srptms *p = st;
    double W = 0.0; /* eq. 5, summed in index order */
    for (int i = 0; i < p->by_job.n; i++)
        W += cl->job[p->by_job.r[i].job].weight;
    bool unit = W <= 0; /* every job of weight 0: they share as if of weight 1 */
    const struct pol_ranking *rk = unit ? &p->by_unit : &p->by_key;
    int n = rk->n;
    CL_ASSERT(n == p->by_job.n);
    if (unit)
        W = n;
    double eps = p->epsilon, M = cl->nslots, above = 0.0, shared = 0.0;
    int granted = 0; /* whole machines granted to the jobs above */
    p->nlaunched = 0;
    for (int i = 0; i < n && cl->nfree > 0; i++) {
        int job = rk->r[i].job;
        double w = unit ? 1.0 : cl->job[job].weight;
        double Wi = W - above; /* J_i and every job below it */
        above += w;
        if (Wi < (1 - eps) * W)
            break; /* g_i = 0 here and below */
        shared += Wi - w >= (1 - eps) * W ? w * M / (eps * W)
                                          : (Wi - (1 - eps) * W) * M / (eps * W);
        /* whole machines: the running sum of the shares, rounded down, so that the integer
           shares also add up to M and a share below 1 does not starve everyone */
        int g = (int)floor(shared + 1e-9);
        int xi = g - granted - cl->job[job].copies_running;
        granted = g;
        if (xi <= 0)
            continue;
        int want = xi < cl->nfree ? xi : cl->nfree, used = schedule_tasks(cl, p, job, want);
        if (used > 0)
            p->launched[p->nlaunched++] = job;
        if (used < want && can_schedule(cl, p, job) && pol_holds(cl, job))
            break; /* requests drawn per job: its share does not fit, the jobs below wait */
    }
    for (int k = 0; k < p->nlaunched; k++)
        place(cl, p, p->launched[k]);
}

/* Arrivals, map phases ending and completions change ψ(l): the job's entries follow. */
static void srptms_arrival(struct cluster *cl, void *st, int job)
{
    place(cl, st, job);
}

static void srptms_copy_done(struct cluster *cl, void *st, int task)
{
    place(cl, st, cl->task_job[task]);
}

static int srptms_init(struct cluster *cl, void *st, const double *param)
{
    struct srptms *p = st;
    p->epsilon = param[SRPTMS_EPSILON];
    p->r = param[SRPTMS_R];
    p->max_copies = (int)param[SRPTMS_MAX_COPIES];
    p->reduce_early = param[SRPTMS_REDUCE_EARLY] != 0;
    p->psi = (int)param[SRPTMS_PSI];
    p->round_copies = param[SRPTMS_ROUND_COPIES] != 0;
    p->in = calloc((size_t)cl->njobs, sizeof *p->in);
    p->work = malloc((size_t)cl->njobs * sizeof *p->work);
    p->launched = malloc((size_t)cl->njobs * sizeof *p->launched);
    if (!p->in || !p->work || !p->launched)
        return -1;
    return pol_rank_reserve(&p->by_key, cl->njobs) || pol_rank_reserve(&p->by_unit, cl->njobs) ||
                   pol_rank_reserve(&p->by_job, cl->njobs)
               ? -1
               : 0;
}

static void srptms_free(void *st)
{
    struct srptms *p = st;
    pol_rank_free(&p->by_key);
    pol_rank_free(&p->by_unit);
    pol_rank_free(&p->by_job);
    free(p->in);
    free(p->work);
    free(p->launched);
}

static bool srptms_check(const struct cl_spec *spec, const double *param, char *msg, size_t len)
{
    return pol_check_finite_sd(spec, param[SRPTMS_R], msg, len);
}

static const char *const srptms_psi_names[] = {[PSI_SCHEDULABLE] = "schedulable",
                                               [PSI_UNSCHEDULED] = "unscheduled",
                                               [PSI_ALIVE] = "alive", NULL};

static const struct pol_param srptms_params[] = {
    [SRPTMS_EPSILON] = {.key = "epsilon", .def = 0.6, .min = 1e-9, .max = 1,
                        .doc = "share of the pending weight that shares the machines (002 §VI-B: "
                               "0.6)"},
    [SRPTMS_R] = {.key = "r", .def = 3, .min = 0, .max = 1e6,
                  .doc = "U_i = tasks x (E + r SD) per phase (002 eq. 4; §VI-C: 3)"},
    [SRPTMS_MAX_COPIES] = {.key = "max_copies", .def = RNG_MAX_COPIES, .min = 1,
                           .max = RNG_MAX_COPIES, .integer = true,
                           .doc = "cap on the copies of one task (the paper has none)"},
    [SRPTMS_REDUCE_EARLY] = {.key = "reduce_early", .def = 0, .min = 0, .max = 1, .integer = true,
                             .doc = "no: reduce tasks after every map task completed (002 §V-B "
                                    "prose); yes: once every map task is launched (the "
                                    "pseudo-code)",
                             .names = pol_no_yes},
    [SRPTMS_PSI] = {.key = "psi", .def = PSI_SCHEDULABLE, .min = 0, .max = 2, .integer = true,
                    .doc = "psi(l), the jobs sharing the machines: schedulable those that can "
                           "schedule a task now; unscheduled those with unscheduled tasks "
                           "(Algorithm 2 line 1); alive every alive job (§V-A)",
                    .names = srptms_psi_names},
    [SRPTMS_ROUND_COPIES] = {.key = "round_copies", .def = 0, .min = 0, .max = 1, .integer = true,
                             .doc = "copies per task when cloning: no floor(x/m) (the "
                                    "pseudo-code); yes x/m rounded to the nearest (§V-B's "
                                    "prose), as far as machines are free",
                             .names = pol_no_yes},
    {0},
};

const struct policy pol_srptms = {
    .name = "srptms",
    .summary = "SRPTMS+C: top-epsilon weight shares machines by w/U, clones to fill a share",
    .source = "seed 002 §V, Algorithm 2 and the task-scheduling procedure",
    .params = srptms_params,
    .state_size = sizeof(struct srptms),
    .check = srptms_check,
    .init = srptms_init,
    .on_arrival = srptms_arrival,
    .on_slot_free = srptms_slot_free,
    .on_copy_done = srptms_copy_done,
    .free = srptms_free,
    .events_per_second = 2.5e7,
    .memory = {0, 0, 61},
};

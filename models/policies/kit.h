/* kit — what the policies share and the engine does not use (models/policy.h is the
 * engine's contract with a policy; this is the policies' toolkit, as SQLite's sqliteInt.h is
 * to sqlite3.h): heartbeats and growing arrays, FIFO starts, rankings and heaps of jobs and
 * tasks, watch lists, progress scores, Chronos' detection and r = auto, a memo of repeated
 * computations, the production speculators' seconds and finished durations. Each part names
 * the file that defines it. A speed-up inside a policy edits this and the policies, never the
 * interface. */
#ifndef SPECMC_POLICY_KIT_H
#define SPECMC_POLICY_KIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/policy.h"

/* Shared building blocks (models/policies/registry.c). */

/* A policy's growing array of *cap elements of `size` bytes, twice as long (1024 at first):
 * returns it moved, with *cap updated; aborts when out of memory, as cl_set_timer does
 * (nothing sensible is left to do in the middle of a replica). */
void *pol_grow(void *p, int *cap, size_t size);

/* When a heartbeat that fires now should fire next, `period` after it: now + period, or,
 * while the cluster is idle, the first of the beats now + period, + period, ... (each sum
 * rounded, cl_beat_after) at or after the next arrival — the beats in between would find
 * nothing to do, and skipping them leaves every result as it was, bit for bit. */
double pol_next_beat(const struct cluster *cl, double period);

/* Launch never-started tasks in FIFO order (job arrival, then task index) with `copies`
 * copies each, while slots are free. With requests drawn per job, while they fit: a job whose
 * next task fits nowhere stops the launches, or with cluster.backfill is passed over
 * (cl_passed_over, models/cluster.h). Returns tasks started. */
int pol_start_fifo(struct cluster *cl, int copies);

/* The oldest job with a never-launched task whose copy may start now under the placement
 * rule (models/cluster.h): the first that fits, those before it passed over; -1 when no slot
 * is free, none waits, or one that does not fit holds the others back. A FIFO policy's loop
 * "while a slot is free, start the oldest job's next task" is "while pol_fifo_next >= 0". */
int pol_fifo_next(const struct cluster *cl);

/* After a policy has served `job` as far as it fits: whether it holds back the jobs after it
 * in the policy's order — it still has a never-launched task, its copy fits nowhere and
 * cluster.backfill does not pass it over. Without drawn requests, only when no slot is free. */
bool pol_holds(const struct cluster *cl, int job);

/* Rankings of the jobs with never-launched tasks (models/policies/rank.c): a policy reserves
 * room for every job of the replica in init, ranks at each decision and frees in free. */
struct pol_rank {
    double key; /* smaller first */
    int job;    /* ties: lower index (earlier arrival) first */
};
struct pol_ranking {
    struct pol_rank *r;
    int n, cap;
    struct pol_rank *tmp; /* pol_rank_sort's merge buffer, cap entries */
};
typedef double (*pol_rank_key)(const struct cluster *cl, int job, const void *ctx);
int pol_rank_reserve(struct pol_ranking *rk, int n); /* 0, or -1 when out of memory */
void pol_rank_free(struct pol_ranking *rk);
/* Sort rk->r[0 .. rk->n) by key, ties by job; pol_rank_before is that order. */
void pol_rank_sort(struct pol_ranking *rk);
bool pol_rank_before(const struct pol_rank *a, const struct pol_rank *b);
/* Keep rk->r sorted in that order as entries come and go (O(log n) to find the place, a
 * move of the entries after it): insert (key, job), key not NaN, within the reserved room;
 * remove the entry (key, job), which must be there. */
void pol_rank_insert(struct pol_ranking *rk, double key, int job);
void pol_rank_remove(struct pol_ranking *rk, double key, int job);
/* Fill rk with the pending jobs (cl->pend_head list) sorted by key; returns how many. */
int pol_rank_pending(const struct cluster *cl, struct pol_ranking *rk, pol_rank_key key,
                     const void *ctx);

/* Binary heaps of ints on v[0 .. n), inline so that the order's calls inline too.
 * before(ctx, a, b) is true when a comes first: a strict total order (ties broken), so that
 * v[0] is the first of them, the one a scan in that order would find. pos, where not NULL,
 * is indexed by the ints and kept as each one's place in v (-1 once removed), so that one
 * can be found again when its key changes. make: order v. down, up: v[i]'s key moved later,
 * earlier; restore the order. push: add x (room for n + 1). remove: take v[i] (n > 0), leaving
 * the rest in v[0 .. n − 1); pop: remove v[0] and return it. For policies that would otherwise
 * scan every candidate at each decision for the first in their order: a change to one key
 * costs O(log n). */
typedef bool (*pol_before)(const void *ctx, int a, int b);
static inline void pol_heap_put(int *v, int *pos, int i, int x)
{
    v[i] = x;
    if (pos)
        pos[x] = i;
}
static inline void pol_heap_down(int *v, int *pos, int n, int i, pol_before before,
                                 const void *ctx)
{
    int x = v[i];
    for (;;) {
        int c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && before(ctx, v[c + 1], v[c]))
            c++;
        if (!before(ctx, v[c], x))
            break;
        pol_heap_put(v, pos, i, v[c]);
        i = c;
    }
    pol_heap_put(v, pos, i, x);
}
static inline void pol_heap_up(int *v, int *pos, int i, pol_before before, const void *ctx)
{
    int x = v[i];
    while (i > 0 && before(ctx, x, v[(i - 1) / 2])) {
        pol_heap_put(v, pos, i, v[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    pol_heap_put(v, pos, i, x);
}
static inline void pol_heap_make(int *v, int *pos, int n, pol_before before, const void *ctx)
{
    for (int i = 0; pos && i < n; i++)
        pos[v[i]] = i;
    for (int i = n / 2 - 1; i >= 0; i--)
        pol_heap_down(v, pos, n, i, before, ctx);
}
static inline void pol_heap_push(int *v, int *pos, int n, int x, pol_before before,
                                 const void *ctx)
{
    v[n] = x;
    pol_heap_up(v, pos, n, before, ctx);
}
static inline void pol_heap_remove(int *v, int *pos, int n, int i, pol_before before,
                                   const void *ctx)
{
    int x = v[i], last = v[n - 1];
    if (pos)
        pos[x] = -1;
    if (i == n - 1)
        return;
    pol_heap_put(v, pos, i, last);
    if (i > 0 && before(ctx, last, v[(i - 1) / 2]))
        pol_heap_up(v, pos, i, before, ctx);
    else
        pol_heap_down(v, pos, n - 1, i, before, ctx);
}
static inline int pol_heap_pop(int *v, int *pos, int n, pol_before before, const void *ctx)
{
    int top = v[0];
    pol_heap_remove(v, pos, n, 0, before, ctx);
    return top;
}

/* Seed 002's effective workloads weigh each phase's task-time SD by r: check that r = 0 or
 * the SD is finite. */
bool pol_check_finite_sd(const struct cl_spec *spec, double r, char *msg, size_t len);
/* m map and n reduce tasks of a job at (E + rσ) each, per phase (seed 002 eqs. 2 and 4); r = 0
 * counts E alone, also where σ is infinite. */
struct cl_job;
double pol_effective_work(const struct cl_job *j, int m, int n, double r);

/* Launch the job's never-started tasks in index order, one copy each, while they fit
 * (cl_fits: while slots are free, with drawn requests on a server with room). Returns tasks
 * started. */
int pol_start_job(struct cluster *cl, int job);

/* Launch one copy of each task rk->r[i].job (a ranking of tasks, best first) in order, under
 * the placement rule: a task whose job's copy does not fit stops the launches, or with
 * cluster.backfill is passed over. */
void pol_launch_ranked(struct cluster *cl, const struct pol_ranking *rk);

/* The slot of the task's running copy with the largest key(cl, slot); ties go to the lowest
 * copy number (the original first). -1 if none runs. */
int pol_best_copy(const struct cluster *cl, int task,
                  double (*key)(const struct cluster *cl, int slot));

/* A running task's progress (models/policies/progress.c, seed 003 §III): its score PS, the
 * best reported progress among its copies (eq. 1); its rate PR = PS/T, T the time since its
 * first copy's launch (eq. 4); its time to completion TTC = (1 − PS)/PR (eq. 5; INFINITY at
 * rate 0). All NAN while none of its copies has reported progress (in the launch delay, or a
 * reduce copy waiting for its map phase); rate and TTC also at T = 0. */
struct pol_progress {
    double score, rate, ttc;
};
struct pol_progress pol_task_progress(const struct cluster *cl, int task);
/* The same at time `now`, the task's copies as they are (bounds on later decisions). */
struct pol_progress pol_task_progress_at(const struct cluster *cl, int task, double now);

/* The tasks a policy watches (models/policies/watch.c): an indexed binary min-heap on a key
 * per task (a due time; a bound on a score, negated for the largest first), ties to the
 * lower task. init: room for
 * tasks 0 .. ntasks − 1 (0, or -1 when out of memory); set: enter the task or change its key
 * (abort()s when out of memory, as cl_set_timer); remove: let it go, if it is in. The smallest
 * key is h[0] while n > 0; pos[task] is the task's index in h, -1 when it is not in. */
struct pol_watched {
    double key;
    int task;
};
struct pol_watch {
    struct pol_watched *h;
    int n, cap;
    int *pos;
};
int pol_watch_init(struct pol_watch *w, int ntasks);
void pol_watch_free(struct pol_watch *w);
void pol_watch_set(struct pol_watch *w, int task, double key);
void pol_watch_remove(struct pol_watch *w, int task);
/* Lists of tasks, each in the order its tasks joined (models/policies/watch.c): list k runs
 * first[k], next[first[k]], ... to -1. init: nlists lists, all empty, of tasks 0 .. ntasks − 1
 * (0, or -1 when out of memory; free in any case); append: task joins list k last; remove:
 * task, in list k, leaves it. */
struct pol_lists {
    int *first, *last; /* per list: its first and last task, -1 when empty */
    int *prev, *next;  /* per task in a list: its neighbours, -1 at the ends */
};
int pol_lists_init(struct pol_lists *l, int nlists, int ntasks);
void pol_lists_free(struct pol_lists *l);
void pol_lists_append(struct pol_lists *l, int k, int task);
void pol_lists_remove(struct pol_lists *l, int k, int task);

/* Key for pol_best_copy: the attempt with the smallest estimated completion time wins; one
 * without an estimate yet loses to any that has one. */
double pol_key_earliest_end(const struct cluster *cl, int slot);

/* What s-restart and s-resume share (models/policies/detection.c): their parameters r,
 * tau_est, tau_kill, corrected, split, map_share (in this order), their state, and the
 * callbacks that do the same in both — check (deadlines set, τ_est and τ_kill − τ_est beyond
 * the launch delay, r = auto possible), gate (τ_est), init, on_slot_free (one attempt per task
 * in FIFO order, a POL_DETECT_TIMER_EST timer at τ_est after its launch — with r per stage, for
 * a reduce task launched while its map phase runs, at τ_est after that phase ends:
 * on_copy_done). */
enum { POL_DETECT_R, POL_DETECT_TAU_EST, POL_DETECT_TAU_KILL, POL_DETECT_CORRECTED,
       POL_DETECT_SPLIT, POL_DETECT_MAP_SHARE };
enum { POL_DETECT_TIMER_EST = 1, POL_DETECT_TIMER_KILL, POL_DETECT_TIMER_SWITCH };
/* Chronos r (models/policies/chronos_auto.c): a number, or `auto` — then each job's own,
 * chosen by Algorithm 1 (seed 004 §V-B) when the job arrives and kept in its cl_job.choice. */
struct pol_chronos_r {
    int given;        /* r as configured; -1 for auto */
    int corrected;    /* auto: Algorithm 1 on the corrected (1, yes) or printed (0, no) formulas */
    bool stages;      /* auto on two-phase jobs: r per stage (r_map in cl_job.choice, r_reduce
                         in choice_reduce), each stage on its share of the deadline (split) */
    int split;        /* how D_i is split (enum pol_split) */
    double map_share; /* split = fraction: D_map / D_i */
};
/* How `r = auto` splits a two-phase job's deadline D_i between its stages
 * (models/policies/chronos_auto.c; docs/methods/policies.md, `r = auto`). */
enum pol_split {
    POL_SPLIT_EXPECTED, /* D_map / D_i = E[max of N_map] / (E[max of N_map] + E[max of N_red]) */
    POL_SPLIT_FRACTION, /* D_map / D_i = map_share */
    POL_SPLIT_JOINT     /* (D_map, r_map, r_reduce) maximising the job's utility together */
};
struct pol_detect {
    struct pol_chronos_r r; /* s-restart: extra attempts; s-resume: r + 1 replace the
                               straggler */
    double tau_est;         /* detection time after launch */
    double tau_kill;        /* keep-the-best time after launch */
};
bool pol_detect_check(const struct cl_spec *spec, const double *param, char *msg, size_t len);
int pol_detect_init(struct cluster *cl, void *st, const double *param);
void pol_detect_slot_free(struct cluster *cl, void *st);
/* At τ_est: is the task's running attempt estimated to miss its deadline (the job's, or its
 * stage's: pol_chronos_deadline)? (False while it has no estimate yet.) */
bool pol_detect_straggler(const struct cluster *cl, const struct pol_detect *p, int task);
/* on_copy_done: with r per stage, a τ_est timer for each reduce task the map phase held. */
void pol_detect_copy_done(struct cluster *cl, void *st, int task);
/* At τ_kill: keep the attempt estimated to finish first, kill the others. */
void pol_detect_keep_best(struct cluster *cl, int task);
/* Their tau_est and tau_kill entries of the parameter table. */
#define POL_DETECT_TIME_PARAMS                                                                   \
    [POL_DETECT_TAU_EST] = {.key = "tau_est", .def = 0.3, .min = 0, .max = 1e300,                 \
                            .doc = "time after launch when stragglers are detected (Table I: " \
                                   "0.3 tmin)",                                                \
                            .kind = POL_TIME_TMIN},                                            \
    [POL_DETECT_TAU_KILL] = {.key = "tau_kill", .def = 0.8, .min = 0, .max = 1e300,               \
                             .doc = "time after launch when all but the attempt estimated to " \
                                    "finish first are killed (Table I: tau_est + 0.5 tmin)",   \
                             .kind = POL_TIME_TMIN}
/* Their gate: only a task still running at τ_est can be detected. */
struct pol_gate pol_detect_gate(const struct cl_spec *spec, const double *param);
/* Their tail (struct pol_tail): a straggler's r extra attempts (S-Restart) or r + 1 that
 * replace it (S-Resume: a long original has made no progress worth keeping, so its r + 1
 * resumed attempts are r + 1 fresh ones), on the slots free at τ_est; sure only where the
 * cluster always has room, the estimate that decides at τ_kill is exact, and r is fixed
 * (`auto` promises none: Algorithm 1 may choose 0). */
struct pol_tail pol_detect_tail(const struct cl_spec *spec, const double *param);

/* Whether the cluster's estimates are exact (seed 004 eq. 32's estimator, no noise): then a
 * choice of the attempt that ends first, or of the best progress among attempts started
 * together, keeps the one that truly ends first. */
bool pol_estimates_exact(const struct cl_spec *spec);

/* Chronos `r = auto` per job (models/policies/chronos_auto.c).
 * pol_chronos_r_init: from the parameters r (NaN: auto) and, in `rest`, corrected, split and
 *   map_share (POL_CHRONOS_AUTO_PARAMS).
 * pol_chronos_r_arrival: at job's arrival, with auto, set its choice to pol_chronos_job_r, or
 *   with r per stage its choice, choice_reduce and split to pol_chronos_job_stages.
 * pol_chronos_r_of: the r of a task (the given one, or its job's, or its job's stage's).
 * pol_chronos_deadline: the absolute deadline a task's estimate is held against: its job's;
 *   with r per stage its stage's, a_i + D_map for a map task, maps_done + D_i − D_map for a
 *   reduce task (NAN while its map phase runs).
 * pol_chronos_origin: when a task's τ_est and τ_kill are counted from: its launch; with r per
 *   stage, for a reduce task launched while its map phase ran, that phase's end (its copies
 *   start processing then: barrier phases). NAN while they still wait.
 * pol_chronos_waits: whether, with r per stage, a task's timers wait for its map phase.
 * pol_chronos_stage_timers: on_copy_done, with r per stage: when `task` was its job's last map
 *   task, a timer `tag` at now + `after` for each of the job's reduce tasks launched while the
 *   map phase ran that has at least min_running copies (they start processing now).
 * pol_chronos_job_stages: per stage, Algorithm 1 on the stage's N, t_min, β and its share of
 *   D_i (split expected or fraction), or the joint maximum of the job's utility (split joint):
 *   r_map, r_reduce and D_map (docs/methods/policies.md). A pure function; memo may be NULL.
 * pol_chronos_split_applies: the pol_param.applies of split and map_share.
 * pol_chronos_job_r: seed 004 Algorithm 1 (models/theory/chronos.h ch_alg1) for one job: the r in
 *   [0, POL_CHOICE_MAX] maximising the net utility lg(R(r) − R_min) − θ C E(T) (eq. 25) of
 *   the closed forms of Theorems 1–6 with the job's N (its task count), t_min (its Pareto
 *   scale times its scale), β (its own shape), D (its own relative deadline, rel_deadline),
 *   C (its own price γ_i) and the scenario's [utility] θ, R_min,
 *   and the policy's τ_est (0 for Clone), τ_kill and formulas (`strategy` an enum
 *   ch_strategy). 0 where no r reaches R_min or the job is outside the closed forms' domain
 *   (docs/methods/policies.md). A pure function of its arguments; `memo` (may be NULL) remembers it.
 * pol_check_auto: r = auto needs Pareto task times with beta > 1, deadlines (the scenario's,
 *   or a trace's for every job), barrier phases where jobs have two, and map_share in (0, 1). */
void pol_chronos_r_init(struct pol_chronos_r *c, const struct cl_spec *spec, double r,
                        const double *rest);
void pol_chronos_r_arrival(struct cluster *cl, const struct pol_chronos_r *c, int job,
                           int strategy, double tau_est, double tau_kill);
int pol_chronos_r_of(const struct cluster *cl, const struct pol_chronos_r *c, int task);
double pol_chronos_deadline(const struct cluster *cl, const struct pol_chronos_r *c, int task);
double pol_chronos_origin(const struct cluster *cl, const struct pol_chronos_r *c, int task);
bool pol_chronos_waits(const struct cluster *cl, const struct pol_chronos_r *c, int task);
void pol_chronos_stage_timers(struct cluster *cl, const struct pol_chronos_r *c, int task,
                              double after, int tag, int min_running);
struct pol_stages {
    int r_map, r_reduce; /* extra attempts per stage */
    double d_map;        /* the map stage's share of D_i (the reduce stage has the rest) */
};
struct pol_stages pol_chronos_job_stages(const struct cl_spec *spec, const struct cl_job *j,
                                         int strategy, double tau_est, double tau_kill,
                                         const struct pol_chronos_r *c, struct pol_memo *memo);
bool pol_chronos_split_applies(const struct cl_spec *spec, const double *param);
int pol_chronos_job_r(const struct cl_spec *spec, const struct cl_job *j, int strategy,
                      double tau_est, double tau_kill, int corrected, struct pol_memo *memo);
bool pol_check_auto(const struct cl_spec *spec, double r, const double *rest, char *msg,
                    size_t len);

/* A memo of pure computations that a policy repeats for jobs of the same shape
 * (models/policies/memo.c): an int per key of POL_MEMO_KEY doubles, compared bit for bit.
 * The replica workspace owns one (cluster.memo) and keeps it across replicas; it saves time
 * and never changes a result. get: false when the key is not held (or m is NULL). */
#define POL_MEMO_KEY 16
bool pol_memo_get(const struct pol_memo *m, const double *key, int *value);
void pol_memo_put(struct pol_memo *m, const double *key, int value);

/* Constants in seconds (models/policies/production.c): hadoop2, spark, hadoop-s, late and
 * threshold keep their systems' constants in seconds. A time parameter i with seconds[i] > 0
 * given `auto` is seconds[i] x pol_second(spec, typical_s): one second is 1 time unit with a trace (traces are
 * in seconds), else the family's mean task time / typical_s, the seconds a mean task takes in
 * the system's own setting (NAN where that mean is infinite, which pol_seconds_check
 * refuses): POL_TYPICAL_TASK_S for the production speculators. */
#define POL_TYPICAL_TASK_S 100.0

/* The production speculators' `order` (an enum pol_order; models/policies/pair.c resolves
 * `auto`: by job beside fifo, as YARN's FifoScheduler and Spark's FIFO pool serve a job's
 * copies before a later job's tasks; the scheduler's tasks first beside any other). */
#define POL_PARAM_ORDER                                                                      \
    {.key = "order", .def = NAN, .min = 0, .max = 2, .integer = true,                        \
     .doc = "who gets a free slot: tasks-first every waiting task first, by-job job by job "  \
            "(fifo only: a job's tasks, then its copies, before a later job's), "             \
            "copies-first every copy first; auto: by-job beside fifo, tasks-first otherwise", \
     .allow_auto = true,                                                                     \
     .names = (const char *const[]){"tasks-first", "by-job", "copies-first", NULL}}
double pol_second(const struct cl_spec *spec, double typical_s);
/* seconds[i] for every parameter i of p: a table of POL_MAX_PARAMS (0: not a time in seconds),
 * never one cut at the last time parameter (a parameter added after it would be read past
 * its end). */
bool pol_seconds_check(const struct cl_spec *spec, const struct policy *p, const double *param,
                       const double seconds[POL_MAX_PARAMS], double typical_s, char *msg,
                       size_t len);
void pol_seconds_resolve(const struct cl_spec *spec, const struct policy *p, double *param,
                         const double seconds[POL_MAX_PARAMS], double typical_s);

/* The durations of each job phase's finished tasks, as Hadoop's DataStatistics and Spark's
 * successfulTaskDurations keep them: k = 2 x job + phase. A duration is the winning copy's,
 * to the task's completion from its launch (cl->done_launch: Hadoop's attempt start), or
 * with `median` from its release (Spark, whose reduce stage starts when its map stage ends):
 * its processing start less the launch delay, its launch unless it was a reduce copy waiting
 * for its map phase. proc_sum sums them from the processing start (the executor run time of
 * Spark's process rate). With `median`, two heaps per job phase (in slices of lo and hi
 * indexed like the tasks) give the median in O(1) after O(log n) insertions. init: 0 or -1
 * (no memory); add: at on_copy_done. median: NAN when none finished; for an even count the
 * mean of the two middle values, or with `upper` the upper one (sorted[n/2]). */
struct pol_finished {
    int *count;
    double *sum, *proc_sum;
    int *nlo;
    double *lo, *hi;
    bool since_release;
};
int pol_finished_init(struct pol_finished *f, const struct cluster *cl, bool median);
void pol_finished_free(struct pol_finished *f);
void pol_finished_add(struct pol_finished *f, const struct cluster *cl, int task);
double pol_finished_median(const struct pol_finished *f, const struct cluster *cl, int k,
                           bool upper);

/* The parameters every Chronos policy has after its own (r, tau_est, tau_kill): r is its
 * first (POL_CHRONOS_R), these follow its own, in this order. */
#define POL_CHRONOS_R 0
#define POL_CHRONOS_AUTO_PARAMS                                                                  \
    {.key = "corrected", .def = 1, .min = 0, .max = 1, .integer = true,                          \
     .doc = "r = auto: yes uses the corrected cost formulas, no the printed ones (θ, C, R_min: "  \
            "[utility])",                                                                        \
     .names = pol_no_yes},                                                                       \
    {.key = "split", .def = POL_SPLIT_EXPECTED, .min = 0, .max = 2, .integer = true,             \
     .doc = "r = auto on two-phase jobs: how D_i is split between the map and reduce stages, "   \
            "each with its own r (expected: as their expected durations; fraction: map_share; "  \
            "joint: the split and both r maximising the job's utility)",                         \
     .names = (const char *const[]){"expected", "fraction", "joint", NULL},                      \
     .applies = pol_chronos_split_applies},                                                      \
    {.key = "map_share", .def = 0.5, .min = 0, .max = 1,                                         \
     .doc = "split = fraction: the map stage's share of the deadline, in (0, 1)",                \
     .applies = pol_chronos_split_applies}

/* Seed 000's parameters, shared by sca, ese and regime (models/policies/sca.c, ese.c,
 * regime.c), which runs each of the other two in its own regime. */
#define POL_SCA_PARAMS                                                                           \
    {.key = "gamma", .def = 0.01, .min = 0, .max = 1e6,                                          \
     .doc = "price of machine time in P2 (000 §7.1.1: 0.01)"},                                   \
    {.key = "xi", .def = 8, .min = 1, .max = RNG_MAX_COPIES, .integer = true,                   \
     .doc = "most copies per task (000 §7.1.1: 8)"},                                             \
    {.key = "alpha", .def = 2, .min = 1.000001, .max = 1e6,                                      \
     .doc = "the scheduler's estimate of the Pareto tail index (000 §7.1.2: 2)"},                \
    {.key = "rho_balance", .def = 0, .min = 0, .max = 1, .integer = true,                        \
     .doc = "no: ADMM's rho = eta fixed at 000 §5.2.3's value; yes: residual balancing from it " \
            "(Boyd et al. 2011 §3.4.1; not in the paper)",                                     \
     .names = pol_no_yes}
#define POL_ESE_SIGMA_PARAM                                                                      \
    {.key = "sigma", .def = NAN, .min = 0, .max = 1e6,                                           \
     .doc = "straggler when t_rem > sigma E[X]; auto = P3's optimum (000 §6.2.2)",              \
     .allow_auto = true}
enum { POL_SCA_NPARAMS = 4 }; /* POL_SCA_PARAMS' entries, in sca's parameter order */

/* ESE's watch list, for a policy that starts running ESE part way (regime.c): every running
 * task with one copy that is not waiting for its map phase, as if ESE had launched them all
 * (models/policies/ese.c). st: pol_ese's state. */
void pol_ese_watch_running(const struct cluster *cl, void *st);

#endif

/* policy — the plug-in interface every scheduling policy implements, and the registry.
 *
 * A policy is a table of function pointers (as SQLite's sqlite3_vfs): a name, a one-line
 * summary, its source in the seed papers, a parameter table, the size of its private state,
 * and callbacks the event loop (models/replica.c) calls. Optional callbacks may be NULL.
 * Policies change the cluster only through cluster.h (launch, kill, timers). They never see
 * threads, files, configs or other replicas.
 *
 * When the callbacks run:
 *   check         when the config is loaded, once per scenario (no state, no cluster).
 *   resolve       right after check: replace parameters given as `auto` (NaN) by the values
 *                 they stand for, so that every replica of the scenario runs the same ones
 *                 and the results file records them. A parameter marked auto_per_job is
 *                 not resolved here: init sees NaN and the policy chooses per job.
 *   init          once per replica, before any event; state is zeroed, params validated.
 *   on_arrival    a job arrived (after cl_arrive).
 *   on_slot_free  at least one slot is free: after all events of an instant have been
 *                 processed (event-driven, interval = 0), or at each tick (interval Δ > 0).
 *                 The policy fills free slots as it sees fit and returns.
 *   on_tick       every Δ when interval > 0, before on_slot_free.
 *   on_timer      a timer the policy set with cl_set_timer fired.
 *   on_copy_done  a task completed (its first copy finished; the others were killed).
 *   free          after the replica, to release what init allocated.
 *   state         optional, only where the run asks for a time series ([series] times): the
 *                 policy's scalar state at time t (>= the cluster's now, before the next
 *                 event), e.g. seed 003's time threshold. It reads; it sets no timer, launches
 *                 nothing, draws no random number and changes nothing a later decision reads
 *                 (it may reuse scratch that every decision rewrites first), so that a run
 *                 with a series gives the results of one without, bit for bit. The engine
 *                 records NaN without calling it while no arrived job is unfinished.
 *
 * Roles (docs/methods/policies.md, "Schedulers and speculators"). A policy is whole (it schedules and
 * speculates by itself: sca, clone, hopper), a scheduler or a speculator. A scheduler decides
 * which job's never-launched tasks get free slots (cl_start_next_task, one copy each, from
 * on_slot_free only); it never launches copies, kills or sets timers. A speculator decides
 * the extra copies of running tasks (cl_launch_copy, cl_kill, its timers) and never starts a
 * waiting task. `[policy] list = fair+late` pairs a scheduler with a speculator; a speculator
 * listed alone runs beside `fifo` (Hadoop's scheduler, which its papers assume). In a pair:
 *   - who gets a free slot is the speculator's order (POL_ORDER_*): by default the
 *     scheduler's waiting tasks first, the speculator offered the slots left (LATE's and
 *     the seeds' reading); Mantri's duplicates before waiting tasks (POL_ORDER_COPIES);
 *     Hadoop's and Spark's, beside fifo, by job (POL_ORDER_JOBS: YARN's FifoScheduler and
 *     Spark's FIFO pool serve an earlier job's copies before a later job's waiting tasks);
 *   - the speculator hears of every first copy the scheduler launched (on_launch), in the
 *     order they were launched, right after the scheduler returns;
 *   - both hear of arrivals, ticks and completed tasks (the scheduler first); every timer is
 *     the speculator's;
 *   - each half keeps its own state and its own parameters, set in its own [policy.NAME]
 *     section (a pair's parameter table is the scheduler's followed by the speculator's).
 * The engine calls every policy through pol_call_* (models/policies/pair.c), which run a pair
 * or a lone speculator as that, and a whole policy or a scheduler directly (pol_alone). */
#ifndef SPECMC_POLICY_H
#define SPECMC_POLICY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct cluster;
struct cl_spec;
struct cl_job;
struct pol_memo;

/* What a parameter measures. A time is in model time units, and the config also takes it
 * relative to the scenario's task times, "0.3 tmin" or "20 mean" (docs/guide/config.md, "Times"):
 * the policy only ever sees the absolute value. */
enum pol_kind {
    POL_NUMBER,   /* a plain number */
    POL_TIME,     /* a time; the default is def time units */
    POL_TIME_TMIN /* a time whose default is def x workload.tmin (the paper states it so) for
                     generated Pareto task times, def time units otherwise */
};

/* The bar a task must pass before a policy can act on it at all: its processing time T (its
 * launch delay excluded) must exceed x + m·E, E its job's mean task time in its phase
 * (task_work). The config warns when almost no task passes (docs/guide/config.md, Times). */
struct pol_gate {
    int key;         /* the time parameter that moves x one for one; -1: no bar */
    double x;        /* time units */
    double m;        /* multiples of the job's mean task time */
    const char *why; /* what the bar is, for the warning: "a task must have run min_age" */
};

/* One parameter of a policy, settable in its INI section [policy.NAME]. */
struct pol_param {
    const char *key; /* INI key; NULL ends the table */
    double def;      /* default (the paper's value where it gives one) */
    double min, max; /* valid closed range */
    bool integer;    /* must be a whole number */
    const char *doc; /* one line: meaning, unit, source */
    bool allow_auto; /* "auto" is accepted and passed to the policy as NAN */
    enum pol_kind kind; /* a plain number or a time */
    bool auto_per_job; /* `auto` stays NAN: the policy chooses a value per job, records it in
                          cl_job.choice, and the results keep how many jobs got each value
                          (an integer in [0, POL_CHOICE_MAX]; at most one such parameter) */
    const char *const *names; /* an option: names[v] names value v, 0 <= v <= max (min 0,
                                 integer), NULL after the last; the config takes the name or
                                 the number, and people are shown the name. NULL: a number */
    /* optional: whether it acts at all in this scenario with these parameters (Chronos
       `split` only with r = auto on two-phase jobs); where it does not, the results file
       leaves it out, as it did before the parameter existed. NULL: always */
    bool (*applies)(const struct cl_spec *spec, const double *param);
};

/* The names of a switch: `kill = no` is 0, `kill = yes` 1 (models/policies/registry.c). */
extern const char *const pol_no_yes[];

/* The name of value v of parameter pp, or NULL when it has none (not an option, or v not
 * one of its values). */
const char *pol_param_name(const struct pol_param *pp, double v);

#define POL_MAX_PARAMS 16

/* What a policy does to the tail of a task that runs long (models/metrics.h: the tail index
 * the intervals of the results assume): the extra attempts such a task ends up with, and
 * whether they are sure to start. A task's time is the least of its attempts', so k sure
 * extra attempts of the same law multiply its tail index by k + 1 (seed 004 eq. 4). */
enum pol_tail_when {
    POL_TAIL_NEVER,   /* no extra attempt is sure (the default) */
    POL_TAIL_IF_ROOM, /* started only on slots free at one moment (clone at dispatch, S-Restart
                         at τ_est): sure only where the cluster always has room for them */
    POL_TAIL_RETRIED  /* asked for again until they start, on slots taken before any waiting
                         task's (Mantri's duplicates): sure once a slot frees */
};
struct pol_tail {
    int extra;               /* extra attempts a long task ends up with */
    enum pol_tail_when when; /* whether they start for certain */
    int most;                /* the most attempts a task runs at once; 0: no bound known */
};

enum pol_role {
    POL_WHOLE,     /* schedules and speculates by itself */
    POL_SCHEDULER, /* only decides which waiting tasks get free slots */
    POL_SPECULATOR /* only decides extra copies of running tasks */
};

/* Who gets a free slot in a pair (models/policies/pair.c): */
enum pol_order {
    POL_ORDER_TASKS,  /* every waiting task of the scheduler's first, copies on the slots left */
    POL_ORDER_JOBS,   /* job by job in arrival order (fifo only): a job's waiting tasks, then
                         its copies, before the next job's (YARN FifoScheduler; Spark's
                         TaskSchedulerImpl over task sets in FIFO order) */
    POL_ORDER_COPIES  /* every copy the speculator wants before any waiting task (Mantri) */
};

struct policy {
    const char *name;                /* id used in [policy] list */
    const char *summary;             /* one line for `specmc list` */
    const char *source;              /* where its rule comes from (seed, section) */
    const struct pol_param *params;  /* parameter table, terminated by {NULL} */
    size_t state_size;               /* bytes of private state, zeroed before init */
    /* optional: reject impossible combinations of parameters and scenario before any run;
       false with a message ("needs workload.deadline",
       "needs tau_est (0.3) > cluster.launch_delay (0.5)") */
    bool (*check)(const struct cl_spec *spec, const double *param, char *msg, size_t len);
    /* optional: fill in the `auto` parameters (NaN); init only ever sees resolved values */
    void (*resolve)(const struct cl_spec *spec, double *param);
    /* optional: the bar a task must pass for the policy to act on it in this scenario */
    struct pol_gate (*gate)(const struct cl_spec *spec, const double *param);
    /* optional: how many attempts every task starts with at once (clone: r + 1), so that its
       time is the least of them and its tail index that many times the task times' — what
       the intervals of the results assume (models/metrics.h); NULL: 1 */
    int (*attempts)(const double *param);
    /* optional: what it does to a long task's tail (struct pol_tail); NULL: nothing sure */
    struct pol_tail (*tail)(const struct cl_spec *spec, const double *param);
    int (*init)(struct cluster *cl, void *st, const double *param); /* 0 or -1 (no memory) */
    void (*on_arrival)(struct cluster *cl, void *st, int job);
    void (*on_slot_free)(struct cluster *cl, void *st);
    void (*on_tick)(struct cluster *cl, void *st);
    void (*on_timer)(struct cluster *cl, void *st, int tag, int32_t arg);
    void (*on_copy_done)(struct cluster *cl, void *st, int task);
    void (*free)(void *st);
    const char *heartbeat;    /* the time parameter that is the period of the policy's
                                 heartbeat timer, re-armed while jobs remain (pol_next_beat);
                                 NULL: none. For the run's work estimate and the check that
                                 the clock can tell one beat from the next */
    struct {
        double task, slot, job;
    } memory;                 /* the most bytes its state and its timers take per task, per
                                 slot and per job of a replica (rep_memory) */
    double events_per_second; /* task events per second per thread it simulated on the default
                                 experiment on the development machine (docs/guide/performance.md,
                                 Before a run): the rough time of a run's estimate */
    enum pol_role role;       /* POL_WHOLE (0) unless it is half of a pair */
    /* speculators, optional: who gets free slots first (from its state, set by init);
       NULL: POL_ORDER_TASKS */
    enum pol_order (*order)(const void *st);
    /* speculators whose order may be POL_ORDER_JOBS: as on_slot_free, but copies only of
       tasks of the jobs that arrived before `job` */
    void (*copies_before)(struct cluster *cl, void *st, int job);
    /* speculators, optional: the scheduler launched a task's first copy, on `slot` */
    void (*on_launch)(struct cluster *cl, void *st, int slot);
    const struct policy *half[2]; /* a pair built by pol_pair_new: its scheduler and its
                                     speculator; NULL for a registered policy */
    /* optional: its scalar state at time t for a time series (see "When the callbacks
       run"); NaN where it has none then. state_doc says what it is, one line */
    double (*state)(const struct cluster *cl, void *st, double t);
    const char *state_doc;
};

/* The registry (models/policies/registry.c), in the order `specmc list` prints. */
extern const struct policy *const pol_registry[];
extern const size_t pol_registry_count;

/* Look a policy up by name; NULL if unknown. */
const struct policy *pol_find(const char *name);

/* Scheduler + speculator pairs (models/policies/pair.c).
 * pol_pair_new: the pair `sched+spec` under `name` (a scheduler and a speculator of the
 *   registry; their parameter tables together at most POL_MAX_PARAMS, no key in both); NULL
 *   with a message when they cannot pair, or out of memory. pol_pair_free releases it.
 * pol_half_of: the half of p named `name` (p itself when that is p's name; a pair's scheduler
 *   or speculator; a lone speculator's fifo), and the index of its first parameter in p's
 *   table; NULL if p has no such half.
 * pol_param_half: the half that owns parameter i of p (p itself unless p is a pair). */
const struct policy *pol_pair_new(const struct policy *sched, const struct policy *spec,
                                  const char *name, char *msg, size_t len);
void pol_pair_free(const struct policy *p);
const struct policy *pol_half_of(const struct policy *p, const char *name, int *first_param);
const struct policy *pol_param_half(const struct policy *p, int i);

/* Calling a policy, whatever its role (models/policies/pair.c): the engine's only way. The
 * optional callbacks are skipped where NULL; pol_call_gate returns key -1 without a gate,
 * pol_call_attempts 1, pol_call_tail {0, POL_TAIL_NEVER, 0} (most = 1 for a scheduler
 * alone: it launches no copy), pol_call_check true. pol_state_size is the state the engine
 * allocates (both halves' for a lone speculator). */
size_t pol_state_size(const struct policy *p);
bool pol_call_check(const struct policy *p, const struct cl_spec *spec, const double *param,
                    char *msg, size_t len);
void pol_call_resolve(const struct policy *p, const struct cl_spec *spec, double *param);
struct pol_gate pol_call_gate(const struct policy *p, const struct cl_spec *spec,
                              const double *param);
int pol_call_attempts(const struct policy *p, const double *param);
struct pol_tail pol_call_tail(const struct policy *p, const struct cl_spec *spec,
                              const double *param);
int pol_call_init(const struct policy *p, struct cluster *cl, void *st, const double *param);
void pol_call_free(const struct policy *p, void *st);

/* Whether p runs alone, a whole policy or a scheduler: not a pair, and not a speculator
 * listed alone (which runs beside fifo). */
static inline bool pol_alone(const struct policy *p)
{
    return !p->half[0] && p->role != POL_SPECULATOR;
}

/* The event loop's calls, one or more per event (models/replica.c). A policy that runs alone
 * is called here, inline; only a pair or a lone speculator goes through pair.c's dispatch
 * (pol_pair_*, which take no other). Out of line for every policy, the dispatch took 4 % of
 * the instructions of `make bench`'s FIFO model (46 M of 1 215 M, callgrind). */
void pol_pair_arrival(const struct policy *p, struct cluster *cl, void *st, int job);
void pol_pair_slot_free(const struct policy *p, struct cluster *cl, void *st);
void pol_pair_tick(const struct policy *p, struct cluster *cl, void *st);
void pol_pair_timer(const struct policy *p, struct cluster *cl, void *st, int tag, int32_t arg);
void pol_pair_copy_done(const struct policy *p, struct cluster *cl, void *st, int task);

static inline void pol_call_arrival(const struct policy *p, struct cluster *cl, void *st, int job)
{
    if (!pol_alone(p))
        pol_pair_arrival(p, cl, st, job);
    else if (p->on_arrival)
        p->on_arrival(cl, st, job);
}
static inline void pol_call_slot_free(const struct policy *p, struct cluster *cl, void *st)
{
    if (!pol_alone(p))
        pol_pair_slot_free(p, cl, st);
    else
        p->on_slot_free(cl, st);
}
static inline void pol_call_tick(const struct policy *p, struct cluster *cl, void *st)
{
    if (!pol_alone(p))
        pol_pair_tick(p, cl, st);
    else if (p->on_tick)
        p->on_tick(cl, st);
}
static inline void pol_call_timer(const struct policy *p, struct cluster *cl, void *st, int tag,
                                  int32_t arg)
{
    if (!pol_alone(p))
        pol_pair_timer(p, cl, st, tag, arg);
    else if (p->on_timer)
        p->on_timer(cl, st, tag, arg);
}
static inline void pol_call_copy_done(const struct policy *p, struct cluster *cl, void *st,
                                      int task)
{
    if (!pol_alone(p))
        pol_pair_copy_done(p, cl, st, task);
    else if (p->on_copy_done)
        p->on_copy_done(cl, st, task);
}

/* A policy's state for a time series (models/policies/pair.c): a pair's or a lone
 * speculator's is its speculator's, or its scheduler's where the speculator has none.
 * pol_state_doc: what it is (NULL: the policy has no state, and its series is NaN);
 * pol_call_state: its value at time t (NaN without one). */
const char *pol_state_doc(const struct policy *p);
double pol_call_state(const struct policy *p, const struct cluster *cl, void *st, double t);

/* Number of parameters in a policy's table. */
size_t pol_param_count(const struct policy *p);

/* The index of the policy's auto_per_job parameter, or -1 if it has none. */
int pol_per_job_param(const struct policy *p);

/* The memo every replica's policies share (cl->memo; models/policies/memo.c, its use in
 * models/policies/kit.h): the engine makes it with the replica's workspace and frees it. */
struct pol_memo *pol_memo_new(void);
void pol_memo_free(struct pol_memo *m);

/* The largest value a policy may choose per job (Chronos r = auto searches 0..60). */
#define POL_CHOICE_MAX 60

#endif

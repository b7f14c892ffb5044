/* cluster — the state of one replica of the slot-based cluster model (docs/methods/model.md).
 *
 * S slots, or servers with CPU and memory on which a copy takes the room its job requests
 * (models/servers.h); jobs of tasks in one phase or two (reduce tasks wait for the whole map
 * phase, or pipelined: they read the map outputs as they appear), each job with its own
 * task-time distribution (the family, its shape and scale,
 * models/workload.h, or a trace's phases). Each task runs as one or more copies, each copy on
 * its own slot with its own duration: a launch delay, then its work, possibly a straggler's
 * (seed 003's mixture) or a resumed attempt's rest. The first copy of a task to finish
 * completes it and every other copy of it is killed at that moment; policies may kill copies
 * earlier. Progress is linear; what a policy sees of it is its reports (models/estimate.c:
 * the estimator, estimation noise, nothing during the launch delay), never the true end.
 *
 * This module owns the state and the only operations that change it (launch, kill, complete,
 * timers) and keeps the accounting (machine time counts every copy's slot time, killed ones
 * included). It does not decide anything: policies do (models/policy.h). It does not run the
 * event loop either (models/replica.c), and knows nothing of threads, files or configs.
 *
 * Layout: slots and tasks are kept as struct-of-arrays so that per-slot scans (remaining
 * times, progress scores) are plain loops over contiguous doubles. Copies live on slots: a
 * copy exists exactly while it occupies a slot, and the copies of one task are linked
 * through slot_next. Waiting work is held at task level (tasks never launched). */
#ifndef SPECMC_CLUSTER_H
#define SPECMC_CLUSTER_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "engine/stats/rng.h"
#include "models/servers.h"
#include "models/spec.h"

#ifdef SPECMC_CHECK
#include <assert.h>
#define CL_ASSERT(x) assert(x)
#else
#define CL_ASSERT(x) ((void)0)
#endif

enum { CL_MAP, CL_REDUCE, CL_PHASES };

struct pol_memo;

struct cl_job {
    double arrival;      /* a_i */
    double deadline;     /* absolute deadline a_i + D_i; INFINITY if none */
    double rel_deadline; /* D_i, its deadline relative to arrival (the scenario's, drawn or
                            the trace's); INFINITY if none */
    double price;        /* γ_i, its price per unit of machine time (utility.price, drawn or
                            the trace's) */
    double weight;       /* w_i */
    double completion;   /* C_i; NAN until the job is done */
    double machine_time; /* slot time of all its copies so far, killed ones included */
    double killed_time;  /* the part of machine_time spent in copies that were killed */
    double spot_cost;    /* with a price history (spec.spot): its copies' slot time priced at
                            the price of each moment (spot_cost); 0 otherwise */
    double run_end_sum;  /* Σ over its running tasks of the task's earliest copy end */
    int first_task;      /* global index of its task 0 */
    int ntasks;          /* all its tasks: map phase first, then reduce */
    int nmap;            /* tasks of its map phase (all of them for a one-phase job) */
    int maps_left;       /* map tasks not completed: its reduce copies wait while > 0 */
    int tasks_left;      /* tasks not yet completed */
    int tasks_running;   /* tasks with at least one running copy (waiting ones included) */
    int tasks_waiting;   /* running reduce tasks whose copies wait for the map phase */
    struct dist dist[CL_PHASES]; /* task-time family of each phase before its scale: the
                                    scenario's, or with the job's own shape (same mean) */
    double scale[CL_PHASES];     /* multiplier of that family's time, per phase */
    double task_mean[CL_PHASES]; /* E and SD of one task's duration per phase: what the */
    double task_sd[CL_PHASES];   /* scheduler knows (seed 000 Assumption 1, 002 §III) */
    double task_work[CL_PHASES]; /* a task's size to a size-based scheduler: task_mean, or the
                                    median when the mean diverges (Pareto β <= 1) */
    int next_unstarted;  /* index within the job of the next never-launched task */
    int copies;          /* copies launched for it */
    int copies_running;  /* its copies on slots now (slots it holds) */
    double cpu, mem;     /* what each of its copies requests (with cluster.servers) */
    int choice;          /* the value its policy chose for it of an `auto` parameter it
                            chooses per job (Chronos r), set by the policy; -1 if none */
    int choice_reduce;   /* a policy choosing per stage (Chronos r = auto on two phases): the
                            reduce stage's value, `choice` the map stage's; -1 if none */
    double split;        /* a policy choosing per stage: D_map, the part of rel_deadline its
                            map stage has (the reduce stage has the rest); NAN if none */
    double maps_done;    /* when its map phase ended (its last map task completed); NAN before */
    int pend_prev;       /* pending list (jobs with never-launched tasks), arrival order */
    int pend_next;
};

/* A policy timer. Copy ends are not events: every busy slot has exactly one pending end,
 * kept in a tournament tree over the slots (end_tree). */
struct cl_timer {
    double t;      /* when */
    uint64_t seq;  /* insertion order: timers due at the same time fire first-in first-out */
    int32_t tag;   /* policy's kind of timer */
    int32_t arg;   /* policy's argument (a task, usually) */
};

struct cluster {
    const struct cl_spec *spec; /* scenario parameters */
    double now;                 /* simulated time */

    /* jobs: generated at reset in arrival order */
    int njobs;            /* jobs in this replica */
    int narrived;         /* jobs 0..narrived-1 have arrived */
    int ndone;            /* completed jobs */
    int first_active;     /* every job before it is done (scan active jobs from here) */
    struct cl_job *job;   /* [njobs] */
    int pend_head;        /* oldest job with never-launched tasks, -1 if none */
    int pend_tail;        /* newest such job */
    int npending_tasks;   /* arrived tasks never launched */

    /* tasks (struct of arrays); a job's entries other than task_size and task_rng are set at
       its arrival (cl_arrive), written where they are next read, and mean nothing before */
    int ntasks;           /* total tasks in the replica */
    int *task_job;        /* owning job */
    int *task_copies;     /* copies launched so far (= number of the next copy) */
    int *task_running;    /* copies running now */
    int *task_head;       /* a slot running one of its copies, -1 if none */
    double *task_end;     /* earliest end among its running copies; INFINITY if none */
    double *task_start;   /* when its first copy started; NAN before */
    double *task_done;    /* completion time; NAN before */
    double *task_size;    /* duration of its original copy (copy 0), drawn at reset */
    uint64_t *task_rng;   /* copy-stream state after its last drawn copy */

    /* slots (struct of arrays) */
    int nslots;           /* S */
    int *slot_task;       /* task of the copy on the slot, -1 if free */
    int *slot_copy;       /* copy number k of that task */
    int *slot_next;       /* next slot running a copy of the same task, -1 at the end */
    double *slot_start;   /* when the copy was launched */
    double *slot_proc;    /* when it starts processing (launch + launch_delay) */
    double *slot_noise;   /* ε: its progress appears at rate 1/ε of the truth */
    double *slot_end;     /* when it finishes unless killed; INFINITY if free (sized
                             tree_leaves: the padding slots stay INFINITY) */
    double *slot_offset;  /* task progress the copy started from (Speculative-Resume) */
    double *slot_work;    /* its processing time: (1 - offset) x its duration */
    double *slot_feed;    /* pipelined phases, a reduce copy while its map phase runs: q, the
                             time from which it would have processed without a pause (it has
                             processed min(k/n, (t - q)/w) with k of the n map outputs out;
                             cl_feed_start); INFINITY until it reads. Unused otherwise */
    int *free_stack;      /* free slots; the most recently freed is reused first */
    int nfree;

    struct cl_servers servers; /* with requests drawn per job: what each server holds */
    bool drawn;           /* requests are drawn per job (srv_drawn): launches are placed by
                             them (cl_fits); false: every free slot fits every copy */

    /* pending events */
    int *end_tree;        /* tournament tree: node i holds the slot with the earliest end
                             among its leaves; leaves at tree_leaves + s; root at 1 */
    uint64_t *end_key;    /* that slot's end beside it (IEEE bits: for non-negative doubles
                             and +inf, unsigned order is numeric order) */
    int tree_leaves;      /* power of two >= S */
    struct cl_timer *timers; /* 4-ary min-heap of policy timers on (t, seq) */
    int ntimers, timers_cap;
    uint64_t seq;

    /* random streams of this replica */
    rng_t copy_base;      /* RNG_COPIES stream at its start; tasks jump to their block */
    rng_t noise_base;     /* RNG_NOISE stream at its start, laid out like copy_base */
    rng_t straggle_base;  /* RNG_STRAGGLE stream at its start, laid out like noise_base */
    rng_jumps copy_jumps, noise_jumps, straggle_jumps; /* their jump maps to a task's block */
    /* optional: copy durations from a function instead of the stream (hand-built test
       scenarios); kept across replicas. Returns the full duration T of copy `copy`. */
    double (*duration_hook)(void *ctx, int task, int copy);
    void *duration_ctx;
    struct pol_memo *memo; /* the workspace's memo of policies' pure per-job-shape results
                              (models/policy.h); kept across replicas; NULL: none */

    /* totals */
    double busy_time;     /* slot time of every copy, all jobs */
    double util_from;     /* utilization window: from the first measured arrival ... */
    double util_to;       /* ... to the last arrival (batch: to the last completion) */
    double busy_area;     /* integral of busy slots over the window */
    int64_t copies;       /* copies launched */
    int64_t kills;        /* copies killed before finishing */
    int64_t task_events;  /* copy starts + copy ends (completions and kills) */
    double done_launch;   /* the copy that completed the latest task: when it was launched */
    double done_proc;     /* ... and when it started processing (what on_copy_done may read:
                             the winning attempt's duration, as Hadoop and Spark record it) */
    int orphans;          /* started, unfinished tasks with no running copy (must be 0
                             between events; checked in test builds) */
    bool perturbed;       /* straggling or estimation noise is on: a copy's time or its reports
                             are more than its draw (the spec's, kept by cl_begin for launches) */

    /* allocated capacities (arrays are reused across replicas) */
    int cap_jobs, cap_tasks, cap_leaves;
};

/* A replica's start, in two steps around the workload's jobs (wl_reset, models/workload.h, is
 * the one caller: the cluster does not generate its jobs). cl_reserve sizes the job arrays for
 * spec (reusing earlier allocations when big enough); the generator fills cl->job; cl_begin
 * sizes the task arrays for ntasks and empties the slots, the timers and the accounting, and
 * sets the copy, noise and straggle streams of (seed, replica). 0, or -1 when out of memory. */
int cl_reserve(struct cluster *cl, const struct cl_spec *spec);
int cl_begin(struct cluster *cl, int ntasks, uint64_t seed, uint64_t replica);
void cl_free(struct cluster *cl);

/* Mark the next job arrived (called by the event loop at its arrival time). */
void cl_arrive(struct cluster *cl, int job);

/* Launch: the job's next never-launched task with `copies` copies (at most the free slots,
 * or those that fit; one must fit: cl_fits). Returns the task index. */
int cl_start_next_task(struct cluster *cl, int job, int copies);

/* Seed 003's straggler factor for a copy whose uniform is u, straggling with probability p
 * (rest 0: the unsaid 0.1 of stragglers delayed U(2.5, 10); 1: not delayed); 1 if u >= p. */
double cl_straggle_factor(double u, double p, int rest);

/* The skewness of that factor (1 when the copy does not straggle) at probability p. */
double cl_straggle_skewness(double p, int rest);

/* Launch one more copy of a started task on a free slot (one must fit: cl_fits). The copy starts from task progress
 * `offset` in [0,1): it needs (1-offset)·T_new (seed 004 §III, Speculative-Resume); use 0
 * for a copy that restarts from the beginning. Returns its slot. */
int cl_launch_copy(struct cluster *cl, int task, double offset);

/* Kill the copy on a slot: its slot time is charged to its job and the slot is freed. */
void cl_kill(struct cluster *cl, int slot);

/* Kill every running copy of `task` except the one on slot `keep`. */
void cl_kill_all_but(struct cluster *cl, int task, int keep);

/* Complete the copy on a slot at the current time: the task is done, its other copies are
 * killed. Returns the task. Called by the event loop. */
int cl_complete(struct cluster *cl, int slot);

/* The smaller and the larger of two times (never NaN here): inline compares instead of fmin
 * and fmax, which are calls at -O2 for their NaN rules; on the event loop's path. */
static inline double cl_min(double a, double b)
{
    return b < a ? b : a;
}
static inline double cl_max(double a, double b)
{
    return b > a ? b : a;
}

/* Advance the clock to t >= now, integrating busy slots over the utilization window (inline:
 * the event loop calls it at every instant). */
static inline void cl_advance(struct cluster *cl, double t)
{
    CL_ASSERT(t >= cl->now);
    double lo = cl_max(cl->now, cl->util_from), hi = cl_min(t, cl->util_to);
    if (hi > lo)
        cl->busy_area += (cl->nslots - cl->nfree) * (hi - lo);
    cl->now = t;
}

/* The slot whose copy ends first (ties: lowest slot), and when; INFINITY if none runs. */
static inline int cl_next_end_slot(const struct cluster *cl)
{
    return cl->end_tree[1];
}
static inline double cl_next_end(const struct cluster *cl)
{
    double t;
    memcpy(&t, &cl->end_key[1], sizeof t);
    return t;
}

/* Ask for on_timer(tag, arg) at time t (>= now). */
void cl_set_timer(struct cluster *cl, double t, int tag, int32_t arg);

/* A heartbeat re-armed at now + p each time it fires runs through t + p, (t + p) + p, ...,
 * each sum rounded. The first of them >= until, as those additions give it, in a few steps per
 * binade instead of (until - t) / p (p > 0 and more than half a step of the clock there, or
 * the sums would stop advancing). For skipping the beats of an idle cluster. */
double cl_beat_after(double t, double p, double until);

/* Seed 003's utilisation (eq. 9): the CPU and the memory the running copies request, per
 * server (a task's copies request the same: seed 003 §VI-A assumption 1); NAN without
 * servers. */
static inline double cl_cpu_per_server(const struct cluster *cl)
{
    const struct cl_spec *sp = cl->spec;
    if (srv_drawn(sp))
        return cl->servers.cpu_used / sp->servers;
    return sp->servers > 0 ? (cl->nslots - cl->nfree) * sp->cpu_request / sp->servers : NAN;
}
static inline double cl_mem_per_server(const struct cluster *cl)
{
    const struct cl_spec *sp = cl->spec;
    if (srv_drawn(sp))
        return cl->servers.mem_used / sp->servers;
    return sp->servers > 0 ? (cl->nslots - cl->nfree) * sp->mem_request / sp->servers : NAN;
}

/* Placement: the cluster's one rule for where and whether a copy starts (docs/methods/model.md,
 * "Placement"). Every policy launches through it, so that none re-implements it. With
 * requests drawn per job a copy of job j starts only on a server its CPU and memory both fit
 * (models/servers.h; a replica requests what its task does, seed 003 assumption 1); without,
 * every free slot fits every copy and these reduce to "a slot is free".
 *
 * A policy that serves candidates in its own order (its best job first, its first straggler
 * first) writes its loop "while a slot is free, give one to the best" as
 *     if (cl_passed_over(cl, j)) continue;   (or: leave j out of the choice of the best)
 *     if (!cl_fits(cl, j)) stop;             (j holds back the candidates after it)
 *     launch a copy of j;
 * so that a candidate that does not fit holds the others back (strict order,
 * cluster.backfill = no) or, with backfill, is passed over while later ones that fit go. */

/* The position in the free stack of the slot a copy requesting cpu and mem would take (the
 * highest on a server both fit), or -1 (models/servers.h). */
static inline int cl_find_slot(const struct cluster *cl, double cpu, double mem)
{
    return srv_find(&cl->servers, cl->spec, cl->free_stack, cl->nfree, cpu, mem);
}

/* Whether a copy of `job` can start now: a slot is free, and with requests drawn per job, on
 * a server its CPU and memory both fit. */
static inline bool cl_fits(const struct cluster *cl, int job)
{
    return cl->nfree > 0 &&
           (!cl->drawn || cl_find_slot(cl, cl->job[job].cpu, cl->job[job].mem) >= 0);
}

/* With requests drawn per job: whether a copy of the least requests fits anywhere (when not,
 * no job's does). */
static inline bool cl_room(const struct cluster *cl)
{
    return cl_find_slot(cl, srv_least_cpu(cl->spec), srv_least_mem(cl->spec)) >= 0;
}

/* The backfill rule: whether a candidate of `job` that a policy would serve now is passed over
 * rather than holding the others back — with cluster.backfill, when its copy fits nowhere
 * while some copy still could. Never without drawn requests (cl_fits is then "a slot is
 * free"), so a policy's order is then exactly what it was. */
static inline bool cl_passed_over(const struct cluster *cl, int job)
{
    return cl->spec->backfill && !cl_fits(cl, job) && cl_room(cl);
}

/* Whether the cluster is idle: every job that has arrived is done (no copy runs, no task
 * waits). Nothing happens until the next arrival or timer; a tick or heartbeat in between
 * finds nothing to do. */
static inline bool cl_idle(const struct cluster *cl)
{
    return cl->ndone == cl->narrived;
}

/* The event loop's side of the timers: when the next is due, and take it. */
static inline double cl_next_timer(const struct cluster *cl)
{
    return cl->ntimers ? cl->timers[0].t : INFINITY;
}
void cl_pop_timer(struct cluster *cl, struct cl_timer *out);

/* The truth: time until the copy finishes, and its progress score — the fraction of the
 * task's data processed, counting the offset it started from (seed 004 §III: "percentage
 * of workload processed"). Progress is 0 during the launch delay, then linear. */
static inline double cl_copy_remaining(const struct cluster *cl, int slot)
{
    return cl->slot_end[slot] - cl->now;
}

/* The fraction of its own work w that a copy waiting for its map phase has processed by
 * `now`: with pipelined phases min(k/n, (now - q)/w) once it reads (slot_feed), k of its job's
 * n map tasks done (all but one with pipeline_feed = last); 0 otherwise. */
double cl_feed_fraction(const struct cluster *cl, int slot, double now);

static inline double cl_copy_progress(const struct cluster *cl, int slot)
{
    double work = cl->slot_end[slot] - cl->slot_proc[slot];
    double done = cl->now - cl->slot_proc[slot];
    double frac = done <= 0 ? 0.0 : work > 0 && done < work ? done / work : 1.0;
    if (cl->slot_proc[slot] == INFINITY) /* waiting for its map phase (0 with barriers) */
        frac = cl_feed_fraction(cl, slot, cl->now);
    return cl->slot_offset[slot] + (1.0 - cl->slot_offset[slot]) * frac;
}

/* Pipelined phases (docs/methods/model.md, two phases): a reduce copy of work w reads its
 * job's n map outputs as they appear, w/n of work each, in the order they appear. Having
 * processed without a pause from q, it is through the first k - 1 shares at q + (k-1)w/n; the
 * k-th output, out at `now`, lets it go on from max(that, now): q becomes
 * max(q, now - (k-1)w/n), and it ends at q + w once the n-th is out. */
static inline double cl_feed_start(double q, double now, int k, int n, double w)
{
    return cl_max(q, now - w * (k - 1) / n);
}

/* Pipelined phases: how many of a job's map tasks must be done before its reduce copies read,
 * ceil(pipeline_start x nmap), at least 1. */
static inline int cl_feed_gate(const struct cl_spec *sp, const struct cl_job *j)
{
    int g = (int)ceil(sp->pipeline_start * j->nmap);
    return g > 1 ? g : 1;
}

/* What a scheduler sees (models/estimate.c): progress as reported (true progress, its rate
 * scaled by 1/ε), and the completion time the configured estimator derives from it. The
 * estimate is NAN while the copy has reported no progress (during its launch delay). With
 * no noise and no launch delay both are exact (seed 000 Remark 4). */
double cl_est_progress(const struct cluster *cl, int slot);
double cl_est_end(const struct cluster *cl, int slot);
/* The same as the copy would report them at time `now` (its copies as they are now): for
 * policies that bound what a later decision will see. */
double cl_est_progress_at(const struct cluster *cl, int slot, double now);
double cl_est_end_at(const struct cluster *cl, int slot, double now);
/* When its reported progress reaches 1 (w ε after it starts processing: the end of its
 * processing unless ε < 1); INFINITY while it waits for its map phase. */
double cl_est_full(const struct cluster *cl, int slot);

/* Whether the estimates equal the truth: no estimation noise and no launch delay (then
 * both estimators report every copy's true end from its launch, seed 000 Remark 4). */
static inline bool cl_exact_estimates(const struct cl_spec *spec)
{
    return spec->estimate_noise == 0 && spec->launch_delay == 0;
}

/* Remaining work of a job as a size-based scheduler sees it (000 §7.1.1 PSRPT, §5.3: "the
 * product of m and E[X]"): task_work for each task never launched or waiting for its map
 * phase, and for each running task the remaining time its copies' progress reports show
 * (models/estimate.c: the estimate every speculation policy sees). With exact estimates that
 * is the truth, kept as a running sum (run_end_sum) so that it costs O(1). */
double cl_job_est_remaining_work(const struct cluster *cl, int job);
static inline double cl_job_remaining_work(const struct cluster *cl, int job)
{
    if (!cl_exact_estimates(cl->spec))
        return cl_job_est_remaining_work(cl, job);
    const struct cl_job *j = &cl->job[job];
    int unstarted = j->ntasks - j->next_unstarted;
    int unstarted_maps = j->nmap > j->next_unstarted ? j->nmap - j->next_unstarted : 0;
    return j->run_end_sum - (j->tasks_running - j->tasks_waiting) * cl->now +
           unstarted_maps * j->task_work[CL_MAP] +
           (unstarted - unstarted_maps + j->tasks_waiting) * j->task_work[CL_REDUCE];
}

/* The phase of a task, and whether a copy is waiting for its job's map phase to end (a reduce
 * copy launched early: it holds its slot and makes no progress, seed 002 eq. 1g). */
static inline int cl_task_phase(const struct cluster *cl, int task)
{
    const struct cl_job *j = &cl->job[cl->task_job[task]];
    return task - j->first_task >= j->nmap ? CL_REDUCE : CL_MAP;
}
/* Duration of one copy of a task of job j in `phase` from the stream state r: the phase's law
 * times the job's scale (the originals, models/workload.c, and the extra copies, cluster.c,
 * alike); cl_copy_duration for `task`. */
static inline double cl_phase_duration(const struct cl_job *j, int phase, rng_t *r)
{
    return dist_sample(&j->dist[phase], r) * j->scale[phase];
}
static inline double cl_copy_duration(const struct cluster *cl, int task, rng_t *r)
{
    return cl_phase_duration(&cl->job[cl->task_job[task]], cl_task_phase(cl, task), r);
}
static inline bool cl_copy_waiting(const struct cluster *cl, int slot)
{
    return cl->slot_proc[slot] == INFINITY;
}

/* Test builds: check every invariant of the state (slot and task counts, links, machine
 * time). No-op in release builds. */
void cl_check(const struct cluster *cl);

#endif

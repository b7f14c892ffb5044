/* spark — Spark's speculation (apache/spark core, scheduler/TaskSetManager.scala
 * checkSpeculatableTasks and checkAndSubmitSpeculatableTasks; defaults in
 * internal/config/package.scala). A speculator (models/policy.h): alone it runs beside fifo
 * (Spark's default FIFO scheduling mode), paired beside any job scheduler.
 *
 * Rule. Every `interval` (spark.speculation.interval, 100 ms) the scheduler checks each
 * stage — in the model each phase of a job, its task set — that has more than one task:
 *  - once ⌊quantile · n⌋ (at least 1) of its n tasks have succeeded, the threshold is
 *    max(multiplier × the median duration of its successful tasks, min_runtime)
 *    (spark.speculation.quantile, .multiplier, .minTaskRuntime = 100 ms);
 *  - a task running one copy, not marked yet, that has run longer than the threshold is
 *    marked speculatable — with `efficiency` (Spark 3.4+, spark.speculation.efficiency.enabled,
 *    on by default) only if it also has run longer than long_run_factor × the threshold
 *    (.longRunTaskFactor, 2) or processes its data slower than rate_multiplier × the stage's
 *    average (.processRateMultiplier, 0.75);
 *  - a marked task gets one more copy on a free slot left by the scheduler's waiting tasks,
 *    unless it has finished or runs two copies by then. No cap.
 * `version` 3 has the 3.x defaults quantile 0.75, multiplier 1.5; version 4 the 4.0 defaults
 * 0.9 and 3 (`auto`), and the median of an even count is the mean of the two middle durations
 * in 3.x (MedianHeap, then PercentileHeap) and the upper one in 4.x (PercentileHeap returns
 * sorted((n · 0.5).toInt)).
 *
 * Decisions (docs/methods/policies.md): times left `auto` are the constants in seconds of the real
 * system (models/policies/production.c). A task's data is one unit, so its process rate is
 * its reported progress over the time since its copy started processing, and the stage's
 * average is its successful tasks' count over the sum of their processing times (records
 * read over executor run time); a copy that has reported nothing yet has rate 0 (Spark's
 * getOrDefault(tid, 0.0)). Durations and running times count from a copy's release: its
 * launch, or the end of its job's map phase for a reduce copy launched before (Spark starts a
 * reduce stage only then). Marked copies go out in Spark's FIFO order of task sets (earlier
 * job first, its map stage before its reduce stage) and, within one, last marked first (its
 * pending lists are stacks); a check marks in task order. Beside fifo a job's marked tasks
 * go before a later job's waiting tasks (`order` = by-job, TaskSchedulerImpl offering
 * resources to the task sets in FIFO order); beside another scheduler after its waiting tasks
 * (`order` = tasks-first). Progress is continuous where Spark's executors report it with their
 * heartbeat; spark.speculation.task.duration.threshold (unset by default) and executor
 * decommissioning are left out.
 *
 * Cost (docs/guide/performance.md, "The papers' scale"). A check looks only at the tasks it may
 * mark. Each stage keeps those — running one copy, not marked, not waiting for the map phase
 * — in task order, which is their order of release: tasks start in task order, and the
 * reduce copies that waited are released together, before any later reduce task starts. So
 * none has run longer than the one before it, and a stage's check ends at the first task
 * that has not run past the threshold; those past it are marked, or, efficient enough, looked
 * at again at the next check. Only the stages open (enough of their tasks have succeeded, and
 * they have two or more) with tasks watched and their job not done are checked, in no
 * particular order: each marks onto its own stack, in task order as before. The marks are
 * those of a check of every task launched, bit for bit (test builds check that after every
 * check, no task is left that such a check would mark). */
#include <math.h>
#include <stdlib.h>

#include "models/cluster.h"
#include "models/policies/kit.h"

enum { SP_VERSION, SP_QUANTILE, SP_MULTIPLIER, SP_INTERVAL, SP_MIN_RUNTIME, SP_EFFICIENCY,
       SP_LONG_RUN_FACTOR, SP_RATE_MULTIPLIER, SP_ORDER };
enum { SP_TIMER_CHECK = 1 };
enum { MARKED = 1, WATCHED = 2 }; /* bits of mark[task] */

static const double sp_seconds[POL_MAX_PARAMS] = {[SP_INTERVAL] = 0.1, [SP_MIN_RUNTIME] = 0.1};

struct spark {
    int upper_median, efficiency;
    enum pol_order order;
    double quantile, multiplier, interval, min_runtime, long_run_factor, rate_multiplier;
    struct pol_finished fin;
    int *top;            /* per job phase: its last marked task, -1 if none */
    int *below;          /* per task: the task marked before it in its stack */
    unsigned char *mark; /* per task: MARKED (in a stack), WATCHED */
    int nmarked;
    struct pol_lists watched; /* per job phase: its tasks a check may mark, in task order */
    unsigned char *open; /* per job phase: enough of its tasks have succeeded (and it has two) */
    int *active, nactive; /* the job phases open with tasks watched, job not done */
    int *active_pos;     /* per job phase: its index in active, -1 */
};

static int spark_init(struct cluster *cl, void *st, const double *param)
{
    struct spark *s = st;
    s->upper_median = param[SP_VERSION] >= 4;
    s->quantile = param[SP_QUANTILE];
    s->multiplier = param[SP_MULTIPLIER];
    s->interval = param[SP_INTERVAL];
    s->min_runtime = param[SP_MIN_RUNTIME];
    s->efficiency = (int)param[SP_EFFICIENCY];
    s->long_run_factor = param[SP_LONG_RUN_FACTOR];
    s->rate_multiplier = param[SP_RATE_MULTIPLIER];
    s->order = (enum pol_order)param[SP_ORDER];
    size_t n = 2 * (size_t)cl->njobs, nt = (size_t)cl->ntasks;
    s->top = malloc(n * sizeof *s->top);
    s->below = malloc(nt * sizeof *s->below);
    s->mark = calloc(nt, 1);
    s->open = calloc(n, 1);
    s->active = malloc(n * sizeof *s->active);
    s->active_pos = malloc(n * sizeof *s->active_pos);
    if (!s->top || !s->below || !s->mark || !s->open || !s->active || !s->active_pos ||
        pol_lists_init(&s->watched, (int)n, cl->ntasks) || pol_finished_init(&s->fin, cl, true) < 0)
        return -1;
    for (size_t k = 0; k < n; k++)
        s->top[k] = s->active_pos[k] = -1;
    cl_set_timer(cl, s->interval, SP_TIMER_CHECK, 0);
    return 0;
}

static void spark_free(void *st)
{
    struct spark *s = st;
    free(s->top);
    free(s->below);
    free(s->mark);
    pol_lists_free(&s->watched);
    free(s->open);
    free(s->active);
    free(s->active_pos);
    pol_finished_free(&s->fin);
}

/* When a copy was released: launched, or its map phase ended (slot_proc less the delay). */
static double released(const struct cluster *cl, int slot)
{
    return cl->slot_proc[slot] - cl->spec->launch_delay;
}

/* Its data process rate: progress over processing time; 0 before it reports any. */
static double process_rate(const struct cluster *cl, int slot)
{
    double t = cl->now - cl->slot_proc[slot];
    return cl_copy_waiting(cl, slot) || !(t > 0) || isnan(cl_est_end(cl, slot))
               ? 0.0
               : cl_est_progress(cl, slot) / t;
}

/* ---------------------------------------------------------------- the watch */

static int stage_of(const struct cluster *cl, int task)
{
    return 2 * cl->task_job[task] + cl_task_phase(cl, task);
}

/* A job phase is checked while it is open, has tasks watched and its job is not done. */
static void update_active(struct spark *s, int k, bool on)
{
    int i = s->active_pos[k];
    if (on && i < 0) {
        s->active_pos[k] = s->nactive;
        s->active[s->nactive++] = k;
    } else if (!on && i >= 0) {
        int moved = s->active[--s->nactive];
        s->active[i] = moved;
        s->active_pos[moved] = i;
        s->active_pos[k] = -1;
    }
}

/* A task a check may mark, from now on: its job phase's last (tasks start in task order, and
 * reduce copies that waited for the map phase are all released at once, before any later). */
static void watch(struct spark *s, int k, int t)
{
    pol_lists_append(&s->watched, k, t);
    s->mark[t] |= WATCHED;
    update_active(s, k, s->open[k]);
}

static void unwatch(struct spark *s, int k, int t)
{
    s->mark[t] &= (unsigned char)~WATCHED;
    pol_lists_remove(&s->watched, k, t);
    if (s->watched.first[k] < 0)
        update_active(s, k, false);
}

/* One stage's check: mark its tasks that run too long. The tasks watched are its running
 * tasks with one copy, not marked, not waiting for the map phase — those the full check looks
 * at — in task order, and so in order of release: each has run no longer than the one before,
 * and the first that has not run past the threshold ends the check. */
static void check_stage(struct cluster *cl, struct spark *s, int k)
{
    double threshold = fmax(s->multiplier * pol_finished_median(&s->fin, cl, k, s->upper_median),
                            s->min_runtime);
    int done = s->fin.count[k];
    double avg_rate = s->fin.proc_sum[k] > 0 ? done / s->fin.proc_sum[k] : INFINITY;
    for (int t = s->watched.first[k], after; t >= 0; t = after) {
        after = s->watched.next[t];
        int slot = cl->task_head[t];
        CL_ASSERT(cl->task_running[t] == 1 && s->mark[t] == WATCHED && !cl_copy_waiting(cl, slot));
        double run = cl->now - released(cl, slot);
        if (!(run > threshold))
            break;
        if (s->efficiency && !(run > s->long_run_factor * threshold) &&
            !(process_rate(cl, slot) < avg_rate * s->rate_multiplier))
            continue; /* efficient enough */
        unwatch(s, k, t);
        s->mark[t] = MARKED;
        s->below[t] = s->top[k];
        s->top[k] = t;
        s->nmarked++;
    }
}

#ifdef SPECMC_CHECK
/* Test builds: after a check no task is left that the full check (every stage of every job
 * not done, every task launched) would mark. */
static void check_full(const struct cluster *cl, const struct spark *s)
{
    for (int job = cl->first_active; job < cl->narrived; job++) {
        const struct cl_job *j = &cl->job[job];
        for (int phase = CL_MAP; isnan(j->completion) && phase < CL_PHASES; phase++) {
            int first = phase == CL_MAP ? 0 : j->nmap, end = phase == CL_MAP ? j->nmap : j->ntasks;
            int k = 2 * job + phase, n = end - first, done = s->fin.count[k];
            int launched = j->next_unstarted < end ? j->next_unstarted : end;
            if (n <= 1 || done < fmax(floor(s->quantile * n), 1.0) || launched <= first)
                continue;
            assert(s->open[k]);
            double threshold = fmax(s->multiplier * pol_finished_median(&s->fin, cl, k,
                                                                        s->upper_median),
                                    s->min_runtime);
            double avg_rate = s->fin.proc_sum[k] > 0 ? done / s->fin.proc_sum[k] : INFINITY;
            for (int t = j->first_task + first; t < j->first_task + launched; t++) {
                if (cl->task_running[t] != 1 || (s->mark[t] & MARKED))
                    continue;
                int slot = cl->task_head[t];
                if (cl_copy_waiting(cl, slot))
                    continue;
                assert(s->mark[t] & WATCHED);
                double run = cl->now - released(cl, slot);
                assert(!(run > threshold) ||
                       (s->efficiency && !(run > s->long_run_factor * threshold) &&
                        !(process_rate(cl, slot) < avg_rate * s->rate_multiplier)));
            }
        }
    }
}
#endif

static void spark_timer(struct cluster *cl, void *st, int tag, int32_t arg)
{
    (void)tag;
    (void)arg;
    struct spark *s = st;
    for (int i = s->nactive - 1; i >= 0; i--)
        check_stage(cl, s, s->active[i]);
#ifdef SPECMC_CHECK
    check_full(cl, s);
#endif
    if (cl->ndone < cl->njobs)
        cl_set_timer(cl, pol_next_beat(cl, s->interval), SP_TIMER_CHECK, 0);
}

/* Marked tasks of the jobs before `job` take the free slots: earliest task set first, last
 * marked first. */
static void spark_copies_before(struct cluster *cl, void *st, int job)
{
    struct spark *s = st;
    for (int k = 2 * cl->first_active; s->nmarked > 0 && cl->nfree > 0 && k < 2 * job; k++) {
        if (s->top[k] >= 0 && !cl_fits(cl, k / 2)) { /* requests drawn per job */
            if (cl_passed_over(cl, k / 2))
                continue; /* the stage's marks are all its job's: none fits */
            return;       /* they hold the later marks back */
        }
        while (s->top[k] >= 0 && cl_fits(cl, k / 2)) {
            int t = s->top[k];
            s->top[k] = s->below[t];
            s->mark[t] = 0;
            s->nmarked--;
            if (cl->task_running[t] == 1)
                cl_launch_copy(cl, t, 0.0);
        }
    }
}

/* Marked tasks take the free slots (order = tasks-first: those the scheduler left;
 * copies-first: before it). */
static void spark_slot_free(struct cluster *cl, void *st)
{
    spark_copies_before(cl, st, cl->narrived);
}

static enum pol_order spark_order(const void *st)
{
    return ((const struct spark *)st)->order;
}

/* A task the scheduler started is watched, unless it waits for its map phase. */
static void spark_launch(struct cluster *cl, void *st, int slot)
{
    struct spark *s = st;
    int t = cl->slot_task[slot];
    if (!cl_copy_waiting(cl, slot))
        watch(s, stage_of(cl, t), t);
}

/* A finished task adds its duration; enough of them open its stage (one of two tasks or
 * more). The last map task releases its job's waiting reduce copies, which are watched. A
 * mark stays until its stack is served (Spark drops a task that has succeeded there), or
 * until its job is done. */
static void spark_copy_done(struct cluster *cl, void *st, int task)
{
    struct spark *s = st;
    pol_finished_add(&s->fin, cl, task);
    int job = cl->task_job[task], k = stage_of(cl, task);
    const struct cl_job *j = &cl->job[job];
    if (s->mark[task] & WATCHED)
        unwatch(s, k, task);
    int first = k % 2 == CL_MAP ? 0 : j->nmap, end = k % 2 == CL_MAP ? j->nmap : j->ntasks;
    if (!s->open[k] && end - first > 1 &&
        s->fin.count[k] >= fmax(floor(s->quantile * (end - first)), 1.0)) {
        s->open[k] = 1;
        update_active(s, k, s->watched.first[k] >= 0);
    }
    if (k % 2 == CL_MAP && j->maps_left == 0)
        for (int t = j->first_task + j->nmap; t < j->first_task + j->next_unstarted; t++)
            if (cl->task_running[t] == 1 && !(s->mark[t] & MARKED))
                watch(s, k + 1, t);
    if (isnan(j->completion))
        return;
    for (int kk = 2 * job; kk < 2 * job + 2; kk++) {
        update_active(s, kk, false);
        for (; s->top[kk] >= 0; s->top[kk] = s->below[s->top[kk]]) {
            s->mark[s->top[kk]] = 0;
            s->nmarked--;
        }
    }
}

static bool spark_check(const struct cl_spec *spec, const double *param, char *msg, size_t len)
{
    extern const struct policy pol_spark;
    return pol_seconds_check(spec, &pol_spark, param, sp_seconds, POL_TYPICAL_TASK_S, msg, len);
}

static void spark_resolve(const struct cl_spec *spec, double *param)
{
    extern const struct policy pol_spark;
    bool v4 = param[SP_VERSION] >= 4;
    if (isnan(param[SP_QUANTILE]))
        param[SP_QUANTILE] = v4 ? 0.9 : 0.75;
    if (isnan(param[SP_MULTIPLIER]))
        param[SP_MULTIPLIER] = v4 ? 3.0 : 1.5;
    pol_seconds_resolve(spec, &pol_spark, param, sp_seconds, POL_TYPICAL_TASK_S);
}

static const struct pol_param spark_params[] = {
    [SP_VERSION] = {.key = "version", .def = 3, .min = 3, .max = 4, .integer = true,
                    .doc = "3: Spark 3.x defaults and median; 4: Spark 4.0's (quantile, "
                           "multiplier auto; the upper median of an even count)"},
    [SP_QUANTILE] = {.key = "quantile", .def = NAN, .min = 0, .max = 1,
                     .doc = "share of a stage's tasks that must succeed first "
                            "(spark.speculation.quantile); auto: 0.75 (version 3), 0.9 (version "
                            "4)",
                     .allow_auto = true},
    [SP_MULTIPLIER] = {.key = "multiplier", .def = NAN, .min = 0, .max = 1e300,
                       .doc = "a task is slow past this many median durations "
                              "(spark.speculation.multiplier); auto: 1.5 (version 3), 3 (version "
                              "4)",
                       .allow_auto = true},
    [SP_INTERVAL] = {.key = "interval", .def = NAN, .min = 1e-300, .max = 1e300,
                     .doc = "time between checks (spark.speculation.interval); auto: 100 ms",
                     .allow_auto = true, .kind = POL_TIME},
    [SP_MIN_RUNTIME] = {.key = "min_runtime", .def = NAN, .min = 0, .max = 1e300,
                        .doc = "least threshold (spark.speculation.minTaskRuntime); auto: 100 ms",
                        .allow_auto = true, .kind = POL_TIME},
    [SP_EFFICIENCY] = {.key = "efficiency", .def = 1, .min = 0, .max = 1, .integer = true,
                       .doc = "yes: speculate only inefficient tasks "
                              "(spark.speculation.efficiency.enabled, 3.4+); no: every slow task",
                       .names = pol_no_yes},
    [SP_LONG_RUN_FACTOR] = {.key = "long_run_factor", .def = 2, .min = 1, .max = 1e300,
                            .doc = "efficiency: past this many thresholds a task is inefficient "
                                   "anyway (.longRunTaskFactor)"},
    [SP_RATE_MULTIPLIER] = {.key = "rate_multiplier", .def = 0.75, .min = 1e-300, .max = 1,
                            .doc = "efficiency: inefficient below this share of the stage's "
                                   "average process rate (.processRateMultiplier)"},
    [SP_ORDER] = POL_PARAM_ORDER,
    {0},
};

/* Only a task that has run min_runtime can be marked. */
static struct pol_gate spark_gate(const struct cl_spec *spec, const double *param)
{
    if (!(param[SP_MIN_RUNTIME] > 0))
        return (struct pol_gate){-1, 0.0, 0.0, NULL};
    return (struct pol_gate){SP_MIN_RUNTIME, param[SP_MIN_RUNTIME] - spec->launch_delay, 0.0,
                             "Spark speculates only a task that has run min_runtime"};
}

const struct policy pol_spark = {
    .name = "spark",
    .summary = "Spark: after a quantile of a stage succeeded, copy tasks running > "
               "multiplier x median",
    .source = "apache/spark TaskSetManager.checkSpeculatableTasks (config/package.scala "
              "defaults)",
    .params = spark_params,
    .state_size = sizeof(struct spark),
    .check = spark_check,
    .resolve = spark_resolve,
    .gate = spark_gate,
    .init = spark_init,
    .on_slot_free = spark_slot_free,
    .order = spark_order,
    .copies_before = spark_copies_before,
    .on_timer = spark_timer,
    .on_launch = spark_launch,
    .on_copy_done = spark_copy_done,
    .free = spark_free,
    .heartbeat = "interval",
    /* per task: the finished durations' heaps, below, mark and the watched lists; per job,
       per phase: top, the lists' ends, open, active, the finished counts and sums */
    .memory = {2 * sizeof(double) + 3 * sizeof(int) + 1, 0,
               2 * (7 * sizeof(int) + 1 + 2 * sizeof(double))},
    .events_per_second = 1.0e7,
    .role = POL_SPECULATOR,
};

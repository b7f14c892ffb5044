/* hadoop2 — the speculator of Hadoop 2 and 3 MapReduce: DefaultSpeculator with
 * LegacyTaskRuntimeEstimator, the defaults (apache/hadoop, hadoop-mapreduce-client-app,
 * org/apache/hadoop/mapreduce/v2/app/speculate/). A speculator (models/policy.h): alone it
 * runs beside fifo, paired beside any job scheduler (`fifo+hadoop2`, `fair+hadoop2`).
 *
 * Rule. Every job has its own speculator (its MRAppMaster's), which scans the job from its
 * arrival on: after a scan that asked for a copy it sleeps `retry_after` (15 s,
 * DEFAULT_SPECULATIVE_RETRY_AFTER_SPECULATE), otherwise `retry_none` (1 s, _NO_SPECULATE).
 * A scan looks at each phase (map, then reduce) of the job and asks for at most one copy per
 * phase (computeSpeculations → maybeScheduleASpeculation):
 *  - not while the phase has attempts waiting for a slot (its container need > 0): tasks never
 *    launched, or a copy asked for at an earlier scan;
 *  - not before one of its tasks, and `min_done` (5 %, StartEndTimesBase's
 *    MINIMUM_COMPLETE_PROPORTION_TO_SPECULATE) of them, have finished (thresholdRuntime);
 *  - a task running one attempt has the value estimated end − (now + mean duration of the
 *    phase's finished tasks) (speculationValue): its end estimated by the cluster's estimator
 *    (cl_est_end; `[cluster] estimator = hadoop` is the Legacy estimator's elapsed / progress
 *    exactly, and without a launch delay both are), the mean over the winning attempts' launch
 *    to end (DataStatistics). A task whose estimated end has passed, or whose value is not
 *    positive, or with no progress reported yet, is not a candidate; one running two
 *    attempts counts as speculated;
 *  - the candidate with the largest value gets a copy if fewer than
 *    max(min_allowed, ⌊cap_total · n⌋, ⌊cap_running · r⌋) of the phase's tasks run two
 *    attempts — n the phase's tasks, r those running (10, 1 %, 10 %:
 *    DEFAULT_SPECULATIVE_MINIMUM_ALLOWED_TASKS, DEFAULT_SPECULATIVECAP_TOTAL_TASKS,
 *    DEFAULT_SPECULATIVECAP_RUNNING_TASKS).
 * A copy asked for waits for a free slot (`order`, models/policies/pair.c): beside fifo job
 * by job, an earlier job's copies before a later job's waiting tasks (YARN's FifoScheduler
 * serves applications in submission order); otherwise after the scheduler's waiting tasks,
 * first asked first served. It is dropped if its task completes first.
 *
 * Decisions (docs/methods/policies.md): times left `auto` are the constants in seconds of the real
 * system (models/policies/production.c). Ties in value go to the lowest task index (Hadoop
 * iterates a hash map). The model's progress reports are continuous where Hadoop's come with
 * the 3 s heartbeat of a task; a phase of one task is speculated like any other.
 *
 * Cost (docs/guide/performance.md, "The papers' scale"). A scan visits only its phase's running
 * tasks, kept in task order (tasks start in order, and leave when they end), so it asks for
 * the same copy as a visit of the whole phase. The jobs' next scans are planned in three
 * lists — at arrival, after a scan that asked nothing, after one that asked for a copy — whose
 * times never fall (now, or now plus the list's constant), so the earliest scan is the first
 * of one of them, and a single cluster timer stands for them all; scans due together run in
 * the order planned, as one timer per job would run them, at the same instants. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "models/cluster.h"
#include "models/policies/kit.h"

enum { H2_RETRY_NONE, H2_RETRY_AFTER, H2_MIN_DONE, H2_MIN_ALLOWED, H2_CAP_TOTAL,
       H2_CAP_RUNNING, H2_ORDER };
enum { H2_TIMER_SCAN = 1 };

/* The constants in seconds of the real system, for the `auto` times. */
static const double h2_seconds[POL_MAX_PARAMS] = {[H2_RETRY_NONE] = 1, [H2_RETRY_AFTER] = 15};

/* A job's next scan, and the scans planned in one way, in the order planned: each way plans
 * a scan at now, or at now plus a constant, so its times never fall and its first is its
 * earliest. One cluster timer stands for them (cl_set_timer's heap would hold one timer per
 * job): it fires at the earliest, and the scans then due run in the order planned — as one
 * timer per scan would, the same instants and the same order (timers due together fire first
 * set first). */
struct scan {
    double t;
    uint64_t seq;
    int job;
};
struct scans {
    struct scan *q; /* a ring of njobs: each job has one scan planned at most */
    int head, len;
};

struct hadoop2 {
    double retry_none, retry_after, min_done, cap_total, cap_running;
    int min_allowed;
    enum pol_order order;
    struct pol_finished fin;
    int *asked;    /* per job phase (2 job + phase): the task whose copy waits for a slot, -1 */
    int nasked;    /* how many wait */
    int *queue;    /* those job phases, first asked first (a ring of 2 njobs); by job
                      (`order` = by-job, POL_ORDER_JOBS) none: the jobs are walked in order
                      instead */
    int head, len;
    struct pol_lists running; /* per job phase: its running tasks, in task order */
    struct scans plan[3]; /* the jobs' next scans, set at arrival, after a scan that asked
                             nothing, after one that asked a copy */
    uint64_t seq;      /* scans planned so far */
    double armed;      /* the earliest time a cluster timer is set for, INFINITY if none */
    bool scanning;     /* in hadoop2_timer, which sets the next timer when done */
};

static int hadoop2_init(struct cluster *cl, void *st, const double *param)
{
    struct hadoop2 *h = st;
    h->retry_none = param[H2_RETRY_NONE];
    h->retry_after = param[H2_RETRY_AFTER];
    h->min_done = param[H2_MIN_DONE];
    h->min_allowed = (int)param[H2_MIN_ALLOWED];
    h->cap_total = param[H2_CAP_TOTAL];
    h->cap_running = param[H2_CAP_RUNNING];
    h->order = (enum pol_order)param[H2_ORDER];
    size_t n = 2 * (size_t)cl->njobs;
    h->asked = malloc(n * sizeof *h->asked);
    h->queue = malloc(n * sizeof *h->queue);
    for (int w = 0; w < 3; w++)
        h->plan[w].q = malloc((size_t)cl->njobs * sizeof *h->plan[w].q);
    if (!h->asked || !h->queue || !h->plan[0].q || !h->plan[1].q || !h->plan[2].q ||
        pol_lists_init(&h->running, (int)n, cl->ntasks) || pol_finished_init(&h->fin, cl, false) < 0)
        return -1;
    h->armed = INFINITY;
    for (size_t k = 0; k < n; k++)
        h->asked[k] = -1;
    return 0;
}

static void hadoop2_free(void *st)
{
    struct hadoop2 *h = st;
    free(h->asked);
    free(h->queue);
    pol_lists_free(&h->running);
    for (int w = 0; w < 3; w++)
        free(h->plan[w].q);
    pol_finished_free(&h->fin);
}

/* Plan a job's scan at t in way w (t never below the way's last). */
static void plan_scan(struct cluster *cl, struct hadoop2 *h, int w, double t, int job)
{
    struct scans *p = &h->plan[w];
    p->q[(p->head + p->len++) % cl->njobs] = (struct scan){t, h->seq++, job};
    if (t < h->armed && !h->scanning) {
        cl_set_timer(cl, t, H2_TIMER_SCAN, 0);
        h->armed = t;
    }
}

/* The way whose first scan is the earliest (first planned among equal times), -1 if none. */
static int next_way(const struct hadoop2 *h)
{
    int best = -1;
    for (int w = 0; w < 3; w++) {
        const struct scan *a = &h->plan[w].q[h->plan[w].head];
        const struct scan *b = best < 0 ? NULL : &h->plan[best].q[h->plan[best].head];
        if (h->plan[w].len > 0 && (!b || a->t < b->t || (a->t == b->t && a->seq < b->seq)))
            best = w;
    }
    return best;
}

/* The job's speculator starts with its job. */
static void hadoop2_arrival(struct cluster *cl, void *st, int job)
{
    plan_scan(cl, st, 0, cl->now, job);
}

/* One phase of a scan: the task to copy, or -1. */
static int scan_phase(const struct cluster *cl, const struct hadoop2 *h, int job, int phase)
{
    const struct cl_job *j = &cl->job[job];
    int first = phase == CL_MAP ? 0 : j->nmap, end = phase == CL_MAP ? j->nmap : j->ntasks;
    int k = 2 * job + phase, n = end - first;
    if (n == 0 || j->next_unstarted < end || h->asked[k] >= 0)
        return -1; /* attempts wait for a container */
    int done = h->fin.count[k];
    if (done < 1 || (double)done / n < h->min_done)
        return -1; /* thresholdRuntime: too few finished */
    double replacement = cl->now + h->fin.sum[k] / done;
    int best = -1, already = 0, running = 0;
    double best_value = 0.0;
    for (int t = h->running.first[k]; t >= 0; t = h->running.next[t]) {
        running++;
        if (cl->task_running[t] > 1) {
            already++;
            continue;
        }
        double est = cl_est_end(cl, cl->task_head[t]);
        if (isnan(est) || est < cl->now)
            continue; /* no estimate yet, or PROGRESS_IS_GOOD */
        if (est - replacement > best_value) {
            best_value = est - replacement;
            best = t;
        }
    }
    double allowed = fmax(fmax(h->min_allowed, floor(h->cap_total * n)),
                          floor(h->cap_running * running));
    return best >= 0 && allowed > already ? best : -1;
}

/* One job's scan. */
static void scan_job(struct cluster *cl, struct hadoop2 *h, int job)
{
    if (!isnan(cl->job[job].completion))
        return; /* the job's speculator ends with it */
    int asked = 0;
    for (int phase = CL_MAP; phase < CL_PHASES; phase++) {
        int t = scan_phase(cl, h, job, phase);
        if (t < 0)
            continue;
        int k = 2 * job + phase;
        h->asked[k] = t;
        h->nasked++;
        if (h->order != POL_ORDER_JOBS)
            h->queue[(h->head + h->len++) % (2 * cl->njobs)] = k;
        asked++;
    }
    plan_scan(cl, h, asked ? 2 : 1, cl->now + (asked ? h->retry_after : h->retry_none), job);
}

/* The scans due now, in the order planned; then the timer for the earliest planned. A timer
 * set for a time already served (a second one for the same time) does nothing. */
static void hadoop2_timer(struct cluster *cl, void *st, int tag, int32_t arg)
{
    (void)tag;
    (void)arg;
    struct hadoop2 *h = st;
    if (cl->now < h->armed)
        return;
    h->armed = INFINITY;
    h->scanning = true;
    for (int w; (w = next_way(h)) >= 0 && h->plan[w].q[h->plan[w].head].t <= cl->now;) {
        struct scans *p = &h->plan[w];
        int job = p->q[p->head].job;
        p->head = (p->head + 1) % cl->njobs;
        p->len--;
        scan_job(cl, h, job);
    }
    h->scanning = false;
    int w = next_way(h);
    if (w >= 0 && h->plan[w].q[h->plan[w].head].t < h->armed) {
        h->armed = h->plan[w].q[h->plan[w].head].t;
        cl_set_timer(cl, h->armed, H2_TIMER_SCAN, 0);
    }
}

/* The copy asked for in job phase k takes a free slot. */
static void launch_asked(struct cluster *cl, struct hadoop2 *h, int k)
{
    if (h->asked[k] < 0)
        return;
    cl_launch_copy(cl, h->asked[k], 0.0);
    h->asked[k] = -1;
    h->nasked--;
}

/* Whether the copy asked for in job phase k (one asked) waits under the placement rule
 * (models/cluster.h): it fits nowhere; *hold: and holds back those asked after it. */
static bool asked_waits(const struct cluster *cl, const struct hadoop2 *h, int k, bool *hold)
{
    *hold = false;
    if (h->asked[k] < 0 || cl_fits(cl, k / 2))
        return false;
    *hold = !cl_passed_over(cl, k / 2);
    return true;
}

/* Copies asked for take the free slots (order = tasks-first: those the scheduler left;
 * copies-first: before it), first asked first. With requests drawn per job one that fits
 * nowhere stays asked, holding the later ones back unless cluster.backfill passes it over
 * (then it goes back to the ring's end, in order with the others passed over). */
static void hadoop2_slot_free(struct cluster *cl, void *st)
{
    struct hadoop2 *h = st;
    bool hold;
    for (int n = h->len; n > 0 && cl->nfree > 0; n--) {
        int k = h->queue[h->head];
        if (asked_waits(cl, h, k, &hold) && hold)
            break;
        h->head = (h->head + 1) % (2 * cl->njobs);
        h->len--;
        if (asked_waits(cl, h, k, &hold))
            h->queue[(h->head + h->len++) % (2 * cl->njobs)] = k;
        else
            launch_asked(cl, h, k);
    }
}

/* By job: the copies asked for in the jobs before `job` take the free slots, earlier job
 * first, its map phase before its reduce phase (the containers an earlier application asks
 * for come first under YARN's FifoScheduler). */
static void hadoop2_copies_before(struct cluster *cl, void *st, int job)
{
    struct hadoop2 *h = st;
    bool hold;
    for (int k = 2 * cl->first_active; h->nasked > 0 && cl->nfree > 0 && k < 2 * job; k++) {
        if (!asked_waits(cl, h, k, &hold))
            launch_asked(cl, h, k);
        else if (hold)
            return;
    }
}

static enum pol_order hadoop2_order(const void *st)
{
    return ((const struct hadoop2 *)st)->order;
}

/* A task the scheduler started runs: its phase's last running task (tasks start in order). */
static void hadoop2_launch(struct cluster *cl, void *st, int slot)
{
    struct hadoop2 *h = st;
    int t = cl->slot_task[slot];
    pol_lists_append(&h->running, 2 * cl->task_job[t] + cl_task_phase(cl, t), t);
}

/* A finished task adds its winning attempt's duration and leaves its phase's running tasks; a
 * copy asked for it is dropped. */
static void hadoop2_copy_done(struct cluster *cl, void *st, int task)
{
    struct hadoop2 *h = st;
    pol_finished_add(&h->fin, cl, task);
    int k = 2 * cl->task_job[task] + cl_task_phase(cl, task);
    pol_lists_remove(&h->running, k, task);
    if (h->asked[k] == task) {
        h->asked[k] = -1;
        h->nasked--;
    }
}

static bool hadoop2_check(const struct cl_spec *spec, const double *param, char *msg,
                          size_t len)
{
    extern const struct policy pol_hadoop2;
    return pol_seconds_check(spec, &pol_hadoop2, param, h2_seconds, POL_TYPICAL_TASK_S, msg,
                             len);
}

static void hadoop2_resolve(const struct cl_spec *spec, double *param)
{
    extern const struct policy pol_hadoop2;
    pol_seconds_resolve(spec, &pol_hadoop2, param, h2_seconds, POL_TYPICAL_TASK_S);
}

static const struct pol_param hadoop2_params[] = {
    [H2_RETRY_NONE] = {.key = "retry_none", .def = NAN, .min = 1e-300, .max = 1e300,
                       .doc = "a job's next scan after one that asked for no copy; auto: 1 s "
                              "(SPECULATIVE_RETRY_AFTER_NO_SPECULATE)",
                       .allow_auto = true, .kind = POL_TIME},
    [H2_RETRY_AFTER] = {.key = "retry_after", .def = NAN, .min = 1e-300, .max = 1e300,
                        .doc = "a job's next scan after one that asked for a copy; auto: 15 s "
                               "(SPECULATIVE_RETRY_AFTER_SPECULATE)",
                        .allow_auto = true, .kind = POL_TIME},
    [H2_MIN_DONE] = {.key = "min_done", .def = 0.05, .min = 0, .max = 1,
                     .doc = "share of a phase's tasks that must have finished before it is "
                            "speculated (MINIMUM_COMPLETE_PROPORTION_TO_SPECULATE, 5 %; at least "
                            "one task)"},
    [H2_MIN_ALLOWED] = {.key = "min_allowed", .def = 10, .min = 0, .max = 1e9, .integer = true,
                        .doc = "a phase may always run this many speculated tasks "
                               "(SPECULATIVE_MINIMUM_ALLOWED_TASKS, 10)"},
    [H2_CAP_TOTAL] = {.key = "cap_total", .def = 0.01, .min = 0, .max = 1,
                      .doc = "... or this share of its tasks (SPECULATIVECAP_TOTAL_TASKS, 1 %)"},
    [H2_CAP_RUNNING] = {.key = "cap_running", .def = 0.1, .min = 0, .max = 1,
                        .doc = "... or this share of its running tasks "
                               "(SPECULATIVECAP_RUNNING_TASKS, 10 %)"},
    [H2_ORDER] = POL_PARAM_ORDER,
    {0},
};

const struct policy pol_hadoop2 = {
    .name = "hadoop2",
    .summary = "Hadoop 2/3 DefaultSpeculator: per job, copy the task ending latest past a new "
               "copy's mean",
    .source = "apache/hadoop DefaultSpeculator, LegacyTaskRuntimeEstimator, StartEndTimesBase "
              "(MRJobConfig defaults)",
    .params = hadoop2_params,
    .state_size = sizeof(struct hadoop2),
    .check = hadoop2_check,
    .resolve = hadoop2_resolve,
    .init = hadoop2_init,
    .on_arrival = hadoop2_arrival,
    .on_slot_free = hadoop2_slot_free,
    .order = hadoop2_order,
    .copies_before = hadoop2_copies_before,
    .on_launch = hadoop2_launch,
    .on_timer = hadoop2_timer,
    .on_copy_done = hadoop2_copy_done,
    .free = hadoop2_free,
    .heartbeat = "retry_none",
    /* per task: the running lists; per job: per phase, asked, queue, first, last and the
       finished durations; three planned scans */
    .memory = {2 * sizeof(int), 0, 2 * (4 * sizeof(int) + 2 * sizeof(double)) +
                                       3 * sizeof(struct scan)},
    .events_per_second = 6.8e6,
    .role = POL_SPECULATOR,
};

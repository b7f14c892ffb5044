/* mantri — Mantri's speculative copies (Ananthanarayanan et al., OSDI 2010), as each seed
 * describes it as its baseline.
 *
 * Rule (seed 000 §6 and §2.2, seed 002 §VI-A): once a slot becomes available, a copy of a
 * running task is launched when P(t_rem > t_new·(c+1)/c) > δ, where t_rem is the task's
 * remaining time, t_new the duration of a new copy and c the copies now running. Seed 004 §I
 * describes it differently: copies only when no task waits (spare_only), for a task whose
 * remaining time exceeds the average task time by 30 s (test = margin), at most 3 extra
 * attempts, and a periodic check that leaves only the attempt with the best progress running
 * (kill). Each paper's Mantri is a setting of the parameters (docs/methods/policies.md):
 *   seeds 000, 002  test = probability, kill = no (the duplicate test alone; no kill rule is
 *                   described)
 *   seed 004 §I     test = margin (30 s), spare_only = yes, kill = yes, keep = progress (or
 *                   earliest-end: see below)
 *   Mantri's paper  test = probability, kill = yes (kill all but the fastest copy) — the
 *                   default
 *
 * Decisions (docs/methods/policies.md):
 *  - Estimates (docs/methods/policies.md, "What a policy knows about a running copy"): by default
 *    (reports = no) a copy's estimate exists from its start of processing, as every policy's
 *    (cl_est_end): exact by default (seed 000 Remark 4: both its algorithm and Mantri estimate
 *    perfectly), noisy with [cluster] estimate_noise. reports = yes: Mantri sees a copy only
 *    from its first progress report, Δ = report_interval after its launch. A task's t_rem is
 *    the least remaining time among its copies that are seen; a task none of whose copies is
 *    seen is not considered. t_new ~ F, the job's task-time distribution, which the scheduler
 *    knows, so the test is F(t_rem·c/(c+1)) > δ, evaluated exactly. δ = 0.25 is Mantri's
 *    published value. Decisions are taken whenever slots are free: at every event, and at the
 *    report heartbeat every Δ. Δ and the margin left `auto` are seconds of the real system
 *    (models/policies/production.c): Hadoop's 3 s progress reports, seed 004's 30 s.
 *  - When several tasks qualify, the copy goes to the task with the largest probability
 *    (for jobs alike, the largest t_rem·c/(c+1)); ties to the lowest task index. Waiting tasks get a slot only
 *    when no running task qualifies (Mantri evaluates duplicates first when a slot frees).
 *    spare_only = yes gives seed 004 §I's variant instead: copies only when no task waits.
 *  - The periodic check (kill = yes) runs at every heartbeat: a task whose attempts have all
 *    reported keeps only one: the attempt estimated to finish first (keep = earliest-end;
 *    Mantri keeps "the fastest"; raw progress scores are not comparable between attempts
 *    started at different times — a copy launched a moment ago always has the lower score and
 *    would be killed before it could help), or the one with the highest progress score
 *    (keep = progress, seed 004's words "the best progress"). kill = no never kills: copies end
 *    only when their task completes.
 *  - test = margin: t_rem > E[X_i] + margin, E[X_i] the job's mean task time of the task's
 *    phase (task_work: the median where the mean diverges), the candidates ranked by
 *    t_rem − E[X_i]. The scheduler knows E[X_i] as it knows F for t_new; seed 004 does not say
 *    whether its "average task execution time" is that or the average of finished tasks.
 *  - Mantri's kill-and-restart action and its network-aware placement are out of scope: the
 *    seeds compare against the duplicate rule only.
 *  - Mantri is a speculator (models/policy.h): its duplicates take free slots before the
 *    scheduler's waiting tasks (spare_only = no) or after them (spare_only = yes). Alone it
 *    runs beside fifo, waiting tasks in FIFO order, as every seed's Mantri; `fair+mantri` and
 *    `psrpt+mantri` pair it with another job scheduler.
 *
 * Cost (docs/guide/performance.md): a decision looks only at the tasks that may pass the test,
 * not at every slot. A task's score only falls as time passes (its least estimated remaining
 * time shrinks: estimates of a copy never grow, models/estimate.c) and when one of its copies
 * is killed (keep = earliest-end keeps the earliest estimated end, so t_rem stays and c falls;
 * keep = progress may keep a later one, so such a task is watched again). It rises only when
 * one of its copies reports for the first time, or when it gets a copy (c grows,
 * test = probability), which only a candidate does. So a task that fails the test leaves the
 * watch list until one of its copies reports; first reports are kept in a heap by due time (a
 * reduce copy launched before its map phase ends gets its due time when the phase ends). The
 * heartbeat likewise visits only the tasks with several copies, in the order of their head
 * slots, as a scan over the slots would. The decisions are those of a full scan at every
 * decision, bit for bit. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/cluster.h"
#include "models/policies/kit.h"

enum { MANTRI_DELTA, MANTRI_MAX_EXTRA, MANTRI_REPORT, MANTRI_SPARE_ONLY, MANTRI_KILL,
       MANTRI_KEEP, MANTRI_TEST, MANTRI_MARGIN, MANTRI_REPORTS };
enum { TEST_PROBABILITY, TEST_MARGIN };      /* values of `test` */
enum { KEEP_EARLIEST_END, KEEP_PROGRESS };   /* values of `keep` */
enum { MANTRI_TIMER_CHECK = 1 };

/* The constants in seconds of the real system, for the `auto` times (models/policies/
 * production.c): progress reports every 3 s (Hadoop's mapreduce.task.progress-report.interval,
 * 0.01 of the 5 min mapreduce.task.timeout: MRJobConfUtil.getTaskProgressReportInterval; the
 * PROGRESS_INTERVAL of Hadoop 1's Task.java), and seed 004 §I's margin of 30 s. */
static const double mantri_seconds[POL_MAX_PARAMS] = {[MANTRI_REPORT] = 3,
                                                      [MANTRI_MARGIN] = 30};
enum { WATCHED = 1, MULTI = 2 }; /* flag bits per task */

/* A copy's first report, still to come. */
struct report {
    double due;          /* report_due of the copy */
    int slot, task, copy; /* the copy: gone when its slot no longer holds (task, copy) */
};

struct mantri {
    int test;              /* TEST_PROBABILITY (δ test) or TEST_MARGIN (seed 004's) */
    double bar;            /* a task qualifies when its score exceeds this: δ, or the margin */
    int max_extra;         /* extra attempts allowed per task */
    double report;         /* Δ: progress-report period, the heartbeat */
    double first_report;   /* a copy's first estimate, after its launch: Δ (reports = yes), or
                              0: from its start of processing, as every policy's */
    int spare_only;        /* copies only when no task is waiting */
    int kill;              /* the heartbeat keeps one attempt of each task */
    int keep;              /* which: KEEP_EARLIEST_END or KEEP_PROGRESS */
    struct report *due;    /* first reports to come: binary min-heap on due */
    int ndue, due_cap;
    int *watch, nwatch;    /* tasks that may pass the test (a superset of those that do) */
    int *multi, nmulti;    /* tasks given an extra copy, for the heartbeat (a superset of the
                              tasks with several copies running) */
    unsigned char *flag;   /* per task: WATCHED, MULTI (in watch / in multi) */
    struct pol_ranking rk; /* a decision's candidates (key −score, job = task); the
                              heartbeat's tasks (key = head slot) */
};

static void mantri_free(void *st)
{
    struct mantri *m = st;
    free(m->due), free(m->watch), free(m->multi), free(m->flag);
    pol_rank_free(&m->rk);
}

static int mantri_init(struct cluster *cl, void *st, const double *param)
{
    struct mantri *m = st;
    m->test = (int)param[MANTRI_TEST];
    m->bar = m->test == TEST_MARGIN ? param[MANTRI_MARGIN] : param[MANTRI_DELTA];
    m->max_extra = (int)param[MANTRI_MAX_EXTRA];
    m->report = param[MANTRI_REPORT];
    m->first_report = param[MANTRI_REPORTS] != 0 ? m->report : 0.0;
    m->spare_only = param[MANTRI_SPARE_ONLY] != 0;
    m->kill = param[MANTRI_KILL] != 0;
    m->keep = (int)param[MANTRI_KEEP];
    size_t n = (size_t)cl->ntasks;
    m->watch = malloc(n * sizeof *m->watch);
    m->multi = malloc(n * sizeof *m->multi);
    m->flag = calloc(n, sizeof *m->flag);
    if (!m->watch || !m->multi || !m->flag || pol_rank_reserve(&m->rk, cl->nslots))
        return -1;
    cl_set_timer(cl, m->report, MANTRI_TIMER_CHECK, 0);
    return 0;
}

/* A copy's first report with an estimate is due Δ after its launch (reports = yes; 0 with
 * reports = no), and not before it starts processing (computed the same way everywhere, so
 * that the report time and the test agree to the last bit). */
static double report_due(const struct cluster *cl, const struct mantri *m, int slot)
{
    return fmax(cl->slot_start[slot] + m->first_report, cl->slot_proc[slot]);
}

/* Reported: its first report is in, and it carries an estimate (not during a launch delay
 * longer than Δ). */
static bool reported(const struct cluster *cl, const struct mantri *m, int slot)
{
    return cl->now >= report_due(cl, m, slot) && !isnan(cl_est_end(cl, slot));
}

/* ---------------------------------------------------------------- first reports to come */

static void push_due(struct mantri *m, struct report e)
{
    if (m->ndue == m->due_cap)
        m->due = pol_grow(m->due, &m->due_cap, sizeof *m->due);
    int i = m->ndue++;
    while (i > 0 && e.due < m->due[(i - 1) / 2].due) {
        m->due[i] = m->due[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    m->due[i] = e;
}

static struct report pop_due(struct mantri *m)
{
    struct report top = m->due[0], last = m->due[--m->ndue];
    int i = 0, n = m->ndue;
    for (int c = 1; c < n; c = 2 * i + 1) {
        if (c + 1 < n && m->due[c + 1].due < m->due[c].due)
            c++;
        if (!(m->due[c].due < last.due))
            break;
        m->due[i] = m->due[c];
        i = c;
    }
    if (n > 0)
        m->due[i] = last;
    return top;
}

/* Expect the first report of the copy on a slot (one waiting for its map phase is expected
 * when the phase ends, mantri_copy_done). */
static void expect_report(const struct cluster *cl, struct mantri *m, int slot)
{
    if (!cl_copy_waiting(cl, slot))
        push_due(m, (struct report){report_due(cl, m, slot), slot, cl->slot_task[slot],
                                    cl->slot_copy[slot]});
}

static void watch(struct mantri *m, int task)
{
    if (!(m->flag[task] & WATCHED)) {
        m->flag[task] |= WATCHED;
        m->watch[m->nwatch++] = task;
    }
}

/* The tasks whose copies have reported by now join the watch list. A report due exactly when
 * the copy starts processing has no estimate yet (cl_est_end): it is expected again just
 * after now, at the next decision. */
static void collect_reports(const struct cluster *cl, struct mantri *m)
{
    while (m->ndue > 0 && m->due[0].due <= cl->now) {
        struct report e = pop_due(m);
        if (cl->slot_task[e.slot] != e.task || cl->slot_copy[e.slot] != e.copy)
            continue; /* the copy is gone */
        if (reported(cl, m, e.slot)) {
            watch(m, e.task);
        } else {
            e.due = nextafter(cl->now, INFINITY);
            push_due(m, e);
        }
    }
}

/* ---------------------------------------------------------------- decisions */

/* A task's score, which qualifies it when above m->bar: test = probability, P(t_new <
 * t_rem·c/(c+1)) with t_new ~ its own job's (and phase's) F, its shape and its scale;
 * test = margin, t_rem − E[X_i] of its phase. −∞ if it is not running, has had its extra
 * attempts, or none of its copies has reported. */
static double task_score(const struct cluster *cl, const struct mantri *m, int t)
{
    if (cl->task_running[t] == 0 || cl->task_copies[t] - 1 >= m->max_extra)
        return -INFINITY;
    double rem = INFINITY;
    for (int x = cl->task_head[t]; x >= 0; x = cl->slot_next[x])
        if (reported(cl, m, x))
            rem = fmin(rem, cl_est_end(cl, x) - cl->now);
    if (rem == INFINITY)
        return -INFINITY; /* no estimate yet */
    const struct cl_job *j = &cl->job[cl->task_job[t]];
    int phase = cl_task_phase(cl, t);
    if (m->test == TEST_MARGIN)
        return rem - j->task_work[phase];
    double c = cl->task_running[t];
    return dist_cdf(&j->dist[phase], rem * c / (c + 1.0) / j->scale[phase]);
}

/* The tasks that pass the test now, into rk by decreasing score, ties to the lowest task
 * index; the watch list keeps only them. Returns how many. */
static int rank_candidates(const struct cluster *cl, struct mantri *m)
{
    collect_reports(cl, m);
    int n = 0, kept = 0;
    for (int i = 0; i < m->nwatch; i++) {
        int t = m->watch[i];
        double score = task_score(cl, m, t);
        if (score > m->bar) {
            m->watch[kept++] = t;
            m->rk.r[n++] = (struct pol_rank){-score, t};
        } else {
            m->flag[t] &= (unsigned char)~WATCHED;
        }
    }
    m->nwatch = kept;
    m->rk.n = n;
    pol_rank_sort(&m->rk);
    return n;
}

/* Free slots go to copies of the best candidate, one at a time: a copy changes only its own
 * task's score (c grows), which is then re-ranked. */
static void launch_copies(struct cluster *cl, struct mantri *m)
{
    struct pol_rank *r = m->rk.r;
    int n = rank_candidates(cl, m), i = 0;
    while (i < n && cl->nfree > 0) {
        int t = r[i].job;
        if (cl_passed_over(cl, cl->task_job[t])) {
            i++;
            continue;
        }
        if (!cl_fits(cl, cl->task_job[t]))
            break; /* requests drawn per job: it holds the others back */
        expect_report(cl, m, cl_launch_copy(cl, t, 0.0));
        if (m->kill && !(m->flag[t] & MULTI)) {
            m->flag[t] |= MULTI;
            m->multi[m->nmulti++] = t;
        }
        double score = task_score(cl, m, t);
        if (!(score > m->bar)) {
            i++;
            continue;
        }
        r[i].key = -score;
        for (int k = i; k + 1 < n && pol_rank_before(&r[k + 1], &r[k]); k++) {
            struct pol_rank tmp = r[k];
            r[k] = r[k + 1];
            r[k + 1] = tmp;
        }
    }
}

/* A free slot goes to a copy of the best qualifying task before any waiting task, unless
 * spare_only: then copies only once the scheduler has started every waiting task it would. */
static void mantri_slot_free(struct cluster *cl, void *st)
{
    launch_copies(cl, st);
}

static enum pol_order mantri_order(const void *st)
{
    return ((const struct mantri *)st)->spare_only ? POL_ORDER_TASKS : POL_ORDER_COPIES;
}

/* A long task passes the test (its remaining time outgrows any t_new, or E[X] + margin) and
 * gets max_extra copies over its life, each tried again at every event and report until a slot
 * frees, before waiting tasks (not spare_only): its time is the least of its attempts'. Killing
 * (kill = yes) keeps the attempt that truly ends first only when estimates are exact and it
 * keeps the earliest end (keep = earliest-end); otherwise a kill may discard the short one.
 * With spare_only, copies wait for the queue to empty, whose tail nothing here bounds. */
static struct pol_tail mantri_tail(const struct cl_spec *spec, const double *param)
{
    bool kill_safe = param[MANTRI_KILL] == 0 ||
                     (param[MANTRI_KEEP] == KEEP_EARLIEST_END && pol_estimates_exact(spec));
    int extra = (int)param[MANTRI_MAX_EXTRA];
    if (param[MANTRI_SPARE_ONLY] != 0 || !kill_safe)
        return (struct pol_tail){0, POL_TAIL_NEVER, 1 + extra};
    return (struct pol_tail){extra, POL_TAIL_RETRIED, 1 + extra};
}

/* A task the scheduler started will report. */
static void mantri_launch(struct cluster *cl, void *st, int slot)
{
    expect_report(cl, st, slot);
}

/* The last map task of a job is done: its waiting reduce copies start processing now, and
 * will report. */
static void mantri_copy_done(struct cluster *cl, void *st, int task)
{
    const struct cl_job *j = &cl->job[cl->task_job[task]];
    if (cl_task_phase(cl, task) != CL_MAP || j->maps_left > 0)
        return;
    for (int t = j->first_task + j->nmap; t < j->first_task + j->next_unstarted; t++)
        for (int s = cl->task_head[t]; s >= 0; s = cl->slot_next[s])
            expect_report(cl, st, s);
}

/* The heartbeat: with kill, every task whose attempts have all reported keeps one of them
 * (keep), the tasks taken in the order of their head slots; then, slots being free or not,
 * the event loop lets the policy decide. */
static void mantri_timer(struct cluster *cl, void *st, int tag, int32_t arg)
{
    (void)tag;
    (void)arg;
    struct mantri *m = st;
    int n = 0, kept = 0;
    for (int i = 0; i < m->nmulti; i++) {
        int t = m->multi[i];
        if (cl->task_running[t] < 2) {
            m->flag[t] &= (unsigned char)~MULTI;
            continue;
        }
        m->multi[kept++] = t;
        bool all = true;
        for (int x = cl->task_head[t]; x >= 0 && all; x = cl->slot_next[x])
            all = reported(cl, m, x);
        if (all)
            m->rk.r[n++] = (struct pol_rank){cl->task_head[t], t};
    }
    m->nmulti = kept;
    m->rk.n = n;
    pol_rank_sort(&m->rk);
    for (int i = 0; i < n; i++) {
        int t = m->rk.r[i].job;
        if (m->keep == KEEP_PROGRESS) {
            cl_kill_all_but(cl, t, pol_best_copy(cl, t, cl_est_progress));
            watch(m, t); /* the copy kept may end later: t_rem can grow */
        } else {
            cl_kill_all_but(cl, t, pol_best_copy(cl, t, pol_key_earliest_end));
        }
    }
    if (cl->ndone < cl->njobs)
        cl_set_timer(cl, pol_next_beat(cl, m->report), MANTRI_TIMER_CHECK, 0);
}

static const char *const mantri_test_names[] = {[TEST_PROBABILITY] = "probability",
                                                [TEST_MARGIN] = "margin", NULL};
static const char *const mantri_keep_names[] = {[KEEP_EARLIEST_END] = "earliest-end",
                                                [KEEP_PROGRESS] = "progress", NULL};

static const struct pol_param mantri_params[] = {
    [MANTRI_DELTA] = {.key = "delta", .def = 0.25, .min = 0, .max = 1,
                      .doc = "test probability: copy when P(t_rem > t_new (c+1)/c) exceeds this "
                             "(Mantri: 0.25)"},
    [MANTRI_MAX_EXTRA] = {.key = "max_extra", .def = 3, .min = 0, .max = RNG_MAX_COPIES - 1,
                          .integer = true, .doc = "extra attempts allowed per task (seed 004 §I: 3)"},
    [MANTRI_REPORT] = {.key = "report_interval", .def = NAN, .min = 1e-9, .max = 1e300,
                       .doc = "progress-report period, the heartbeat of the kill check (and, "
                              "reports = yes, when a copy's first estimate comes); auto: 3 s "
                              "(Hadoop's)",
                       .allow_auto = true, .kind = POL_TIME},
    [MANTRI_SPARE_ONLY] = {.key = "spare_only", .def = 0, .min = 0, .max = 1, .integer = true,
                           .doc = "yes: copy only when no task is waiting (seed 004 §I reading)",
                           .names = pol_no_yes},
    [MANTRI_KILL] = {.key = "kill", .def = 1, .min = 0, .max = 1, .integer = true,
                     .doc = "yes: at each report keep one attempt per task (Mantri's paper, seed "
                            "004 §I); no: never kill (seeds 000 §6, 002 §VI-A)",
                     .names = pol_no_yes},
    [MANTRI_KEEP] = {.key = "keep", .def = KEEP_EARLIEST_END, .min = 0, .max = 1, .integer = true,
                     .doc = "kill = yes keeps earliest-end: the attempt estimated to finish "
                            "first; progress: the best progress score (seed 004 §I's words)",
                     .names = mantri_keep_names},
    [MANTRI_TEST] = {.key = "test", .def = TEST_PROBABILITY, .min = 0, .max = 1, .integer = true,
                     .doc = "probability: P(t_rem > t_new (c+1)/c) > delta (seeds 000, 002); "
                            "margin: t_rem > mean task time + margin (seed 004 §I)",
                     .names = mantri_test_names},
    [MANTRI_MARGIN] = {.key = "margin", .def = NAN, .min = -1e300, .max = 1e300,
                       .doc = "test margin: remaining time above the job's mean task time; "
                              "auto: 30 s (seed 004 §I)",
                       .allow_auto = true, .kind = POL_TIME},
    [MANTRI_REPORTS] = {.key = "reports", .def = 0, .min = 0, .max = 1, .integer = true,
                        .doc = "no: a copy's estimate from its start of processing, as every "
                               "policy's (the same information); yes: only from its first "
                               "report, report_interval after its launch (Mantri waits)",
                        .names = pol_no_yes},
    {0},
};

/* Only a task still running at its first report can get a copy; with test = margin, only one
 * whose remaining time then exceeds its job's mean task time by the margin. */
static struct pol_gate mantri_gate(const struct cl_spec *spec, const double *param)
{
    double first = param[MANTRI_REPORTS] != 0 ? param[MANTRI_REPORT] : 0.0;
    double reported = fmax(0.0, first - spec->launch_delay);
    if (param[MANTRI_TEST] == TEST_MARGIN)
        return (struct pol_gate){MANTRI_MARGIN, reported + param[MANTRI_MARGIN], 1.0,
                                 "test = margin copies only a task whose remaining time at a "
                                 "report exceeds its job's mean task time by the margin"};
    return (struct pol_gate){MANTRI_REPORT, reported, 0.0,
                             "a task is considered once a copy of it has reported, "
                             "report_interval after its launch"};
}

/* `auto` times need to know how long a second is; the margin only under test = margin. */
static bool mantri_check(const struct cl_spec *spec, const double *param, char *msg, size_t len)
{
    extern const struct policy pol_mantri;
    double p[POL_MAX_PARAMS];
    memcpy(p, param, sizeof p);
    if (p[MANTRI_TEST] != TEST_MARGIN)
        p[MANTRI_MARGIN] = 0.0;
    return pol_seconds_check(spec, &pol_mantri, p, mantri_seconds, POL_TYPICAL_TASK_S, msg, len);
}

static void mantri_resolve(const struct cl_spec *spec, double *param)
{
    extern const struct policy pol_mantri;
    pol_seconds_resolve(spec, &pol_mantri, param, mantri_seconds, POL_TYPICAL_TASK_S);
}

const struct policy pol_mantri = {
    .name = "mantri",
    .summary = "Mantri: copy when P(t_rem > t_new (c+1)/c) > delta, <= 3 extra, kill = keep one",
    .source = "seed 000 §6, seed 002 §VI-A, seed 004 §I (each paper's reading: kill, test, spare_only)",
    .params = mantri_params,
    .state_size = sizeof(struct mantri),
    .check = mantri_check,
    .resolve = mantri_resolve,
    .gate = mantri_gate,
    .init = mantri_init,
    .on_slot_free = mantri_slot_free,
    .on_timer = mantri_timer,
    .role = POL_SPECULATOR,
    .order = mantri_order,
    .tail = mantri_tail,
    .on_launch = mantri_launch,
    .on_copy_done = mantri_copy_done,
    .free = mantri_free,
    .events_per_second = 8.2e6,
    .heartbeat = "report_interval",
    .memory = {9, 64, 0},
};

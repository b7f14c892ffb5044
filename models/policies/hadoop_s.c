/* hadoop-s — Hadoop's default speculative execution ("Hadoop-S", the baseline of seed 004).
 *
 * Three rules are described as Hadoop's or its kind's; `rule` selects one.
 *  rule = progress-score (0; Hadoop 0.20 as described by LATE and seed 003 §III eqs. 1–2): a
 *         running task is a straggler when its progress score is below its job's average
 *         progress score minus `gap` (0.2) and it has run at least `min_age` (60 s,
 *         SPECULATIVE_LAG of Hadoop 0.20's TaskInProgress.java). The average is over all the
 *         job's tasks, finished ones counting 1 and unstarted 0, as Hadoop computes a job's
 *         progress (average = all), or over its running tasks, as seed 003 eq. 2 writes it
 *         (average = running).
 *  rule = estimated-time (1; seed 004 §I, Hadoop 2's speculator): "after at least one task from
 *         the same job has finished. Periodically, Hadoop calculates the difference between the
 *         estimated completion time of each running task and the average completion time of
 *         finished tasks. It launches one extra attempt for the task that has the largest
 *         difference."
 *  rule = progress-rate (2; seed 003 §III, "Progress rate based threshold", Dolly's): a running
 *         task whose progress rate PR = PS/T (eq. 4) is below `rate_share` (50 %) of the
 *         average rate of its job's running tasks.
 * The progress-score rule's bar reads two ways (`bar`): PS < average − gap (`absolute`), as
 * Hadoop 0.20's TaskInProgress writes it (SPECULATIVE_GAP = 0.2) and LATE describes it, or
 * PS < (1 − gap) × average (`relative`), seed 003 eq. 3's "PS_avg * 80%" for "the Hadoop
 * default scheduler".
 * All: one backup at most per task, launched on free slots only (never ahead of a waiting
 * task); the first attempt to finish wins and the other is killed (the model does that).
 *
 * Decisions (docs/methods/policies.md): times left `auto`, the defaults of min_age and period,
 * are Hadoop's constants in seconds of the real system, one second being 1 time unit with a
 * trace and the mean task time / 100 without (models/policies/production.c, as for hadoop2):
 * min_age 60 s; period, for the progress-score and progress-rate rules, the TaskTracker
 * heartbeat of Hadoop 0.20, 3 s (MRConstants.HEARTBEAT_INTERVAL_MIN;
 * JobTracker.getNextHeartbeatInterval keeps it below 300 TaskTrackers), and for the
 * estimated-time rule, Hadoop 2's, 1 s (the DefaultSpeculator's rescan after a scan that
 * launched nothing, SPECULATIVE_RETRY_AFTER_NO_SPECULATE). A number given is time units:
 * min_age = 60 is the old default. Progress and estimates are the cluster's (cl_est_progress,
 * cl_est_end); a task's progress is its best attempt's. Decisions are re-evaluated every
 * `period` besides every event with free slots. The progress-score rule backs up the task
 * furthest behind first (ties: lowest task index), the progress-rate rule the task whose rate
 * is the smallest share of its job's average (pol_task_progress, models/policies/progress.c).
 * The estimated-time rule compares a task's estimated execution time (estimated end − start)
 * with the mean execution time of the job's finished tasks, launches for the largest positive
 * difference, one per job per period.
 *
 * Cost (docs/guide/performance.md, "The papers' scale"). A backup changes no other task's
 * progress and no job's average at its launch (it reports nothing yet), so a decision of the
 * progress-score or progress-rate rule ranks its candidates once and backs up the first ones,
 * as picking the furthest behind again after each backup would. The progress-score rule looks
 * only at the jobs that may have a new candidate, from this invariant: a task's reported
 * progress never falls (each copy's grows with time, and the task's is its best copy's), so
 * between a job's events its sum of progress, summed in the same order, never falls, and nor
 * does its bar; and the sum grows no faster than its running tasks' rates, plus what a task
 * that ends adds — 1 less its progress then, no more than 1 less its progress last computed,
 * grown since at its one copy's rate. A job is looked at (its sum and bar computed as the full
 * scan does) when it arrives, when its map phase ends, at each event with average = running,
 * and before its bar could reach a task without a backup that was at or above it: each of those
 * grows at least at its copy's rate, so their least distance above the bar growing at its rate
 * then is concave in time, above the chord from its value then to the first time one of them is
 * reached, and the job is due when the bar's further growth (new tasks, backups) and jumps
 * could pass that chord. The tasks that were below the bar wait in a heap on their progress
 * then, a bound under it later: the first of the heap is the candidate first in order (least
 * progress, then lowest task) once its progress is known now and below the bar — its job was
 * looked at in this decision, or its copies all wait (progress 0, and the bar, above 0 then,
 * does not fall), or its progress computed now is under the bar its job had then — and
 * otherwise its job is looked at. A task that has not run min_age yet waits outside that heap
 * and joins it, in the order the tasks started, at the first decision that finds it old
 * enough, so a decision does not pass over the young ones again and again. Each decision is
 * the full scan's, bit for bit (test builds check it at every decision). The estimated-time
 * and progress-rate rules scan every job, and so does the progress-score rule with requests
 * drawn per job: its backups go out in the full scan's order under the placement rule
 * (models/cluster.h), which the bounds cannot tell. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "models/cluster.h"
#include "models/policies/kit.h"

enum { HS_RULE, HS_GAP, HS_MIN_AGE, HS_PERIOD, HS_AVERAGE, HS_BAR, HS_RATE_SHARE };
enum { HS_TIMER_HEARTBEAT = 1 };

/* The progress-score rule, a job when it was last looked at (t0): its bar then; bounds on how
 * fast the sum of its tasks' progress grows (slope: their rates; grow0 = slope/divisor then)
 * and on how much it has jumped since, in units of the bar (jump: a task that ends turns its
 * progress into 1); and, of its tasks without a backup at or above the bar, the least slack
 * (progress less the bar, less the rounding) and how soon the bar growing at grow0 could first
 * reach one of them, each growing at least as its copy did (reach). Its bar is above bar −
 * rounding and below bar + slope (t − t0)/divisor + jump + rounding until an event of its job
 * that the bounds do not follow (its map phase ends; with average = running, any task starts or
 * ends). */
struct gap_job {
    double t0, bar, slack, reach, grow0, slope, jump, divisor, rounding;
    int64_t seen; /* the last decision that looked at it */
};

struct hadoop_s {
    int rule;      /* 0 progress-score, 1 estimated-time, 2 progress-rate */
    bool gaps;     /* the progress-score rule by its bounds (below); false: a full scan */
    double gap;    /* progress-score: progress below the job average minus this */
    double min_age; /* progress-score: only tasks running at least this long */
    double period; /* heartbeat */
    int average;   /* progress-score: 0 (all) over all the job's tasks, 1 (running) over its
                      running tasks */
    int bar;       /* progress-score: 0 (absolute) average - gap, 1 (relative) (1 - gap) x
                      average */
    double rate_share; /* progress-rate: a rate below this share of the job's average */
    struct pol_ranking rk; /* progress-rate: a decision's candidates (key, job field = task);
                              progress-score, test builds: those of a look at every job */
    /* the progress-score rule */
    struct gap_job *job;    /* per job: its bar when last looked at, and bounds since */
    struct pol_watch due;   /* arrived jobs not done: when to look at them again */
    struct pol_watch cands; /* tasks old enough (min_age) without a backup whose progress may
                               be below their job's bar: key = a bound under their progress
                               now (ps) */
    unsigned char *waiting; /* per task: such a task, too young yet to be in cands */
    int *young, nyoung, nold; /* tasks in the order they started; the first nold are old
                                 enough */
    double *ps;             /* per task: its progress when last computed */
    double *from, *grow;    /* per task: when that progress starts to grow, and how fast at
                               least (its one copy's rate; INFINITY and 0 otherwise) */
    double *rate;           /* per task: progress_slope since its copies last changed (0: to
                               be computed again, its copies may have been released) */
    unsigned char *fixed;   /* per task: its copies all wait and its job's bar is above 0 */
    int64_t *known;         /* per task: the decision that computed its progress and found
                               it below the bar */
    int64_t decision;       /* decisions so far */
    int *todo;              /* [jobs]: the jobs due at a decision */
};

static int hadoop_s_init(struct cluster *cl, void *st, const double *param)
{
    struct hadoop_s *h = st;
    h->rule = (int)param[HS_RULE];
    h->gaps = h->rule == 0 && !cl->drawn;
    h->gap = param[HS_GAP];
    h->min_age = param[HS_MIN_AGE];
    h->period = param[HS_PERIOD];
    h->average = (int)param[HS_AVERAGE];
    h->bar = (int)param[HS_BAR];
    h->rate_share = param[HS_RATE_SHARE];
    h->rk = (struct pol_ranking){0};
    if (pol_rank_reserve(&h->rk, cl->nslots))
        return -1;
    if (h->gaps) {
        h->job = calloc((size_t)cl->njobs, sizeof *h->job);
        h->todo = malloc((size_t)cl->njobs * sizeof *h->todo);
        h->young = malloc((size_t)cl->ntasks * sizeof *h->young);
        h->waiting = calloc((size_t)cl->ntasks, sizeof *h->waiting);
        h->nyoung = h->nold = 0;
        h->ps = calloc((size_t)cl->ntasks, sizeof *h->ps);
        h->fixed = calloc((size_t)cl->ntasks, sizeof *h->fixed);
        h->known = calloc((size_t)cl->ntasks, sizeof *h->known);
        h->rate = calloc((size_t)cl->ntasks, sizeof *h->rate);
        h->from = malloc((size_t)cl->ntasks * sizeof *h->from);
        h->grow = malloc((size_t)cl->ntasks * sizeof *h->grow);
        if (!h->job || !h->todo || !h->young || !h->waiting || !h->ps || !h->fixed ||
            !h->known || !h->rate || !h->from || !h->grow ||
            pol_watch_init(&h->due, cl->njobs) || pol_watch_init(&h->cands, cl->ntasks))
            return -1;
    }
    cl_set_timer(cl, h->period, HS_TIMER_HEARTBEAT, 0);
    return 0;
}

static void hadoop_s_free(void *st)
{
    struct hadoop_s *h = st;
    pol_rank_free(&h->rk);
    pol_watch_free(&h->due);
    pol_watch_free(&h->cands);
    free(h->job);
    free(h->todo);
    free(h->young);
    free(h->waiting);
    free(h->ps);
    free(h->fixed);
    free(h->known);
    free(h->rate);
    free(h->from);
    free(h->grow);
}

/* A task's reported progress: its best attempt's, 0 before any reported. */
static double task_progress(const struct cluster *cl, int task)
{
    return fmax(0.0, pol_task_progress(cl, task).score);
}

/* How fast a copy's reported progress grows: (1 − offset)/(wε), wε its reported processing
 * time (to the rounding of cl_est_full's sum). */
static double copy_rate(const struct cluster *cl, int s)
{
    return (1 - cl->slot_offset[s]) / (cl_est_full(cl, s) - cl->slot_proc[s]);
}

/* How fast a running task's reported progress can grow: its fastest copy's rate, a little
 * more; 0 while its copies wait for the map phase. */
static double progress_slope(const struct cluster *cl, int task)
{
    double slope = 0.0;
    for (int s = cl->task_head[task]; s >= 0; s = cl->slot_next[s])
        if (!cl_copy_waiting(cl, s))
            slope = fmax(slope, copy_rate(cl, s));
    return slope * (1 + 1e-9);
}

/* A task's rates, when its copies start or are released: how fast its progress can grow, and
 * with one copy, how fast it grows at least (that copy's rate, a little less; a backup does
 * not change that), once the copy processes. */
static void task_rates(const struct cluster *cl, struct hadoop_s *h, int t)
{
    int s = cl->task_head[t];
    h->rate[t] = progress_slope(cl, t);
    h->grow[t] = cl->task_copies[t] == 1 && !cl_copy_waiting(cl, s) ? copy_rate(cl, s) * (1 - 1e-9)
                                                                     : 0.0;
}

/* Keep a task's progress p, computed now: with one copy, not waiting, it grows at least at
 * `grow` from now, or from when the copy starts processing, until it is 1. */
static void known_progress(const struct cluster *cl, struct hadoop_s *h, int t, double p)
{
    int s = cl->task_head[t];
    h->ps[t] = p;
    h->from[t] = cl->task_copies[t] == 1 && !cl_copy_waiting(cl, s) ? fmax(cl->now, cl->slot_proc[s])
                                                                     : INFINITY;
}

/* The progress-score rule backs up only a task that has run min_age. */
static bool old_enough(const struct cluster *cl, const struct hadoop_s *h, int t)
{
    return cl->now - cl->task_start[t] >= h->min_age;
}

/* A task without a backup whose progress, ps, may be below its job's bar: in cands, keyed by
 * ps, once it is old enough; until then it waits (a decision backs up no younger task), and
 * joins cands when a decision finds it old enough (young_to_cands). */
static void cand_set(const struct cluster *cl, struct hadoop_s *h, int t)
{
    if (old_enough(cl, h, t)) {
        pol_watch_set(&h->cands, t, h->ps[t]);
        return;
    }
    h->waiting[t] = 1;
}

static void cand_remove(struct hadoop_s *h, int t)
{
    pol_watch_remove(&h->cands, t);
    h->waiting[t] = 0;
}

/* The tasks that have run min_age since the last decision, in the order they started (as
 * their ages fall), into cands if they wait there. */
static void young_to_cands(const struct cluster *cl, struct hadoop_s *h)
{
    for (; h->nold < h->nyoung; h->nold++) {
        int t = h->young[h->nold];
        if (!old_enough(cl, h, t))
            break;
        if (h->waiting[t]) {
            h->waiting[t] = 0;
            pol_watch_set(&h->cands, t, h->ps[t]);
        }
    }
}

/* The progress-score rule, one job: its running tasks without a backup whose progress is below
 * its average progress minus the gap, into `all` (key = progress, those old enough) when given;
 * else it is looked at: those tasks become its entries in cands (with their progress now), the
 * others leave, and its bar, level and bounds start again from now. */
static void progress_gap_job(const struct cluster *cl, struct hadoop_s *h, int j,
                             struct pol_ranking *all)
{
    const struct cl_job *job = &cl->job[j];
    int first = job->first_task, end = first + job->next_unstarted;
    double sum = h->average ? 0.0 : job->ntasks - job->tasks_left; /* finished: 1 */
    double slope = 0.0;
    for (int t = first; t < end; t++)
        if (cl->task_running[t] > 0) {
            double p = task_progress(cl, t);
            sum += p;
            if (all)
                continue;
            if (h->rate[t] == 0) /* its copies waited when last seen */
                task_rates(cl, h, t);
            known_progress(cl, h, t, p);
            slope += h->rate[t];
        }
    double divisor = h->average ? job->tasks_running : job->ntasks;
    double avg = sum / divisor;
    double bar = h->bar ? (1.0 - h->gap) * avg : avg - h->gap;
    struct gap_job g = {cl->now, bar, INFINITY, INFINITY, slope / divisor, slope, 0.0, divisor,
                        (job->ntasks + 8) * 1e-15 * (job->ntasks / divisor + 2), h->decision};
    for (int t = first; t < end; t++) {
        if (cl->task_running[t] == 0)
            continue;
        double p = all ? task_progress(cl, t) : h->ps[t];
        bool below = cl->task_copies[t] <= 1 && p < bar;
        if (all) {
            if (below && old_enough(cl, h, t))
                all->r[all->n++] = (struct pol_rank){p, t};
            continue;
        }
        if (below) {
            cand_set(cl, h, t);
            h->fixed[t] = h->rate[t] == 0 && 0 < bar - g.rounding; /* progress 0 while below */
            continue;
        }
        cand_remove(h, t);
        if (cl->task_copies[t] > 1)
            continue;
        /* its one copy's progress grows at its rate from now, if it reports */
        double slack = p * (1 - 1e-12) - bar - g.rounding;
        double grows = h->from[t] <= cl->now ? h->grow[t] : 0.0;
        g.slack = fmin(g.slack, slack);
        if (!(slack > 0))
            g.reach = 0.0;
        else if (grows < g.grow0)
            g.reach = fmin(g.reach, slack / (g.grow0 - grows));
    }
    if (!all)
        h->job[j] = g;
}

/* When a job must be looked at again: before its bar could reach the progress of a task
 * without a backup that was at or above it (or sooner, if it is due sooner already: the
 * bounds only widen between looks). The least of those tasks' progress less the bar grown at
 * grow0 is concave in the time since t0, from slack to 0 at reach, so above the line through
 * them; the bar's growth beyond grow0 since, and its jumps, must stay under it. */
static void gap_due(const struct cluster *cl, struct hadoop_s *h, int j)
{
    const struct gap_job *g = &h->job[j];
    double left = g->slack - g->jump, due = INFINITY;
    double over = g->slack / g->reach + (g->slope / g->divisor - g->grow0);
    if (g->slack == INFINITY)
        due = INFINITY;
    else if (!(left > 0))
        due = cl->now;
    else if (over > 0)
        due = g->t0 + left / over * (1 - 1e-9);
    int i = h->due.pos[j];
    if (due < INFINITY && (i < 0 || due < h->due.h[i].key))
        pol_watch_set(&h->due, j, fmax(due, cl->now));
}

static void look_at_job(const struct cluster *cl, struct hadoop_s *h, int j)
{
    progress_gap_job(cl, h, j, NULL);
    pol_watch_remove(&h->due, j);
    gap_due(cl, h, j);
}

/* Events of a job (models/policy.h hooks, and the backups): its bounds follow them, or, where
 * they cannot, it is looked at again at the next decision. */
static void gap_relook(const struct cluster *cl, struct hadoop_s *h, int j)
{
    if (isnan(cl->job[j].completion))
        pol_watch_set(&h->due, j, cl->now);
    else
        pol_watch_remove(&h->due, j);
}

/* A task started: its progress, 0 now, grows by its rate; it may be below the bar. */
static void gap_started(const struct cluster *cl, struct hadoop_s *h, int t)
{
    int j = cl->task_job[t];
    task_rates(cl, h, t);
    h->young[h->nyoung++] = t;
    if (h->average) {
        gap_relook(cl, h, j);
        return;
    }
    h->job[j].slope += h->rate[t];
    known_progress(cl, h, t, 0.0);
    h->fixed[t] = 0;
    cand_set(cl, h, t);
    gap_due(cl, h, j);
}

/* A task ended: the sum jumps by 1 less its progress, at most 1 less its progress known (grown
 * since at its one copy's rate, if it had one copy). */
static void gap_ended(const struct cluster *cl, struct hadoop_s *h, int t)
{
    int j = cl->task_job[t];
    const struct cl_job *job = &cl->job[j];
    cand_remove(h, t);
    bool released = cl_task_phase(cl, t) == CL_MAP && job->maps_left == 0 &&
                    job->next_unstarted > job->nmap;
    if (h->average || released || !isnan(job->completion)) {
        gap_relook(cl, h, j);
        return;
    }
    /* its progress at the end, at least: as known, grown at its one copy's rate since */
    double grown = cl->now > h->from[t] ? h->grow[t] * (cl->now - h->from[t]) : 0.0;
    double end = h->ps[t] * (1 - 1e-12) + grown;
    h->job[j].jump += fmax(0.0, 1.0 - end) / h->job[j].divisor;
    gap_due(cl, h, j);
}

/* A task got a backup: the sum may grow faster by the backup's rate. */
static void gap_backed_up(const struct cluster *cl, struct hadoop_s *h, int t)
{
    int j = cl->task_job[t];
    double before = h->rate[t];
    h->rate[t] = progress_slope(cl, t);
    if (h->average) {
        gap_relook(cl, h, j);
        return;
    }
    h->job[j].slope += h->rate[t] - before * (1 - 1e-9);
    gap_due(cl, h, j);
}

/* The progress-score rule's candidates from a look at every job, into h->rk, sorted: the full
 * scan (with requests drawn per job the decision; else what the bounds below must match). */
static void progress_gap_ranking(const struct cluster *cl, struct hadoop_s *h)
{
    h->rk.n = 0;
    for (int j = cl->first_active; j < cl->narrived; j++)
        if (cl->job[j].tasks_running > 0)
            progress_gap_job(cl, h, j, &h->rk);
    pol_rank_sort(&h->rk);
}

/* The progress-score rule's backups at a decision. The jobs due are looked at; then the entry
 * first in cands (least bound, then lowest task) is the candidate first in order (least
 * progress, then lowest task) once its progress is known to be its progress now and below its
 * job's bar: its job was looked at in this decision; or its copies all wait (its progress stays
 * 0, and its job's bar stays above 0); or its progress, computed now, is below its job's bar's
 * lower bound — it then goes back with that progress as its key. Otherwise its job is looked
 * at. */
static void progress_gap_backups(struct cluster *cl, struct hadoop_s *h)
{
#ifdef SPECMC_CHECK
    /* test builds: the backups that a look at every job launches, which these must be */
    progress_gap_ranking(cl, h);
    int expect = h->rk.n < cl->nfree ? h->rk.n : cl->nfree, launched = 0;
#endif
    h->decision++;
    int n = 0;
    while (h->due.n > 0 && h->due.h[0].key <= cl->now) {
        h->todo[n++] = h->due.h[0].task;
        pol_watch_remove(&h->due, h->due.h[0].task);
    }
    for (int i = 0; i < n; i++)
        look_at_job(cl, h, h->todo[i]);
    young_to_cands(cl, h);
    while (cl->nfree > 0 && h->cands.n > 0) {
        int t = h->cands.h[0].task, j = cl->task_job[t];
        if (!h->fixed[t] && h->job[j].seen != h->decision && h->known[t] != h->decision) {
            double p = task_progress(cl, t);
            known_progress(cl, h, t, p);
            if (!h->average && p < h->job[j].bar - h->job[j].rounding) {
                h->known[t] = h->decision;
                pol_watch_set(&h->cands, t, p);
            } else {
                look_at_job(cl, h, j);
            }
            continue;
        }
        CL_ASSERT(launched < expect && h->rk.r[launched++].job == t);
        pol_watch_remove(&h->cands, t);
        cl_launch_copy(cl, t, 0.0);
        gap_backed_up(cl, h, t);
    }
    CL_ASSERT(launched == expect);
}

/* The progress-rate rule: the running tasks without a backup whose progress rate is below
 * rate_share x the average rate of their job's running tasks, into rk, key = the rate over that
 * average. Tasks without a rate yet neither count nor qualify. */
static void progress_rate_candidates(const struct cluster *cl, struct hadoop_s *h)
{
    int c = 0;
    for (int j = cl->first_active; j < cl->narrived; j++) {
        const struct cl_job *job = &cl->job[j];
        double sum = 0.0;
        int n = 0;
        for (int t = job->first_task; t < job->first_task + job->next_unstarted; t++) {
            double rate = cl->task_running[t] > 0 ? pol_task_progress(cl, t).rate : NAN;
            if (!isnan(rate)) {
                sum += rate;
                n++;
            }
        }
        for (int t = job->first_task; n > 0 && t < job->first_task + job->next_unstarted; t++) {
            if (cl->task_running[t] == 0 || cl->task_copies[t] > 1)
                continue;
            double ratio = pol_task_progress(cl, t).rate / (sum / n);
            if (ratio < h->rate_share) /* NaN never qualifies */
                h->rk.r[c++] = (struct pol_rank){ratio, t};
        }
    }
    h->rk.n = c;
}

/* The estimated-time rule, for one job: the running task without a backup whose estimated
 * execution time exceeds the mean of the job's finished tasks by the most; -1 if none. */
static int estimated_time_candidate(const struct cluster *cl, int j)
{
    const struct cl_job *job = &cl->job[j];
    double done_sum = 0.0;
    int done = 0;
    for (int t = job->first_task; t < job->first_task + job->ntasks; t++)
        if (!isnan(cl->task_done[t])) {
            done_sum += cl->task_done[t] - cl->task_start[t];
            done++;
        }
    if (done == 0)
        return -1;
    int best = -1;
    double best_diff = 0.0;
    for (int t = job->first_task; t < job->first_task + job->ntasks; t++) {
        if (cl->task_running[t] == 0 || cl->task_copies[t] > 1)
            continue;
        double diff = cl_est_end(cl, cl->task_head[t]) - cl->task_start[t] - done_sum / done;
        if (diff > best_diff) { /* NaN (no estimate yet) never qualifies */
            best_diff = diff;
            best = t;
        }
    }
    return best;
}

/* The progress-score and progress-rate rules: backups for the candidates, the furthest behind
 * first (ties: lowest task), while slots are free. A backup leaves every other task's progress,
 * rate and job average as they were (it reports nothing at its launch), so the order is that of
 * picking the furthest behind again after each. */
static void hadoop_s_slot_free(struct cluster *cl, void *st)
{
    struct hadoop_s *h = st;
    int before = cl->nfree;
    pol_start_fifo(cl, 1);
    if (h->gaps)
        for (int i = before - 1; i >= cl->nfree; i--)
            gap_started(cl, h, cl->slot_task[cl->free_stack[i]]);
    if (h->rule == 1 || cl->nfree == 0)
        return;
    if (h->gaps) {
        progress_gap_backups(cl, h);
        return;
    }
    if (h->rule == 0) {
        progress_gap_ranking(cl, h);
    } else {
        progress_rate_candidates(cl, h);
        pol_rank_sort(&h->rk);
    }
    pol_launch_ranked(cl, &h->rk);
}

/* The progress-score rule: a job arrives to be looked at; a task's end is an event of its job. */
static void hadoop_s_arrival(struct cluster *cl, void *st, int job)
{
    struct hadoop_s *h = st;
    if (h->gaps)
        gap_relook(cl, h, job);
}

static void hadoop_s_copy_done(struct cluster *cl, void *st, int task)
{
    struct hadoop_s *h = st;
    if (h->gaps)
        gap_ended(cl, h, task);
}

static void hadoop_s_timer(struct cluster *cl, void *st, int tag, int32_t arg)
{
    (void)tag;
    (void)arg;
    const struct hadoop_s *h = st;
    for (int j = cl->first_active;
         h->rule == 1 && j < cl->narrived && cl->nfree > 0 && cl->pend_head < 0; j++) {
        if (!isnan(cl->job[j].completion))
            continue;
        int t = estimated_time_candidate(cl, j);
        if (t < 0 || cl_passed_over(cl, j))
            continue;
        if (!cl_fits(cl, j))
            break; /* requests drawn per job: it holds the later jobs back */
        cl_launch_copy(cl, t, 0.0);
    }
    if (cl->ndone < cl->njobs)
        cl_set_timer(cl, pol_next_beat(cl, h->period), HS_TIMER_HEARTBEAT, 0);
}

static const char *const hs_rule_names[] = {"progress-score", "estimated-time", "progress-rate",
                                             NULL};
static const char *const hs_average_names[] = {"all", "running", NULL};
static const char *const hs_bar_names[] = {"absolute", "relative", NULL};

static const struct pol_param hadoop_s_params[] = {
    [HS_RULE] = {.key = "rule", .def = 0, .min = 0, .max = 2, .integer = true,
                 .doc = "progress-score: progress < job average - gap (Hadoop 0.20); "
                        "estimated-time: seed 004's estimated-time rule (Hadoop 2); "
                        "progress-rate: progress rate < rate_share x the job's average (seed 003 "
                        "§III, Dolly's)",
                 .names = hs_rule_names},
    [HS_GAP] = {.key = "gap", .def = 0.2, .min = 0, .max = 1,
                .doc = "rule progress-score: progress-score gap below the job average"},
    [HS_MIN_AGE] = {.key = "min_age", .def = NAN, .min = 0, .max = 1e300,
                    .doc = "rule progress-score: a task must have run this long; auto: 60 s "
                           "(SPECULATIVE_LAG; one second: 1 with a trace, else the mean task "
                           "time / 100)",
                    .allow_auto = true, .kind = POL_TIME},
    [HS_PERIOD] = {.key = "period", .def = NAN, .min = 1e-9, .max = 1e300,
                   .doc = "heartbeat between speculation decisions; auto: 3 s (Hadoop 0.20's "
                          "HEARTBEAT_INTERVAL_MIN), 1 s with rule estimated-time (Hadoop 2's "
                          "SPECULATIVE_RETRY_AFTER_NO_SPECULATE)",
                   .allow_auto = true, .kind = POL_TIME},
    [HS_AVERAGE] = {.key = "average", .def = 0, .min = 0, .max = 1, .integer = true,
                    .doc = "rule progress-score: the job's progress averaged over all its "
                           "tasks (Hadoop: finished 1, unstarted 0), or its running tasks (seed "
                           "003 eq. 2)",
                    .names = hs_average_names},
    [HS_BAR] = {.key = "bar", .def = 0, .min = 0, .max = 1, .integer = true,
                .doc = "rule progress-score: a straggler's progress is below absolute: the "
                       "average - gap (Hadoop 0.20's SPECULATIVE_GAP, LATE's description), "
                       "relative: (1 - gap) x the average (seed 003 eq. 3: 80 %)",
                .names = hs_bar_names},
    [HS_RATE_SHARE] = {.key = "rate_share", .def = 0.5, .min = 0, .max = 1,
                       .doc = "rule progress-rate: a straggler's progress rate is below this "
                              "share of its job's average (seed 003 §III: 50 %)"},
    {0},
};

/* The constants in seconds of the real system, for the `auto` times (Hadoop 0.20's
 * TaskInProgress.SPECULATIVE_LAG and TaskTracker heartbeat; Hadoop 2's rescan for the
 * estimated-time rule). */
static void hadoop_s_seconds(const double *param, double seconds[POL_MAX_PARAMS])
{
    for (int i = 0; i < POL_MAX_PARAMS; i++)
        seconds[i] = 0.0;
    seconds[HS_MIN_AGE] = 60;
    seconds[HS_PERIOD] = param[HS_RULE] == 1 ? 1 : 3;
}

static bool hadoop_s_check(const struct cl_spec *spec, const double *param, char *msg,
                           size_t len)
{
    extern const struct policy pol_hadoop_s;
    double seconds[POL_MAX_PARAMS];
    hadoop_s_seconds(param, seconds);
    return pol_seconds_check(spec, &pol_hadoop_s, param, seconds, POL_TYPICAL_TASK_S, msg, len);
}

static void hadoop_s_resolve(const struct cl_spec *spec, double *param)
{
    extern const struct policy pol_hadoop_s;
    double seconds[POL_MAX_PARAMS];
    hadoop_s_seconds(param, seconds);
    pol_seconds_resolve(spec, &pol_hadoop_s, param, seconds, POL_TYPICAL_TASK_S);
}

/* The progress-score rule backs up only a task that has run min_age; the estimated-time and
 * progress-rate rules have no such bar. */
static struct pol_gate hadoop_s_gate(const struct cl_spec *spec, const double *param)
{
    if (param[HS_RULE] != 0)
        return (struct pol_gate){-1, 0.0, 0.0, NULL};
    return (struct pol_gate){HS_MIN_AGE, param[HS_MIN_AGE] - spec->launch_delay, 0.0,
                             "rule = progress-score backs up only a task that has run min_age"};
}

const struct policy pol_hadoop_s = {
    .name = "hadoop-s",
    .summary = "Hadoop speculation: one backup for a task behind its job, free slots only",
    .source = "Hadoop 0.20 TaskInProgress.java (SPECULATIVE_LAG, SPECULATIVE_GAP) as LATE "
              "describes it; seed 003 §III eqs. 1-2; seed 004 §I",
    .params = hadoop_s_params,
    .state_size = sizeof(struct hadoop_s),
    .check = hadoop_s_check,
    .resolve = hadoop_s_resolve,
    .gate = hadoop_s_gate,
    .init = hadoop_s_init,
    .on_slot_free = hadoop_s_slot_free,
    .on_arrival = hadoop_s_arrival,
    .on_timer = hadoop_s_timer,
    .on_copy_done = hadoop_s_copy_done,
    .free = hadoop_s_free,
    .events_per_second = 4.3e6,
    .heartbeat = "period",
    /* the progress-score rule: per task its progress, rates, known decision, place in the
       order of starts, a candidate's entry and flags; per slot a decision's ranking; per job
       its bounds and due entry */
    .memory = {4 * sizeof(double) + sizeof(int64_t) + 2 * sizeof(int) + 2 +
                   sizeof(struct pol_watched),
               sizeof(struct pol_rank),
               sizeof(struct gap_job) + 2 * sizeof(int) + sizeof(struct pol_watched)},
};

/* hadoop-s — Hadoop's default speculative execution ("Hadoop-S", the baseline of seed 004).
 *
 * Three rules are described as Hadoop's or its kind's; `rule` selects one.
 *  rule 0 (SPEC §2; Hadoop 0.20 as described by LATE and seed 003 §III eqs. 1–2): a running
 *         task is a straggler when its progress score is below its job's average progress
 *         score minus `gap` (0.2) and it has run at least `min_age` (60 s). The average is
 *         over all the job's tasks, finished ones counting 1 and unstarted 0, as Hadoop
 *         computes a job's progress (average = 0), or over its running tasks, as seed 003
 *         eq. 2 writes it (average = 1).
 *  rule 1 (seed 004 §I, Hadoop 2's speculator): "after at least one task from the same job
 *         has finished. Periodically, Hadoop calculates the difference between the estimated
 *         completion time of each running task and the average completion time of finished
 *         tasks. It launches one extra attempt for the task that has the largest difference."
 *  rule 2 (seed 003 §III, "Progress rate based threshold", Dolly's): a running task whose
 *         progress rate PR = PS/T (eq. 4) is below `rate_share` (50 %) of the average rate of
 *         its job's running tasks.
 * Rule 0's bar reads two ways (`bar`): PS < average − gap, as Hadoop 0.20's TaskInProgress
 * writes it (SPECULATIVE_GAP = 0.2) and LATE describes it, or PS < (1 − gap) × average, seed
 * 003 eq. 3's "PS_avg * 80%" for "the Hadoop default scheduler".
 * All: one backup at most per task, launched on free slots only (never ahead of a waiting
 * task); the first attempt to finish wins and the other is killed (the model does that).
 *
 * Decisions (docs/policies.md): progress and estimates are the cluster's (cl_est_progress,
 * cl_est_end); a task's progress is its best attempt's. Decisions are re-evaluated every
 * `period` (Hadoop's heartbeat) besides every event with free slots. Rule 0 backs up the
 * task furthest behind first (ties: lowest task index), rule 2 the task whose rate is the
 * smallest share of its job's average (pol_task_progress, models/policies/progress.c). Rule 1
 * compares a task's estimated execution time (estimated end − start) with the mean execution
 * time of the job's finished tasks, launches for the largest positive difference, one per job
 * per period. */
#include <math.h>

#include "models/cluster.h"
#include "models/policy.h"

enum { HS_RULE, HS_GAP, HS_MIN_AGE, HS_PERIOD, HS_AVERAGE, HS_BAR, HS_RATE_SHARE };
enum { HS_TIMER_HEARTBEAT = 1 };

struct hadoop_s {
    int rule;      /* 0: progress gap, 1: seed 004's estimated-time rule */
    double gap;    /* rule 0: progress below the job average minus this */
    double min_age; /* rule 0: only tasks running at least this long */
    double period; /* heartbeat */
    int average;   /* rule 0: 0 over all the job's tasks, 1 over its running tasks */
    int bar;       /* rule 0: 0 average - gap, 1 (1 - gap) x average */
    double rate_share; /* rule 2: a rate below this share of the job's average */
};

static int hadoop_s_init(struct cluster *cl, void *st, const double *param)
{
    struct hadoop_s *h = st;
    h->rule = (int)param[HS_RULE];
    h->gap = param[HS_GAP];
    h->min_age = param[HS_MIN_AGE];
    h->period = param[HS_PERIOD];
    h->average = (int)param[HS_AVERAGE];
    h->bar = (int)param[HS_BAR];
    h->rate_share = param[HS_RATE_SHARE];
    cl_set_timer(cl, h->period, HS_TIMER_HEARTBEAT, 0);
    return 0;
}

/* A task's reported progress: its best attempt's, 0 before any reported. */
static double task_progress(const struct cluster *cl, int task)
{
    return fmax(0.0, pol_task_progress(cl, task).score);
}

/* Rule 0: the running task, without a backup, furthest below its job's average progress
 * minus the gap, among those old enough; -1 if none. */
static int progress_gap_candidate(const struct cluster *cl, const struct hadoop_s *h)
{
    int best = -1;
    double best_ps = INFINITY;
    for (int j = cl->first_active; j < cl->narrived; j++) {
        const struct cl_job *job = &cl->job[j];
        if (job->tasks_running == 0)
            continue;
        double sum = h->average ? 0.0 : job->ntasks - job->tasks_left; /* finished: 1 */
        for (int t = job->first_task; t < job->first_task + job->ntasks; t++)
            if (cl->task_running[t] > 0)
                sum += task_progress(cl, t);
        double avg = sum / (h->average ? job->tasks_running : job->ntasks);
        double bar = h->bar ? (1.0 - h->gap) * avg : avg - h->gap;
        for (int t = job->first_task; t < job->first_task + job->ntasks; t++) {
            if (cl->task_running[t] == 0 || cl->task_copies[t] > 1 ||
                cl->now - cl->task_start[t] < h->min_age)
                continue;
            double ps = task_progress(cl, t);
            if (ps < bar && ps < best_ps) {
                best_ps = ps;
                best = t;
            }
        }
    }
    return best;
}

/* Rule 2: the running task, without a backup, whose progress rate is furthest below
 * rate_share x the average rate of its job's running tasks (relative to that average); -1 if
 * none. Tasks without a rate yet neither count nor qualify. */
static int progress_rate_candidate(const struct cluster *cl, const struct hadoop_s *h)
{
    int best = -1;
    double best_ratio = INFINITY;
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
            if (ratio < h->rate_share && ratio < best_ratio) { /* NaN never qualifies */
                best_ratio = ratio;
                best = t;
            }
        }
    }
    return best;
}

/* Rule 1, for one job: the running task without a backup whose estimated execution time
 * exceeds the mean of the job's finished tasks by the most; -1 if none. */
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

static void hadoop_s_slot_free(struct cluster *cl, void *st)
{
    const struct hadoop_s *h = st;
    pol_start_fifo(cl, 1);
    while (h->rule != 1 && cl->nfree > 0) {
        int t = h->rule == 0 ? progress_gap_candidate(cl, h) : progress_rate_candidate(cl, h);
        if (t < 0)
            break;
        cl_launch_copy(cl, t, 0.0);
    }
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
        if (t >= 0)
            cl_launch_copy(cl, t, 0.0);
    }
    if (cl->ndone < cl->njobs)
        cl_set_timer(cl, pol_next_beat(cl, h->period), HS_TIMER_HEARTBEAT, 0);
}

static const struct pol_param hadoop_s_params[] = {
    [HS_RULE] = {"rule", 0, 0, 2, true,
                 "0: progress < job average - gap (Hadoop 0.20); 1: seed 004's estimated-time "
                 "rule (Hadoop 2); 2: progress rate < rate_share x the job's average (seed 003 "
                 "§III, Dolly's)"},
    [HS_GAP] = {"gap", 0.2, 0, 1, false, "rule 0: progress-score gap below the job average"},
    [HS_MIN_AGE] = {"min_age", 60, 0, 1e300, false,
                    "rule 0: a task must have run this long (Hadoop's 60 s; in other time "
                    "units give it relative, e.g. 1 mean)",
                    .kind = POL_TIME},
    [HS_PERIOD] = {"period", 1, 1e-9, 1e300, false, "heartbeat between speculation decisions",
                   .kind = POL_TIME},
    [HS_AVERAGE] = {"average", 0, 0, 1, true,
                    "rule 0: the job's progress averaged over 0 all its tasks (Hadoop: finished "
                    "1, unstarted 0), 1 its running tasks (seed 003 eq. 2)"},
    [HS_BAR] = {"bar", 0, 0, 1, true,
                "rule 0: a straggler's progress is below 0 the average - gap (Hadoop 0.20's "
                "SPECULATIVE_GAP, LATE's description), 1 (1 - gap) x the average (seed 003 eq. 3: "
                "80 %)"},
    [HS_RATE_SHARE] = {"rate_share", 0.5, 0, 1, false,
                       "rule 2: a straggler's progress rate is below this share of its job's "
                       "average (seed 003 §III: 50 %)"},
    {0},
};

/* Rule 0 backs up only a task that has run min_age; rules 1 and 2 have no such bar. */
static struct pol_gate hadoop_s_gate(const struct cl_spec *spec, const double *param)
{
    if (param[HS_RULE] != 0)
        return (struct pol_gate){-1, 0.0, 0.0, NULL};
    return (struct pol_gate){HS_MIN_AGE, param[HS_MIN_AGE] - spec->launch_delay, 0.0,
                             "rule 0 backs up only a task that has run min_age"};
}

const struct policy pol_hadoop_s = {
    .name = "hadoop-s",
    .summary = "Hadoop speculation: one backup for a task behind its job, free slots only",
    .source = "SPEC §2; seed 003 §III eqs. 1-2; seed 004 §I",
    .params = hadoop_s_params,
    .state_size = sizeof(struct hadoop_s),
    .gate = hadoop_s_gate,
    .init = hadoop_s_init,
    .on_slot_free = hadoop_s_slot_free,
    .on_timer = hadoop_s_timer,
    .events_per_second = 1.7e6,
    .heartbeat = "period",
};

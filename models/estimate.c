/* estimate — what a scheduler sees of a running copy: its reported progress and the
 * completion time an estimator derives from it (docs/methods/model.md, "Entities": Progress
 * and estimates).
 *
 * A copy launched at s starts processing at p = s + launch_delay and processes its work w
 * (= (1 - offset) T) linearly. Its reports show its own fraction done as f = (t - p)/(w ε):
 * with estimation noise σ > 0, ε = exp(σ Z) is drawn once per copy, so a copy looks uniformly
 * slower or faster than it is. From f:
 *   chronos  (seed 004 eq. 32)  t_lau + (t_FP - t_lau) + (t_now - t_FP)/(CP - FP): the start-up
 *            time t_FP - t_lau is measured, so the estimate is p + w ε — exact when ε = 1;
 *   hadoop   Hadoop's default, t_lau + (t_now - t_lau)/f: it takes the start-up time for
 *            processing and overestimates while that time is a large share of the elapsed.
 * Before the first progress (t <= p) there is no estimate: NAN. A reduce copy waiting for its
 * map phase has none either (its end depends on when that phase ends); with pipelined phases
 * it reports the fraction it has read and processed so far (cl_feed_fraction, at rate 1/ε),
 * and once the phase is over it reports as a copy that had processed without a pause from
 * slot_proc = q, which is what its progress is from then on.
 *
 * Size-based schedulers rank jobs by the remaining work these same estimates show
 * (cl_job_est_remaining_work): no policy reads a running copy's true end. */
#include <math.h>

#include "models/cluster.h"

/* The processing time its reports show: w ε. */
static double shown_work(const struct cluster *cl, int slot)
{
    return (cl->slot_end[slot] - cl->slot_proc[slot]) * cl->slot_noise[slot];
}

static double own_fraction(const struct cluster *cl, int slot, double now)
{
    if (cl_copy_waiting(cl, slot)) { /* pipelined, reading: its true fraction at rate 1/ε */
        double f = cl_feed_fraction(cl, slot, now) / cl->slot_noise[slot];
        return f < 1.0 ? f : 1.0;
    }
    double work = shown_work(cl, slot);
    double done = now - cl->slot_proc[slot];
    if (done <= 0)
        return 0.0;
    return work > 0 && done < work ? done / work : 1.0;
}

double cl_est_progress_at(const struct cluster *cl, int slot, double now)
{
    return cl->slot_offset[slot] + (1.0 - cl->slot_offset[slot]) * own_fraction(cl, slot, now);
}

double cl_est_progress(const struct cluster *cl, int slot)
{
    return cl_est_progress_at(cl, slot, cl->now);
}

double cl_est_end_at(const struct cluster *cl, int slot, double now)
{
    if (now <= cl->slot_proc[slot])
        return NAN;
    double w = shown_work(cl, slot);
    if (cl->spec->estimator == EST_CHRONOS)
        return cl->slot_proc[slot] + w;
    double f = (now - cl->slot_proc[slot]) / w; /* may pass 1 when ε < 1 */
    return cl->slot_start[slot] + (now - cl->slot_start[slot]) / f;
}

double cl_est_end(const struct cluster *cl, int slot)
{
    return cl_est_end_at(cl, slot, cl->now);
}

double cl_est_full(const struct cluster *cl, int slot)
{
    return cl_copy_waiting(cl, slot) ? INFINITY : cl->slot_proc[slot] + shown_work(cl, slot);
}

/* A running task's remaining time as its reports show it: its earliest estimated end among
 * the copies that have one, never below now (a copy estimated to be done has nothing left).
 * A task whose copies wait for the map phase, or have reported nothing yet, counts as a task
 * not started: its phase's task_work. */
static double task_est_remaining(const struct cluster *cl, const struct cl_job *j, int task)
{
    double end = INFINITY;
    for (int s = cl->task_head[task]; s >= 0; s = cl->slot_next[s]) {
        double e = cl_est_end(cl, s); /* NaN while waiting or in its launch delay */
        if (e < end)
            end = e;
    }
    if (end == INFINITY)
        return j->task_work[cl_task_phase(cl, task)];
    return end > cl->now ? end - cl->now : 0.0;
}

double cl_job_est_remaining_work(const struct cluster *cl, int job)
{
    const struct cl_job *j = &cl->job[job];
    int unstarted_maps = j->nmap > j->next_unstarted ? j->nmap - j->next_unstarted : 0;
    int unstarted_reduces = j->ntasks - j->next_unstarted - unstarted_maps;
    double work = unstarted_maps * j->task_work[CL_MAP] +
                  unstarted_reduces * j->task_work[CL_REDUCE];
    for (int t = j->first_task; t < j->first_task + j->next_unstarted; t++)
        if (isnan(cl->task_done[t]))
            work += task_est_remaining(cl, j, t);
    return work;
}

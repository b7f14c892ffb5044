/* progress — a running task's progress as the speculators of seed 003 §III see it: its
 * progress score PS (eq. 1), progress rate PR = PS/T (eq. 4) and estimated time to completion
 * TTC = (1 − PS)/PR (eq. 5, LATE's), shared by late and hadoop-s (models/policies/kit.h).
 *
 * PS is the best reported progress among the task's copies (cl_est_progress: the fraction of
 * its data processed, exact unless [cluster] estimate_noise). Eq. 1's reduce score
 * 1/3 (K + M/N) over copy, sort and reduce has no counterpart: the model's reduce task is one
 * phase of work that waits, with progress 0, for its job's maps. T is the time since the
 * task's first copy was launched, as Hadoop measures it. */
#include <math.h>

#include "models/cluster.h"
#include "models/policies/kit.h"

struct pol_progress pol_task_progress_at(const struct cluster *cl, int task, double now)
{
    struct pol_progress p = {NAN, NAN, NAN};
    for (int s = cl->task_head[task]; s >= 0; s = cl->slot_next[s]) {
        double ps = cl_est_progress_at(cl, s, now);
        if (!isnan(cl_est_end_at(cl, s, now)))
            p.score = isnan(p.score) ? ps : fmax(p.score, ps);
    }
    double age = now - cl->task_start[task];
    if (isnan(p.score) || !(age > 0))
        return p;
    p.rate = p.score / age;
    p.ttc = p.rate > 0 ? (1.0 - p.score) / p.rate : INFINITY;
    return p;
}

struct pol_progress pol_task_progress(const struct cluster *cl, int task)
{
    return pol_task_progress_at(cl, task, cl->now);
}

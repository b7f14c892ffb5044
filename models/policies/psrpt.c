/* psrpt — smallest remaining workload first, one copy per task, no speculation.
 *
 * The PSRPT baseline of seed 000 §7.1.1 ("the smallest-remaining-workload-first-based
 * scheduling strategy without task redundancy"), which is also SCA's fallback (seed 000
 * Algorithm 1, lines 8–12). A free slot goes to the next never-started task of the job with
 * the smallest remaining workload; tasks are not preempted.
 *
 * Remaining workload (decision, docs/methods/policies.md): the remaining time of the job's running
 * tasks as their progress reports show it (exact by default, seed 000 Remark 4; noisy or
 * delayed with [cluster] estimate_noise, launch_delay) plus E[X] for each task never
 * started, since the scheduler knows the distribution but not a task's draw before it runs
 * (seed 000 §5.3: "the product of m and E[X]"); each job's own E[X] per phase
 * (cl_job_remaining_work). When E[X] is infinite (Pareto β ≤ 1) the median stands in for it.
 * Ties go to the earlier arrival. With requests drawn per job, a best job whose copy fits no
 * server holds the others back, or with cluster.backfill is passed over (models/cluster.h). */
#include <math.h>

#include "models/cluster.h"
#include "models/policies/kit.h"

static void psrpt_slot_free(struct cluster *cl, void *st)
{
    (void)st;
    while (cl->nfree > 0 && cl->pend_head >= 0) {
        int best = -1;
        double best_work = INFINITY;
        for (int j = cl->pend_head; j >= 0; j = cl->job[j].pend_next) {
            if (cl_passed_over(cl, j))
                continue;
            double w = cl_job_remaining_work(cl, j);
            if (w < best_work) {
                best_work = w;
                best = j;
            }
        }
        if (best < 0 || !cl_fits(cl, best))
            break; /* requests drawn per job: the best holds the others back */
        cl_start_next_task(cl, best, 1);
    }
}

static const struct pol_param psrpt_params[] = {{0}};

const struct policy pol_psrpt = {
    .name = "psrpt",
    .summary = "smallest remaining workload first, one copy per task",
    .source = "seed 000 §7.1.1 (PSRPT baseline), Algorithm 1 lines 8-12",
    .params = psrpt_params,
    .on_slot_free = psrpt_slot_free,
    .events_per_second = 2.2e7,
    .role = POL_SCHEDULER,
};

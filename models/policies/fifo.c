/* fifo — first come, first served, one copy per task, no speculation.
 *
 * Hadoop without speculation ("Hadoop-NS", seed 004 §VII): a free slot takes the oldest
 * waiting task — jobs in arrival order, tasks in index order within a job. With requests
 * drawn per job, a task whose copy fits no server waits, and holds back later jobs' tasks
 * unless cluster.backfill (pol_start_fifo). */
#include "models/cluster.h"
#include "models/policies/kit.h"

static void fifo_slot_free(struct cluster *cl, void *st)
{
    (void)st;
    /* Called at every instant with a slot free, which in a cluster below saturation finds no
       task waiting: tested here, that costs no call (pol_start_fifo's own loop tests it too) */
    if (cl->pend_head >= 0)
        pol_start_fifo(cl, 1);
}

static const struct pol_param fifo_params[] = {{0}};

const struct policy pol_fifo = {
    .name = "fifo",
    .summary = "first come first served, one copy per task (Hadoop-NS)",
    .source = "baseline of seed 004 §VII",
    .params = fifo_params,
    .on_slot_free = fifo_slot_free,
    .events_per_second = 2.5e7,
    .role = POL_SCHEDULER,
};

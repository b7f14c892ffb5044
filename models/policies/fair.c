/* fair — Hadoop's Fair scheduler: every active job an equal share of the slots; no
 * speculation by itself (a job scheduler, models/policy.h: pair it with a speculator,
 * `fair+late`).
 *
 * Rule (seed 000 §2.1: the fair scheduler provides "fair and efficient resource sharing"
 * among jobs; Hadoop's Fair scheduler gives each job an equal share by default): a free slot
 * goes to the job with a task to launch that is furthest below its share — the one holding
 * the fewest slots — so that shares are max-min fair: a job that wants less than an equal
 * share keeps what it wants, and the rest is divided equally among the others. Nothing is
 * preempted: a job over its share keeps its slots until its tasks end.
 *
 * Decisions (docs/methods/policies.md):
 *  - What a job holds: `count = slots` (the default) every slot running one of its copies,
 *    speculative copies included, as Hadoop counts a job's running task attempts;
 *    `count = tasks` its running tasks, a task counted once however many copies it has.
 *  - `weighted = yes` divides the slots in proportion to the jobs' weights w_i (the Fair
 *    scheduler's job weights; the model's w_i): the job with the fewest slots per unit of
 *    weight goes first. `weighted = no` (the default) gives every job an equal share.
 *  - Ties go to the earlier arrival; within a job, tasks start in index order (map before
 *    reduce). With requests drawn per job, a job whose copy fits no server holds the others
 *    back, or with cluster.backfill is passed over (models/cluster.h). */
#include "models/cluster.h"
#include "models/policies/kit.h"

enum { FAIR_COUNT, FAIR_WEIGHTED };

struct fair {
    int count;    /* 0 (slots): slots held (copies included), 1 (tasks): running tasks */
    int weighted; /* shares in proportion to w_i */
};

static int fair_init(struct cluster *cl, void *st, const double *param)
{
    (void)cl;
    struct fair *f = st;
    f->count = (int)param[FAIR_COUNT];
    f->weighted = (int)param[FAIR_WEIGHTED];
    return 0;
}

/* How far above its share a job is: what it holds, per unit of weight with `weighted`. */
static double held(const struct cluster *cl, const struct fair *f, int job)
{
    const struct cl_job *j = &cl->job[job];
    double n = f->count ? j->tasks_running : j->copies_running;
    return f->weighted ? n / j->weight : n;
}

static void fair_slot_free(struct cluster *cl, void *st)
{
    const struct fair *f = st;
    while (cl->nfree > 0 && cl->pend_head >= 0) {
        int best = -1; /* the pending list is in arrival order: ties to the earlier */
        double least = 0.0;
        for (int j = cl->pend_head; j >= 0; j = cl->job[j].pend_next) {
            if (cl_passed_over(cl, j))
                continue;
            double h = held(cl, f, j);
            if (best < 0 || h < least) {
                least = h;
                best = j;
            }
        }
        if (best < 0 || !cl_fits(cl, best))
            break; /* requests drawn per job: the job furthest below its share holds back */
        cl_start_next_task(cl, best, 1);
    }
}

static const char *const fair_count_names[] = {"slots", "tasks", NULL};

static const struct pol_param fair_params[] = {
    [FAIR_COUNT] = {.key = "count", .def = 0, .min = 0, .max = 1, .integer = true,
                    .doc = "what a job holds: slots its slots, speculative copies included "
                           "(Hadoop counts running attempts); tasks its running tasks",
                    .names = fair_count_names},
    [FAIR_WEIGHTED] = {.key = "weighted", .def = 0, .min = 0, .max = 1, .integer = true,
                       .doc = "no: equal shares (Fair's default); yes: shares in proportion to "
                              "the job weights w_i",
                       .names = pol_no_yes},
    {0},
};

const struct policy pol_fair = {
    .name = "fair",
    .summary = "Hadoop's Fair scheduler: a free slot to the job holding the fewest (max-min fair)",
    .source = "seed 000 §2.1 (Hadoop's Fair scheduler)",
    .params = fair_params,
    .state_size = sizeof(struct fair),
    .init = fair_init,
    .on_slot_free = fair_slot_free,
    .events_per_second = 1.2e7,
    .role = POL_SCHEDULER,
};

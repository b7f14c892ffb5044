/* test_copy_time — where an extra copy's duration comes from (workload.copy_time,
 * models/cluster.c draw_copy): i.i.d. draws of the job's phase law, or (job_tasks, seed 000
 * §7) the original duration of a task of the same job and phase, picked by the copy's own
 * uniform. Two jobs from a trace (Pareto(1, 1.5) task times scaled to the phase means): job 0
 * with 6 maps of mean 3 and 5 reduces of mean 30, job 1 with 7 maps of mean 300, so a copy
 * that took another job's or phase's time would be off by a factor of ten or more. */
#include <criterion/criterion.h>
#include <math.h>

#include "engine/stats/rng.h"
#include "models/workload.h"
#include "scenario.h"

static struct tr_job jobs[] = {{0.0, 1.0, {6, 5}, {3.0, 30.0}, {0, 0}},
                               {0.0, 1.0, {7, 0}, {300.0, 0.0}, {0, 0}}};
static struct tr_trace trace = {jobs, 2, 0};
enum { EXTRA = 4 };

/* Every task started once, then EXTRA more copies of each; slot[t][k] holds copy k + 1. */
static void launch_all(struct cluster *cl, enum cl_copy_time how, int slot[][EXTRA])
{
    static struct cl_spec sp;
    sp = sc_trace_spec(200, &trace);
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 1.5};
    sp.copy_time = how;
    cr_assert_eq(wl_reset(cl, &sp, 11, 2), 0);
    for (int j = 0; j < cl->njobs; j++) {
        cl_arrive(cl, j);
        for (int t = 0; t < cl->job[j].ntasks; t++)
            cl_start_next_task(cl, j, 1);
    }
    for (int t = 0; t < cl->ntasks; t++)
        for (int k = 0; k < EXTRA; k++)
            slot[t][k] = cl_launch_copy(cl, t, 0.0);
}

/* The uniform of copy k >= 1 of task t: outputs t·RNG_COPY_BLOCK + 2(k − 1), + 1. */
static double copy_uniform(const struct cluster *cl, int t, int k)
{
    rng_t r = cl->copy_base;
    rng_advance(&r, (uint64_t)t * RNG_COPY_BLOCK + 2u * (uint64_t)(k - 1));
    return rng_uniform(&r);
}

Test(copy_time, job_tasks_takes_a_same_job_same_phase_original)
{
    struct cluster cl = {0};
    int slot[18][EXTRA], other = 0;
    launch_all(&cl, COPY_JOB_TASKS, slot);
    cr_assert_eq(cl.ntasks, 18);
    for (int t = 0; t < cl.ntasks; t++) {
        const struct cl_job *j = &cl.job[cl.task_job[t]];
        bool reduce = t - j->first_task >= j->nmap;
        int first = j->first_task + (reduce ? j->nmap : 0);
        int n = reduce ? j->ntasks - j->nmap : j->nmap;
        for (int k = 1; k <= EXTRA; k++) {
            double d = cl.slot_work[slot[t][k - 1]];
            int pick = (int)(copy_uniform(&cl, t, k) * n);
            cr_assert_eq(d, cl.task_size[first + pick], "task %d copy %d: %.17g", t, k, d);
            bool found = false; /* the claim itself, whatever the index rule */
            for (int u = first; u < first + n; u++)
                found |= d == cl.task_size[u];
            cr_assert(found, "task %d copy %d: %g is no original of its job and phase", t, k, d);
            other += first + pick != t;
        }
    }
    cr_assert(other > 0, "some copies take another task's time");
    cl_check(&cl);
    cl_free(&cl);
}

/* iid: copy k of task t is the job's phase law at the copy's uniform, times its scale —
 * what it was before copy_time existed — and never (here) an original's time. */
Test(copy_time, iid_draws_fresh_times)
{
    struct cluster cl = {0};
    int slot[18][EXTRA];
    launch_all(&cl, COPY_IID, slot);
    for (int t = 0; t < cl.ntasks; t++) {
        const struct cl_job *j = &cl.job[cl.task_job[t]];
        int ph = cl_task_phase(&cl, t);
        for (int k = 1; k <= EXTRA; k++) {
            double want = dist_quantile(&j->dist[ph], copy_uniform(&cl, t, k)) * j->scale[ph];
            cr_assert_eq(cl.slot_work[slot[t][k - 1]], want, "task %d copy %d", t, k);
            for (int u = 0; u < cl.ntasks; u++)
                cr_assert_neq(cl.slot_work[slot[t][k - 1]], cl.task_size[u]);
        }
    }
    cl_free(&cl);
}

/* Common random numbers under job_tasks: copy k of a task takes the same time whatever order
 * copies are launched in (job 1's tasks started first, task 12's copy before task 0's). */
Test(copy_time, job_tasks_keeps_common_random_numbers)
{
    struct cluster a = {0}, b = {0};
    int slot[18][EXTRA];
    launch_all(&a, COPY_JOB_TASKS, slot);
    static struct cl_spec sp;
    sp = *a.spec;
    cr_assert_eq(wl_reset(&b, &sp, 11, 2), 0);
    for (int j = 0; j < b.njobs; j++)
        cl_arrive(&b, j);
    for (int j = b.njobs - 1; j >= 0; j--) /* job 1's tasks started first */
        for (int t = 0; t < b.job[j].ntasks; t++)
            cl_start_next_task(&b, j, 1);
    int order[] = {12, 0, 5, 17, 1}, k2 = cl_launch_copy(&b, 12, 0.0);
    cr_assert_eq(b.slot_work[k2], a.slot_work[slot[12][0]]);
    for (size_t i = 1; i < sizeof order / sizeof *order; i++) {
        int s1 = cl_launch_copy(&b, order[i], 0.0), s2 = cl_launch_copy(&b, order[i], 0.0);
        cr_assert_eq(b.slot_work[s1], a.slot_work[slot[order[i]][0]], "task %d", order[i]);
        cr_assert_eq(b.slot_work[s2], a.slot_work[slot[order[i]][1]], "task %d", order[i]);
    }
    cl_free(&a);
    cl_free(&b);
}

/* clone — Chronos Clone (seed 004 §III, "Clone Strategy").
 *
 * "r+1 attempts of each task are launched at the beginning. The progress scores of the r+1
 * attempts are checked at time τ_kill, and the attempt with the best progress is left for
 * processing data, while the other r attempts are killed."
 *
 * Decisions (docs/methods/policies.md): tasks start in FIFO order; a task's r+1 attempts are launched
 * together when it is dispatched, as many as there are free slots (at least one) — the
 * paper assumes enough machines; τ_kill is measured from the task's launch; ties in
 * progress score go to the lowest copy number (the original), so τ_kill = 0 keeps the
 * original without peeking at durations. Progress is as reported (cl_est_progress): exact
 * unless [cluster] estimate_noise or launch_delay is set. A task whose first copy finishes
 * before τ_kill completes then, and its other attempts are killed at that moment. */
#include <math.h>

#include "models/theory/chronos.h"
#include "models/cluster.h"
#include "models/policies/kit.h"

enum { CLONE_PARAM_R, CLONE_PARAM_TAU_KILL, CLONE_CORRECTED };
_Static_assert(CLONE_PARAM_R == POL_CHRONOS_R, "r is a Chronos policy's first parameter");
enum { CLONE_TIMER_KILL = 1 };

struct clone {
    struct pol_chronos_r r; /* extra attempts per task, given or per job */
    double tau_kill;        /* check time after launch */
};

static bool clone_check(const struct cl_spec *spec, const double *param, char *msg, size_t len)
{
    return pol_check_auto(spec, param[CLONE_PARAM_R], &param[CLONE_CORRECTED], msg, len);
}

static int clone_init(struct cluster *cl, void *st, const double *param)
{
    struct clone *c = st;
    pol_chronos_r_init(&c->r, cl->spec, param[CLONE_PARAM_R], &param[CLONE_CORRECTED]);
    c->tau_kill = param[CLONE_PARAM_TAU_KILL];
    return 0;
}

/* r = auto: Algorithm 1 for the job (Clone has no tau_est). */
static void clone_arrival(struct cluster *cl, void *st, int job)
{
    const struct clone *c = st;
    pol_chronos_r_arrival(cl, &c->r, job, CH_CLONE, 0.0, c->tau_kill);
}

static void clone_slot_free(struct cluster *cl, void *st)
{
    const struct clone *c = st;
    for (int job; (job = pol_fifo_next(cl)) >= 0;) {
        const struct cl_job *j = &cl->job[job];
        int next = j->first_task + j->next_unstarted;
        int task = cl_start_next_task(cl, job, pol_chronos_r_of(cl, &c->r, next) + 1);
        if (cl->task_running[task] > 1 && !pol_chronos_waits(cl, &c->r, task))
            cl_set_timer(cl, cl->now + c->tau_kill, CLONE_TIMER_KILL, task);
    }
}

/* r per stage: the reduce tasks launched while the map phase ran start processing now, and
 * their τ_kill counts from here. */
static void clone_copy_done(struct cluster *cl, void *st, int task)
{
    const struct clone *c = st;
    pol_chronos_stage_timers(cl, &c->r, task, c->tau_kill, CLONE_TIMER_KILL, 2);
}

/* At τ_kill: keep the attempt with the best progress score, kill the others. */
static void clone_timer(struct cluster *cl, void *st, int tag, int32_t arg)
{
    (void)st;
    (void)tag;
    if (cl->task_running[arg] > 1)
        cl_kill_all_but(cl, arg, pol_best_copy(cl, arg, cl_est_progress));
}

static const struct pol_param clone_params[] = {
    [CLONE_PARAM_R] = {.key = "r", .def = 1, .min = 0, .max = RNG_MAX_COPIES - 1, .integer = true,
                       .doc = "extra attempts launched with each task (r+1 in all); auto: "
                              "Algorithm 1 for each job",
                       .allow_auto = true, .auto_per_job = true},
    [CLONE_PARAM_TAU_KILL] = {.key = "tau_kill", .def = 0.5, .min = 0, .max = 1e300,
                              .doc = "time after launch when all but the best-progress attempt "
                                     "are killed (Table I: 0.5 tmin)",
                              .kind = POL_TIME_TMIN},
    POL_CHRONOS_AUTO_PARAMS,
    {0},
};

/* r + 1 attempts per task from its dispatch; r = auto (per job) promises only the original. */
static int clone_attempts(const double *param)
{
    return isnan(param[CLONE_PARAM_R]) ? 1 : (int)param[CLONE_PARAM_R] + 1;
}

/* r + 1 attempts from dispatch, as many as slots are free then: sure where the cluster always
 * has room; the best progress at τ_kill is the shortest attempt when progress is exact and
 * τ_kill is past the start-up (before it, every attempt shows none and the original stays). */
static struct pol_tail clone_tail(const struct cl_spec *spec, const double *param)
{
    double r = param[CLONE_PARAM_R];
    int most = isnan(r) ? 1 + POL_CHOICE_MAX : (int)r + 1;
    if (isnan(r) || !pol_estimates_exact(spec) || !(param[CLONE_PARAM_TAU_KILL] > spec->launch_delay))
        return (struct pol_tail){0, POL_TAIL_NEVER, most};
    return (struct pol_tail){(int)r, POL_TAIL_IF_ROOM, most};
}

const struct policy pol_clone = {
    .name = "clone",
    .summary = "Chronos Clone: r+1 attempts per task, keep the best progress at tau_kill",
    .source = "seed 004 §III (Clone Strategy), Theorems 1-2",
    .params = clone_params,
    .state_size = sizeof(struct clone),
    .check = clone_check,
    .attempts = clone_attempts,
    .tail = clone_tail,
    .init = clone_init,
    .on_arrival = clone_arrival,
    .on_slot_free = clone_slot_free,
    .on_timer = clone_timer,
    .on_copy_done = clone_copy_done,
    .events_per_second = 9.6e6,
    .memory = {0, 48, 0},
};

/* chronos_auto — Chronos `r = auto` for clone, s-restart and s-resume: each job's r from
 * seed 004's Algorithm 1 (§V-B) on that job's own N, t_min and β, chosen when it arrives
 * ("job i ... consists of N_i tasks", §III; r_i per job). See policy.h.
 *
 * Decisions where seed 004 is silent (docs/methods/policies.md, `r = auto`):
 *  - t_min is the job's Pareto scale times its scale (job_spread, a trace's phase mean), β its
 *    own shape (beta_max, a trace's fitted SD), D its own relative deadline (§III: "job i is
 *    associated with a deadline D_i"; deadline_max, a trace's deadline column), C its own
 *    price γ_i (§III: "the price γ_i depends on the VM-type subscribed by job i";
 *    utility.price_max or price_choices, a trace's price column); θ, R_min are the
 *    scenario's and τ_est, τ_kill the policy's, all in the model's time unit.
 *  - Outside the closed forms' domain — t_min >= D − τ_est, where no extra attempt launched at
 *    τ_est can finish by D (Clone: τ_est = 0; corrected S-Resume: t_min >= D, as a resumed
 *    attempt needs only (1 − φ) of a task) — more attempts buy no PoCD and r = 0.
 *  - Where no r in [0, POL_CHOICE_MAX] gives R(r) > R_min, eq. 25's utility is −∞ for every
 *    r and Algorithm 1 has nothing to maximise: r = 0 (no attempt is worth its cost), where
 *    ch_alg1 would return its upper bound.
 *  - Pareto beta <= 1 is a config error (pol_check_auto): E(T) is infinite at r = 0, and the
 *    paper defines no optimum there.
 *
 * Two-phase jobs (barrier phases), r per stage — seed 004's abstract: "our analysis also
 * applies to MapReduce jobs, whose PoCD for map and reduce stages can be optimized
 * separately"; the paper gives no rule for splitting D_i, so `split` is one:
 *  - expected: D_map = D_i E_map / (E_map + E_red), E_s = E[max of N_s Pareto(t_min,s, β_s)]
 *    (seed 000 eqs. 18–19, xl_max_mean): the stages' expected durations without speculation;
 *  - fraction: D_map = map_share D_i;
 *  - then each stage's r is Algorithm 1 above on that stage's N_s, t_min,s, β_s and D_s, i.e.
 *    maximises lg(R_s(r) − R_min) − θ C E_s(T) with its own Theorem (1/3/5) and (2/4/6);
 *  - joint: (D_map, r_map, r_red) maximising the job's utility
 *    lg(R_map(r_map; D_map) R_red(r_red; D_i − D_map) − R_min) − θ C (E_map + E_red), over
 *    D_map = D_i k / CHRONOS_SPLITS (k = 1 .. CHRONOS_SPLITS − 1) and r in [0, CHRONOS_R_MAX]
 *    by exhaustion: the product is the job's PoCD when each stage meets its own share (the
 *    stages independent); a stage outside the domain above runs r = 0, one with D_s <= t_min
 *    has PoCD 0. No combination above R_min: r = 0 for both, the `expected` split.
 * The reduce stage starts when the map phase ends: its tasks' τ_est and τ_kill count from then
 * (or from their own launch, if later), and S-Restart/S-Resume hold a task's estimate against
 * its stage's deadline (pol_chronos_deadline). Pipelined phases have no stage start: refused.
 *
 * The result depends on nothing but these inputs, so a memo keyed by them (memo.c) makes
 * jobs of the same shape cost one evaluation per replica workspace. */
#include <math.h>
#include <stdio.h>

#include "models/theory/chronos.h"
#include "models/theory/xulau.h"
#include "models/cluster.h"
#include "models/policies/kit.h"
#include "models/spec.h"
#include "models/workload.h"

/* The largest r searched: the copies a task can draw (r + 2 for S-Resume) and the choices the
 * results keep. */
#define CHRONOS_R_MAX ((int)RNG_MAX_COPIES - 2 < POL_CHOICE_MAX ? (int)RNG_MAX_COPIES - 2 \
                                                                : POL_CHOICE_MAX)

void pol_chronos_r_init(struct pol_chronos_r *c, const struct cl_spec *spec, double r,
                        const double *rest)
{
    c->given = isnan(r) ? -1 : (int)r;
    c->corrected = (int)rest[0];
    c->stages = isnan(r) && wl_two_phases(spec);
    c->split = (int)rest[1];
    c->map_share = rest[2];
}

void pol_chronos_r_arrival(struct cluster *cl, const struct pol_chronos_r *c, int job,
                           int strategy, double tau_est, double tau_kill)
{
    struct cl_job *j = &cl->job[job];
    if (c->given >= 0)
        return;
    if (!(c->stages && j->nmap < j->ntasks)) {
        j->choice = pol_chronos_job_r(cl->spec, j, strategy, tau_est, tau_kill, c->corrected,
                                      cl->memo);
        return;
    }
    struct pol_stages s = pol_chronos_job_stages(cl->spec, j, strategy, tau_est, tau_kill, c,
                                                 cl->memo);
    j->choice = s.r_map;
    j->choice_reduce = s.r_reduce;
    j->split = s.d_map;
}

/* Whether a task is in its job's reduce stage under r per stage (the job's split is set). */
static bool staged_reduce(const struct cluster *cl, int task)
{
    return !isnan(cl->job[cl->task_job[task]].split) && cl_task_phase(cl, task) == CL_REDUCE;
}

int pol_chronos_r_of(const struct cluster *cl, const struct pol_chronos_r *c, int task)
{
    const struct cl_job *j = &cl->job[cl->task_job[task]];
    CL_ASSERT(c->given >= 0 || j->choice >= 0);
    if (c->given >= 0)
        return c->given;
    return staged_reduce(cl, task) ? j->choice_reduce : j->choice;
}

double pol_chronos_deadline(const struct cluster *cl, const struct pol_chronos_r *c, int task)
{
    (void)c;
    const struct cl_job *j = &cl->job[cl->task_job[task]];
    if (isnan(j->split))
        return j->deadline;
    if (cl_task_phase(cl, task) == CL_MAP)
        return j->arrival + j->split;
    return j->maps_done + (j->rel_deadline - j->split);
}

double pol_chronos_origin(const struct cluster *cl, const struct pol_chronos_r *c, int task)
{
    (void)c;
    double start = cl->task_start[task];
    if (!staged_reduce(cl, task))
        return start;
    double done = cl->job[cl->task_job[task]].maps_done;
    return isnan(done) ? NAN : cl_max(start, done);
}

bool pol_chronos_waits(const struct cluster *cl, const struct pol_chronos_r *c, int task)
{
    (void)c;
    return staged_reduce(cl, task) && cl->job[cl->task_job[task]].maps_left > 0;
}

void pol_chronos_stage_timers(struct cluster *cl, const struct pol_chronos_r *c, int task,
                              double after, int tag, int min_running)
{
    (void)c;
    const struct cl_job *j = &cl->job[cl->task_job[task]];
    if (isnan(j->split) || cl_task_phase(cl, task) != CL_MAP || j->maps_left > 0)
        return;
    for (int t = j->first_task + j->nmap; t < j->first_task + j->next_unstarted; t++)
        if (cl->task_running[t] >= min_running)
            cl_set_timer(cl, cl->now + after, tag, t);
}

/* The closed forms' inputs for one stage of a job: its N, t_min, β, a deadline D and the
 * policy's and scenario's rest. */
static struct ch_objective objective(const struct cl_spec *spec, const struct cl_job *j,
                                     int phase, int n, double d, int strategy, double tau_est,
                                     double tau_kill, int corrected)
{
    CL_ASSERT(j->dist[phase].kind == DIST_PARETO);
    return (struct ch_objective){
        .strategy = (enum ch_strategy)strategy,
        .p = {n, j->dist[phase].a * j->scale[phase], j->dist[phase].b, d, tau_est, tau_kill},
        .theta = spec->utility_theta,
        .price = j->price,
        .rmin = spec->utility_rmin,
        .corrected = corrected,
    };
}

/* Whether an attempt launched at τ_est can still finish by D: t_min < D − τ_est (t_min < D
 * for corrected S-Resume, whose attempts need only the rest of the task). */
static bool helps(const struct ch_objective *o)
{
    double limit = o->strategy == CH_RESUME && o->corrected ? o->p.D : o->p.D - o->p.tau_est;
    return o->p.tmin < limit;
}

/* Algorithm 1 with the two decisions above. */
static int alg1(const struct ch_objective *o)
{
    if (!helps(o))
        return 0;
    int r = ch_alg1(o, CHRONOS_R_MAX);
    return isfinite(ch_objective_utility(o, r)) ? r : 0;
}

/* alg1, remembered in memo. */
static int memo_alg1(const struct ch_objective *o, struct pol_memo *memo)
{
    const double key[POL_MEMO_KEY] = {o->strategy, o->p.N,  o->p.tmin, o->p.beta,
                                      o->p.D,      o->p.tau_est, o->p.tau_kill, o->theta,
                                      o->price,    o->rmin, o->corrected, CHRONOS_R_MAX};
    int r;
    if (pol_memo_get(memo, key, &r))
        return r;
    r = alg1(o);
    pol_memo_put(memo, key, r);
    return r;
}

int pol_chronos_job_r(const struct cl_spec *spec, const struct cl_job *j, int strategy,
                      double tau_est, double tau_kill, int corrected, struct pol_memo *memo)
{
    CL_ASSERT(j->nmap == j->ntasks);
    struct ch_objective o = objective(spec, j, CL_MAP, j->ntasks, j->rel_deadline, strategy,
                                      tau_est, tau_kill, corrected);
    return memo_alg1(&o, memo);
}

/* D_map over D_i tried by the joint reading: k / CHRONOS_SPLITS, k = 1 .. CHRONOS_SPLITS − 1. */
#define CHRONOS_SPLITS 20

/* split = expected: E_map / (E_map + E_red), E_s the mean of the max of the stage's N_s task
 * times (seed 000 eqs. 18–19), finite for β > 1 (pol_check_auto). */
static double expected_share(const struct ch_objective *m, const struct ch_objective *r)
{
    double em = xl_max_mean(m->p.tmin, m->p.beta, 1, m->p.N);
    double er = xl_max_mean(r->p.tmin, r->p.beta, 1, r->p.N);
    return em / (em + er);
}

/* A stage's PoCD and machine time for r = 0 .. CHRONOS_R_MAX at its D: NAN where r > 0 buys
 * nothing (outside `helps`), PoCD 0 where D <= t_min (no attempt can finish by D). */
static void stage_table(const struct ch_objective *o, double *pocd, double *cost)
{
    for (int r = 0; r <= CHRONOS_R_MAX; r++) {
        bool tried = r == 0 || helps(o);
        pocd[r] = !tried ? NAN : o->p.tmin < o->p.D ? ch_objective_pocd(o, r) : 0.0;
        cost[r] = !tried ? NAN : ch_objective_cost(o, r);
    }
}

/* split = joint: the first maximum of the job's utility over (k, r_map, r_red), as an int
 * k (R + 1)² + r_map (R + 1) + r_red (R = CHRONOS_R_MAX); 0 where none exceeds −∞. */
static int joint(struct ch_objective m, struct ch_objective r, double d)
{
    enum { R = CHRONOS_R_MAX + 1 };
    double pm[R], cm[R], pr[R], cr[R], best = -INFINITY;
    int found = 0;
    for (int k = 1; k < CHRONOS_SPLITS; k++) {
        m.p.D = d * k / CHRONOS_SPLITS;
        r.p.D = d - m.p.D;
        stage_table(&m, pm, cm);
        stage_table(&r, pr, cr);
        for (int a = 0; a < R; a++)
            for (int b = 0; b < R && !isnan(pm[a]); b++) {
                if (isnan(pr[b]))
                    continue;
                double u = ch_utility(pm[a] * pr[b], cm[a] + cr[b], m.theta, m.price, m.rmin);
                if (u > best) {
                    best = u;
                    found = (k * R + a) * R + b;
                }
            }
    }
    return found;
}

struct pol_stages pol_chronos_job_stages(const struct cl_spec *spec, const struct cl_job *j,
                                         int strategy, double tau_est, double tau_kill,
                                         const struct pol_chronos_r *c, struct pol_memo *memo)
{
    CL_ASSERT(j->nmap < j->ntasks);
    double d = j->rel_deadline;
    struct ch_objective m = objective(spec, j, CL_MAP, j->nmap, d, strategy, tau_est, tau_kill,
                                      c->corrected);
    struct ch_objective r = objective(spec, j, CL_REDUCE, j->ntasks - j->nmap, d, strategy,
                                      tau_est, tau_kill, c->corrected);
    double share = c->split == POL_SPLIT_FRACTION ? c->map_share : expected_share(&m, &r);
    if (c->split == POL_SPLIT_JOINT) {
        enum { R = CHRONOS_R_MAX + 1 };
        const double key[POL_MEMO_KEY] = {
            10 + strategy, m.p.N,   m.p.tmin, m.p.beta, r.p.N,   r.p.tmin,    r.p.beta,
            d,             tau_est, tau_kill, m.theta,  m.price, m.rmin,      c->corrected,
            CHRONOS_R_MAX, CHRONOS_SPLITS};
        int v;
        if (!pol_memo_get(memo, key, &v)) {
            v = joint(m, r, d);
            pol_memo_put(memo, key, v);
        }
        int k = v / (R * R);
        return (struct pol_stages){v / R % R, v % R, k ? d * k / CHRONOS_SPLITS : d * share};
    }
    m.p.D = d * share;
    r.p.D = d - m.p.D;
    return (struct pol_stages){memo_alg1(&m, memo), memo_alg1(&r, memo), m.p.D};
}

bool pol_chronos_split_applies(const struct cl_spec *spec, const double *param)
{
    return isnan(param[POL_CHRONOS_R]) && wl_two_phases(spec);
}

bool pol_check_auto(const struct cl_spec *spec, double r, const double *rest, char *msg,
                    size_t len)
{
    if (!(rest[2] > 0 && rest[2] < 1)) {
        snprintf(msg, len, "map_share must be in (0, 1): the map stage's share of each job's "
                           "deadline, the reduce stage having the rest; got %g", rest[2]);
        return false;
    }
    if (!isnan(r))
        return true;
    if (spec->task_time.kind != DIST_PARETO || !wl_deadlines(spec)) {
        snprintf(msg, len, "r = auto needs workload.task_time = pareto and workload.deadline "
                           "(or a trace's deadline for every job; Algorithm 1 optimises seed "
                           "004's Pareto closed forms)");
        return false;
    }
    /* Eq. 25 weighs the expected machine time E(T) of Theorems 2, 4 and 6, each built on Lemma 1's
       E[min of n attempts] = tmin n beta / (n beta - 1), whose integral converges only for
       n beta > 1: at r = 0 (n = 1) and beta <= 1, E(T) is infinite, and eq. 13 turns negative
       below it. Seed 004 never leaves beta > 1 (its deadlines are multiples of the mean), so
       U(r) is not defined there. Jobs' own shapes lie above the family's beta (beta_max) or
       above 2 (a trace's fitted SDs), so the family's beta decides. */
    if (!(spec->task_time.b > 1)) {
        snprintf(msg, len, "r = auto needs workload.beta > 1: Algorithm 1 maximises lg(R - R_min) "
                           "- theta C E(T) (seed 004 eq. 25), and the expected machine time E(T) "
                           "is infinite at r = 0 when beta <= 1 (Lemma 1 needs (r + 1) beta > 1), "
                           "here beta = %g; give r a number", spec->task_time.b);
        return false;
    }
    if (wl_two_phases(spec) && spec->phases == PHASES_PIPELINED) {
        snprintf(msg, len, "r = auto chooses r per stage for jobs with a reduce phase, each "
                           "stage timed from its start, and with workload.phases = pipelined "
                           "the reduce stage has none (its copies read map outputs as they "
                           "appear); use phases = barrier or give r a number");
        return false;
    }
    return true;
}

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
 * The result depends on nothing but these inputs, so a memo keyed by them (memo.c) makes
 * jobs of the same shape cost one evaluation per replica workspace. */
#include <math.h>
#include <stdio.h>

#include "models/theory/chronos.h"
#include "models/cluster.h"
#include "models/policies/kit.h"
#include "models/spec.h"
#include "models/workload.h"

/* The largest r searched: the copies a task can draw (r + 2 for S-Resume) and the choices the
 * results keep. */
#define CHRONOS_R_MAX ((int)RNG_MAX_COPIES - 2 < POL_CHOICE_MAX ? (int)RNG_MAX_COPIES - 2 \
                                                                : POL_CHOICE_MAX)

void pol_chronos_r_init(struct pol_chronos_r *c, double r, double corrected)
{
    c->given = isnan(r) ? -1 : (int)r;
    c->corrected = (int)corrected;
}

void pol_chronos_r_arrival(struct cluster *cl, const struct pol_chronos_r *c, int job,
                           int strategy, double tau_est, double tau_kill)
{
    if (c->given < 0)
        cl->job[job].choice = pol_chronos_job_r(cl->spec, &cl->job[job], strategy, tau_est,
                                                tau_kill, c->corrected, cl->memo);
}

int pol_chronos_r_of(const struct cluster *cl, const struct pol_chronos_r *c, int job)
{
    CL_ASSERT(c->given >= 0 || cl->job[job].choice >= 0);
    return c->given >= 0 ? c->given : cl->job[job].choice;
}

/* Algorithm 1 with the two decisions above. */
static int alg1(const struct ch_objective *o)
{
    double limit = o->strategy == CH_RESUME && o->corrected ? o->p.D : o->p.D - o->p.tau_est;
    if (!(o->p.tmin < limit))
        return 0;
    int r = ch_alg1(o, CHRONOS_R_MAX);
    return isfinite(ch_objective_utility(o, r)) ? r : 0;
}

int pol_chronos_job_r(const struct cl_spec *spec, const struct cl_job *j, int strategy,
                      double tau_est, double tau_kill, int corrected, struct pol_memo *memo)
{
    CL_ASSERT(j->nmap == j->ntasks && j->dist[CL_MAP].kind == DIST_PARETO);
    struct ch_objective o = {
        .strategy = (enum ch_strategy)strategy,
        .p = {j->ntasks, j->dist[CL_MAP].a * j->scale[CL_MAP], j->dist[CL_MAP].b,
              j->rel_deadline, tau_est, tau_kill},
        .theta = spec->utility_theta,
        .price = j->price,
        .rmin = spec->utility_rmin,
        .corrected = corrected,
    };
    const double key[POL_MEMO_KEY] = {strategy, o.p.N,  o.p.tmin, o.p.beta, o.p.D,  tau_est,
                                      tau_kill, o.theta, o.price, o.rmin,   corrected,
                                      CHRONOS_R_MAX};
    int r;
    if (pol_memo_get(memo, key, &r))
        return r;
    r = alg1(&o);
    pol_memo_put(memo, key, r);
    return r;
}

bool pol_check_auto(const struct cl_spec *spec, double r, char *msg, size_t len)
{
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
    if (wl_two_phases(spec)) {
        snprintf(msg, len, "r = auto optimises seed 004's closed forms for jobs of one phase, "
                           "and here jobs have a reduce phase (workload.reduce_fraction > 0 "
                           "or a trace's reduce tasks); give r a number");
        return false;
    }
    return true;
}

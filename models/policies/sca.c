/* sca — the Smart Cloning Algorithm (seed 000 §5.3, Algorithm 1).
 *
 * At each decision (each slot of cluster.interval; the paper uses 30 s):
 *  1. the unlaunched tasks of jobs already scheduled are launched, one copy each, jobs with
 *     the fewest unlaunched tasks first (line 1);
 *  2. χ(l) = the jobs not scheduled yet, N(l) the free machines (line 2); nothing to do if
 *     N(l) = 0 (lines 3–4);
 *  3. if Σ m_i < N(l) over χ(l): P2 (§5.1) — minimise Σ E[Γ_i] + γ Σ m_i c_i E[T_i] subject to
 *     Σ m_i c_i <= N(l), 1 <= c_i <= ξ — is solved by the ADMM iteration of eqs. 21–24
 *     (models/theory/xulau.h: ρ = η = a tenth of eq. 24's bound, §5.2.3), c_i is cut to its integer
 *     part, and every task of J_i is launched with c_i copies at once (lines 5–6). The integer
 *     parts come from xl_sca_copies: with the paper's ρ, from bounds on where ADMM stops when
 *     both ends cut to the same integers (then no sweep runs), else from running ADMM — the
 *     same copies either way (docs/guide/performance.md, SCA's decision);
 *  4. otherwise the jobs of χ(l) go by increasing workload m_i·E[X_i], one copy per task,
 *     while machines are free (lines 7–12).
 * P2 models each job's tasks as Pareto(μ_i, α): α is the scheduler's estimate of the tail
 * index (parameter `alpha`, §7.1.2: 2), μ_i = E[X_i](α − 1)/α fits the job's known mean (§7:
 * "fitted into a Pareto distribution using the average task duration with some fixed
 * Pareto-tail order"). E[D_i] uses the closed form of E[max of m] (eqs. 18–19).
 * When the capacity constraint binds, the paper's ρ can need 10^5 ADMM sweeps (measured,
 * models/theory/xulau.h); after XL_SCA_MAX_ITER the exact optimum by bisection on the multiplier is
 * used instead (xl_p2_sca), and the decision is counted as unconverged (if ADMM ran). The
 * option `rho_balance = yes` (not the paper's; default no) adapts ρ = η by residual balancing
 * (Boyd et al. 2011 §3.4.1) from the paper's value: tens of sweeps where the paper's ρ needs
 * thousands.
 *
 * Decisions (docs/methods/policies.md): "fewest remaining first" in line 1 counts unlaunched tasks;
 * those tasks get one copy (P2 clones whole jobs scheduled together); for a two-phase job P2
 * covers its map phase, its reduce tasks follow through line 1; if ADMM stops short of
 * convergence the KKT bisection's optimum replaces it; the integer copies are trimmed, largest
 * first, if they ever exceed N(l). With requests drawn per job N(l) is still the free slots,
 * and a job whose copy fits no server holds the jobs after it back, or with cluster.backfill
 * is passed over (models/cluster.h); a task gets the copies of its c_i that fit. */
#include <stdlib.h>

#include "models/theory/xulau.h"
#include "models/cluster.h"
#include "models/policies/kit.h"

enum { SCA_GAMMA, SCA_XI, SCA_ALPHA, SCA_RHO_BALANCE };

struct sca {
    double gamma, xi, alpha;  /* P2's price γ, copies cap ξ, estimated tail index α */
    enum xl_rho rho;          /* ADMM's ρ = η: the paper's, fixed, or balanced (an option) */
    struct pol_ranking rk;    /* pending jobs */
    struct xl_p2_job *p2;     /* P2's jobs, χ(l) */
    int *k;                   /* copies per job (xl_sca_copies) */
    int64_t decisions, iterations, unconverged; /* ADMM statistics (tests, bench) */
};

static int sca_init(struct cluster *cl, void *st, const double *param)
{
    struct sca *s = st;
    s->gamma = param[SCA_GAMMA];
    s->xi = param[SCA_XI];
    s->alpha = param[SCA_ALPHA];
    s->rho = param[SCA_RHO_BALANCE] != 0 ? XL_RHO_BALANCED : XL_RHO_FIXED;
    s->rk = (struct pol_ranking){0};
    s->p2 = malloc((size_t)cl->njobs * sizeof *s->p2);
    s->k = malloc((size_t)cl->njobs * sizeof *s->k);
    if (!s->p2 || !s->k)
        return -1;
    return pol_rank_reserve(&s->rk, cl->njobs);
}

static void sca_free(void *st)
{
    struct sca *s = st;
    pol_rank_free(&s->rk);
    free(s->p2);
    free(s->k);
}

/* Rank key: scheduled jobs by unlaunched tasks; jobs not scheduled yet after them all, by
 * workload m_i E[X_i] (cl_job_remaining_work, which for them is exactly that). */
static double sca_key(const struct cluster *cl, int job, const void *ctx)
{
    (void)ctx;
    const struct cl_job *j = &cl->job[job];
    if (j->next_unstarted > 0)
        return j->ntasks - j->next_unstarted - 1e15; /* exact: counts are below 2^31 */
    return cl_job_remaining_work(cl, job);
}

/* Lines 5–6: P2 over χ(l) = rk.r[first .. n), launch c_i copies of every map task. */
static void clone_by_p2(struct cluster *cl, struct sca *s, int first, int n)
{
    int K = n - first;
    for (int i = 0; i < K; i++) {
        const struct cl_job *j = &cl->job[s->rk.r[first + i].job];
        s->p2[i] = (struct xl_p2_job){.m = j->nmap,
                                      .mu = j->task_work[CL_MAP] * (s->alpha - 1) / s->alpha,
                                      .alpha = s->alpha,
                                      .wait = cl->now - j->arrival};
    }
    struct xl_p2 p = {.K = K, .job = s->p2, .N = cl->nfree, .gamma = s->gamma, .xi = s->xi};
    int iters = 0;
    int rc = xl_sca_copies(&p, s->rho, s->k, &iters);
    s->decisions++;
    s->iterations += iters;
    s->unconverged += rc == 1;
    for (int i = 0; i < K; i++) {
        int job = s->rk.r[first + i].job;
        for (int k = 0; k < s->p2[i].m && cl_fits(cl, job); k++)
            cl_start_next_task(cl, job, s->k[i]);
        if (pol_holds(cl, job))
            return; /* requests drawn per job: it holds the others back */
    }
}

static void sca_slot_free(struct cluster *cl, void *st)
{
    struct sca *s = st;
    int n = pol_rank_pending(cl, &s->rk, sca_key, NULL), i = 0;
    for (; i < n && cl->job[s->rk.r[i].job].next_unstarted > 0; i++) { /* line 1 */
        int job = s->rk.r[i].job;
        pol_start_job(cl, job);
        if (pol_holds(cl, job))
            return; /* requests drawn per job: it holds the others back */
    }
    if (cl->nfree == 0 || i == n)
        return;
    long tasks = 0;
    for (int k = i; k < n; k++)
        tasks += cl->job[s->rk.r[k].job].nmap;
    if (tasks < cl->nfree) {
        clone_by_p2(cl, s, i, n);
        return;
    }
    for (; i < n && cl->nfree > 0; i++) { /* lines 8–12 */
        int job = s->rk.r[i].job;
        pol_start_job(cl, job);
        if (pol_holds(cl, job))
            return;
    }
}

/* In the order of enum { SCA_GAMMA, SCA_XI, SCA_ALPHA, SCA_RHO_BALANCE }. */
static const struct pol_param sca_params[] = {POL_SCA_PARAMS, {0}};

const struct policy pol_sca = {
    .name = "sca",
    .summary = "SCA: clone waiting jobs by P2 (ADMM) when machines outnumber their tasks",
    .source = "seed 000 §5, Algorithm 1",
    .params = sca_params,
    .state_size = sizeof(struct sca),
    .init = sca_init,
    .on_slot_free = sca_slot_free,
    .free = sca_free,
    .events_per_second = 5.0e6,
    .memory = {0, 0, 64},
};

/* check_hopper — hopper.*: seed 001's completion-rate model (eq. 3) and Theorems 1–2.
 *
 *  hopper.eq3       eq. 3 is eq. 1 with eq. 2's k: the algebra, to 1e-12, across the threshold.
 *  hopper.eq1       eq. 1 against a simulated job of T tasks on S slots, every task run with k
 *                   copies at once (the cluster model, policy clone with r = k − 1 and no kill):
 *                   its completion rate T E[τ]/E[C] can reach eq. 1's only with every slot busy
 *                   to the end (S·C ≥ k Σ min_k), so eq. 1 is an upper bound; the rows test the
 *                   bound and the report shows how far below it a whole job runs (its last wave).
 *  hopper.k_below_1 β > 2: eq. 2's k = 2/β < 1 copy per task; eq. 3 then promises
 *                   β²/(4(β − 1)) S, more than the S that S slots complete with one copy per
 *                   task — outside the model (expected to disagree, flagged).
 *  hopper.th1/th2   Algorithms 1 and 2 against the optimum of Σμ_i (eq. 3) over real (ε-fair)
 *                   allocations, found independently by the KKT conditions (water-filling by
 *                   bisection): mismatches counted over random instances. hopper.th1.integer:
 *                   the online rule (each slot to argmax H_i − S_i) against the exhaustive
 *                   optimum over integer allocations, which the theorems do not claim.
 *  hopper.th1.order Algorithm 1's order (increasing T_i), which hopper.th1 cannot see: Σμ_i is
 *                   the same whichever jobs get the V_i first (every slot below a kink earns
 *                   the same c). The hopper policy in the cluster model on one slot, a batch
 *                   of jobs whose trace order is neither increasing nor decreasing in T_i: the
 *                   argmax takes the job with the fewest remaining tasks, so jobs end in
 *                   increasing T_i and E[mean flowtime] = E[τ] Σ_p Σ_{q≤p} T_(q) / n. Serving
 *                   them by arrival or by decreasing T_i gives another, larger value. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "models/theory/hopper.h"
#include "analysis/validate.h"
#include "engine/stats/rng.h"
#include "engine/stats/stats.h"
#include "models/policy.h"
#include "models/trace.h"

#define HP_MAX_JOBS 8

/* ------------------------------------------------------------------ eq. 3 */

static int run_eq3(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    (void)ctx;
    static const double betas[] = {1.2, 1.5, 2.0, 2.5, 3.0, 4.0};
    static const double ts[] = {1, 7, 100};
    static const double over[] = {0.5, 1.0, 1.0 + 1e-9, 2.0, 5.0}; /* S / V */
    if (!vd_selected(only, "hopper.eq3"))
        return 0;
    for (size_t b = 0; b < sizeof betas / sizeof *betas; b++)
        for (size_t t = 0; t < sizeof ts / sizeof *ts; t++) {
            double worst = 0.0;
            for (size_t o = 0; o < sizeof over / sizeof *over; o++) {
                double T = ts[t], S = over[o] * 2.0 / betas[b] * T;
                double eq1 = hp_mu_eq1(S, T, hp_k_eq2(S, T, betas[b]), betas[b]);
                double eq3 = hp_mu_eq3(S, T, betas[b]);
                worst = fmax(worst, fabs(eq1 - eq3) / eq3);
            }
            char params[192];
            snprintf(params, sizeof params, "beta=%g T=%g S/V=0.5..5 "
                     "max_relative_difference", betas[b], ts[t]);
            if (vd_add_below(out, "hopper.eq3", params, 1e-12, worst, 5, true))
                return -1;
        }
    return 0;
}

/* ------------------------------------------------------------------ eq. 1 */

static int run_eq1(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const struct {
        double beta;
        int k, tasks, slots;
    } grid[] = {
        /* k beta > 4: a job's completion time, the largest of its tasks' minima of k copies,
           has a finite fourth moment, so its mean has a valid interval (docs/methods/statistics.md) */
        {1.5, 3, 10, 30},  {1.5, 3, 100, 60},  {1.5, 3, 1000, 60}, {1.5, 4, 100, 80},
        {2.5, 2, 100, 40}, {2.5, 2, 1000, 40}, {3.0, 2, 100, 40},
    };
    if (!vd_selected(only, "hopper.eq1"))
        return 0;
    const struct policy *clone = pol_find("clone");
    int replicas = ctx->quick ? 200 : 2000;
    double *v = malloc((size_t)M_COUNT * (size_t)replicas * sizeof *v);
    if (!v)
        return -1;
    for (size_t i = 0; i < sizeof grid / sizeof *grid; i++) {
        double param[POL_MAX_PARAMS] = {0};
        param[0] = grid[i].k - 1; /* r */
        param[1] = 1e300;         /* tau_kill: never */
        param[2] = 1;
        struct cl_spec sp = vd_spec(grid[i].slots, 1, grid[i].tasks,
                                    (struct dist){DIST_PARETO, 1.0, grid[i].beta});
        char params[192];
        snprintf(params, sizeof params, "beta=%g k=%d T=%d S=%d%s", grid[i].beta, grid[i].k,
                 grid[i].tasks, grid[i].slots,
                 grid[i].slots < grid[i].k * grid[i].tasks ? " backlog" : " one_wave");
        /* Sequential looks (validate.h) at 1/16, 1/4 and all of the replicas: the row is
         * decided once its interval lies on one side of eq. 1's rate. */
        double eq1 = hp_mu_eq1(grid[i].slots, grid[i].tasks, grid[i].k, grid[i].beta);
        double et = dist_mean(&sp.task_time), mu = NAN, se = NAN;
        const int size[VD_LOOKS] = {replicas / 16, replicas / 4, replicas};
        uint64_t seed = vd_seed(ctx, "hopper.eq1", params);
        int look, done = 0;
        struct st_acc acc;
        st_acc_init(&acc);
        for (look = 0; look < VD_LOOKS; look++) {
            if (vd_model_part(ctx, &sp, clone, param, seed, done, size[look] - done, replicas,
                              v)) {
                free(v);
                return -1;
            }
            for (int r = done; r < size[look]; r++)
                st_acc_add(&acc, v[(size_t)M_FLOWTIME * (size_t)replicas + (size_t)r]);
            done = size[look];
            /* μ = T E[τ] / E[C], by the delta method */
            double c = acc.mean;
            mu = grid[i].tasks * et / c;
            se = mu / c * sqrt(st_acc_variance(&acc) / (double)acc.n);
            if (vd_look_excludes(look, mu, se, acc.n, eq1))
                break;
        }
        if (look == VD_LOOKS)
            look = VD_LOOKS - 1;
        if (vd_add_at_most_look(out, "hopper.eq1", params, eq1, mu, se, acc.n, true, look)) {
            free(v);
            return -1;
        }
    }
    free(v);
    return 0;
}

static int run_k_below_1(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    (void)ctx;
    static const double betas[] = {2.5, 3.0, 4.0};
    if (!vd_selected(only, "hopper.k_below_1"))
        return 0;
    for (size_t b = 0; b < sizeof betas / sizeof *betas; b++) {
        double T = 100, S = 2.0 / betas[b] * T;
        char params[192];
        snprintf(params, sizeof params, "beta=%g T=100 S=V=%g k=%g outside=k<1", betas[b], S,
                 hp_k_eq2(S, T, betas[b]));
        if (vd_add_below(out, "hopper.k_below_1", params, S, hp_mu_eq3(S, T, betas[b]), 1,
                         false))
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ Theorems 1-2 */

/* Σμ_i (eq. 3) of an allocation. */
static double total_rate(const double *T, const double *s, int n, double beta)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += s[i] > 0 ? hp_mu_eq3(s[i], T[i], beta) : 0.0;
    return sum;
}

/* The optimum of Σμ_i over real allocations with s_i ≥ F, Σ s_i = S, by the KKT conditions:
 * μ_i is linear with slope c = β²/(4(β − 1)) up to V_i = 2T_i/β and strictly concave after,
 * with marginal T_i²/(s²(β − 1)). If S ≤ A = Σ max(F, V_i) the common marginal is c: each job
 * F, the rest anywhere below the thresholds (value Σμ_i(F) + c(S − nF)). Otherwise it is some
 * λ < c, s_i = max(F, T_i/√(λ(β − 1))), λ found by bisection. Independent of Algorithms 1–2. */
static double kkt_optimum(const double *T, int n, double S, double beta, double F)
{
    double c = beta * beta / (4.0 * (beta - 1.0)), A = 0.0, s[HP_MAX_JOBS];
    for (int i = 0; i < n; i++)
        A += fmax(F, 2.0 * T[i] / beta);
    if (S <= A) {
        for (int i = 0; i < n; i++)
            s[i] = F;
        return total_rate(T, s, n, beta) + c * (S - n * F);
    }
    double lo = 0.0, hi = c; /* the total allocation falls as λ rises */
    for (int it = 0; it < 200; it++) {
        double mid = 0.5 * (lo + hi), sum = 0.0;
        for (int i = 0; i < n; i++)
            sum += fmax(F, T[i] / sqrt(mid * (beta - 1.0)));
        if (sum > S)
            lo = mid;
        else
            hi = mid;
    }
    for (int i = 0; i < n; i++)
        s[i] = fmax(F, T[i] / sqrt(hi * (beta - 1.0)));
    return total_rate(T, s, n, beta);
}

static int by_t(const void *a, const void *b)
{
    const struct hp_job *x = a, *y = b;
    return (x->remaining > y->remaining) - (x->remaining < y->remaining);
}

/* A random instance: n jobs with T_i in 1..50, sorted; S slots from 1 to 2.5 Σ V_i. */
static int instance(rng_t *r, double beta, struct hp_job *j, double *T, double *S)
{
    int n = 2 + (int)(rng_uniform(r) * (HP_MAX_JOBS - 1));
    double v = 0.0;
    for (int i = 0; i < n; i++) {
        j[i] = (struct hp_job){1 + floor(rng_uniform(r) * 50), 0.0, i};
        v += 2.0 / beta * j[i].remaining;
    }
    qsort(j, (size_t)n, sizeof *j, by_t);
    for (int i = 0; i < n; i++)
        T[i] = j[i].remaining;
    *S = 1.0 + floor(rng_uniform(r) * 2.5 * v);
    return n;
}

static int run_theorems(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const double betas[] = {1.2, 1.5, 2.0, 3.0};
    static const double epsilons[] = {1.0, 0.5, 0.0};
    int instances = ctx->quick ? 200 : 2000;
    for (size_t e = 0; e < sizeof epsilons / sizeof *epsilons; e++) {
        const char *id = epsilons[e] == 1.0 ? "hopper.th1" : "hopper.th2";
        if (!vd_selected(only, id))
            continue;
        for (size_t b = 0; b < sizeof betas / sizeof *betas; b++) {
            char params[192];
            snprintf(params, sizeof params, "beta=%g epsilon=%g jobs=2..%d T=1..50 "
                     "S=1..2.5sumV mismatches", betas[b], epsilons[e], HP_MAX_JOBS);
            rng_t r;
            rng_stream(&r, vd_seed(ctx, id, params), 0, RNG_CHECK);
            int bad = 0;
            for (int k = 0; k < instances; k++) {
                struct hp_job j[HP_MAX_JOBS];
                double T[HP_MAX_JOBS], s[HP_MAX_JOBS], S;
                int n = instance(&r, betas[b], j, T, &S);
                double F = S / n * (1.0 - epsilons[e]), sum = 0.0;
                hp_allocate(j, n, S, betas[b], epsilons[e]);
                bool fair = true;
                for (int i = 0; i < n; i++) {
                    s[i] = j[i].target;
                    sum += s[i];
                    fair &= s[i] >= F - 1e-9 * S;
                }
                double opt = kkt_optimum(T, n, S, betas[b], F);
                double got = total_rate(T, s, n, betas[b]);
                bad += !fair || fabs(sum - S) > 1e-9 * S || got < opt * (1 - 1e-9);
            }
            if (vd_add_mismatches(out, id, params, (uint64_t)bad, (uint64_t)instances, true))
                return -1;
        }
    }
    return 0;
}

/* The integer optimum of Σμ_i over allocations of S whole slots to n jobs, exhaustively. */
static double integer_optimum(const double *T, int n, int S, double beta, double *s, int i)
{
    if (i == n - 1) {
        s[i] = S;
        return total_rate(T, s, n, beta);
    }
    double best = 0.0;
    for (int x = 0; x <= S; x++) {
        s[i] = x;
        best = fmax(best, integer_optimum(T, n, S - x, beta, s, i + 1));
    }
    return best;
}

static int run_integer(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const double betas[] = {1.2, 1.5, 2.0, 3.0};
    const char *id = "hopper.th1.integer";
    if (!vd_selected(only, id))
        return 0;
    int instances = ctx->quick ? 100 : 500;
    for (size_t b = 0; b < sizeof betas / sizeof *betas; b++) {
        char params[192];
        snprintf(params, sizeof params, "beta=%g jobs=2..4 T=1..50 S=1..24 "
                 "max_loss_to_integer_optimum/(n_c)", betas[b]);
        rng_t r;
        rng_stream(&r, vd_seed(ctx, id, params), 0, RNG_CHECK);
        double c = betas[b] * betas[b] / (4.0 * (betas[b] - 1.0)), worst = 0.0;
        for (int k = 0; k < instances; k++) {
            struct hp_job j[HP_MAX_JOBS];
            double T[HP_MAX_JOBS], s[HP_MAX_JOBS] = {0}, scratch[HP_MAX_JOBS];
            int n = 2 + (int)(rng_uniform(&r) * 3);
            for (int i = 0; i < n; i++)
                j[i] = (struct hp_job){1 + floor(rng_uniform(&r) * 50), 0.0, i};
            qsort(j, (size_t)n, sizeof *j, by_t);
            int S = 1 + (int)(rng_uniform(&r) * 24);
            for (int i = 0; i < n; i++)
                T[i] = j[i].remaining;
            hp_allocate(j, n, S, betas[b], 1.0);
            for (int slot = 0; slot < S; slot++) { /* argmax H_i − S_i, ties to the first */
                int best = 0;
                for (int i = 1; i < n; i++)
                    if (j[i].target - s[i] > j[best].target - s[best])
                        best = i;
                s[best] += 1;
            }
            double loss = integer_optimum(T, n, S, betas[b], scratch, 0) -
                          total_rate(T, s, n, betas[b]);
            worst = fmax(worst, loss / (n * c));
        }
        if (vd_add_below(out, id, params, 1.0, worst, (uint64_t)instances, true))
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ Algorithm 1's order */

/* One slot, a batch of n jobs (sizes T[0..n) in arrival order), exponential(1) tasks, the
 * scheduler's β = 3. The online rule on one slot: each decision finds the slot free and every
 * S_i = 0, so it goes to the largest H_i. Sorted by T_i, H_1 = min(V_1, 1) ≥ 2/3 (V_i = 2T_i/3,
 * T_i ≥ 1) and every other H_i ≤ 1 − H_1 ≤ 1/3: the job with the fewest remaining tasks
 * (shortest first; Algorithm 1 serves the jobs "in order from i = 1 to n"). No copy ever runs
 * (one slot, always busy), so job p in increasing order of T_i ends after the tasks of jobs
 * 1..p: E[C_p] = E[τ] Σ_{q≤p} T_(q), for any i.i.d. task law. Exponential tasks give the
 * per-replica mean every moment (docs/methods/statistics.md, Tail indices); the order, not the law,
 * is under test. */
static int run_order(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    static const struct {
        int n, tasks[4];
    } grid[] = {{3, {5, 1, 3}}, {4, {2, 7, 4, 1}}};
    const char *id = "hopper.th1.order";
    if (!vd_selected(only, id))
        return 0;
    const struct policy *hopper = pol_find("hopper");
    int replicas = ctx->quick ? 400 : 2000;
    double *v = malloc((size_t)M_COUNT * (size_t)replicas * sizeof *v);
    if (!v)
        return -1;
    for (size_t g = 0; g < sizeof grid / sizeof *grid; g++) {
        int n = grid[g].n, sorted[4];
        struct tr_job jobs[4];
        char params[192], *p = params, *end = params + sizeof params;
        p += snprintf(p, (size_t)(end - p), "S=1 beta=3 tau=exp(1) T_by_arrival=");
        for (int i = 0; i < n; i++) {
            jobs[i] = (struct tr_job){.weight = 1, .tasks = {grid[g].tasks[i], 0},
                                      .mean = {1.0, 0.0}}; /* arrival 0: one batch */
            sorted[i] = grid[g].tasks[i];
            p += snprintf(p, (size_t)(end - p), "%s%d", i ? ":" : "", grid[g].tasks[i]);
        }
        snprintf(p, (size_t)(end - p), " mean_flowtime");
        for (int i = 1; i < n; i++) /* the paper's order: increasing T_i */
            for (int m = i; m > 0 && sorted[m] < sorted[m - 1]; m--) {
                int t = sorted[m];
                sorted[m] = sorted[m - 1];
                sorted[m - 1] = t;
            }
        double closed = 0.0, done = 0.0;
        for (int i = 0; i < n; i++) {
            done += sorted[i];
            closed += done / n; /* E[τ] = 1 */
        }
        struct tr_trace tr = {jobs, n, 0};
        struct cl_spec sp = vd_spec(1, n, 1, (struct dist){DIST_EXPONENTIAL, 1.0, 0.0});
        sp.trace = &tr;
        double param[POL_MAX_PARAMS] = {0};
        param[0] = 3.0; /* beta */
        param[1] = 1.0; /* epsilon: Algorithm 1 */
        if (vd_model(ctx, &sp, hopper, param, vd_seed(ctx, id, params), replicas, v)) {
            free(v);
            return -1;
        }
        if (vd_add_replica_mean(out, id, params, closed,
                                v + (size_t)M_FLOWTIME * (size_t)replicas, replicas, true)) {
            free(v);
            return -1;
        }
    }
    free(v);
    return 0;
}

const struct vd_check vd_hopper_eq3 = {
    .id = "hopper.eq3",
    .source = "seed 001 §2 eqs. 1-3: eq. 3 is eq. 1 with eq. 2's speculation level",
    .assumptions = "Pareto(x_m, beta), beta > 1; real k (eq. 2)",
    .closed_form = "eq. 3 as printed",
    .simulation = "none: eq. 1 with eq. 2's k and E[min of k Pareto] = x_m k beta/(k beta - 1); "
                  "the largest relative difference over S/V = 0.5, 1, 1+1e-9, 2, 5",
    .run = run_eq3,
};

const struct vd_check vd_hopper_eq1 = {
    .id = "hopper.eq1",
    .source = "seed 001 §2 eq. 1 (after [4]): a job's completion rate "
              "min(S, T k) E[tau]/(k E[min of k])",
    .assumptions = "integer k copies per task started together, first to finish wins; the rate "
                   "is an upper bound on the whole job's, reached only while every slot is busy",
    .closed_form = "eq. 1 with Lemma 1's E[min of k] (hp_mu_eq1)",
    .simulation = "cluster model, policy clone (r = k - 1, tau_kill never), one job of T tasks "
                  "on S slots; T E[tau] / E[completion] (delta method); sequential looks at "
                  "125, 500 and 2000 replicas (validate.h)",
    .run = run_eq1,
};

const struct vd_check vd_hopper_k_below_1 = {
    .id = "hopper.k_below_1",
    .source = "seed 001 §2 eqs. 2-3 for beta > 2",
    .assumptions = "k = 2/beta < 1 is fewer copies than tasks: eq. 1's min of k copies has no "
                   "mechanism there (outside)",
    .closed_form = "S, the most S slots complete with one copy per task (eq. 1 at k = 1)",
    .simulation = "none: eq. 3's beta^2/(4(beta - 1)) S at S = V, which exceeds S",
    .run = run_k_below_1,
};

const struct vd_check vd_hopper_th = {
    .id = "hopper.th",
    .source = "seed 001 §3 Theorem 1 (Algorithm 1 maximises sum mu_i) and Theorem 2 "
              "(Algorithm 2 among epsilon-fair allocations), mu_i of eq. 3",
    .assumptions = "one beta for every job, real-valued slots; Algorithm 2 as we read its "
                   "typos (docs/methods/policies.md)",
    .closed_form = "0 instances where the algorithm's allocation is not epsilon-fair, does not "
                   "use S, or falls below the optimum by 1e-9",
    .simulation = "the optimum by the KKT conditions (bisection), on random instances; "
                  "th1.integer: the online rule against the exhaustive integer optimum",
    .run = run_theorems,
};

const struct vd_check vd_hopper_integer = {
    .id = "hopper.th1.integer",
    .source = "seed 001 §3 online rule (a free slot to argmax H_i - S_i) with whole slots",
    .assumptions = "not claimed by the paper: whole slots, the targets of Algorithm 1",
    .closed_form = "0 instances below the integer optimum",
    .simulation = "exhaustive search over integer allocations",
    .run = run_integer,
};

const struct vd_check vd_hopper_order = {
    .id = "hopper.th1.order",
    .source = "seed 001 §3 Algorithm 1 (jobs in increasing order of T_i) and the online rule "
              "(a free slot to argmax H_i - S_i)",
    .assumptions = "one slot, a batch of jobs at t = 0 in an arrival order that is neither "
                   "increasing nor decreasing in T_i; scheduler beta = 3, so the argmax is the "
                   "job with the fewest remaining tasks; i.i.d. task times (exponential(1), "
                   "every moment finite)",
    .closed_form = "mean flowtime E[tau] sum_p sum_{q<=p} T_(q) / n, T_(q) in increasing order "
                   "(by arrival or decreasing T_i it is larger)",
    .simulation = "cluster model, policy hopper (beta 3, epsilon 1), the jobs as a trace; mean "
                  "job flowtime over replicas",
    .run = run_order,
};

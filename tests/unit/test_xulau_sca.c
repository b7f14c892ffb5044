/* SCA's decision without its sweeps (models/theory/xulau_p2.c: xl_p2_sca_bounds, xl_sca_copies)
 * against the ADMM it stands for: the bounds hold xl_p2_sca's point on every instance, and the
 * copies are those of that point cut as the policy cuts it, on Fig. 1's instance of seed 000
 * §5.2.3, on random instances from Fig. 1's scale to the papers' (μ in the hundreds, hundreds
 * of tasks, thousands of machines), slack and binding, and where the bounds cannot decide. */
#include <criterion/criterion.h>
#include <math.h>

#include "models/theory/xulau.h"
#include "engine/stats/rng.h"

enum { K_MAX = 6 };

/* The policy's copies from a point, computed here on their own: ⌊c + 1e-9⌋, at least 1, the
 * largest trimmed (the first of equals) while they need more than N machines. */
static void copies_of(const struct xl_p2 *p, const double *c, int *k)
{
    long used = 0;
    for (int i = 0; i < p->K; i++) {
        k[i] = (int)fmax(1.0, floor(c[i] + 1e-9));
        used += (long)k[i] * p->job[i].m;
    }
    while (used > p->N) {
        int big = 0;
        for (int i = 1; i < p->K; i++)
            if (k[i] > k[big])
                big = i;
        k[big]--;
        used -= p->job[big].m;
    }
}

/* xl_p2_sca's point lies within xl_p2_sca_bounds, and xl_sca_copies gives its copies, with ρ
 * fixed and balanced. Returns whether the bounds decided (ρ fixed: no ADMM sweep ran). */
static bool check_instance(const struct xl_p2 *p, const char *what, int n)
{
    double c[K_MAX], lo[K_MAX], hi[K_MAX];
    int k[K_MAX], ref[K_MAX], it, it_sca;
    cr_assert_geq(xl_p2_sca(p, XL_RHO_FIXED, c, &it_sca), 0);
    cr_assert_eq(xl_p2_sca_bounds(p, lo, hi), 0, "%s %d: bounds", what, n);
    for (int i = 0; i < p->K; i++) {
        cr_assert(lo[i] <= c[i] && c[i] <= hi[i], "%s %d, job %d: %.17g not in [%.17g, %.17g]",
                  what, n, i, c[i], lo[i], hi[i]);
        cr_assert(hi[i] - lo[i] <= 1e-2 * c[i], "%s %d, job %d: [%.17g, %.17g] is tight",
                  what, n, i, lo[i], hi[i]);
    }
    copies_of(p, c, ref);
    cr_assert_geq(xl_sca_copies(p, XL_RHO_FIXED, k, &it), 0);
    for (int i = 0; i < p->K; i++)
        cr_assert_eq(k[i], ref[i], "%s %d, job %d: %d copies, ADMM's point cuts to %d", what, n,
                     i, k[i], ref[i]);
    cr_assert(it == 0 || it == it_sca, "%s %d: ADMM ran as xl_p2_sca did, or not at all",
              what, n);
    bool decided = it == 0;
    cr_assert_geq(xl_p2_sca(p, XL_RHO_BALANCED, c, &it_sca), 0);
    copies_of(p, c, ref);
    cr_assert_geq(xl_sca_copies(p, XL_RHO_BALANCED, k, &it), 0);
    cr_assert_eq(it, it_sca, "%s %d: balanced, ADMM always runs", what, n);
    for (int i = 0; i < p->K; i++)
        cr_assert_eq(k[i], ref[i], "%s %d, job %d: balanced", what, n, i);
    return decided;
}

/* Fig. 1 (m = 10, 20, 5, 10, μ = 1, 3, 4, 2, α = 2, N = 200, ξ = 20): slack at γ = 0.01,
 * binding at 0.001, where ADMM takes 1 231 sweeps and the bounds none; with N = 100 the paper's
 * ρ would need 16 968 sweeps and the bisection stands in: the bounds hold its point too. */
Test(xulau_sca, fig1)
{
    static const struct xl_p2_job fig1[] = {{10, 1, 2, 0}, {20, 3, 2, 0}, {5, 4, 2, 0},
                                            {10, 2, 2, 0}};
    const struct {
        double N, gamma;
        int k[4];
    } cases[] = {{200, 0.01, {4, 3, 5, 4}}, {200, 0.001, {3, 4, 6, 4}}, {100, 0.001, {1, 2, 3, 2}}};
    for (int n = 0; n < 3; n++) {
        struct xl_p2 p = {4, fig1, cases[n].N, cases[n].gamma, 20};
        cr_assert(check_instance(&p, "Fig. 1", n), "Fig. 1 case %d: decided by the bounds", n);
        int k[4], it;
        cr_assert_eq(xl_sca_copies(&p, XL_RHO_FIXED, k, &it), 0);
        for (int i = 0; i < 4; i++)
            cr_assert_eq(k[i], cases[n].k[i], "case %d, job %d: %d copies", n, i, k[i]);
    }
}

/* One job whose optimum is an integer (binding: c* = N/m = 5) leaves ADMM's point on either
 * side of 5 as far as the bounds can tell: xl_sca_copies runs ADMM, which stops above 5. */
Test(xulau_sca, undecided_runs_admm)
{
    const struct xl_p2_job job = {7, 623.35, 2, 0};
    struct xl_p2 p = {1, &job, 35, 0.01, 8};
    double lo[1], hi[1];
    int k[1], it;
    cr_assert_eq(xl_p2_sca_bounds(&p, lo, hi), 0);
    cr_assert(lo[0] < 5 && hi[0] > 5, "[%.17g, %.17g] straddles 5", lo[0], hi[0]);
    cr_assert_eq(xl_sca_copies(&p, XL_RHO_FIXED, k, &it), 0);
    cr_assert_gt(it, 0, "ADMM ran");
    cr_assert_eq(k[0], 5);
    check_instance(&p, "c* = 5", 0);
}

/* 150 random instances (fixed streams): K in 1..6, α in [1.2, 4] (one per instance, as SCA's),
 * μ log-uniform in [0.5, 1000], m in 1..200, γ in [0, 0.05], ξ in 2..20, N from Σ m + 1 to
 * 3.5 Σ m: 61 bind. The bounds decide all of them (a c_i within ~1e-4 of an integer would not
 * be: the test allows 10 %). */
Test(xulau_sca, random_instances)
{
    int decided = 0, binding = 0;
    enum { N_INST = 150 };
    for (int n = 0; n < N_INST; n++) {
        rng_t r;
        rng_stream(&r, 1017, (uint64_t)n, RNG_CHECK);
        struct xl_p2_job jobs[K_MAX];
        int K = 1 + (int)(rng_uniform(&r) * K_MAX);
        double alpha = 1.2 + 2.8 * rng_uniform(&r), sm = 0;
        for (int i = 0; i < K; i++) {
            jobs[i].m = 1 + (int)(rng_uniform(&r) * 200);
            jobs[i].mu = 0.5 * pow(2000, rng_uniform(&r));
            jobs[i].alpha = alpha;
            jobs[i].wait = 0;
            sm += jobs[i].m;
        }
        double xi = 2 + (int)(19 * rng_uniform(&r));
        struct xl_p2 p = {K, jobs, floor(sm + 1 + 2.5 * sm * rng_uniform(&r)),
                          0.05 * rng_uniform(&r), xi};
        double c[K_MAX], nu;
        cr_assert_eq(xl_p2_bisect(&p, c, &nu), 0);
        binding += nu > 0;
        decided += check_instance(&p, "random", n);
    }
    cr_assert(binding > N_INST / 4 && binding < 3 * N_INST / 4, "%d bind", binding);
    cr_assert_geq(decided, N_INST * 9 / 10, "%d of %d decided by the bounds", decided, N_INST);
}

/* Seed 000's closed forms and optimisers (models/theory/xulau.c, xulau_p2.c) against hand-computed
 * values, limiting cases and independent computations of the same quantity: closed form vs
 * quadrature, ADMM vs the KKT bisection vs a grid, the cut-off root vs the printed formula vs
 * the quadratic solved by hand. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "analysis/check_xulau.h"
#include "models/theory/xulau.h"
#include "engine/stats/rng.h"

#define REL_EQ(a, b, tol, ...) cr_assert(fabs((a) - (b)) <= (tol) * fabs(b), __VA_ARGS__)

/* ------------------------------------------------------------------ order statistics */

Test(xulau, min_max_mean_by_hand)
{
    cr_assert_float_eq(xl_min_mean(1, 2, 1), 2.0, 1e-15);       /* 2/(2 − 1) */
    cr_assert_float_eq(xl_min_mean(3, 1.5, 2), 4.5, 1e-15);     /* 3·3/(3 − 1) */
    cr_assert(isinf(xl_min_mean(1, 0.9, 1)), "cα <= 1: infinite mean");
    /* max of 2 Pareto(1, 2): 1 + ∫_1^∞ 2x^-2 − x^-4 = 8/3 = Γ(3)Γ(1/2)/Γ(5/2) */
    cr_assert_float_eq(xl_max_mean(1, 2, 1, 2), 8.0 / 3, 1e-14);
    /* c = 2, α = 2, m = 2: Γ(3)Γ(3/4)/Γ(11/4) = 2/((7/4)(3/4)) = 32/21 */
    cr_assert_float_eq(xl_max_mean(1, 2, 2, 2), 32.0 / 21, 1e-14);
    cr_assert(isinf(xl_max_mean(1, 1, 1, 3)), "cα = 1");
    /* m = 1 is eq. 5 */
    for (double c = 1; c <= 5; c += 0.7)
        REL_EQ(xl_max_mean(2.5, 1.3, c, 1), xl_min_mean(2.5, 1.3, c), 1e-13, "c = %g", c);
}

Test(xulau, max_mean_closed_form_vs_quadrature)
{
    const double alphas[] = {1.1, 1.5, 2, 4}, ms[] = {1, 2, 10, 200}, cs[] = {1, 1.5, 3};
    for (int a = 0; a < 4; a++)
        for (int i = 0; i < 4; i++)
            for (int k = 0; k < 3; k++) {
                struct dist d = {DIST_PARETO, 2.0, alphas[a]};
                double q = xl_max_mean_dist(&d, cs[k], ms[i]);
                double cf = xl_max_mean(2.0, alphas[a], cs[k], ms[i]);
                REL_EQ(q, cf, 1e-8, "α %g m %g c %g: %.12g vs %.12g", alphas[a], ms[i], cs[k],
                       q, cf);
            }
}

/* Exponential(mean θ): the minimum of c is exponential(θ/c), the max of m of those has mean
 * H_m θ/c. */
Test(xulau, max_mean_exponential)
{
    struct dist d = {DIST_EXPONENTIAL, 2.0, 0.0};
    double H = 0;
    for (int m = 1; m <= 50; m++) {
        H += 1.0 / m;
        REL_EQ(xl_max_mean_dist(&d, 3.0, m), H * 2.0 / 3, 1e-9, "m = %d", m);
    }
    REL_EQ(xl_min_mean_dist(&d, 2.5), 0.8, 1e-10, "θ/c");
}

/* Uniform(a, b): min of c has mean a + (b − a)/(c + 1), and the max of m such minima of U(0,1)
 * with c = 1 has mean m/(m + 1). ∫F̄ = E[X] for every family. */
Test(xulau, max_mean_other_families)
{
    struct dist u = {DIST_UNIFORM, 1.0, 3.0};
    REL_EQ(xl_min_mean_dist(&u, 3), 1.5, 1e-12, "U(1,3), c = 3");
    struct dist u01 = {DIST_UNIFORM, 0.0, 1.0};
    REL_EQ(xl_max_mean_dist(&u01, 1, 4), 0.8, 1e-12, "m/(m+1)");
    struct dist det = {DIST_DETERMINISTIC, 2.5, 0.0};
    REL_EQ(xl_max_mean_dist(&det, 3, 7), 2.5, 1e-12, "deterministic");
    struct dist ln = {DIST_LOGNORMAL, 0.3, 0.8};
    REL_EQ(xl_min_mean_dist(&ln, 1), dist_mean(&ln), 1e-9, "lognormal mean");
}

/* ------------------------------------------------------------------ cut-off load */

Test(xulau, cutoff_aggregate)
{
    int m[] = {10, 20, 5, 10};
    double mu[] = {1, 3, 4, 2};
    struct xl_aggregate g;
    cr_assert_eq(xl_cutoff_aggregate(4, m, mu, &g), 0);
    cr_assert_float_eq(g.m_bar, 45.0 / 4, 1e-15);
    cr_assert_float_eq(g.mu_bar, 110.0 / 45, 1e-15);           /* (10 + 60 + 20 + 20)/45 */
    cr_assert_float_eq(g.k, (310.0 / 45) / pow(110.0 / 45, 2), 1e-14); /* 10+180+80+40 */
    cr_assert_eq(xl_cutoff_aggregate(0, m, mu, &g), -1);
}

/* α = 3, k = 3/2, μ̄ = 1: E[S] = 3/2, E[S²] = 9/2, E[S_c] = 6/5, E[S_c²] = 9/4; W_c = W,
 * multiplied out, is 1.89x² + 2.34x − 0.6 = 0 (by hand from eqs. 7–8). */
Test(xulau, cutoff_by_hand)
{
    double root = (-2.34 + sqrt(2.34 * 2.34 + 4 * 1.89 * 0.6)) / (2 * 1.89);
    struct xl_cutoff c;
    cr_assert_eq(xl_cutoff(3.0, 2.0, 1.5, 10.0, 1000.0, &c), 0);
    REL_EQ(c.lambda_t_star, root / 2, 1e-12, "λ_t* = %.15g, hand %.15g", c.lambda_t_star,
           root / 2);
    cr_assert_float_eq(c.lambda1, 1000 * 5.0 / (12 * 2 * 10), 1e-12); /* eq. 12 */
    REL_EQ(c.lambda2, c.lambda_t_star * 100, 1e-15, "λ2 = λ_t* M/m̄");
    cr_assert_eq(c.lambda_u, c.lambda2, "eq. 14: λ2 < λ1 for α > 2");
    REL_EQ(xl_cutoff_lambda_t_printed(3.0, 2.0, 1.5), root / 2, 1e-12, "printed closed form");
}

/* The printed closed form is the root of eqs. 7–8 (eq. 13) across α and k, away from its
 * 0/0 point k = (4α − 8)/(2α − 1); λ2 < λ1 always. */
Test(xulau, cutoff_printed_vs_numeric)
{
    const double alphas[] = {2.2, 2.5, 3, 4, 6, 10, 50}, ks[] = {1, 1.3, 2, 5};
    for (int a = 0; a < 7; a++)
        for (int i = 0; i < 4; i++) {
            double k0 = (4 * alphas[a] - 8) / (2 * alphas[a] - 1);
            if (fabs(ks[i] - k0) < 0.1)
                continue;
            struct xl_cutoff c;
            cr_assert_eq(xl_cutoff(alphas[a], 1.7, ks[i], 3.0, 50.0, &c), 0);
            double pr = xl_cutoff_lambda_t_printed(alphas[a], 1.7, ks[i]);
            REL_EQ(pr, c.lambda_t_star, 1e-9, "α %g k %g: %.12g vs %.12g", alphas[a], ks[i], pr,
                   c.lambda_t_star);
            cr_assert(c.lambda2 < c.lambda1, "α %g k %g", alphas[a], ks[i]);
        }
    /* at the 0/0 point (α = 4, k = 8/7) the printed form breaks down; the root does not */
    struct xl_cutoff c;
    xl_cutoff(4.0, 1.0, 8.0 / 7, 3.0, 50.0, &c);
    cr_assert(c.lambda_t_star > 0.17 && c.lambda_t_star < 0.18, "%g", c.lambda_t_star);
    double pr = xl_cutoff_lambda_t_printed(4.0, 1.0, 8.0 / 7);
    cr_assert(!(fabs(pr - c.lambda_t_star) < 1e-6), "printed %g", pr);
}

/* Eq. 15: as α → ∞ cloning never pays, λ_t* → 0 (like 1/(kα)); for α <= 2 only λ1 binds. */
Test(xulau, cutoff_limits)
{
    struct xl_cutoff c;
    double prev = INFINITY;
    for (double a = 3; a <= 1e5; a *= 10) {
        xl_cutoff(a, 1.0, 1.0, 1.0, 1.0, &c);
        cr_assert(c.lambda_t_star < prev, "decreasing in α");
        prev = c.lambda_t_star;
    }
    REL_EQ(prev, 1.0 / 3e4, 1e-3, "λ_t* ≈ 1/(kα) at α = 3e4: %g", prev);
    cr_assert_eq(xl_cutoff(1.5, 2.0, 1.2, 10.0, 100.0, &c), 0);
    cr_assert(isinf(c.lambda_t_star) && isinf(c.lambda2));
    cr_assert_float_eq(c.lambda_u, 100 * 2.0 / (6 * 2 * 10), 1e-14);
    cr_assert_eq(xl_cutoff(1.0, 2.0, 1.2, 10.0, 100.0, &c), -1);
    cr_assert(isnan(xl_cutoff_lambda_t_printed(2.0, 1, 1)));
}

/* Eq. 31 inverts eq. 14: the machines for the cut-off at M machines are M. */
Test(xulau, cutoff_machines_round_trip)
{
    const double alphas[] = {1.5, 2, 2.5, 4};
    for (int a = 0; a < 4; a++) {
        struct xl_cutoff c;
        xl_cutoff(alphas[a], 20.0, 1.4, 123.8, 6000, &c);
        double M = xl_cutoff_machines(c.lambda_u, alphas[a], 20.0, 1.4, 123.8);
        REL_EQ(M, 6000.0, 1e-12, "α %g: %g", alphas[a], M);
    }
    cr_assert_float_eq(xl_cutoff_machines(0.5, 1.5, 2, 1, 10), 4 * 1.5 * 0.5 * 2 * 10 / 2.0,
                       1e-12);
}

/* ------------------------------------------------------------------ P2 */

Test(xulau, p2_f_by_hand)
{
    struct xl_p2_job j = {2, 1.0, 2.0, 0.5};
    /* c = 1: E[D] = 8/3, c E[T] = 2: 8/3 + 0.5 + 0.1·2·2 */
    cr_assert_float_eq(xl_p2_f(&j, 0.1, 1), 8.0 / 3 + 0.9, 1e-14);
    /* c = 2: E[D] = 32/21, c E[T] = μc²α/(cα − 1) = 8/3 (the printed μc^α/(cα − 1) is 4/3) */
    cr_assert_float_eq(xl_p2_f(&j, 0.1, 2), 32.0 / 21 + 0.5 + 0.2 * 8 / 3, 1e-14);
    /* c E[T] is c times eq. 5, and m c E[T] is eq. 17 by quadrature */
    struct xl_p2_job k = {7, 1.5, 1.3, 0};
    struct dist d = {DIST_PARETO, 1.5, 1.3};
    double cost = (xl_p2_f(&k, 1.0, 2.4) - xl_p2_f(&k, 0.0, 2.4)) / 7;
    REL_EQ(cost, 2.4 * xl_min_mean_dist(&d, 2.4), 1e-9, "c E[T]");
}

/* f' against central differences of f, and f'' against central differences of f'; f' rises
 * and f'' > 0 (Lemma 1: f convex for Pareto's decreasing hazard rate). */
Test(xulau, p2_df_vs_differences_and_convexity)
{
    const double alphas[] = {1.2, 2, 3.5}, gammas[] = {0, 0.01, 1};
    const int ms[] = {1, 10, 300};
    for (int a = 0; a < 3; a++)
        for (int i = 0; i < 3; i++)
            for (int g = 0; g < 3; g++) {
                struct xl_p2_job j = {ms[i], 2.0, alphas[a], 1.0};
                double prev = -INFINITY;
                for (double c = 1.05; c < 20; c *= 1.3) {
                    double h = 1e-5 * c;
                    double fd = (xl_p2_f(&j, gammas[g], c + h) - xl_p2_f(&j, gammas[g], c - h)) /
                                (2 * h);
                    double df = xl_p2_df(&j, gammas[g], c);
                    cr_assert(fabs(fd - df) <= 1e-6 * (fabs(df) + 1e-3), "α %g m %d γ %g c %g",
                              alphas[a], ms[i], gammas[g], c);
                    cr_assert(df > prev, "f' increasing (f convex)");
                    double fd2 = (xl_p2_df(&j, gammas[g], c + h) -
                                  xl_p2_df(&j, gammas[g], c - h)) / (2 * h);
                    double d2f = xl_p2_d2f(&j, gammas[g], c);
                    cr_assert(fabs(fd2 - d2f) <= 1e-6 * (fabs(d2f) + 1e-3),
                              "f'': α %g m %d γ %g c %g: %g vs %g", alphas[a], ms[i], gammas[g],
                              c, d2f, fd2);
                    cr_assert(d2f > 0, "f'' > 0");
                    prev = df;
                }
            }
}

/* The Fig. 1 instance of §5.2.3 (γ is not given there; §7.1 uses 0.01). */
static const struct xl_p2_job fig1_jobs[] = {{10, 1, 2, 0}, {20, 3, 2, 0}, {5, 4, 2, 0},
                                             {10, 2, 2, 0}};

static double total(const struct xl_p2 *p, const double *c)
{
    double s = 0;
    for (int i = 0; i < p->K; i++)
        s += p->job[i].m * c[i];
    return s;
}

static void assert_feasible(const struct xl_p2 *p, const double *c, double slack)
{
    for (int i = 0; i < p->K; i++)
        cr_assert(c[i] >= 1 && c[i] <= p->xi, "c[%d] = %g", i, c[i]);
    cr_assert(total(p, c) <= p->N + slack, "Σ m c = %.12g > N", total(p, c));
}

static void assert_agree(const struct xl_p2 *p, const double *ca, const double *cb)
{
    double fa = xl_p2_objective(p, ca), fb = xl_p2_objective(p, cb);
    REL_EQ(fa, fb, 1e-6, "objective %.12g (ADMM) vs %.12g (KKT)", fa, fb);
    for (int i = 0; i < p->K; i++)
        cr_assert(fabs(ca[i] - cb[i]) < 1e-3, "c[%d]: %g vs %g", i, ca[i], cb[i]);
}

Test(xulau, p2_rho_fig1)
{
    struct xl_p2 p = {4, fig1_jobs, 200, 0.01, 20};
    /* eq. 24: job 1 is the smallest, 4·1·ln 11/(2·25·8000) */
    REL_EQ(xl_p2_rho_bound(&p), 4 * log(11.0) / 400000, 1e-14, "eq. 24");
    REL_EQ(xl_p2_rho(&p), 0.4 * log(11.0) / 400000, 1e-14, "§5.2.3");
}

/* With γ = 0.01 the constraint is slack (Σ m c* = 199.91 < 200, ν = 0): every c_i is its own
 * unconstrained minimiser, independent of μ_i (f_i = μ_i g(c) + wait), so c_1 = c_4. With
 * γ = 0.001 it binds. Both solvers agree, with the paper's ρ and the others, fixed, and with
 * residual balancing from the paper's ρ. */
Test(xulau, p2_fig1_admm_vs_kkt)
{
    const double gammas[] = {0.01, 0.001};
    for (int g = 0; g < 2; g++) {
        struct xl_p2 p = {4, fig1_jobs, 200, gammas[g], 20};
        double ck[4], nu, ca[4];
        int it;
        cr_assert_eq(xl_p2_bisect(&p, ck, &nu), 0);
        assert_feasible(&p, ck, 1e-9);
        if (g == 0) {
            cr_assert_eq(nu, 0.0);
            cr_assert_float_eq(ck[0], ck[3], 1e-9);
        } else {
            cr_assert(nu > 0);
            cr_assert_float_eq(total(&p, ck), 200, 1e-9);
        }
        const double rhos[] = {xl_p2_rho(&p), xl_p2_rho_bound(&p), 1e-3, 1e-2};
        for (int r = 0; r < 4; r++) {
            cr_assert_eq(xl_p2_admm(&p, rhos[r], XL_RHO_FIXED, 100000, 1e-14, ca, &it), 0,
                         "ρ %g", rhos[r]);
            assert_feasible(&p, ca, 1e-6);
            assert_agree(&p, ca, ck);
        }
        cr_assert_eq(xl_p2_admm(&p, rhos[0], XL_RHO_BALANCED, 100000, 1e-14, ca, &it), 0);
        assert_feasible(&p, ca, 1e-6);
        assert_agree(&p, ca, ck);
    }
}

/* The sweep counts quoted in xulau.h (tol 1e-8 on Λ^r), as ranges; residual balancing from the
 * paper's ρ: 4 and 53. */
Test(xulau, p2_fig1_sweeps)
{
    struct xl_p2 p = {4, fig1_jobs, 200, 0.01, 20};
    double c[4];
    int it;
    cr_assert_eq(xl_p2_admm(&p, xl_p2_rho(&p), XL_RHO_FIXED, 100000, 1e-8, c, &it), 0);
    cr_assert(it <= 5, "slack constraint, paper's ρ: %d sweeps", it);
    cr_assert_eq(xl_p2_admm(&p, xl_p2_rho(&p), XL_RHO_BALANCED, 100000, 1e-8, c, &it), 0);
    cr_assert(it <= 5, "slack constraint, balanced: %d sweeps", it);
    p.gamma = 0.001;
    const double rhos[] = {xl_p2_rho(&p), xl_p2_rho_bound(&p), 1e-3, 1e-2};
    const int lo[] = {1300, 140, 20, 150}, hi[] = {1700, 200, 32, 210};
    for (int r = 0; r < 4; r++) {
        cr_assert_eq(xl_p2_admm(&p, rhos[r], XL_RHO_FIXED, 100000, 1e-8, c, &it), 0);
        cr_assert(it >= lo[r] && it <= hi[r], "ρ %g: %d sweeps", rhos[r], it);
    }
    cr_assert_eq(xl_p2_admm(&p, xl_p2_rho(&p), XL_RHO_BALANCED, 100000, 1e-8, c, &it), 0);
    cr_assert(it >= 40 && it <= 70, "binding constraint, balanced: %d sweeps", it);
}

/* SCA's solve: ADMM with the paper's ρ when it converges within XL_SCA_MAX_ITER sweeps (Fig. 1
 * at γ = 0.01), else the bisection's optimum (N = 100, γ = 0.001: the constraint binds hard and
 * the paper's ρ would need 16 968 sweeps). Balanced, ADMM converges there in 32. */
Test(xulau, p2_sca_admm_then_bisection)
{
    struct xl_p2 p = {4, fig1_jobs, 200, 0.01, 20};
    double c[4], ref[4];
    int it, it_ref;
    cr_assert_eq(xl_p2_sca(&p, XL_RHO_FIXED, c, &it), 0);
    cr_assert_eq(xl_p2_admm(&p, xl_p2_rho(&p), XL_RHO_FIXED, XL_SCA_MAX_ITER, XL_SCA_TOL, ref,
                            &it_ref), 0);
    cr_assert_eq(it, it_ref);
    for (int i = 0; i < 4; i++)
        cr_assert_eq(c[i], ref[i], "c[%d]", i);
    p.N = 100;
    p.gamma = 0.001;
    cr_assert_eq(xl_p2_sca(&p, XL_RHO_FIXED, c, &it), 1, "ADMM stops short");
    cr_assert_eq(it, XL_SCA_MAX_ITER);
    cr_assert_eq(xl_p2_bisect(&p, ref, NULL), 0);
    for (int i = 0; i < 4; i++)
        cr_assert_eq(c[i], ref[i], "c[%d] is the bisection's", i);
    assert_feasible(&p, c, 1e-9);
    cr_assert_eq(xl_p2_sca(&p, XL_RHO_BALANCED, c, &it), 0, "balanced: converged");
    cr_assert(it <= 100, "%d sweeps", it);
    assert_feasible(&p, c, 1e-3); /* Λ^r < 1e-6: Σ m c within 1e-3 of N */
    for (int i = 0; i < 4; i++)
        cr_assert(fabs(c[i] - ref[i]) < 1e-4, "c[%d]: %g vs %g", i, c[i], ref[i]);
}

/* ~20 random instances (fixed streams): K in 2..6, m in 1..30, μ in [0.5, 5], α in [1.2, 4],
 * waits in [0, 10], γ in [0, 0.05], ξ in [2, 20], N between Σ m and ξ Σ m. ADMM with eq. 24's
 * bound (up to 22 494 sweeps here), and balanced from the paper's ρ (at most 97). */
Test(xulau, p2_random_admm_vs_kkt)
{
    for (int n = 0; n < 20; n++) {
        rng_t r;
        rng_stream(&r, 2017, (uint64_t)n, RNG_CHECK);
        struct xl_p2_job jobs[6];
        int K = 2 + (int)(rng_uniform(&r) * 5);
        double sm = 0;
        for (int i = 0; i < K; i++) {
            jobs[i].m = 1 + (int)(rng_uniform(&r) * 30);
            jobs[i].mu = 0.5 + 4.5 * rng_uniform(&r);
            jobs[i].alpha = 1.2 + 2.8 * rng_uniform(&r);
            jobs[i].wait = 10 * rng_uniform(&r);
            sm += jobs[i].m;
        }
        double xi = 2 + 18 * rng_uniform(&r);
        struct xl_p2 p = {K, jobs, sm * (1 + (xi - 1) * rng_uniform(&r)),
                          0.05 * rng_uniform(&r), xi};
        double ck[6], ca[6];
        int it;
        cr_assert_eq(xl_p2_bisect(&p, ck, NULL), 0);
        assert_feasible(&p, ck, 1e-9);
        int rc = xl_p2_admm(&p, xl_p2_rho_bound(&p), XL_RHO_FIXED, 2000000, 1e-14, ca, &it);
        cr_assert_eq(rc, 0, "instance %d: %d sweeps", n, it);
        assert_feasible(&p, ca, 1e-6);
        assert_agree(&p, ca, ck);
        rc = xl_p2_admm(&p, xl_p2_rho(&p), XL_RHO_BALANCED, 1000, 1e-14, ca, &it);
        cr_assert_eq(rc, 0, "instance %d, balanced: %d sweeps", n, it);
        assert_feasible(&p, ca, 1e-6);
        assert_agree(&p, ca, ck);
    }
}

/* K = 2: no point of a 0.01 grid over [1, ξ]² that fits in N beats the KKT optimum. */
Test(xulau, p2_beats_grid)
{
    const struct xl_p2_job jobs[] = {{8, 2.0, 1.6, 1.0}, {15, 1.0, 2.5, 0.0}};
    struct xl_p2 p = {2, jobs, 80, 0.002, 6};
    double c[2], best = INFINITY;
    cr_assert_eq(xl_p2_bisect(&p, c, NULL), 0);
    double opt = xl_p2_objective(&p, c);
    for (double x = 1; x <= 6; x += 0.01)
        for (double y = 1; y <= 6; y += 0.01) {
            double g[2] = {x, y};
            if (total(&p, g) <= 80)
                best = fmin(best, xl_p2_objective(&p, g));
        }
    cr_assert(opt <= best + 1e-12, "optimum %.12g, grid %.12g", opt, best);
    cr_assert(best - opt < 1e-3, "the grid comes close: %.12g vs %.12g", best, opt);
    cr_assert_float_eq(total(&p, c), 80, 1e-9); /* binds here */
}

Test(xulau, p2_bad_input)
{
    struct xl_p2 p = {4, fig1_jobs, 44, 0.01, 20}; /* Σ m = 45 > N */
    double c[4];
    int it;
    cr_assert_eq(xl_p2_bisect(&p, c, NULL), -1);
    cr_assert_eq(xl_p2_admm(&p, 1e-3, XL_RHO_FIXED, 10, 1e-9, c, &it), -1);
    p.N = 45; /* exactly room for one copy each: c = 1 */
    cr_assert_eq(xl_p2_bisect(&p, c, NULL), 0);
    for (int i = 0; i < 4; i++)
        cr_assert_float_eq(c[i], 1.0, 1e-12);
    cr_assert_eq(xl_p2_admm(&p, 1e-3, XL_RHO_FIXED, 3, 1e-30, c, &it), 1, "max_iter reached");
    cr_assert_eq(it, 3);
}

/* ------------------------------------------------------------------ ESE */

/* Values of an independent Python evaluation of §6.2.2 (Simpson on the inner and outer
 * integrals, itself checked against Monte Carlo of the policy at α = 3, 4). */
Test(xulau, ese_by_independent_quadrature)
{
    REL_EQ(xl_ese_cost(2, 1.7), 0.95397698, 2e-7, "%.10g", xl_ese_cost(2, 1.7));
    REL_EQ(xl_ese_cost(3, 2.0), 0.99032922, 2e-7, "%.10g", xl_ese_cost(3, 2.0));
    REL_EQ(xl_ese_cost(1.5, 1.0), 0.87857551, 2e-7, "%.10g", xl_ese_cost(1.5, 1.0));
    REL_EQ(xl_ese_cost(2, 0.3), 1.21777777, 2e-7, "%.10g", xl_ese_cost(2, 0.3));
    /* α = 4, σ = 1/2: s = 2/3 < 1, L = 1 and the closed form is rational: 55/42 */
    REL_EQ(xl_ese_cost(4, 0.5), 55.0 / 42, 1e-13, "%.15g", xl_ese_cost(4, 0.5));
}

Test(xulau, ese_limits_and_continuity)
{
    /* σ → ∞: no copy, E[R] = E[X] */
    REL_EQ(xl_ese_cost(2.5, 1e6), 1.0, 1e-9, "%.12g", xl_ese_cost(2.5, 1e6));
    /* continuous in α through the log case α = 2 and in σ through s = 1 */
    cr_assert(fabs(xl_ese_cost(2 + 1e-7, 1.7) - xl_ese_cost(2, 1.7)) < 1e-6);
    double s1 = 1 / 2.0; /* α = 2: E[X] = 2, s = 1 */
    cr_assert(fabs(xl_ese_cost(2, s1 + 1e-9) - xl_ese_cost(2, s1 - 1e-9)) < 1e-7);
}

Test(xulau, ese_closed_form_vs_quadrature)
{
    const double alphas[] = {1.5, 2, 3}, sigmas[] = {0.3, 1.0, 1.7, 4.0};
    for (int a = 0; a < 3; a++)
        for (int s = 0; s < 4; s++) {
            struct dist d = {DIST_PARETO, 3.0, alphas[a]}; /* scale-free: μ = 3 */
            double q = xl_ese_cost_dist(&d, sigmas[s]), cf = xl_ese_cost(alphas[a], sigmas[s]);
            REL_EQ(q, cf, 1e-7, "α %g σ %g: %.12g vs %.12g", alphas[a], sigmas[s], q, cf);
        }
}

/* dE[R]/ds = (s − 2E[min(s, T2)]) E[1/T; T > s] for s = σE[X] (differentiate §6.2.2 under
 * the integrals), so the optimum is where s = 2E[min(s, T2)] = 2(α − s^{1−α})/(α − 1) for
 * Pareto(1, α) with s > 1: 1 + 1/√2 at α = 2 (s² − 4s + 2 = 0), 4/3 at α = 1.5 (s = 4). */
static double sigma_by_root(double a)
{
    double lo = 1, hi = 2 * a / (a - 1); /* s − 2g(s) < 0 at 1, > 0 at 2α/(α − 1) */
    for (int i = 0; i < 200; i++) {
        double s = 0.5 * (lo + hi);
        if (s - 2 * (a - pow(s, 1 - a)) / (a - 1) < 0)
            lo = s;
        else
            hi = s;
    }
    return 0.5 * (lo + hi) * (a - 1) / a;
}

/* Fig. 2: for α = 2 the minimum is below E[X]; σ_opt increases with α. */
Test(xulau, ese_sigma_opt)
{
    REL_EQ(xl_ese_sigma_opt(2), 1 + sqrt(0.5), 1e-6, "%.12g", xl_ese_sigma_opt(2));
    REL_EQ(xl_ese_sigma_opt(1.5), 4.0 / 3, 1e-6, "%.12g", xl_ese_sigma_opt(1.5));
    REL_EQ(xl_ese_cost(1.5, 4.0 / 3), 0.875, 1e-13, "%.15g", xl_ese_cost(1.5, 4.0 / 3));
    for (double a = 1.2; a < 12; a *= 1.4)
        REL_EQ(xl_ese_sigma_opt(a), sigma_by_root(a), 1e-6, "α %g", a);

    double prev = 0;
    const double alphas[] = {1.5, 2, 3, 4};
    for (int a = 0; a < 4; a++) {
        double s = xl_ese_sigma_opt(alphas[a]);
        double v = xl_ese_cost(alphas[a], s);
        cr_assert(s > prev, "σ_opt increasing: α %g σ %g", alphas[a], s);
        prev = s;
        cr_assert(v <= xl_ese_cost(alphas[a], s * 1.01) && v <= xl_ese_cost(alphas[a], s / 1.01));
    }
    cr_assert(xl_ese_cost(2, xl_ese_sigma_opt(2)) < 1.0);
}

Test(xulau, th2_condition)
{
    struct dist p19 = {DIST_PARETO, 1.0, 1.9}, p21 = {DIST_PARETO, 1.0, 2.1};
    struct dist p2 = {DIST_PARETO, 4.0, 2.0}, ex = {DIST_EXPONENTIAL, 1.0, 0.0};
    cr_assert(!xl_th2_condition(&p19));
    cr_assert(xl_th2_condition(&p21));
    cr_assert(xl_th2_condition(&p2), "α = 2: equality");
    cr_assert(!xl_th2_condition(&ex), "exponential: ∫F̄² = θ/2 < 2θ/3");
    struct dist ln = {DIST_LOGNORMAL, 0.0, 1.5}; /* heavy enough: ∫F̄² by quadrature */
    double lhs = xl_min_mean_dist(&ln, 2), rhs = 2.0 / 3 * dist_mean(&ln);
    cr_assert_eq(xl_th2_condition(&ln), lhs >= rhs);
}

/* ------------------------------------------------------------------ seed 002 */

Test(xulau, srptms_speedup)
{
    cr_assert_float_eq(xl_srptms_speedup(2, 2), 1.5, 1e-15);
    cr_assert_float_eq(xl_srptms_speedup(3, 1), 1.0, 1e-15);
    for (double r = 1; r < 10; r += 0.5)
        REL_EQ(xl_srptms_speedup(1.7, r), xl_min_mean(1, 1.7, 1) / xl_min_mean(1, 1.7, r), 1e-14,
               "r = %g", r);
}

/* ------------------------------------------------------------------ the checks' sampling */

/* xlc_u52_bounds: draws below `below` fall short of t and draws from `above` reach it, checked
 * next to the bounds and on random integers (xulau.th2's rejection decides on them). */
Test(xulau, u52_bounds_split_the_draws)
{
    const struct dist ds[] = {{DIST_PARETO, 1, 2}, {DIST_PARETO, 1, 3}, {DIST_EXPONENTIAL, 1, 0},
                              {DIST_PARETO, 0.5, 0.7}, {DIST_LOGNORMAL, 0.3, 0.8}};
    const double ts[] = {4.414, 1.0000001, 2.7, 50, 3};
    rng_t r;
    rng_stream(&r, 5, 0, RNG_CHECK);
    for (size_t i = 0; i < sizeof ds / sizeof ds[0]; i++) {
        uint64_t below, above;
        xlc_u52_bounds(&ds[i], ts[i], &below, &above);
        cr_assert(0 < below && below <= above && above < (UINT64_C(1) << 52), "case %zu", i);
        cr_assert(above - below < (UINT64_C(1) << 32), "case %zu: band of %g", i,
                  (double)(above - below));
        for (uint64_t d = 1; d <= 64; d++) {
            cr_assert(dist_quantile(&ds[i], rng_u52_uniform(below - d)) < ts[i], "case %zu", i);
            cr_assert(dist_quantile(&ds[i], rng_u52_uniform(above + d - 1)) >= ts[i], "case %zu",
                      i);
        }
        for (int k = 0; k < 100000; k++) {
            uint64_t x = rng_u52(&r);
            double q = dist_quantile(&ds[i], rng_u52_uniform(x));
            if (x < below)
                cr_assert(q < ts[i], "case %zu: x = %llu", i, (unsigned long long)x);
            if (x >= above)
                cr_assert(q >= ts[i], "case %zu: x = %llu", i, (unsigned long long)x);
        }
    }
}

static void draw_two(rng_t *r, const void *arg, double *v)
{
    (void)arg;
    v[0] = rng_uniform(r);
    v[1] = v[0] * rng_uniform(r);
}

/* Sequential looks grow xulau.* samples by whole chunks: the parts add up to the one-shot
 * sums bit for bit, and the look sizes are n/16, n/4 and n rounded up to chunks. */
Test(xulau, sample_in_parts_is_the_sample)
{
    struct vd_context ctx = {.seed = 1, .threads = 2};
    const uint64_t n = 1000000;
    struct xlc_sums whole, parts;
    cr_assert_eq(xlc_sample(&ctx, 9, n, 2, draw_two, NULL, &whole), 0);
    memset(&parts, 0, sizeof parts);
    uint64_t done = 0;
    for (int look = 0; look < VD_LOOKS; look++) {
        uint64_t size = xlc_look_size(n, look);
        cr_assert(size > done || look == 0);
        cr_assert_eq(xlc_sample_more(&ctx, 9, n, done, size, 2, draw_two, NULL, &parts), 0);
        done = size;
    }
    cr_assert_eq(xlc_look_size(n, 0), 65536);
    cr_assert_eq(xlc_look_size(n, 1), 262144);
    cr_assert_eq(xlc_look_size(n, VD_LOOKS - 1), n);
    cr_assert_eq(xlc_look_size(1000, 0), 1000, "never above n");
    cr_assert_eq(parts.n, whole.n);
    for (int j = 0; j < 2; j++)
        cr_assert(parts.sum[j] == whole.sum[j] && parts.sum2[j] == whole.sum2[j], "value %d", j);
    cr_assert_eq(xlc_sample_more(&ctx, 9, n, 100, 65536, 2, draw_two, NULL, &parts), -1,
                 "a part must start on a chunk");
}

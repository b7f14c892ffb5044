/* Seed 000's closed forms and optimisers (analysis/xulau.c, xulau_p2.c) against hand-computed
 * values, limiting cases and independent computations of the same quantity: closed form vs
 * quadrature, ADMM vs the KKT bisection vs a grid, the cut-off root vs the printed formula vs
 * the quadratic solved by hand. */
#include <criterion/criterion.h>
#include <math.h>

#include "analysis/xulau.h"
#include "engine/rng.h"

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

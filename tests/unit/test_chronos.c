/* Seed 004's closed forms (models/theory/chronos.c) against hand-computed values, limiting cases and
 * each other. Their agreement with simulation is `specmc validate`'s job; these tests pin the
 * arithmetic of each formula as printed and as corrected. */
#include <criterion/criterion.h>
#include <math.h>

#include "models/theory/chronos.h"

static const struct ch_params base = {.N = 10, .tmin = 1.0, .beta = 1.5, .D = 3.0,
                                      .tau_est = 0.3, .tau_kill = 0.8};

Test(chronos, lemma1)
{
    cr_assert_float_eq(ch_lemma1(2, 1.0, 1.5), 1.5, 1e-15);    /* 3/(3-1) */
    cr_assert_float_eq(ch_lemma1(1, 2.0, 3.0), 3.0, 1e-15);    /* 2*3/2 */
    cr_assert(isinf(ch_lemma1(1, 1.0, 0.9)), "nβ <= 1: infinite mean");
}

Test(chronos, th1_th2_clone)
{
    /* (1/3)^{1.5*2} = 1/27 per task; (26/27)^10 */
    cr_assert_float_eq(ch_th1_pocd_clone(&base, 1), pow(26.0 / 27.0, 10), 1e-14);
    /* tau_kill 0.5: 10 (0.5 + 1 + 1/(3 - 1)) = 20, the machine time measured in the default run */
    struct ch_params p = base;
    p.tau_kill = 0.5;
    cr_assert_float_eq(ch_th2_cost_clone(&p, 1), 20.0, 1e-12);
    /* r = 0 is no cloning: N E[T] = 10 * 3 */
    cr_assert_float_eq(ch_th2_cost_clone(&p, 0), 30.0, 1e-12);
}

Test(chronos, th3_restart_pocd)
{
    struct ch_params p = base;
    p.N = 1;
    double fail = 1.0 / (pow(3.0, 1.5) * pow(2.7, 1.5));
    cr_assert_float_eq(ch_th3_pocd_restart(&p, 1), 1 - fail, 1e-14);
    /* r = 0: no extra attempt, only the original: 1 - (tmin/D)^β */
    cr_assert_float_eq(ch_th3_pocd_restart(&p, 0), 1 - pow(1 / 3.0, 1.5), 1e-14);
}

/* With r = 0 S-Restart launches nothing: a task's machine time is E[T] = tmin β/(β − 1).
 * Printed and corrected agree per task (β r ≠ 1 here) and differ by the factor N. */
Test(chronos, th4_reduces_to_no_speculation)
{
    cr_assert_float_eq(ch_th4_cost_restart(&base, 0), 3.0, 1e-8);
    cr_assert_float_eq(ch_th4_cost_restart_corrected(&base, 0), 30.0, 1e-7);
    double per_task = ch_th4_cost_restart(&base, 2);
    cr_assert_float_eq(ch_th4_cost_restart_corrected(&base, 2), 10 * per_task, 1e-9 * per_task);
}

/* At β r = 1 the printed eq. 18 divides by zero; the corrected form takes the log. It is
 * continuous there: compare with β r = 1 ± 1e-6. */
Test(chronos, th4_at_beta_r_one)
{
    struct ch_params p = base;
    p.beta = 1.0;
    cr_assert(!isfinite(ch_th4_cost_restart(&p, 1)), "printed: 0/0 at β r = 1");
    double at = ch_th4_cost_restart_corrected(&p, 1);
    double near = ch_th4_cost_restart_corrected(&p, 1 + 1e-6);
    cr_assert(isfinite(at) && fabs(at - near) < 1e-4 * at, "%g vs %g", at, near);
}

/* E[T | T <= D] against direct quadrature of t f(t) on [tmin, D] (midpoint rule). */
Test(chronos, mean_below_deadline_through_th4)
{
    /* th4 at r = 0: E = E[T|T<=D] P(T<=D) + (D β/(β−1)) P(T>D) = E[T] whatever D. */
    for (double D = 1.5; D < 20; D *= 2) {
        struct ch_params p = base;
        p.D = D;
        p.tau_est = 0.1;
        cr_assert_float_eq(ch_th4_cost_restart(&p, 0), 3.0, 1e-7, "D = %g", D);
    }
}

Test(chronos, th5_th6_resume)
{
    double phi = ch_phi_straggler(&base);
    cr_assert_float_eq(phi, 0.3 * 1.5 / (2.5 * 3.0), 1e-15);
    /* printed eq. 19 by hand, N = 10, r = 1 */
    double fail = pow(1 - phi, 3.0) * pow(1.0, 4.5) / (pow(3.0, 1.5) * pow(2.7, 3.0));
    cr_assert_float_eq(ch_th5_pocd_resume(&base, 1, phi), pow(1 - fail, 10), 1e-14);
    /* τ_est → 0: the straggler has made no progress, φ is 0 exactly, printed = corrected */
    struct ch_params p = base;
    p.tau_est = 1e-9;
    cr_assert_float_eq(ch_th5_pocd_resume_corrected(&p, 1), ch_th5_pocd_resume(&p, 1, 0), 1e-9);
    /* φ varies between stragglers: Jensen makes printed (mean φ) and exact differ */
    double printed = ch_th5_pocd_resume(&base, 1, phi), exact = ch_th5_pocd_resume_corrected(&base, 1);
    cr_assert(fabs(printed - exact) > 1e-6, "printed %.9f exact %.9f", printed, exact);
    /* th6 corrected at r = 0: a straggler costs τ + (1 − φ̄) E[T] */
    double pbig = pow(1 / 3.0, 1.5);
    double e_small = (3.0 - pbig * 3.0 * 1.5 / 0.5) / (1 - pbig); /* E[T|T<=D] from E[T] */
    double want = 10 * (e_small * (1 - pbig) + (0.3 + (1 - phi) * 3.0) * pbig);
    cr_assert_float_eq(ch_th6_cost_resume_corrected(&base, 0), want, 1e-9 * want);
    /* printed eq. 24 at r = 0: tmin (1 − φ)^β/(β − 1) + tmin instead of (1 − φ) tmin β/(β − 1) */
    double printed6 = e_small * (1 - pbig) + (0.3 + pow(1 - phi, 1.5) / 0.5 + 1.0) * pbig;
    cr_assert_float_eq(ch_th6_cost_resume(&base, 0, phi), printed6, 1e-9 * printed6);
}

/* Γ: the second difference of R(r) changes sign there (eqs. 29–31 are exact for where R'' = 0,
 * up to the continuous relaxation). */
static double second_diff(double (*R)(const struct ch_params *, double), const struct ch_params *p,
                          double r)
{
    const double h = 1e-3;
    return R(p, r + h) - 2 * R(p, r) + R(p, r - h);
}

Test(chronos, th8_gamma_is_the_inflection)
{
    struct ch_params p = base;
    p.N = 200; /* a job large enough for Γ > 0 */
    double g = ch_th8_gamma(CH_CLONE, &p, 0);
    cr_assert(g > 0.5, "Γ_clone = %g", g);
    cr_assert(second_diff(ch_th1_pocd_clone, &p, g - 0.05) > 0);
    cr_assert(second_diff(ch_th1_pocd_clone, &p, g + 0.05) < 0);
    double gr = ch_th8_gamma(CH_RESTART, &p, 0);
    cr_assert(second_diff(ch_th3_pocd_restart, &p, gr - 0.05) > 0, "Γ_restart = %g", gr);
    cr_assert(second_diff(ch_th3_pocd_restart, &p, gr + 0.05) < 0);
}

Test(chronos, th7_threshold_printed)
{
    double phi = ch_phi_straggler(&base), pb = 1 - phi, dbar = 2.7;
    double printed = (1.5 * log(pb) - log(dbar)) / (log(dbar) - log(pb * 3.0));
    cr_assert_float_eq(ch_th7_threshold(&base, phi), printed, 1e-14);
}

/* Per-task failures from the PoCD functions at N = 1: Clone (Theorem 1) and S-Resume with
 * each straggler's own progress (Theorem 5 corrected). */
static double fail_clone(struct ch_params p, double r)
{
    p.N = 1;
    return 1 - ch_th1_pocd_clone(&p, r);
}

static double fail_resume(struct ch_params p, double r)
{
    p.N = 1;
    return 1 - ch_th5_pocd_resume_corrected(&p, r);
}

/* At r* the two failures are equal; Clone fails less just above, more just below. */
Test(chronos, th7_threshold_is_the_crossing)
{
    static const struct ch_params points[] = {{10, 1.0, 1.5, 3.0, 1.5, 2.0},
                                              {10, 1.0, 2.5, 2.0, 0.85, 1.35},
                                              {10, 1.0, 1.5, 2.5, 1.45, 1.95}};
    for (size_t i = 0; i < sizeof points / sizeof points[0]; i++) {
        const struct ch_params p = points[i];
        double r = ch_th7_threshold_corrected(&p);
        cr_assert(isfinite(r) && r > 0, "r* = %g", r);
        double qc = fail_clone(p, r), qr = fail_resume(p, r);
        cr_assert(fabs(qc - qr) <= 1e-8 * qr, "at r* = %.10g: q_C %.12g, q_R %.12g", r, qc, qr);
        cr_assert(fail_clone(p, r + 0.01) < fail_resume(p, r + 0.01), "just above r* = %g", r);
        cr_assert(fail_clone(p, r - 0.01) > fail_resume(p, r - 0.01), "just below r* = %g", r);
    }
}

/* The threshold with φ a constant (the stragglers' mean progress) and eq. 70's β removed — the
 * rule used before Finding 3 was carried over to Theorem 7. */
static double threshold_constant_phi(const struct ch_params *p)
{
    double pb = 1 - ch_phi_straggler(p), dbar = p->D - p->tau_est;
    return (log(pb * p->tmin) - log(dbar)) / (log(dbar) - log(pb * p->D));
}

Test(chronos, th7_threshold_averages_the_progress)
{
    /* base point: 19.02 (docs/methods/validation.md, Finding 4), against 24.3 with φ a constant */
    double r = ch_th7_threshold_corrected(&base), c = threshold_constant_phi(&base);
    cr_assert(fabs(r - c) > 0.5, "r* %g, constant φ %g", r, c);
    cr_assert_float_eq(r, 19.0187, 1e-4);
    /* the audit's point: Clone better at r = 1 (r* = 0.882), constant φ says S-Resume (1.083) */
    struct ch_params p = {10, 1.0, 1.5, 2.5, 1.45, 1.95};
    cr_assert(ch_th7_threshold_corrected(&p) < 1 && threshold_constant_phi(&p) > 1);
}

Test(chronos, th7_threshold_no_crossing)
{
    /* the same job in another unit of time: the same r* */
    struct ch_params tenths = {10, 10.0, 1.5, 30.0, 3.0, 8.0};
    cr_assert_float_eq(ch_th7_threshold_corrected(&tenths), ch_th7_threshold_corrected(&base),
                       1e-8);
    /* r* grows like 1/τ_est: beyond CH_TH7_R_MAX, Clone is better at no r up to it */
    struct ch_params p = base;
    p.tau_est = 1e-3;
    double r = ch_th7_threshold_corrected(&p);
    cr_assert(r > 6000 && r < CH_TH7_R_MAX, "r* = %g", r);
    p.tau_est = 1e-4;
    cr_assert(isinf(ch_th7_threshold_corrected(&p)) && ch_th7_threshold_corrected(&p) > 0);
    /* outside the domain: no detection (τ_est = 0), or no attempt can meet D (D <= tmin) */
    p.tau_est = 0;
    cr_assert(isnan(ch_th7_threshold_corrected(&p)));
    p = base;
    p.D = 1.0;
    cr_assert(isnan(ch_th7_threshold_corrected(&p)));
}

/* Seed 004 Table I: Clone PoCD 0.722, cost 9373, utility −0.376; S-Restart 0.996, 11458,
 * −0.213; S-Resume 0.997, 9121, −0.189 — all reproduced by lg = log10, θ = 1e-5, R_min = 0.2. */
Test(chronos, utility_reproduces_table1)
{
    cr_assert_float_eq(ch_utility(0.722, 9373, 1e-5, 1, 0.2), -0.376, 0.001);
    cr_assert_float_eq(ch_utility(0.996, 11458, 1e-5, 1, 0.2), -0.213, 0.001);
    cr_assert_float_eq(ch_utility(0.997, 9121, 1e-5, 1, 0.2), -0.189, 0.001);
    cr_assert(isinf(ch_utility(0.2, 1, 1e-5, 1, 0.2)), "R <= R_min: -infinity");
}

/* Algorithm 1 finds the brute-force optimum, for every strategy and both formula sets, over a
 * spread of trade-off factors. */
Test(chronos, alg1_matches_brute_force)
{
    for (int s = CH_CLONE; s <= CH_RESUME; s++)
        for (int corrected = 0; corrected <= 1; corrected++)
            for (double theta = 1e-4; theta <= 1.0; theta *= 10) {
                struct ch_objective o = {(enum ch_strategy)s, base, theta, 1.0, 0.2, corrected};
                int a = ch_alg1(&o, 60), b = ch_brute_force(&o, 60);
                cr_assert_eq(a, b, "strategy %d corrected %d theta %g: alg1 %d brute %d", s,
                             corrected, theta, a, b);
            }
}

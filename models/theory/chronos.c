/* chronos — seed 004's closed forms, as printed and corrected (see chronos.h and
 * docs/methods/validation.md). Integrals by GSL's QAGIU, Theorem 7(3)'s corrected threshold by GSL's
 * Brent; everything else in closed form. */
#include "models/theory/chronos.h"

#include <math.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_roots.h>

/* ------------------------------------------------------------------ building blocks */

/* P(T > x) for T ~ Pareto(tmin, β). */
static double tail(double tmin, double beta, double x)
{
    return x <= tmin ? 1.0 : pow(tmin / x, beta);
}

/* E[T | T <= D] as printed in eqs. 18/22/44: tmin D β (tmin^{β−1} − D^{β−1}) /
 * ((1 − β)(D^β − tmin^β)); its limit tmin D ln(D/tmin)/(D − tmin) at β = 1. 0 if D <= tmin
 * (then P(T <= D) = 0 and the term vanishes). */
static double mean_below(double tmin, double beta, double D)
{
    if (D <= tmin)
        return 0.0;
    if (fabs(beta - 1.0) < 1e-12)
        return tmin * D * log(D / tmin) / (D - tmin);
    return tmin * D * beta * (pow(tmin, beta - 1) - pow(D, beta - 1)) /
           ((1 - beta) * (pow(D, beta) - pow(tmin, beta)));
}

/* ∫_lo^hi (tmin/ω)^a dω for tmin <= lo <= hi, including a = 1 (the printed eq. 18 divides by
 * a − 1 there). */
static double power_integral(double tmin, double a, double lo, double hi)
{
    if (hi <= lo)
        return 0.0;
    if (fabs(a - 1.0) < 1e-12)
        return tmin * log(hi / lo);
    return pow(tmin, a) * (pow(hi, 1 - a) - pow(lo, 1 - a)) / (1 - a);
}

struct integrand {
    const struct ch_params *p;
    double r;
    double scale; /* resume_failure: miss probabilities are divided by it (1: none) */
};

/* eq. 18's last integrand: (D/(ω + τ_est))^β (tmin/ω)^{βr}. */
static double restart_tail(double w, void *ctx)
{
    const struct integrand *in = ctx;
    const struct ch_params *p = in->p;
    return pow(p->D / (w + p->tau_est), p->beta) * pow(p->tmin / w, p->beta * in->r);
}

/* Task failure of S-Resume with the straggler's own progress: the density of T1 times the
 * probability that all r + 1 resumed attempts miss D, each miss probability divided by
 * in->scale (so that a large r does not underflow; resume_log_failure). */
static double resume_failure(double t, void *ctx)
{
    const struct integrand *in = ctx;
    const struct ch_params *p = in->p;
    double f = p->beta * pow(p->tmin, p->beta) * pow(t, -p->beta - 1);
    double miss = tail((1 - p->tau_est / t) * p->tmin, p->beta, p->D - p->tau_est);
    return f * pow(miss / in->scale, in->r + 1);
}

/* ∫_lo^∞ g. NAN if GSL cannot reach the tolerance (specmc turns GSL's abort-on-error handler
 * off at start-up, in main.c, so a hard integral is reported, not fatal). */
static double integrate_to_infinity(double (*g)(double, void *), struct integrand *in, double lo)
{
    enum { LIMIT = 1000 };
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(LIMIT);
    gsl_function f = {g, in};
    double result = NAN, err;
    int rc = w ? gsl_integration_qagiu(&f, lo, 0.0, 1e-10, LIMIT, w, &result, &err) : -1;
    gsl_integration_workspace_free(w);
    return rc == 0 ? result : NAN;
}

/* ------------------------------------------------------------------ Lemma 1, Theorems 1–2 */

double ch_lemma1(int n, double tmin, double beta)
{
    double nb = n * beta;
    return nb > 1 ? tmin * nb / (nb - 1) : INFINITY;
}

double ch_th1_pocd_clone(const struct ch_params *p, double r)
{
    return pow(1 - pow(p->tmin / p->D, p->beta * (r + 1)), p->N);
}

double ch_th2_cost_clone(const struct ch_params *p, double r)
{
    return p->N * (r * p->tau_kill + p->tmin + p->tmin / (p->beta * (r + 1) - 1));
}

/* ------------------------------------------------------------------ Theorems 3–4 */

double ch_th3_pocd_restart(const struct ch_params *p, double r)
{
    double b = p->beta;
    return pow(1 - pow(p->tmin, b * (r + 1)) / (pow(p->D, b) * pow(p->D - p->tau_est, b * r)),
               p->N);
}

/* E(T_j | T_j,1 > D) of eq. 18: τ_est + r(τ_kill − τ_est) + E(W_all) with E(W_all) from eq. 53.
 * `printed` keeps eq. 53's closed form of ∫_tmin^{D−τ} (tmin/ω)^{βr} dω, which divides by
 * βr − 1; otherwise the integral is evaluated directly (also at βr = 1). */
static double restart_straggler_cost(const struct ch_params *p, double r, int printed)
{
    double a = p->beta * r, dbar = p->D - p->tau_est;
    double head = printed ? p->tmin / (a - 1) - pow(p->tmin, a) / ((a - 1) * pow(dbar, a - 1))
                          : power_integral(p->tmin, a, p->tmin, dbar);
    struct integrand in = {p, r, 1.0};
    return p->tau_est + r * (p->tau_kill - p->tau_est) + head +
           integrate_to_infinity(restart_tail, &in, dbar) + p->tmin;
}

static double restart_task_cost(const struct ch_params *p, double r, int printed)
{
    double pbig = tail(p->tmin, p->beta, p->D);
    return mean_below(p->tmin, p->beta, p->D) * (1 - pbig) +
           restart_straggler_cost(p, r, printed) * pbig;
}

double ch_th4_cost_restart(const struct ch_params *p, double r)
{
    return restart_task_cost(p, r, 1);
}

double ch_th4_cost_restart_corrected(const struct ch_params *p, double r)
{
    return p->N * restart_task_cost(p, r, 0);
}

/* ------------------------------------------------------------------ Theorems 5–6 */

double ch_phi_straggler(const struct ch_params *p)
{
    return p->tau_est * p->beta / ((p->beta + 1) * p->D);
}

double ch_th5_pocd_resume(const struct ch_params *p, double r, double phi)
{
    double b = p->beta;
    return pow(1 - pow(1 - phi, b * (r + 1)) * pow(p->tmin, b * (r + 2)) /
                       (pow(p->D, b) * pow(p->D - p->tau_est, b * (r + 1))),
               p->N);
}

double ch_th5_pocd_resume_corrected(const struct ch_params *p, double r)
{
    struct integrand in = {p, r, 1.0};
    return pow(1 - integrate_to_infinity(resume_failure, &in, p->D), p->N);
}

double ch_th6_cost_resume(const struct ch_params *p, double r, double phi)
{
    double pbig = tail(p->tmin, p->beta, p->D), n = p->beta * (r + 1);
    double straggler = p->tau_est + r * (p->tau_kill - p->tau_est) +
                       p->tmin * pow(1 - phi, n) / (n - 1) + p->tmin;
    return mean_below(p->tmin, p->beta, p->D) * (1 - pbig) + straggler * pbig;
}

/* The minimum of r + 1 resumed attempts, each (1 − φ) T with T ~ Pareto(tmin, β), has mean
 * (1 − φ) ch_lemma1(r + 1); φ = τ_est/T1 is independent of the new draws, so averaging over
 * stragglers gives (1 − φ̄) ch_lemma1(r + 1) exactly. */
double ch_th6_cost_resume_corrected(const struct ch_params *p, double r)
{
    double pbig = tail(p->tmin, p->beta, p->D), n = p->beta * (r + 1);
    double straggler = p->tau_est + r * (p->tau_kill - p->tau_est) +
                       (1 - ch_phi_straggler(p)) * p->tmin * n / (n - 1);
    return p->N * (mean_below(p->tmin, p->beta, p->D) * (1 - pbig) + straggler * pbig);
}

/* ------------------------------------------------------------------ Theorems 7–8 */

double ch_th8_gamma(enum ch_strategy s, const struct ch_params *p, double phi)
{
    double b = p->beta, N = p->N, dbar = p->D - p->tau_est;
    double rhs = log(pow(p->D, b) / (N * pow(p->tmin, b))); /* ln(D^β / (N tmin^β)) */
    switch (s) {
    case CH_CLONE: /* −β^{-1} log_{tmin/D} N − 1 */
        return -log(N) / (b * log(p->tmin / p->D)) - 1;
    case CH_RESTART: /* β^{-1} log_{tmin/(D−τ)} (D^β/(N tmin^β)) */
        return rhs / (b * log(p->tmin / dbar));
    case CH_RESUME: /* β^{-1} log_{(1−φ) tmin/(D−τ)} (D^β/(N tmin^β)) − 1 */
        return rhs / (b * log((1 - phi) * p->tmin / dbar)) - 1;
    }
    return NAN;
}

double ch_th7_threshold(const struct ch_params *p, double phi)
{
    double pb = 1 - phi, dbar = p->D - p->tau_est;
    return (p->beta * log(pb * p->tmin) - log(dbar)) / (log(dbar) - log(pb * p->D));
}

/* ln q_R(r), S-Resume's per-task failure (the integral of ch_th5_pocd_resume_corrected), as
 * (r + 1) ln m + ln ∫_D^∞ f(t) (miss(t)/m)^{r+1} dt with m = sup miss = P((1 − φ)T > D − τ_est)
 * at φ → 0, so that the integrand stays of order one however large r is. */
static double resume_log_failure(const struct ch_params *p, double r)
{
    double m = tail(p->tmin, p->beta, p->D - p->tau_est);
    struct integrand in = {p, r, m};
    return (r + 1) * log(m) + log(integrate_to_infinity(resume_failure, &in, p->D));
}

/* g(r) = ln q_C(r) − ln q_R(r), with q_C = (tmin/D)^{β(r+1)} (Theorem 1, eq. 4). */
static double th7_gap(double r, void *ctx)
{
    const struct ch_params *p = ctx;
    return (r + 1) * p->beta * log(p->tmin / p->D) - resume_log_failure(p, r);
}

/* g decreases strictly and g(0) > 0 (chronos.h), so r* is its one root: bracketed by doubling
 * from r = 1 up to CH_TH7_R_MAX, then found by Brent to 1e-10. */
double ch_th7_threshold_corrected(const struct ch_params *p)
{
    if (!(p->D > p->tmin && p->tau_est > 0 && p->tau_est < p->D && p->tmin > 0 && p->beta > 0))
        return NAN;
    struct ch_params q = *p;
    double g0 = th7_gap(0, &q);
    if (!(g0 > 0))
        return isnan(g0) ? NAN : 0.0; /* only by rounding: g(0) > 0 in the domain */
    double lo = 0, hi = 1, g;
    for (;;) {
        g = th7_gap(hi, &q);
        if (!isfinite(g))
            return NAN;
        if (g <= 0)
            break;
        if (hi >= CH_TH7_R_MAX)
            return INFINITY;
        lo = hi;
        hi = fmin(2 * hi, CH_TH7_R_MAX);
    }
    if (g == 0)
        return hi;
    gsl_function f = {th7_gap, &q};
    gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
    double root = NAN;
    if (s && gsl_root_fsolver_set(s, &f, lo, hi) == GSL_SUCCESS) {
        for (int it = 0; it < 200; it++) {
            if (gsl_root_fsolver_iterate(s) != GSL_SUCCESS)
                break;
            root = gsl_root_fsolver_root(s);
            lo = gsl_root_fsolver_x_lower(s);
            hi = gsl_root_fsolver_x_upper(s);
            if (gsl_root_test_interval(lo, hi, 1e-10, 0.0) == GSL_SUCCESS)
                break;
        }
    }
    gsl_root_fsolver_free(s);
    return root;
}

/* ------------------------------------------------------------------ utility, Algorithm 1 */

double ch_utility(double pocd, double cost, double theta, double price, double rmin)
{
    if (!(pocd > rmin))
        return -INFINITY;
    return log10(pocd - rmin) - theta * price * cost;
}

double ch_objective_pocd(const struct ch_objective *o, double r)
{
    switch (o->strategy) {
    case CH_CLONE:
        return ch_th1_pocd_clone(&o->p, r);
    case CH_RESTART:
        return ch_th3_pocd_restart(&o->p, r);
    case CH_RESUME:
        return o->corrected ? ch_th5_pocd_resume_corrected(&o->p, r)
                            : ch_th5_pocd_resume(&o->p, r, ch_phi_straggler(&o->p));
    }
    return NAN;
}

double ch_objective_cost(const struct ch_objective *o, double r)
{
    switch (o->strategy) {
    case CH_CLONE:
        return ch_th2_cost_clone(&o->p, r);
    case CH_RESTART:
        return o->corrected ? ch_th4_cost_restart_corrected(&o->p, r)
                            : ch_th4_cost_restart(&o->p, r);
    case CH_RESUME:
        return o->corrected ? ch_th6_cost_resume_corrected(&o->p, r)
                            : ch_th6_cost_resume(&o->p, r, ch_phi_straggler(&o->p));
    }
    return NAN;
}

double ch_objective_utility(const struct ch_objective *o, double r)
{
    return ch_utility(ch_objective_pocd(o, r), ch_objective_cost(o, r), o->theta, o->price,
                      o->rmin);
}

int ch_brute_force(const struct ch_objective *o, int r_max)
{
    int best = 0;
    double best_u = ch_objective_utility(o, 0);
    for (int r = 1; r <= r_max; r++) {
        double u = ch_objective_utility(o, r);
        if (u > best_u) {
            best_u = u;
            best = r;
        }
    }
    return best;
}

/* dU/dr by central differences (forward at the lower bound). */
static double gradient(const struct ch_objective *o, double r, double lo)
{
    const double h = 1e-5;
    if (r - h < lo)
        return (ch_objective_utility(o, r + h) - ch_objective_utility(o, r)) / h;
    return (ch_objective_utility(o, r + h) - ch_objective_utility(o, r - h)) / (2 * h);
}

int ch_alg1(const struct ch_objective *o, int r_max)
{
    const double eta = 1e-9, alpha = 0.3, xi = 0.5; /* accuracy knobs of Algorithm 1 */
    double gamma = ch_th8_gamma(o->strategy, &o->p,
                                o->strategy == CH_RESUME ? ch_phi_straggler(&o->p) : 0.0);
    int r0 = isfinite(gamma) && gamma > 0 ? (int)ceil(gamma) : 0;
    if (r0 > r_max)
        r0 = r_max;

    /* Phase 1: gradient ascent over real r >= r0, where U is concave. */
    double r = r0;
    while (r < r_max && !isfinite(ch_objective_utility(o, r)))
        r += 1; /* below R_min: move to the first feasible r */
    for (int it = 0; it < 1000 && isfinite(ch_objective_utility(o, r)); it++) {
        double g = gradient(o, r, r0);
        if (!isfinite(g) || fabs(g) <= eta)
            break;
        /* The first trial moves r by 1, the natural scale of an integer variable (the paper
         * starts from ε = 1 on ∇U, which stalls where U is flat: 1e-6 per unit of r). */
        double u = ch_objective_utility(o, r), eps = 1.0 / fabs(g), next;
        for (;;) { /* Armijo backtracking, for an increase */
            next = fmin(r_max, fmax(r0, r + eps * g));
            if (ch_objective_utility(o, next) >= u + alpha * eps * g * g || eps < 1e-12)
                break;
            eps *= xi;
        }
        if (fabs(next - r) < 1e-9)
            break;
        r = next;
    }
    int lo = (int)floor(r), hi = (int)ceil(r), best = lo;
    if (ch_objective_utility(o, hi) > ch_objective_utility(o, lo))
        best = hi;

    /* Phase 2: every integer below the concave region. */
    double best_u = ch_objective_utility(o, best);
    for (int k = 0; k < r0; k++) {
        double u = ch_objective_utility(o, k);
        if (u > best_u) {
            best_u = u;
            best = k;
        }
    }
    return best;
}

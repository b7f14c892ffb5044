/* xulau — seed 000's order statistics, cut-off load and ESE cost (see xulau.h); P2 and its
 * solvers are in xulau_p2.c. Closed forms where they exist, GSL quadrature for the
 * general-distribution versions, GSL Brent for the roots and the minimum. */
#include "models/theory/xulau.h"

#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_min.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_sf_exp.h>
#include <gsl/gsl_sf_gamma.h>

/* ------------------------------------------------------------------ quadrature */

enum { QUAD_LIMIT = 1000 };

/* P(T > x), the complement of dist_cdf computed directly so that tails keep their relative
 * accuracy (1 − F loses it once F̄ < 1e-10 or so, and the tails of max/min integrands are
 * powers of F̄). */
static double survival(const struct dist *d, double x)
{
    switch (d->kind) {
    case DIST_PARETO:
        if (d->c > 0) /* truncated: ((a/x)^b − (a/c)^b) / (1 − (a/c)^b), 0 from c on */
            return x < d->a ? 1.0 : x >= d->c ? 0.0
                   : (pow(d->a / x, d->b) - pow(d->a / d->c, d->b)) / -expm1(d->b * log(d->a / d->c));
        return x < d->a ? 1.0 : pow(d->a / x, d->b);
    case DIST_EXPONENTIAL:
        return x <= 0.0 ? 1.0 : exp(-x / d->a);
    case DIST_LOGNORMAL:
        return x <= 0.0 ? 1.0 : gsl_cdf_ugaussian_Q((log(x) - d->a) / d->b);
    default:
        return 1.0 - dist_cdf(d, x);
    }
}

/* The points where F̄ has a kink or a jump (the ends of the support), up to 2; none for NULL. */
static int kinks(const struct dist *d, double *pt)
{
    if (d == NULL)
        return 0;
    switch (d->kind) {
    case DIST_PARETO:
        if (d->c > 0) { /* truncated: both ends */
            pt[0] = d->a;
            pt[1] = d->c;
            return 2;
        }
        pt[0] = d->a;
        return 1;
    case DIST_DETERMINISTIC:
        pt[0] = d->a;
        return 1;
    case DIST_UNIFORM:
        pt[0] = d->a;
        pt[1] = d->b;
        return 2;
    default:
        return 0;
    }
}

/* ∫_lo^hi g by QAGP, with d's kinks inside (lo, hi) as break points (none if d is NULL), to
 * relative accuracy rel or, failing that, 1000 rel. NAN if GSL fails both. */
static double integrate(gsl_function *g, const struct dist *d, double lo, double hi, double rel)
{
    if (!(hi > lo))
        return 0.0;
    double pts[4], k[2];
    int n = 0, nk = kinks(d, k);
    pts[n++] = lo;
    for (int i = 0; i < nk; i++)
        if (k[i] > lo && k[i] < hi && k[i] > pts[n - 1])
            pts[n++] = k[i];
    pts[n++] = hi;
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(QUAD_LIMIT);
    double result = NAN, err;
    int rc = -1;
    for (int t = 0; w && rc != 0 && t < 2; t++, rel *= 1e3) /* retry once, looser */
        rc = gsl_integration_qagp(g, pts, (size_t)n, 0.0, rel, QUAD_LIMIT, w, &result, &err);
    gsl_integration_workspace_free(w);
    return rc == 0 ? result : NAN;
}

/* ∫_lo^∞ g by QAGIU, with the same retry. */
static double integrate_up(gsl_function *g, double lo, double rel)
{
    gsl_integration_workspace *w = gsl_integration_workspace_alloc(QUAD_LIMIT);
    double result = NAN, err;
    int rc = -1;
    for (int t = 0; w && rc != 0 && t < 2; t++, rel *= 1e3) /* retry once, looser */
        rc = gsl_integration_qagiu(g, lo, 0.0, rel, QUAD_LIMIT, w, &result, &err);
    gsl_integration_workspace_free(w);
    return rc == 0 ? result : NAN;
}

/* ------------------------------------------------------------------ order statistics */

double xl_min_mean(double mu, double alpha, double c)
{
    double a = c * alpha;
    return a > 1 ? mu * a / (a - 1) : INFINITY;
}

/* E[max of m i.i.d. Pareto(μ, a)] = ∫ 1 − (1 − (μ/x)^a)^m = μ m B(m, 1 − 1/a) (substitute
 * u = 1 − (μ/x)^a), = μ Γ(m+1) Γ(1 − 1/a)/Γ(m + 1 − 1/a). */
double xl_max_mean(double mu, double alpha, double c, double m)
{
    double a = c * alpha;
    if (!(a > 1))
        return INFINITY;
    double b = 1.0 / a;
    return mu * exp(gsl_sf_lngamma(m + 1) + gsl_sf_lngamma(1 - b) - gsl_sf_lngamma(m + 1 - b));
}

struct max_ctx {
    const struct dist *d;
    double c, m;
};

/* 1 − Ω(x) of eq. 18, as −expm1(m log1p(−F̄^c)) (exact in both tails). */
static double max_tail(double x, void *p)
{
    const struct max_ctx *in = p;
    double s = pow(survival(in->d, x), in->c);
    return s >= 1.0 ? 1.0 : -expm1(in->m * log1p(-s));
}

/* The quantile of D = max of m minima of c: Ω(x) = u ⟺ F̄(x) = (1 − u^{1/m})^{1/c}. */
static double max_quantile(const struct max_ctx *in, double u)
{
    double tail = pow(-expm1(log(u) / in->m), 1.0 / in->c);
    return dist_quantile(in->d, 1.0 - tail);
}

/* Eq. 19: QAGP on [0, D's 99th percentile] (break points at D's median and F's kinks),
 * QAGIU above. */
double xl_max_mean_dist(const struct dist *d, double c, double m)
{
    struct max_ctx in = {d, c, m};
    gsl_function g = {max_tail, &in};
    double med = max_quantile(&in, 0.5), hi = max_quantile(&in, 0.99);
    if (!(med < INFINITY && hi < INFINITY)) /* 1 − tail rounded to 1: no break points */
        med = hi = 0.0;
    double pk[2];
    int nk = kinks(d, pk);
    for (int i = 0; i < nk; i++)
        if (pk[i] > hi)
            hi = pk[i]; /* a bounded support: F̄ = 0 above its upper end */
    double head = integrate(&g, d, 0.0, med, 1e-12) + integrate(&g, d, med, hi, 1e-12);
    return head + integrate_up(&g, hi, 1e-10);
}

double xl_min_mean_dist(const struct dist *d, double c)
{
    return xl_max_mean_dist(d, c, 1.0);
}

/* ------------------------------------------------------------------ cut-off load */

int xl_cutoff_aggregate(int n, const int *m, const double *mu, struct xl_aggregate *out)
{
    double sm = 0, smu = 0, smu2 = 0;
    for (int i = 0; i < n; i++) {
        sm += m[i];
        smu += m[i] * mu[i];
        smu2 += m[i] * mu[i] * mu[i];
    }
    if (n < 1 || !(sm > 0))
        return -1;
    out->m_bar = sm / n;
    out->mu_bar = smu / sm;
    out->k = (smu2 / sm) / (out->mu_bar * out->mu_bar);
    return 0;
}

/* The P-K moments of §4.3 with μ̄ = 1 (λ_t* scales as 1/μ̄). */
struct pk {
    double es, es2;   /* E[S], E[S²]: Pareto(μ_i, α) mixture */
    double esc, esc2; /* E[S_c], E[S_c²]: Pareto(μ_i, 2α) mixture */
};

static double pk_gap(double lt, void *p) /* W_c − W, eqs. 8 and 7 */
{
    const struct pk *k = p;
    double wc = lt * k->esc2 / (1 - 2 * lt * k->esc) + k->esc;
    double w = lt * k->es2 / (2 * (1 - lt * k->es)) + k->es;
    return wc - w;
}

/* The root of W_c = W in (0, 1/(2E[S_c])) for μ̄ = 1, α > 2. For α > 2, 1/(2E[S_c]) <
 * 1/E[S] (4(α − 1) > 2α − 1), so W is finite where W_c has its pole. */
static double lambda_t_root(double alpha, double k)
{
    struct pk m = {alpha / (alpha - 1), k * alpha / (alpha - 2), 2 * alpha / (2 * alpha - 1),
                   k * alpha / (alpha - 1)};
    gsl_function f = {pk_gap, &m};
    double hi = 1 / (2 * m.esc);
    hi -= hi * 1e-12;
    if (!(pk_gap(0.0, &m) < 0 && pk_gap(hi, &m) > 0))
        return NAN; /* no bracket (GSL would call its error handler) */
    gsl_root_fsolver *s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
    if (!s || gsl_root_fsolver_set(s, &f, 0.0, hi) != GSL_SUCCESS) {
        gsl_root_fsolver_free(s);
        return NAN;
    }
    double lo = 0.0;
    for (int it = 0; it < 200; it++) {
        if (gsl_root_fsolver_iterate(s) != GSL_SUCCESS)
            break;
        lo = gsl_root_fsolver_x_lower(s);
        hi = gsl_root_fsolver_x_upper(s);
        if (gsl_root_test_interval(lo, hi, 0.0, 1e-15) == GSL_SUCCESS)
            break;
    }
    double root = gsl_root_fsolver_root(s);
    gsl_root_fsolver_free(s);
    return root;
}

int xl_cutoff(double alpha, double mu_bar, double k, double m_bar, double M,
              struct xl_cutoff *out)
{
    if (!(alpha > 1) || !(mu_bar > 0) || !(k > 0) || !(m_bar > 0) || !(M > 0))
        return -1;
    out->lambda1 = M * (2 * alpha - 1) / (4 * alpha * mu_bar * m_bar);
    out->lambda_t_star = alpha > 2 ? lambda_t_root(alpha, k) / mu_bar : INFINITY;
    out->lambda2 = out->lambda_t_star * M / m_bar;
    out->lambda_u = fmin(out->lambda1, out->lambda2);
    return 0;
}

double xl_cutoff_lambda_t_printed(double alpha, double mu_bar, double k)
{
    if (!(alpha > 2))
        return NAN;
    double al = alpha, k2 = 2 * al - 1;
    double a = k * (al * al - 4 * al + 3) * k2 * k2 / al + 12 * al * al - 34 * al + 20;
    double disc = a * a + 16 * k2 * (al * al - 3 * al + 2) * (2 * k * al - 4 * al + 8 - k);
    return (-a + sqrt(disc)) / ((8 * k * al - 16 * al + 32 - 4 * k) * al * mu_bar);
}

double xl_cutoff_machines(double lambda, double alpha, double mu_bar, double k, double m_bar)
{
    struct xl_cutoff cut;
    if (xl_cutoff(alpha, mu_bar, k, m_bar, 1.0, &cut) != 0 || !(lambda >= 0))
        return NAN;
    double m1 = 4 * alpha * lambda * mu_bar * m_bar / (2 * alpha - 1);
    return fmax(m1, lambda * m_bar / cut.lambda_t_star); /* λ_t* = ∞: the second term is 0 */
}

/* ------------------------------------------------------------------ ESE, Pareto(1, α) */

/* G(u) = ∫_0^u E[min(v, T2)] dv for T2 ~ Pareto(1, α): E[min(v, T2)] = ∫_0^v F̄ = v for
 * v <= 1, 1 + (1 − v^{1−α})/(α − 1) above, so G(u) = u²/2 for u <= 1 and
 * G(u) = 1/2 + (u − 1)α/(α − 1) − h(u)/(α − 1) above, h(u) = (u^{2−α} − 1)/(2 − α)
 * = ln u · exprel((2 − α) ln u) (= ln u at α = 2). */
static double ese_G(double alpha, double u)
{
    if (u <= 1)
        return 0.5 * u * u;
    double h = log(u) * gsl_sf_exprel((2 - alpha) * log(u));
    return 0.5 + (u - 1) * alpha / (alpha - 1) - h / (alpha - 1);
}

/* Closed form of §6.2.2 for Pareto(1, α), s = σE[X], E[X] = α/(α − 1), L = max(s, 1):
 *   ∫_0^s x dF = α(1 − s^{1−α})/(α − 1) (0 if s <= 1);   the "+ σE" term: s F̄(s);
 *   the inner integral (u = t − x) is [(t − s)²/2 + 2(G(t) − G(s))]/t, and with
 *   2G(t) = 2αt/(α − 1) + 1 − 2α/(α − 1) − 2h(t)/(α − 1) the outer one is
 *   α ∫_L^∞ t^{−α−2} [t²/2 + (2α/(α − 1) − s) t + c0 − 2h(t)/(α − 1)] dt,
 *   c0 = s²/2 + 1 − 2α/(α − 1) − 2G(s): powers, ∫_L^∞ t^{−p} = L^{1−p}/(p − 1), and
 *   ∫_L^∞ t^{−α−2} h(t) dt = L^{−α−1} [(α + 1) ln L exprel((2 − α) ln L) + 1]/((α + 1)(2α − 1)).
 */
double xl_ese_cost(double alpha, double sigma)
{
    if (!(alpha > 1) || !(sigma >= 0))
        return NAN;
    double a = alpha, ex = a / (a - 1), s = sigma * ex, L = fmax(s, 1.0), lnL = log(L);
    double below = s > 1 ? a * (1 - pow(s, 1 - a)) / (a - 1) : 0.0;
    double late = s * (s > 1 ? pow(s, -a) : 1.0);
    double c1 = 2 * a / (a - 1) - s, c0 = 0.5 * s * s + 1 - 2 * a / (a - 1) - 2 * ese_G(a, s);
    double J = pow(L, -a - 1) * ((a + 1) * lnL * gsl_sf_exprel((2 - a) * lnL) + 1) /
               ((a + 1) * (2 * a - 1));
    double outer = a * (pow(L, 1 - a) / (2 * (a - 1)) + c1 * pow(L, -a) / a +
                        c0 * pow(L, -a - 1) / (a + 1) - 2 * J / (a - 1));
    return (below + late + outer) / ex;
}

/* ------------------------------------------------------------------ ESE, any distribution */

struct ese_ctx {
    const struct dist *d;
    double s;  /* σE[X] */
    double gs; /* E[min(s, T2)] = ∫_0^s F̄ */
    double t;  /* the original's duration, inside the outer integral */
};

static double sf_fn(double y, void *p)
{
    const struct ese_ctx *e = p;
    return survival(e->d, y);
}

static double sf_lever(double y, void *p) /* F̄(y)(t − y) */
{
    const struct ese_ctx *e = p;
    return survival(e->d, y) * (e->t - y);
}

/* E[R | T1 = t] for t > s: [(t − s)²/2 + 2∫_s^t E[min(v, T2)] dv]/t + s, with
 * ∫_s^t E[min(v, T2)] dv = (t − s) E[min(s, T2)] + ∫_s^t F̄(y)(t − y) dy. */
static double ese_late(double u, void *p)
{
    struct ese_ctx *e = p;
    double t = dist_quantile(e->d, u), s = e->s;
    e->t = t;
    gsl_function g = {sf_lever, e};
    double inner = (t - s) * e->gs + integrate(&g, e->d, s, t, 1e-12);
    return (0.5 * (t - s) * (t - s) + 2 * inner) / t + s;
}

static double quantile_fn(double u, void *p)
{
    const struct ese_ctx *e = p;
    return dist_quantile(e->d, u);
}

/* In quantile space (t = Q(u), dF(t) = du), so no density is needed and atoms are handled:
 * E[R] = ∫_0^{F(s)} Q(u) du + ∫_{F(s)}^1 E[R | T1 = Q(u)] du. */
double xl_ese_cost_dist(const struct dist *d, double sigma)
{
    double ex = dist_mean(d);
    if (!isfinite(ex) || !(sigma >= 0))
        return NAN;
    struct ese_ctx e = {d, sigma * ex, 0.0, 0.0};
    gsl_function g = {sf_fn, &e};
    e.gs = integrate(&g, d, 0.0, e.s, 1e-12);
    double us = dist_cdf(d, e.s);
    gsl_function q = {quantile_fn, &e}, late = {ese_late, &e}; /* u-space: no kinks */
    double r = integrate(&q, NULL, 0.0, us, 1e-10) + integrate(&late, NULL, us, 1.0, 1e-9);
    return r / ex;
}

static double ese_fn(double sigma, void *p)
{
    return xl_ese_cost(*(const double *)p, sigma);
}

double xl_ese_sigma_opt(double alpha)
{
    enum { GRID = 200 };
    const double lo = 0.05, hi = 10.0;
    double step = (hi - lo) / GRID, best = lo, best_v = xl_ese_cost(alpha, lo);
    for (int i = 1; i <= GRID; i++) {
        double v = xl_ese_cost(alpha, lo + i * step);
        if (v < best_v) {
            best_v = v;
            best = lo + i * step;
        }
    }
    /* Brent needs f(best) below both neighbours (else GSL calls its error handler): not so at
     * an end of [0.05, 10] or on a flat stretch, where the grid point is the answer. */
    if (!(best_v < xl_ese_cost(alpha, best - step) && best_v < xl_ese_cost(alpha, best + step)))
        return best;
    gsl_function f = {ese_fn, &alpha};
    gsl_min_fminimizer *m = gsl_min_fminimizer_alloc(gsl_min_fminimizer_brent);
    if (!m || gsl_min_fminimizer_set(m, &f, best, best - step, best + step) != GSL_SUCCESS) {
        gsl_min_fminimizer_free(m);
        return best;
    }
    for (int it = 0; it < 200; it++) {
        if (gsl_min_fminimizer_iterate(m) != GSL_SUCCESS)
            break;
        double a = gsl_min_fminimizer_x_lower(m), b = gsl_min_fminimizer_x_upper(m);
        if (gsl_min_test_interval(a, b, 0.0, 1e-10) == GSL_SUCCESS)
            break;
    }
    best = gsl_min_fminimizer_x_minimum(m);
    gsl_min_fminimizer_free(m);
    return best;
}

bool xl_th2_condition(const struct dist *d)
{
    if (d->kind == DIST_PARETO && !dist_truncated(d)) /* 2μα/(2α − 1) >= 2μα/(3(α − 1)) ⟺
                                                          3(α − 1) >= 2α − 1 */
        return d->b > 1 && 3 * (d->b - 1) >= 2 * d->b - 1;
    double ex = dist_mean(d);
    return isfinite(ex) && xl_min_mean_dist(d, 2.0) >= 2.0 / 3.0 * ex;
}

/* ------------------------------------------------------------------ seed 002 */

double xl_srptms_speedup(double alpha, double r)
{
    return (r * alpha - 1) / (r * (alpha - 1));
}

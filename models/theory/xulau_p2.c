/* xulau_p2 — seed 000's problem P2 (§5.1–5.2) for Pareto jobs: its objective (eq. 22), the
 * ADMM of eqs. 21–23 with §5.2.3's step, and an independent solver by the KKT conditions
 * (see xulau.h). Every 1-D step is the root of a monotone derivative, found by secant steps
 * from the previous step's point or, without one, by GSL's Brent; nothing here simulates. */
#include "models/theory/xulau.h"

#include <math.h>
#include <stdlib.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>
#include <gsl/gsl_sf_gamma.h>
#include <gsl/gsl_sf_psi.h>

/* ------------------------------------------------------------------ eq. 22 */

double xl_p2_f(const struct xl_p2_job *j, double gamma, double c)
{
    double a = c * j->alpha;
    if (!(a > 1))
        return INFINITY;
    double cost = j->mu * c * c * j->alpha / (a - 1); /* c E[T] = c · eq. 5 */
    return xl_max_mean(j->mu, j->alpha, c, j->m) + j->wait + gamma * j->m * cost;
}

double xl_p2_df(const struct xl_p2_job *j, double gamma, double c)
{
    double a = c * j->alpha, b = 1.0 / a;
    if (!(a > 1))
        return NAN;
    double dd = xl_max_mean(j->mu, j->alpha, c, j->m) * j->alpha *
                (gsl_sf_psi(1 - b) - gsl_sf_psi(j->m + 1 - b)) * b * b;
    double dcost = j->mu * j->alpha * c * (a - 2) / ((a - 1) * (a - 1));
    return dd + gamma * j->m * dcost;
}

/* Eq. 22 differentiated twice: f'' = E[D]'' + γ m (c E[T])''. With b = 1/(cα), E[D]' = E[D] g,
 * g = α b² (ψ(1 − b) − ψ(m + 1 − b)) (eqs. 18–19, as in xl_p2_df), so E[D]'' = E[D] (g² + g'),
 * g' = −α² b³ (2(ψ(1 − b) − ψ(m + 1 − b)) − b (ψ₁(1 − b) − ψ₁(m + 1 − b)));
 * (μc²α/(cα − 1))'' = 2μα/(cα − 1)³ (c times eq. 5). */
double xl_p2_d2f(const struct xl_p2_job *j, double gamma, double c)
{
    double a = c * j->alpha, b = 1.0 / a;
    if (!(a > 1))
        return NAN;
    double dpsi = gsl_sf_psi(1 - b) - gsl_sf_psi(j->m + 1 - b);
    double dpsi1 = gsl_sf_psi_1(1 - b) - gsl_sf_psi_1(j->m + 1 - b);
    double g = j->alpha * b * b * dpsi;
    double dg = -j->alpha * j->alpha * b * b * b * (2 * dpsi - b * dpsi1);
    double d2cost = 2 * j->mu * j->alpha / ((a - 1) * (a - 1) * (a - 1));
    return xl_max_mean(j->mu, j->alpha, c, j->m) * (g * g + dg) + gamma * j->m * d2cost;
}

double xl_p2_objective(const struct xl_p2 *p, const double *c)
{
    double sum = 0;
    for (int i = 0; i < p->K; i++)
        sum += xl_p2_f(&p->job[i], p->gamma, c[i]);
    return sum;
}

/* ------------------------------------------------------------------ ρ, eq. 24 */

double xl_p2_rho_bound(const struct xl_p2 *p)
{
    double best = INFINITY, k1 = p->K + 1.0;
    for (int i = 0; i < p->K; i++) {
        const struct xl_p2_job *j = &p->job[i];
        double r = 4 * j->mu * log(1.0 + j->m) / (j->alpha * k1 * k1 * pow(p->xi, 3));
        best = fmin(best, r);
    }
    return best;
}

double xl_p2_rho(const struct xl_p2 *p)
{
    return xl_p2_rho_bound(p) / 10;
}

/* ------------------------------------------------------------------ 1-D block step */

/* A block's derivative f_i'(c) + lin + quad·c, increasing in c (f_i convex, quad >= 0).
 * f_i' at the ends of [1, ξ] is computed once per solve (block_ends): every step asks for
 * both (the sign tests below, then Brent's bracket), and a cached value is the same double.
 * Consecutive steps of a solve move c_i little and change only lin (ADMM: quad = 2ρm_i² is
 * fixed), so each step starts where the last one left off: the last point where f_i' was
 * evaluated, its value there (which with the new lin is the slope at no cost) and f_i''
 * nearby. Secant steps from there take 2.6 evaluations of f_i' on average where Brent from
 * [1, ξ] takes ~15 (Fig. 1's instance, γ = 0.001), and stop as precise (ROOT_TOL). */
static const double ROOT_TOL = 1e-14; /* relative, on c */

struct block {
    const struct xl_p2_job *j;
    double gamma, lin, quad;
    double xi, d1, dxi; /* ξ, f_i'(1), f_i'(ξ) */
    double x, dx, k;    /* warm start: a point (0: none), f_i'(x), f_i'' near x (NAN: not yet) */
    double moved;       /* ADMM: m_i (c_i^r − c_i^{r−1}) in the last sweep */
};

static void block_ends(struct block *b, const struct xl_p2 *p, int i)
{
    *b = (struct block){.j = &p->job[i], .gamma = p->gamma, .xi = p->xi};
    b->d1 = xl_p2_df(b->j, b->gamma, 1.0);
    b->dxi = xl_p2_df(b->j, b->gamma, p->xi);
}

static double block_slope(double c, void *p)
{
    const struct block *b = p;
    double df = c == 1.0 ? b->d1 : c == b->xi ? b->dxi : xl_p2_df(b->j, b->gamma, c);
    return df + b->lin + b->quad * c;
}

/* The root of the slope in (lo, hi), where it goes from < 0 to > 0, by GSL's Brent to about
 * 1e-14 relative. It is the next step's warm start; f_i' and f_i'' there (analytic) are
 * computed when that step comes (block_argmin), if it does. */
static double block_brent(struct block *b, gsl_root_fsolver *s, double lo, double hi)
{
    gsl_function f = {block_slope, b};
    if (gsl_root_fsolver_set(s, &f, lo, hi) != GSL_SUCCESS)
        return NAN;
    for (int it = 0; it < 200; it++) {
        if (gsl_root_fsolver_iterate(s) != GSL_SUCCESS)
            break;
        lo = gsl_root_fsolver_x_lower(s);
        hi = gsl_root_fsolver_x_upper(s);
        if (gsl_root_test_interval(lo, hi, 0.0, ROOT_TOL) == GSL_SUCCESS)
            break;
    }
    b->x = gsl_root_fsolver_root(s);
    b->k = NAN;
    return b->x;
}

/* Secant steps on the slope from the warm start, kept inside the bracket (lo, hi) that the
 * signs found so far give (the ends' first). Returns the root once a step moves c by at most
 * ROOT_TOL relative (superlinear steps: the error left is far smaller) or the bracket is that
 * narrow (Brent's test); NAN if a step would leave the bracket or 12 steps were not enough,
 * with *lo, *hi the bracket for Brent. A secant slope replaces f_i'' only over a span of 1e-8
 * relative or more (below that, the rounding of f_i' would dominate it). */
static double block_secant(struct block *b, double *lo, double *hi)
{
    double x = b->x, s = b->dx + b->lin + b->quad * x, k = b->k + b->quad;
    for (int it = 0; it < 12; it++) {
        if (s == 0)
            return x;
        *(s < 0 ? lo : hi) = x;
        double next = x - s / k;
        if (fabs(next - x) <= ROOT_TOL * next || *hi - *lo <= ROOT_TOL * *lo)
            return next;
        if (!(next > *lo && next < *hi))
            return NAN;
        double dn = xl_p2_df(b->j, b->gamma, next), sn = dn + b->lin + b->quad * next;
        double kn = (sn - s) / (next - x);
        if (fabs(next - x) >= 1e-8 * next && kn > 0)
            k = kn;
        b->x = next;
        b->dx = dn;
        b->k = k - b->quad;
        x = next;
        s = sn;
    }
    return NAN;
}

/* argmin over [1, ξ] of f_i(c) + lin·c + quad·c²/2: 1 or ξ if the slope does not change sign
 * there, else its root: by secant steps from the last step's point when there is one, by
 * Brent otherwise or when they fail (to about 1e-14 relative either way). */
static double block_argmin(struct block *b, gsl_root_fsolver *s)
{
    if (block_slope(1.0, b) >= 0)
        return 1.0;
    if (block_slope(b->xi, b) <= 0)
        return b->xi;
    double lo = 1.0, hi = b->xi;
    if (b->x > 0) {
        if (isnan(b->k)) {
            b->dx = xl_p2_df(b->j, b->gamma, b->x);
            b->k = xl_p2_d2f(b->j, b->gamma, b->x);
        }
        double c = b->k > 0 ? block_secant(b, &lo, &hi) : NAN;
        if (!isnan(c))
            return c;
    }
    return block_brent(b, s, lo, hi);
}

/* The blocks of every job with their ends, and a Brent solver: what both solvers set up.
 * Returns 0, or -1 when out of memory (nothing to free then). */
struct solver {
    struct block *b;
    gsl_root_fsolver *s;
};

static int solver_new(struct solver *sv, const struct xl_p2 *p)
{
    sv->b = malloc((size_t)p->K * sizeof *sv->b);
    sv->s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
    if (!sv->b || !sv->s) {
        free(sv->b);
        if (sv->s)
            gsl_root_fsolver_free(sv->s);
        return -1;
    }
    for (int i = 0; i < p->K; i++)
        block_ends(&sv->b[i], p, i);
    return 0;
}

static void solver_free(struct solver *sv)
{
    free(sv->b);
    gsl_root_fsolver_free(sv->s);
}

/* Shared input checks: K >= 1, ξ >= 1, every α_i > 1 and m_i >= 1, Σ m_i <= N. */
static int p2_valid(const struct xl_p2 *p)
{
    if (p->K < 1 || !(p->xi >= 1) || !(p->gamma >= 0))
        return 0;
    double sm = 0;
    for (int i = 0; i < p->K; i++) {
        if (!(p->job[i].alpha > 1) || p->job[i].m < 1 || !(p->job[i].mu > 0))
            return 0;
        sm += p->job[i].m;
    }
    return sm <= p->N;
}

/* ------------------------------------------------------------------ ADMM, eqs. 21–23 */

/* Residual balancing (Boyd et al. 2011 §3.4.1, with their μ = 10 and τ = 2): ρ
 * doubles when the primal residual |N − Σ m c − s| exceeds μ times the dual one, and halves in
 * the opposite case, for the first BALANCE_SWEEPS sweeps; then it stays, as their convergence
 * argument needs. The dual residual of a Gauss–Seidel sweep is how far each block's condition
 * ∂Ψ/∂c_i = 0 moved when the blocks after it did: 2ρm_i Σ_{j>i} m_j Δc_j, the slack last. */
enum { BALANCE_SWEEPS = 100 };
static const double BALANCE_MU = 10, BALANCE_TAU = 2;

static double balanced_rho(const struct solver *sv, int K, double rho, double resid,
                           double dslack)
{
    double after = dslack, dual2 = 0;
    for (int i = K - 1; i >= 0; i--) {
        double d = 2 * rho * sv->b[i].j->m * after;
        dual2 += d * d;
        after += sv->b[i].moved;
    }
    double primal = fabs(resid), dual = sqrt(dual2);
    if (primal > BALANCE_MU * dual)
        return rho * BALANCE_TAU;
    return dual > BALANCE_MU * primal ? rho / BALANCE_TAU : rho;
}

/* ∂Ψ/∂c_i = f_i'(c) − λm_i − 2ρm_i(N − S_{−i} − m_i c), S_{−i} = Σ_{j≠i} m_j c_j + slack:
 * lin = −λm_i − 2ρm_i(N − S_{−i}), quad = 2ρm_i². For the slack, Ψ = −λs + ρ(N − S_{−s} − s)²,
 * minimised at s = N − S_{−s} + λ/(2ρ). */
int xl_p2_admm(const struct xl_p2 *p, double rho, enum xl_rho mode, int max_iter, double tol,
               double *c, int *iters)
{
    if (iters)
        *iters = 0;
    struct solver sv;
    if (!p2_valid(p) || !(rho > 0) || solver_new(&sv, p))
        return -1;
    double lambda = 0, slack = p->N, N = p->N;
    for (int i = 0; i < p->K; i++) {
        c[i] = 1.0;
        slack -= p->job[i].m;
    }
    int rc = 1, r;
    for (r = 1; r <= max_iter; r++) {
        double sum = slack, moved = 0;
        for (int i = 0; i < p->K; i++)
            sum += p->job[i].m * c[i];
        for (int i = 0; i < p->K; i++) { /* (23a), Gauss–Seidel */
            double m = p->job[i].m, old = c[i], rest = sum - m * old;
            struct block *b = &sv.b[i];
            b->lin = -lambda * m - 2 * rho * m * (N - rest);
            b->quad = 2 * rho * m * m;
            c[i] = block_argmin(b, sv.s);
            sum = rest + m * c[i];
            b->moved = m * (c[i] - old);
            moved += b->moved * b->moved;
        }
        double rest = sum - slack, old_slack = slack;
        slack = fmin(N, fmax(0.0, N - rest + lambda / (2 * rho)));
        double resid = N - rest - slack;
        lambda += rho * resid; /* (23b), η = ρ */
        if (resid * resid + moved < tol) {
            rc = 0;
            break;
        }
        if (mode == XL_RHO_BALANCED && r <= BALANCE_SWEEPS)
            rho = balanced_rho(&sv, p->K, rho, resid, slack - old_slack);
    }
    solver_free(&sv);
    if (iters)
        *iters = rc == 0 ? r : max_iter;
    return rc;
}

/* ------------------------------------------------------------------ KKT by bisection on ν */

/* c_i(ν) for every job; returns Σ m_i c_i(ν). dg (may be NULL): −dΣ m_i c_i/dν there,
 * Σ m_i²/f_i''(c_i) over the c_i inside (1, ξ) (f_i' + νm_i = 0 gives dc_i/dν = −m_i/f_i''),
 * with the secant steps' f_i'', or after a Brent solve the analytic one (computed now rather
 * than at the block's next step, which would compute the same). */
static double kkt_point(const struct xl_p2 *p, double nu, double *c, struct solver *sv,
                        double *dg)
{
    double sum = 0, slope = 0;
    for (int i = 0; i < p->K; i++) {
        struct block *b = &sv->b[i];
        double m = p->job[i].m;
        b->lin = nu * m;
        b->quad = 0.0;
        c[i] = block_argmin(b, sv->s);
        sum += m * c[i];
        if (!dg || !(c[i] > 1.0 && c[i] < p->xi))
            continue;
        if (isnan(b->k)) {
            b->dx = xl_p2_df(b->j, b->gamma, b->x);
            b->k = xl_p2_d2f(b->j, b->gamma, b->x);
        }
        slope += m * m / b->k;
    }
    if (dg)
        *dg = slope;
    return sum;
}

int xl_p2_bisect(const struct xl_p2 *p, double *c, double *nu)
{
    struct solver sv;
    if (!p2_valid(p) || solver_new(&sv, p))
        return -1;
    double lo = 0, hi = 0;
    if (kkt_point(p, 0.0, c, &sv, NULL) > p->N) {
        /* At ν >= −f_i'(1)/m_i every c_i(ν) = 1, and Σ m_i <= N. */
        for (int i = 0; i < p->K; i++)
            hi = fmax(hi, -sv.b[i].d1 / p->job[i].m);
        for (int it = 0; it < 300 && hi - lo > 1e-15 * hi; it++) {
            double mid = 0.5 * (lo + hi);
            if (kkt_point(p, mid, c, &sv, NULL) > p->N)
                lo = mid;
            else
                hi = mid;
        }
        kkt_point(p, hi, c, &sv, NULL); /* the feasible end */
    }
    solver_free(&sv);
    if (nu)
        *nu = hi;
    return 0;
}

/* ------------------------------------------------------------------ SCA's solve */

int xl_p2_sca(const struct xl_p2 *p, enum xl_rho mode, double *c, int *iters)
{
    int rc = xl_p2_admm(p, xl_p2_rho(p), mode, XL_SCA_MAX_ITER, XL_SCA_TOL, c, iters);
    if (rc != 0)
        xl_p2_bisect(p, c, NULL);
    return rc;
}

/* ------------------------------------------------------------------ where SCA's ADMM stops */

/* Where xl_p2_sca (ρ fixed) leaves c, bounded without running ADMM. c_i(ν) is the KKT point
 * of job i for a multiplier ν (argmin over [1, ξ] of f_i + νm_i c, non-increasing in ν; f_i
 * convex) and g(ν) = Σ m_i c_i(ν) (kkt_point). Write s for the slack, λ the multiplier, X^r =
 * N − Σ m c^r + λ^{r−1}/(2ρ) the slack before clamping, so s^r = X^r clamped to [0, N], and
 * resid^r = N − Σ m c^r − s^r, λ^r = λ^{r−1} + ρ resid^r (xl_p2_admm). Block i's step at sweep r
 * is the exact minimiser (clamps included) of f_i(c) + lin c + quad c²/2, so c_i^r = c_i(ν_i) with
 * ν_i = (lin + quad c_i^r)/m_i = −λ^{r−1} − 2ρ(resid^r + s^r − s^{r−1} + E_i), E_i = Σ_{j>i} m_j
 * Δc_j. ADMM stops at the first r with resid² + Σ (m Δc)² < tol, so |resid| and every partial
 * sum of |m_j Δc_j| over n terms are below √tol and √(n tol) (Cauchy–Schwarz), and:
 *  A. 0 < s^r < N: λ^{r−1} = −2ρ resid^r, so ν_i = −2ρ(s^r − s^{r−1} + E_i). If s^{r−1} was not
 *     clamped either (r = 1 included: s^0 = X^0 with λ = 0), resid^{r−1} = 2 resid^r and
 *     s^r − s^{r−1} = resid^r − Σ m Δc, so ν_i = 2ρ(Σ_{j<=i} m_j Δc_j − resid^r). If s^{r−1} = 0
 *     (X^{r−1} <= 0), s^r <= resid^r − Σ m Δc, so |ν_i| <= 2ρ(s^r + |E_i|). s^{r−1} = N would
 *     need λ^{r−1} >= ρ Σ m c^{r−1} >= ρ, but |λ^{r−1}| < 2ρ√tol. Either way
 *     |ν_i| <= ν_A = 2ρ(√((K+1) tol) + √((K−1) tol)).
 *  B. s^r = 0: X^r <= 0 gives −λ^{r−1} >= 2ρ resid^r, so ν̄ = −λ^{r−1} − 2ρ(resid^r − s^{r−1})
 *     >= 0 and ν_i = ν̄ − 2ρE_i within Δ = 2ρ√((K−1) tol) of it; Σ m c^r = N − resid^r, so
 *     g(ν̄ + Δ) < N + √tol and g(ν̄ − Δ) > N − √tol: ν̄ lies strictly between any ν_lo with
 *     g(ν_lo) >= N + √tol less Δ and any ν_hi with g(ν_hi) <= N − √tol plus Δ.
 *  s^r = N leaves |resid| = Σ m c^r >= 1: no stop.
 * Case A needs g(ν_A) < N + √tol (c_i(ν_i) >= c_i(ν_A)); case B needs g(−Δ) > N − √tol. If
 * ADMM does not stop within XL_SCA_MAX_ITER sweeps, xl_p2_sca takes the bisection's point:
 * c(0) when g(0) <= N (then case A's test passes and 0 is in its range), else c(ν*) with
 * g(ν*) = N (case B's test passes and ν_lo < ν* < ν_hi). So every ν_i lies in the union of the
 * ranges of the cases not ruled out, and c_i between c_i at its two ends. Every bound is widened
 * by far more than rounding: the thresholds by 1e-9 (N + 1) machines, the ν by 2ρ times that
 * (ν_A and Δ below are nA and dE), and c by 1e-9 relative (the 1-D roots are good to ~1e-14;
 * f_i' is computed to ~1e-12) except at a clamp, where ADMM's step clamps too. */

/* A KKT point's multiplier ν, g(ν) and −g'(ν) (kkt_point; dg NAN if not known). */
struct kkt_at {
    double nu, g, dg;
};

static struct kkt_at kkt_at(const struct xl_p2 *p, struct solver *sv, double nu, double *c)
{
    struct kkt_at k = {.nu = nu};
    k.g = kkt_point(p, nu, c, sv, &k.dg);
    return k;
}

/* A KKT point with g in [glo, ghi] between a and b (ν_a < ν_b, g(a) >= glo, g(b) <= ghi; g is
 * non-increasing): an end if it is in the band, else Newton steps on g − the band's middle,
 * the first from `last`, or when one would leave the bracket (or dg is not known), false
 * position with the Illinois modification (the kept end's value halved when it is kept
 * twice). 0, or -1 if 100 steps were not enough. */
static int kkt_band(const struct xl_p2 *p, struct solver *sv, double *c, struct kkt_at a,
                    struct kkt_at b, struct kkt_at last, double glo, double ghi,
                    struct kkt_at *out)
{
    double target = 0.5 * (glo + ghi), fa = a.g - target, fb = b.g - target;
    int kept = 0; /* 1: a was replaced last, -1: b was */
    for (int it = 0;; it++) {
        if (a.g <= ghi || b.g >= glo) {
            *out = a.g <= ghi ? a : b;
            return 0;
        }
        if (it == 100)
            return -1;
        double x = last.nu + (last.g - target) / last.dg;
        if (!(x > a.nu && x < b.nu))
            x = b.nu - fb * (b.nu - a.nu) / (fb - fa);
        if (!(x > a.nu && x < b.nu))
            x = 0.5 * (a.nu + b.nu);
        last = kkt_at(p, sv, x, c);
        if (last.g >= glo) {
            a = last, fa = last.g - target;
            fb *= kept == 1 ? 0.5 : 1;
            kept = 1;
        } else {
            b = last, fb = last.g - target;
            fa *= kept == -1 ? 0.5 : 1;
            kept = -1;
        }
    }
}

int xl_p2_sca_bounds(const struct xl_p2 *p, double *lo, double *hi)
{
    struct solver sv;
    if (!p2_valid(p) || solver_new(&sv, p))
        return -1;
    double *tmp = malloc((size_t)p->K * sizeof *tmp);
    if (!tmp) {
        solver_free(&sv);
        return -1;
    }
    int K = p->K, rc = -1;
    double N = p->N, rho = xl_p2_rho(p), sq = sqrt(XL_SCA_TOL) * (1 + 1e-6);
    double e = 1e-9 * (N + 1), band = sq + e;
    double dE = 2 * rho * (sqrt(K - 1.0) * sq + e);
    double nA = 2 * rho * (sqrt(K + 1.0) * sq + sqrt(K - 1.0) * sq + 2 * e);
    struct kkt_at pA = kkt_at(p, &sv, nA, lo), mA = kkt_at(p, &sv, -nA, hi);
    bool caseA = pA.g < N + band, caseB = mA.g > N - band;
    double L = caseA ? -nA : INFINITY, U = caseA ? nA : -INFINITY;
    if (caseB) {
        struct kkt_at vmax = {0, 0, NAN}, vhi, vlo; /* every c_i = 1 from vmax on */
        for (int i = 0; i < K; i++) {
            vmax.nu = fmax(vmax.nu, -sv.b[i].d1 / p->job[i].m);
            vmax.g += p->job[i].m;
        }
        bool over = pA.g > N - band;
        if (vmax.g > N - band ||
            kkt_band(p, &sv, tmp, over ? pA : mA, over ? vmax : pA, mA, N - 2 * band, N - band,
                     &vhi))
            goto out;
        U = fmax(U, vhi.nu + 2 * dE);
        if (!caseA) { /* else L = −ν_A already lies below case B's lower end, −Δ */
            if (kkt_band(p, &sv, tmp, pA, vhi, vhi, N + band, N + 2 * band, &vlo))
                goto out;
            L = fmax(vlo.nu - 2 * dE, -dE);
        }
    }
    if (!caseA && !caseB)
        goto out;
    if (U != nA)
        kkt_point(p, U, lo, &sv, NULL);
    if (L != -nA)
        kkt_point(p, L, hi, &sv, NULL);
    for (int i = 0; i < K; i++) { /* a clamped end is exact */
        lo[i] = lo[i] == p->xi ? lo[i] : lo[i] * (1 - 1e-9);
        hi[i] = hi[i] == 1.0 ? hi[i] : hi[i] * (1 + 1e-9);
    }
    rc = 0;
out:
    free(tmp);
    solver_free(&sv);
    return rc;
}

/* ------------------------------------------------------------------ SCA's copies */

/* The policy's cut of c_i (docs/methods/policies.md): its integer part, a hair under an integer
 * counting as that integer, and at least 1. */
static int sca_cut(double c)
{
    double k = floor(c + 1e-9);
    return k < 1 ? 1 : (int)k;
}

int xl_sca_copies(const struct xl_p2 *p, enum xl_rho mode, int *k, int *iters)
{
    if (iters)
        *iters = 0;
    if (p->K < 1)
        return -1;
    double *lo = malloc(2 * (size_t)p->K * sizeof *lo);
    bool decided = lo && mode == XL_RHO_FIXED && xl_p2_sca_bounds(p, lo, lo + p->K) == 0;
    for (int i = 0; decided && i < p->K; i++) {
        k[i] = sca_cut(lo[i]);
        decided = k[i] == sca_cut(lo[p->K + i]);
    }
    int rc = decided ? 0 : lo ? xl_p2_sca(p, mode, lo, iters) : -1;
    for (int i = 0; !decided && i < p->K; i++)
        k[i] = rc < 0 ? 1 : sca_cut(lo[i]);
    free(lo);
    if (rc < 0)
        return rc;
    long used = 0;
    for (int i = 0; i < p->K; i++)
        used += (long)k[i] * p->job[i].m;
    while (used > p->N) { /* only after an unconverged iterate */
        int big = 0;
        for (int i = 1; i < p->K; i++)
            big = k[i] > k[big] ? i : big;
        k[big]--;
        used -= p->job[big].m;
    }
    return rc;
}

/* validate — the check registry, row verdicts and the simulation drivers (see validate.h). */
#include "analysis/validate.h"

#include <math.h>
#include <omp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "analysis/kernels.h"
#include "engine/run/replicas.h"
#include "engine/stats/dist.h"
#include "engine/stats/rng.h"
#include "engine/stats/stats.h"
#include "models/replica.h"

extern const struct vd_check vd_dist, vd_queue_erlang, vd_queue_pk, vd_kernels, vd_chronos_lemma1,
    vd_chronos_th1, vd_chronos_th2, vd_chronos_th3, vd_chronos_th4, vd_chronos_th5,
    vd_chronos_th6, vd_chronos_th7, vd_chronos_th8, vd_chronos_alg1, vd_chronos_stages;
extern const struct vd_check vd_xulau_eq5, vd_xulau_eq18, vd_xulau_lemma1, vd_xulau_admm,
    vd_xulau_cutoff, vd_xulau_eq15, vd_xulau_th2, vd_xulau_sigma, vd_srptms_th1, vd_srptms_remark2, vd_srptms_th2;
extern const struct vd_check vd_hopper_eq3, vd_hopper_eq1, vd_hopper_k_below_1, vd_hopper_th,
    vd_hopper_integer, vd_hopper_order, vd_threshold_eq7, vd_straggle;

#ifdef SPECMC_CHECK
/* Test builds only: a check whose closed form is deliberately wrong (exponential(2) claimed to
 * have mean 2.1), to prove that validate reports a disagreement and fails. It runs only when
 * named: --only selftest. */
static int run_selftest(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    if (!only || !vd_selected(only, "selftest.wrong_mean"))
        return 0;
    rng_t r;
    rng_stream(&r, vd_seed(ctx, "selftest.wrong_mean", ""), 0, RNG_CHECK);
    struct dist d = {DIST_EXPONENTIAL, 2.0, 0.0};
    double sum = 0, sum2 = 0;
    const int n = 200000;
    for (int i = 0; i < n; i++) {
        double x = dist_sample(&d, &r);
        sum += x;
        sum2 += x * x;
    }
    return vd_add_mean(out, "selftest.wrong_mean", "exponential mean=2 claimed=2.1", 2.1, sum,
                       sum2, n, true);
}

static const struct vd_check vd_selftest = {
    .id = "selftest",
    .source = "none: a deliberately wrong closed form (test builds only)",
    .assumptions = "runs only when named with --only selftest",
    .closed_form = "2.1, the wrong mean of exponential(2)",
    .simulation = "dist_sample",
    .run = run_selftest,
};
#endif

const struct vd_check *const vd_registry[] = {
    &vd_dist,          &vd_queue_erlang, &vd_queue_pk,     &vd_kernels,
    &vd_chronos_lemma1, &vd_chronos_th1,  &vd_chronos_th2,  &vd_chronos_th3,
    &vd_chronos_th4,   &vd_chronos_th5,  &vd_chronos_th6,  &vd_chronos_th7,
    &vd_chronos_th8,   &vd_chronos_alg1,  &vd_chronos_stages,
    &vd_xulau_eq5,     &vd_xulau_eq18,   &vd_xulau_lemma1, &vd_xulau_admm,
    &vd_xulau_cutoff,  &vd_xulau_eq15,
    &vd_xulau_th2,     &vd_xulau_sigma,  &vd_srptms_th1,   &vd_srptms_remark2,
    &vd_srptms_th2,    &vd_hopper_eq3,   &vd_hopper_eq1,   &vd_hopper_k_below_1,
    &vd_hopper_th,     &vd_hopper_integer, &vd_hopper_order, &vd_threshold_eq7, &vd_straggle,
#ifdef SPECMC_CHECK
    &vd_selftest,
#endif
};
const size_t vd_registry_count = sizeof vd_registry / sizeof vd_registry[0];

bool vd_selected(const char *only, const char *id)
{
    if (!only)
        return true;
    size_t n = strlen(only);
    return strncmp(only, id, n) == 0 && (id[n] == '\0' || id[n] == '.' || only[n - 1] == '.');
}

/* ------------------------------------------------------------------ rows */

void vd_rows_free(struct vd_rows *rows)
{
    free(rows->row);
    memset(rows, 0, sizeof *rows);
}

static struct vd_row *new_row(struct vd_rows *rows, const char *id, const char *params,
                              enum vd_kind kind, double closed, double estimate, uint64_t n,
                              bool expected)
{
    if (rows->n == rows->cap) {
        int cap = rows->cap ? 2 * rows->cap : 64;
        struct vd_row *r = realloc(rows->row, (size_t)cap * sizeof *r);
        if (!r)
            return NULL;
        rows->row = r;
        rows->cap = cap;
    }
    struct vd_row *r = &rows->row[rows->n++];
    memset(r, 0, sizeof *r);
    snprintf(r->id, sizeof r->id, "%s", id);
    snprintf(r->params, sizeof r->params, "%s", params);
    r->kind = kind;
    r->closed_form = closed;
    r->estimate = estimate;
    r->n = n;
    r->expected = expected;
    r->ci_low = r->ci_high = r->gap_se = NAN;
    return r;
}

/* The interval's half-width in standard errors: Student-t with n − 1 degrees of freedom for
 * small samples (replica means), the normal quantile for large ones. */
static double z_alpha(uint64_t n, double alpha);

double vd_z(uint64_t n)
{
    return z_alpha(n, 1 - VD_LEVEL);
}

/* Half-width at two-sided level 1 − alpha, as vd_z. */
static double z_alpha(uint64_t n, double alpha)
{
    double q = 1 - alpha / 2;
    return n >= 2 && n < 100000 ? gsl_cdf_tdist_Pinv(q, (double)(n - 1))
                                : gsl_cdf_ugaussian_Pinv(q);
}

const double vd_look_alpha[VD_LOOKS] = {1e-5, 1e-5, 8e-5};

double vd_look_z(int look, uint64_t n)
{
    return z_alpha(n, vd_look_alpha[look]);
}

bool vd_look_excludes(int look, double estimate, double se, uint64_t n, double value)
{
    double h = vd_look_z(look, n) * se;
    return estimate - h > value || estimate + h < value;
}

/* A row whose estimate has the interval estimate ± z·se; the gap is in standard errors. */
static struct vd_row *interval_row_z(struct vd_rows *rows, const char *id, const char *params,
                                     enum vd_kind kind, double closed, double estimate,
                                     double se, uint64_t n, bool expected, double z)
{
    struct vd_row *r = new_row(rows, id, params, kind, closed, estimate, n, expected);
    if (!r)
        return NULL;
    r->ci_low = estimate - z * se;
    r->ci_high = estimate + z * se;
    r->gap_se = se > 0 ? (estimate - closed) / se : (estimate == closed ? 0 : INFINITY);
    return r;
}

static struct vd_row *interval_row(struct vd_rows *rows, const char *id, const char *params,
                                   enum vd_kind kind, double closed, double estimate, double se,
                                   uint64_t n, bool expected)
{
    return interval_row_z(rows, id, params, kind, closed, estimate, se, n, expected, vd_z(n));
}

static int interval_verdict(struct vd_row *r, double closed)
{
    if (!r)
        return -1;
    r->agrees = r->ci_low <= closed && closed <= r->ci_high;
    return 0;
}

int vd_add_interval(struct vd_rows *rows, const char *id, const char *params, double closed,
                    double estimate, double se, uint64_t n, bool expected)
{
    return interval_verdict(interval_row(rows, id, params, VD_INTERVAL, closed, estimate, se,
                                         n, expected),
                            closed);
}

int vd_add_interval_look(struct vd_rows *rows, const char *id, const char *params,
                         double closed, double estimate, double se, uint64_t n, bool expected,
                         int look)
{
    return interval_verdict(interval_row_z(rows, id, params, VD_INTERVAL, closed, estimate, se,
                                           n, expected, vd_look_z(look, n)),
                            closed);
}

int vd_add_proportion(struct vd_rows *rows, const char *id, const char *params, double closed,
                      uint64_t successes, uint64_t n, bool expected)
{
    struct st_summary w = st_wilson_interval(successes, n, VD_LEVEL);
    struct vd_row *r = new_row(rows, id, params, VD_INTERVAL, closed, w.mean, n, expected);
    if (!r)
        return -1;
    r->ci_low = w.ci_low;
    r->ci_high = w.ci_high;
    /* the gap in standard errors of the closed form's own binomial (defined when 0 < p < 1) */
    double se = closed > 0 && closed < 1 ? sqrt(closed * (1 - closed) / (double)n) : NAN;
    r->gap_se = (w.mean - closed) / se;
    r->agrees = r->ci_low <= closed && closed <= r->ci_high;
    return 0;
}

int vd_add_mean(struct vd_rows *rows, const char *id, const char *params, double closed,
                double sum, double sum2, uint64_t n, bool expected)
{
    double dn = (double)n, mean = sum / dn;
    double var = n > 1 ? fmax(0.0, (sum2 - dn * mean * mean) / (dn - 1)) : NAN;
    return vd_add_interval(rows, id, params, closed, mean, sqrt(var / dn), n, expected);
}

int vd_add_replica_mean(struct vd_rows *rows, const char *id, const char *params, double closed,
                        const double *x, int n, bool expected)
{
    struct st_acc acc;
    st_acc_init(&acc);
    for (int r = 0; r < n; r++)
        st_acc_add(&acc, x[r]);
    return vd_add_interval(rows, id, params, closed, acc.mean,
                           sqrt(st_acc_variance(&acc) / (double)acc.n), acc.n, expected);
}

int vd_add_model_mean(const struct vd_context *ctx, struct vd_rows *rows, const char *id,
                      const char *params, double closed, const struct cl_spec *spec,
                      const struct policy *pol, const double *param, int metric, int pilot,
                      int max, double halfwidth)
{
    uint64_t seed = vd_seed(ctx, id, params);
    double *v = malloc((size_t)M_COUNT * (size_t)max * sizeof *v);
    if (!v || vd_model_part(ctx, spec, pol, param, seed, 0, pilot, max, v))
        goto fail;
    const double *x = v + (size_t)metric * (size_t)max;
    struct st_acc acc;
    st_acc_init(&acc);
    for (int r = 0; r < pilot; r++)
        st_acc_add(&acc, x[r]);
    double z = vd_z((uint64_t)pilot), s0 = sqrt(st_acc_variance(&acc));
    double want = ceil(z * z * s0 * s0 / (halfwidth * halfwidth));
    int n = want > max ? max : want < pilot ? pilot : (int)want;
    if (n > pilot && vd_model_part(ctx, spec, pol, param, seed, pilot, n - pilot, max, v))
        goto fail;
    for (int r = pilot; r < n; r++)
        st_acc_add(&acc, x[r]);
    int rc = interval_verdict(interval_row_z(rows, id, params, VD_INTERVAL, closed, acc.mean,
                                             s0 / sqrt((double)n), (uint64_t)n, true, z),
                              closed);
    free(v);
    return rc;
fail:
    free(v);
    return -1;
}

static int order_verdict(struct vd_row *r, int predicted_sign, double difference, double se)
{
    if (!r)
        return -1;
    r->gap_se = se > 0 ? difference / se : NAN; /* the difference from 0, not from the sign */
    r->agrees = predicted_sign > 0 ? r->ci_low > 0 : r->ci_high < 0;
    return 0;
}

int vd_add_order(struct vd_rows *rows, const char *id, const char *params, int predicted_sign,
                 double difference, double se, uint64_t n, bool expected)
{
    return order_verdict(interval_row(rows, id, params, VD_ORDER, predicted_sign, difference,
                                      se, n, expected),
                         predicted_sign, difference, se);
}

int vd_add_order_look(struct vd_rows *rows, const char *id, const char *params,
                      int predicted_sign, double difference, double se, uint64_t n,
                      bool expected, int look)
{
    return order_verdict(interval_row_z(rows, id, params, VD_ORDER, predicted_sign, difference,
                                        se, n, expected, vd_look_z(look, n)),
                         predicted_sign, difference, se);
}

int vd_add_exact(struct vd_rows *rows, const char *id, const char *params, double closed,
                 double estimate, uint64_t n, bool expected)
{
    struct vd_row *r = new_row(rows, id, params, VD_EXACT, closed, estimate, n, expected);
    if (!r)
        return -1;
    r->ci_low = r->ci_high = estimate;
    r->agrees = estimate == closed;
    return 0;
}

int vd_add_mismatches(struct vd_rows *rows, const char *id, const char *params, uint64_t bad,
                      uint64_t n, bool expected)
{
    struct st_summary cp = st_clopper_pearson(bad, n, VD_LEVEL);
    struct vd_row *r = new_row(rows, id, params, VD_EXACT, 0.0, cp.mean, n, expected);
    if (!r)
        return -1;
    r->ci_low = cp.ci_low; /* 0 when bad = 0 */
    r->ci_high = cp.ci_high;
    r->agrees = bad == 0;
    return 0;
}

int vd_add_below(struct vd_rows *rows, const char *id, const char *params, double bound,
                 double estimate, uint64_t n, bool expected)
{
    struct vd_row *r = new_row(rows, id, params, VD_BELOW, bound, estimate, n, expected);
    if (!r)
        return -1;
    r->agrees = estimate <= bound;
    return 0;
}

static int at_most_verdict(struct vd_row *r, double bound)
{
    if (!r)
        return -1;
    r->agrees = r->ci_low <= bound;
    return 0;
}

int vd_add_at_most(struct vd_rows *rows, const char *id, const char *params, double bound,
                   double estimate, double se, uint64_t n, bool expected)
{
    return at_most_verdict(interval_row(rows, id, params, VD_BELOW, bound, estimate, se, n,
                                        expected),
                           bound);
}

int vd_add_at_most_look(struct vd_rows *rows, const char *id, const char *params, double bound,
                        double estimate, double se, uint64_t n, bool expected, int look)
{
    return at_most_verdict(interval_row_z(rows, id, params, VD_BELOW, bound, estimate, se, n,
                                          expected, vd_look_z(look, n)),
                           bound);
}

int vd_add_range(struct vd_rows *rows, const char *id, const char *params, double closed,
                 double estimate, double lo, double hi, uint64_t n, bool expected)
{
    struct vd_row *r = new_row(rows, id, params, VD_INTERVAL, closed, estimate, n, expected);
    if (!r)
        return -1;
    r->ci_low = lo;
    r->ci_high = hi;
    r->agrees = lo <= closed && closed <= hi;
    return 0;
}

/* ------------------------------------------------------------------ simulation drivers */

struct cl_spec vd_spec(int slots, int jobs, int tasks, struct dist d)
{
    struct cl_spec sp;
    memset(&sp, 0, sizeof sp);
    sp.slots = slots;
    sp.arrival = ARRIVAL_BATCH;
    sp.jobs = jobs;
    sp.tasks = tasks;
    sp.task_time = d;
    sp.deadline = INFINITY;
    sp.weight_min = sp.weight_max = 1;
    sp.reduce_scale = 1.0;
    return sp;
}

uint64_t vd_seed(const struct vd_context *ctx, const char *id, const char *params)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a over "id|params" */
    for (const char *s = id; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    h = (h ^ '|') * 1099511628211ULL;
    for (const char *s = params; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return rng_mix64(ctx->seed ^ rng_mix64(h));
}

void vd_kernel(const struct vd_context *ctx, const struct kn_spec *s, uint64_t seed,
               uint64_t jobs, struct kn_totals *out)
{
    memset(out, 0, sizeof *out);
    vd_kernel_more(ctx, s, seed, 0, jobs, out);
}

void vd_kernel_more(const struct vd_context *ctx, const struct kn_spec *s, uint64_t seed,
                    uint64_t first, uint64_t count, struct kn_totals *out)
{
    enum { CHUNK = 1 << 14 };
    uint64_t chunks = (count + CHUNK - 1) / CHUNK;
    struct kn_totals *part = calloc(chunks ? chunks : 1, sizeof *part);
    if (!part) { /* out of memory: every sum reads NaN */
        static const struct kn_totals none;
        for (int k = 0; k < KN_SUMS; k++)
            out->exact[k].bad++;
        kn_totals_add(out, &none);
        return;
    }
#pragma omp parallel for schedule(dynamic, 1) num_threads(ctx->threads)
    for (uint64_t c = 0; c < chunks; c++) {
        uint64_t from = c * CHUNK, m = c + 1 < chunks ? CHUNK : count - from;
        kn_run(s, seed, first + from, m, &part[c]);
    }
    for (uint64_t c = 0; c < chunks; c++)
        kn_totals_add(out, &part[c]);
    free(part);
}

int vd_model(const struct vd_context *ctx, const struct cl_spec *spec, const struct policy *pol,
             const double *param, uint64_t seed, int replicas, double *values)
{
    return vd_model_each(ctx, spec, pol, param, seed, replicas, NULL, NULL, M_COUNT, values);
}

/* vd_model_each's callback context and its store. */
struct each {
    vd_replica_fn fn;
    const void *arg;
    int nout, replicas;
    double *values;
};

static void store_each(void *ctx, void *scratch, struct rep_workspace *ws, int cell,
                       uint64_t rep, const double metrics[M_COUNT])
{
    (void)cell;
    const struct each *e = ctx;
    const double *out = metrics;
    if (e->fn) {
        e->fn(rep_cluster(ws), e->arg, scratch);
        out = scratch;
    }
    for (int k = 0; k < e->nout; k++)
        e->values[(size_t)k * (size_t)e->replicas + rep] = out[k];
}

/* Replicas [first, first + count) of `replicas`, stored as vd_model_each stores them. */
static int model_part(const struct vd_context *ctx, const struct cl_spec *spec,
                      const struct policy *pol, const double *param, uint64_t seed, int first,
                      int count, int replicas, vd_replica_fn fn, const void *arg, int nout,
                      double *values)
{
    struct each e = {fn, arg, nout, replicas, values};
    struct rr_cell cell = {spec, pol, param, seed};
    struct rr_job job = {.cells = &cell, .ncells = 1, .first = (uint64_t)first,
                         .count = (uint64_t)count,
                         .threads = ctx->threads, .ctx = &e, .done = store_each,
                         .skip_quantiles = true,
                         .scratch_bytes = fn ? (size_t)nout * sizeof(double) : 0};
    struct rr_failure fail;
    return rr_run(&job, &fail) ? -1 : 0;
}

int vd_model_each(const struct vd_context *ctx, const struct cl_spec *spec,
                  const struct policy *pol, const double *param, uint64_t seed, int replicas,
                  vd_replica_fn fn, const void *arg, int nout, double *values)
{
    return model_part(ctx, spec, pol, param, seed, 0, replicas, replicas, fn, arg, nout,
                      values);
}

int vd_model_part(const struct vd_context *ctx, const struct cl_spec *spec,
                  const struct policy *pol, const double *param, uint64_t seed, int first,
                  int count, int replicas, double *values)
{
    return model_part(ctx, spec, pol, param, seed, first, count, replicas, NULL, NULL, M_COUNT,
                      values);
}

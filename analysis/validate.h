/* validate — the registry of theorem checks behind `specmc validate`
 * (docs/methods/validation.md).
 *
 * A check declares where its closed form comes from, the assumptions it needs, how the closed
 * form is computed and what simulation estimates it; its run() walks a parameter grid and
 * appends one row per point. Simulations run the real mechanism — the cluster model with the
 * real policy, or a kernel proven identical to it (analysis/kernels.h) — never the formula
 * under test. Each row records whether agreement is expected: points outside a theorem's
 * assumptions, and formulas printed wrong, are expected to disagree, and say so.
 *
 * Verdicts, by kind:
 *   interval  the closed form lies inside the estimate's interval;
 *   order     (Theorem 7) the interval of a simulated difference lies on the predicted side;
 *   exact     an integer result (an optimum, a count of mismatches) equals the closed form;
 *             a count of mismatches is shown as their share of the trials, with
 *             Clopper–Pearson's interval on the mismatch rate (at 0 mismatches in n trials
 *             [0, 1 − (5·10⁻⁵)^{1/n}] ≈ [0, 9.9/n], the rule of three at 99.99 %);
 *   below     the estimate does not exceed the closed form (a bound, a critical value).
 * Every interval is at level 1 − 1e-4 (z ≈ 3.9): with R rows, the chance of a false alarm
 * anywhere is at most R·1e-4. Seeds are derived from each row's id and parameters, so a row's
 * result does not change when other rows are added, and never depends on threads. */
#ifndef SPECMC_VALIDATE_H
#define SPECMC_VALIDATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "models/metrics.h"
#include "models/spec.h"

struct policy;

#define VD_LEVEL (1.0 - 1e-4)

enum vd_kind { VD_INTERVAL, VD_ORDER, VD_EXACT, VD_BELOW };

struct vd_row {
    char id[48];         /* check id, e.g. chronos.th6.corrected */
    char params[192];    /* the point, space-separated key=value: "N=10 r=1 beta=1.5 ...",
                            with "outside=..." naming a violated assumption */
    enum vd_kind kind;
    double closed_form;  /* the theorem's value (or predicted sign, bound, optimum) */
    double estimate;     /* the simulation's */
    double ci_low, ci_high;
    uint64_t n;          /* samples behind the estimate */
    double gap_se;       /* (estimate − closed_form) / standard error; NaN if undefined */
    bool agrees;
    bool expected;       /* agreement expected at this point */
};

struct vd_rows {
    struct vd_row *row;
    int n, cap;
};

struct vd_context {
    uint64_t seed;  /* experiment seed; each row derives its own */
    bool quick;     /* the reduced grid and sample sizes of `validate --quick` */
    int threads;    /* OpenMP threads for the simulations */
};

struct vd_check {
    const char *id;          /* rows' id prefix */
    const char *source;      /* paper, theorem, equation */
    const char *assumptions; /* what the closed form needs */
    const char *closed_form; /* how it is computed: formula, GSL integral, exhaustive search */
    const char *simulation;  /* what estimates it */
    int (*run)(const struct vd_context *ctx, const char *only, struct vd_rows *out);
};

/* The registry (analysis/validate.c), in report order. */
extern const struct vd_check *const vd_registry[];
extern const size_t vd_registry_count;

/* --only: PATTERN selects an id equal to it or starting with PATTERN followed by '.'. */
bool vd_selected(const char *only, const char *id);

/* ------------------------------------------------------------------ rows */

void vd_rows_free(struct vd_rows *rows);

/* Append a row; returns 0 or -1 (out of memory). The helpers fill ci, gap and verdict. */
int vd_add_interval(struct vd_rows *rows, const char *id, const char *params, double closed,
                    double estimate, double se, uint64_t n, bool expected);
/* A proportion of successes: Wilson interval; the gap uses the closed form's binomial SE. */
int vd_add_proportion(struct vd_rows *rows, const char *id, const char *params, double closed,
                      uint64_t successes, uint64_t n, bool expected);
/* A mean from a sum and a sum of squares (normal interval; n is large). */
int vd_add_mean(struct vd_rows *rows, const char *id, const char *params, double closed,
                double sum, double sum2, uint64_t n, bool expected);
/* The mean of n replicas' values x[0 .. n) (one metric of vd_model's output) and its t
 * standard error. */
int vd_add_replica_mean(struct vd_rows *rows, const char *id, const char *params, double closed,
                        const double *x, int n, bool expected);
/* A replica mean sized by the precision its verdict needs (Stein's two-stage procedure, Ann.
 * Math. Statist. 16, 1945): `pilot` replicas of the model give the SD s0 of metric `metric`,
 * then the sample grows to n = ceil((z·s0/halfwidth)^2) replicas (at least `pilot`, at most
 * `max`; z = vd_z(pilot), Student-t with pilot − 1 df), and the row is the mean of all n with
 * the interval mean ± z·s0/√n. For normal replica means the interval is exact whatever n the
 * pilot chose (the pilot's mean and SD are independent, the later replicas independent of both).
 * Replica r has the same seed whatever n is, so the row depends on nothing but the seed. For
 * rows expected to agree with `closed` (a disagreeing row would want sequential looks). */
int vd_add_model_mean(const struct vd_context *ctx, struct vd_rows *rows, const char *id,
                      const char *params, double closed, const struct cl_spec *spec,
                      const struct policy *pol, const double *param, int metric, int pilot,
                      int max, double halfwidth);
int vd_add_order(struct vd_rows *rows, const char *id, const char *params, int predicted_sign,
                 double difference, double se, uint64_t n, bool expected);
int vd_add_exact(struct vd_rows *rows, const char *id, const char *params, double closed,
                 double estimate, uint64_t n, bool expected);
/* `bad` of `n` independent trials mismatch a deterministic claim (an algorithm against the
 * optimum, a kernel against the policy, a bound that must hold for every job): kind exact,
 * closed form 0, agrees iff bad = 0; the estimate is the share bad/n and the interval
 * Clopper–Pearson's at VD_LEVEL, an upper bound on the mismatch rate where none was seen.
 * Trials must be independent: items that share a replica are one trial (count the replicas
 * with a mismatch: their rate bounds the items' from above). */
int vd_add_mismatches(struct vd_rows *rows, const char *id, const char *params, uint64_t bad,
                      uint64_t n, bool expected);
int vd_add_below(struct vd_rows *rows, const char *id, const char *params, double bound,
                 double estimate, uint64_t n, bool expected);
/* A claimed upper bound on a mean (e.g. a probability of failure): kind below with the interval
 * estimate ± z·se; agrees unless the whole interval lies above the bound — the claim is
 * rejected only when the estimate is significantly larger. */
int vd_add_at_most(struct vd_rows *rows, const char *id, const char *params, double bound,
                   double estimate, double se, uint64_t n, bool expected);
/* An estimate that is a set of plausible values [lo, hi] (e.g. the r whose simulated utility is
 * not significantly below the best): agrees iff lo <= closed <= hi. */
int vd_add_range(struct vd_rows *rows, const char *id, const char *params, double closed,
                 double estimate, double lo, double hi, uint64_t n, bool expected);

/* Half-width of a two-sided interval at VD_LEVEL in standard errors, for n samples
 * (Student-t below 100000, normal above). */
double vd_z(uint64_t n);

/* ------------------------------------------------------------------ sequential looks
 *
 * A sample whose rows are all decided by a wide margin (a sign established, a closed form
 * rejected) need not be drawn in full. Such a sample is looked at up to VD_LOOKS times, at
 * sizes the check fixes in advance (growing to its full size), with the level 1 − VD_LEVEL
 * split between the looks (Bonferroni): look i's intervals are at 1 − vd_look_alpha[i], so
 * all the looks' intervals cover together with probability >= VD_LEVEL. The sample stops at
 * the first look where every row it feeds is decided at that look's level — whatever --only
 * selects — and its rows are that look's; a row that agrees is never decided, so a sample
 * with one runs to its full size. A verdict can be wrong only where some look's interval
 * misses, so every row keeps the guarantee of a fixed-size row, and its interval is valid
 * (conservative) at VD_LEVEL. The sizes depend on nothing random and the decisions only on
 * the sample: the rows stay independent of the thread count. */
#define VD_LOOKS 3
extern const double vd_look_alpha[VD_LOOKS]; /* 1e-5, 1e-5, 8e-5 */

/* Half-width in standard errors of look `look`'s interval for n samples (as vd_z). */
double vd_look_z(int look, uint64_t n);

/* Whether estimate ± vd_look_z(look, n)·se excludes `value`: a row comparing the estimate
 * with `value` (a sign against 0, a closed form) is decided at that look. */
bool vd_look_excludes(int look, double estimate, double se, uint64_t n, double value);

/* vd_add_interval, vd_add_order and vd_add_at_most with look `look`'s interval. An at-most
 * row is decided once its interval lies on one side of the bound. */
int vd_add_interval_look(struct vd_rows *rows, const char *id, const char *params,
                         double closed, double estimate, double se, uint64_t n, bool expected,
                         int look);
int vd_add_order_look(struct vd_rows *rows, const char *id, const char *params,
                      int predicted_sign, double difference, double se, uint64_t n,
                      bool expected, int look);
int vd_add_at_most_look(struct vd_rows *rows, const char *id, const char *params, double bound,
                        double estimate, double se, uint64_t n, bool expected, int look);

/* ------------------------------------------------------------------ simulation drivers */

/* The scenario a check starts from: S slots, a batch of `jobs` jobs of `tasks` tasks with task
 * times d, one phase, no deadline, unit weights, exact estimates; the check sets the rest. */
struct cl_spec vd_spec(int slots, int jobs, int tasks, struct dist d);

/* A row's seed: the experiment seed mixed with a hash of the row's id and parameters. */
uint64_t vd_seed(const struct vd_context *ctx, const char *id, const char *params);

/* Simulate `jobs` jobs of a kernel (analysis/kernels.h) on ctx->threads threads, in fixed
 * chunks whose totals are added in chunk order: the result does not depend on threads. */
struct kn_spec;
struct kn_totals;
void vd_kernel(const struct vd_context *ctx, const struct kn_spec *s, uint64_t seed,
               uint64_t jobs, struct kn_totals *out);

/* Jobs [first, first + count) added to *out (the kernels' sums are exact: jobs [0, a) then
 * [a, b) give the totals of [0, b) bit for bit). For sequential looks. */
void vd_kernel_more(const struct vd_context *ctx, const struct kn_spec *s, uint64_t seed,
                    uint64_t first, uint64_t count, struct kn_totals *out);

/* Run `replicas` replicas of the cluster model (one policy, one scenario) on ctx->threads
 * threads; values[m * replicas + r] receives metric m of replica r. 0, or -1 on failure. */
int vd_model(const struct vd_context *ctx, const struct cl_spec *spec, const struct policy *pol,
             const double *param, uint64_t seed, int replicas, double *values);

/* Replicas [first, first + count) of vd_model's `replicas` (the same seeds: replica r is the
 * same wherever it runs), into values[m * replicas + r]. For sequential looks. */
int vd_model_part(const struct vd_context *ctx, const struct cl_spec *spec,
                  const struct policy *pol, const double *param, uint64_t seed, int first,
                  int count, int replicas, double *values);

/* The per-job hook: a function of one finished replica's cluster — every job's arrival,
 * completion, weight, tasks and phase statistics (models/cluster.h) — that writes `nout`
 * values. It runs on the thread that ran the replica and must only read `arg`. */
struct cluster;
typedef void (*vd_replica_fn)(const struct cluster *cl, const void *arg, double *out);

/* vd_model with the outputs of `fn` instead of the metrics: values[k * replicas + r] receives
 * output k of replica r (fn = NULL: the M_COUNT metrics, nout = M_COUNT). Same seeds and
 * replicas as vd_model, so the two see the same jobs; independent of the thread count. */
int vd_model_each(const struct vd_context *ctx, const struct cl_spec *spec,
                  const struct policy *pol, const double *param, uint64_t seed, int replicas,
                  vd_replica_fn fn, const void *arg, int nout, double *values);

#endif

/* The validation drivers' per-job hook (analysis/validate.h, vd_model_each) and two verdicts:
 * the hook sees every job of the replicas vd_model runs, its outputs do not depend on the
 * thread count; an at-most row (vd_add_at_most) disagrees only when its whole interval lies
 * above the bound; a count of mismatches (vd_add_mismatches) agrees only at 0 and carries
 * Clopper–Pearson's upper bound on the mismatch rate; the sequential looks split the level
 * and their samples grow by parts that add up to the one-shot sample bit for bit; a two-stage
 * mean is sized by its pilot. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>

#include "analysis/kernels.h"
#include "analysis/validate.h"
#include "scenario.h"

enum { R = 6 };

static struct cl_spec open_spec(void)
{
    struct cl_spec sp = sc_spec(4, 400, 3);
    sp.arrival = ARRIVAL_POISSON;
    sp.rate = 0.8;
    sp.warmup = 40;
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 3.0};
    return sp;
}

/* Mean flowtime of the jobs after the warm-up, and how many jobs the replica had. */
static void mean_flow(const struct cluster *cl, const void *arg, double *out)
{
    double s = 0;
    int n = 0;
    (void)arg;
    for (int i = cl->spec->warmup; i < cl->njobs; i++, n++)
        s += cl->job[i].completion - cl->job[i].arrival;
    out[0] = s / n;
    out[1] = cl->njobs;
}

static void run_each(int threads, vd_replica_fn fn, int nout, double *v)
{
    struct cl_spec sp = open_spec();
    struct vd_context ctx = {.seed = 7, .threads = threads};
    double param[POL_MAX_PARAMS] = {0};
    cr_assert_eq(vd_model_each(&ctx, &sp, pol_find("fifo"), param, 11, R, fn, NULL, nout, v), 0);
}

Test(validate_model, hook_sees_the_jobs_of_vd_model)
{
    struct cl_spec sp = open_spec();
    struct vd_context ctx = {.seed = 7, .threads = 1};
    double param[POL_MAX_PARAMS] = {0}, metrics[M_COUNT * R], hook[2 * R];
    cr_assert_eq(vd_model(&ctx, &sp, pol_find("fifo"), param, 11, R, metrics), 0);
    run_each(1, mean_flow, 2, hook);
    for (int r = 0; r < R; r++) {
        cr_assert_float_eq(hook[r], metrics[M_FLOWTIME * R + r], 1e-12, "replica %d", r);
        cr_assert_eq(hook[R + r], 400.0);
    }
}

Test(validate_model, same_outputs_for_one_and_two_threads)
{
    double a[2 * R], b[2 * R];
    run_each(1, mean_flow, 2, a);
    run_each(2, mean_flow, 2, b);
    cr_assert(memcmp(a, b, sizeof a) == 0);
}

Test(validate_model, no_hook_gives_the_metrics)
{
    struct cl_spec sp = open_spec();
    struct vd_context ctx = {.seed = 7, .threads = 1};
    double param[POL_MAX_PARAMS] = {0}, a[M_COUNT * R], b[M_COUNT * R];
    cr_assert_eq(vd_model(&ctx, &sp, pol_find("fifo"), param, 11, R, a), 0);
    run_each(1, NULL, M_COUNT, b);
    for (int i = 0; i < M_COUNT * R; i++)
        cr_assert(a[i] == b[i] || (isnan(a[i]) && isnan(b[i])), "value %d", i);
}

Test(validate_model, at_most_disagrees_only_when_significantly_above)
{
    struct vd_rows rows = {0};
    double z = vd_z(1000);
    /* estimate 0.5, se 0.01: the interval is 0.5 ± z·0.01 */
    cr_assert_eq(vd_add_at_most(&rows, "t", "", 0.5 - 0.9 * z * 0.01, 0.5, 0.01, 1000, true), 0);
    cr_assert_eq(vd_add_at_most(&rows, "t", "", 0.5 - 1.1 * z * 0.01, 0.5, 0.01, 1000, true), 0);
    cr_assert_eq(vd_add_at_most(&rows, "t", "", 0.6, 0.5, 0.01, 1000, true), 0);
    cr_assert(rows.row[0].agrees, "below the estimate but inside its interval: not rejected");
    cr_assert(!rows.row[1].agrees, "the whole interval above the bound: rejected");
    cr_assert(rows.row[2].agrees);
    cr_assert_eq(rows.row[1].kind, VD_BELOW);
    cr_assert_float_eq(rows.row[1].ci_low, 0.5 - z * 0.01, 1e-12);
    vd_rows_free(&rows);
}

Test(validate_model, mismatches_carry_an_upper_bound_on_the_rate)
{
    gsl_set_error_handler_off(); /* as the CLI runs: 3 of 2000 is where GSL's inversion fails */
    struct vd_rows rows = {0};
    cr_assert_eq(vd_add_mismatches(&rows, "t", "", 0, 2000, true), 0);
    cr_assert_eq(vd_add_mismatches(&rows, "t", "", 3, 2000, true), 0);
    const struct vd_row *none = &rows.row[0], *some = &rows.row[1];
    cr_assert_eq(none->kind, VD_EXACT);
    cr_assert(none->agrees && none->estimate == 0 && none->ci_low == 0);
    /* 0 of n: (1 - p)^n = (1 - VD_LEVEL)/2 at the upper end, about 9.9/n */
    cr_assert_float_eq(none->ci_high, 1 - pow((1 - VD_LEVEL) / 2, 1.0 / 2000), 1e-12);
    cr_assert(!some->agrees, "any mismatch disagrees");
    cr_assert_float_eq(some->estimate, 3.0 / 2000, 1e-15);
    cr_assert(some->ci_low > 0 && some->ci_low < some->estimate && some->ci_high > some->estimate);
    /* the upper end is the 1 − 5e-5 quantile of Beta(4, 1997) */
    cr_assert_float_eq(gsl_cdf_beta_P(some->ci_high, 4, 1997), 1 - (1 - VD_LEVEL) / 2, 1e-12);
    vd_rows_free(&rows);
}

/* ------------------------------------------------------------------ sequential looks */

Test(validate_model, looks_split_the_level)
{
    double sum = 0;
    for (int k = 0; k < VD_LOOKS; k++) {
        cr_assert(vd_look_alpha[k] > 0);
        sum += vd_look_alpha[k];
        cr_assert(vd_look_z(k, 1000) > vd_z(1000), "look %d is stricter than a fixed size", k);
        cr_assert(vd_look_z(k, 1000000) > vd_z(1000000));
    }
    cr_assert(fabs(sum - (1 - VD_LEVEL)) < 1e-15, "the looks spend %g", sum);
    /* look 0 at 1e-5: normal quantile 4.4172 */
    cr_assert_float_eq(vd_look_z(0, 1000000), 4.4172, 1e-4);
    double h = vd_look_z(1, 50) * 0.1;
    cr_assert(vd_look_excludes(1, 1.0, 0.1, 50, 1.0 - 1.01 * h));
    cr_assert(!vd_look_excludes(1, 1.0, 0.1, 50, 1.0 - 0.99 * h));
    cr_assert(vd_look_excludes(1, 1.0, 0.1, 50, 1.0 + 1.01 * h));
    struct vd_rows rows = {0};
    cr_assert_eq(vd_add_order_look(&rows, "t", "", -1, -0.5, 0.1, 50, true, 2), 0);
    cr_assert_eq(vd_add_interval_look(&rows, "t", "", 1.0, 1.2, 0.1, 50, false, 0), 0);
    cr_assert(rows.row[0].agrees && rows.row[0].kind == VD_ORDER);
    cr_assert_float_eq(rows.row[0].ci_high, -0.5 + vd_look_z(2, 50) * 0.1, 1e-15);
    cr_assert(rows.row[1].agrees, "1 lies within 1.2 ± 8.5 se's at 1e-5 with 49 df");
    vd_rows_free(&rows);
}

Test(validate_model, kernel_in_parts_is_the_kernel)
{
    struct kn_spec ks = {.strategy = CH_RESUME, .N = 10, .r = 1, .tmin = 1, .beta = 1.5,
                         .D = 3, .tau_est = 2, .tau_kill = 2.2};
    struct vd_context ctx = {.seed = 3, .threads = 2};
    struct kn_totals whole, parts;
    vd_kernel(&ctx, &ks, 17, 100000, &whole);
    memset(&parts, 0, sizeof parts);
    vd_kernel_more(&ctx, &ks, 17, 0, 6250, &parts);
    vd_kernel_more(&ctx, &ks, 17, 6250, 18750, &parts);
    vd_kernel_more(&ctx, &ks, 17, 25000, 75000, &parts);
    cr_assert_eq(parts.jobs, whole.jobs);
    cr_assert_eq(parts.jobs_met, whole.jobs_met);
    cr_assert(parts.job_cost == whole.job_cost && parts.job_cost2 == whole.job_cost2);
    cr_assert(parts.task_done == whole.task_done && parts.job_done2 == whole.job_done2);
}

Test(validate_model, model_in_parts_is_the_model)
{
    struct cl_spec sp = open_spec();
    struct vd_context ctx = {.seed = 7, .threads = 2};
    double param[POL_MAX_PARAMS] = {0}, a[M_COUNT * R], b[M_COUNT * R];
    cr_assert_eq(vd_model(&ctx, &sp, pol_find("fifo"), param, 11, R, a), 0);
    cr_assert_eq(vd_model_part(&ctx, &sp, pol_find("fifo"), param, 11, 0, 2, R, b), 0);
    cr_assert_eq(vd_model_part(&ctx, &sp, pol_find("fifo"), param, 11, 2, R - 2, R, b), 0);
    for (int i = 0; i < M_COUNT * R; i++)
        cr_assert(a[i] == b[i] || (isnan(a[i]) && isnan(b[i])), "value %d", i);
}

Test(validate_model, at_most_look_uses_the_look_level)
{
    struct vd_rows rows = {0};
    double z = vd_look_z(0, 125);
    cr_assert_eq(vd_add_at_most_look(&rows, "t", "", 0.5 - 0.9 * z * 0.01, 0.5, 0.01, 125,
                                     true, 0), 0);
    cr_assert_eq(vd_add_at_most_look(&rows, "t", "", 0.5 - 1.1 * z * 0.01, 0.5, 0.01, 125,
                                     true, 0), 0);
    cr_assert(rows.row[0].agrees && !rows.row[1].agrees);
    cr_assert_float_eq(rows.row[0].ci_low, 0.5 - z * 0.01, 1e-12);
    vd_rows_free(&rows);
}

/* Stein's two-stage mean (vd_add_model_mean): the pilot's SD decides n; the row is the mean of
 * the first n of the replicas vd_model runs (the same seeds), with the pilot's SD and t. */
Test(validate_model, two_stage_mean_is_sized_by_the_pilot)
{
    enum { MAX = 40, PILOT = 8 };
    struct cl_spec sp = open_spec();
    struct vd_context ctx = {.seed = 7, .threads = 2};
    double param[POL_MAX_PARAMS] = {0}, *all = malloc(sizeof(double) * M_COUNT * MAX);
    const struct policy *fifo = pol_find("fifo");
    cr_assert_eq(vd_model(&ctx, &sp, fifo, param, vd_seed(&ctx, "t", "p"), MAX, all), 0);
    const double *x = all + (size_t)M_FLOWTIME * MAX;
    double m = 0, ss = 0;
    for (int r = 0; r < PILOT; r++)
        m += x[r] / PILOT;
    for (int r = 0; r < PILOT; r++)
        ss += (x[r] - m) * (x[r] - m);
    double s0 = sqrt(ss / (PILOT - 1)), z = vd_z(PILOT);
    /* a half-width that needs 20 replicas by the pilot's SD; one the pilot meets; one no
       sample of MAX meets */
    double h[3] = {z * s0 / sqrt(19.5), 10 * z * s0, z * s0 / 100};
    int want[3] = {20, PILOT, MAX};
    struct vd_rows rows = {0};
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(vd_add_model_mean(&ctx, &rows, "t", "p", m, &sp, fifo, param, M_FLOWTIME,
                                       PILOT, MAX, h[i]), 0);
        struct vd_row *row = &rows.row[i];
        cr_assert_eq(row->n, (uint64_t)want[i], "case %d: n %llu", i,
                     (unsigned long long)row->n);
        double mean = 0;
        for (int r = 0; r < want[i]; r++)
            mean += x[r];
        mean /= want[i];
        cr_assert_float_eq(row->estimate, mean, 1e-12 * mean);
        cr_assert_float_eq(row->ci_high - row->estimate, z * s0 / sqrt(want[i]), 1e-12);
    }
    vd_rows_free(&rows);
    free(all);
}

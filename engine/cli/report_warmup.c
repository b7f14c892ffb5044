/* report_warmup — `specmc report FILE --warmup [--csv]`: is the configured warm-up long enough?
 *
 * Every interval specmc prints is for the finite-horizon mean of the configured run, warm-up
 * bias included (docs/methods/statistics.md). This judges that bias from the run's by_job/flowtime:
 * the geometric mean over the replicas of job i's flowtime, in arrival order (Welch's ensemble
 * average, on the log scale so that a heavy tail does not drown the trend; files of specmc
 * before the streamed summaries hold the median instead, in the same layout).
 * Printed per (scenario, policy): the configured warm-up, the truncation point MSER-5 chooses
 * (White, Cobb & Spratt 2000: batches of 5 jobs, the d minimising the squared standard error of
 * the mean of the batches after d, Σ_{k>d} (z_k − z̄_d)² / (b − d)², over d <= b/2), and the
 * averages over each tenth of the jobs, which show a trend the eye can judge. A truncation
 * point beyond the configured warm-up says the first measured jobs still carry the empty start.
 * Reads only what results.c reads. */
#include <math.h>
#include <stdio.h>

#include "engine/base/messages.h"
#include "engine/cli/commands.h"
#include "engine/results/results.h"
#include "engine/base/text.h"

#define MSER_BATCH 5
#define TENTHS 10

/* MSER-5's truncation point (in jobs) of x[0..n), the batch means computed on the fly. */
static int mser5(const double *x, int n)
{
    int b = n / MSER_BATCH, best_d = 0;
    double best = INFINITY;
    for (int d = 0; d <= b / 2 && b - d >= 2; d++) {
        struct st_acc acc;
        st_acc_init(&acc);
        for (int k = d; k < b; k++) {
            double z = 0.0;
            for (int j = 0; j < MSER_BATCH; j++)
                z += x[k * MSER_BATCH + j];
            st_acc_add(&acc, z / MSER_BATCH);
        }
        double mser = acc.m2 / ((double)(b - d) * (double)(b - d));
        if (mser < best) {
            best = mser;
            best_d = d;
        }
    }
    return best_d * MSER_BATCH;
}

/* The average of x over the t-th tenth of [0, n). */
static double tenth(const double *x, int n, int t)
{
    int lo = (int)((long)n * t / TENTHS), hi = (int)((long)n * (t + 1) / TENTHS);
    double sum = 0.0;
    for (int i = lo; i < hi; i++)
        sum += x[i];
    return hi > lo ? sum / (hi - lo) : NAN;
}

int report_warmup(const char *path, bool csv)
{
    struct rs_file f;
    char err[1024];
    if (rs_read(path, &f, err, sizeof err)) {
        msg_error("%s", err);
        return 2;
    }
    if (f.nscen == 0 || !f.by_job[0].flowtime) {
        msg_error("%s: keeps no by_job/flowtime (files before format 6 kept it only when their "
                  "job flowtimes fit in memory: docs/guide/file-format.md)", path);
        rs_file_free(&f);
        return 2;
    }
    if (csv) {
        fputs("scenario,policy,jobs,warmup,mser5", stdout);
        for (int t = 0; t < TENTHS; t++)
            printf(",tenth%d", t + 1);
        for (int a = 0; a < f.nsweep; a++) {
            putchar(',');
            text_csv_field(f.sweep_keys[a], stdout);
        }
        putchar('\n');
    } else {
        const char *what = f.by_job_geometric ? "geometric mean" : "median";
        printf("experiment %s: %s flowtime by job (arrival order) over %d replicas\n"
               "warmup: the configured one; mser5: the truncation point MSER-5 chooses; then the\n"
               "average of those %ss over each tenth of the jobs\n",
               f.experiment, what, f.replicas, what);
    }
    for (int s = 0; s < f.nscen; s++) {
        if (!csv) {
            report_scenario_heading(&f, s);
            printf("\n  %-10s %6s %6s ", "policy", "warmup", "mser5");
            for (int t = 0; t < TENTHS; t++)
                printf(" %8d%%", 10 * (t + 1));
            printf("\n");
        }
        for (int p = 0; p < f.npol; p++) {
            const struct rs_by_job *b = &f.by_job[s * f.npol + p];
            if (!b->flowtime)
                continue;
            int warm = b->jobs - f.measured_jobs[s], m = mser5(b->flowtime, b->jobs);
            if (csv) {
                printf("%d,", s);
                text_csv_field(f.policies[p], stdout);
                printf(",%d,%d,%d", b->jobs, warm, m);
                for (int t = 0; t < TENTHS; t++)
                    printf(",%.17g", tenth(b->flowtime, b->jobs, t));
                for (int a = 0; a < f.nsweep; a++) {
                    putchar(',');
                    text_csv_field(f.sweep_values[s * f.nsweep + a], stdout);
                }
                putchar('\n');
            } else {
                printf("  %-10s %6d %6d%s", f.policies[p], warm, m, m > warm ? "!" : " ");
                for (int t = 0; t < TENTHS; t++)
                    printf(" %9.4g", tenth(b->flowtime, b->jobs, t));
                printf("\n");
            }
        }
    }
    if (!csv)
        printf("\n'!': MSER-5 would discard more jobs than the configured warm-up: the first "
               "measured jobs may still\ncarry the empty start (workload.warmup; "
               "docs/methods/statistics.md).\n");
    rs_file_free(&f);
    return fflush(stdout) == 0 ? 0 : 1;
}

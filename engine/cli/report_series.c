/* report_series — `specmc report FILE --series [--csv] [--scenario S] [--policy P]`: the time
 * series of each policy's state the run kept ([series] in the config; docs/guide/file-format.md,
 * series), e.g. seed 003's time threshold over a job's lifecycle.
 *
 * The replica is the independent unit: at each time, the replicas that have a value there
 * (the state is NaN while no job is unfinished, or where the policy has none) give the
 * median of the state with its order-statistic interval, and the 10 % and 90 % quantiles
 * with theirs (engine/stats/intervals.h iv_quantile): distribution-free, valid whatever the
 * law of the state across replicas. No mean is reported: nothing bounds the tail of a
 * state such as eq. 7's QoS / median TTC, which a mean's interval would have to assume. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/messages.h"
#include "engine/base/text.h"
#include "engine/cli/commands.h"
#include "engine/results/results.h"
#include "engine/stats/intervals.h"

/* The quantiles reported, in the CSV's rows and the table's columns. */
static const double series_q[] = {0.5, 0.1, 0.9};
static const char *const series_q_name[] = {"state_median", "state_p10", "state_p90"};
#define SERIES_NQ 3

/* Quantile series_q[j] of (s, p) at time k over the replicas with a value; work: replicas
 * doubles. */
static struct st_summary series_at(const struct rs_file *f, const struct rs_series *x, int k,
                                   int j, double *work)
{
    long n = 0;
    for (int r = 0; r < f->replicas; r++) {
        double v = x->values[(size_t)r * (size_t)x->n + (size_t)k];
        if (!isnan(v))
            work[n++] = v;
    }
    return n ? iv_quantile(work, n, series_q[j], f->confidence) : st_empty(0, ST_NONE);
}

/* The rows asked for: only scenario `scenario` and policy `policy` where >= 0. */
struct pick {
    int scenario, policy;
};

static bool shown(const struct pick *o, int s, int p)
{
    return (o->scenario < 0 || s == o->scenario) && (o->policy < 0 || p == o->policy);
}

static void print_csv(const struct rs_file *f, const struct pick *o, double *work)
{
    report_csv_header(f, "scenario,policy,quantity,at,n,mean,stddev,ci_low,ci_high,interval");
    for (int s = 0; s < f->nscen; s++)
        for (int p = 0; p < f->npol; p++) {
            const struct rs_series *x = &f->series[s * f->npol + p];
            for (int j = 0; shown(o, s, p) && j < SERIES_NQ; j++)
                for (int k = 0; k < x->n; k++) {
                    struct st_summary q = series_at(f, x, k, j, work);
                    printf("%d,", s);
                    text_csv_field(f->policies[p], stdout);
                    printf(",%s,%.17g", series_q_name[j], x->times[k]);
                    report_csv_tail(f, s, &q);
                }
        }
}

static void print_table(const struct rs_file *f, const struct pick *o, double *work)
{
    printf("experiment %s: each policy's state over %d replicas: the median [its %.4g%% "
           "interval] and the 10 %% and 90 %% quantiles of the replicas with a value (n)\n",
           f->experiment, f->replicas, 100 * f->confidence);
    for (int s = 0; s < f->nscen; s++)
        for (int p = 0; p < f->npol; p++) {
            const struct rs_series *x = &f->series[s * f->npol + p];
            if (!shown(o, s, p) || x->n == 0)
                continue;
            report_scenario_heading(f, s);
            printf("\n  %s: %s\n  times from %s\n  %12s %6s", f->policies[p],
                   x->state[0] ? x->state : "no state (NaN)",
                   strcmp(x->origin, "zero") ? "the first job's arrival" : "0", "time", "n");
            report_cell("median [interval]", 28);
            report_cell("p10", 12);
            report_cell("p90", 12);
            printf("\n");
            for (int k = 0; k < x->n; k++) {
                struct st_summary q[SERIES_NQ];
                for (int j = 0; j < SERIES_NQ; j++)
                    q[j] = series_at(f, x, k, j, work);
                char cell[96];
                if (q[0].n == 0)
                    snprintf(cell, sizeof cell, "-");
                else
                    snprintf(cell, sizeof cell, "%.4g [%.4g, %.4g]", q[0].mean, q[0].ci_low,
                             q[0].ci_high);
                printf("  %12g %6llu", x->times[k], (unsigned long long)q[0].n);
                report_cell(cell, 28);
                for (int j = 1; j < SERIES_NQ; j++) {
                    snprintf(cell, sizeof cell, q[j].n ? "%.4g" : "-", q[j].mean);
                    report_cell(cell, 12);
                }
                printf("\n");
            }
        }
    printf("\nIntervals are order statistics of the replicas (distribution-free); '--csv' "
           "gives each quantile's interval.\n");
}

int report_series(const char *path, const struct report_opts *o)
{
    struct rs_file f;
    char err[1024];
    if (rs_read(path, &f, err, sizeof err)) {
        msg_error("%s", err);
        return 2;
    }
    int rc = 0, any = 0;
    for (int i = 0; i < f.nscen * f.npol; i++)
        any = any || f.series[i].n > 0;
    double *work = NULL;
    struct pick w = {o->scenario, -1};
    if (o->scenario >= f.nscen) {
        msg_error("report: --scenario %d: %s has scenarios 0 to %d", o->scenario, path,
                  f.nscen - 1);
        rc = 2;
    } else if (o->policy_name &&
               (w.policy = report_policy_index(&f, "--policy", o->policy_name, path)) < 0) {
        rc = 2;
    } else if (!any) {
        msg_error("%s: keeps no series; run with [series] times = ... (docs/guide/config.md)",
                  path);
        rc = 2;
    } else if (!(work = malloc((size_t)(f.replicas + 1) * sizeof *work))) {
        msg_error("report: out of memory");
        rc = 1;
    } else if (o->csv)
        print_csv(&f, &w, work);
    else
        print_table(&f, &w, work);
    free(work);
    rs_file_free(&f);
    return rc ? rc : fflush(stdout) == 0 ? 0 : 1;
}

/* cmd_report — `specmc report FILE.h5 [--csv]`: print a results file as a readable table or
 * as CSV (SPEC §5: columns scenario,policy,metric,n,mean,stddev,ci_low,ci_high, then one
 * column per sweep key). Paired differences against the first policy are rows whose metric
 * is `delta_<metric>`. Reads only what results.c reads; computes nothing new. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/commands.h"
#include "engine/results.h"

/* Metrics shown in the human table, and the paired difference beside them. */
static const char *const table_metrics[] = {"flowtime", "flowtime_p99", "pocd", "machine_time"};
#define TABLE_METRICS (int)(sizeof table_metrics / sizeof table_metrics[0])
#define CELL 17 /* columns per metric cell */

static int metric_index(const struct rs_file *f, const char *name)
{
    for (int m = 0; m < f->nmetrics; m++)
        if (!strcmp(f->metrics[m], name))
            return m;
    return -1;
}

/* "mean ± h" with h half the interval's width (t intervals are symmetric; a Wilson interval
 * near 0 or 1 is not, and --csv gives its exact ends), h to two significant digits and the
 * mean to the same decimal place. */
static void fmt_interval(char *buf, size_t len, const struct st_summary *s)
{
    double h = 0.5 * (s->ci_high - s->ci_low), a = fmax(fabs(s->mean), h);
    if (s->n == 0 || isnan(s->mean)) {
        snprintf(buf, len, "-");
    } else if (a >= 1e6 || (a > 0 && a < 1e-4)) {
        snprintf(buf, len, "%.3e ± %.1e", s->mean, h);
    } else if (isnan(h)) {
        snprintf(buf, len, "%.4g", s->mean);
    } else {
        int d = h > 0 ? 1 - (int)floor(log10(h)) : 4;
        d = d < 0 ? 0 : d > 6 ? 6 : d;
        snprintf(buf, len, "%.*f ± %.*f", d, s->mean, d, h);
    }
}

/* Print a cell left-aligned in `width` columns; "±" is two bytes but one column. */
static void print_cell(const char *text, int width)
{
    int cols = (int)strlen(text) - (strstr(text, "±") ? 1 : 0);
    printf(" %s%*s", text, width > cols ? width - cols : 0, "");
}

static void print_table(const struct rs_file *f)
{
    printf("experiment %s: seed %llu, %d replicas per cell; mean ± half-width of the %.4g%% "
           "interval\n",
           f->experiment, (unsigned long long)f->seed, f->replicas, 100 * f->confidence);
    int idx[TABLE_METRICS];
    for (int k = 0; k < TABLE_METRICS; k++)
        idx[k] = metric_index(f, table_metrics[k]);
    int flow = metric_index(f, "flowtime");
    char diff_head[64];
    snprintf(diff_head, sizeof diff_head, "flowtime - %s", f->policies[0]);
    int pw = 6; /* policy column: the longest name */
    for (int p = 0; p < f->npol; p++)
        pw = (int)strlen(f->policies[p]) > pw ? (int)strlen(f->policies[p]) : pw;
    for (int s = 0; s < f->nscen; s++) {
        printf("\nscenario %d", s);
        for (int a = 0; a < f->nsweep; a++)
            printf("%s %s = %s", a ? "," : ":", f->sweep_keys[a], f->sweep_values[s * f->nsweep + a]);
        printf("\n  %-*s", pw, "policy");
        for (int k = 0; k < TABLE_METRICS; k++)
            print_cell(table_metrics[k], CELL);
        print_cell(diff_head, 0);
        printf("\n");
        for (int p = 0; p < f->npol; p++) {
            printf("  %-*s", pw, f->policies[p]);
            char buf[64];
            for (int k = 0; k < TABLE_METRICS; k++) {
                if (idx[k] < 0)
                    snprintf(buf, sizeof buf, "-");
                else
                    fmt_interval(buf, sizeof buf, &f->summary[rs_cell(f, s, p, idx[k])]);
                print_cell(buf, CELL);
            }
            if (p == 0 || flow < 0)
                snprintf(buf, sizeof buf, "(baseline)");
            else
                fmt_interval(buf, sizeof buf, &f->paired[rs_cell(f, s, p, flow)]);
            print_cell(buf, 0);
            printf("\n");
        }
    }
    printf("\nThe last column pairs replicas (same workload under both policies). pocd is '-' "
           "without deadlines.\n'specmc report FILE --csv' gives every metric with both "
           "interval ends.\n");
}

/* A CSV field, quoted when it holds a comma, quote or newline. */
static void csv_field(const char *s)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"')
            putchar('"');
        putchar(*s);
    }
    putchar('"');
}

static void csv_row(const struct rs_file *f, int s, int p, const char *prefix, int m,
                    const struct st_summary *x)
{
    printf("%d,", s);
    csv_field(f->policies[p]);
    printf(",%s", prefix);
    csv_field(f->metrics[m]);
    printf(",%llu,%.17g,%.17g,%.17g,%.17g", (unsigned long long)x->n, x->mean, x->stddev,
           x->ci_low, x->ci_high);
    for (int a = 0; a < f->nsweep; a++) {
        putchar(',');
        csv_field(f->sweep_values[s * f->nsweep + a]);
    }
    putchar('\n');
}

static void print_csv(const struct rs_file *f)
{
    fputs("scenario,policy,metric,n,mean,stddev,ci_low,ci_high", stdout);
    for (int a = 0; a < f->nsweep; a++) {
        putchar(',');
        csv_field(f->sweep_keys[a]);
    }
    putchar('\n');
    for (int s = 0; s < f->nscen; s++)
        for (int p = 0; p < f->npol; p++) {
            for (int m = 0; m < f->nmetrics; m++)
                csv_row(f, s, p, "", m, &f->summary[rs_cell(f, s, p, m)]);
            for (int m = 0; p > 0 && m < f->nmetrics; m++)
                csv_row(f, s, p, "delta_", m, &f->paired[rs_cell(f, s, p, m)]);
        }
}

int report_print(const char *path, bool csv)
{
    struct rs_file f;
    char err[1024];
    if (rs_read(path, &f, err, sizeof err)) {
        cli_error("%s", err);
        return 1;
    }
    if (csv)
        print_csv(&f);
    else
        print_table(&f);
    rs_file_free(&f);
    return fflush(stdout) == 0 ? 0 : 1;
}

static const char report_usage[] =
    "usage: specmc report FILE.h5 [--csv]\n"
    "Print the summary of a results file: a table of flowtime, p99 flowtime, PoCD and machine\n"
    "time per scenario and policy, or with --csv every metric as\n"
    "scenario,policy,metric,n,mean,stddev,ci_low,ci_high[,sweep keys...]\n"
    "(rows named delta_METRIC are paired differences against the first policy).\n";

int cmd_report(int argc, char **argv)
{
    const char *path = NULL;
    bool csv = false;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--csv"))
            csv = true;
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(report_usage, stdout);
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            cli_error("report: unknown option '%s'\n%s", argv[i], report_usage);
            return 2;
        } else if (path) {
            cli_error("report: one file at a time (got '%s' and '%s')", path, argv[i]);
            return 2;
        } else
            path = argv[i];
    }
    if (!path) {
        cli_error("report: no file given\n%s", report_usage);
        return 2;
    }
    return report_print(path, csv) ? 2 : 0;
}

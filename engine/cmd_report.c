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

static int metric_index(const struct rs_file *f, const char *name)
{
    for (int m = 0; m < f->nmetrics; m++)
        if (!strcmp(f->metrics[m], name))
            return m;
    return -1;
}

/* Four significant digits without exponents for everyday magnitudes. */
static void fmt_num(char *buf, size_t len, double x)
{
    double a = fabs(x);
    if (isnan(x))
        snprintf(buf, len, "-");
    else if (a != 0 && (a >= 1e6 || a < 1e-3))
        snprintf(buf, len, "%.3e", x);
    else
        snprintf(buf, len, "%.*f", a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : a >= 1 ? 3 : 4, x);
}

static void fmt_interval(char *buf, size_t len, const struct st_summary *s)
{
    char m[24], lo[24], hi[24];
    if (s->n == 0 || isnan(s->mean)) {
        snprintf(buf, len, "-");
        return;
    }
    fmt_num(m, sizeof m, s->mean);
    fmt_num(lo, sizeof lo, s->ci_low);
    fmt_num(hi, sizeof hi, s->ci_high);
    snprintf(buf, len, "%s [%s, %s]", m, lo, hi);
}

static void print_table(const struct rs_file *f)
{
    printf("experiment %s: seed %llu, %d replicas per cell, %.4g%% intervals\n", f->experiment,
           (unsigned long long)f->seed, f->replicas, 100 * f->confidence);
    int idx[TABLE_METRICS];
    for (int k = 0; k < TABLE_METRICS; k++)
        idx[k] = metric_index(f, table_metrics[k]);
    int flow = metric_index(f, "flowtime");
    for (int s = 0; s < f->nscen; s++) {
        printf("\nscenario %d", s);
        for (int a = 0; a < f->nsweep; a++)
            printf("%s %s = %s", a ? "," : ":", f->sweep_keys[a], f->sweep_values[s * f->nsweep + a]);
        printf("\n  %-10s", "policy");
        for (int k = 0; k < TABLE_METRICS; k++)
            printf(" %-26s", table_metrics[k]);
        printf(" flowtime vs %s\n", f->policies[0]);
        for (int p = 0; p < f->npol; p++) {
            printf("  %-10s", f->policies[p]);
            char buf[128];
            for (int k = 0; k < TABLE_METRICS; k++) {
                if (idx[k] < 0)
                    snprintf(buf, sizeof buf, "-");
                else
                    fmt_interval(buf, sizeof buf, &f->summary[rs_cell(f, s, p, idx[k])]);
                printf(" %-26s", buf);
            }
            if (p == 0 || flow < 0)
                snprintf(buf, sizeof buf, "(baseline)");
            else
                fmt_interval(buf, sizeof buf, &f->paired[rs_cell(f, s, p, flow)]);
            printf(" %s\n", buf);
        }
    }
    printf("\nmean [%.4g%% interval] over replicas; pocd is '-' without deadlines; "
           "'specmc report FILE --csv' lists every metric.\n",
           100 * f->confidence);
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

/* report_cdf — `specmc report FILE --cdf QUANTITY [--within LO,HI] [--csv]`: the empirical CDF
 * of a per-job quantity (flowtime, machine_time) at the edges of the histogram the run kept
 * ([histogram] in the config; docs/guide/file-format.md).
 *
 * Replica r's CDF at edge e is the share of its measured jobs with x <= e; with --within LO,HI
 * the share of those with LO < x <= HI that have x <= e (seed 002 Fig. 4 plots the CDF of the
 * jobs done within 300 s, Fig. 5 of those between 300 and 4000 s). Printed: the mean over
 * replicas of those shares, a proportion of jobs, with its interval (engine/stats/intervals.h:
 * Wilson on the jobs where they are independent — one per replica, or each with slots of its
 * own — and otherwise the betting interval of the replicas' shares, valid however a
 * replica's jobs depend on each other); a replica with no job in the range is left out. The
 * CSV adds, as in `report --csv`, the paired difference against the first policy replica by
 * replica (rows whose quantity is delta_Q). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/messages.h"
#include "engine/cli/commands.h"
#include "engine/stats/intervals.h"
#include "engine/results/results.h"
#include "engine/base/text.h"

/* The bins of the range: jobs of bins lo..hi-1 count; hi = bins + 1 takes the overflow in. */
struct cdf_range {
    int lo, hi;
};

static int edge_index(const struct rs_hist *h, double x)
{
    for (int k = 0; k <= h->bins; k++)
        if (fabs(h->edges[k] - x) <= 1e-9 * fmax(1.0, fabs(x)))
            return k;
    return -1;
}

/* "LO,HI", both edges of the histogram, LO < HI. */
static int parse_within(const char *arg, const struct rs_hist *h, const char *qname,
                        struct cdf_range *r)
{
    char *end;
    double lo = strtod(arg, &end), hi = NAN;
    if (*end == ',')
        hi = strtod(end + 1, &end);
    int a = *end ? -1 : edge_index(h, lo), b = *end ? -1 : edge_index(h, hi);
    if (a < 0 || b < 0 || a >= b) {
        msg_error("report: --within '%s': expected LO,HI with LO < HI, both edges of the %s "
                  "histogram: multiples of %g from 0 to %g",
                  arg, qname, h->edges[1] - h->edges[0], h->edges[h->bins]);
        return -1;
    }
    *r = (struct cdf_range){a, b};
    return 0;
}

/* Replica rep of (s, p): its jobs in the range (*all) and those at or below edge e (*below),
 * lo < e <= hi. */
static void replica_counts(const struct rs_file *f, enum job_quantity q, int s, int p, int rep,
                           struct cdf_range r, int e, double *below, double *all)
{
    const int32_t *c = rs_hist_counts(f, q, s, p, rep);
    *below = *all = 0.0;
    for (int k = r.lo; k < r.hi; k++) {
        *all += c[k];
        *below += k < e ? c[k] : 0;
    }
}

/* The CDF of (s, p) at edge e over replicas; with `paired`, minus that of policy 0. `work`
 * holds 4 × replicas doubles and iv_scratch_size(replicas) more. */
static struct st_summary cdf_at(const struct rs_file *f, enum job_quantity q, int s, int p,
                                struct cdf_range r, int e, bool paired, double *work)
{
    int n = f->replicas;
    double *k = work, *m = work + n, *k0 = work + 2 * n, *m0 = work + 3 * n;
    for (int rep = 0; rep < n; rep++) {
        replica_counts(f, q, s, p, rep, r, e, &k[rep], &m[rep]);
        if (paired)
            replica_counts(f, q, s, 0, rep, r, e, &k0[rep], &m0[rep]);
    }
    bool independent = f->independent[s * f->npol + p] &&
                       (!paired || f->independent[s * f->npol]);
    return paired ? iv_proportion_difference(k, m, k0, m0, n, independent, f->confidence,
                                             work + 4 * n)
                  : iv_proportion(k, m, n, independent, f->confidence, work + 4 * n);
}

static void csv_row(const struct rs_file *f, enum job_quantity q, int s, int p, int e,
                    const struct st_summary *x, const char *prefix)
{
    printf("%d,", s);
    text_csv_field(f->policies[p], stdout);
    printf(",%s%s,%.17g", prefix, job_quantity_info[q].name, f->hist[q].edges[e]);
    report_csv_tail(f, s, x);
}

static void print_csv(const struct rs_file *f, enum job_quantity q, struct cdf_range r,
                      double *work)
{
    const struct rs_hist *h = &f->hist[q];
    report_csv_header(f, "scenario,policy,quantity,at,n,mean,stddev,ci_low,ci_high,interval");
    int last = r.hi > h->bins ? h->bins : r.hi;
    for (int s = 0; s < f->nscen; s++)
        for (int p = 0; p < f->npol; p++) {
            for (int e = r.lo + 1; e <= last; e++) {
                struct st_summary x = cdf_at(f, q, s, p, r, e, false, work);
                csv_row(f, q, s, p, e, &x, "");
            }
            for (int e = r.lo + 1; p > 0 && e <= last; e++) {
                struct st_summary x = cdf_at(f, q, s, p, r, e, true, work);
                csv_row(f, q, s, p, e, &x, "delta_");
            }
        }
}

static void print_table(const struct rs_file *f, enum job_quantity q, struct cdf_range r,
                        double *work)
{
    const struct rs_hist *h = &f->hist[q];
    const char *name = job_quantity_info[q].name;
    printf("experiment %s: P(%s <= x)", f->experiment, name);
    if (r.lo > 0 || r.hi <= h->bins)
        printf(" among the jobs with %g < %s <= %g", h->edges[r.lo], name,
               r.hi <= h->bins ? h->edges[r.hi] : INFINITY);
    printf("; over %d replicas ± half-width of the %.4g%% interval\n", f->replicas,
           100 * f->confidence);
    int last = r.hi > h->bins ? h->bins : r.hi;
    for (int s = 0; s < f->nscen; s++) {
        report_scenario_heading(f, s);
        printf("\n  %12s", "x");
        for (int p = 0; p < f->npol; p++)
            report_cell(f->policies[p], REPORT_CELL);
        printf("\n");
        for (int e = r.lo + 1; e <= last; e++) {
            printf("  %12g", h->edges[e]);
            for (int p = 0; p < f->npol; p++) {
                char cell[64];
                struct st_summary x = cdf_at(f, q, s, p, r, e, false, work);
                report_fmt_interval(cell, sizeof cell, &x);
                report_cell(cell, REPORT_CELL);
            }
            printf("\n");
        }
    }
    printf("\n'--csv' adds the paired differences against %s (rows delta_%s).\n",
           f->policies[0], name);
}

int report_cdf(const char *path, const char *quantity, const char *within, bool csv)
{
    struct rs_file f;
    char err[1024];
    if (rs_read(path, &f, err, sizeof err)) {
        msg_error("%s", err);
        return 2;
    }
    int q = 0, rc = 0;
    while (q < JQ_COUNT && strcmp(job_quantity_info[q].name, quantity))
        q++;
    struct cdf_range r = {0, 0};
    if (q == JQ_COUNT) {
        msg_error("report: --cdf '%s': not a per-job quantity; valid: flowtime, machine_time",
                  quantity);
        rc = 2;
    } else if (f.hist[q].bins == 0) {
        msg_error("%s: keeps no %s histogram; run with [histogram] %s = MAX (docs/guide/config.md)",
                  path, quantity, quantity);
        rc = 2;
    } else {
        r = (struct cdf_range){0, f.hist[q].bins + 1};
        if (within && parse_within(within, &f.hist[q], quantity, &r))
            rc = 2;
    }
    size_t need = 4 * (size_t)(f.replicas + 1) + iv_scratch_size(f.replicas);
    double *work = rc == 0 ? malloc(need * sizeof *work) : NULL;
    if (rc == 0 && !work) {
        msg_error("report: out of memory");
        rc = 1;
    }
    if (rc == 0) {
        if (csv)
            print_csv(&f, (enum job_quantity)q, r, work);
        else
            print_table(&f, (enum job_quantity)q, r, work);
    }
    free(work);
    rs_file_free(&f);
    return rc ? rc : fflush(stdout) == 0 ? 0 : 1;
}

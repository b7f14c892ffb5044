/* cmd_report — `specmc report FILE.h5 [--csv]`: print a results file as a readable table or as
 * CSV (docs/guide/file-format.md, "`report --csv`": columns
 * scenario,policy,metric,n,mean,stddev,ci_low,ci_high, then `interval`, how the interval was
 * made (engine/stats/intervals.h), then one column per sweep key). Paired differences against
 * the first policy are rows whose metric is `delta_METRIC`, and the verdicts valid at any tail
 * `lower_`, `higher_`, `tied_`, `sign_p_`, `median_delta_METRIC` (engine/stats/verdict.h).
 * Prints what the file holds; computes the pairings anew only for another baseline (--baseline,
 * --against-scenario) and the verdicts of files that keep none (format 4 and older). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/messages.h"
#include "engine/cli/commands.h"
#include "engine/stats/intervals.h"
#include "engine/stats/verdict.h"
#include "engine/results/h5read.h"
#include "engine/results/results.h"
#include "engine/results/validate_file.h"
#include "engine/base/text.h"


int report_pick_metrics(const char *list, char *const *known, int nknown, int *idx, int max,
                        char *msg, size_t len)
{
    int n = 0;
    for (const char *p = list;; p++) {
        size_t w = strcspn(p, ",");
        int m = -1;
        for (int k = 0; k < nknown && m < 0; k++)
            if (strlen(known[k]) == w && !strncmp(known[k], p, w))
                m = k;
        if (m < 0 || n == max) {
            int off = m < 0 ? snprintf(msg, len, "unknown metric '%.*s'; valid:", (int)w, p)
                            : snprintf(msg, len, "at most %d metrics", max);
            for (int k = 0; m < 0 && k < nknown && off > 0 && (size_t)off < len; k++)
                off += snprintf(msg + off, len - (size_t)off, "%s %s", k ? "," : "", known[k]);
            return -1;
        }
        idx[n++] = m;
        p += w;
        if (!*p)
            return n;
    }
}

/* "mean ± h" with h half the interval's width, h to two significant digits and the mean to the
 * same decimal place; "mean [lo, hi]" instead when the interval is far from symmetric about
 * the mean (its midpoint more than h/4 away: a score interval near 0 or 1, a skewed
 * bootstrap), since "± h" would misstate it; "*" after an interval that is not valid
 * (ST_UNRELIABLE: the table's footnote says why); a value the same in every replica
 * (ST_CONSTANT) alone. --csv gives every interval's exact ends. */
void report_fmt_interval(char *buf, size_t len, const struct st_summary *s)
{
    double h = 0.5 * (s->ci_high - s->ci_low), a = fmax(fabs(s->mean), h);
    const char *mark = s->method == ST_UNRELIABLE ? "*" : "";
    if (s->n == 0 || isnan(s->mean)) {
        snprintf(buf, len, "-");
    } else if (s->method == ST_CONSTANT) {
        snprintf(buf, len, "%.6g (constant)", s->mean);
    } else if (isinf(s->mean)) {
        snprintf(buf, len, "%s%s", s->mean > 0 ? "inf" : "-inf", mark);
    } else if (isinf(s->ci_low) || isinf(s->ci_high)) { /* too few replicas to bound it */
        snprintf(buf, len, "%.4g [%.4g, %.4g]%s", s->mean, s->ci_low, s->ci_high, mark);
    } else if (a >= 1e6 || (a > 0 && a < 1e-4)) {
        snprintf(buf, len, "%.3e ± %.1e%s", s->mean, h, mark);
    } else if (isnan(h)) {
        snprintf(buf, len, "%.4g%s", s->mean, mark);
    } else {
        int d = h > 0 ? 1 - (int)floor(log10(h)) : 4;
        d = d < 0 ? 0 : d > 6 ? 6 : d;
        if (fabs(0.5 * (s->ci_low + s->ci_high) - s->mean) > 0.25 * h) /* far from symmetric */
            snprintf(buf, len, "%.*f [%.*f, %.*f]%s", d, s->mean, d, s->ci_low, d, s->ci_high,
                     mark);
        else
            snprintf(buf, len, "%.*f ± %.*f%s", d, s->mean, d, h, mark);
    }
}

/* Whether metric m of the file is a quantile of jobs pooled over replicas (by name, from this
 * binary's metric table): it has no per-replica values to pair. */
static bool pooled_metric(const struct rs_file *f, int m)
{
    for (int k = 0; k < M_COUNT; k++)
        if (!strcmp(metric_info[k].name, f->metrics[m]))
            return metric_info[k].pooled > 0;
    return false;
}

/* What the interval of metric m of (s, p) in a file needs (engine/stats/intervals.h): whether the
 * metric is a proportion and its range (by name, from this binary's metric table), the jobs its
 * value averages (the scenario's measured jobs, 1 for a replica's quantile), the tail index its
 * summary assumed. */
static struct iv_quantity file_quantity(const struct rs_file *f, int s, int p, int m)
{
    struct iv_quantity q = {false, f->measured_jobs[s], f->summary[rs_cell(f, s, p, m)].tail,
                            f->independent[s * f->npol + p], 0.0, 0.0};
    for (int k = 0; k < M_COUNT; k++)
        if (!strcmp(metric_info[k].name, f->metrics[m])) {
            q.proportion = metric_info[k].proportion;
            q.jobs = metrics_averaged_jobs((enum metric)k, q.jobs);
            q.lo = metric_info[k].lo, q.hi = metric_info[k].hi;
        }
    return q;
}

/* A verdict in words (engine/stats/verdict.h): "lower in 998/1000, higher in 2 · median -9.21
 * [-9.40, -9.03]" — the side more replicas took first, then the other and the ties where
 * there are any, then the median paired difference with its interval. */
void report_fmt_verdict(char *buf, size_t len, const struct st_summary *v)
{
    struct verdict_counts c = verdict_counts(v);
    if (c.n == 0) {
        snprintf(buf, len, "-");
        return;
    }
    bool low = c.below >= c.above;
    unsigned long long first = low ? c.below : c.above, other = low ? c.above : c.below;
    int n = c.below || c.above
                ? snprintf(buf, len, "%s in %llu/%llu", low ? "lower" : "higher", first,
                           (unsigned long long)c.n)
                : snprintf(buf, len, "tied in %llu/%llu", (unsigned long long)c.tied,
                           (unsigned long long)c.n);
    if (other && n > 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, ", %s in %llu", low ? "higher" : "lower", other);
    if (c.tied && (c.below || c.above) && n > 0 && (size_t)n < len)
        n += snprintf(buf + n, len - (size_t)n, ", tied in %llu", (unsigned long long)c.tied);
    char median[64];
    report_fmt_interval(median, sizeof median, &v[VR_MEDIAN_DELTA]);
    if (n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " · median %s", median);
}

/* Columns a cell takes: "±" and "·" are two bytes but one column each. */
static int cell_cols(const char *text)
{
    int cols = (int)strlen(text);
    for (const char *t = text; (t = strpbrk(t, "\xc2")); t++)
        cols--; /* the lead byte of "±" (c2 b1) or "·" (c2 b7) */
    return cols;
}

/* Print a cell left-aligned in `width` columns. */
void report_cell(const char *text, int width)
{
    int cols = cell_cols(text);
    printf(" %s%*s", text, width > cols ? width - cols : 0, "");
}

/* Which paired rows a report shows: against scenario `scenario` (>= 0), else against policy
 * `policy`; none when there is nothing to pair with (one policy, no scenario). */
struct pairing {
    int scenario, policy;
    bool none;
};

/* The baseline of (s, p) under pairing b: scenario b->scenario of the same policy, or policy
 * b->policy of the same scenario. */
static void baseline_of(const struct pairing *b, int s, int p, int *bs, int *bp)
{
    *bs = b->scenario >= 0 ? b->scenario : s;
    *bp = b->scenario >= 0 ? p : b->policy;
}

/* Each (scenario, policy)'s verdict rows against its baseline (engine/stats/verdict.h),
 * replica by replica; the baseline's own rows empty. For another baseline than the file's,
 * and for files of format 4 and older, which keep none. */
static int verdicts_against(struct rs_file *f, const struct pairing *b)
{
    double *work = malloc((size_t)f->replicas * sizeof *work);
    if (!work)
        return -1;
    for (int s = 0; s < f->nscen; s++)
        for (int p = 0; p < f->npol; p++)
            for (int m = 0; m < f->nmetrics; m++) {
                int bs, bp;
                baseline_of(b, s, p, &bs, &bp);
                struct st_summary *v = rs_verdict(f, s, p, m);
                if (s == bs && p == bp)
                    for (int k = 0; k < VR_COUNT; k++)
                        v[k] = st_empty(0, ST_NONE);
                else
                    verdict_rows(rs_values(f, s, p, m), rs_values(f, bs, bp, m), f->replicas,
                                 f->confidence, work, v);
            }
    free(work);
    return 0;
}

/* Replace the file's paired rows (each policy against the first) by each (scenario, policy)
 * against its baseline: scenario b->scenario of the same policy (the same streams, common
 * random numbers: docs/methods/model.md), or else policy b->policy of the same scenario,
 * replica by replica, with the intervals engine/stats/intervals.h chooses (bootstrap streams
 * from the file's seed and the cell, beyond the run's own: 2 cells on for scenarios, 3 for
 * policies), and the verdicts with them. The baseline's rows become NaN. */
static int pair_against(struct rs_file *f, const struct pairing *b)
{
    double *scratch = malloc(iv_scratch_size(f->replicas) * sizeof *scratch);
    if (!scratch)
        return -1;
    uint64_t cells = (uint64_t)f->nscen * (uint64_t)f->npol * M_SLOWDOWN; /* run_boot_cell */
    uint64_t stream = b->scenario >= 0 ? 2 * cells : 3 * cells;
    for (int s = 0; s < f->nscen; s++)
        for (int p = 0; p < f->npol; p++)
            for (int m = 0; m < f->nmetrics; m++) {
                int bs, bp;
                baseline_of(b, s, p, &bs, &bp);
                size_t cell = rs_cell(f, s, p, m);
                rng_t boot;
                rng_stream(&boot, f->seed,
                           stream + run_boot_cell((size_t)s * (size_t)f->npol + (size_t)p, m),
                           RNG_BOOTSTRAP);
                f->paired[cell] =
                    s == bs && p == bp
                        ? st_empty(0, ST_NONE)
                        : iv_difference(rs_values(f, s, p, m), rs_values(f, bs, bp, m),
                                        f->replicas, file_quantity(f, s, p, m),
                                        file_quantity(f, bs, bp, m), f->confidence, &boot,
                                        scratch);
            }
    free(scratch);
    return verdicts_against(f, b);
}

/* Whether the table's paired cell of (s, p) adds its verdict: where the mean difference's
 * interval does not decide the sign — it is not valid, or it holds 0 — and the verdict has
 * replicas to count. */
static bool shows_verdict(const struct rs_file *f, int s, int p, int m)
{
    const struct st_summary *d = &f->paired[rs_cell(f, s, p, m)];
    bool undecided = d->method == ST_UNRELIABLE || !(d->ci_low > 0 || d->ci_high < 0);
    return undecided && rs_verdict(f, s, p, m)[VR_LOWER].n > 0;
}

/* Whether (s, p) is a baseline of the paired rows. */
static bool is_baseline(int s, int p, const struct pairing *b)
{
    return b->none || (b->scenario >= 0 ? s == b->scenario : p == b->policy);
}

/* The rows a report shows: its --scenario and --policy, as indices (-1: all). */
struct filter {
    int scenario, policy;
};

static bool shown(const struct filter *w, int s, int p)
{
    return (w->scenario < 0 || s == w->scenario) && (w->policy < 0 || p == w->policy);
}

/* The footnote of a table: each distinct note of the intervals it showed marked, with the
 * metrics it concerns: "  * flowtime, machine_time: tail index 1.5 <= 2: ...". */
static void print_notes(const struct rs_file *f, int s, const int *idx, int nidx,
                        const struct pairing *base, const struct filter *w)
{
    enum { MAX_NOTES = 8 };
    char notes[MAX_NOTES][160];
    bool about[MAX_NOTES][REPORT_MAX_METRICS] = {{false}};
    int nnotes = 0;
    for (int k = 0; k < nidx; k++)
        for (int p = 0; p < f->npol; p++)
            for (int paired = 0; paired < 2 && shown(w, s, p); paired++) {
                if (paired && (k > 0 || is_baseline(s, p, base)))
                    continue; /* the paired column is the first metric's */
                size_t cell = rs_cell(f, s, p, idx[k]);
                const struct st_summary *x = paired ? &f->paired[cell] : &f->summary[cell];
                if (x->method != ST_UNRELIABLE)
                    continue;
                char note[160];
                iv_note(x, note, sizeof note);
                int i = 0;
                while (i < nnotes && strcmp(notes[i], note))
                    i++;
                if (i == MAX_NOTES)
                    continue;
                if (i == nnotes)
                    snprintf(notes[nnotes++], sizeof notes[0], "%s", note);
                about[i][k] = true;
            }
    bool verdicts = false; /* a paired cell showed its verdict (print_table) */
    for (int p = 0; p < f->npol; p++)
        verdicts = verdicts ||
                   (shown(w, s, p) && !is_baseline(s, p, base) && shows_verdict(f, s, p, idx[0]));
    for (int i = 0; i < nnotes; i++) {
        printf("  *");
        for (int k = 0, first = 1; k < nidx; k++)
            if (about[i][k]) {
                printf("%s%s", first ? " " : ", ", f->metrics[idx[k]]);
                first = 0;
            }
        printf(": %s\n", notes[i]);
    }
    if (verdicts)
        printf("  valid at any tail: 'lower in k/n', the replicas with the lower %s, and the "
               "median difference (--csv: lower_%s, sign_p_%s, median_delta_%s, ...)\n",
               f->metrics[idx[0]], f->metrics[idx[0]], f->metrics[idx[0]], f->metrics[idx[0]]);
}


/* What the `auto` parameters of scenario s resolved to: one line, "  auto: clone r = 2;
 * s-resume r = 3", or one line per policy when a policy chose per job ("  auto: clone r per
 * job: 1 (60 %), 2 (40 %)"). */
static void print_auto(const struct rs_file *f, int s)
{
    char *const *resolved = f->resolved + (size_t)s * (size_t)f->npol;
    bool per_job = false;
    for (int p = 0; p < f->npol; p++)
        per_job = per_job || (resolved[p] && strstr(resolved[p], " per job:"));
    const char *sep = "  auto:";
    for (int p = 0; p < f->npol; p++)
        if (resolved[p]) {
            printf("%s %s %s", sep, f->policies[p], resolved[p]);
            sep = per_job ? "\n  auto:" : ";";
        }
    if (strcmp(sep, "  auto:") != 0)
        printf("\n");
}

static void print_table(const struct rs_file *f, const int *idx, int nidx,
                        const struct pairing *base, const struct filter *w)
{
    printf("experiment %s: seed %llu, %d replicas per cell; mean ± half-width of the %.4g%% "
           "interval ([lo, hi] where far from symmetric)\n",
           f->experiment, (unsigned long long)f->seed, f->replicas, 100 * f->confidence);
    char diff_head[96];
    if (base->scenario >= 0)
        snprintf(diff_head, sizeof diff_head, "%s - scenario %d", f->metrics[idx[0]],
                 base->scenario);
    else
        snprintf(diff_head, sizeof diff_head, "%s - %s", f->metrics[idx[0]],
                 f->policies[base->policy]);
    int pw = 6; /* policy column: the longest name */
    for (int p = 0; p < f->npol; p++)
        pw = (int)strlen(f->policies[p]) > pw ? (int)strlen(f->policies[p]) : pw;
    for (int s = 0; s < f->nscen; s++) {
        if (w->scenario >= 0 && s != w->scenario)
            continue;
        report_scenario_heading(f, s);
        char cell[REPORT_MAX_METRICS][64];
        int width[REPORT_MAX_METRICS];
        for (int k = 0; k < nidx; k++) { /* the widest of the column's cells */
            width[k] = cell_cols(f->metrics[idx[k]]);
            width[k] = width[k] > REPORT_CELL ? width[k] : REPORT_CELL;
            for (int p = 0; p < f->npol; p++) {
                report_fmt_interval(cell[k], sizeof cell[k],
                                    &f->summary[rs_cell(f, s, p, idx[k])]);
                width[k] = cell_cols(cell[k]) > width[k] ? cell_cols(cell[k]) : width[k];
            }
        }
        printf("\n  %-*s", pw, "policy");
        for (int k = 0; k < nidx; k++)
            report_cell(f->metrics[idx[k]], width[k]);
        if (!base->none)
            report_cell(diff_head, 0);
        printf("\n");
        for (int p = 0; p < f->npol; p++) {
            if (!shown(w, s, p))
                continue;
            printf("  %-*s", pw, f->policies[p]);
            for (int k = 0; k < nidx; k++) {
                report_fmt_interval(cell[k], sizeof cell[k],
                                    &f->summary[rs_cell(f, s, p, idx[k])]);
                report_cell(cell[k], width[k]);
            }
            if (!base->none) {
                char pair[192];
                const struct st_summary *d = &f->paired[rs_cell(f, s, p, idx[0])];
                if (is_baseline(s, p, base))
                    snprintf(pair, sizeof pair, "(baseline)");
                else
                    report_fmt_interval(pair, sizeof pair, d);
                if (!is_baseline(s, p, base) && shows_verdict(f, s, p, idx[0])) {
                    size_t used = strlen(pair);
                    snprintf(pair + used, sizeof pair - used, " · ");
                    used = strlen(pair);
                    report_fmt_verdict(pair + used, sizeof pair - used,
                                       rs_verdict(f, s, p, idx[0]));
                }
                report_cell(pair, 0);
            }
            printf("\n");
        }
        print_notes(f, s, idx, nidx, base, w);
        print_auto(f, s);
    }
    if (!base->none)
        printf("\nThe last column pairs replicas (%s).",
               base->scenario >= 0 ? "the same streams in both scenarios"
                                   : "same workload under both policies");
    printf("%spocd is '-' without deadlines.\n"
           "A '*' marks an interval that is not valid: the note under its table says why "
           "(docs/methods/statistics.md).\n'specmc report FILE --csv' gives every metric with both "
           "interval ends and how each was made.\n", base->none ? "\n" : " ");
}

void report_scenario_heading(const struct rs_file *f, int s)
{
    printf("\nscenario %d", s);
    for (int a = 0; a < f->nsweep; a++)
        printf("%s %s = %s", a ? "," : ":", f->sweep_keys[a], f->sweep_values[s * f->nsweep + a]);
}

void report_csv_header(const struct rs_file *f, const char *columns)
{
    fputs(columns, stdout);
    for (int a = 0; a < f->nsweep; a++) {
        putchar(',');
        text_csv_field(f->sweep_keys[a], stdout);
    }
    putchar('\n');
}

void report_csv_tail(const struct rs_file *f, int s, const struct st_summary *x)
{
    printf(",%llu,%.17g,%.17g,%.17g,%.17g,%s", (unsigned long long)x->n, x->mean, x->stddev,
           x->ci_low, x->ci_high, st_method_name((enum st_method)x->method));
    for (int a = 0; a < f->nsweep; a++) {
        putchar(',');
        text_csv_field(f->sweep_values[s * f->nsweep + a], stdout);
    }
    putchar('\n');
}

static void csv_row(const struct rs_file *f, int s, int p, const char *prefix, int m,
                    const struct st_summary *x)
{
    printf("%d,", s);
    text_csv_field(f->policies[p], stdout);
    printf(",%s", prefix);
    text_csv_field(f->metrics[m], stdout);
    report_csv_tail(f, s, x);
}

/* Rows share_KEY_V of a policy that chose KEY per job: for each value V some job got, the
 * share of a replica's measured jobs that got V, over replicas (a proportion of jobs:
 * engine/stats/intervals.h). `k`, `m`: replicas doubles each; `scratch`: iv_scratch_size. */
static void csv_choice_rows(const struct rs_file *f, int s, int p, double *k, double *m,
                            double *scratch)
{
    const struct rs_choices *ch = &f->choices[s * f->npol + p];
    for (int v = 0; v < ch->width; v++) {
        bool seen = false;
        for (int r = 0; r < f->replicas; r++) {
            const int32_t *row = ch->counts + (size_t)r * (size_t)ch->width;
            m[r] = 0.0;
            for (int c = 0; c < ch->width; c++)
                m[r] += row[c];
            k[r] = row[v];
            seen = seen || row[v] > 0;
        }
        if (!seen)
            continue;
        printf("%d,", s);
        text_csv_field(f->policies[p], stdout);
        printf(",share_%s_%d", ch->key, v);
        struct st_summary x = iv_proportion(k, m, f->replicas, f->independent[s * f->npol + p],
                                            f->confidence, scratch);
        report_csv_tail(f, s, &x);
    }
}

/* --replicas --csv: every replica's value of every metric, one row each. */
static void print_replicas(const struct rs_file *f, const struct filter *w)
{
    report_csv_header(f, "scenario,policy,replica,metric,value");
    for (int s = 0; s < f->nscen; s++)
        for (int p = 0; p < f->npol; p++)
            for (int r = 0; shown(w, s, p) && r < f->replicas; r++)
                for (int m = 0; m < f->nmetrics; m++) {
                    printf("%d,", s);
                    text_csv_field(f->policies[p], stdout);
                    printf(",%d,", r);
                    text_csv_field(f->metrics[m], stdout);
                    printf(",%.17g", rs_values(f, s, p, m)[r]);
                    for (int a = 0; a < f->nsweep; a++) {
                        putchar(',');
                        text_csv_field(f->sweep_values[s * f->nsweep + a], stdout);
                    }
                    putchar('\n');
                }
}

static int print_csv(const struct rs_file *f, const struct pairing *base,
                     const struct filter *w)
{
    double *km = malloc((2 * (size_t)(f->replicas + 1) + iv_scratch_size(f->replicas)) *
                        sizeof *km);
    if (!km)
        return -1;
    report_csv_header(f, "scenario,policy,metric,n,mean,stddev,ci_low,ci_high,interval");
    for (int s = 0; s < f->nscen; s++)
        for (int p = 0; p < f->npol; p++) {
            if (!shown(w, s, p))
                continue;
            for (int m = 0; m < f->nmetrics; m++)
                csv_row(f, s, p, "", m, &f->summary[rs_cell(f, s, p, m)]);
            for (int m = 0; !is_baseline(s, p, base) && m < f->nmetrics; m++)
                if (!pooled_metric(f, m)) /* a pooled quantile has no paired replicas */
                    csv_row(f, s, p, "delta_", m, &f->paired[rs_cell(f, s, p, m)]);
            for (int m = 0; !is_baseline(s, p, base) && m < f->nmetrics; m++)
                for (int v = 0; v < VR_COUNT && !pooled_metric(f, m); v++) {
                    char prefix[32];
                    snprintf(prefix, sizeof prefix, "%s_", verdict_row_names[v]);
                    csv_row(f, s, p, prefix, m, &rs_verdict(f, s, p, m)[v]);
                }
            csv_choice_rows(f, s, p, km, km + f->replicas + 1, km + 2 * (f->replicas + 1));
        }
    free(km);
    return 0;
}

int report_policy_index(const struct rs_file *f, const char *opt, const char *name,
                        const char *path)
{
    for (int p = 0; p < f->npol; p++)
        if (!strcmp(f->policies[p], name))
            return p;
    char hint[96], list[512] = "";
    for (int p = 0; p < f->npol; p++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", p ? ", " : "",
                 f->policies[p]);
    msg_error("report: %s '%s'%s: %s has the policies %s", opt, name,
              text_did_you_mean(hint, sizeof hint, name, (const char *const *)f->policies,
                                f->npol),
              path, list);
    return -1;
}

/* Whether path is a file of `specmc validate` (its root format attribute says so). */
static bool is_validate_file(const char *path)
{
    char err[512];
    hid_t h = h5r_open(path, "", err, sizeof err);
    if (h < 0)
        return false;
    char *format = h5r_attr_string(h, "/", "format");
    bool yes = format && !strcmp(format, "specmc-validate");
    free(format);
    H5Fclose(h);
    return yes;
}

/* A validate file: its rows as validate printed them (filters and pairing do not apply). */
static int print_validate_file(const char *path, const struct report_opts *o)
{
    char err[1024];
    struct vd_rows rows;
    if (o->replicas || o->metrics || o->against >= 0 || o->baseline || o->scenario >= 0 ||
        o->policy_name) {
        msg_error("report: %s is a validate file: only --csv applies to it", path);
        return 2;
    }
    if (vd_read_file(path, &rows, err, sizeof err)) {
        msg_error("%s", err);
        return 1;
    }
    validate_print(&rows, o->csv);
    vd_rows_free(&rows);
    return fflush(stdout) == 0 ? 0 : 1;
}

int report_print(const char *path, const struct report_opts *o)
{
    struct rs_file f;
    char err[1024];
    if (is_validate_file(path))
        return print_validate_file(path, o);
    if (rs_read(path, &f, err, sizeof err)) {
        msg_error("%s", err);
        return 1;
    }
    struct filter w = {.scenario = o->scenario, .policy = -1};
    struct pairing base = {.scenario = o->against, .policy = 0};
    int idx[REPORT_MAX_METRICS], nidx = 0, rc = 2;
    if (o->against >= f.nscen || o->scenario >= f.nscen) {
        msg_error("report: %s %d: %s has scenarios 0 to %d",
                  o->against >= f.nscen ? "--against-scenario" : "--scenario",
                  o->against >= f.nscen ? o->against : o->scenario, path, f.nscen - 1);
        goto done;
    }
    if ((o->policy_name && (w.policy = report_policy_index(&f, "--policy", o->policy_name, path)) < 0) ||
        (o->baseline && (base.policy = report_policy_index(&f, "--baseline", o->baseline, path)) < 0))
        goto done;
    base.none = base.scenario < 0 && f.npol == 1;
    rc = 1;
    if (((o->against >= 0 || base.policy > 0) && pair_against(&f, &base)) ||
        (!f.has_verdicts && !base.none && verdicts_against(&f, &base))) {
        msg_error("report: out of memory");
        goto done;
    }
    rc = 0;
    if (o->replicas)
        print_replicas(&f, &w);
    else if (o->csv) {
        if (print_csv(&f, &base, &w)) {
            msg_error("report: out of memory");
            rc = 1;
        }
    } else if ((nidx = report_pick_metrics(o->metrics ? o->metrics : REPORT_DEFAULT_METRICS,
                                           f.metrics, f.nmetrics, idx, REPORT_MAX_METRICS, err,
                                           sizeof err)) < 0) {
        msg_error("report: --metrics: %s", err);
        rc = 2;
    } else
        print_table(&f, idx, nidx, &base, &w);
done:
    rs_file_free(&f);
    return rc ? rc : fflush(stdout) == 0 ? 0 : 1;
}

static const struct cli_option report_options[] = {
    {.flag = "--csv",
     .help = "every metric as scenario,policy,metric,n,mean,stddev,ci_low,ci_high,\n"
             "interval[,sweep keys...] instead of the table"},
    {.flag = "--metrics M1,M2,...",
     .help = "the table's metrics (default: flowtime, p99 flowtime, PoCD, machine\n"
             "time); the last column is the paired difference of the first"},
    {.flag = "--against-scenario S",
     .help = "pair each scenario with scenario S instead, policy by policy (e.g. a\n"
             "swept policy parameter against its first value)"},
    {.flag = "--baseline POLICY", .help = "pair each policy with POLICY instead of the first"},
    {.flag = "--scenario S", .help = "only scenario S's rows"},
    {.flag = "--policy P", .help = "only policy P's rows"},
    {.flag = "--replicas",
     .help = "with --csv: every replica's value,\n"
             "scenario,policy,replica,metric,value[,sweep keys...]"},
    {.flag = "--cdf flowtime|machine_time",
     .help = "the CDF of a per-job quantity at the edges of the histogram the run\n"
             "kept ([histogram] in the config); as CSV: scenario,policy,quantity,at,\n"
             "n,mean,stddev,ci_low,ci_high,interval[,...]"},
    {.flag = "--within LO,HI", .help = "with --cdf: over the jobs with LO < x <= HI only"},
    {.flag = "--series",
     .help = "the series of each policy's state the run kept ([series] in the config):\n"
             "per time, the median over replicas with its interval and the 10 % and\n"
             "90 % quantiles; as CSV: scenario,policy,quantity,at,n,mean,stddev,\n"
             "ci_low,ci_high,interval[,...] (quantity state_median, state_p10, state_p90)"},
    {.flag = "--warmup",
     .help = "job flowtime by arrival order, averaged over replicas, with MSER-5's\n"
             "truncation point beside the configured warm-up (is it long enough?)"},
    {0},
};

const struct cli_usage cmd_report_usage = {
    "report", "FILE.h5",
    "print a results file: table, CSV with intervals, CDFs, the warm-up diagnostic",
    report_options,
    "Rows named delta_METRIC are paired differences against the first policy (or --baseline,\n"
    "or --against-scenario), lower_, higher_, tied_METRIC the shares of replicas in which the\n"
    "policy is below, above or equal to it (to 12 significant digits), sign_p_METRIC the\n"
    "sign test's p-value, median_delta_METRIC the median paired difference: verdicts valid\n"
    "at any tail. A score or bootstrap interval far from symmetric prints as 'mean [lo, hi]'.\n"
    "interval: t, bootstrap, wilson, newcombe, betting, order-statistic, clopper-pearson,\n"
    "sign-test (the mean is a p-value), constant, - (no data), or unreliable (no valid\n"
    "interval: marked '*' in the table; docs/methods/statistics.md).\n"};

/* A number >= 0 for option `opt`, or -1 after a message. */
static int parse_index(const char *opt, const char *text)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end || v < 0 || v > INT_MAX) {
        msg_error("report: %s '%s': expected a scenario number >= 0", opt, text);
        return -1;
    }
    return (int)v;
}

int cmd_report(int argc, char **argv)
{
    const char *path = NULL, *cdf = NULL, *within = NULL, *against = NULL, *scenario = NULL;
    struct report_opts o = {.against = -1, .scenario = -1};
    bool warmup = false, series = false;
    for (int i = 0; i < argc; i++) {
        const char **value = !strcmp(argv[i], "--metrics")            ? &o.metrics
                             : !strcmp(argv[i], "--cdf")              ? &cdf
                             : !strcmp(argv[i], "--within")           ? &within
                             : !strcmp(argv[i], "--against-scenario") ? &against
                             : !strcmp(argv[i], "--baseline")         ? &o.baseline
                             : !strcmp(argv[i], "--scenario")         ? &scenario
                             : !strcmp(argv[i], "--policy")           ? &o.policy_name
                                                                      : NULL;
        if (!strcmp(argv[i], "--csv"))
            o.csv = true;
        else if (!strcmp(argv[i], "--warmup"))
            warmup = true;
        else if (!strcmp(argv[i], "--series"))
            series = true;
        else if (!strcmp(argv[i], "--replicas"))
            o.replicas = true;
        else if (value) {
            if (++i == argc) {
                msg_error("report: option '%s' needs a value\n%s", argv[i - 1],
                          cli_usage_text(&cmd_report_usage));
                return 2;
            }
            *value = argv[i];
        } else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            fputs(cli_usage_text(&cmd_report_usage), stdout);
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            msg_error("report: unknown option '%s'\n%s", argv[i],
                      cli_usage_text(&cmd_report_usage));
            return 2;
        } else if (path) {
            msg_error("report: one file at a time (got '%s' and '%s')", path, argv[i]);
            return 2;
        } else
            path = argv[i];
    }
    if (!path) {
        msg_error("report: no file given\n%s", cli_usage_text(&cmd_report_usage));
        return 2;
    }
    if ((against && (o.against = parse_index("--against-scenario", against)) < 0) ||
        (scenario && (o.scenario = parse_index("--scenario", scenario)) < 0))
        return 2;
    const char *clash =
        cdf && against        ? "--cdf and --against-scenario do not go together"
        : cdf && o.metrics    ? "--metrics and --cdf do not go together"
        : within && !cdf      ? "--within needs --cdf"
        : o.baseline && against ? "--baseline and --against-scenario do not go together"
        : o.replicas && !o.csv  ? "--replicas needs --csv (every replica's value as CSV rows)"
        : o.replicas && (cdf || warmup || o.metrics || against || o.baseline)
            ? "--replicas goes with --csv, --scenario and --policy only"
        : warmup && (cdf || o.metrics || against || o.baseline || scenario || o.policy_name)
            ? "--warmup goes alone (with --csv at most)"
        : cdf && (o.baseline || scenario || o.policy_name)
            ? "--cdf does not go with --baseline, --scenario or --policy"
        : series && (cdf || warmup || o.replicas || o.metrics || against || o.baseline)
            ? "--series goes with --csv, --scenario and --policy only"
            : NULL;
    if (clash) {
        msg_error("report: %s\n%s", clash, cli_usage_text(&cmd_report_usage));
        return 2;
    }
    if (warmup)
        return report_warmup(path, o.csv);
    if (series)
        return report_series(path, &o);
    if (cdf)
        return report_cdf(path, cdf, within, o.csv);
    int rc = report_print(path, &o);
    return rc == 1 ? 2 : rc;
}

/* sequential — the stopping rule and when to look (see sequential.h). */
#include "engine/run/sequential.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

int seq_watch_init(struct seq_watch *w, const struct cfg *c)
{
    *w = (struct seq_watch){.ncells = c->nscenarios * c->npolicies * M_COUNT};
    w->acc = malloc((size_t)w->ncells * sizeof *w->acc);
    w->ratio = malloc((size_t)w->ncells * sizeof *w->ratio);
    if (!w->acc || !w->ratio) {
        seq_watch_free(w);
        return -1;
    }
    for (int k = 0; k < w->ncells; k++) {
        st_acc_init(&w->acc[k]);
        w->ratio[k] = 1.0;
    }
    return 0;
}

void seq_watch_free(struct seq_watch *w)
{
    free(w->acc);
    free(w->ratio);
    *w = (struct seq_watch){0};
}

void seq_watch_add(struct seq_watch *w, const struct cfg *c, const struct run_result *res,
                   int n)
{
    for (int s = 0; s < res->nscen; s++)
        for (int p = 0; p < res->npol; p++)
            for (int m = 0; m < M_COUNT; m++)
                if (c->precision_metric[m]) {
                    const double *v = run_values(res, s, p, m);
                    struct st_acc *a = &w->acc[run_cell(res, s, p, m)];
                    for (int r = w->n; r < n; r++)
                        st_acc_add(a, v[r]);
                }
    w->n = n;
}

/* The normal quantile of a two-sided interval at `confidence`. */
static double z_of(double confidence)
{
    return gsl_cdf_ugaussian_Pinv(0.5 + 0.5 * confidence);
}

/* A summary's relative half-width (ci_high − ci_low) / 2 / |mean|. */
static double relative_half_width(const struct st_summary *x)
{
    return (x->ci_high - x->ci_low) / 2 / fabs(x->mean);
}

/* The relative half-width the moments of cell k predict, before the ratio: NaN when they
 * predict nothing (no value, infinite values, a mean of 0). */
static double predicted(const struct seq_watch *w, int k, double z)
{
    const struct st_acc *a = &w->acc[k];
    if (a->n < 2 || a->pos_inf || a->neg_inf || a->mean == 0)
        return NAN;
    return z * sqrt(st_acc_variance(a) / (double)a->n) / fabs(a->mean);
}

bool seq_watch_due(const struct seq_watch *w, const struct cfg *c, int max)
{
    int since = w->looked > 0 ? w->looked : c->replicas; /* the first batch before a look */
    if (w->n >= max || w->n >= 2 * since)
        return true;
    if (w->looked > 0 && w->n - w->looked < w->looked / SEQ_SPACING)
        return false;
    double z = z_of(c->confidence);
    for (int k = 0; k < w->ncells; k++) {
        if (!c->precision_metric[k % M_COUNT] || w->acc[k].n == 0)
            continue; /* not asked, or no value here (pocd without deadlines) */
        double rel = predicted(w, k, z) * w->ratio[k];
        if (!(rel <= c->precision * SEQ_SLACK) &&
            !(w->acc[k].n > 1 && st_acc_variance(&w->acc[k]) == 0))
            return false;
    }
    return true;
}

void seq_watch_learn(struct seq_watch *w, const struct cfg *c, const struct run_result *view)
{
    double z = z_of(c->confidence);
    for (int k = 0; k < w->ncells; k++) {
        const struct st_summary *x = &view->summary[k];
        double rel = relative_half_width(x), pred = predicted(w, k, z);
        if (c->precision_metric[k % M_COUNT] && isfinite(rel) && pred > 0)
            w->ratio[k] = rel / pred;
    }
    w->looked = w->n;
    w->looks++;
}

bool seq_met(const struct cfg *c, const struct run_result *view, char *why, size_t len)
{
    for (int s = 0; s < view->nscen; s++)
        for (int p = 0; p < view->npol; p++)
            for (int m = 0; m < M_COUNT; m++) {
                if (!c->precision_metric[m])
                    continue;
                const struct st_summary *x = &view->summary[run_cell(view, s, p, m)];
                if (isnan(x->mean))
                    continue; /* no value here: nothing reported */
                const char *name = metric_info[m].name, *pol = c->policies[p]->name;
                if (x->method == ST_UNRELIABLE) {
                    snprintf(why, len, "%s of %s in scenario %d: its interval is not valid "
                             "(docs/methods/statistics.md), so it cannot meet the precision",
                             name, pol, s);
                    return false;
                }
                double rel = relative_half_width(x);
                if (!(rel <= c->precision) && !(x->ci_high == x->ci_low)) {
                    snprintf(why, len, "%s of %s in scenario %d: relative half-width %.3g > %g",
                             name, pol, s, rel, c->precision);
                    return false;
                }
            }
    return true;
}

size_t seq_place_len(const struct seq_watch *w)
{
    return 4 + (size_t)w->ncells;
}

void seq_place(const struct seq_watch *w, int to, double *out)
{
    out[0] = to, out[1] = w->n, out[2] = w->looked, out[3] = w->looks;
    for (int k = 0; k < w->ncells; k++)
        out[4 + k] = w->ratio[k];
}

/* Whether x is an integer in [lo, hi]. */
static bool whole_in(double x, double lo, double hi)
{
    return x >= lo && x <= hi && x == floor(x);
}

int seq_place_resume(struct seq_watch *w, const struct cfg *c, const struct run_result *res,
                     const double *v, size_t n, int max, int *to)
{
    if (n != seq_place_len(w) || !whole_in(v[0], c->replicas, max) ||
        !whole_in(v[1], 0, v[0] - 1) || !whole_in(v[2], 0, v[1]) || !whole_in(v[3], 0, v[1]))
        return -1;
    for (int k = 0; k < w->ncells; k++)
        if (!(isfinite(v[4 + k]) && v[4 + k] >= 0))
            return -1;
    seq_watch_add(w, c, res, (int)v[1]);
    *to = (int)v[0];
    w->looked = (int)v[2];
    w->looks = (int)v[3];
    for (int k = 0; k < w->ncells; k++)
        w->ratio[k] = v[4 + k];
    return 0;
}

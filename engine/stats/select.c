/* select — order statistics by selection, on demand (see select.h).
 *
 * Each asked rank is put in its sorted place by quickselect (Hoare's FIND, 1961) within the
 * stretch between the nearest places already fixed. A pooled quantile and its interval need
 * three ranks of every job's flowtime, a replica's p50/p90/p99 six of its jobs': selecting
 * them costs O(n) where sorting all the values cost O(n log n) (12 % of a FIFO run of 50 000
 * jobs went to that sort), and each later selection works only on the stretch left to it
 * (GSL's gsl_stats_select, used before for the replica quantiles, does not promise the
 * partition that makes this possible). The values found are the sorted array's, to the bit. */
#include "engine/stats/select.h"

#include <math.h>
#include <string.h>

void st_ranks_init(struct st_ranks *r, double *x, long n)
{
    r->x = x;
    r->n = n;
    r->nfixed = 2;
    r->fixed[0] = -1;
    r->fixed[1] = n;
}

static void swap_at(double *x, long i, long j)
{
    double t = x[i];
    x[i] = x[j];
    x[j] = t;
}

/* Put the value of sorted place p into x[p], with x[a..p) <= x[p] <= x(p..b]. */
static void select_place(double *x, long a, long b, long p)
{
    while (a < b) {
        long m = a + (b - a) / 2; /* pivot: the median of the ends and the middle */
        if (x[m] < x[a])
            swap_at(x, a, m);
        if (x[b] < x[a])
            swap_at(x, a, b);
        if (x[b] < x[m])
            swap_at(x, m, b);
        double pivot = x[m];
        long i = a, j = b;
        while (i <= j) { /* Hoare's partition: the swapped values stop the scans */
            while (x[i] < pivot)
                i++;
            while (pivot < x[j])
                j--;
            if (i <= j)
                swap_at(x, i++, j--);
        }
        if (p <= j) /* x[a..j] <= pivot <= x[i..b]; between them, the pivot's equals */
            b = j;
        else if (p >= i)
            a = i;
        else
            return;
    }
}

double st_rank(struct st_ranks *r, long k)
{
    if (k < 1)
        return -INFINITY;
    if (k > r->n)
        return INFINITY;
    long p = k - 1;
    int i = 1;
    while (r->fixed[i] < p)
        i++;
    if (r->fixed[i] != p) {
        select_place(r->x, r->fixed[i - 1] + 1, r->fixed[i] - 1, p);
        if (r->nfixed < ST_RANKS_FIXED_MAX + 2) { /* else found again when asked again */
            memmove(&r->fixed[i + 1], &r->fixed[i], (size_t)(r->nfixed - i) * sizeof *r->fixed);
            r->fixed[i] = p;
            r->nfixed++;
        }
    }
    return r->x[p];
}

double st_ranks_quantile(struct st_ranks *r, double p)
{
    if (r->n == 0 || isnan(p))
        return NAN;
    p = p < 0.0 ? 0.0 : p > 1.0 ? 1.0 : p;
    double h = (double)(r->n - 1) * p, lo = floor(h);
    double xlo = st_rank(r, (long)lo + 1);
    if (h == lo)
        return xlo;
    double xhi = st_rank(r, (long)lo + 2);
    return xlo + (h - lo) * (xhi - xlo);
}

double st_quantile_select(double *data, size_t n, double p)
{
    struct st_ranks r;
    st_ranks_init(&r, data, (long)n);
    return st_ranks_quantile(&r, p);
}

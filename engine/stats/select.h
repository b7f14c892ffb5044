/* select — order statistics of an array found by selection, on demand (see select.c). */
#ifndef SPECMC_SELECT_H
#define SPECMC_SELECT_H

#include <stddef.h>

enum { ST_RANKS_FIXED_MAX = 62 };

/* N values being put in order rank by rank: the places fixed so far (sorted, between the
 * sentinels −1 and n) have nothing greater before them and nothing smaller after them. */
struct st_ranks {
    double *x;
    long n;
    int nfixed;
    long fixed[ST_RANKS_FIXED_MAX + 2];
};

/* Start on the n values x (not NaN; they are reordered as ranks are asked for). */
void st_ranks_init(struct st_ranks *r, double *x, long n);

/* The k-th smallest (1-based); −∞ below 1, +∞ above n: the sorted array's value, to the bit. */
double st_rank(struct st_ranks *r, long k);

/* Quantile p in [0, 1] by Hyndman & Fan (1996)'s type 7 (as GSL and R's default): h = (n−1)p,
 * x_(lo) + (h − lo)(x_(lo+1) − x_(lo)) with lo = floor(h), 0-based. NaN if n = 0. */
double st_ranks_quantile(struct st_ranks *r, double p);

/* The same quantile of n unsorted values (reordered), in one call. Equal to st_quantile_sorted
 * (engine/stats/stats.h) on the sorted data up to the interpolation's rounding (GSL writes it
 * (1 − δ)x_(lo) + δx_(lo+1)): the same order statistics, to the bit. */
double st_quantile_select(double *data, size_t n, double p);

#endif

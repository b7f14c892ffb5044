/* betting — confidence by betting for bounded means (see betting.h). */
#include "engine/stats/betting.h"

#include <math.h>
#include <stdlib.h>

/* Bisection steps per end: the ends to 2^−50 of the range, far below any width it yields. */
#define BISECTIONS 50

static double bet_fraction(int g)
{
    return g < 12 ? ldexp(1.0, g - 12) : 1.0 - ldexp(1.0, -(g - 10));
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

struct st_bet_data st_bet_data(double *u, size_t n)
{
    qsort(u, n, sizeof *u, by_value);
    double *w = u + n;
    size_t nv = 0;
    for (size_t i = 0; i < n; i++) {
        if (nv > 0 && u[i] == u[nv - 1]) {
            w[nv - 1] += 1.0;
            continue;
        }
        u[nv] = u[i];
        w[nv++] = 1.0;
    }
    return (struct st_bet_data){u, w, nv};
}

double st_bet_log_capital(const struct st_bet_data *d, double m, int up)
{
    double logs[ST_BET_GRID], top = -INFINITY;
    for (int g = 0; g < ST_BET_GRID; g++) {
        /* a value u multiplies the capital by 1 + λ(u − m), λ = c/m (up) or −c/(1 − m):
           (1 − c) + c·u/m, or (1 − c) + c·(1 − u)/(1 − m) */
        double c = bet_fraction(g), keep = 1.0 - c, scale = c / (up ? m : 1.0 - m), sum = 0.0;
        for (size_t i = 0; i < d->nv; i++)
            sum += d->w[i] * log(keep + scale * (up ? d->v[i] : 1.0 - d->v[i]));
        logs[g] = sum;
        top = sum > top ? sum : top;
    }
    if (isinf(top))
        return top;
    double mean = 0.0; /* log of the average of exp(logs), without overflow */
    for (int g = 0; g < ST_BET_GRID; g++)
        mean += exp(logs[g] - top);
    return top + log(mean / ST_BET_GRID);
}

/* The end of the interval on the side `up` (1: the lower end) for values of mean `mean`: the
 * bound where the capital of betting beyond it reaches `threshold`, rounded outwards; the
 * range's end when no m on that side is rejected. */
static double bound(const struct st_bet_data *d, double mean, int up, double threshold)
{
    double edge = up ? 0.0 : 1.0, tiny = 0x1p-60; /* m = 0 or 1 exactly: a division by 0 */
    double rejected = up ? tiny : 1.0 - tiny, kept = mean;
    if ((up && mean <= tiny) || (!up && mean >= 1.0 - tiny) ||
        st_bet_log_capital(d, rejected, up) < threshold)
        return edge;
    for (int i = 0; i < BISECTIONS; i++) {
        double mid = 0.5 * (rejected + kept);
        if (st_bet_log_capital(d, mid, up) >= threshold)
            rejected = mid;
        else
            kept = mid;
    }
    return rejected; /* the last m rejected: the interval keeps a little more than it must */
}

struct st_summary st_betting_interval(const double *x, size_t n, double lo, double hi,
                                      double confidence, double *scratch)
{
    struct st_acc acc;
    st_acc_init(&acc);
    for (size_t i = 0; i < n; i++) {
        st_acc_add(&acc, x[i]);
        scratch[i] = fmin(fmax((x[i] - lo) / (hi - lo), 0.0), 1.0);
    }
    struct st_summary s = st_empty(n, ST_BETTING);
    if (n == 0)
        return s;
    s.mean = acc.mean;
    s.stddev = n > 1 ? sqrt(st_acc_variance(&acc)) : NAN;
    if (!(confidence > 0 && confidence < 1))
        return s;
    struct st_bet_data d = st_bet_data(scratch, n);
    double u = fmin(fmax((acc.mean - lo) / (hi - lo), 0.0), 1.0);
    double threshold = log(2.0 / (1.0 - confidence)); /* each side at (1 − c)/2 */
    s.ci_low = lo + (hi - lo) * bound(&d, u, 1, threshold);
    s.ci_high = lo + (hi - lo) * bound(&d, u, 0, threshold);
    return s;
}

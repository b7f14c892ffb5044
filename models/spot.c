/* spot — the price history's lookups (spot.h): the price at a time, and its integral over an
 * interval from the running integral at each change, so that a copy's cost takes one binary
 * search per end. */
#include "models/spot.h"

#include <stdlib.h>
#include <string.h>

#include "engine/base/hash.h"

/* The last change at or before x; -1 when x is before the first. */
static int change_before(const struct spot_prices *s, double x)
{
    int lo = -1, hi = s->n - 1; /* t[lo] <= x (lo = -1: none), t[k] > x for k > hi */
    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        if (s->t[mid] <= x)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

double spot_at(const struct spot_prices *s, double x)
{
    int k = change_before(s, x);
    return s->price[k < 0 ? 0 : k];
}

/* ∫ price from t[0] to x (negative before t[0], at price[0]). */
static double integral_to(const struct spot_prices *s, double x)
{
    int k = change_before(s, x);
    if (k < 0)
        return s->price[0] * (x - s->t[0]);
    return s->cum[k] + s->price[k] * (x - s->t[k]);
}

double spot_cost(const struct spot_prices *s, double a, double b)
{
    return integral_to(s, b) - integral_to(s, a);
}

int spot_prepare(struct spot_prices *s)
{
    free(s->cum);
    s->cum = malloc((size_t)s->n * sizeof *s->cum);
    if (!s->cum)
        return -1;
    s->cum[0] = 0.0;
    for (int i = 1; i < s->n; i++)
        s->cum[i] = s->cum[i - 1] + s->price[i - 1] * (s->t[i] - s->t[i - 1]);
    return 0;
}

uint64_t spot_digest(const struct spot_prices *s)
{
    uint64_t h = fnv1a64(FNV1A64_BASIS, &s->n, sizeof s->n);
    h = fnv1a64(h, s->t, (size_t)s->n * sizeof *s->t);
    return fnv1a64(h, s->price, (size_t)s->n * sizeof *s->price);
}

void spot_free(struct spot_prices *s)
{
    free(s->t);
    free(s->price);
    free(s->cum);
    memset(s, 0, sizeof *s);
}

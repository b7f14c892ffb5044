/* threshold — seed 003's dynamic time threshold: eq. 7's Q and the exact straggler test (see
 * threshold.h). The test sums products of doubles without rounding: each product is split
 * into its rounded value and its error (fma), each sum into a nonoverlapping expansion
 * (Shewchuk, "Adaptive precision floating-point arithmetic and fast robust geometric
 * predicates", 1997, Grow-Expansion with zero elimination), whose largest component has the
 * sign of the exact sum. It runs only where the rounded bar is too close to call. */
#include "models/theory/threshold.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>

static int ascending(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double th_q_num(double *ttc, int n, double qos)
{
    if (isnan(qos))
        return 1.5;
    qsort(ttc, (size_t)n, sizeof *ttc, ascending);
    for (int i = 0; i < n; i++)
        if (ttc[i] > qos)
            return ttc[i];
    return qos;
}

double th_q_div(const double *sorted, int n, double qos, enum th_divisor divisor)
{
    if (isnan(qos) || divisor == TH_ONE)
        return 1.0;
    if (divisor == TH_QOS)
        return qos;
    if (divisor == TH_AVERAGE) {
        double sum = 0.0;
        for (int i = 0; i < n; i++)
            sum += sorted[i];
        return sum / n;
    }
    return n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
}

double th_q(double *ttc, int n, double qos, enum th_divisor divisor)
{
    double num = th_q_num(ttc, n, qos);
    return num / th_q_div(ttc, n, qos, divisor);
}

/* A nonoverlapping expansion, components in increasing magnitude, no zeros: at most one
 * component per bit of the doubles' range (2^-1074 .. 2^1023). */
#define TH_EXP_MAX 2100
struct expansion {
    double c[TH_EXP_MAX];
    int n;
};

/* a + b = s + *err exactly (Knuth's TwoSum). */
static double two_sum(double a, double b, double *err)
{
    double s = a + b, bb = s - a;
    *err = (a - (s - bb)) + (b - bb);
    return s;
}

static void grow(struct expansion *e, double x)
{
    int k = 0;
    for (int i = 0; i < e->n; i++) {
        double err;
        x = two_sum(x, e->c[i], &err);
        if (err != 0)
            e->c[k++] = err;
    }
    if (x != 0)
        e->c[k++] = x; /* k < TH_EXP_MAX: the components do not overlap */
    e->n = k;
}

/* e += a·b exactly (no underflow: the fma's remainder is the product's rounding error). */
static void add_product(struct expansion *e, double a, double b)
{
    double p = a * b;
    grow(e, fma(a, b, -p));
    grow(e, p);
}

/* e += a·b·c exactly. */
static void add_product3(struct expansion *e, double a, double b, double c)
{
    double p = a * b, err = fma(a, b, -p);
    add_product(e, err, c);
    add_product(e, p, c);
}

void th_bar_init(struct th_bar *b, double num, enum th_divisor divisor, double qos, double r,
                 const double *sorted, int n)
{
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += sorted[i];
    double div = th_q_div(sorted, n, qos, divisor);
    double th = num / div + r, bar = th * (sum / n);
    *b = (struct th_bar){.num = num, .r = r, .qos = qos, .divisor = divisor, .sorted = sorted,
                         .n = n, .div = div, .bar = bar,
                         .exact = isfinite(bar) && isfinite(r) && num > 0 && div > 0 && sum > 0};
    /* The rounded bar is off by at most about (n + 6) roundings of (|num / div| + |r|) × the
     * mean: decide outside a margin well beyond that. */
    if (b->exact)
        b->margin = 8.0 * (n + 8) * DBL_EPSILON * (num / div + fabs(r)) * (sum / n);
}

bool th_bar_exceeds(const struct th_bar *b, double ttc)
{
    if (!(isfinite(ttc) && b->exact))
        return ttc > b->bar;
    if (ttc > b->bar + b->margin)
        return true;
    if (ttc < b->bar - b->margin)
        return false;
    /* Exactly: with the divisor p / q (p > 0) and Σ the TTCs' sum, ttc > (num q / p + r) Σ / n
     * ⟺ n p ttc − num q Σ − r p Σ > 0. For the average (p = Σ, q = n) that is Σ times
     * n ttc − n num − r Σ. */
    const double *sorted = b->sorted, num = b->num, r = b->r;
    int n = b->n;
    struct expansion e;
    e.n = 0;
    if (b->divisor == TH_AVERAGE && !isnan(b->qos)) {
        add_product(&e, (double)n, ttc);
        add_product(&e, (double)n, -num);
        for (int i = 0; i < n; i++)
            add_product(&e, -r, sorted[i]);
    } else {
        double p[2] = {b->div, 0.0}, q = 1.0; /* the QoS, 1, or the median of an odd count */
        int np = 1;
        if (b->divisor == TH_MEDIAN && !isnan(b->qos) && n % 2 == 0) {
            p[0] = sorted[n / 2 - 1], p[1] = sorted[n / 2], q = 2.0, np = 2;
        }
        for (int j = 0; j < np; j++)
            add_product3(&e, (double)n, p[j], ttc);
        for (int i = 0; i < n; i++) {
            add_product(&e, -num * q, sorted[i]); /* q = 1 or 2: exact */
            for (int j = 0; j < np; j++)
                add_product3(&e, -r, p[j], sorted[i]);
        }
    }
    return e.n > 0 && e.c[e.n - 1] > 0;
}

bool th_exceeds(double ttc, double num, enum th_divisor divisor, double qos, double r,
                const double *sorted, int n)
{
    struct th_bar b;
    th_bar_init(&b, num, divisor, qos, r, sorted, n);
    return th_bar_exceeds(&b, ttc);
}

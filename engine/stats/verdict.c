/* verdict — paired verdicts valid at any tail (see verdict.h). */
#include "engine/stats/verdict.h"

#include <math.h>

#include "engine/stats/intervals.h"

const char *const verdict_row_names[VR_COUNT] = {
    [VR_LOWER] = "lower", [VR_HIGHER] = "higher", [VR_TIED] = "tied",
    [VR_SIGN_P] = "sign_p", [VR_MEDIAN_DELTA] = "median_delta"};

bool verdict_tied(double x, double y)
{
    double d = fabs(x - y); /* infinite (or NaN) unless both are finite */
    return x == y || (isfinite(d) && d <= VERDICT_TIE_REL * fmax(fabs(x), fabs(y)));
}

void verdict_rows(const double *x, const double *y, int n, double confidence, double *work,
                  struct st_summary out[VR_COUNT])
{
    uint64_t below = 0, above = 0, tied = 0;
    long m = 0;
    for (int k = 0; k < n; k++) {
        if (isnan(x[k]) || isnan(y[k]))
            continue;
        bool tie = verdict_tied(x[k], y[k]);
        below += !tie && x[k] < y[k];
        above += !tie && x[k] > y[k];
        tied += tie;
        work[m++] = tie ? 0.0 : x[k] - y[k];
    }
    uint64_t all = (uint64_t)m;
    out[VR_LOWER] = st_clopper_pearson(below, all, confidence);
    out[VR_HIGHER] = st_clopper_pearson(above, all, confidence);
    out[VR_TIED] = st_clopper_pearson(tied, all, confidence);
    out[VR_SIGN_P] = st_empty(below + above, all ? ST_SIGN_TEST : ST_NONE);
    if (all)
        out[VR_SIGN_P].mean = st_sign_test(below, above);
    out[VR_MEDIAN_DELTA] = all ? iv_quantile(work, m, 0.5, confidence) : st_empty(0, ST_NONE);
}

struct verdict_counts verdict_counts(const struct st_summary rows[VR_COUNT])
{
    double n = (double)rows[VR_LOWER].n;
    return (struct verdict_counts){rows[VR_LOWER].n,
                                   (uint64_t)llround(rows[VR_LOWER].mean * n),
                                   (uint64_t)llround(rows[VR_HIGHER].mean * n),
                                   (uint64_t)llround(rows[VR_TIED].mean * n)};
}

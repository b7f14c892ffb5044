/* threshold — seed 003's dynamic time threshold: eq. 7's Q (see threshold.h). */
#include "analysis/threshold.h"

#include <math.h>
#include <stdlib.h>

static int ascending(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double th_q(double *ttc, int n, double qos, enum th_divisor divisor)
{
    if (isnan(qos))
        return 1.5;
    qsort(ttc, (size_t)n, sizeof *ttc, ascending);
    double sum = 0.0, above = NAN;
    for (int i = 0; i < n; i++) {
        sum += ttc[i];
        if (isnan(above) && ttc[i] > qos)
            above = ttc[i];
    }
    double by = divisor == TH_AVERAGE ? sum / n
                : divisor == TH_QOS   ? qos
                : n % 2               ? ttc[n / 2]
                                      : 0.5 * (ttc[n / 2 - 1] + ttc[n / 2]);
    return (isnan(above) ? qos : above) / by;
}

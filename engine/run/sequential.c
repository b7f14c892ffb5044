/* sequential — the stopping rule (see sequential.h). */
#include "engine/run/sequential.h"

#include <math.h>
#include <stdio.h>

#include "engine/stats/stats.h"

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
                             "(docs/methods/statistics.md), so it cannot meet the precision", name, pol,
                             s);
                    return false;
                }
                double rel = (x->ci_high - x->ci_low) / 2 / fabs(x->mean);
                if (!(rel <= c->precision) && !(x->ci_high == x->ci_low)) {
                    snprintf(why, len, "%s of %s in scenario %d: relative half-width %.3g > %g",
                             name, pol, s, rel, c->precision);
                    return false;
                }
            }
    return true;
}

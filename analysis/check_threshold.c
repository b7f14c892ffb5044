/* check_threshold — threshold.*: seed 003's dynamic time threshold (§V, Algorithm 1).
 *
 *  threshold.eq7  eq. 7's Q on §V-A's worked example: the TTCs 290, 290, 300, 380 and 400 ms
 *                 give Q = 127 % with QoS 300 ms (380/300) and 150 % with QoS 450 ms
 *                 (450/300), as printed to the percent. The three readings of the divisor —
 *                 the median (eq. 7), the average (Algorithm 1) and the QoS — are each a row:
 *                 only the median gives both printed values (the median of the five is 300,
 *                 which the first example shares with the QoS). Around the branch of eq. 7:
 *                 QoS = 380 (no TTC "larger than" it but 400) and QoS = 400 (the maximum:
 *                 QoS / median), and no QoS (1.5, §V-A's fallback). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "models/theory/threshold.h"
#include "analysis/validate.h"

static int run_eq7(const struct vd_context *ctx, const char *only, struct vd_rows *out)
{
    (void)ctx;
    static const double example[] = {290, 290, 300, 380, 400};
    static const struct {
        double qos;
        enum th_divisor divisor;
        double closed, tolerance; /* the printed value to the percent, or the equation's */
        bool expected;
        const char *what;
    } rows[] = {
        {300, TH_MEDIAN, 1.27, 0.005, true, "divisor=median printed=127%"},
        {450, TH_MEDIAN, 1.50, 0.005, true, "divisor=median printed=150%"},
        {300, TH_AVERAGE, 1.27, 0.005, false, "divisor=average printed=127% outside=printed_value"},
        {450, TH_AVERAGE, 1.50, 0.005, false, "divisor=average printed=150% outside=printed_value"},
        {300, TH_QOS, 1.27, 0.005, true, "divisor=qos printed=127%"},
        {450, TH_QOS, 1.50, 0.005, false, "divisor=qos printed=150% outside=printed_value"},
        {380, TH_MEDIAN, 400.0 / 300.0, 1e-12, true, "divisor=median edge=qos_equals_a_ttc"},
        {400, TH_MEDIAN, 400.0 / 300.0, 1e-12, true, "divisor=median edge=qos_equals_max_ttc"},
        {NAN, TH_MEDIAN, 1.5, 1e-12, true, "fallback=1.5"},
    };
    if (!vd_selected(only, "threshold.eq7"))
        return 0;
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        double ttc[5];
        memcpy(ttc, example, sizeof ttc);
        double q = th_q(ttc, 5, rows[i].qos, rows[i].divisor);
        char params[192];
        if (isnan(rows[i].qos))
            snprintf(params, sizeof params, "ttc=290/290/300/380/400ms qos=none %s", rows[i].what);
        else
            snprintf(params, sizeof params, "ttc=290/290/300/380/400ms qos=%gms %s", rows[i].qos,
                     rows[i].what);
        if (vd_add_range(out, "threshold.eq7", params, rows[i].closed, q, q - rows[i].tolerance,
                         q + rows[i].tolerance, 5, rows[i].expected))
            return -1;
    }
    return 0;
}

const struct vd_check vd_threshold_eq7 = {
    .id = "threshold.eq7",
    .source = "seed 003 §V-A eq. 7 and its worked example; Algorithm 1",
    .assumptions = "the five TTCs of the example; the printed percentages are rounded to 1 %",
    .closed_form = "the printed Q (127 %, 150 %) within 0.5 %, or eq. 7 by hand at its branch",
    .simulation = "none: th_q (models/theory/threshold.c) under each reading of the divisor",
    .run = run_eq7,
};

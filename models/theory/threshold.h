/* threshold — the closed forms of seed 003 (Ouyang et al., AINA 2016, §V) behind its dynamic
 * time threshold Th = Q + αP + βS (eq. 6): the QoS term Q of eq. 7, which the threshold
 * policy (models/policies/threshold.c) runs and the threshold.eq7 check of `specmc validate`
 * tests on the paper's worked example, and the straggler test TTC > Th × TTC_avg (§V), decided
 * exactly. Pure. */
#ifndef SPECMC_THRESHOLD_H
#define SPECMC_THRESHOLD_H

#include <stdbool.h>

/* What eq. 7 divides by: the median of the TTCs (eq. 7 as printed, "medium(TTC_i)"), their
 * average (Algorithm 1's AVERAGE(TTC)), or the QoS (one reading of §V-A's worked example);
 * TH_ONE: nothing, Q is its numerator (the static threshold, or 1.5 without a QoS). */
enum th_divisor { TH_MEDIAN, TH_AVERAGE, TH_QOS, TH_ONE };

/* The Q term of eq. 7 over the running tasks' times to completion ttc[0..n) (n ≥ 1; sorted in
 * place): with QoS ≥ max TTC, QoS / divisor; otherwise the least TTC above QoS (strictly, the
 * pseudo-code's (TTC > QoS).First) / divisor. No QoS (qos NaN): 1.5, the static threshold of
 * §III the paper falls back to. The median of an even count is the mean of the middle two.
 * th_q_num and th_q_div give its numerator (sorting ttc) and divisor apart (TH_ONE without a
 * QoS), for th_exceeds. */
double th_q(double *ttc, int n, double qos, enum th_divisor divisor);
double th_q_num(double *ttc, int n, double qos);
double th_q_div(const double *sorted, int n, double qos, enum th_divisor divisor);

/* §V's straggler test for a task of time to completion `ttc`: ttc > Th × TTC_avg, strictly,
 * with Th = num / divisor + r (eq. 6: num and the divisor eq. 7's, r = αP + βS as computed)
 * and TTC_avg the mean of the job's running TTCs sorted[0..n) (ascending, n ≥ 1). Decided on
 * the exact values of those doubles — eq. 7's ratio and the mean are never rounded — so a
 * tie is no straggler whatever the rounding (with α = β = 0 the least TTC above the QoS
 * equals its own bar whenever the divisor is the average, or the median of two). Values that
 * are not finite and positive fall back to the rounded bar. */
bool th_exceeds(double ttc, double num, enum th_divisor divisor, double qos, double r,
                const double *sorted, int n);

/* The same test in two steps, for the candidates of one job: th_bar_init prepares the bar of
 * a job's TTCs (the divisor, the rounded bar of their mean and its margin: O(n)), which sorted
 * must outlive; th_bar_exceeds tests one candidate against it (O(1), but for one too close to
 * call). th_exceeds is the two in one. */
struct th_bar {
    double num, r, qos;
    enum th_divisor divisor;
    const double *sorted;
    int n;
    double div, bar, margin;
    bool exact; /* the values are finite and positive: a close call is decided exactly */
};
void th_bar_init(struct th_bar *b, double num, enum th_divisor divisor, double qos, double r,
                 const double *sorted, int n);
bool th_bar_exceeds(const struct th_bar *b, double ttc);

#endif

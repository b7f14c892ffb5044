/* threshold — the closed forms of seed 003 (Ouyang et al., AINA 2016, §V) behind its dynamic
 * time threshold Th = Q + αP + βS (eq. 6): the QoS term Q of eq. 7, which the threshold
 * policy (models/policies/threshold.c) runs and the threshold.eq7 check of `specmc validate`
 * tests on the paper's worked example. Pure. */
#ifndef SPECMC_THRESHOLD_H
#define SPECMC_THRESHOLD_H

/* What eq. 7 divides by: the median of the TTCs (eq. 7 as printed, "medium(TTC_i)"), their
 * average (Algorithm 1's AVERAGE(TTC)), or the QoS (one reading of §V-A's worked example). */
enum th_divisor { TH_MEDIAN, TH_AVERAGE, TH_QOS };

/* The Q term of eq. 7 over the running tasks' times to completion ttc[0..n) (n ≥ 1; sorted in
 * place): with QoS ≥ max TTC, QoS / divisor; otherwise the least TTC above QoS (strictly, the
 * pseudo-code's (TTC > QoS).First) / divisor. No QoS (qos NaN): 1.5, the static threshold of
 * §III the paper falls back to. The median of an even count is the mean of the middle two. */
double th_q(double *ttc, int n, double qos, enum th_divisor divisor);

#endif

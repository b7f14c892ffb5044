/* hopper — seed 001's completion-rate model and Algorithms 1–2 (see hopper.h). */
#include "models/theory/hopper.h"

#include <math.h>

double hp_blowup(double k, double beta)
{
    if (!(beta > 1) || !(k * beta > 1))
        return INFINITY;
    return (k * beta - 1.0) / (k * k * (beta - 1.0));
}

double hp_mu_eq1(double S, double T, double k, double beta)
{
    return fmin(S, T * k) * hp_blowup(k, beta);
}

double hp_k_eq2(double S, double T, double beta)
{
    return S <= 2.0 / beta * T ? 2.0 / beta : S / T;
}

double hp_mu_eq3(double S, double T, double beta)
{
    if (S <= 2.0 / beta * T)
        return beta * beta / (4.0 * (beta - 1.0)) * S;
    return beta * T / (beta - 1.0) - T * T / (S * (beta - 1.0));
}

void hp_allocate(struct hp_job *j, int n, double slots, double beta, double epsilon)
{
    double floor_share = n > 0 ? slots / n * (1.0 - epsilon) : 0.0, v = 2.0 / beta;
    int m1 = 0;
    while (m1 < n && v * j[m1].remaining <= floor_share)
        m1++;
    double want = m1 * floor_share;
    for (int i = m1; i < n; i++)
        want += v * j[i].remaining;
    if (slots <= want) {
        double left = slots - n * floor_share;
        for (int i = 0; i < n; i++) {
            double extra = i < m1 ? 0.0 : fmin(v * j[i].remaining - floor_share, left);
            j[i].target = floor_share + extra;
            left -= extra;
        }
        return;
    }
    double rest = 0.0;
    for (int i = 0; i < n; i++)
        rest += j[i].remaining;
    int m2 = 0;
    for (; m2 < n - 1; m2++) {
        double share = j[m2].remaining / rest * (slots - m2 * floor_share);
        if (share >= fmax(floor_share, v * j[m2].remaining))
            break;
        rest -= j[m2].remaining;
    }
    for (int i = 0; i < n; i++)
        j[i].target = i < m2 ? floor_share : j[i].remaining / rest * (slots - m2 * floor_share);
}

/* hopper — seed 001's completion-rate model and Algorithms 1–3 (see hopper.h). */
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

/* The smaller of two weights (never NaN): a compare, where fmin is a call for its NaN rules. */
static inline double smaller(double a, double b)
{
    return a < b ? a : b;
}

/* V_i = (2/β) T_i √α_i (seed 001 eq. 6). */
double hp_dag_virtual(const struct hp_dag_job *j, double beta)
{
    return 2.0 / beta * j->remaining * sqrt(j->alpha);
}

/* Case 2's assignment for k (1-based): V_i/√a_{k+1} to jobs 1..k+1 in the order 1..k_min−1,
 * k_min+1..k+1, k_min until the slots run out. */
static void dag_fill(struct hp_dag_job *j, int k, double slots, enum hp_kmin rule)
{
    int among = rule == HP_KMIN_NEXT ? k + 1 : k, kmin = 0;
    double a = j[0].alpha, left = slots;
    for (int i = 1; i <= k; i++)
        a = smaller(a, j[i].alpha);
    for (int i = 1; i < among; i++)
        if (j[i].alpha <= j[kmin].alpha)
            kmin = i; /* ties: the one listed last */
    double root = sqrt(a);
    for (int step = 0; step <= k; step++) {
        int i = step < k ? (step < kmin ? step : step + 1) : kmin;
        double give = smaller(j[i].v / root, left);
        j[i].target = give;
        left -= give;
    }
}

/* Proportional shares V_i / sum · S among the first m jobs (eq. 6), sum = Σ_{j≤m} V_j. */
static void dag_scale(struct hp_dag_job *j, int m, double sum, double slots)
{
    for (int i = 0; i < m; i++)
        j[i].target = j[i].v / sum * slots;
}

/* The same, summing the first m jobs' V_j in order. */
static void dag_share(struct hp_dag_job *j, int m, double slots)
{
    double sum = 0.0;
    for (int i = 0; i < m; i++)
        sum += j[i].v;
    dag_scale(j, m, sum, slots);
}

int hp_allocate_dag(struct hp_dag_job *j, int n, double slots, enum hp_kmin kmin)
{
    double total = 0.0, least = INFINITY; /* Σ_{i≤n} V_i and a_n, the least α */
    for (int i = 0; i < n; i++) {
        j[i].target = 0.0;
        total += j[i].v;
        least = smaller(least, j[i].alpha);
    }
    if (n == 0)
        return 0;
    if (n == 1 || slots <= j[0].v / sqrt(smaller(j[0].alpha, j[1].alpha))) {
        j[0].target = slots;
        return 1;
    }
    /* Case 4 at once where it holds: S > Σ_{i≤n} V_i/√a_n is above every upper end that
       cases 2, 3 and 5 test (each a partial sum of the same terms over a √a_k ≥ √a_n, and
       division and the running sum are monotone), so the loops below would find none. Its
       shares divide by total, the sum dag_share would form again in the same order. */
    if (slots > total / sqrt(least)) {
        dag_scale(j, n, total, slots);
        return 4;
    }
    /* case 2 and the fallback: with a = a_{k+1} and sum = Σ_{i≤k} V_i, the range is
       (sum/√a, (sum + V_{k+1})/√a]; the fallback is the first k whose upper end reaches S */
    int fallback = -1;
    double a = j[0].alpha, sum = 0.0, root = sqrt(a);
    for (int k = 1; k < n; k++) {
        if (j[k].alpha < a) {
            a = j[k].alpha;
            root = sqrt(a);
        }
        sum += j[k - 1].v;
        double hi = (sum + j[k].v) / root;
        if (sum / root < slots && slots <= hi) {
            dag_fill(j, k, slots, kmin);
            return 2;
        }
        if (fallback < 0 && slots <= hi)
            fallback = k;
    }
    a = smaller(j[0].alpha, j[1].alpha); /* a_{k+1} for k = 1 */
    root = sqrt(a);
    for (int k = 1; k < n - 1; k++) {
        double next = smaller(a, j[k + 1].alpha); /* a_{k+2} */
        double next_root = next == a ? root : sqrt(next);
        if (total / root < slots && slots <= total / next_root) {
            dag_share(j, k + 1, slots);
            return 3;
        }
        a = next;
        root = next_root;
    }
    if (fallback < 0) { /* S > Σ_{i≤n} V_i / √a_n */
        dag_scale(j, n, total, slots);
        return 4;
    }
    dag_fill(j, fallback, slots, kmin);
    return 5;
}

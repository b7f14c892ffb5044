/* test_hopper_dag — seed 001's Algorithm 3 (models/theory/hopper.c, hp_allocate_dag): each
 * of its four cases and the gap between them on hand-computed allocations, case 2's order
 * under both readings of J_{k_min}, the order by max{T_i, T'_i} with its tie rule, and that
 * with every α = 1 it is Algorithm 1. */
#include <criterion/criterion.h>
#include <math.h>

#include "models/theory/hopper.h"

#define EPS 1e-12

/* β = 2, so V_i = T_i √α_i. Three jobs (T, α): (2, 4), (2, 1), (3, 1/4): V = 4, 2, 1.5 and
 * a_1..a_3 = 4, 1, 1/4. Case 1: S ≤ V_1/√a_2 = 4. Case 2, k = 1: (4, 6]; k = 2: (6/0.5,
 * 7.5/0.5] = (12, 15]. Case 3, k = 1: (7.5/√a_2, 7.5/√a_3] = (7.5, 15]. Case 4: S > 15. */
static void three(double slots, enum hp_kmin kmin, int want_case, double a, double b, double c)
{
    struct hp_dag_job j[3] = {{2, 0, 4, 0, 0}, {2, 0, 1, 0, 1}, {3, 0, 0.25, 0, 2}};
    double want[3] = {a, b, c}, v[3] = {4, 2, 1.5};
    for (int i = 0; i < 3; i++) {
        j[i].v = hp_dag_virtual(&j[i], 2.0);
        cr_assert_float_eq(j[i].v, v[i], EPS, "V_%d = %g, want %g", i + 1, j[i].v, v[i]);
    }
    cr_assert_eq(hp_allocate_dag(j, 3, slots, kmin), want_case, "S = %g", slots);
    for (int i = 0; i < 3; i++)
        cr_assert_float_eq(j[i].target, want[i], EPS, "S = %g: S_%d = %g, want %g", slots, i + 1,
                           j[i].target, want[i]);
}

Test(hopper_dag, case1_all_to_the_first)
{
    three(3.0, HP_KMIN_NEXT, 1, 3, 0, 0);
}

/* S = 5, k = 1: V_i/√a_2 = 4, 2. J_kmin among the first k + 1 = 2 is job 2 (α 1): order 1, 2,
 * job 1 gets 4 and job 2 the remaining 1. Among the first k = 1 it is job 1: order 2, 1, job 2
 * gets 2 and job 1 the remaining 3. */
Test(hopper_dag, case2_k1_order_and_kmin)
{
    three(5.0, HP_KMIN_NEXT, 2, 4, 1, 0);
    three(5.0, HP_KMIN_FIRST_K, 2, 3, 2, 0);
}

/* S = 13, k = 2: V_i/√a_3 = 8, 4, 3 (15 in all). Among the first 3 J_kmin is job 3: order
 * 1, 2, 3 → 8, 4, 1. Among the first 2 it is job 2: the printed order 1, 3, 2 → jobs 1 and 3
 * take 8 and 3, job 2 the remaining 2. */
Test(hopper_dag, case2_k2_odd_order)
{
    three(13.0, HP_KMIN_NEXT, 2, 8, 4, 1);
    three(13.0, HP_KMIN_FIRST_K, 2, 8, 2, 3);
}

/* S = 10 lies in case 2's gap (6, 12] and in case 3 for k = 1, (7.5, 15]: the first k + 1 = 2
 * share S in proportion to V (4 : 2), job 3 gets nothing. S = 30 > 15: case 4, every job in
 * proportion to V, 4 : 2 : 1.5 (eq. 6). */
Test(hopper_dag, cases3_and_4_proportional)
{
    three(10.0, HP_KMIN_NEXT, 3, 40.0 / 6, 20.0 / 6, 0);
    three(30.0, HP_KMIN_NEXT, 4, 16, 8, 6);
}

/* The edge of case 4, S = Σ V_i/√a_n = 15: still case 2 for k = 2 (its range (12, 15] holds
 * 15; the case-4 test that skips the loops must not take it), 8, 4, 3; the next double above
 * 15 is case 4. */
Test(hopper_dag, case4_starts_just_above_its_edge)
{
    three(15.0, HP_KMIN_NEXT, 2, 8, 4, 3);
    double above = nextafter(15.0, INFINITY);
    three(above, HP_KMIN_NEXT, 4, above * 4 / 7.5, above * 2 / 7.5, above * 1.5 / 7.5);
}

/* S = 7 is in no printed case (case 2's gap, below case 3's range): case 2's assignment with
 * the least k whose upper sum reaches S, k = 2 (15 >= 7): job 1 takes its 8 up to the 7. */
Test(hopper_dag, gap_falls_back_to_case2)
{
    three(7.0, HP_KMIN_NEXT, 5, 7, 0, 0);
}

/* The order: ascending max{T, T'}; the same max, the larger α first; then the index. */
Test(hopper_dag, order_by_max_then_weight)
{
    struct hp_dag_job a = {5, 2, 0.4, 0, 0}, b = {3, 6, 2, 0, 1}, c = {5, 0, 1, 0, 2},
                      d = {2, 5, 1, 0, 3};
    cr_assert(hp_dag_before(&a, &b), "max 5 before max 6, though T 5 > 3");
    cr_assert(!hp_dag_before(&b, &a));
    cr_assert(hp_dag_before(&c, &a), "same max 5: alpha 1 before 0.4");
    cr_assert(!hp_dag_before(&a, &c));
    cr_assert(hp_dag_before(&c, &d) && !hp_dag_before(&d, &c), "same max 5 and alpha: index");
}

/* With every α = 1 (one-phase jobs) Algorithm 3 is Algorithm 1, whatever S. */
Test(hopper_dag, alpha_one_is_algorithm_1)
{
    double T[5] = {1, 2, 2, 5, 9}, beta = 1.5;
    for (double slots = 0.5; slots < 40; slots += 0.75) {
        struct hp_job one[5];
        struct hp_dag_job dag[5];
        for (int i = 0; i < 5; i++) {
            one[i] = (struct hp_job){T[i], 0, i};
            dag[i] = (struct hp_dag_job){T[i], 0, 1, 0, i};
            dag[i].v = hp_dag_virtual(&dag[i], beta);
        }
        hp_allocate(one, 5, slots, beta, 1.0);
        hp_allocate_dag(dag, 5, slots, HP_KMIN_NEXT);
        for (int i = 0; i < 5; i++)
            cr_assert_float_eq(dag[i].target, one[i].target, 1e-9, "S = %g, job %d: %g vs %g",
                               slots, i, dag[i].target, one[i].target);
    }
}

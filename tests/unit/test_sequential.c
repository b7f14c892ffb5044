/* test_sequential — where a sequential run is, as its checkpoint carries it
 * (engine/run/sequential.c, seq_place and seq_place_resume): a place read back restores the
 * watch exactly (its moments replayed from the replicas' values, to the bit), and a place
 * that is not one of this run is refused rather than resumed from. */
#include <criterion/criterion.h>
#include <math.h>

#include "engine/run/result.h"
#include "engine/run/sequential.h"
#include "tests/unit/config_text.h"

static const char *text = "[experiment]\nreplicas = 30\nmax_replicas = 300\nprecision = 0.01\n"
                          "[workload]\nrate = 1\njobs = 5\n";

/* A run of 300 replicas whose flowtime values are 1 + r/7, watched to `added`. */
static void setup(struct cfg *c, struct run_result *res, struct seq_watch *w, int added)
{
    load(c, text);
    cr_assert_eq(run_alloc(c, 0, 300, res), 0);
    for (int r = 0; r < 300; r++)
        run_values(res, 0, 0, M_FLOWTIME)[r] = 1 + r / 7.0;
    cr_assert_eq(seq_watch_init(w, c), 0);
    seq_watch_add(w, c, res, added);
}

Test(sequential, place_restores_the_watch)
{
    struct cfg c;
    struct run_result res;
    struct seq_watch w, back;
    setup(&c, &res, &w, 120);
    w.looked = 60, w.looks = 2;
    for (int k = 0; k < w.ncells; k++)
        w.ratio[k] = 1 + k / 100.0;
    double place[4 + 3 * M_COUNT];
    cr_assert_eq(seq_place_len(&w), 4 + (size_t)w.ncells);
    seq_place(&w, 150, place);
    cr_assert_eq(seq_watch_init(&back, &c), 0);
    int to = 0;
    cr_assert_eq(seq_place_resume(&back, &c, &res, place, seq_place_len(&w), 300, &to), 0);
    cr_assert(to == 150 && back.n == 120 && back.looked == 60 && back.looks == 2);
    for (int k = 0; k < w.ncells; k++) {
        cr_assert(back.ratio[k] == w.ratio[k]);
        if (!c.precision_metric[k % M_COUNT]) { /* not asked (the slowdowns): no moments */
            cr_assert(back.acc[k].n == 0 && w.acc[k].n == 0);
            continue;
        }
        cr_assert(back.acc[k].n == w.acc[k].n && back.acc[k].mean == w.acc[k].mean &&
                  st_acc_variance(&back.acc[k]) == st_acc_variance(&w.acc[k]));
    }
    seq_watch_free(&w), seq_watch_free(&back);
    run_result_free(&res);
    cfg_free(&c);
}

/* Each of these is refused: a batch end below the first batch or above max_replicas, moments
 * of as many replicas as the batch or more, a last look after them, a ratio negative or not
 * a number, and a place of another length. */
Test(sequential, place_of_another_run_refused)
{
    struct cfg c;
    struct run_result res;
    struct seq_watch w;
    setup(&c, &res, &w, 120);
    double good[4 + 3 * M_COUNT];
    size_t n = seq_place_len(&w);
    seq_place(&w, 150, good);
    struct {
        int at;
        double v;
    } bad[] = {{0, 20}, {0, 301}, {0, 150.5}, {1, 150}, {2, 121}, {3, -1}, {4, -0.5}, {5, NAN}};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        double v[4 + 3 * M_COUNT];
        for (size_t k = 0; k < n; k++)
            v[k] = good[k];
        v[bad[i].at] = bad[i].v;
        struct seq_watch back;
        int to = 0;
        cr_assert_eq(seq_watch_init(&back, &c), 0);
        cr_assert_eq(seq_place_resume(&back, &c, &res, v, n, 300, &to), -1, "case %zu", i);
        seq_watch_free(&back);
    }
    struct seq_watch back;
    int to = 0;
    cr_assert_eq(seq_watch_init(&back, &c), 0);
    cr_assert_eq(seq_place_resume(&back, &c, &res, good, n - 1, 300, &to), -1);
    cr_assert_eq(seq_place_resume(&back, &c, &res, good, n, 300, &to), 0);
    seq_watch_free(&back), seq_watch_free(&w);
    run_result_free(&res);
    cfg_free(&c);
}

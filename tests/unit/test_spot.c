/* Price histories (models/spot.h, seed 004 §VII-B's spot prices): the price at a time and its
 * integral by hand, before the first change and after the last; a copy's slot time priced
 * moment by moment in the cluster, a job's price the one at its arrival, and the utility
 * metric's cost term from them; the file reader's errors with line and column. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/config/traces.h"
#include "scenario.h"

#define EPS 1e-12

/* 2 from t = 1, 5 from 3, 1 from 4 (2 before 1, 1 after 4). */
static struct spot_prices history(double *t, double *p)
{
    t[0] = 1, t[1] = 3, t[2] = 4;
    p[0] = 2, p[1] = 5, p[2] = 1;
    struct spot_prices s = {t, p, NULL, 3};
    cr_assert_eq(spot_prepare(&s), 0);
    return s;
}

Test(spot, price_and_cost_by_hand)
{
    double t[3], p[3];
    struct spot_prices s = history(t, p);
    cr_assert_eq(spot_at(&s, 0.0), 2.0, "before the first change: the first price");
    cr_assert_eq(spot_at(&s, 3.0), 5.0, "a change takes effect at its time");
    cr_assert_eq(spot_at(&s, 3.5), 5.0);
    cr_assert_eq(spot_at(&s, 9.0), 1.0, "after the last: the last");
    /* [0.5, 3.5]: 2 × 2.5 + 5 × 0.5 = 7.5; [3.5, 6]: 5 × 0.5 + 1 × 2 = 4.5; [2, 2]: 0 */
    cr_assert_float_eq(spot_cost(&s, 0.5, 3.5), 7.5, EPS);
    cr_assert_float_eq(spot_cost(&s, 3.5, 6.0), 4.5, EPS);
    cr_assert_eq(spot_cost(&s, 2.0, 2.0), 0.0);
    free(s.cum);
}

/* One batch job of two tasks (2 and 4) on 2 slots: its copies hold their slots over [0, 2]
 * and [0, 4], priced 2 until 3 (the history's first price holds before its first change) and
 * 5 from 3 to 4: 2 × 2 + (2 × 3 + 5 × 1) = 15. Its price for Chronos is the one at its
 * arrival, 2; the utility's cost term is θ · 15 (one job). */
Test(spot, copies_cost_their_moments)
{
    double t[3], p[3];
    struct spot_prices s = history(t, p);
    static struct sc_durations d = {.d = {{2}, {4}}, .other = 1.0};
    struct cl_spec sp = sc_spec(2, 1, 2);
    sp.deadline = 10.0;
    sp.utility_theta = 1e-3;
    sp.spot = &s;
    double param[POL_MAX_PARAMS] = {0}, out[M_COUNT];
    int rc;
    struct rep_workspace *ws = sc_run(&sp, "fifo", param, &d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    const struct cluster *cl = rep_cluster(ws);
    cr_assert_float_eq(cl->job[0].machine_time, 6.0, EPS);
    cr_assert_float_eq(cl->job[0].spot_cost, 15.0, EPS);
    cr_assert_eq(cl->job[0].price, 2.0);
    cr_assert_float_eq(out[M_UTILITY], log10(1.0 - sp.utility_rmin) - 1e-3 * 15.0, 1e-12);
    rep_workspace_free(ws);
    free(s.cum);
}

static const char *read_error(const char *text)
{
    static char err[512];
    char path[] = "/tmp/specmc-prices-XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    struct spot_prices s;
    err[0] = '\0';
    int rc = tr_read_prices(path, &s, err, sizeof err);
    unlink(path);
    if (rc == 0) {
        spot_free(&s);
        return NULL;
    }
    return strchr(err, ':') ? strchr(err, ':') + 1 : err;
}

Test(spot, reader_names_line_and_column)
{
    cr_assert_null(read_error("# EC2 history\ntime,price\n0,0.3\n\n7200,0.45\n"));
    static const struct {
        const char *text, *want;
    } bad[] = {
        {"t,p\n0,1\n", "1: expected the header line 'time,price'"},
        {"time,price\n0,1\n5\n", "3: expected 2 columns (time,price), got 1"},
        {"time,price\n0,1\n5,x\n", "3: column 'price': expected a number >= 0"},
        {"time,price\n0,1\n5,-1\n", "3: column 'price': expected a number >= 0"},
        {"time,price\n-1,1\n", "2: column 'time': expected a number >= 0"},
        {"time,price\n4,1\n4,2\n", "3: column 'time': expected a number > 4 (the line before's"},
        {"time,price\n", "no prices"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        const char *got = read_error(bad[i].text);
        cr_assert_not_null(got, "case %zu accepted", i);
        cr_assert(strstr(got, bad[i].want), "case %zu: %s", i, got);
    }
}

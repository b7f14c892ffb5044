/* Queueing sanity of the simulator core (the queue.* checks, docs/methods/validation.md):
 * one-task jobs under FIFO must reproduce the classical closed forms — Erlang C for M/M/c at
 * two loads, Pollaczek–Khinchine for M/G/1 with Pareto service. The simulation runs the real
 * model and event loop; the closed forms come from analysis/queueing.c. Verdict: the closed
 * form lies inside the 99 % Student-t interval over replicas (fixed seeds, so the outcome is
 * reproducible). */
#include <criterion/criterion.h>
#include <math.h>

#include "analysis/queueing.h"
#include "engine/stats/stats.h"
#include "scenario.h"

static struct st_summary simulate_mean_flowtime(const struct cl_spec *sp, int replicas)
{
    struct rep_workspace *ws = rep_workspace_new();
    double out[M_COUNT], param[POL_MAX_PARAMS];
    sc_params(pol_find("fifo"), param, NULL, 0);
    struct st_acc acc;
    st_acc_init(&acc);
    for (int r = 0; r < replicas; r++) {
        cr_assert_eq(rep_run(ws, sp, pol_find("fifo"), param, 2026, (uint64_t)r, true, out),
                     REP_OK);
        st_acc_add(&acc, out[M_FLOWTIME]);
    }
    rep_workspace_free(ws);
    return st_t_interval(&acc, 0.99);
}

static void check_mmc(int c, double rho, int replicas)
{
    struct cl_spec sp = sc_spec(c, 20000, 1);
    sp.arrival = ARRIVAL_POISSON;
    sp.rate = rho * c; /* mu = 1 */
    sp.task_time = (struct dist){DIST_EXPONENTIAL, 1.0, 0.0};
    sp.warmup = 2000;
    struct st_summary s = simulate_mean_flowtime(&sp, replicas);
    double w = q_mmc_mean_response(c, sp.rate, 1.0);
    cr_assert(s.ci_low <= w && w <= s.ci_high,
              "M/M/%d at rho %.2f: Erlang C gives %.5f, simulation %.5f [%.5f, %.5f]", c, rho, w,
              s.mean, s.ci_low, s.ci_high);
    cr_assert((s.ci_high - s.ci_low) / 2 < 0.02 * w,
              "interval too wide to be a real check: %.5f [%.5f, %.5f]", s.mean, s.ci_low,
              s.ci_high);
    /* The check has power: the same load on one fast server (M/M/1 with mu = c) is far off. */
    double wrong = q_mmc_mean_response(1, sp.rate, (double)c);
    cr_assert(wrong < s.ci_low || wrong > s.ci_high, "a wrong formula must fall outside");
}

Test(queue_sim, erlang_c_moderate_load) { check_mmc(4, 0.5, 60); }
Test(queue_sim, erlang_c_heavy_load) { check_mmc(4, 0.85, 200); }
Test(queue_sim, erlang_c_many_slots) { check_mmc(20, 0.8, 60); }

/* M/G/1 with Pareto(1, 4) service: E[S] = 4/3, E[S^2] = 4/2 = 2; rho = 0.6. */
Test(queue_sim, pollaczek_khinchine_pareto)
{
    struct cl_spec sp = sc_spec(1, 20000, 1);
    sp.arrival = ARRIVAL_POISSON;
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 4.0};
    double es = dist_mean(&sp.task_time), es2 = dist_variance(&sp.task_time) + es * es;
    cr_assert_float_eq(es2, 2.0, 1e-12);
    sp.rate = 0.6 / es;
    sp.warmup = 2000;
    struct st_summary s = simulate_mean_flowtime(&sp, 100);
    double w = q_mg1_mean_response(sp.rate, es, es2);
    cr_assert(s.ci_low <= w && w <= s.ci_high,
              "M/G/1: P-K gives %.5f, simulation %.5f [%.5f, %.5f]", w, s.mean, s.ci_low, s.ci_high);
}

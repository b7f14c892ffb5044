/* Each policy's rule on hand-built scenarios with scripted copy durations: which task gets a
 * slot, when a copy is launched or killed, and that machine time adds up. Every expected
 * number is computed by hand in the comment above its assertion. */
#include <criterion/criterion.h>
#include <math.h>

#include "scenario.h"

#define EPS 1e-12

static double param[POL_MAX_PARAMS];

/* ------------------------------------------------------------------ fifo and psrpt */

/* One slot, a batch of two jobs of three unit tasks: FIFO runs all of job 0 (done at 3) before
 * job 1 (done at 6). */
Test(fifo, serves_in_arrival_order)
{
    struct cl_spec sp = sc_spec(1, 2, 3);
    struct sc_durations d = {.other = 1.0};
    double out[M_COUNT];
    int rc;
    sc_params(pol_find("fifo"), param, NULL, 0);
    struct rep_workspace *ws = sc_run(&sp, "fifo", param, &d, out, &rc);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(rc, REP_OK);
    cr_assert_float_eq(cl->job[0].completion, 3.0, EPS);
    cr_assert_float_eq(cl->job[1].completion, 6.0, EPS);
    cr_assert_float_eq(cl->task_start[3], 3.0, EPS, "job 1 starts only after job 0");
    cr_assert_float_eq(out[M_FLOWTIME], 4.5, EPS);
    cr_assert_float_eq(out[M_MACHINE_TIME], 3.0, EPS);
    cr_assert_float_eq(out[M_COPIES_PER_TASK], 1.0, EPS);
    rep_workspace_free(ws);
}

/* One slot, a batch of two jobs of two tasks; job 1's first task is 0.5, all others 2. At t=0
 * both jobs have remaining work 2·E[X] = 6 (E[X] = 3 for Pareto(1, 1.5)): the tie goes to the
 * earlier job, 0..2. At t=2 job 0 has 3 left and job 1 6: job 0 again, 2..4. Then job 1,
 * 4..4.5 and 4.5..6.5. Breaking the tie the other way would finish job 1 at 2.5. */
Test(psrpt, ties_go_to_the_earlier_job)
{
    struct cl_spec sp = sc_spec(1, 2, 2);
    struct sc_durations d = {.other = 2.0};
    d.d[2][0] = 0.5;
    double out[M_COUNT];
    int rc;
    sc_params(pol_find("psrpt"), param, NULL, 0);
    struct rep_workspace *ws = sc_run(&sp, "psrpt", param, &d, out, &rc);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(rc, REP_OK);
    cr_assert_float_eq(cl->job[0].completion, 4.0, EPS);
    cr_assert_float_eq(cl->job[1].completion, 6.5, EPS);
    rep_workspace_free(ws);
}

/* The rule itself: the job with less remaining work goes first even if it arrived later.
 * Two slots, a batch of three jobs of two tasks (job j has tasks 2j, 2j+1), all tasks 1 but
 * job 1's first, 50. t=0: job 0 (tie, earliest) task 0; job 0 then has 1 + 3 = 4 < 6 left,
 * so its task 1 too. t=1: jobs 1 and 2 tie at 6 → job 1 task 2 (1..51), after which job 1
 * has 50 + 3 left and job 2 6 → job 2 task 4 (1..2). t=2: job 2 (3 left) beats job 1 (52) →
 * task 5 (2..3). t=3: job 1 task 3. FIFO instead starts task 3 at 1 and finishes job 2 at 4. */
Test(psrpt, remaining_work_not_arrival_order)
{
    struct cl_spec sp = sc_spec(2, 3, 2);
    struct sc_durations d = {.other = 1.0};
    d.d[2][0] = 50.0; /* job 1 task 0 */
    double out[M_COUNT];
    int rc;
    sc_params(pol_find("psrpt"), param, NULL, 0);
    struct rep_workspace *ws = sc_run(&sp, "psrpt", param, &d, out, &rc);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(rc, REP_OK);
    cr_assert_float_eq(cl->task_start[4], 1.0, EPS, "job 2 task 0 at 1");
    cr_assert_float_eq(cl->task_start[5], 2.0, EPS, "job 2 task 1 before job 1 task 1");
    cr_assert_float_eq(cl->task_start[3], 3.0, EPS, "job 1 task 1 last");
    cr_assert_float_eq(cl->job[2].completion, 3.0, EPS);
    rep_workspace_free(ws);

    sc_params(pol_find("fifo"), param, NULL, 0);
    ws = sc_run(&sp, "fifo", param, &d, out, &rc);
    cl = rep_cluster(ws);
    cr_assert_float_eq(cl->task_start[3], 1.0, EPS, "FIFO starts job 1 task 1 at 1");
    cr_assert_float_eq(cl->task_start[4], 2.0, EPS, "FIFO: job 2 waits for job 1");
    cr_assert_float_eq(cl->job[2].completion, 4.0, EPS);
    rep_workspace_free(ws);
}

/* ------------------------------------------------------------------ clone */

/* r = 2: three attempts of durations 5, 3, 4 start at 0; at tau_kill = 0.5 the best progress
 * (0.5/3) is copy 1, the others are killed. The task ends at 3; machine time 3 + 0.5 + 0.5. */
Test(clone, keeps_best_progress_at_tau_kill)
{
    struct cl_spec sp = sc_spec(3, 1, 1);
    struct sc_durations d = {.d = {{5.0, 3.0, 4.0}}, .other = 9.0};
    double out[M_COUNT];
    int rc;
    const struct policy *p = pol_find("clone");
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "r", 2);
    sc_params(p, param, "tau_kill", 0.5);
    struct rep_workspace *ws = sc_run(&sp, "clone", param, &d, out, &rc);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(rc, REP_OK);
    cr_assert_float_eq(cl->job[0].completion, 3.0, EPS);
    cr_assert_float_eq(out[M_MACHINE_TIME], 4.0, EPS);
    cr_assert_float_eq(out[M_WASTED_TIME], 1.0, EPS);
    cr_assert_float_eq(out[M_COPIES_PER_TASK], 3.0, EPS);
    cr_assert_eq(cl->kills, 2);
    rep_workspace_free(ws);
}

/* The kill must keep the best progress, not the original: with durations 2, 5 the original
 * wins (task ends at 2, machine time 2.5); with 5, 2 the clone wins (ends at 2, same cost). */
Test(clone, keeps_clone_or_original_whichever_leads)
{
    struct cl_spec sp = sc_spec(2, 1, 1);
    const struct policy *p = pol_find("clone");
    sc_params(p, param, NULL, 0);
    double out[M_COUNT];
    int rc;
    struct sc_durations a = {.d = {{2.0, 5.0}}}, b = {.d = {{5.0, 2.0}}};
    struct rep_workspace *ws = sc_run(&sp, "clone", param, &a, out, &rc);
    cr_assert_float_eq(rep_cluster(ws)->job[0].completion, 2.0, EPS);
    cr_assert_float_eq(out[M_MACHINE_TIME], 2.5, EPS);
    rep_workspace_free(ws);
    ws = sc_run(&sp, "clone", param, &b, out, &rc);
    cr_assert_float_eq(rep_cluster(ws)->job[0].completion, 2.0, EPS);
    cr_assert_float_eq(out[M_MACHINE_TIME], 2.5, EPS);
    rep_workspace_free(ws);
}

/* A copy that finishes before tau_kill completes the task and the others die with it:
 * durations 0.3, 2, 2 with tau_kill 0.5 → done at 0.3, machine time 3 · 0.3. */
Test(clone, early_finish_kills_the_rest)
{
    struct cl_spec sp = sc_spec(3, 1, 1);
    struct sc_durations d = {.d = {{0.3, 2.0, 2.0}}};
    const struct policy *p = pol_find("clone");
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "r", 2);
    double out[M_COUNT];
    int rc;
    struct rep_workspace *ws = sc_run(&sp, "clone", param, &d, out, &rc);
    cr_assert_float_eq(rep_cluster(ws)->job[0].completion, 0.3, EPS);
    cr_assert_float_eq(out[M_MACHINE_TIME], 0.9, 1e-12);
    rep_workspace_free(ws);
}

/* Fewer free slots than r+1: as many attempts as there are slots (2 of 4). */
Test(clone, attempts_limited_by_free_slots)
{
    struct cl_spec sp = sc_spec(2, 1, 1);
    struct sc_durations d = {.other = 1.0};
    const struct policy *p = pol_find("clone");
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "r", 3);
    double out[M_COUNT];
    int rc;
    struct rep_workspace *ws = sc_run(&sp, "clone", param, &d, out, &rc);
    cr_assert_float_eq(out[M_COPIES_PER_TASK], 2.0, EPS);
    rep_workspace_free(ws);
}

/* Equal progress (equal durations): the original is kept, never a clone. */
Test(clone, ties_keep_the_original)
{
    struct cl_spec sp = sc_spec(2, 1, 1);
    struct sc_durations d = {.other = 4.0};
    const struct policy *p = pol_find("clone");
    sc_params(p, param, NULL, 0);
    double out[M_COUNT];
    int rc;
    struct rep_workspace *ws = sc_run(&sp, "clone", param, &d, out, &rc);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->kills, 1);
    cr_assert_float_eq(out[M_MACHINE_TIME], 4.5, EPS);
    rep_workspace_free(ws);
}

/* ------------------------------------------------------------------ mantri */

/* The test F(t_rem·c/(c+1)) > δ with F Pareto(1, 1.5), δ = 0.25, c = 1: copy iff
 * t_rem/2 > 0.75^(-1/1.5) = 1.21141..., i.e. t_rem > 2.42282... Two slots, one job of two
 * tasks: task 0 takes 1, task 1 takes L. At t = 1 a slot frees and task 1 has just sent its
 * first progress report (report_interval 1): t_rem = L − 1. At t = 2 the losing copy (100) is
 * killed and t_rem = L − 2 no longer qualifies, so the count of launched copies is final. */
static int mantri_copies_of_task1(double L, const char *key, double value)
{
    struct cl_spec sp = sc_spec(2, 1, 2);
    struct sc_durations d = {.other = 100.0};
    d.d[0][0] = 1.0;
    d.d[1][0] = L;
    const struct policy *p = pol_find("mantri");
    sc_params(p, param, NULL, 0);
    sc_mantri_reports(p, param);
    sc_params(p, param, key, value);
    double out[M_COUNT];
    int rc;
    struct rep_workspace *ws = sc_run(&sp, "mantri", param, &d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    int copies = rep_cluster(ws)->task_copies[1];
    rep_workspace_free(ws);
    return copies;
}

Test(mantri, copy_exactly_when_inequality_holds)
{
    double threshold = 1.0 + 2.0 * pow(0.75, -1.0 / 1.5); /* L at which t_rem hits 2.4228 */
    cr_assert_eq(mantri_copies_of_task1(threshold - 1e-9, "delta", 0.25), 1, "just below");
    cr_assert_eq(mantri_copies_of_task1(threshold + 1e-9, "delta", 0.25), 2, "just above");
    /* δ moves the threshold: with δ = 0.5, t_rem/2 > 0.5^(-1/1.5) = 1.5874 */
    double t2 = 1.0 + 2.0 * pow(0.5, -1.0 / 1.5);
    cr_assert_eq(mantri_copies_of_task1(threshold + 0.1, "delta", 0.5), 1);
    cr_assert_eq(mantri_copies_of_task1(t2 + 1e-9, "delta", 0.5), 2);
}

/* Seed 004 §I's test (test = 1): t_rem > E[X] + margin, E[X] = 3 for Pareto(1, 1.5). With the
 * margin 0.5, at t = 1 task 1 qualifies iff L − 1 > 3.5; at t = 2 the copy (100) is killed and
 * L − 2 no longer does. The probability test would copy at L = 4.4 (t_rem 3.4 > 2.4228). */
Test(mantri, margin_test_copies_exactly_above_mean_plus_margin)
{
    sc_params(pol_find("mantri"), param, NULL, 0);
    sc_mantri_reports(pol_find("mantri"), param);
    sc_params(pol_find("mantri"), param, "test", 1);
    sc_params(pol_find("mantri"), param, "margin", 0.5);
    struct cl_spec sp = sc_spec(2, 1, 2);
    double out[M_COUNT];
    int rc;
    for (int above = 0; above <= 1; above++) {
        struct sc_durations d = {.other = 100.0};
        d.d[0][0] = 1.0;
        d.d[1][0] = 4.5 + (above ? 1e-9 : -1e-9);
        struct rep_workspace *ws = sc_run(&sp, "mantri", param, &d, out, &rc);
        cr_assert_eq(rc, REP_OK);
        cr_assert_eq(rep_cluster(ws)->task_copies[1], 1 + above, "L = 4.5 %s 1e-9", above ? "+" : "-");
        rep_workspace_free(ws);
    }
    cr_assert_eq(mantri_copies_of_task1(4.4, "test", 0), 2, "the δ test copies at 4.4");
}

/* When a copy's estimate exists. With its reports (reports = 1, report_interval 3) the slot
 * freed at t = 1 finds task 1 unreported, and at t = 3 its t_rem = L − 3 no longer
 * qualifies: no copy. With the same information as every policy (reports = 0) task 1's
 * estimate exists from its start: at t = 1 t_rem = 4 > 2.4228, a copy. */
Test(mantri, no_copy_before_the_first_report)
{
    struct cl_spec sp = sc_spec(2, 1, 2);
    struct sc_durations d = {.other = 100.0};
    d.d[0][0] = 1.0;
    d.d[1][0] = 5.0; /* t_rem at 1 would be 4: a copy, had it been known */
    const struct policy *p = pol_find("mantri");
    for (int reports = 0; reports <= 1; reports++) {
        sc_params(p, param, NULL, 0);
        sc_mantri_reports(p, param);
        sc_params(p, param, "report_interval", 3.0);
        sc_params(p, param, "reports", reports);
        double out[M_COUNT];
        int rc;
        struct rep_workspace *ws = sc_run(&sp, "mantri", param, &d, out, &rc);
        cr_assert_eq(rep_cluster(ws)->task_copies[1], reports ? 1 : 2, "reports %d", reports);
        rep_workspace_free(ws);
    }
}

/* `auto` times are seconds of the real system (models/policies/production.c): a mean task of
 * 100 s, Pareto(1, 1.5) of mean 3: report_interval 3 s = 0.09, margin 30 s = 0.9. */
Test(mantri, auto_times_are_seconds)
{
    struct cl_spec sp = sc_spec(2, 1, 2);
    const struct policy *p = pol_find("mantri");
    sc_params(p, param, NULL, 0);
    char msg[300];
    cr_assert(pol_call_check(p, &sp, param, msg, sizeof msg), "%s", msg);
    pol_call_resolve(p, &sp, param);
    cr_assert_float_eq(param[2], 0.09, EPS);
    cr_assert_float_eq(param[7], 0.9, EPS);
    cr_assert_eq(strcmp(p->params[2].key, "report_interval"), 0);
    cr_assert_eq(strcmp(p->params[7].key, "margin"), 0);
}

/* c counts running copies, and t_rem only reported ones. Ten slots, an original of 50, copies
 * of 100. At t = 1 (first report, t_rem 49) copies are launched while F(49·c/(c+1)) > 0.25 —
 * always here — until max_extra is reached; at t = 2 they are killed and no more follow. */
Test(mantri, at_most_max_extra_copies)
{
    struct cl_spec sp = sc_spec(10, 1, 1);
    struct sc_durations d = {.d = {{50.0}}, .other = 100.0};
    const struct policy *p = pol_find("mantri");
    double out[M_COUNT];
    int rc;
    for (int extra = 0; extra <= 3; extra++) {
        sc_params(p, param, NULL, 0);
        sc_mantri_reports(p, param);
        sc_params(p, param, "max_extra", extra);
        struct rep_workspace *ws = sc_run(&sp, "mantri", param, &d, out, &rc);
        cr_assert_eq(rep_cluster(ws)->task_copies[0], 1 + extra, "max_extra %d", extra);
        cr_assert_float_eq(rep_cluster(ws)->job[0].completion, 50.0, EPS);
        cr_assert_float_eq(out[M_MACHINE_TIME], 50.0 + extra, EPS, "each copy runs 1 (t 1..2)");
        rep_workspace_free(ws);
    }
}

/* The check keeps the attempt that finishes first once all have reported. Four slots, one task:
 * original 10. At t = 1 (t_rem 9): a copy of 4 (ends 5), then, t_rem still 9 (the new copy has
 * not reported), a third (c = 2: F(6) > 0.25) and a fourth (c = 3: F(6.75)) attempt of 100.
 * kill = 1: at t = 2 all have reported and the copy ending at 5 is kept. Done at 5; machine
 * time 2 (original) + 4 + 1 + 1 = 8, of which 4 killed.
 * kill = 0 (seeds 000 §6, 002 §VI-A: the duplicate test alone) never kills: the four attempts
 * all run until the copy of 4 completes the task at 5, when the model kills the other three.
 * Machine time 5 + 4 + 4 + 4 = 17, of which 5 + 4 + 4 = 13 killed then. */
Test(mantri, periodic_check_keeps_the_fastest_unless_kill_0)
{
    struct cl_spec sp = sc_spec(4, 1, 1);
    struct sc_durations d = {.d = {{10.0, 4.0}}, .other = 100.0};
    const struct policy *p = pol_find("mantri");
    const struct {
        int kill;
        double machine, wasted;
    } cases[] = {{1, 8.0, 4.0}, {0, 17.0, 13.0}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        sc_params(p, param, NULL, 0);
        sc_mantri_reports(p, param);
        sc_params(p, param, "kill", cases[k].kill);
        double out[M_COUNT];
        int rc;
        struct rep_workspace *ws = sc_run(&sp, "mantri", param, &d, out, &rc);
        struct cluster *cl = rep_cluster(ws);
        cr_assert_eq(rc, REP_OK);
        cr_assert_eq(cl->task_copies[0], 4);
        cr_assert_float_eq(cl->job[0].completion, 5.0, EPS);
        cr_assert_float_eq(out[M_MACHINE_TIME], cases[k].machine, EPS, "kill %d", cases[k].kill);
        cr_assert_float_eq(out[M_WASTED_TIME], cases[k].wasted, EPS, "kill %d", cases[k].kill);
        rep_workspace_free(ws);
    }
}

/* keep = 1 keeps the best progress score, keep = 0 the earliest estimated end. Original 10; at
 * t = 1 copies of 7 (ends 8), 100 and 100. At t = 2 the original has progress 0.2, the copy of
 * 7 1/7 = 0.14: keep = 1 keeps the original (done at 10), keep = 0 the copy (done at 8). The
 * cap of 3 extra attempts is reached, so nothing follows. */
Test(mantri, keep_progress_or_earliest_end)
{
    struct cl_spec sp = sc_spec(4, 1, 1);
    struct sc_durations d = {.d = {{10.0, 7.0}}, .other = 100.0};
    const struct policy *p = pol_find("mantri");
    double out[M_COUNT];
    int rc;
    for (int keep = 0; keep <= 1; keep++) {
        sc_params(p, param, NULL, 0);
        sc_mantri_reports(p, param);
        sc_params(p, param, "keep", keep);
        struct rep_workspace *ws = sc_run(&sp, "mantri", param, &d, out, &rc);
        cr_assert_eq(rc, REP_OK);
        cr_assert_eq(rep_cluster(ws)->task_copies[0], 4);
        cr_assert_float_eq(rep_cluster(ws)->job[0].completion, keep ? 10.0 : 8.0, EPS);
        rep_workspace_free(ws);
    }
}

/* Duplicates come before waiting tasks by default and after them with spare_only = 1. Two
 * slots, one job of three tasks: 1, 10, 1; copies 100. Default: at t = 1 the freed slot goes to
 * a copy of task 1 (t_rem 9); at t = 2 it is killed (the original ends first) and, t_rem 8
 * still qualifying, replaced; likewise at 3; at 4 the third extra copy is killed and, the cap
 * reached, the slot finally goes to task 2. With spare_only = 1 task 2 starts at 1 and the
 * copies follow once no task waits. */
Test(mantri, spare_only_serves_waiting_tasks_first)
{
    struct cl_spec sp = sc_spec(2, 1, 3);
    struct sc_durations d = {.other = 100.0};
    d.d[0][0] = 1.0;
    d.d[1][0] = 10.0;
    d.d[2][0] = 1.0;
    const struct policy *p = pol_find("mantri");
    double out[M_COUNT];
    int rc;
    sc_params(p, param, NULL, 0);
    sc_mantri_reports(p, param);
    struct rep_workspace *ws = sc_run(&sp, "mantri", param, &d, out, &rc);
    cr_assert_eq(rep_cluster(ws)->task_copies[1], 4);
    cr_assert_float_eq(rep_cluster(ws)->task_start[2], 4.0, EPS, "task 2 waits for the copies");
    rep_workspace_free(ws);
    sc_params(p, param, "spare_only", 1);
    ws = sc_run(&sp, "mantri", param, &d, out, &rc);
    cr_assert_float_eq(rep_cluster(ws)->task_start[2], 1.0, EPS);
    cr_assert_eq(rep_cluster(ws)->task_copies[1], 4, "copies once no task waits");
    rep_workspace_free(ws);
}

/* Mantri with its defaults on a spec whose task 0 takes t0 and task 1 takes t1 (any other copy
 * 100); returns the workspace. */
static struct rep_workspace *mantri_run(const struct cl_spec *sp, double t0, double t1,
                                        double out[M_COUNT])
{
    struct sc_durations d = {.other = 100.0};
    d.d[0][0] = t0;
    d.d[1][0] = t1;
    sc_params(pol_find("mantri"), param, NULL, 0);
    sc_mantri_reports(pol_find("mantri"), param);
    int rc;
    struct rep_workspace *ws = sc_run(sp, "mantri", param, &d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    return ws;
}

/* A reduce copy launched before its map phase ends reports Δ after it starts processing, and
 * is considered then even when no other report is due. Three slots, one job: a map task of 2
 * and a reduce task of 10 (reduce_fraction 0.5), copies 100. At t = 0 both start (the reduce
 * copy waits); the map task ends at 2, the reduce copy starts processing, and at the
 * heartbeat at 3 it has reported t_rem = 9: two copies (c = 1 and 2 pass; the slots are then
 * full). At 4 the heartbeat kills them (the original ends first) and t_rem = 8 earns the
 * third and last extra attempt, killed at 5. Done at 12; machine time 2 + 12 + 1 + 1 + 1. */
Test(mantri, released_reduce_copy_is_considered_at_its_first_report)
{
    struct cl_spec sp = sc_spec(3, 1, 2);
    sp.reduce_fraction = 0.5;
    double out[M_COUNT];
    struct rep_workspace *ws = mantri_run(&sp, 2.0, 10.0, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->job[0].nmap, 1);
    cr_assert_eq(cl->task_copies[1], 4);
    cr_assert_float_eq(cl->job[0].completion, 12.0, EPS);
    cr_assert_float_eq(out[M_MACHINE_TIME], 17.0, EPS);
    rep_workspace_free(ws);
}

/* A copy whose launch delay equals the report period has its first report due as it starts
 * processing, when it has no estimate yet; it counts from the next decision on. Two slots,
 * launch delay 1, report_interval 1, one job: tasks of 1 and 10 (they end at 2 and 11),
 * copies 100. At t = 1 task 1 has no estimate; at 2 a slot frees and t_rem = 9: a copy. */
Test(mantri, report_due_as_processing_starts)
{
    struct cl_spec sp = sc_spec(2, 1, 2);
    sp.launch_delay = 1.0;
    double out[M_COUNT];
    struct rep_workspace *ws = mantri_run(&sp, 1.0, 10.0, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->task_copies[1], 4, "copies from t = 2 on, until max_extra");
    cr_assert_float_eq(cl->job[0].completion, 11.0, EPS);
    rep_workspace_free(ws);
}

/* ------------------------------------------------------------------ s-restart, s-resume */

/* One task, deadline 5, tau_est 1, tau_kill 2, three slots. */
static struct rep_workspace *chronos_run(const char *policy, int r, double delay,
                                         struct sc_durations *d, double out[M_COUNT])
{
    struct cl_spec sp = sc_spec(3, 1, 1);
    sp.deadline = 5.0;
    sp.launch_delay = delay;
    const struct policy *p = pol_find(policy);
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "r", r);
    sc_params(p, param, "tau_est", 1.0);
    sc_params(p, param, "tau_kill", 2.0);
    int rc;
    struct rep_workspace *ws = sc_run(&sp, policy, param, d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    return ws;
}

/* Original 10 (estimated end 10 > 5): at t = 1 two extra attempts of 3 and 6 (ends 4, 7); at
 * t = 2 the one ending at 4 is kept. Done at 4, deadline met; machine time 2 (original) + 3
 * + 1 = 6 = tau_est + r (tau_kill - tau_est) + min(10 - 1, 3, 6), seed 004 eq. 45. */
Test(s_restart, straggler_gets_r_extra_attempts)
{
    struct sc_durations d = {.d = {{10.0, 3.0, 6.0}}};
    double out[M_COUNT];
    struct rep_workspace *ws = chronos_run("s-restart", 2, 0.0, &d, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->task_copies[0], 3);
    cr_assert_float_eq(cl->job[0].completion, 4.0, EPS);
    cr_assert_float_eq(out[M_MACHINE_TIME], 6.0, EPS);
    cr_assert_float_eq(out[M_POCD], 1.0, EPS);
    rep_workspace_free(ws);
}

/* The original is kept when it is the fastest: 10 vs extras 12, 15 (ends 13, 16): at t = 2
 * both extras die. Machine time 10 + 1 + 1, done at 10 (missed). */
Test(s_restart, keeps_the_original_when_it_leads)
{
    struct sc_durations d = {.d = {{10.0, 12.0, 15.0}}};
    double out[M_COUNT];
    struct rep_workspace *ws = chronos_run("s-restart", 2, 0.0, &d, out);
    cr_assert_float_eq(rep_cluster(ws)->job[0].completion, 10.0, EPS);
    cr_assert_float_eq(out[M_MACHINE_TIME], 12.0, EPS);
    cr_assert_float_eq(out[M_POCD], 0.0, EPS);
    rep_workspace_free(ws);
}

/* No speculation for a task estimated on time (4 <= 5), nor before an estimate exists (a
 * launch delay of 2 > tau_est: at t = 1 the original has reported nothing). */
Test(s_restart, on_time_or_unknown_tasks_are_left_alone)
{
    struct sc_durations d = {.d = {{4.0}}, .other = 1.0};
    double out[M_COUNT];
    struct rep_workspace *ws = chronos_run("s-restart", 2, 0.0, &d, out);
    cr_assert_eq(rep_cluster(ws)->task_copies[0], 1);
    rep_workspace_free(ws);
    struct sc_durations e = {.d = {{10.0}}, .other = 1.0};
    ws = chronos_run("s-restart", 2, 2.0, &e, out);
    cr_assert_eq(rep_cluster(ws)->task_copies[0], 1);
    cr_assert_float_eq(out[M_MACHINE_TIME], 12.0, EPS, "delay 2 + 10");
    rep_workspace_free(ws);
}

/* Original 10 detected at t = 1 with progress 0.1: killed (machine 1); two attempts resume
 * from 0.1 with draws 4 and 8, i.e. 3.6 and 7.2 (ends 4.6, 8.2); at t = 2 the first is kept.
 * Done at 4.6; machine 1 + 3.6 + 1 = 5.6 = tau_est + r (tau_kill - tau_est) + (1-phi) min. */
Test(s_resume, straggler_is_replaced_by_resuming_attempts)
{
    struct sc_durations d = {.d = {{10.0, 4.0, 8.0}}};
    double out[M_COUNT];
    struct rep_workspace *ws = chronos_run("s-resume", 1, 0.0, &d, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->task_copies[0], 3);
    cr_assert_float_eq(cl->job[0].completion, 4.6, 1e-12);
    cr_assert_float_eq(out[M_MACHINE_TIME], 5.6, 1e-12);
    cr_assert_float_eq(out[M_WASTED_TIME], 2.0, 1e-12, "the original and one attempt");
    rep_workspace_free(ws);
}

/* With a launch delay of 0.5 (seed 004 eq. 33): the original processes from 0.5 and ends at
 * 10.5; at t = 1 the new attempts resume from its progress at 1.5, (1.5 - 0.5)/10 = 0.1, and
 * it runs on until then. Attempts: 0.9 x 4 = 3.6 from 1.5 (end 5.1) and 7.2 (end 8.7). At 1.5
 * the original is killed (ran 1.5), at 2 the slower attempt (ran 1). Done at 5.1 (missed);
 * machine time 1.5 + 4.1 + 1 = 6.6. */
Test(s_resume, launch_delay_hands_over_seamlessly)
{
    struct sc_durations d = {.d = {{10.0, 4.0, 8.0}}};
    double out[M_COUNT];
    struct rep_workspace *ws = chronos_run("s-resume", 1, 0.5, &d, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_float_eq(cl->job[0].completion, 5.1, 1e-12);
    cr_assert_float_eq(out[M_MACHINE_TIME], 6.6, 1e-12);
    cr_assert_float_eq(out[M_POCD], 0.0, EPS);
    rep_workspace_free(ws);
}

/* ------------------------------------------------------------------ hadoop-s */

/* hadoop-s's defaults for the scripted cases below, which count in raw time units: its
 * `auto` times (seconds of the real system) given as the numbers these cases were written
 * for, a heartbeat every 1 and min_age 60. */
static void hadoop_params(const struct policy *p)
{
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "period", 1.0);
    sc_params(p, param, "min_age", 60.0);
}

static struct rep_workspace *hadoop_run(int rule, double min_age, struct sc_durations *d,
                                        double out[M_COUNT])
{
    struct cl_spec sp = sc_spec(4, 1, 3);
    const struct policy *p = pol_find("hadoop-s");
    hadoop_params(p);
    sc_params(p, param, "rule", rule);
    sc_params(p, param, "min_age", min_age);
    int rc;
    struct rep_workspace *ws = sc_run(&sp, "hadoop-s", param, d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    return ws;
}

/* Rule 0, one job of tasks 2, 2, 10 on four slots, min_age 1. At the heartbeat t = 1 the
 * progress scores are 0.5, 0.5, 0.1: job progress 1.1/3 = 0.367, bar 0.167, so task 2 gets
 * one backup (3: ends at 4). Done at 4; machine time 2 + 2 + 4 + 3 = 11. */
Test(hadoop_s, rule0_backs_up_a_task_behind_its_job)
{
    struct sc_durations d = {.d = {{2}, {2}, {10, 3}}, .other = 3};
    double out[M_COUNT];
    struct rep_workspace *ws = hadoop_run(0, 1.0, &d, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->task_copies[2], 2);
    cr_assert_float_eq(cl->job[0].completion, 4.0, EPS);
    cr_assert_float_eq(out[M_MACHINE_TIME], 11.0, EPS);
    rep_workspace_free(ws);
}

/* Not behind: tasks 2, 2, 3 — at t = 1 task 2 is at 1/3 against a bar of
 * (0.5 + 0.5 + 0.333)/3 - 0.2 = 0.244; at t = 2 the others are done (job at 0.889, bar
 * 0.689) and task 2 at 0.667 is behind, so it gets a backup then. min_age 5 delays the
 * backup of the 10-long task to t = 5 (progress 0.5 < (1 + 1 + 0.5)/3 - 0.2 = 0.633). */
Test(hadoop_s, rule0_gap_and_min_age)
{
    struct sc_durations d = {.d = {{2}, {2}, {3, 9}}};
    double out[M_COUNT];
    struct rep_workspace *ws = hadoop_run(0, 1.0, &d, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->task_copies[2], 2, "backed up at t = 2, not at t = 1");
    cr_assert_float_eq(cl->job[0].completion, 3.0, EPS, "the original still wins");
    cr_assert_float_eq(out[M_MACHINE_TIME], 2 + 2 + 3 + 1.0, EPS, "the backup ran 2..3");
    rep_workspace_free(ws);
    struct sc_durations e = {.d = {{2}, {2}, {10, 3}}};
    ws = hadoop_run(0, 5.0, &e, out);
    cr_assert_float_eq(rep_cluster(ws)->job[0].completion, 8.0, EPS, "backup from 5, ends 8");
    rep_workspace_free(ws);
}

/* average = 1 (seed 003 eq. 2: the running tasks' average) on the tasks 2, 2, 3 above: at
 * t = 1 the bar is 0.244 as before (all three run); at t = 2 task 2 runs alone, so it is its
 * own average and never behind: no backup, where the all-tasks average gave one. */
Test(hadoop_s, rule0_average_of_running_tasks)
{
    struct cl_spec sp = sc_spec(4, 1, 3);
    const struct policy *p = pol_find("hadoop-s");
    hadoop_params(p);
    sc_params(p, param, "min_age", 1.0);
    sc_params(p, param, "average", 1);
    struct sc_durations d = {.d = {{2}, {2}, {3, 9}}};
    double out[M_COUNT];
    int rc;
    struct rep_workspace *ws = sc_run(&sp, "hadoop-s", param, &d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    cr_assert_eq(rep_cluster(ws)->task_copies[2], 1);
    cr_assert_float_eq(out[M_MACHINE_TIME], 2 + 2 + 3, EPS);
    rep_workspace_free(ws);
}

/* bar = 1 (seed 003 eq. 3: PS < 80 % of the average) on the tasks 2, 2, 3 above: at t = 1 task
 * 2 is at 0.333 against 0.8 x (0.5 + 0.5 + 0.333)/3 = 0.356, behind already — the backup
 * (9) starts at 1, not at 2 as with the additive bar, and runs until the original ends at 3. */
Test(hadoop_s, rule0_multiplicative_bar)
{
    struct cl_spec sp = sc_spec(4, 1, 3);
    const struct policy *p = pol_find("hadoop-s");
    struct sc_durations d = {.d = {{2}, {2}, {3, 9}}};
    for (int bar = 0; bar <= 1; bar++) {
        hadoop_params(p);
        sc_params(p, param, "min_age", 1.0);
        sc_params(p, param, "bar", bar);
        double out[M_COUNT];
        int rc;
        struct rep_workspace *ws = sc_run(&sp, "hadoop-s", param, &d, out, &rc);
        cr_assert_eq(rc, REP_OK);
        cr_assert_float_eq(out[M_MACHINE_TIME], 2 + 2 + 3 + (bar ? 2.0 : 1.0), EPS, "bar %d",
                           bar);
        rep_workspace_free(ws);
    }
}

/* Rule 2 (seed 003 §III, Dolly's progress-rate rule) on tasks 2, 2, 10: at the heartbeat t = 1
 * the rates are 0.5, 0.5, 0.1, average 0.367; task 2's is 0.27 of it, below 50 %: a backup
 * (3) ends it at 4. With rate_share 0.25 it is not below; from t = 2 it runs alone, its own
 * average, and is never backed up: done at 10. */
Test(hadoop_s, rule2_progress_rate_below_half_the_average)
{
    struct cl_spec sp = sc_spec(4, 1, 3);
    const struct policy *p = pol_find("hadoop-s");
    struct sc_durations d = {.d = {{2}, {2}, {10, 3}}};
    for (int i = 0; i < 2; i++) {
        hadoop_params(p);
        sc_params(p, param, "rule", 2);
        sc_params(p, param, "rate_share", i ? 0.25 : 0.5);
        double out[M_COUNT];
        int rc;
        struct rep_workspace *ws = sc_run(&sp, "hadoop-s", param, &d, out, &rc);
        cr_assert_eq(rc, REP_OK);
        cr_assert_float_eq(rep_cluster(ws)->job[0].completion, i ? 10.0 : 4.0, EPS,
                           "rate_share %g", i ? 0.25 : 0.5);
        rep_workspace_free(ws);
    }
}

/* Rule 1 (seed 004): nothing until a task of the job has finished; at t = 2 tasks 0 and 1
 * finish (mean 2) and the heartbeat gives task 2 (estimated 10, difference 8) a backup of
 * 3: done at 5. */
Test(hadoop_s, rule1_estimated_time_against_finished_mean)
{
    struct sc_durations d = {.d = {{2}, {2}, {10, 3}}};
    double out[M_COUNT];
    struct rep_workspace *ws = hadoop_run(1, 0.0, &d, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->task_copies[2], 2);
    cr_assert_float_eq(cl->job[0].completion, 5.0, EPS);
    rep_workspace_free(ws);
}

/* The speculators of production systems (models/policies/hadoop2.c, spark.c, production.c)
 * on hand-built scenarios: which task Hadoop's DefaultSpeculator copies, when its back-off
 * and cap bind and which durations its mean counts; when Spark's threshold passes under its
 * 3.x and 4.x medians; and how `auto` times become seconds of the real system. Every expected
 * number is computed by hand above its assertion. */
#include <criterion/criterion.h>
#include <math.h>

#include "scenario.h"

#define EPS 1e-12

static double param[POL_MAX_PARAMS];

static struct rep_workspace *run(const char *name, struct cl_spec *sp, struct sc_durations *d,
                                 const char *const *keys, const double *values)
{
    const struct policy *p = pol_find(name);
    sc_params(p, param, NULL, 0);
    for (int i = 0; keys[i]; i++)
        sc_params(p, param, keys[i], values[i]);
    double out[M_COUNT];
    int rc;
    struct rep_workspace *ws = sc_run(sp, name, param, d, out, &rc);
    cr_assert_eq(rc, REP_OK);
    return ws;
}

/* ------------------------------------------------------------------ hadoop2 */

/* One job of tasks 0-3 on 6 slots; tasks last 1, 10, 5.5, 3.2 and every copy 1. The job's
 * scans: t = 0 (nothing finished), 1.5: task 0 done in 1, mean 1, a new copy would end at
 * 2.5; values 10 − 2.5, 5.5 − 2.5, 3.2 − 2.5: task 1 is copied, done at 2.5 (its winning copy
 * took 1). Back-off 2 after a copy: next scan at 3.5, tasks 0, 1, 3 done in 1, 1, 3.2 (mean
 * 1.7333), a new copy would end at 5.2333 < 5.5: task 2 is copied, done at 4.5 — the job
 * completes at 4.5. Without the back-off the scan at 3.0 would copy task 2 (done at 4.0); a
 * mean over first launches (task 1: 2.5) would end a copy at 5.7333 > 5.5, no copy, 5.5. */
Test(hadoop2, copies_the_task_ending_latest_past_a_new_copy)
{
    struct cl_spec sp = sc_spec(6, 1, 4);
    struct sc_durations d = {.d = {{1}, {10}, {5.5}, {3.2}}, .other = 1.0};
    static const char *const keys[] = {"retry_none", "retry_after", NULL};
    struct rep_workspace *ws = run("hadoop2", &sp, &d, keys, (double[]){1.5, 2.0});
    struct cluster *cl = rep_cluster(ws);
    cr_assert_float_eq(cl->task_done[1], 2.5, EPS);
    cr_assert_float_eq(cl->task_done[2], 4.5, EPS);
    cr_assert_eq(cl->task_copies[3], 1);
    cr_assert_float_eq(cl->job[0].completion, 4.5, EPS);
    rep_workspace_free(ws);
}

/* The cap: max(min_allowed, ⌊cap_total n⌋, ⌊cap_running r⌋) tasks with two attempts. Tasks
 * last 1, 10, 9, 8, copies 20; scans every 1.5. At 1.5 task 1 is copied; at 3.0 one task runs
 * two attempts: with min_allowed 1 (caps 0) none more, with 2 task 2 (the next latest). */
Test(hadoop2, the_cap_binds)
{
    struct sc_durations d = {.d = {{1}, {10}, {9}, {8}}, .other = 20.0};
    static const char *const keys[] = {"retry_none", "retry_after", "min_allowed",
                                       "cap_total", "cap_running", NULL};
    for (int allowed = 1; allowed <= 2; allowed++) {
        struct cl_spec sp = sc_spec(8, 1, 4);
        struct rep_workspace *ws =
            run("hadoop2", &sp, &d, keys, (double[]){1.5, 1.5, allowed, 0, 0});
        struct cluster *cl = rep_cluster(ws);
        cr_assert_eq(cl->task_copies[1], 2);
        cr_assert_eq(cl->task_copies[2], allowed, "min_allowed %d", allowed);
        cr_assert_eq(cl->task_copies[3], 1);
        rep_workspace_free(ws);
    }
}

/* A copy asked for waits for a free slot: 3 slots, tasks 0-3 of 1, 10, 4, 1 (task 3 starts
 * at 1 in task 0's slot, ends at 2). The scan at 1.5 (task 0 done in 1: a new copy would end
 * at 2.5) asks for task 1 (value 7.5; task 2 has 1.5; task 3 ends at 2 < 2.5); no slot is
 * free until 2, when the copy starts: task 1 done at 3. And nothing is asked for before
 * min_done of the phase has finished: with 0.5, one task of four is not enough, and no task
 * of 1, 10, 10, 10 on 4 slots is ever copied. */
Test(hadoop2, a_copy_waits_for_a_slot_and_for_min_done)
{
    static const char *const keys[] = {"retry_none", "retry_after", "min_done", NULL};
    struct sc_durations d = {.d = {{1}, {10}, {4}, {1}}, .other = 1.0};
    struct cl_spec sp = sc_spec(3, 1, 4);
    struct rep_workspace *ws = run("hadoop2", &sp, &d, keys, (double[]){1.5, 2.0, 0.05});
    struct cluster *cl = rep_cluster(ws);
    cr_assert_float_eq(cl->task_done[1], 3.0, EPS);
    cr_assert_float_eq(cl->job[0].completion, 4.0, EPS);
    rep_workspace_free(ws);
    struct sc_durations d4 = {.d = {{1}, {10}, {10}, {10}}, .other = 1.0};
    struct cl_spec sp4 = sc_spec(4, 1, 4);
    ws = run("hadoop2", &sp4, &d4, keys, (double[]){1.5, 2.0, 0.5});
    cl = rep_cluster(ws);
    for (int t = 0; t < 4; t++)
        cr_assert_eq(cl->task_copies[t], 1, "task %d", t);
    rep_workspace_free(ws);
}

/* Who gets a free slot beside fifo (`order`). Two slots, a batch of job 0 (tasks 0, 1: 1 and
 * 10, task 1's copy 1) and job 1 (tasks 2, 3: 2 and 5); scans every 1.5. t = 0: tasks 0, 1
 * start; at 1 task 0 ends and task 2 (job 1) takes its slot (no copy asked yet). At 1.5 job
 * 0's scan asks for a copy of task 1 (value 10 − 2.5). At 3 task 2 ends: job by job (1) or
 * copies first (2), job 0's copy comes before job 1's waiting task 3: task 1 done at 4, task
 * 3 starts at 4 and ends at 9; waiting tasks first (0), task 3 starts at 3 and ends at 8,
 * the copy starts then: task 1 done at 9. */
Test(hadoop2, an_earlier_jobs_copy_before_a_later_jobs_task)
{
    static const char *const keys[] = {"retry_none", "retry_after", "min_done", "order", NULL};
    struct sc_durations d = {.d = {{1}, {10, 1}, {2}, {5}}, .other = 1.0};
    static const double task1_done[] = {9, 4, 4}, task3_start[] = {3, 4, 4};
    for (int order = 0; order <= 2; order++) {
        struct cl_spec sp = sc_spec(2, 2, 2);
        struct rep_workspace *ws =
            run("hadoop2", &sp, &d, keys, (double[]){1.5, 1.5, 0.05, order});
        struct cluster *cl = rep_cluster(ws);
        cr_assert_float_eq(cl->task_done[1], task1_done[order], EPS, "order %d", order);
        cr_assert_float_eq(cl->task_start[3], task3_start[order], EPS, "order %d", order);
        rep_workspace_free(ws);
    }
}

/* `order = auto` is job by job beside fifo (alone, too) and waiting tasks first beside any
 * other scheduler; job by job given beside another is refused. */
Test(production, order_auto_follows_the_scheduler)
{
    struct cl_spec sp = sc_spec(8, 1, 5);
    char msg[300];
    const char *const names[] = {"hadoop2", "spark"};
    for (int i = 0; i < 2; i++) {
        const struct policy *spec = pol_find(names[i]);
        const struct policy *fair = pol_pair_new(pol_find("fair"), spec, "fair+x", msg, sizeof msg);
        cr_assert_not_null(fair, "%s", msg);
        int first;
        const struct policy *half = pol_half_of(fair, names[i], &first);
        int k = -1;
        for (int j = 0; half->params[j].key; j++)
            if (!strcmp(half->params[j].key, "order"))
                k = j;
        cr_assert_geq(k, 0);
        sc_params(spec, param, NULL, 0);
        pol_call_resolve(spec, &sp, param);
        cr_assert_float_eq(param[k], POL_ORDER_JOBS, 0, "%s alone", names[i]);
        sc_params(fair, param, NULL, 0);
        pol_call_resolve(fair, &sp, param);
        cr_assert_float_eq(param[first + k], POL_ORDER_TASKS, 0, "fair+%s", names[i]);
        sc_params(fair, param, NULL, 0);
        sc_params(fair, param, "order", POL_ORDER_JOBS);
        cr_assert_not(pol_call_check(fair, &sp, param, msg, sizeof msg));
        cr_assert(strstr(msg, "only fifo keeps"), "%s", msg);
        pol_pair_free(fair);
    }
}

/* ------------------------------------------------------------------ spark */

/* One stage of five tasks on 8 slots: 1, 2, 2.75, 10, 2.9; every copy 1; checks every 0.5;
 * quantile 0.75 (3 successes), multiplier 1.5. At 3.0 four have succeeded:
 * {1, 2, 2.75, 2.9}. Version 3's median 2.375 gives the threshold 3.5625: task 3 (running
 * 3.5 at 3.5, 4.0 at 4.0) is copied at 4.0, done at 5.0. Version 4's (sorted[2]) 2.75 gives
 * 4.125: copied at 4.5, done at 5.5. */
Test(spark, the_threshold_from_the_median_of_each_version)
{
    struct sc_durations d = {.d = {{1}, {2}, {2.75}, {10}, {2.9}}, .other = 1.0};
    static const char *const keys[] = {"version", "quantile", "multiplier", "interval",
                                       "min_runtime", "efficiency", NULL};
    for (int version = 3; version <= 4; version++) {
        struct cl_spec sp = sc_spec(8, 1, 5);
        struct rep_workspace *ws =
            run("spark", &sp, &d, keys, (double[]){version, 0.75, 1.5, 0.5, 0.1, 0});
        struct cluster *cl = rep_cluster(ws);
        cr_assert_float_eq(cl->task_done[3], version == 3 ? 5.0 : 5.5, EPS, "version %d",
                           version);
        cr_assert_eq(cl->task_copies[4], 1);
        rep_workspace_free(ws);
    }
}

/* The quantile: with 0.9 of five tasks, ⌊4.5⌋ = 4 must succeed; with tasks 1, 2, 2.75, 10,
 * 10 only three do by 4, so neither slow task is ever copied (each runs its 10) — at 0.5,
 * ⌊2.5⌋ = 2: the median of {1, 2} (1.5, threshold 2.25; at 2.5 both run 2.5 > 2.25) copies
 * both at 2.5, done at 3.5. */
Test(spark, waits_for_its_quantile)
{
    struct sc_durations d = {.d = {{1}, {2}, {2.75}, {10}, {10}}, .other = 1.0};
    static const char *const keys[] = {"quantile", "multiplier", "interval", "min_runtime",
                                       "efficiency", NULL};
    for (int i = 0; i < 2; i++) {
        struct cl_spec sp = sc_spec(8, 1, 5);
        double q = i ? 0.5 : 0.9;
        struct rep_workspace *ws = run("spark", &sp, &d, keys, (double[]){q, 1.5, 0.5, 0.1, 0});
        struct cluster *cl = rep_cluster(ws);
        cr_assert_float_eq(cl->job[0].completion, i ? 3.5 : 10.0, EPS, "quantile %g", q);
        rep_workspace_free(ws);
    }
}

/* ------------------------------------------------------------------ auto */

/* `auto` times are seconds of the real system: a mean task of 100 s (Pareto(1, 1.5): mean 3,
 * one second 0.03), and 1 time unit per second with a trace; an infinite mean cannot say. */
Test(production, auto_times_are_seconds)
{
    struct cl_spec sp = sc_spec(8, 1, 5);
    const struct policy *h = pol_find("hadoop2"), *s = pol_find("spark");
    char msg[300];
    sc_params(h, param, NULL, 0);
    cr_assert(pol_call_check(h, &sp, param, msg, sizeof msg));
    pol_call_resolve(h, &sp, param);
    cr_assert_float_eq(param[0], 0.03, EPS);
    cr_assert_float_eq(param[1], 0.45, EPS);
    sc_params(s, param, NULL, 0);
    pol_call_resolve(s, &sp, param);
    cr_assert_float_eq(param[1], 0.75, EPS);
    cr_assert_float_eq(param[2], 1.5, EPS);
    cr_assert_float_eq(param[3], 0.003, EPS);
    struct tr_job jobs[] = {{0, 1, {2, 0}, {5, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 1, 0};
    struct cl_spec tsp = sc_trace_spec(4, &tr);
    sc_params(h, param, NULL, 0);
    pol_call_resolve(h, &tsp, param);
    cr_assert_float_eq(param[1], 15.0, EPS);
    sp.task_time.b = 0.9;
    sc_params(h, param, NULL, 0);
    cr_assert_not(pol_call_check(h, &sp, param, msg, sizeof msg));
    cr_assert(strstr(msg, "retry_none = auto"), "%s", msg);
}

/* hadoop-s keeps Hadoop's constants in seconds too, one convention with hadoop2's: min_age
 * `auto` is SPECULATIVE_LAG, 60 s — 60 x 3/100 = 1.8 on Pareto(1, 1.5), 60 with a trace; the
 * heartbeat 3 s (0.09, 3), or for rule 1, Hadoop 2's rescan, 1 s (0.03). Reading 60 as time
 * units, or the mean task as 60 s (1 mean = 3), would be another rule. A number given stays
 * time units; an infinite mean cannot say and names the key. */
static int key_index(const struct policy *p, const char *key)
{
    for (int i = 0; p->params[i].key; i++)
        if (!strcmp(p->params[i].key, key))
            return i;
    cr_assert_fail("no key %s in %s", key, p->name);
    return -1;
}

Test(production, hadoop_s_auto_times_are_seconds)
{
    struct cl_spec sp = sc_spec(8, 1, 5);
    const struct policy *h = pol_find("hadoop-s");
    int age = key_index(h, "min_age"), beat = key_index(h, "period");
    char msg[300];
    sc_params(h, param, NULL, 0);
    cr_assert(isnan(param[age]) && isnan(param[beat]), "both default to auto");
    cr_assert(pol_call_check(h, &sp, param, msg, sizeof msg), "%s", msg);
    pol_call_resolve(h, &sp, param);
    cr_assert_float_eq(param[age], 1.8, EPS);
    cr_assert_float_eq(param[beat], 0.09, EPS);
    sc_params(h, param, NULL, 0);
    sc_params(h, param, "rule", 1);
    pol_call_resolve(h, &sp, param);
    cr_assert_float_eq(param[beat], 0.03, EPS, "rule 1: Hadoop 2's 1 s rescan");
    sc_params(h, param, NULL, 0);
    sc_params(h, param, "min_age", 60);
    sc_params(h, param, "period", 1);
    pol_call_resolve(h, &sp, param);
    cr_assert(param[age] == 60 && param[beat] == 1, "numbers given stay time units");

    struct tr_job jobs[] = {{0, 1, {2, 0}, {5, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 1, 0};
    struct cl_spec tsp = sc_trace_spec(4, &tr);
    sc_params(h, param, NULL, 0);
    pol_call_resolve(h, &tsp, param);
    cr_assert_float_eq(param[age], 60.0, EPS, "a trace is in seconds");
    cr_assert_float_eq(param[beat], 3.0, EPS);

    sp.task_time.b = 0.9;
    sc_params(h, param, NULL, 0);
    cr_assert_not(pol_call_check(h, &sp, param, msg, sizeof msg));
    cr_assert(strstr(msg, "min_age = auto (60 s of the real system)"), "%s", msg);
    cr_assert(strstr(msg, "min_age = 0.6 tmin"), "%s", msg);
}

/* late's heartbeat is Hadoop's too: `auto` is 3 s, 0.09 on Pareto(1, 1.5) and 3 with a trace;
 * its min_age stays 0 (the seeds' LATE has no age bar), in any unit. */
Test(production, late_auto_heartbeat_is_seconds)
{
    struct cl_spec sp = sc_spec(8, 1, 5);
    const struct policy *l = pol_find("late");
    int beat = key_index(l, "period"), age = key_index(l, "min_age");
    char msg[300];
    sc_params(l, param, NULL, 0);
    cr_assert(isnan(param[beat]) && param[age] == 0, "heartbeat auto, no age bar");
    cr_assert(pol_call_check(l, &sp, param, msg, sizeof msg), "%s", msg);
    pol_call_resolve(l, &sp, param);
    cr_assert_float_eq(param[beat], 0.09, EPS);
    cr_assert_eq(param[age], 0.0);
    sc_params(l, param, NULL, 0);
    sc_params(l, param, "period", 1);
    pol_call_resolve(l, &sp, param);
    cr_assert_eq(param[beat], 1.0, "a number given stays time units");

    struct tr_job jobs[] = {{0, 1, {2, 0}, {5, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 1, 0};
    struct cl_spec tsp = sc_trace_spec(4, &tr);
    sc_params(l, param, NULL, 0);
    pol_call_resolve(l, &tsp, param);
    cr_assert_float_eq(param[beat], 3.0, EPS, "a trace is in seconds");

    sp.task_time.b = 0.9;
    sc_params(l, param, NULL, 0);
    cr_assert_not(pol_call_check(l, &sp, param, msg, sizeof msg));
    cr_assert(strstr(msg, "period = auto (3 s of the real system)"), "%s", msg);
}

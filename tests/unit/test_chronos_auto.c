/* Chronos `r = auto` per job (models/policies/chronos_auto.c): each job's r is seed 004's
 * Algorithm 1 (ch_alg1) on that job's own N, t_min and β, seen in the job's choice and in the
 * copies the policy launches; the decisions outside Algorithm 1's reach; the memo. */
#include <criterion/criterion.h>
#include <math.h>

#include "models/theory/chronos.h"
#include "scenario.h"

static double param[POL_MAX_PARAMS];
/* corrected, split, map_share: the defaults */
static const double auto_rest[3] = {1, POL_SPLIT_EXPECTED, 0.5};

/* Algorithm 1 for a job of n tasks, Pareto(tmin, beta), under the spec's D and [utility]. */
static int expected_r(const struct cl_spec *sp, enum ch_strategy s, int n, double tmin,
                      double beta, double tau_est, double tau_kill, int corrected)
{
    struct ch_objective o = {s,
                             {n, tmin, beta, sp->deadline, tau_est, tau_kill},
                             sp->utility_theta,
                             sp->utility_price,
                             sp->utility_rmin,
                             corrected};
    return ch_alg1(&o, POL_CHOICE_MAX);
}

static void set_utility(struct cl_spec *sp, double deadline, double theta, double price)
{
    sp->deadline = deadline;
    sp->utility_theta = theta;
    sp->utility_price = price;
    sp->utility_rmin = 0.2;
}

/* Run `policy` with its defaults, r = auto and `key` = v (key NULL: none) on sp; the workspace
 * (caller frees) holds the final state. */
static struct rep_workspace *run_auto(const struct cl_spec *sp, const char *policy,
                                      const char *key, double v, double out[M_COUNT])
{
    const struct policy *p = pol_find(policy);
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "r", NAN);
    if (key)
        sc_params(p, param, key, v);
    int rc;
    struct rep_workspace *ws = sc_run(sp, policy, param, NULL, out, &rc);
    cr_assert_eq(rc, REP_OK, "%s", policy);
    return ws;
}

/* Jobs given one by one (a batch), task times Pareto(1, 1.5) (mean 3) scaled to each job's
 * mean: t_min = mean / 3. */
static struct cl_spec pareto_trace_spec(int slots, const struct tr_trace *tr)
{
    struct cl_spec sp = sc_trace_spec(slots, tr);
    sp.arrival = ARRIVAL_BATCH;
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 1.5};
    return sp;
}

/* A batch job of 10 Pareto(1, 1.5) tasks with deadline 3 gets the r of ch_alg1, seen in its
 * choice and in the copies launched (killed ones count). Two trade-off factors give two r. */
Test(chronos_auto, clone_takes_algorithm_1s_r)
{
    struct cl_spec sp = sc_spec(100, 1, 10);
    cr_assert_null(pol_find("clone")->resolve, "r = auto is chosen per job, not per scenario");
    int seen[2];
    for (int k = 0; k < 2; k++) {
        double theta = k == 0 ? 1e-3 : 1e-1;
        set_utility(&sp, 3.0, theta, 1.0);
        int r = expected_r(&sp, CH_CLONE, 10, 1.0, 1.5, 0.0, 0.5, 1);
        double out[M_COUNT];
        struct rep_workspace *ws = run_auto(&sp, "clone", NULL, 0, out);
        cr_assert_eq(rep_cluster(ws)->job[0].choice, r, "theta %g", theta);
        cr_assert_float_eq(out[M_COPIES_PER_TASK], r + 1.0, 1e-12, "theta %g: r = %d", theta, r);
        seen[k] = r;
        rep_workspace_free(ws);
    }
    cr_assert_neq(seen[0], seen[1], "the two thetas must choose different r");
}

/* Two jobs of the same task times, one of 1 task and one of 100, with a deadline tight enough
 * (D = 1.5 t_min) that Algorithm 1 gives them different r: each gets its own, and Clone
 * launches r + 1 attempts for each of its tasks. (Resolving once per scenario from
 * workload.tasks gave both the same.) */
Test(chronos_auto, each_job_its_own_task_count)
{
    struct tr_job jobs[] = {{0, 1, {1, 0}, {3, 0}, {0, 0}}, {0, 1, {100, 0}, {3, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = pareto_trace_spec(2000, &tr);
    set_utility(&sp, 1.5, 1e-4, 1.0);
    int r1 = expected_r(&sp, CH_CLONE, 1, 1.0, 1.5, 0.0, 0.5, 1);
    int r100 = expected_r(&sp, CH_CLONE, 100, 1.0, 1.5, 0.0, 0.5, 1);
    cr_assert_neq(r1, r100, "the case must tell the two jobs apart (r %d, %d)", r1, r100);
    double out[M_COUNT];
    struct rep_workspace *ws = run_auto(&sp, "clone", NULL, 0, out);
    struct cluster *cl = rep_cluster(ws);
    cr_assert_eq(cl->job[0].choice, r1);
    cr_assert_eq(cl->job[1].choice, r100);
    cr_assert_eq(cl->job[0].copies, r1 + 1);
    cr_assert_eq(cl->job[1].copies, 100 * (r100 + 1));
    rep_workspace_free(ws);

    /* S-Resume on the printed formulas (one task's cost against the job's PoCD) at seed 004's
     * experiments' D = 6, θ = 1e-5, C = 100: r grows with N. */
    set_utility(&sp, 6.0, 1e-5, 100.0);
    r1 = expected_r(&sp, CH_RESUME, 1, 1.0, 1.5, 0.3, 0.8, 0);
    r100 = expected_r(&sp, CH_RESUME, 100, 1.0, 1.5, 0.3, 0.8, 0);
    cr_assert_neq(r1, r100, "s-resume: r %d, %d", r1, r100);
    ws = run_auto(&sp, "s-resume", "corrected", 0, out);
    cl = rep_cluster(ws);
    cr_assert_eq(cl->job[0].choice, r1);
    cr_assert_eq(cl->job[1].choice, r100);
    rep_workspace_free(ws);
}

/* Three jobs of 10 tasks whose means are 1.5, 3 and 4.5 (t_min 0.5, 1, 1.5): Algorithm 1 on
 * each job's own t_min. */
Test(chronos_auto, each_job_its_own_scale)
{
    struct tr_job jobs[] = {{0, 1, {10, 0}, {1.5, 0}, {0, 0}},
                            {0, 1, {10, 0}, {3, 0}, {0, 0}},
                            {0, 1, {10, 0}, {4.5, 0}, {0, 0}}};
    struct tr_trace tr = {jobs, 3, 0};
    struct cl_spec sp = pareto_trace_spec(100, &tr);
    set_utility(&sp, 3.0, 1e-3, 1.0);
    double out[M_COUNT];
    struct rep_workspace *ws = run_auto(&sp, "s-restart", NULL, 0, out);
    struct cluster *cl = rep_cluster(ws);
    for (int i = 0; i < 3; i++) {
        double tmin = 0.5 * (i + 1);
        cr_assert_float_eq(cl->job[i].dist[CL_MAP].a * cl->job[i].scale[CL_MAP], tmin, 1e-12);
        cr_assert_eq(cl->job[i].choice, expected_r(&sp, CH_RESTART, 10, tmin, 1.5, 0.3, 0.8, 1),
                     "job %d", i);
    }
    cr_assert(cl->job[0].choice < cl->job[1].choice && cl->job[1].choice < cl->job[2].choice,
              "longer tasks against the same deadline need more attempts (%d, %d, %d)",
              cl->job[0].choice, cl->job[1].choice, cl->job[2].choice);
    rep_workspace_free(ws);
}

/* Jobs with their own tail index (beta_max) and scale (job_spread): r = auto is accepted and
 * each job's r is Algorithm 1 on its own (t_min, β). */
Test(chronos_auto, each_job_its_own_shape)
{
    struct cl_spec sp = sc_spec(2000, 30, 5);
    sp.task_time = (struct dist){DIST_PARETO, 1.0, 2.0};
    sp.shape_max = 4.0;
    sp.job_spread = 0.3;
    set_utility(&sp, 4.0, 1e-3, 1.0);
    char msg[256];
    cr_assert(pol_check_auto(&sp, NAN, auto_rest, msg, sizeof msg), "%s", msg);
    double out[M_COUNT];
    struct rep_workspace *ws = run_auto(&sp, "clone", NULL, 0, out);
    struct cluster *cl = rep_cluster(ws);
    int lo = 1000, hi = -1;
    for (int i = 0; i < cl->njobs; i++) {
        const struct cl_job *j = &cl->job[i];
        int r = expected_r(&sp, CH_CLONE, 5, j->dist[CL_MAP].a * j->scale[CL_MAP],
                           j->dist[CL_MAP].b, 0.0, 0.5, 1);
        cr_assert_eq(j->choice, r, "job %d", i);
        lo = r < lo ? r : lo;
        hi = r > hi ? r : hi;
    }
    cr_assert_lt(lo, hi, "jobs of different shapes and scales get different r");
    rep_workspace_free(ws);
}

/* Algorithm 1 on each job's own deadline D_i (seed 004 §III): two jobs alike but for their
 * deadlines, given by a trace's deadline column, get the r of ch_alg1 at their own D_i (the
 * tighter one more attempts); with deadline_max, every drawn job's r is Algorithm 1 at its
 * drawn D_i, and the jobs do not all get one r. */
Test(chronos_auto, each_job_its_own_deadline)
{
    struct tr_job jobs[] = {{0, 1, {10, 0}, {3, 0}, {0, 0}, 2.5},
                            {0, 1, {10, 0}, {3, 0}, {0, 0}, 6.0}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = pareto_trace_spec(100, &tr);
    set_utility(&sp, INFINITY, 1e-3, 1.0); /* no scenario deadline: the trace gives both */
    char msg[256];
    cr_assert(pol_check_auto(&sp, NAN, auto_rest, msg, sizeof msg), "%s", msg);
    int r[2];
    for (int i = 0; i < 2; i++) {
        sp.deadline = jobs[i].deadline; /* expected_r reads the spec's */
        r[i] = expected_r(&sp, CH_CLONE, 10, 1.0, 1.5, 0.0, 0.5, 1);
    }
    sp.deadline = INFINITY;
    cr_assert_gt(r[0], r[1], "the tighter deadline needs more attempts (r %d, %d)", r[0], r[1]);
    double out[M_COUNT];
    struct rep_workspace *ws = run_auto(&sp, "clone", NULL, 0, out);
    struct cluster *cl = rep_cluster(ws);
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(cl->job[i].rel_deadline, jobs[i].deadline);
        cr_assert_eq(cl->job[i].choice, r[i], "job %d", i);
        cr_assert_eq(cl->job[i].copies, 10 * (r[i] + 1), "job %d", i);
    }
    cr_assert(isfinite(out[M_POCD]), "PoCD is defined by the jobs' own deadlines");
    rep_workspace_free(ws);

    sp = sc_spec(2000, 40, 10);
    set_utility(&sp, 2.5, 1e-3, 1.0);
    sp.deadline_max = 8.0;
    cr_assert(pol_check_auto(&sp, NAN, auto_rest, msg, sizeof msg), "%s", msg);
    ws = run_auto(&sp, "clone", NULL, 0, out);
    cl = rep_cluster(ws);
    int lo = 1000, hi = -1;
    for (int i = 0; i < cl->njobs; i++) {
        const struct cl_job *j = &cl->job[i];
        struct ch_objective o = {CH_CLONE, {10, 1.0, 1.5, j->rel_deadline, 0.0, 0.5},
                                 1e-3, 1.0, 0.2, 1};
        cr_assert_eq(j->choice, ch_alg1(&o, POL_CHOICE_MAX), "job %d, D_i = %g", i,
                     j->rel_deadline);
        lo = j->choice < lo ? j->choice : lo;
        hi = j->choice > hi ? j->choice : hi;
    }
    cr_assert_lt(lo, hi, "jobs of different deadlines get different r");
    rep_workspace_free(ws);
}

/* Algorithm 1 at each job's own price γ_i (seed 004 §III): two jobs alike but for their prices
 * (a trace's price column) get ch_alg1's r at their own C, the dearer one fewer attempts. */
Test(chronos_auto, each_job_its_own_price)
{
    struct tr_job jobs[] = {{0, 1, {10, 0}, {3, 0}, {0, 0}, 0, 1.0},
                            {0, 1, {10, 0}, {3, 0}, {0, 0}, 0, 100.0}};
    struct tr_trace tr = {jobs, 2, 0};
    struct cl_spec sp = pareto_trace_spec(100, &tr);
    set_utility(&sp, 3.0, 1e-3, 1.0);
    int r[2];
    for (int i = 0; i < 2; i++) {
        sp.utility_price = jobs[i].price; /* expected_r reads the spec's */
        r[i] = expected_r(&sp, CH_CLONE, 10, 1.0, 1.5, 0.0, 0.5, 1);
    }
    sp.utility_price = 1.0;
    cr_assert_gt(r[0], r[1], "the dearer job buys fewer attempts (r %d, %d)", r[0], r[1]);
    double out[M_COUNT];
    struct rep_workspace *ws = run_auto(&sp, "clone", NULL, 0, out);
    for (int i = 0; i < 2; i++) {
        cr_assert_eq(rep_cluster(ws)->job[i].price, jobs[i].price);
        cr_assert_eq(rep_cluster(ws)->job[i].choice, r[i], "job %d", i);
    }
    rep_workspace_free(ws);
}

/* Where Algorithm 1 has nothing to choose, r = 0: a job whose t_min is past the deadline
 * (no attempt can meet it; the printed PoCD would be nonsense there), and one whose R(r)
 * stays below R_min for every r searched (ch_alg1 then returns its upper bound). */
Test(chronos_auto, no_attempt_can_help)
{
    struct cl_spec sp = sc_spec(10, 1, 1);
    set_utility(&sp, 1.0, 1e-5, 1.0);
    struct cl_job j = {.ntasks = 10, .nmap = 10, .scale = {1.0, 1.0}, .rel_deadline = 1.0,
                       .price = 1.0};
    j.dist[CL_MAP] = (struct dist){DIST_PARETO, 1.2, 1.5};
    for (int s = CH_CLONE; s <= CH_RESUME; s++)
        for (int corrected = 0; corrected < 2; corrected++)
            cr_assert_eq(pol_chronos_job_r(&sp, &j, s, s ? 0.3 : 0, 0.8, corrected, NULL), 0,
                         "t_min > D, strategy %d", s);
    j.dist[CL_MAP].a = 0.99; /* an attempt misses D with 0.985: R(60) = 0.006 < R_min */
    struct ch_objective o = {CH_CLONE, {10, 0.99, 1.5, 1.0, 0.0, 0.5}, 1e-5, 1.0, 0.2, 1};
    cr_assert_eq(ch_alg1(&o, POL_CHOICE_MAX), POL_CHOICE_MAX, "ch_alg1's own answer");
    cr_assert_eq(pol_chronos_job_r(&sp, &j, CH_CLONE, 0.0, 0.5, 1, NULL), 0);
    /* S-Restart's extra attempts start at τ_est: with t_min >= D − τ_est none can finish by D */
    j.dist[CL_MAP].a = 0.8;
    cr_assert_eq(pol_chronos_job_r(&sp, &j, CH_RESTART, 0.3, 0.8, 1, NULL), 0);
}

/* The memo returns what it was given, forgets safely when full, and changes no result. */
Test(chronos_auto, memo)
{
    struct pol_memo *m = pol_memo_new();
    double key[POL_MEMO_KEY] = {0};
    int v = -1;
    cr_assert_not(pol_memo_get(m, key, &v));
    for (int i = 0; i < 40000; i++) {
        key[2] = i;
        pol_memo_put(m, key, i % 61);
        cr_assert(pol_memo_get(m, key, &v) && v == i % 61, "key %d", i);
    }
    for (int i = 0; i < 40000; i++) { /* forgotten or right, never wrong */
        key[2] = i;
        cr_assert(!pol_memo_get(m, key, &v) || v == i % 61, "key %d", i);
    }
    struct cl_spec sp = sc_spec(10, 1, 1);
    set_utility(&sp, 6.0, 1e-5, 100.0);
    struct cl_job j = {.ntasks = 100, .nmap = 100, .scale = {1.0, 1.0}, .rel_deadline = 6.0,
                       .price = 100.0};
    for (int i = 0; i < 30; i++) {
        j.dist[CL_MAP] = (struct dist){DIST_PARETO, 0.2 + 0.1 * (i % 10), 1.5};
        int strategy = i % 2 ? CH_RESUME : CH_CLONE;
        int direct = pol_chronos_job_r(&sp, &j, strategy, 0.3, 0.8, 0, NULL);
        cr_assert_eq(pol_chronos_job_r(&sp, &j, strategy, 0.3, 0.8, 0, m), direct, "%d", i);
    }
    pol_memo_free(m);
    pol_memo_free(NULL);
}

/* The measured jobs (after the warm-up) of a replica counted by their r add up. */
Test(chronos_auto, choices_count_the_measured_jobs)
{
    struct cl_spec sp = sc_spec(200, 40, 4);
    sp.job_spread = 0.5;
    sp.warmup = 7;
    set_utility(&sp, 6.0, 1e-4, 1.0);
    double out[M_COUNT];
    struct rep_workspace *ws = run_auto(&sp, "s-resume", NULL, 0, out);
    int32_t counts[POL_CHOICE_MAX + 1];
    metrics_choices(rep_cluster(ws), counts, POL_CHOICE_MAX + 1);
    int sum = 0, kinds = 0;
    for (int v = 0; v <= POL_CHOICE_MAX; v++) {
        sum += counts[v];
        kinds += counts[v] > 0;
    }
    cr_assert_eq(sum, 40 - 7);
    cr_assert_gt(kinds, 1, "job_spread 0.5 gives the jobs different r");
    rep_workspace_free(ws);
}

/* r = auto on two-phase jobs chooses per stage, with barrier phases only (pipelined ones have
 * no reduce-stage start to time from); map_share must be in (0, 1); per-job shapes are
 * accepted; the stage parameters apply (and are written to the results) only there. */
Test(chronos_auto, check)
{
    struct cl_spec sp = sc_spec(10, 2, 4);
    sp.deadline = 5.0;
    char msg[256];
    const double *rest = auto_rest, bad_share[3] = {1, POL_SPLIT_FRACTION, 1.0};
    double given[POL_MAX_PARAMS] = {NAN};
    cr_assert(pol_check_auto(&sp, NAN, rest, msg, sizeof msg));
    cr_assert(pol_check_auto(&sp, 2.0, rest, msg, sizeof msg));
    cr_assert_not(pol_chronos_split_applies(&sp, given), "one phase");
    sp.reduce_fraction = 0.5;
    cr_assert(pol_check_auto(&sp, NAN, rest, msg, sizeof msg), "%s", msg);
    cr_assert(pol_chronos_split_applies(&sp, given));
    given[POL_CHRONOS_R] = 2;
    cr_assert_not(pol_chronos_split_applies(&sp, given), "r given");
    cr_assert_not(pol_check_auto(&sp, NAN, bad_share, msg, sizeof msg));
    cr_assert(strstr(msg, "map_share must be in (0, 1)"), "%s", msg);
    sp.phases = PHASES_PIPELINED;
    cr_assert_not(pol_check_auto(&sp, NAN, rest, msg, sizeof msg));
    cr_assert(strstr(msg, "pipelined") && strstr(msg, "give r a number"), "%s", msg);
    cr_assert(pol_check_auto(&sp, 2.0, rest, msg, sizeof msg), "a number is fine");
    struct tr_job jobs[] = {{0, 1, {2, 0}, {3, 0}, {0, 0}}, {0, 1, {2, 1}, {3, 3}, {0, 0}}};
    struct tr_trace tr = {jobs, 2, 0};
    sp = pareto_trace_spec(10, &tr);
    sp.deadline = 5.0;
    cr_assert(pol_check_auto(&sp, NAN, rest, msg, sizeof msg), "%s", msg);
    sp = sc_spec(10, 2, 4);
    sp.deadline = 5.0;
    sp.task_time = (struct dist){DIST_EXPONENTIAL, 1.0, 0.0};
    cr_assert_not(pol_check_auto(&sp, NAN, rest, msg, sizeof msg));
    cr_assert(strstr(msg, "pareto"), "%s", msg);
}

/* ---- two-phase jobs: r per stage (seed 004's abstract: "PoCD for map and reduce stages can
 * be optimized separately"). One batch job of 20 tasks, 14 map and 6 reduce (reduce_fraction
 * 0.3), reduce tasks twice as long (t_min 1 and 2, β 1.5), on enough slots for every copy. */
enum { ST_N = 20, ST_NMAP = 14, ST_NRED = 6 };

static struct cl_spec stage_spec(int jobs, double deadline, double theta)
{
    struct cl_spec sp = sc_spec(4000, jobs, ST_N);
    sp.reduce_fraction = 0.3;
    sp.reduce_scale = 2.0;
    set_utility(&sp, deadline, theta, 1.0);
    return sp;
}

/* Algorithm 1 for one stage with r = auto's two decisions (outside the domain, or no r above
 * R_min: 0). */
static int stage_r(const struct cl_spec *sp, enum ch_strategy s, int n, double tmin, double d,
                   double tau_est, double tau_kill)
{
    struct ch_objective o = {s, {n, tmin, 1.5, d, tau_est, tau_kill}, sp->utility_theta,
                             sp->utility_price, sp->utility_rmin, 1};
    if (!(tmin < (s == CH_RESUME ? d : d - tau_est)))
        return 0;
    int r = ch_alg1(&o, POL_CHOICE_MAX);
    return isfinite(ch_objective_utility(&o, r)) ? r : 0;
}

/* E[max of n Pareto(tmin, β)] = tmin Γ(n + 1) Γ(1 − 1/β) / Γ(n + 1 − 1/β). */
static double max_mean(int n, double tmin, double beta)
{
    return tmin * exp(lgamma(n + 1.0) + lgamma(1 - 1 / beta) - lgamma(n + 1 - 1 / beta));
}

/* Run `policy` with r = auto, split and map_share on sp. */
static struct rep_workspace *run_stages(const struct cl_spec *sp, const char *policy,
                                        int split, double share, double out[M_COUNT])
{
    const struct policy *p = pol_find(policy);
    sc_params(p, param, NULL, 0);
    sc_params(p, param, "r", NAN);
    sc_params(p, param, "split", split);
    sc_params(p, param, "map_share", share);
    int rc;
    struct rep_workspace *ws = sc_run(sp, policy, param, NULL, out, &rc);
    cr_assert_eq(rc, REP_OK, "%s", policy);
    return ws;
}

/* split = expected and fraction: each stage gets Algorithm 1's r on its own N, t_min and its
 * share of D; Clone launches (r_map + 1) N_map + (r_red + 1) N_red attempts. */
Test(chronos_auto, stages_each_by_algorithm_1)
{
    struct cl_spec sp = stage_spec(1, 12.0, 1e-4);
    double em = max_mean(ST_NMAP, 1, 1.5), er = max_mean(ST_NRED, 2, 1.5);
    for (int split = POL_SPLIT_EXPECTED; split <= POL_SPLIT_FRACTION; split++) {
        double dm = split == POL_SPLIT_EXPECTED ? 12.0 * em / (em + er) : 12.0 * 0.3;
        int rm = stage_r(&sp, CH_CLONE, ST_NMAP, 1.0, dm, 0.0, 0.5);
        int rr = stage_r(&sp, CH_CLONE, ST_NRED, 2.0, 12.0 - dm, 0.0, 0.5);
        cr_assert(rm > 0 && rr > 0, "split %d: r %d, %d", split, rm, rr);
        double out[M_COUNT];
        struct rep_workspace *ws = run_stages(&sp, "clone", split, 0.3, out);
        const struct cl_job *j = &rep_cluster(ws)->job[0];
        cr_assert_eq(j->nmap, ST_NMAP);
        cr_assert_float_eq(j->split, dm, 1e-12, "split %d", split);
        cr_assert_eq(j->choice, rm, "split %d", split);
        cr_assert_eq(j->choice_reduce, rr, "split %d", split);
        cr_assert_eq(j->copies, (rm + 1) * ST_NMAP + (rr + 1) * ST_NRED, "split %d", split);
        rep_workspace_free(ws);
        for (int s = CH_RESTART; s <= CH_RESUME; s++) {
            ws = run_stages(&sp, s == CH_RESTART ? "s-restart" : "s-resume", split, 0.3, out);
            j = &rep_cluster(ws)->job[0];
            cr_assert_eq(j->choice, stage_r(&sp, s, ST_NMAP, 1.0, dm, 0.3, 0.8));
            cr_assert_eq(j->choice_reduce, stage_r(&sp, s, ST_NRED, 2.0, 12.0 - dm, 0.3, 0.8));
            rep_workspace_free(ws);
        }
    }
    /* with the same split, the stages' r differ from one-phase Algorithm 1 on the whole job */
    cr_assert_neq(stage_r(&sp, CH_CLONE, ST_N, 1.0, 12.0, 0.0, 0.5),
                  stage_r(&sp, CH_CLONE, ST_NMAP, 1.0, 12.0 * em / (em + er), 0.0, 0.5));
}

/* A tighter deadline buys more attempts in both stages. */
Test(chronos_auto, stages_tighter_deadline_more_attempts)
{
    int rm[2], rr[2];
    for (int k = 0; k < 2; k++) {
        struct cl_spec sp = stage_spec(1, k ? 9.0 : 30.0, 1e-4);
        double out[M_COUNT];
        struct rep_workspace *ws = run_stages(&sp, "s-restart", POL_SPLIT_EXPECTED, 0.5, out);
        rm[k] = rep_cluster(ws)->job[0].choice;
        rr[k] = rep_cluster(ws)->job[0].choice_reduce;
        rep_workspace_free(ws);
    }
    cr_assert(rm[1] > rm[0] && rr[1] > rr[0], "D 30: (%d, %d); D 9: (%d, %d)", rm[0], rr[0],
              rm[1], rr[1]);
}

/* split = joint: (D_map, r_map, r_red) is the first maximum, by exhaustion here, of
 * lg(R_map R_red − R_min) − θ C (E_map + E_red) over D_map = D k/20 and r in [0, 60]. */
Test(chronos_auto, stages_joint_by_brute_force)
{
    for (int s = CH_CLONE; s <= CH_RESUME; s++) {
        struct cl_spec sp = stage_spec(1, 10.0, 1e-3);
        double te = s == CH_CLONE ? 0.0 : 0.3, tk = s == CH_CLONE ? 0.5 : 0.8;
        double best = -INFINITY, bd = NAN;
        int bm = 0, br = 0;
        for (int k = 1; k < 20; k++) {
            double dm = 10.0 * k / 20, dr = 10.0 - dm;
            struct ch_objective m = {s, {ST_NMAP, 1.0, 1.5, dm, te, tk}, 1e-3, 1.0, 0.2, 1};
            struct ch_objective r = {s, {ST_NRED, 2.0, 1.5, dr, te, tk}, 1e-3, 1.0, 0.2, 1};
            double lm = s == CH_RESUME ? dm : dm - te, lr = s == CH_RESUME ? dr : dr - te;
            for (int a = 0; a <= (1.0 < lm ? POL_CHOICE_MAX : 0); a++)
                for (int b = 0; b <= (2.0 < lr ? POL_CHOICE_MAX : 0); b++) {
                    double pm = 1.0 < dm ? ch_objective_pocd(&m, a) : 0;
                    double pr = 2.0 < dr ? ch_objective_pocd(&r, b) : 0;
                    double u = ch_utility(pm * pr,
                                          ch_objective_cost(&m, a) + ch_objective_cost(&r, b),
                                          1e-3, 1.0, 0.2);
                    if (u > best) {
                        best = u;
                        bd = dm;
                        bm = a;
                        br = b;
                    }
                }
        }
        cr_assert(isfinite(best));
        static const char *const name[] = {"clone", "s-restart", "s-resume"};
        double out[M_COUNT];
        struct rep_workspace *ws = run_stages(&sp, name[s], POL_SPLIT_JOINT, 0.5, out);
        const struct cl_job *j = &rep_cluster(ws)->job[0];
        cr_assert_eq(j->choice, bm, "%s", name[s]);
        cr_assert_eq(j->choice_reduce, br, "%s", name[s]);
        cr_assert_float_eq(j->split, bd, 1e-12, "%s", name[s]);
        rep_workspace_free(ws);
    }
}

/* The reduce stage starts when the map phase ends: Clone's reduce attempts, launched while it
 * ran, are compared at τ_kill from then, so each reduce task ends at maps_done + the least of
 * its attempts' times (at launch + τ_kill every one shows no progress and the original would
 * stay). S-Restart detects reduce stragglers against the reduce stage's own deadline. */
Test(chronos_auto, stages_reduce_timed_from_map_end)
{
    struct cl_spec sp = stage_spec(10, 12.0, 1e-4);
    double out[M_COUNT];
    struct rep_workspace *ws = run_stages(&sp, "clone", POL_SPLIT_EXPECTED, 0.5, out);
    struct cluster *cl = rep_cluster(ws);
    int shorter = 0;
    for (int i = 0; i < cl->njobs; i++) {
        const struct cl_job *j = &cl->job[i];
        cr_assert_gt(j->choice_reduce, 0);
        for (int t = j->first_task + j->nmap; t < j->first_task + j->ntasks; t++) {
            cr_assert_leq(cl->task_done[t] - j->maps_done, cl->task_size[t] + 1e-9);
            shorter += cl->task_done[t] - j->maps_done < cl->task_size[t] - 1e-9;
        }
    }
    cr_assert_gt(shorter, 0, "an extra reduce attempt must have won");
    rep_workspace_free(ws);

    sp = stage_spec(10, 9.0, 1e-4);
    ws = run_stages(&sp, "s-restart", POL_SPLIT_EXPECTED, 0.5, out);
    cl = rep_cluster(ws);
    int extra = 0;
    for (int i = 0; i < cl->njobs; i++) {
        const struct cl_job *j = &cl->job[i];
        for (int t = j->first_task + j->nmap; t < j->first_task + j->ntasks; t++)
            extra += cl->task_copies[t] - 1;
    }
    cr_assert_gt(extra, 0, "reduce stragglers must be detected");
    rep_workspace_free(ws);
}

/* sca_bench — microseconds per SCA decision on seed 000's Fig. 1 instance, one thread, and
 * ADMM's sweeps against ρ.
 *
 *     build/release/sca-bench [SECONDS]      (default: 1 s per solver and gamma)
 *     build/release/sca-bench rho [SECONDS]  (default: 0.2 s per timing)
 *
 * The instance of §5.2.3 (Fig. 1): four waiting jobs of m = 10, 20, 5, 10 tasks, Pareto scales
 * μ = 1, 3, 4, 2, α = 2, N = 200 idle machines, at most ξ = 20 copies; γ = 0.01 (capacity
 * slack at the optimum) and 0.001 (capacity binding), none given by the paper. One decision
 * is what SCA runs at a scheduling slot: its copies per job (xl_sca_copies with the paper's ρ,
 * "decision": the integer part of xl_p2_sca's point, from the bounds on where ADMM stops when
 * they decide it, else by running it; c holds the copies and "sweeps" the ADMM sweeps run).
 * Then P2's point itself (xl_p2_sca: ADMM from the paper's ρ, the bisection if it has not
 * converged): with ρ fixed (the paper's setting, SCA's default) and with ρ balanced (the
 * policy's rho_balance = 1); their peer in the same run is the KKT bisection alone
 * (xl_p2_bisect). Each is repeated until SECONDS of the thread's CPU time have passed (times
 * here are CPU time, not wall: the machine may be shared). Prints one JSON line per γ and
 * solver: sweeps, whether ADMM converged, microseconds per solve, c and the objective.
 * bench/bench.py's `sca` section compares them with scipy and the paper's 80 ms (Matlab).
 *
 * `rho`: the study behind docs/guide/performance.md's table. ADMM (xl_p2_admm from c = 1) with ρ
 * fixed at 0.1, 1, 10 (= eq. 24's bound), 100 and 1000 times §5.2.3's, and balanced from it:
 * sweeps to Λ^r < 1e-6 (SCA's stop) and 1e-8 (the validate check's), microseconds per solve
 * and the largest |c − c*| against the bisection, on Fig. 1 at both γ; then the median and
 * largest sweeps to 1e-6 over the 30 random instances of `specmc validate --only xulau.admm`
 * (seed 1), split by whether the constraint binds. A plain table, not JSON.
 *
 *     build/release/sca-bench table3 CONFIG [SECONDS]  (default: 0.5 s per interval)
 *
 * `table3`: seed 000 Table 3, SCA's computation time against the scheduling interval Δ = 10 …
 * 60 s. The jobs of CONFIG's first scenario as the model generates them (replica 0 of its seed;
 * bench.py gives bench/scale-000.ini, the trace stand-in: 1/29 jobs per second, ⌈Pareto(1.5)⌉
 * tasks of mean 123, Pareto(623.35, 2) task times on 11 000 machines); at each decision kΔ the
 * jobs that arrived since the last one are χ(l), with N(l) the machines their offered load
 * leaves idle (about 52 % there: load 0.48, seed 000 §7.1.4), and SCA's decision is timed: P2
 * (xl_sca_copies: γ = 0.01, ξ = 8, α = 2, the paper's ρ) where Σ m_i < N(l), as line 5 asks;
 * otherwise lines 7-12 launch without P2, and the decision counts with no solve. One JSON line
 * per Δ: decisions, tasks per decision (the paper's second column), P2 solves, microseconds of
 * CPU per decision (all of them, empty ones included, as the paper averages). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/check_xulau.h"
#include "engine/config/config.h"
#include "models/cluster.h"
#include "models/theory/xulau.h"
#include "models/workload.h"

/* The thread's CPU time, seconds: what a solve costs, whatever else shares the machine. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* A solve of P2: 0 converged, 1 not (the bisection stood in), -1 bad input; sweeps out. */
typedef int (*solve_fn)(const struct xl_p2 *p, double *c, int *sweeps);

static int sca_fixed(const struct xl_p2 *p, double *c, int *sweeps)
{
    return xl_p2_sca(p, XL_RHO_FIXED, c, sweeps);
}

static int sca_balanced(const struct xl_p2 *p, double *c, int *sweeps)
{
    return xl_p2_sca(p, XL_RHO_BALANCED, c, sweeps);
}

/* The policy's decision: integer copies (xl_sca_copies, ρ fixed), returned in c. */
static int decision(const struct xl_p2 *p, double *c, int *sweeps)
{
    enum { K_MAX = 4 };
    int k[K_MAX];
    if (p->K > K_MAX)
        return -1;
    int rc = xl_sca_copies(p, XL_RHO_FIXED, k, sweeps);
    for (int i = 0; i < p->K; i++)
        c[i] = k[i];
    return rc;
}

static int bisect(const struct xl_p2 *p, double *c, int *sweeps)
{
    *sweeps = 0;
    return xl_p2_bisect(p, c, NULL);
}

static const struct {
    const char *name; /* the JSON "solver" */
    solve_fn solve;
} solvers[] = {{"decision", decision},
               {"admm", sca_fixed},
               {"admm_balanced", sca_balanced},
               {"bisect", bisect}};

/* Solve p repeatedly for `budget` seconds and print its JSON line; 0, or -1 on bad input. */
static int time_solver(const struct xl_p2 *p, int s, double budget)
{
    enum { K_MAX = 4 };
    double c[K_MAX];
    int sweeps = 0, rc;
    long n = 0;
    double t0 = now(), t1;
    do {
        rc = solvers[s].solve(p, c, &sweeps);
        n++;
        t1 = now();
    } while (rc >= 0 && t1 - t0 < budget);
    if (rc < 0 || p->K > K_MAX)
        return -1;
    double us = 1e6 * (t1 - t0) / (double)n;
    printf("{\"gamma\": %g, \"K\": %d, \"N\": %g, \"xi\": %g, \"solver\": \"%s\", "
           "\"sweeps\": %d, \"converged\": %s, \"solves\": %ld, \"us_per_solve\": %.3f, "
           "\"objective\": %.17g, \"c\": [",
           p->gamma, p->K, p->N, p->xi, solvers[s].name, sweeps, rc == 0 ? "true" : "false", n,
           us, xl_p2_objective(p, c));
    for (int i = 0; i < p->K; i++)
        printf("%s%.17g", i ? ", " : "", c[i]);
    printf("]}\n");
    return 0;
}

/* ------------------------------------------------------------------ ρ study */

static const struct {
    const char *name; /* the table's row */
    double times;     /* ρ = times · xl_p2_rho */
    enum xl_rho mode;
} rhos[] = {{"0.1 x paper", 0.1, XL_RHO_FIXED},     {"paper (5.2.3)", 1, XL_RHO_FIXED},
            {"10 x = eq. 24", 10, XL_RHO_FIXED},    {"100 x paper", 100, XL_RHO_FIXED},
            {"1000 x paper", 1000, XL_RHO_FIXED},   {"balanced", 1, XL_RHO_BALANCED}};
enum { NRHO = sizeof rhos / sizeof rhos[0], STUDY_MAX_SWEEPS = 1000000 };

static int admm(const struct xl_p2 *p, int v, double tol, double *c, int *sweeps)
{
    return xl_p2_admm(p, rhos[v].times * xl_p2_rho(p), rhos[v].mode, STUDY_MAX_SWEEPS, tol, c,
                      sweeps);
}

static double max_dc(const double *a, const double *b, int K)
{
    double d = 0;
    for (int i = 0; i < K; i++)
        d = fmax(d, fabs(a[i] - b[i]));
    return d;
}

/* Fig. 1 at one γ: a row per ρ. 0, or -1 if a solve fails. */
static int study_fig1(const struct xl_p2 *p, double budget)
{
    double ck[4], c[4], nu;
    if (xl_p2_bisect(p, ck, &nu))
        return -1;
    printf("Fig. 1, gamma = %g (nu = %.4g: the constraint %s)\n", p->gamma, nu,
           nu > 0 ? "binds" : "is slack");
    printf("  %-14s %9s %13s %13s %12s %12s\n", "rho", "value", "sweeps(1e-6)", "sweeps(1e-8)",
           "us/decision", "max|c - c*|");
    for (int v = 0; v < NRHO; v++) {
        int sweeps, sweeps8, n = 0;
        if (admm(p, v, 1e-8, c, &sweeps8) || admm(p, v, XL_SCA_TOL, c, &sweeps))
            return -1;
        double dc = max_dc(c, ck, 4), t0 = now(), t1;
        do {
            admm(p, v, XL_SCA_TOL, c, &sweeps);
            n++;
            t1 = now();
        } while (t1 - t0 < budget);
        printf("  %-14s %9.3g %13d %13d %12.1f %12.2g\n", rhos[v].name,
               rhos[v].times * xl_p2_rho(p), sweeps, sweeps8, 1e6 * (t1 - t0) / n, dc);
    }
    printf("\n");
    return 0;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The random instances: per ρ, the median and largest sweeps to 1e-6 of those that bind and
 * of those that do not, how many would reach SCA's cap, and the largest |c − c*| of those
 * that converged. 0, or -1 if a solve fails. */
static int study_random(void)
{
    enum { N_INST = 30 };
    const struct vd_context ctx = {.seed = 1, .quick = false, .threads = 1};
    int sweeps[NRHO][2][N_INST], n[2] = {0, 0};
    double dc[NRHO] = {0};
    for (int i = 0; i < N_INST; i++) {
        struct xl_p2_job jobs[XLC_P2_K_MAX];
        struct xl_p2 p = xlc_p2_instance(&ctx, (uint64_t)i, jobs);
        double ck[XLC_P2_K_MAX], c[XLC_P2_K_MAX], nu;
        if (xl_p2_bisect(&p, ck, &nu))
            return -1;
        int b = nu > 0;
        for (int v = 0; v < NRHO; v++) {
            int rc = admm(&p, v, XL_SCA_TOL, c, &sweeps[v][b][n[b]]);
            if (rc < 0)
                return -1;
            dc[v] = rc == 0 ? fmax(dc[v], max_dc(c, ck, p.K)) : dc[v];
        }
        n[b]++;
    }
    printf("xulau.admm's %d random instances (validate seed 1), sweeps to 1e-6: %d bind, %d "
           "slack\n", N_INST, n[1], n[0]);
    printf("  %-14s %30s %27s %12s\n", "rho", "binding: median    max  >cap",
           "slack: median    max  >cap", "max|c - c*|");
    for (int v = 0; v < NRHO; v++) {
        printf("  %-14s", rhos[v].name);
        for (int b = 1; b >= 0; b--) {
            int *s = sweeps[v][b], capped = 0;
            qsort(s, (size_t)n[b], sizeof *s, cmp_int);
            for (int i = 0; i < n[b]; i++)
                capped += s[i] > XL_SCA_MAX_ITER;
            printf(" %*d %6d %5d", b ? 22 : 19, n[b] ? s[n[b] / 2] : 0, n[b] ? s[n[b] - 1] : 0,
                   capped);
        }
        printf(" %12.2g\n", dc[v]);
    }
    printf("  (>cap: instances past SCA's %d sweeps, where xl_p2_sca takes the bisection's "
           "point; %d: not converged by then)\n", XL_SCA_MAX_ITER, STUDY_MAX_SWEEPS);
    return 0;
}

/* Table 3's decisions at interval dt over the jobs of cl, `idle` machines free at each: χ(l)
 * into p (jobs[] its room), then SCA's copies when P2 applies. Returns the P2 solves; *tasks
 * the tasks of every χ(l). */
static int table3_pass(const struct cluster *cl, double dt, double idle, struct xl_p2_job *jobs,
                       int *k, long *tasks)
{
    int solves = 0, next = 0;
    *tasks = 0;
    for (double t = dt; next < cl->njobs; t += dt) {
        int K = 0;
        long m = 0;
        for (; next < cl->njobs && cl->job[next].arrival <= t; next++, K++) {
            const struct cl_job *j = &cl->job[next];
            jobs[K] = (struct xl_p2_job){.m = j->nmap, .mu = j->task_work[CL_MAP] / 2, .alpha = 2,
                                         .wait = t - j->arrival}; /* μ = E[X](α − 1)/α */
            m += j->nmap;
        }
        *tasks += m;
        if (K == 0 || m >= idle)
            continue;
        struct xl_p2 p = {.K = K, .job = jobs, .N = idle, .gamma = 0.01, .xi = 8};
        int iters;
        if (xl_sca_copies(&p, XL_RHO_FIXED, k, &iters) < 0)
            return -1;
        solves++;
    }
    return solves;
}

/* The jobs of scenario 0 of `config` (replica 0 of its seed), and N(l) the machines their
 * offered load leaves idle: Σ m_i E[X_i] over the span of arrivals, per machine. */
static int table3(const char *config, double budget)
{
    struct cfg cf;
    char err[2048];
    if (cfg_load(&cf, config, NULL, 0, err, sizeof err)) {
        fprintf(stderr, "sca-bench: %s\n", err);
        return -1;
    }
    const struct cl_spec *sp = &cf.scen[0].spec;
    struct cluster cl;
    memset(&cl, 0, sizeof cl);
    struct xl_p2_job *jobs = malloc((size_t)sp->jobs * sizeof *jobs);
    int *k = malloc((size_t)sp->jobs * sizeof *k), rc = 0;
    if (!jobs || !k || wl_reset(&cl, sp, cf.seed, 0))
        rc = -1;
    double span = rc ? 0.0 : cl.job[cl.njobs - 1].arrival, work = 0.0;
    for (int i = 0; !rc && i < cl.njobs; i++)
        work += cl.job[i].nmap * cl.job[i].task_work[CL_MAP];
    double idle = sp->slots * (1.0 - work / (span * sp->slots));
    for (int dt = 10; dt <= 60 && !rc; dt += 10) {
        double t0 = now(), t1;
        long tasks = 0;
        int n = 0, solves = 0;
        do {
            solves = table3_pass(&cl, dt, idle, jobs, k, &tasks);
            n++;
            t1 = now();
        } while (solves >= 0 && t1 - t0 < budget);
        double decisions = ceil(span / dt);
        rc = solves < 0 ? -1 : 0;
        printf("{\"interval\": %d, \"idle\": %.1f, \"decisions\": %.0f, "
               "\"tasks_per_decision\": %.3f, \"p2_solves\": %d, \"us_per_decision\": %.4f}\n",
               dt, idle, decisions, (double)tasks / decisions, solves,
               1e6 * (t1 - t0) / n / decisions);
    }
    cl_free(&cl);
    cfg_free(&cf);
    free(jobs);
    free(k);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "table3")) {
        double budget = argc > 3 ? atof(argv[3]) : 0.5;
        if (argc < 3 || !(budget > 0) || argc > 4) {
            fprintf(stderr, "usage: sca-bench table3 CONFIG [SECONDS]\n");
            return 2;
        }
        return table3(argv[2], budget) ? 1 : 0;
    }
    static const struct xl_p2_job fig1[] = {{10, 1, 2, 0}, {20, 3, 2, 0}, {5, 4, 2, 0},
                                            {10, 2, 2, 0}};
    const double gammas[] = {0.01, 0.001};
    bool study = argc > 1 && !strcmp(argv[1], "rho");
    double budget = argc > 1 + study ? atof(argv[1 + study]) : study ? 0.2 : 1.0;
    if (!(budget > 0) || argc > 2 + study) {
        fprintf(stderr, "usage: sca-bench [SECONDS] | sca-bench rho [SECONDS] | sca-bench "
                        "table3 [SECONDS]\n");
        return 2;
    }
    for (int g = 0; g < 2; g++) {
        struct xl_p2 p = {.K = 4, .job = fig1, .N = 200, .gamma = gammas[g], .xi = 20};
        if (study && study_fig1(&p, budget))
            return 1;
        for (size_t s = 0; !study && s < sizeof solvers / sizeof solvers[0]; s++)
            if (time_solver(&p, (int)s, budget))
                return 1;
    }
    return study && study_random() ? 1 : 0;
}

/* lockstep_bench — the lockstep model (models/lockstep.c) against the scalar one, same config.
 *
 *     build/release/lockstep-bench CONFIG [ROUNDS [key=value ...]]
 *
 * Runs the config's first scenario and policy (which ls_supported must accept) for its
 * replicas, both ways, and checks that every replica's every job flowtime and machine time,
 * its task events, copies, kills and busy-slot integral are the same bit for bit (exit 1 if
 * not). Then times ROUNDS (default 5) alternated rounds — scalar, lockstep, scalar, ... —
 * each all the replicas, in process CPU time, and prints every round and the medians: the
 * scalar side as rep_run less metrics_compute (timed separately on the final states, so that
 * both sides are the model alone: draws and events), and task events per CPU second. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/config/config.h"
#include "models/cluster.h"
#include "models/lockstep.h"
#include "models/replica.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct setup {
    const struct cl_spec *sp;
    const struct policy *pol;
    const double *param;
    uint64_t seed;
    int replicas;
};

/* The scalar model for every replica; returns CPU seconds of rep_run, and in *metrics those
 * of metrics_compute on each final state (rep_run does the same once). */
static double time_scalar(const struct setup *s, struct rep_workspace *ws, double *scratch,
                          double *metrics, int64_t *events)
{
    double out[M_COUNT], total = 0.0;
    *metrics = 0.0;
    *events = 0;
    for (int r = 0; r < s->replicas; r++) {
        double t0 = cpu_now();
        if (rep_run(ws, s->sp, s->pol, s->param, s->seed, (uint64_t)r, out) != REP_OK)
            exit(2);
        double t1 = cpu_now();
        metrics_compute(rep_cluster(ws), scratch, out);
        *metrics += cpu_now() - t1;
        total += t1 - t0;
        *events += rep_last_totals(ws).task_events;
    }
    return total;
}

static double time_lockstep(const struct setup *s, struct ls_workspace *lw, int64_t *events)
{
    double t0 = cpu_now();
    *events = 0;
    for (int r = 0; r < s->replicas; r += LS_LANES) {
        int n = s->replicas - r < LS_LANES ? s->replicas - r : LS_LANES;
        if (ls_run(lw, s->sp, s->pol, s->param, s->seed, (uint64_t)r, n) != REP_OK)
            exit(2);
        for (int l = 0; l < n; l++)
            *events += ls_totals(lw, l).task_events;
    }
    return cpu_now() - t0;
}

/* Every replica both ways: 0 if they agree bit for bit. */
static int check(const struct setup *s, struct rep_workspace *ws, struct ls_workspace *lw)
{
    int J = s->sp->jobs, bad = 0;
    double *a = malloc((size_t)J * sizeof *a), *b = malloc((size_t)J * sizeof *b), out[M_COUNT];
    for (int r = 0; r < s->replicas; r += LS_LANES) {
        int n = s->replicas - r < LS_LANES ? s->replicas - r : LS_LANES;
        if (ls_run(lw, s->sp, s->pol, s->param, s->seed, (uint64_t)r, n) != REP_OK)
            return 1;
        for (int l = 0; l < n; l++) {
            if (rep_run(ws, s->sp, s->pol, s->param, s->seed, (uint64_t)(r + l), out) != REP_OK)
                return 1;
            const struct cluster *cl = rep_cluster(ws);
            for (int q = 0; q < JQ_COUNT; q++) {
                metrics_job_values(cl, (enum job_quantity)q, a);
                ls_job_values(lw, l, (enum job_quantity)q, b);
                int diff = 0;
                for (int i = 0; i < J; i++)
                    diff += memcmp(&a[i], &b[i], sizeof a[i]) != 0;
                if (diff)
                    fprintf(stderr, "replica %d: %s differs in %d of %d jobs\n", r + l,
                            job_quantity_info[q].name, diff, J);
                bad += diff;
            }
            struct rep_totals x = rep_last_totals(ws), y = ls_totals(lw, l);
            double area = ls_busy_area(lw, l);
            if (x.task_events != y.task_events || x.copies != y.copies || x.kills != y.kills ||
                memcmp(&x.end_time, &y.end_time, sizeof x.end_time) ||
                memcmp(&cl->busy_area, &area, sizeof area)) {
                fprintf(stderr, "replica %d: totals differ (events %lld/%lld copies %lld/%lld "
                                "kills %lld/%lld end %.17g/%.17g area %.17g/%.17g)\n",
                        r + l, (long long)x.task_events, (long long)y.task_events,
                        (long long)x.copies, (long long)y.copies, (long long)x.kills,
                        (long long)y.kills, x.end_time, y.end_time, cl->busy_area, area);
                bad++;
            }
        }
    }
    free(a);
    free(b);
    return bad != 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: lockstep-bench CONFIG [ROUNDS [section.key=value ...]]\n");
        return 2;
    }
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    struct cfg c;
    char err[512];
    if (cfg_load(&c, argv[1], (const char *const *)(argv + 3), argc > 3 ? argc - 3 : 0, err,
                 sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    struct setup s = {&c.scen[0].spec, c.policies[0], c.scen[0].params, c.seed, c.replicas};
    if (!ls_supported(s.sp, s.pol, s.param)) {
        fprintf(stderr, "lockstep-bench: the lockstep model does not run this config\n");
        return 2;
    }
    struct rep_workspace *ws = rep_workspace_new();
    struct ls_workspace *lw = ls_workspace_new();
    double *scratch = malloc((size_t)s.sp->jobs * sizeof *scratch);
    if (check(&s, ws, lw)) {
        fprintf(stderr, "lockstep-bench: results differ\n");
        return 1;
    }
    printf("%s: policy %s, %d replicas x %d jobs, %d lanes: results identical bit for bit\n",
           argv[1], s.pol->name, s.replicas, s.sp->jobs, LS_LANES);
    double ts[64], tl[64], tm[64];
    int64_t es = 0, el = 0;
    if (rounds > 64)
        rounds = 64;
    for (int k = 0; k < rounds; k++) {
        ts[k] = time_scalar(&s, ws, scratch, &tm[k], &es);
        ts[k] -= tm[k];
        tl[k] = time_lockstep(&s, lw, &el);
        printf("  round %d: scalar %.3f s (+ metrics %.3f s), lockstep %.3f s, ratio %.3f\n", k,
               ts[k], tm[k], tl[k], ts[k] / tl[k]);
    }
    double ratio[64];
    for (int k = 0; k < rounds; k++)
        ratio[k] = ts[k] / tl[k];
    double ms = median(ts, rounds), ml = median(tl, rounds), mr = median(ratio, rounds);
    printf("  medians: scalar %.3f s = %.1f M task events/s, lockstep %.3f s = %.1f M task "
           "events/s; median round ratio %.3fx\n",
           ms, (double)es / ms * 1e-6, ml, (double)el / ml * 1e-6, mr);
    free(scratch);
    ls_workspace_free(lw);
    rep_workspace_free(ws);
    cfg_free(&c);
    return 0;
}

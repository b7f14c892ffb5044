/* kernel_bench — copy-samples per second of the Clone kernel on one thread.
 *
 *     build/release/kernel-bench [SECONDS [SEED]]      (defaults: 1 s, seed 20261122)
 *
 * Times kn_run on Chronos Clone with N = 10 tasks x 3 attempts (r = 2), Pareto(1, 1.5),
 * tau_kill = 0.5, D = 3: the workload bench/bench.py's `kernel` section compares with numpy
 * doing U -> T -> min over copies -> max over tasks <= D. Runs chunks of jobs until SECONDS
 * of this process's CPU time have passed (after a short warm-up) and prints one JSON line:
 * jobs, copy samples (jobs * N * (r+1)), CPU seconds, copy samples per CPU second, and the
 * PoCD found with its standard error. CPU time, not wall time: a machine busy with something
 * else slows the wall clock, not the work (bench.py compares it with numpy's process time). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "analysis/kernels.h"

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    double budget = argc > 1 ? atof(argv[1]) : 1.0;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 20261122u;
    if (!(budget > 0) || argc > 3) {
        fprintf(stderr, "usage: kernel-bench [SECONDS [SEED]]\n");
        return 2;
    }
    const struct kn_spec s = {.strategy = CH_CLONE, .N = 10, .r = 2, .tmin = 1.0,
                              .beta = 1.5, .D = 3.0, .tau_est = 0.0, .tau_kill = 0.5};
    const uint64_t chunk = 1u << 16;
    struct kn_totals all = {0}, t;

    kn_run(&s, seed, 0, chunk, &t); /* warm-up (page faults, CPU clock), not counted */
    uint64_t next = chunk;
    double t0 = cpu_now(), t1;
    do {
        kn_run(&s, seed, next, chunk, &t);
        kn_totals_add(&all, &t);
        next += chunk;
        t1 = cpu_now();
    } while (t1 - t0 < budget);

    double sec = t1 - t0, jobs = (double)all.jobs;
    double samples = jobs * s.N * (s.r + 1);
    double pocd = (double)all.jobs_met / jobs;
    printf("{\"kernel\": \"clone\", \"seed\": %llu, \"N\": %d, \"copies\": %d, "
           "\"tmin\": %g, \"beta\": %g, \"D\": %g, \"tau_kill\": %g, \"jobs\": %llu, "
           "\"jobs_met\": %llu, \"copy_samples\": %.0f, \"seconds\": %.6f, "
           "\"copy_samples_per_s\": %.6e, \"pocd\": %.8f, \"pocd_se\": %.3e}\n",
           (unsigned long long)seed, s.N, s.r + 1, s.tmin, s.beta, s.D, s.tau_kill,
           (unsigned long long)all.jobs, (unsigned long long)all.jobs_met, samples, sec,
           samples / sec, pocd, sqrt(pocd * (1 - pocd) / jobs));
    return 0;
}

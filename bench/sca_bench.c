/* sca_bench — microseconds per SCA decision on seed 000's Fig. 1 instance, one thread.
 *
 *     build/release/sca-bench [SECONDS]      (default: 1 s per solver and gamma)
 *
 * The instance of §5.2.3 (Fig. 1): four waiting jobs of m = 10, 20, 5, 10 tasks, Pareto scales
 * μ = 1, 3, 4, 2, α = 2, N = 200 idle machines, at most ξ = 20 copies; γ = 0.01 (capacity
 * slack at the optimum) and 0.001 (capacity binding), none given by the paper. One decision
 * is what SCA runs at a scheduling slot (xl_p2_sca: ADMM with the paper's ρ, the bisection if
 * it has not converged); its peer in the same run is the KKT bisection alone (xl_p2_bisect).
 * Each is repeated until SECONDS have passed. Prints one JSON line per γ: sweeps, whether ADMM
 * converged, microseconds per solve of each, their c and objective. bench/bench.py's `sca`
 * section compares them with scipy and the paper's 80 ms (Matlab). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "analysis/xulau.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void print_c(const char *name, const double *c, int K)
{
    printf(", \"%s\": [", name);
    for (int i = 0; i < K; i++)
        printf("%s%.17g", i ? ", " : "", c[i]);
    printf("]");
}

int main(int argc, char **argv)
{
    double budget = argc > 1 ? atof(argv[1]) : 1.0;
    if (!(budget > 0) || argc > 2) {
        fprintf(stderr, "usage: sca-bench [SECONDS]\n");
        return 2;
    }
    enum { K = 4 };
    static const struct xl_p2_job fig1[K] = {{10, 1, 2, 0}, {20, 3, 2, 0}, {5, 4, 2, 0},
                                             {10, 2, 2, 0}};
    const double gammas[] = {0.01, 0.001};
    for (int g = 0; g < 2; g++) {
        struct xl_p2 p = {.K = K, .job = fig1, .N = 200, .gamma = gammas[g], .xi = 20};
        double c[K], cb[K];
        int sweeps = 0, rc = 0;
        long n = 0, nb = 0;
        double t0 = now(), t1;
        do {
            rc = xl_p2_sca(&p, XL_RHO_FIXED, c, &sweeps);
            n++;
            t1 = now();
        } while (t1 - t0 < budget);
        double us = 1e6 * (t1 - t0) / (double)n;
        t0 = now();
        do {
            if (xl_p2_bisect(&p, cb, NULL) != 0)
                return 1;
            nb++;
            t1 = now();
        } while (t1 - t0 < budget);
        double us_b = 1e6 * (t1 - t0) / (double)nb;
        if (rc < 0)
            return 1;
        printf("{\"gamma\": %g, \"K\": %d, \"N\": %g, \"xi\": %g, \"sweeps\": %d, "
               "\"converged\": %s, \"decisions\": %ld, \"us_per_decision\": %.3f, "
               "\"bisect_solves\": %ld, \"us_per_bisect\": %.3f, \"objective\": %.17g, "
               "\"objective_bisect\": %.17g",
               p.gamma, K, p.N, p.xi, sweeps, rc == 0 ? "true" : "false", n, us, nb, us_b,
               xl_p2_objective(&p, c), xl_p2_objective(&p, cb));
        print_c("c", c, K);
        print_c("c_bisect", cb, K);
        printf("}\n");
    }
    return 0;
}

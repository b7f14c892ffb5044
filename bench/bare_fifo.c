/* bare_fifo — a bare C event loop of specmc's FIFO cluster model, for `make bench`.
 *
 *     build/release/bare-fifo SLOTS JOBS TASKS RATE TMIN BETA SEED [REPLICAS]
 *
 * The model of bench/fifo.ini as the minimal hand-written loop a C programmer would write for
 * this one model: a binary heap of event times (the next arrival and every running task's
 * end), a FIFO ring of waiting tasks, a count of free slots. At a job's arrival its TASKS
 * durations are drawn in task order, Pareto(TMIN, BETA) by inversion, TMIN u^(-1/BETA); each
 * starts on a free slot or waits. At a task's end the oldest waiting task takes the slot; the
 * last task of a job to end records the job's flowtime (its end minus the job's arrival).
 * Inter-arrival gaps are exponential, -log(u) / RATE. Random numbers: specmc's PCG32
 * (engine/stats/rng.h), one stream per replica; nothing else of specmc.
 *
 * REPLICAS (default 1) independent runs of JOBS jobs, each from an empty cluster, as specmc's
 * replicas are. Prints one JSON line: events (task starts + ends = 2 JOBS TASKS REPLICAS),
 * mean_flowtime over every job, and cpu_seconds, the CPU time of the loops alone. A benchmark
 * peer, not part of specmc. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engine/stats/rng.h"

struct event {
    double t; /* when it happens */
    int job;  /* the job whose task ends; -1: the next job arrives */
};

static void heap_push(struct event *h, int *n, struct event e)
{
    int i = (*n)++;
    while (i > 0 && h[(i - 1) / 2].t > e.t) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = e;
}

static struct event heap_pop(struct event *h, int *n)
{
    struct event top = h[0], last = h[--*n];
    int i = 0, c;
    while ((c = 2 * i + 1) < *n) {
        if (c + 1 < *n && h[c + 1].t < h[c].t)
            c++;
        if (!(h[c].t < last.t))
            break;
        h[i] = h[c];
        i = c;
    }
    h[i] = last;
    return top;
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
    if (argc != 8 && argc != 9) {
        fprintf(stderr, "usage: bare-fifo SLOTS JOBS TASKS RATE TMIN BETA SEED [REPLICAS]\n");
        return 2;
    }
    int slots = atoi(argv[1]), jobs = atoi(argv[2]), tasks = atoi(argv[3]);
    double rate = atof(argv[4]), tmin = atof(argv[5]), beta = atof(argv[6]);
    unsigned long long seed = strtoull(argv[7], NULL, 10);
    int replicas = argc > 8 ? atoi(argv[8]) : 1;
    if (slots < 1 || jobs < 1 || tasks < 1 || replicas < 1 || !(rate > 0) || !(tmin > 0) ||
        !(beta > 0)) {
        fprintf(stderr, "bare-fifo: every argument must be positive\n");
        return 2;
    }
    size_t qcap = 1024; /* the waiting ring's capacity, a power of two, doubled when full */
    struct event *heap = malloc((size_t)(slots + 1) * sizeof *heap);
    double *arrival = malloc((size_t)jobs * sizeof *arrival);
    int *remaining = malloc((size_t)jobs * sizeof *remaining);
    struct event *queue = malloc(qcap * sizeof *queue); /* waiting tasks: duration, job */
    if (!heap || !arrival || !remaining || !queue) {
        fprintf(stderr, "bare-fifo: out of memory\n");
        return 1;
    }
    double flowtime_sum = 0.0, c0 = cpu_now();
    for (int rep = 0; rep < replicas; rep++) {
        rng_t r;
        rng_seed(&r, seed, (uint64_t)rep);
        int n = 0, free_slots = slots, arrived = 0;
        size_t qhead = 0, qlen = 0;
        heap_push(heap, &n, (struct event){-log(rng_uniform(&r)) / rate, -1});
        while (n > 0) {
            struct event e = heap_pop(heap, &n);
            if (e.job < 0) { /* arrival: start what fits, queue the rest */
                int j = arrived++;
                arrival[j] = e.t;
                remaining[j] = tasks;
                for (int k = 0; k < tasks; k++) {
                    double d = tmin * pow(rng_uniform(&r), -1.0 / beta);
                    if (free_slots > 0) {
                        free_slots--;
                        heap_push(heap, &n, (struct event){e.t + d, j});
                    } else {
                        if (qlen == qcap) { /* unroll the ring into a buffer twice as big */
                            struct event *q = malloc(2 * qcap * sizeof *q);
                            if (!q) {
                                fprintf(stderr, "bare-fifo: out of memory\n");
                                return 1;
                            }
                            for (size_t i = 0; i < qlen; i++)
                                q[i] = queue[(qhead + i) & (qcap - 1)];
                            free(queue);
                            queue = q, qhead = 0, qcap *= 2;
                        }
                        queue[(qhead + qlen++) & (qcap - 1)] = (struct event){d, j};
                    }
                }
                if (arrived < jobs)
                    heap_push(heap, &n, (struct event){e.t - log(rng_uniform(&r)) / rate, -1});
            } else { /* task end: the job may be done; the oldest waiting task takes the slot */
                if (--remaining[e.job] == 0)
                    flowtime_sum += e.t - arrival[e.job];
                if (qlen > 0) {
                    struct event w = queue[qhead];
                    qhead = (qhead + 1) & (qcap - 1), qlen--;
                    heap_push(heap, &n, (struct event){e.t + w.t, w.job});
                } else {
                    free_slots++;
                }
            }
        }
    }
    double cpu = cpu_now() - c0;
    printf("{\"events\": %.0f, \"mean_flowtime\": %.9g, \"cpu_seconds\": %.6f}\n",
           2.0 * jobs * tasks * replicas, flowtime_sum / ((double)jobs * replicas), cpu);
    free(heap), free(arrival), free(remaining), free(queue);
    return 0;
}

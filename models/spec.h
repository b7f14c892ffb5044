/* spec — what one replica of the cluster model needs to know about its scenario.
 *
 * The engine's config module fills a cl_spec from an INI file (plus --set and sweep values);
 * the model reads it and never sees files, keys or line numbers. Policy parameters travel
 * separately, as the array the policy's own parameter table describes (models/policy.h). */
#ifndef SPECMC_SPEC_H
#define SPECMC_SPEC_H

#include <stdbool.h>

#include "engine/stats/dist.h"

struct tr_trace;
struct spot_prices;

#define CL_CHOICES 16 /* the most values workload.deadline_choices or utility.price_choices lists */

enum cl_arrival {
    ARRIVAL_POISSON, /* open system: Poisson process of rate `rate` */
    ARRIVAL_BATCH    /* closed batch: every job arrives at t = 0 */
};

/* How a scheduler estimates a copy's completion time from its progress reports. */
enum cl_estimator {
    EST_CHRONOS, /* seed 004 eq. 32: start-up time measured, then elapsed / progress; exact
                    for linear progress (up to the noise) */
    EST_HADOOP   /* Hadoop's default: (now - launch) / progress, ignoring the start-up time */
};

/* How a job's reduce phase follows its map phase (docs/methods/model.md, "Entities": two
 * phases). */
enum cl_phases {
    PHASES_BARRIER,  /* a reduce copy processes only once the whole map phase is done (seed 002
                        eq. 1g) */
    PHASES_PIPELINED /* a reduce copy reads the map outputs as the map tasks finish (seed 001
                        §3.2): it starts once pipeline_start of them are done and ends no
                        sooner than its share of work on the last one after it */
};

/* What a pipelined reduce copy can process before the last map output (PHASES_PIPELINED). */
enum cl_feed {
    FEED_SHARES, /* its work is n equal shares, one per map output, processed in the order the
                    outputs appear: at most k/n of it once k of the n are out */
    FEED_LAST    /* everything but the last share is there from its start: only the last map
                    output holds it back (end = max(p + w, M + w/n)) */
};

/* Where an extra copy's duration comes from (docs/methods/model.md, "Tasks and copies"). */
enum cl_copy_time {
    COPY_IID,      /* a fresh draw from its job's phase law, i.i.d. of every other copy */
    COPY_JOB_TASKS /* the original duration of a task of its job and phase, chosen uniformly
                      (itself included) by one uniform of the copy's own (seed 000 §7) */
};

struct cl_spec {
    int slots;               /* S, identical slots (machines) */
    int servers;             /* > 0: the slots are these servers' (seed 003 §VI): each of
                                CPU and memory capacity server_cpu, server_mem, holding as many
                                copies as both fit, every copy requesting cpu_request and
                                mem_request; 0: no servers, the requests are not used */
    double server_cpu, server_mem, cpu_request, mem_request;
    double cpu_request_max, mem_request_max; /* above cpu_request (or mem_request): requests
                                are drawn per job, uniform between the two, and a copy starts
                                only on a server both fit (cl_fits); equal: fixed requests */
    bool trace_requests;     /* with servers: a trace gives some job a request of its own,
                                which wins over the draw; placed as drawn requests are */
    double cpu_least, mem_least; /* with requests per job: the least any copy requests
                                (cpu_request, mem_request, or a trace's below them): what
                                per_server and cl_room go by; 0: cpu_request, mem_request */
    int per_server;          /* slots per server: the copies of the least requests it fits */
    bool backfill;           /* drawn requests: a job whose copy fits nowhere lets later jobs'
                                copies start (YARN's FifoScheduler); false: it holds them back */
    double interval;         /* scheduling interval Δ; 0 = decide at every event */
    double launch_delay;     /* start-up time of every copy before it processes data */
    enum cl_estimator estimator; /* how completion times are estimated */
    double estimate_noise;   /* σ: a copy's progress appears at rate 1/ε of the truth,
                                ε = exp(σ Z) fixed per copy; 0 = exact estimates */
    double straggle_p;       /* seed 003 §VI-A: a copy straggles with probability p, growing
                                linearly from straggle_p to straggle_p_max with the share of
                                busy slots at its launch (itself included); 0: never */
    double straggle_p_max;
    int straggle_rest;       /* a straggler's delay: 0.8 U(1.2, 2.5), 0.1 ×10, and the 0.1
                                the paper leaves unsaid: 0 U(2.5, 10), 1 none (×1) */
    enum cl_arrival arrival; /* arrival process */
    double rate;             /* jobs per unit time (Poisson) */
    int jobs;                /* jobs per replica */
    int tasks;               /* tasks per job; with tasks_beta > 0 their mean */
    double tasks_beta;       /* > 0: tasks per job drawn, ceil of a Pareto with this tail
                                index and mean `tasks`, capped at tasks_max; 0: fixed */
    int tasks_max;           /* cap on drawn task counts */
    double job_spread;       /* σ: a job's task times are scaled by exp(σZ − σ²/2) (mean 1),
                                so jobs differ in size; 0: every job alike */
    double shape_max;        /* > 0: each generated job's shape (lognormal σ, Pareto β) is
                                uniform in [task_time's, shape_max], its mean kept, so jobs
                                differ in CV; 0: every job has task_time's */
    double reduce_fraction;  /* share of a job's tasks in its reduce phase (0: one phase) */
    double reduce_scale;     /* mean reduce task time / mean map task time */
    enum cl_phases phases;   /* barrier or pipelined reduce phases */
    double pipeline_start;   /* pipelined: the share of a job's map tasks done before its
                                reduce copies read (at least one task: 0 means the first) */
    enum cl_feed pipeline_feed; /* pipelined: what a reduce copy can process meanwhile */
    struct dist task_time;   /* duration of every original copy, before the job's scale */
    enum cl_copy_time copy_time; /* extra copies: i.i.d. from the same law, or the job's own
                                    original durations */
    const struct tr_trace *trace; /* jobs (arrival, weight, tasks, phase means) from a trace
                                     instead of the generator; NULL: generated */
    bool trace_fit;          /* a trace phase with an SD gets the shape fitted to its mean
                                and SD; false: every phase has task_time's shape */
    double deadline;         /* relative to arrival; INFINITY = jobs have no deadline */
    double deadline_max;     /* > deadline: each job's relative deadline D_i is uniform in
                                [deadline, deadline_max] (seed 004 §III's D_i); 0: every
                                job has deadline (a trace's own deadlines come first) */
    double deadline_choice[CL_CHOICES]; /* or D_i one of these, each equally likely
                                (seed 004 §VII: "100 sec or 150 sec"); deadline is the least */
    int deadline_choices;    /* how many; 0: none */
    int warmup;              /* first-arriving jobs left out of the metrics */
    int weight_min;          /* job weight w_i ~ uniform integer in [weight_min, weight_max] */
    int weight_max;
    double utility_theta;    /* net utility lg(PoCD − r_min) − θ·C·machine time (seed 004 */
    double utility_price;    /* eq. 25): θ, the price C per unit of machine time, and */
    double utility_rmin;     /* the minimum PoCD R_min */
    double utility_price_max; /* > utility_price: each job's price γ_i is uniform in
                                 [utility_price, utility_price_max] (seed 004 §III's γ_i);
                                 0: every job has utility_price (a trace's own come first) */
    double utility_price_choice[CL_CHOICES]; /* or γ_i one of these, each equally likely (seed
                                 004 §III: "the price γ_i depends on the VM-type subscribed by
                                 job i"); utility_price is the least */
    int utility_price_choices; /* how many; 0: none */
    const struct spot_prices *spot; /* utility.price_history: the price over time, every copy
                                 costing its integral over its run (seed 004 §VII-B's spot
                                 prices); NULL: the jobs' prices */
};

#endif

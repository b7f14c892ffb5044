/* spec — what one replica of the cluster model needs to know about its scenario.
 *
 * The engine's config module fills a cl_spec from an INI file (plus --set and sweep values);
 * the model reads it and never sees files, keys or line numbers. Policy parameters travel
 * separately, as the array the policy's own parameter table describes (models/policy.h). */
#ifndef SPECMC_SPEC_H
#define SPECMC_SPEC_H

#include "engine/dist.h"

enum cl_arrival {
    ARRIVAL_POISSON, /* open system: Poisson process of rate `rate` */
    ARRIVAL_BATCH    /* closed batch: every job arrives at t = 0 */
};

struct cl_spec {
    int slots;               /* S, identical slots (machines) */
    double interval;         /* scheduling interval Δ; 0 = decide at every event */
    enum cl_arrival arrival; /* arrival process */
    double rate;             /* jobs per unit time (Poisson) */
    int jobs;                /* jobs per replica */
    int tasks;               /* tasks per job */
    struct dist task_time;   /* i.i.d. duration of every copy */
    double deadline;         /* relative to arrival; INFINITY = jobs have no deadline */
    int warmup;              /* first-arriving jobs left out of the metrics */
    int weight_min;          /* job weight w_i ~ uniform integer in [weight_min, weight_max] */
    int weight_max;
};

#endif

/* regime — seed 000 §8's resource manager: SCA in the light regime, ESE in the heavy one,
 * chosen online from the estimated job arrival rate.
 *
 * §8: "RM is also responsible for estimating the job arrival rate, which is based on the
 * previous job arrivals in a fixed time interval. With the estimated job arrival rate, RM then
 * determines the current operating regime", SCA's (§5.3, Algorithm 1) below the cut-off λ^U
 * of §4 (eq. 14), ESE's (§6, Algorithm 2) above it. At each decision (each slot of
 * cluster.interval, when SCA and ESE decide):
 *  1. λ̂ = the jobs that arrived in (now − W, now], over W;
 *  2. heavy when λ̂ >= cutoff × λ^U, light otherwise; λ^U is eq. 14 for the replica's jobs on
 *     its slots (models/cutoff.h: what `specmc cutoff` prints for replica 0), computed from
 *     all of them in advance as §7.1.4 computes the threshold from the whole job trace (a
 *     reading: Assumption 1 gives a job's law only when it arrives);
 *  3. the decision is SCA's in the light regime and ESE's in the heavy one, with their
 *     parameters (gamma, xi, alpha, rho_balance; sigma).
 * Readings (the paper gives no more; docs/methods/policies.md): W = `window` arrivals at the
 * cut-off rate, W = window/λ^U (100: λ̂ within about 10 % there), the count divided by W from
 * the start (before W has passed, few arrivals: light); `cutoff` = 1 is the paper's switch
 * point (0: always ESE, a huge value: always SCA, for tests and sweeps); no hysteresis: the
 * regime is decided anew at each decision; copies launched in one regime run on in the other;
 * when the heavy regime begins ESE watches every running task with one copy, SCA's included
 * (its clones have more than one and ESE duplicates only single copies). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "models/cluster.h"
#include "models/cutoff.h"
#include "models/policies/kit.h"

extern const struct policy pol_sca, pol_ese;

enum { RG_SIGMA = POL_SCA_NPARAMS, RG_CUTOFF, RG_WINDOW }; /* after SCA's parameters */

struct regime {
    double lambda_u;  /* eq. 14 of the replica's jobs, jobs per unit time, times `cutoff` */
    double window;    /* W, time units */
    int oldest;       /* the first job that arrived after now − W at the last decision */
    bool heavy;       /* the regime of the last decision */
    void *sca, *ese;  /* the two policies' states */
};

static void regime_free(void *st)
{
    struct regime *g = st;
    if (g->sca)
        pol_sca.free(g->sca);
    if (g->ese)
        pol_ese.free(g->ese);
    free(g->sca);
    free(g->ese);
}

static int regime_init(struct cluster *cl, void *st, const double *param)
{
    struct regime *g = st;
    struct cutoff c;
    int rc = cutoff_of_jobs(cl, &c);
    if (rc == -1)
        return -1;
    g->lambda_u = rc == 0 ? param[RG_CUTOFF] * c.cut.lambda_u : INFINITY; /* no tasks: light */
    g->window = param[RG_WINDOW] / (rc == 0 ? c.cut.lambda_u : 1.0);
    double sigma[1] = {param[RG_SIGMA]};
    g->sca = calloc(1, pol_sca.state_size);
    g->ese = calloc(1, pol_ese.state_size);
    if (g->sca && g->ese && !pol_sca.init(cl, g->sca, param) && !pol_ese.init(cl, g->ese, sigma))
        return 0;
    regime_free(g); /* the engine does not call free after a failed init */
    g->sca = g->ese = NULL;
    return -1;
}

/* Steps 1 and 2: whether this decision is the heavy regime's. */
static bool heavy_now(const struct cluster *cl, struct regime *g)
{
    while (g->oldest < cl->narrived && !(cl->job[g->oldest].arrival > cl->now - g->window))
        g->oldest++;
    return (cl->narrived - g->oldest) / g->window >= g->lambda_u;
}

static void regime_slot_free(struct cluster *cl, void *st)
{
    struct regime *g = st;
    bool heavy = heavy_now(cl, g);
    if (heavy && !g->heavy)
        pol_ese_watch_running(cl, g->ese);
    g->heavy = heavy;
    if (heavy)
        pol_ese.on_slot_free(cl, g->ese);
    else
        pol_sca.on_slot_free(cl, g->sca);
}

/* ESE's watch list follows the reduce tasks whose map phase ends while it decides; in the
 * light regime it is rebuilt when the heavy one begins. */
static void regime_copy_done(struct cluster *cl, void *st, int task)
{
    struct regime *g = st;
    if (g->heavy)
        pol_ese.on_copy_done(cl, g->ese, task);
}

static void regime_resolve(const struct cl_spec *spec, double *param)
{
    pol_ese.resolve(spec, param + RG_SIGMA);
}

static bool regime_check(const struct cl_spec *spec, const double *param, char *msg, size_t len)
{
    return cutoff_defined(spec, msg, len) && pol_ese.check(spec, param + RG_SIGMA, msg, len);
}

static const struct pol_param regime_params[] = {
    POL_SCA_PARAMS,
    [RG_SIGMA] = POL_ESE_SIGMA_PARAM,
    [RG_CUTOFF] = {.key = "cutoff", .def = 1, .min = 0, .max = 1e6,
                   .doc = "heavy (ESE) when the estimated arrival rate >= cutoff x lambda_U "
                          "(000 eq. 14); 1 = the paper's switch"},
    [RG_WINDOW] = {.key = "window", .def = 100, .min = 1, .max = 1e9,
                   .doc = "the rate is estimated over the last window/lambda_U time units "
                          "(window arrivals at the cut-off; 000 §8: a fixed interval)"},
    {0},
};

const struct policy pol_regime = {
    .name = "regime",
    .summary = "SCA below the cut-off load, ESE above it, from the arrival rate seen online",
    .source = "seed 000 §8 (§4 eq. 14, Algorithms 1 and 2)",
    .params = regime_params,
    .state_size = sizeof(struct regime),
    .check = regime_check,
    .resolve = regime_resolve,
    .init = regime_init,
    .on_slot_free = regime_slot_free,
    .on_copy_done = regime_copy_done,
    .free = regime_free,
    .events_per_second = 5.0e6,
    .memory = {4, 16, 80},
};

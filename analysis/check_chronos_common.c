/* check_chronos_common — helpers of the chronos.* checks (see check_chronos.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/check_chronos.h"
#include "models/policy.h"

void chk_point(char *buf, size_t len, const struct ch_params *p, int r, const char *extra)
{
    char rr[16] = "";
    if (r >= 0)
        snprintf(rr, sizeof rr, " r=%d", r);
    snprintf(buf, len, "N=%d%s tmin=%g beta=%g D=%g tau_est=%g tau_kill=%g%s%s", p->N, rr,
             p->tmin, p->beta, p->D, p->tau_est, p->tau_kill, extra ? " " : "",
             extra ? extra : "");
}

struct kn_spec chk_spec(enum ch_strategy s, const struct ch_params *p, int r)
{
    return (struct kn_spec){.strategy = s, .N = p->N, .r = r, .tmin = p->tmin,
                            .beta = p->beta, .D = p->D, .tau_est = p->tau_est,
                            .tau_kill = p->tau_kill};
}

uint64_t chk_jobs(const struct vd_context *ctx, uint64_t full)
{
    return ctx->quick ? full / 10 : full;
}

const char *chk_policy(enum ch_strategy s)
{
    return s == CH_CLONE ? "clone" : s == CH_RESTART ? "s-restart" : "s-resume";
}

int64_t chk_model_pocd(const struct vd_context *ctx, const char *policy, const struct ch_params *p,
                       int r, int slots, double noise, uint64_t seed, int replicas)
{
    struct cl_spec sp = vd_spec(slots, 1, p->N, (struct dist){DIST_PARETO, p->tmin, p->beta});
    sp.deadline = p->D;
    sp.estimate_noise = noise;
    const struct policy *pol = pol_find(policy);
    double param[POL_MAX_PARAMS];
    for (int i = 0; pol->params[i].key; i++) {
        const char *k = pol->params[i].key;
        param[i] = !strcmp(k, "r")          ? r
                   : !strcmp(k, "tau_est")  ? p->tau_est
                   : !strcmp(k, "tau_kill") ? p->tau_kill
                                            : pol->params[i].def;
    }
    double *v = malloc((size_t)M_COUNT * (size_t)replicas * sizeof *v);
    if (!v || vd_model(ctx, &sp, pol, param, seed, replicas, v)) {
        free(v);
        return -1;
    }
    int64_t met = 0;
    for (int i = 0; i < replicas; i++)
        met += v[(size_t)M_POCD * (size_t)replicas + (size_t)i] > 0.5;
    free(v);
    return met;
}

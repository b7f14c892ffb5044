/* session — a run's simulation (see session.h). */
#include "engine/session/session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/results/shard.h"
#include "engine/run/sequential.h"
#include "engine/run/summarise.h"
#include "engine/session/ranks.h"

/* res keeps its first n replicas alone, summarised, and c->replicas = n. 0, or -1 when out
 * of memory (res unchanged). */
static int keep_first(struct cfg *c, const struct ckpt *k, struct run_result *res, int n,
                      int threads)
{
    struct run_result view;
    /* k->c is the run as its block was allocated (max_replicas); the streams hold the
       replicas done, the first n */
    if (run_prefix(k->c, res, n, &view) || run_summarise(c, &view, threads)) {
        run_result_free(&view);
        return -1;
    }
    run_result_free(res);
    *res = view;
    c->replicas = n;
    return 0;
}

/* Batches until the first n replicas are precise enough, or max_replicas: res ends holding
 * the first n, summarised, and c->replicas = n. Looks when the watch says (sequential.h). */
static int sequential(struct cfg *c, const struct run_options *opt, struct ckpt *k,
                      struct run_result *res, char *why, size_t whylen, char *err,
                      size_t errlen)
{
    int batch = c->replicas, max = c->max_replicas, rc = 0, n = batch;
    struct seq_watch w;
    double *place = NULL;
    if (seq_watch_init(&w, c) || !(place = malloc(seq_place_len(&w) * sizeof *place))) {
        seq_watch_free(&w);
        snprintf(err, errlen, "out of memory for the stopping rule");
        return 1;
    }
    k->place = (struct shard_extra){place, seq_place_len(&w)};
    if (k->resumed.n &&
        seq_place_resume(&w, c, res, k->resumed.v, k->resumed.n, max, &n)) {
        snprintf(err, errlen, "%s: damaged checkpoint: its 'sequential' dataset is not a "
                 "place of this run", k->plan->path);
        rc = 2;
    }
    for (; rc == 0; n = n + batch < max ? n + batch : max) {
        seq_place(&w, n, place); /* what a checkpoint saved in this batch carries */
        if ((rc = ckpt_units(k, opt, n, err, errlen)))
            break;
        seq_watch_add(&w, c, res, n);
        if (!seq_watch_due(&w, c, max))
            continue;
        char miss[512];
        bool met = false, nomem = run_summarise_some(c, res, n, c->precision_metric,
                                                     opt->threads) != 0;
        if (!nomem && !(met = seq_met(c, res, miss, sizeof miss)) && n < max) {
            seq_watch_learn(&w, c, res);
            continue;
        }
        if (met)
            snprintf(why, whylen, "precision %g reached at %d replicas (%d look%s)",
                     c->precision, n, w.looks + 1, w.looks ? "s" : "");
        else if (!nomem)
            snprintf(why, whylen, "max_replicas %d reached; still short: %s", max, miss);
        if (nomem || keep_first(c, k, res, n, opt->threads)) {
            snprintf(err, errlen, "out of memory for the summaries of %d replicas", n);
            rc = 1;
        }
        break;
    }
    k->place = (struct shard_extra){0};
    free(place);
    seq_watch_free(&w);
    return rc;
}

/* MPI: this rank's block, then every rank's gathered and summarised on rank 0. */
static int across_ranks(const struct cfg *c, const struct run_options *opt,
                        struct run_result *res, char *err, size_t errlen)
{
    int k = ranks_size(), i = ranks_rank(), first = shard_first(c->replicas, i, k);
    struct run_result mine;
    memset(res, 0, sizeof *res); /* filled on rank 0 only */
    bool ok = run_block(c, opt, first, shard_first(c->replicas, i + 1, k) - first, &mine, err,
                        errlen) == 0;
    if (!ranks_all(ok)) {
        if (ok) {
            snprintf(err, errlen, "another rank failed (its message says why)");
            run_result_free(&mine);
        }
        return 1;
    }
    int rc = ranks_gather(c, &mine, res, err, errlen);
    run_result_free(&mine);
    if (rc)
        return 1;
    if (i == 0 && run_summarise(c, res, opt->threads)) {
        snprintf(err, errlen, "out of memory for the summaries");
        run_result_free(res);
        return 1;
    }
    return 0;
}

int session_begin(struct session *s, struct cfg *c, const struct run_options *opt, int first,
                  int count, const struct ckpt_plan *plan, bool shard, struct rs_provenance *pv,
                  struct run_result *res, char *err, size_t errlen)
{
    *s = (struct session){.c = c, .whole = *c, .opt = *opt, .res = res, .first = first,
                          .count = count, .shard = shard,
                          .seq = c->precision > 0 && !shard, .ranks = ranks_size() > 1};
    if (run_twins(c, &s->twins)) {
        snprintf(err, errlen, "out of memory for the %d x %d cells", c->nscenarios,
                 c->npolicies);
        return 1;
    }
    s->opt.twins = &s->twins;
    if (s->ranks) /* across_ranks allocates each rank's block */
        return 0;
    if (s->seq)
        s->whole.replicas = c->max_replicas;
    int rc = ckpt_begin(&s->k, &s->whole, plan, pv, first, s->seq ? c->max_replicas : count,
                        opt->progress, res, err, errlen);
    if (rc)
        run_twins_free(&s->twins);
    return rc;
}

void session_end(struct session *s)
{
    if (!s->ranks) {
        ckpt_end(&s->k);
        run_result_free(s->res);
    }
    run_twins_free(&s->twins);
}

int session_run(struct session *s, char *why, size_t whylen, char *err, size_t errlen)
{
    const struct run_options *opt = &s->opt;
    int rc;
    if (s->ranks) {
        rc = across_ranks(s->c, opt, s->res, err, errlen);
        run_twins_free(&s->twins);
        return rc;
    }
    if (s->seq)
        rc = sequential(s->c, opt, &s->k, s->res, why, whylen, err, errlen);
    else {
        rc = ckpt_units(&s->k, opt, s->count, err, errlen);
        if (rc == 0 && !s->shard && run_summarise(s->c, s->res, opt->threads)) {
            snprintf(err, errlen, "out of memory for the summaries");
            rc = 1;
        }
    }
    ckpt_end(&s->k);
    run_twins_free(&s->twins);
    if (rc)
        run_result_free(s->res);
    return rc;
}

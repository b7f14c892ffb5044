/* session — a run's simulation (see session.h). */
#include "engine/run/session.h"

#include <stdio.h>
#include <string.h>

#include "engine/results/shard.h"
#include "engine/run/ranks.h"
#include "engine/run/sequential.h"

/* Batches until the first n replicas are precise enough, or max_replicas: res ends holding
 * the first n, summarised, and c->replicas = n. */
static int sequential(struct cfg *c, const struct run_options *opt, struct ckpt *k,
                      struct run_result *res, char *why, size_t whylen, char *err,
                      size_t errlen)
{
    int batch = c->replicas, max = c->max_replicas;
    for (int n = batch;; n = n + batch < max ? n + batch : max) {
        int rc = ckpt_units(k, opt, n, err, errlen);
        if (rc)
            return rc;
        struct run_result view;
        /* k->c is the run as its block was allocated (max_replicas): a prefix keeps the job
           flowtimes the block keeps */
        if (run_prefix(k->c, res, n, &view) || run_summarise(c, &view, opt->threads)) {
            run_result_free(&view);
            snprintf(err, errlen, "out of memory for the summaries of %d replicas", n);
            return 1;
        }
        char miss[512];
        bool met = seq_met(c, &view, miss, sizeof miss);
        if (met || n >= max) {
            if (met)
                snprintf(why, whylen, "precision %g reached at %d replicas", c->precision, n);
            else
                snprintf(why, whylen, "max_replicas %d reached; still short: %s", max, miss);
            run_result_free(res);
            *res = view;
            c->replicas = n;
            return 0;
        }
        run_result_free(&view);
    }
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

int session_run(struct cfg *c, const struct run_options *opt, int first, int count,
                const struct ckpt_plan *plan, bool shard, struct rs_provenance *pv,
                struct run_result *res, char *why, size_t whylen, char *err, size_t errlen)
{
    struct run_twins tw;
    if (run_twins(c, &tw)) {
        snprintf(err, errlen, "out of memory");
        return 1;
    }
    struct run_options with = *opt;
    with.twins = &tw;
    opt = &with;
    if (ranks_size() > 1) {
        int rc = across_ranks(c, opt, res, err, errlen);
        run_twins_free(&tw);
        return rc;
    }
    bool seq = c->precision > 0 && !shard;
    struct cfg whole = *c;
    if (seq)
        whole.replicas = c->max_replicas;
    struct ckpt k;
    int rc = ckpt_begin(&k, &whole, plan, pv, first, seq ? c->max_replicas : count,
                        opt->progress, res, err, errlen);
    if (rc) {
        run_twins_free(&tw);
        return rc;
    }
    if (seq)
        rc = sequential(c, opt, &k, res, why, whylen, err, errlen);
    else {
        rc = ckpt_units(&k, opt, count, err, errlen);
        if (rc == 0 && !shard && run_summarise(c, res, opt->threads)) {
            snprintf(err, errlen, "out of memory for the summaries");
            rc = 1;
        }
    }
    ckpt_end(&k);
    run_twins_free(&tw);
    if (rc)
        run_result_free(res);
    return rc;
}

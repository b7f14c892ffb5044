/* checkpoint — saving and resuming a run (see checkpoint.h). */
#include "engine/base/messages.h"
#include "engine/session/checkpoint.h"

#include <errno.h>
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/results/outfile.h"
#include "engine/results/provenance.h"
#include "engine/results/shard.h"

/* The first SIGINT or SIGTERM: saved, and acted on between replicas; a second one ends the
 * process at once (its temporary files removed), as it would without checkpoints. */
static volatile sig_atomic_t caught;

static void on_signal(int sig)
{
    if (caught) {
        outfile_remove_pending();
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    caught = sig;
}

static void catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* The stop callback: a signal came, or a checkpoint is due. */
struct clock {
    double every, last;
};

static int stop_now(void *ctx)
{
    const struct clock *k = ctx;
    return caught || (k->every > 0 && omp_get_wtime() - k->last >= k->every);
}

char *ckpt_path(const char *out)
{
    size_t n = strlen(out) + 6;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s.ckpt", out);
    return p;
}

/* What differs between the checkpoint and this run, or NULL; buf holds a message naming a
 * changed input file. */
static const char *foreign(const struct shard_info *in, const struct cfg *c,
                           const struct ckpt_plan *plan, const struct rs_provenance *pv,
                           char *buf, size_t len)
{
    static const char *const why[] = {
        [SHARD_BUILD] = "was written by another specmc build",
        [SHARD_CONFIG] = "is of another config text",
        [SHARD_OVERRIDES] = "is of a run with other --set overrides",
        [SHARD_INPUTS] = "",
        [SHARD_SEED] = "is of a run with another seed",
        [SHARD_REPLICAS] = "is of a run with another replica count",
        [SHARD_COUNT] = "is of another shard of the run",
    };
    const struct shard_info mine = {
        .version = (char *)pv->version, .git_rev = (char *)pv->git_rev, .config = c->text,
        .overrides = c->overrides ? c->overrides : "", .inputs = c->inputs ? c->inputs : "",
        .seed = c->seed,
        .replicas = c->replicas, .index = plan->shard, .count = plan->shards};
    enum shard_diff d = shard_compare(in, &mine);
    if (d == SHARD_INPUTS) {
        char which[1200];
        snprintf(buf, len, "was saved from other input files (%s now)",
                 shard_inputs_diff(in->inputs, mine.inputs, which, sizeof which));
        return buf;
    }
    return d != SHARD_SAME ? why[d] : in->index != plan->shard ? why[SHARD_COUNT] : NULL;
}

/* Load the checkpoint into res, done and place; 0, or 2 with a message. */
static int load(const struct cfg *c, const struct ckpt_plan *plan, struct rs_provenance *pv,
                struct run_result *res, unsigned char *done, struct shard_extra *place,
                char *err, size_t errlen)
{
    if (access(plan->path, F_OK) != 0) {
        snprintf(err, errlen, "%s: no checkpoint to resume (%s): run without --resume to start",
                 plan->path, strerror(errno));
        return 2;
    }
    struct shard_info in;
    if (shard_read_info(plan->path, SHARD_CHECKPOINT, &in, err, errlen))
        return 2;
    char buf[1400];
    const char *why = foreign(&in, c, plan, pv, buf, sizeof buf);
    int rc = 2;
    if (why)
        snprintf(err, errlen, "%s %s%s: it cannot be resumed here; run without "
                 "--resume to start afresh (its first checkpoint replaces it)", plan->path, why,
                 buf == why ? "" : " than this one");
    else if (shard_read_block(plan->path, c, &in, res, done, err, errlen) == 0 &&
             shard_read_extra(plan->path, place, err, errlen) >= 0) {
        res->wall_seconds = in.wall_seconds;
        res->task_events = in.task_events;
        snprintf(pv->start, sizeof pv->start, "%s", in.start);
        rc = 0;
    }
    shard_info_free(&in);
    return rc;
}

static int save(const struct cfg *c, const struct ckpt_plan *plan, const struct rs_provenance *pv,
                const struct run_result *res, const unsigned char *done,
                const struct shard_extra *place, char *err, size_t errlen)
{
    struct outfile o = {0};
    struct rs_provenance now = *pv;
    prov_utc_now(now.end, sizeof now.end);
    if (outfile_begin(&o, plan->path, 0, err, errlen))
        return -1;
    if (shard_commit(&o, SHARD_CHECKPOINT, c, plan->config_path, plan->shard, plan->shards, res,
                     done, place->n ? place : NULL, &now, err, errlen)) {
        outfile_abort(&o);
        return -1;
    }
    return 0;
}

static size_t units_done(const struct ckpt *k)
{
    size_t n = 0;
    for (size_t u = 0; u < k->units; u++)
        n += k->done[u];
    return n;
}

int ckpt_begin(struct ckpt *k, const struct cfg *c, const struct ckpt_plan *plan,
               struct rs_provenance *pv, int first, int count, bool progress,
               struct run_result *res, char *err, size_t errlen)
{
    *k = (struct ckpt){.c = c, .plan = plan, .pv = pv, .res = res};
    if (run_alloc(c, first, count, res)) {
        snprintf(err, errlen, "out of memory for the results of %d replicas", count);
        return 1;
    }
    k->units = (size_t)res->nscen * (size_t)res->npol * (size_t)count;
    k->done = calloc(k->units ? k->units : 1, 1);
    if (!k->done) {
        snprintf(err, errlen, "out of memory");
        run_result_free(res);
        return 1;
    }
    catch_signals(); /* before the load: a signal while a large checkpoint loads is obeyed */
    int rc = plan->resume ? load(c, plan, pv, res, k->done, &k->resumed, err, errlen) : 0;
    if (rc == 0 && caught) { /* the checkpoint is as it was: what it holds is saved */
        snprintf(err, errlen, "interrupted by %s: saved %zu of %zu replicas in %s; go on "
                 "with the same command and --resume", caught == SIGINT ? "SIGINT" : "SIGTERM",
                 units_done(k), k->units, plan->path);
        rc = 128 + caught;
    }
    if (rc) {
        ckpt_end(k);
        run_result_free(res);
        return rc;
    }
    k->saved = units_done(k);
    if (plan->resume && progress)
        msg_note("resuming from %s: %zu of %zu replicas done", plan->path, units_done(k),
                 k->units);
    k->last = omp_get_wtime();
    return 0;
}

/* After a save: a failure is a warning, and the run goes on (it still writes its results);
 * the previous checkpoint, if any, stays as it was. A failure with the same message as the
 * one before is counted, not repeated; a success after failures says so. */
static void saved_or_warn(struct ckpt *k, bool saved, const char *why)
{
    if (saved) {
        if (k->failures)
            msg_note("the checkpoint is saved again (%zu of %zu replicas in %s) after %d failed "
                     "save%s", units_done(k), k->units, k->plan->path, k->failures,
                     k->failures == 1 ? "" : "s");
        k->failures = 0;
        k->saved = units_done(k);
        k->why[0] = '\0';
        return;
    }
    k->failures++;
    if (strcmp(why, k->why) != 0)
        msg_warning("the checkpoint was not saved: %s; the run goes on and still writes its "
                    "results, but an interruption now loses the replicas since %s", why,
                    k->saved ? "the last checkpoint" : "the start");
    snprintf(k->why, sizeof k->why, "%s", why);
}

int ckpt_units(struct ckpt *k, const struct run_options *opt, int to, char *err, size_t errlen)
{
    struct clock clk = {k->plan->every, k->last};
    struct run_options o = *opt;
    o.stop = stop_now;
    o.stop_ctx = &clk;
    for (;;) {
        int r = run_units(k->c, &o, k->res, k->done, to, err, errlen);
        if (r < 0)
            return 1;
        if (r == 0)
            return 0;
        char why[1024];
        bool saved =
            save(k->c, k->plan, k->pv, k->res, k->done, &k->place, why, sizeof why) == 0;
        saved_or_warn(k, saved, why);
        clk.last = k->last = omp_get_wtime();
        if (caught) {
            const char *sig = caught == SIGINT ? "SIGINT" : "SIGTERM";
            if (saved)
                snprintf(err, errlen, "interrupted by %s: saved %zu of %zu replicas in %s; go on "
                         "with the same command and --resume", sig, k->saved, k->units,
                         k->plan->path);
            else if (k->saved)
                snprintf(err, errlen, "interrupted by %s: the checkpoint could not be saved "
                         "(above); %s still holds %zu of %zu replicas; go on with the same "
                         "command and --resume", sig, k->plan->path, k->saved, k->units);
            else
                snprintf(err, errlen, "interrupted by %s: the checkpoint could not be saved "
                         "(above), and none was saved before: nothing is kept", sig);
            return 128 + caught;
        }
    }
}

void ckpt_end(struct ckpt *k)
{
    free(k->done);
    k->done = NULL;
    free(k->resumed.v);
    k->resumed = (struct shard_extra){0};
}

void ckpt_remove(const struct ckpt_plan *plan)
{
    outfile_sweep(plan->path); /* a save cut short by kill -9 before this run */
    struct stat st;
    if (lstat(plan->path, &st) != 0 || !S_ISREG(st.st_mode))
        return; /* none, or not one of ours (a directory in its place was warned about) */
    if (unlink(plan->path) != 0 && errno != ENOENT)
        msg_warning("%s: could not remove the checkpoint: %s", plan->path, strerror(errno));
}

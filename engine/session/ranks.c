/* ranks — the MPI part of a run (see ranks.h). A block travels as the bytes of its arrays
 * (run_arrays), (scenario, policy) by (scenario, policy), array by array; every rank knows
 * every block's size from the config alone. Then each rank's streams (run_stream_encode,
 * each cell's prefixed by its length), whose sizes rank 0 gathers first, added on rank 0 in
 * rank order (the sums are integers: any order gives the same). */
#include "engine/session/ranks.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/messages.h"
#include "engine/results/shard.h"

#ifdef SPECMC_MPI
#include <limits.h>
#include <mpi.h>

void ranks_init(int *argc, char ***argv)
{
    int provided;
    MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided);
    msg_set_rank(ranks_rank()); /* only rank 0 speaks */
}

void ranks_finish(void)
{
    MPI_Finalize();
}

int ranks_rank(void)
{
    int r;
    MPI_Comm_rank(MPI_COMM_WORLD, &r);
    return r;
}

int ranks_size(void)
{
    int n;
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    return n;
}

bool ranks_all(bool ok)
{
    int mine = ok, all = 0;
    MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all != 0;
}
#else
void ranks_init(int *argc, char ***argv)
{
    (void)argc, (void)argv;
}
void ranks_finish(void) {}
int ranks_rank(void)
{
    return 0;
}
int ranks_size(void)
{
    return 1;
}
bool ranks_all(bool ok)
{
    return ok;
}
#endif

/* Bytes of one replica's data over every (scenario, policy). */
static size_t replica_bytes(const struct cfg *c, const struct run_result *res)
{
    struct run_array a[RUN_ARRAYS_MAX];
    size_t bytes = 0;
    for (int s = 0; s < res->nscen; s++)
        for (int p = 0; p < res->npol; p++) {
            int n = run_arrays(c, res, s, p, 0, a);
            for (int i = 0; i < n; i++)
                bytes += a[i].width * a[i].size;
        }
    return bytes;
}

/* Copy a block of nrep replicas between res (from replica r of its block on) and buf. */
static void move_block(const struct cfg *c, const struct run_result *res, int r, int nrep,
                       unsigned char *buf, bool to_buf)
{
    struct run_array a[RUN_ARRAYS_MAX];
    for (int s = 0; s < res->nscen; s++)
        for (int p = 0; p < res->npol; p++) {
            int n = run_arrays(c, res, s, p, r, a);
            for (int i = 0; i < n; i++) {
                size_t len = (size_t)nrep * a[i].width * a[i].size;
                if (to_buf)
                    memcpy(buf, a[i].data, len);
                else
                    memcpy(a[i].data, buf, len);
                buf += len;
            }
        }
}

/* Every cell's stream of res, each as its length then its values, into a new buffer of *n
 * values; NULL when out of memory. */
static int64_t *streams_encode(const struct run_result *res, size_t *n)
{
    size_t len = 0;
    for (int k = 0; k < res->nscen * res->npol; k++)
        len += 1 + run_stream_len(res, k / res->npol, k % res->npol);
    int64_t *buf = malloc((len + 1) * sizeof *buf), *at = buf;
    for (int k = 0; buf && k < res->nscen * res->npol; k++) {
        *at = (int64_t)run_stream_len(res, k / res->npol, k % res->npol);
        at = run_stream_encode(res, k / res->npol, k % res->npol, at + 1);
    }
    *n = len;
    return buf;
}

/* streams_encode's values (n of them) added into res; 0, or -1. */
static int streams_add(struct run_result *res, const int64_t *v, size_t n)
{
    const int64_t *end = v + n;
    for (int k = 0; k < res->nscen * res->npol; k++) {
        if (end - v < 1 || v[0] < 0 || v[0] > end - v - 1 ||
            run_stream_decode_add(res, k / res->npol, k % res->npol, v + 1, (size_t)v[0]))
            return -1;
        v += 1 + v[0];
    }
    return v == end ? 0 : -1;
}

/* The ranks' streams added into all on rank 0. 0, or -1 (on every rank) with a message. */
static int gather_streams(const struct run_result *mine, struct run_result *all, char *err,
                          size_t errlen)
{
    size_t n = 0;
    int64_t *buf = streams_encode(mine, &n);
    bool ok = buf != NULL;
#ifdef SPECMC_MPI
    int rank = ranks_rank(), size = ranks_size();
    long long len = (long long)n, *lens = rank == 0 ? malloc((size_t)size * sizeof *lens) : NULL;
    ok = ok && (rank != 0 || lens);
    if (!ranks_all(ok)) {
        free(buf), free(lens);
        snprintf(err, errlen, "out of memory for the job flowtimes' summaries");
        return -1;
    }
    MPI_Gather(&len, 1, MPI_LONG_LONG, lens, 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
    int64_t *whole = NULL;
    int *counts = NULL, *displs = NULL;
    if (rank == 0) {
        long long total = 0;
        counts = malloc((size_t)size * sizeof *counts);
        displs = malloc((size_t)size * sizeof *displs);
        ok = counts && displs;
        for (int i = 0; ok && i < size; i++) {
            ok = lens[i] <= INT_MAX && total <= INT_MAX;
            counts[i] = (int)lens[i];
            displs[i] = (int)total;
            total += lens[i];
        }
        whole = ok ? malloc(((size_t)total + 1) * sizeof *whole) : NULL;
        ok = ok && whole;
    }
    if (!ranks_all(ok)) {
        free(buf), free(lens), free(counts), free(displs), free(whole);
        snprintf(err, errlen, "the job flowtimes' summaries are too large for MPI's gather: use "
                 "shards (specmc run --shard) and merge");
        return -1;
    }
    MPI_Gatherv(buf, (int)n, MPI_INT64_T, whole, counts, displs, MPI_INT64_T, 0,
                MPI_COMM_WORLD);
    for (int i = 0; rank == 0 && ok && i < size; i++)
        ok = streams_add(all, whole + displs[i], (size_t)counts[i]) == 0;
    free(lens), free(counts), free(displs), free(whole);
#else
    ok = ok && streams_add(all, buf, n) == 0;
#endif
    free(buf);
    if (!ranks_all(ok)) {
        snprintf(err, errlen, "out of memory for the job flowtimes' summaries");
        return -1;
    }
    return 0;
}

int ranks_gather(const struct cfg *c, const struct run_result *mine, struct run_result *all,
                 char *err, size_t errlen)
{
    int rank = ranks_rank(), size = ranks_size();
    size_t per = replica_bytes(c, mine);
    bool ok = true;
    if (per * (size_t)mine->nrep > (size_t)1 << 31 || per * (size_t)c->replicas > SIZE_MAX / 2) {
        snprintf(err, errlen, "a rank's block of results would be over 2 GiB (%.3g bytes): use "
                 "more ranks, or shards (specmc run --shard)", (double)per * mine->nrep);
        ok = false;
    }
    unsigned char *buf = ok ? malloc(per * (size_t)mine->nrep + 1) : NULL;
    if (ok && !buf) {
        snprintf(err, errlen, "out of memory for this rank's block");
        ok = false;
    }
    if (ok && rank == 0 && run_alloc(c, 0, c->replicas, all)) {
        snprintf(err, errlen, "out of memory for the results of %d replicas", c->replicas);
        ok = false;
    }
    if (!ranks_all(ok)) {
        free(buf);
        if (rank == 0 && ok)
            run_result_free(all);
        if (ok)
            snprintf(err, errlen, "another rank ran out of memory for the gather");
        return -1;
    }
    move_block(c, mine, 0, mine->nrep, buf, true);
#ifdef SPECMC_MPI
    unsigned char *whole = NULL;
    int *counts = NULL, *displs = NULL;
    if (rank == 0) {
        whole = malloc(per * (size_t)c->replicas + 1);
        counts = malloc((size_t)size * sizeof *counts);
        displs = malloc((size_t)size * sizeof *displs);
        if (!whole || !counts || !displs)
            ok = false;
        for (int i = 0; ok && i < size; i++) {
            int first = shard_first(c->replicas, i, size);
            size_t at = per * (size_t)first;
            counts[i] = (int)(per * (size_t)(shard_first(c->replicas, i + 1, size) - first));
            displs[i] = (int)at;
            if (at > INT_MAX)
                ok = false;
        }
        if (!ok)
            snprintf(err, errlen, "the results are over 2 GiB for MPI's gather: use shards "
                     "(specmc run --shard) and merge");
    }
    if (!ranks_all(ok)) {
        free(whole), free(counts), free(displs), free(buf);
        if (rank == 0)
            run_result_free(all);
        return -1;
    }
    MPI_Gatherv(buf, (int)(per * (size_t)mine->nrep), MPI_UNSIGNED_CHAR, whole, counts, displs,
                MPI_UNSIGNED_CHAR, 0, MPI_COMM_WORLD);
    long long events = mine->task_events, total = 0;
    double wall = mine->wall_seconds, longest = 0;
    MPI_Reduce(&events, &total, 1, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Reduce(&wall, &longest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int i = 0; i < size; i++) {
            int first = shard_first(c->replicas, i, size);
            move_block(c, all, first, shard_first(c->replicas, i + 1, size) - first,
                       whole + displs[i], false);
        }
        all->task_events = total;
        all->wall_seconds = longest;
    }
    free(whole), free(counts), free(displs);
#else
    (void)size;
    move_block(c, all, 0, mine->nrep, buf, false);
    all->task_events = mine->task_events;
    all->wall_seconds = mine->wall_seconds;
#endif
    free(buf);
    if (gather_streams(mine, all, err, errlen)) {
        if (rank == 0)
            run_result_free(all);
        return -1;
    }
    return 0;
}

/* ranks — the MPI part of a run (see ranks.h). A block travels as the bytes of its arrays
 * (run_arrays), (scenario, policy) by (scenario, policy), array by array; every rank knows
 * every block's size from the config alone. */
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
    return 0;
}

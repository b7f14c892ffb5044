/* fuzz_shard — libFuzzer harness for the readers of shard files and checkpoints
 * (engine/results/shard.c; layout in docs/guide/file-format.md, "Shard files"): the input bytes
 * become an HDF5 file that shard_read_info reads, as a shard and as a checkpoint; when one
 * accepts it, the config it carries is loaded (shard_load_config) and its block read into
 * the arrays a merge (a shard) or a resumed run (a checkpoint, with its `done` flags) would
 * allocate (shard_read_block). Either return of each is fine. A failure is a crash, an
 * AddressSanitizer or UndefinedBehaviorSanitizer report, a leak (an HDF5 identifier left open
 * counts), a timeout or running out of memory; libhdf5's own allocations are left out of the
 * leak check as in fuzz_report.c, for the same reason. Seeds: a small shard and a checkpoint
 * the freshly built specmc writes (tests/fuzz/seeds.sh). */
#include <stdio.h>
#include <stdlib.h>

#include <hdf5.h>

#include "engine/config/config.h"
#include "engine/results/shard.h"
#include "engine/run/result.h"
#include "tests/fuzz/fuzz_input.h"

/* The most cells x replicas a harness run allocates: a file may describe a run of any size
 * (within the config's limits), and allocating it is not what is under test. */
#define MAX_VALUES 100000

static void read_as(const char *path, enum shard_kind kind)
{
    struct shard_info in;
    char err[2048];
    if (shard_read_info(path, kind, &in, err, sizeof err))
        return;
    struct cfg c;
    if (shard_load_config(&in, &c, err, sizeof err) == 0) {
        long cells = (long)c.nscenarios * c.npolicies;
        if (cells * in.nrep <= MAX_VALUES) {
            struct run_result res;
            unsigned char *done = kind == SHARD_CHECKPOINT ? calloc((size_t)(cells * in.nrep) + 1, 1)
                                                           : NULL;
            if ((kind == SHARD_FILE || done) && run_alloc(&c, in.first, in.nrep, &res) == 0) {
                shard_read_block(path, &c, &in, &res, done, err, sizeof err);
                run_result_free(&res);
            }
            free(done);
        }
        cfg_free(&c);
    }
    shard_info_free(&in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_input_write("shard.h5", data, size);
    read_as(path, SHARD_FILE);
    read_as(path, SHARD_CHECKPOINT);
    ssize_t open = H5Fget_obj_count((hid_t)H5F_OBJ_ALL, H5F_OBJ_ALL);
    if (open != 0) {
        fprintf(stderr, "fuzz_shard: %zd HDF5 identifiers left open after reading\n", open);
        abort();
    }
    return 0;
}

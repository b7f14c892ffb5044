/* fuzz_report — libFuzzer harness for the results-file reader (engine/results/results_read.c,
 * layout in docs/guide/file-format.md) and what `specmc report` does with a file it accepts: the input
 * bytes become an HDF5 file that rs_read reads, then rs_file_free; when the file is accepted,
 * cmd_report prints it (to /dev/null: fuzz_input.h) as the table, as CSV, against scenario 0,
 * as the warm-up diagnostic when it keeps job flowtimes and as the CDF of each histogram it
 * keeps. Either return of rs_read is fine. A failure is a crash, an AddressSanitizer or
 * UndefinedBehaviorSanitizer report, a leak (an HDF5 identifier left open counts: LeakSanitizer
 * cannot see those), a timeout or running out of memory. libhdf5 itself is not instrumented:
 * a bad read inside it shows only when it faults; and memory it allocates is left out of the
 * leak check, because libhdf5 1.10 leaks an object header it fails to load from a damaged file
 * (H5C_protect, seen under H5Lexists), and a corpus holding one such file would fail every
 * later run. The cost: memory libhdf5 hands the reader to free (H5Tget_member_name) is not
 * checked either. Seeds: small results files the freshly built specmc writes
 * (tests/fuzz/seeds.sh). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include <hdf5.h>

#include "engine/cli/commands.h"
#include "engine/results/results.h"
#include "tests/fuzz/fuzz_input.h"

/* `specmc report PATH A B C`, the options that are not NULL. */
static void report(const char *path, const char *a, const char *b, const char *c)
{
    char *argv[] = {(char *)path, (char *)a, (char *)b, (char *)c};
    cmd_report(1 + (a != NULL) + (b != NULL) + (c != NULL), argv);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_input_write("results.h5", data, size);
    struct rs_file f;
    char err[1024];
    if (rs_read(path, &f, err, sizeof err) == 0) {
        bool hist[JQ_COUNT], by_job = f.nscen > 0 && f.by_job[0].flowtime;
        for (int q = 0; q < JQ_COUNT; q++)
            hist[q] = f.hist[q].bins > 0;
        rs_file_free(&f);
        report(path, NULL, NULL, NULL);
        report(path, "--csv", NULL, NULL);
        report(path, "--against-scenario", "0", NULL);
        if (by_job)
            report(path, "--warmup", NULL, NULL);
        for (int q = 0; q < JQ_COUNT; q++)
            if (hist[q])
                report(path, "--cdf", job_quantity_info[q].name, "--csv");
    }
    ssize_t open = H5Fget_obj_count((hid_t)H5F_OBJ_ALL, H5F_OBJ_ALL);
    if (open != 0) {
        fprintf(stderr, "fuzz_report: %zd HDF5 identifiers left open after reading\n", open);
        abort();
    }
    return 0;
}

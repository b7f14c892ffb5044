/* fuzz_trace_google — libFuzzer harness for the readers of Google's event tables: the
 * clusterdata-2011-2 task_events table (engine/config/trace_google.c) and the clusterdata-2019
 * instance_events table (engine/config/trace_google2019.c), which derive jobs through the same
 * engine/config/trace_events.c (rules in docs/guide/traces.md). The input bytes become a file that
 * tr_read(..., TR_GOOGLE, ...) and then tr_read(..., TR_GOOGLE2019, ...) read, each followed
 * by tr_free. Either return is fine (a file whose jobs are all incomplete is an error too); a
 * failure is a crash, an AddressSanitizer or UndefinedBehaviorSanitizer report, a leak, a
 * timeout or running out of memory. Seeds: data/google-task-events-sample.csv,
 * data/google2019-instance-events-sample.csv and their first rows (tests/fuzz/seeds.sh). */
#include "engine/config/traces.h"
#include "tests/fuzz/fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const enum tr_format layouts[] = {TR_GOOGLE, TR_GOOGLE2019};
    const char *path = fuzz_input_write("events.csv", data, size);
    for (size_t k = 0; k < sizeof layouts / sizeof *layouts; k++) {
        struct tr_trace tr;
        char err[1024];
        if (tr_read(path, layouts[k], &tr, err, sizeof err) == 0)
            tr_free(&tr);
    }
    return 0;
}

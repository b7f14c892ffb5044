/* fuzz_trace_google — libFuzzer harness for the reader of Google's clusterdata-2011-2
 * task_events table (models/trace_google.c, rules in docs/traces.md): the input bytes become a
 * file that tr_read(..., TR_GOOGLE, ...) reads, then tr_free. Either return is fine (a file
 * whose jobs are all incomplete is an error too); a failure is a crash, an AddressSanitizer or
 * UndefinedBehaviorSanitizer report, a leak, a timeout or running out of memory. Seeds:
 * data/google-task-events-sample.csv and its first rows (tests/fuzz/seeds.sh). */
#include "models/trace.h"
#include "tests/fuzz/fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct tr_trace tr;
    char err[1024];
    if (tr_read(fuzz_input_write("task_events.csv", data, size), TR_GOOGLE, &tr, err,
                sizeof err) == 0)
        tr_free(&tr);
    return 0;
}

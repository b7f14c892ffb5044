/* fuzz_trace_csv — libFuzzer harness for the CSV trace reader (engine/config/trace_csv.c, layout in
 * docs/guide/traces.md): the input bytes become a file that tr_read(..., TR_CSV, ...) reads, then
 * tr_free. Either return is fine: most inputs are bad traces, and a message is all they owe.
 * A failure is a crash, an AddressSanitizer or UndefinedBehaviorSanitizer report, a leak, a
 * timeout or running out of memory. Seeds: data/trace-sample.csv and its first rows
 * (tests/fuzz/seeds.sh). */
#include "engine/config/traces.h"
#include "tests/fuzz/fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct tr_trace tr;
    char err[1024];
    if (tr_read(fuzz_input_write("trace.csv", data, size), TR_CSV, &tr, err, sizeof err) == 0)
        tr_free(&tr);
    return 0;
}

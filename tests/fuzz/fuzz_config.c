/* fuzz_config — libFuzzer harness for the experiment config reader (engine/config/config.c: inih,
 * the key schema, every range and cross-key check, sweep expansion, policy `auto` resolution): the
 * input bytes become an INI file that cfg_load reads, then cfg_free. Three small traces lie
 * beside it, so that `workload.trace = trace.csv` (or `google.csv` with trace_format = google,
 * `google2019.csv` with trace_format = google2019) reaches the trace-driven checks; any other
 * trace path just fails to open. Either return is
 * fine: most inputs are bad configs, and a message is all they owe. A failure is a crash, an
 * AddressSanitizer or UndefinedBehaviorSanitizer report (SPECMC_CHECK invariants included), a
 * leak, a timeout or running out of memory. Seeds: the .ini files of experiments/,
 * tests/cli/configs/ and tests/regress/cases/; dictionary: the sections, keys and choices
 * `specmc list --keys` prints (tests/fuzz/seeds.sh). */
#include <string.h>

#include "engine/config/config.h"
#include "tests/fuzz/fuzz_input.h"

static const char csv_trace[] =
    "arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean,map_sd,reduce_sd\n"
    "0,1,4,2,3.5,6,1.2,\n"
    "2.5,2,1,0,8,,,\n"
    "7,1,3,1,2,4,0.5,1\n";

static const char google_trace[] = /* two complete jobs, of one and two tasks */
    "1000000,,1,0,,0,u,0,3,,,,\n"
    "2000000,,1,0,7,1,u,0,3,,,,\n"
    "5000000,,1,0,7,4,u,0,3,,,,\n"
    "3000000,,2,0,,0,u,0,5,,,,\n"
    "3500000,,2,0,8,1,u,0,5,,,,\n"
    "9500000,,2,0,8,4,u,0,5,,,,\n"
    "3000000,,2,1,,0,u,0,5,,,,\n"
    "4000000,,2,1,9,1,u,0,5,,,,\n"
    "6000000,,2,1,9,4,u,0,5,,,,\n";

static const char google2019_trace[] = /* the same two jobs as collections, rows unordered */
    "time,type,collection_id,instance_index,priority,collection_type\n"
    "5000000,6,1,0,3,0\n"
    "1000000,0,1,0,3,0\n"
    "2000000,3,1,0,3,0\n"
    "3000000,0,2,0,5,0\n"
    "3500000,3,2,0,5,0\n"
    "9500000,6,2,0,5,0\n"
    "4000000,3,2,1,5,0\n"
    "3000000,0,2,1,5,0\n"
    "6000000,6,2,1,5,0\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int traces_written;
    if (!traces_written) {
        fuzz_input_write("trace.csv", (const uint8_t *)csv_trace, strlen(csv_trace));
        fuzz_input_write("google.csv", (const uint8_t *)google_trace, strlen(google_trace));
        fuzz_input_write("google2019.csv", (const uint8_t *)google2019_trace,
                         strlen(google2019_trace));
        traces_written = 1;
    }
    struct cfg c;
    char err[1024];
    if (cfg_load(&c, fuzz_input_write("fuzz.ini", data, size), NULL, 0, err, sizeof err) == 0)
        cfg_free(&c);
    return 0;
}

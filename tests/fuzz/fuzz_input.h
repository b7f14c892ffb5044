/* fuzz_input — what the libFuzzer harnesses of tests/fuzz share: every reader of specmc takes
 * a path, so each input is written to a file in a directory private to the fuzzing process
 * (created once, in LLVMFuzzerInitialize, under $TMPDIR, else /dev/shm, else /tmp; removed at a
 * normal exit). LLVMFuzzerInitialize also points stdout at /dev/null: the readers print nothing
 * there, and `report`'s tables would only flood the log; libFuzzer and the sanitizers write to
 * stderr. It also sets LeakSanitizer to leave libhdf5's own allocations out of every leak
 * check (fuzz_report.c says why). This is test support, not part of specmc. */
#ifndef SPECMC_FUZZ_INPUT_H
#define SPECMC_FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>

/* libFuzzer's entry points: the shared one (fuzz_input.c) and each harness's own. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Write size bytes to the file `name` (no '/') of the private directory, replacing it, and
 * return its path (valid while the process runs). At most FUZZ_INPUT_FILES names per process.
 * Aborts when it cannot: that is the harness's failure, not the reader's. */
#define FUZZ_INPUT_FILES 4
const char *fuzz_input_write(const char *name, const uint8_t *data, size_t size);

#endif

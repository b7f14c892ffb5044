/* wait_policy — OpenMP threads that have nothing to do sleep instead of spinning.
 *
 * GCC's OpenMP runtime (libgomp) lets an idle thread spin for about 300 000 iterations (some
 * milliseconds) at a barrier, or between two parallel regions, before it sleeps on a futex:
 * GOMP_SPINCOUNT's default when OMP_WAIT_POLICY is unset. `specmc validate` runs hundreds of
 * parallel loops with serial closed forms between them, and its idle threads spun for 6-18 % of
 * its CPU time, taking cores from whatever else the machine runs (under load, 2 threads were
 * slower than 1). The runtime reads OMP_WAIT_POLICY once, in its own constructor, before main()
 * runs; no call changes it afterwards, and setting it from an ELF .preinit_array is too early
 * (the C library installs the environment after that). So the process sets it and executes
 * itself again (/proc/self/exe, the same arguments), once; a value the user set stands. The
 * results do not depend on it, only CPU time does (docs/guide/performance.md). With one thread
 * (`--threads 1`) no thread is ever idle, and it does not: the start-up paid twice, mostly the
 * dynamic loader's work on HDF5's libraries, cost 35 ms of CPU, a seventh of a 0.25 s run. */
#include "engine/run/wait_policy.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Whether the last --threads of argv (as `--threads N` or `--threads=N`) is 1; an abbreviation
 * getopt would take as well is not recognised (the program is executed again as otherwise). */
static bool one_thread(char **argv)
{
    const char *last = NULL;
    for (int i = 1; argv[i]; i++)
        if (!strcmp(argv[i], "--threads") && argv[i + 1])
            last = argv[++i];
        else if (!strncmp(argv[i], "--threads=", 10))
            last = argv[i] + 10;
    return last && !strcmp(last, "1");
}

void wait_policy_passive(char **argv)
{
    if (getenv("OMP_WAIT_POLICY") || one_thread(argv))
        return;
    if (setenv("OMP_WAIT_POLICY", "passive", 0))
        return;
    execv("/proc/self/exe", argv);
    /* not Linux, or no /proc: carry on with the runtime's default (only CPU time differs) */
}

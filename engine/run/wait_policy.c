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
 * results do not depend on it, only CPU time does (docs/guide/performance.md). */
#include "engine/run/wait_policy.h"

#include <stdlib.h>
#include <unistd.h>

void wait_policy_passive(char **argv)
{
    if (getenv("OMP_WAIT_POLICY"))
        return;
    if (setenv("OMP_WAIT_POLICY", "passive", 0))
        return;
    execv("/proc/self/exe", argv);
    /* not Linux, or no /proc: carry on with the runtime's default (only CPU time differs) */
}

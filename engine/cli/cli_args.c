/* cli_args — the one parser of --seed and of --threads, for every command (commands.h). */
#include <errno.h>
#include <stdlib.h>

#include "engine/base/messages.h"
#include "engine/base/text.h"
#include "engine/cli/commands.h"
#include "engine/run/runner.h"

bool cli_parse_seed(const char *cmd, const char *s, uint64_t *out)
{
    if (!text_parse_u64(s, out)) {
        msg_error("%s: --seed must be a decimal integer in [0, 2^64), got '%s'", cmd, s);
        return false;
    }
    return true;
}

bool cli_parse_threads(const char *cmd, const char *s, int *out)
{
    char *end;
    errno = 0;
    long t = strtol(s, &end, 10);
    if (end == s || *end || errno || t < 1 || t > RUN_THREADS_MAX) {
        msg_error("%s: --threads must be an integer in [1, %d], got '%s'", cmd, RUN_THREADS_MAX,
                  s);
        return false;
    }
    *out = (int)t;
    return true;
}

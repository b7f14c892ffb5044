/* cli_messages — the one format of user-facing errors and warnings on stderr:
 * "specmc: error: ..." and "specmc: warning: ...", and the one parser of --seed and of
 * --threads. Under MPI
 * only rank 0 speaks, until cli_every_rank: the ranks read the same input and would say the
 * same thing K times, but each runs replicas of its own and reports its own failures. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/cli/commands.h"
#include "engine/config/text.h"
#include "engine/run/ranks.h"
#include "engine/run/runner.h"

static bool every_rank;

void cli_every_rank(void)
{
    every_rank = true;
}

static void message(const char *kind, const char *fmt, va_list ap)
{
    if (!every_rank && ranks_rank() != 0)
        return;
    fprintf(stderr, "specmc: %s: ", kind);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    message("error", fmt, ap);
    va_end(ap);
}

void cli_warning(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    message("warning", fmt, ap);
    va_end(ap);
}

bool cli_parse_seed(const char *cmd, const char *s, uint64_t *out)
{
    if (!text_parse_u64(s, out)) {
        cli_error("%s: --seed must be a decimal integer in [0, 2^64), got '%s'", cmd, s);
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
        cli_error("%s: --threads must be an integer in [1, %d], got '%s'", cmd, RUN_THREADS_MAX,
                  s);
        return false;
    }
    *out = (int)t;
    return true;
}

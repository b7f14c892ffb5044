/* cli_messages — the one format of user-facing errors and warnings on stderr:
 * "specmc: error: ..." and "specmc: warning: ...", and the one parser of --seed. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "engine/commands.h"

static void message(const char *kind, const char *fmt, va_list ap)
{
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
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10); /* decimal: "010" is ten, not octal eight */
    if (*s == '-' || end == s || *end || errno) {
        cli_error("%s: --seed must be a decimal integer in [0, 2^64), got '%s'", cmd, s);
        return false;
    }
    *out = v;
    return true;
}

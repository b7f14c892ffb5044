/* cli_messages — the one format of user-facing errors and warnings on stderr:
 * "specmc: error: ..." and "specmc: warning: ...". */
#include <stdarg.h>
#include <stdio.h>

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

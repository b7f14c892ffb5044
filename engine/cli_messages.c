/* cli_messages — the one format of user-facing errors and warnings on stderr:
 * "specmc: error: ..." and "specmc: warning: ...". */
#include <stdarg.h>
#include <stdio.h>

#include "engine/commands.h"

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("specmc: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void cli_warning(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("specmc: warning: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

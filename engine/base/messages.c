/* messages — see messages.h. */
#include "engine/base/messages.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

static int this_rank;
static bool every_rank;

void msg_set_rank(int rank)
{
    this_rank = rank;
}

void msg_every_rank(void)
{
    every_rank = true;
}

static void say(const char *kind, const char *fmt, va_list ap)
{
    if (!every_rank && this_rank != 0)
        return;
    fprintf(stderr, "specmc: %s", kind);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

void msg_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say("error: ", fmt, ap);
    va_end(ap);
}

void msg_warning(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say("warning: ", fmt, ap);
    va_end(ap);
}

void msg_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say("", fmt, ap);
    va_end(ap);
}

/* traces — reading a trace file into the jobs of models/trace.h, in one of its formats
 * (docs/guide/traces.md): the entry points; the layouts are trace_csv.c, trace_google.c and
 * trace_google2019.c (whose event tables trace_events.c turns into jobs), what they share
 * trace_common.c. */
#include "engine/config/traces.h"

#include <string.h>

#include "engine/config/trace_common.h"

int tr_format_parse(const char *name, enum tr_format *fmt)
{
    if (!strcmp(name, "csv"))
        *fmt = TR_CSV;
    else if (!strcmp(name, "google"))
        *fmt = TR_GOOGLE;
    else if (!strcmp(name, "google2019"))
        *fmt = TR_GOOGLE2019;
    else
        return -1;
    return 0;
}

int tr_read(const char *path, enum tr_format fmt, struct tr_trace *out, char *err, size_t len)
{
    memset(out, 0, sizeof *out);
    switch (fmt) {
    case TR_CSV:
        return tr_csv_read(path, out, err, len);
    case TR_GOOGLE:
        return tr_google_read(path, out, err, len);
    case TR_GOOGLE2019:
        return tr_google2019_read(path, out, err, len);
    }
    tr_error(err, len, "%s: unknown trace format %d; valid: " TR_FORMAT_NAMES, path, (int)fmt);
    return -1;
}

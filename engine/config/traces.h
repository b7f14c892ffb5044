/* traces — read a trace file into the jobs of models/trace.h, or a price history into
 * models/spot.h (traces.c, trace_prices.c; formats: docs/guide/traces.md). Only the config
 * reads files; the model never does. */
#ifndef SPECMC_TRACES_H
#define SPECMC_TRACES_H

#include <stddef.h>

#include "models/spot.h"
#include "models/trace.h"

enum tr_format { TR_CSV, TR_GOOGLE, TR_GOOGLE2019 };

/* the names tr_format_parse accepts, in enum order */
#define TR_FORMAT_NAMES "csv|google|google2019"

/* The format named "csv", "google" or "google2019" (workload.trace_format); -1 for any other
 * name. */
int tr_format_parse(const char *name, enum tr_format *fmt);

/* Read a trace. On error returns -1 and writes "PATH:LINE: what is wrong, what is valid"
 * into err; out is then empty. */
int tr_read(const char *path, enum tr_format fmt, struct tr_trace *out, char *err,
            size_t len);

/* Read a price history (utility.price_history: a header `time,price`, then a row per change,
 * times strictly increasing from >= 0, prices >= 0; engine/config/trace_prices.c). On error
 * returns -1 with "PATH:LINE: what is wrong, what is valid" in err; out is then empty. */
int tr_read_prices(const char *path, struct spot_prices *out, char *err, size_t len);
#endif

/* trace_prices — a price history file (utility.price_history; docs/guide/traces.md, "Price
 * histories"): a header line `time,price`, then one row per change of the price, times
 * strictly increasing from 0 or later (the model's time unit, 0 being a replica's start),
 * prices >= 0 per unit of machine time. Blank lines and lines starting with '#' are skipped.
 * Every value is checked in full, with its line and column. */
#include <stdlib.h>
#include <string.h>

#include "engine/base/text.h"
#include "engine/config/trace_common.h"
#include "engine/config/traces.h"

/* Append (t, p) to the history; -1 when out of memory. */
static int push(struct spot_prices *s, int *cap, double t, double p)
{
    if (s->n == *cap) {
        int n = *cap ? 2 * *cap : 64;
        double *a = realloc(s->t, (size_t)n * sizeof *a);
        if (a)
            s->t = a;
        double *b = a ? realloc(s->price, (size_t)n * sizeof *b) : NULL;
        if (!b)
            return -1;
        s->price = b;
        *cap = n;
    }
    s->t[s->n] = t;
    s->price[s->n++] = p;
    return 0;
}

int tr_read_prices(const char *path, struct spot_prices *out, char *err, size_t len)
{
    struct tr_lines lr;
    bool failed = false, header = false;
    char q[TR_QUOTE_LEN];
    int cap = 0;
    *out = (struct spot_prices){0};
    if (tr_lines_open(&lr, path, err, len))
        return -1;
    char *s;
    while ((s = tr_lines_next(&lr, &failed, err, len))) {
        if (!*s || *s == '#')
            continue;
        if (!header) {
            if (strcmp(s, "time,price")) {
                tr_error(err, len, "%s:%ld: expected the header line 'time,price' before the "
                         "first price, got '%s'", path, lr.line, tr_quote(s, q));
                goto fail;
            }
            header = true;
            continue;
        }
        char *f[3];
        int n = text_split(s, ',', f, 3);
        if (n != 2) {
            tr_error(err, len, "%s:%ld: expected 2 columns (time,price), got %d", path,
                     lr.line, n);
            goto fail;
        }
        double t, p;
        double after = out->n > 0 ? out->t[out->n - 1] : -1;
        if (!tr_parse_real(f[0], &t) || !(t > after) || t < 0) {
            if (out->n > 0)
                tr_error(err, len, "%s:%ld: column 'time': expected a number > %.17g (the "
                         "line before's; times strictly increase) and <= " TR_REAL_MAX_TEXT
                         ", got '%s'", path, lr.line, after, tr_quote(f[0], q));
            else
                tr_error(err, len, "%s:%ld: column 'time': expected a number >= 0 and <= "
                         TR_REAL_MAX_TEXT " (the model's time unit from a replica's start), "
                         "got '%s'", path, lr.line, tr_quote(f[0], q));
            goto fail;
        }
        if (!tr_parse_real(f[1], &p) || p < 0) {
            tr_error(err, len, "%s:%ld: column 'price': expected a number >= 0 and <= "
                     TR_REAL_MAX_TEXT " (per unit of machine time), got '%s'", path, lr.line,
                     tr_quote(f[1], q));
            goto fail;
        }
        if (push(out, &cap, t, p)) {
            tr_error(err, len, "%s:%ld: out of memory", path, lr.line);
            goto fail;
        }
    }
    if (failed)
        goto fail;
    if (out->n == 0) {
        tr_error(err, len, "%s: no prices: expected the header line 'time,price' and at least "
                 "one row", path);
        goto fail;
    }
    if (spot_prepare(out)) {
        tr_error(err, len, "%s: out of memory", path);
        goto fail;
    }
    tr_lines_close(&lr);
    return 0;
fail:
    tr_lines_close(&lr);
    spot_free(out);
    return -1;
}

/* trace_common — what the trace readers share (see trace_common.h): the line reader, strict
 * number parsing, error messages and the final stable sort by arrival. */
#include "engine/config/trace_common.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/text.h"

/* ---------------------------------------------------------------- lines */

int tr_lines_open(struct tr_lines *lr, const char *path, char *err, size_t len)
{
    memset(lr, 0, sizeof *lr);
    lr->path = path;
    lr->f = text_open_regular(path, err, len);
    return lr->f ? 0 : -1;
}

char *tr_lines_next(struct tr_lines *lr, bool *failed, char *err, size_t len)
{
    *failed = false;
    errno = 0;
    size_t n = 0; /* read into buf, bounded: a file without newlines does not fill memory */
    for (;;) {
        if (lr->cap - n < 2) {
            if (lr->cap >= TR_LINE_MAX + 2) {
                tr_error(err, len, "%s:%ld: a line longer than %d KiB: not a trace of this "
                         "format (or a line cut by a missing newline)", lr->path, lr->line + 1,
                         TR_LINE_MAX >> 10);
                *failed = true;
                return NULL;
            }
            size_t cap = lr->cap ? 2 * lr->cap : 4096;
            cap = cap > TR_LINE_MAX + 2 ? TR_LINE_MAX + 2 : cap;
            char *b = realloc(lr->buf, cap);
            if (!b) {
                tr_error(err, len, "%s:%ld: cannot read: out of memory", lr->path, lr->line + 1);
                *failed = true;
                return NULL;
            }
            lr->buf = b;
            lr->cap = cap;
        }
        if (!fgets(lr->buf + n, (int)(lr->cap - n), lr->f))
            break;
        n += strlen(lr->buf + n);
        if (n && lr->buf[n - 1] == '\n')
            break;
    }
    if (ferror(lr->f)) {
        tr_error(err, len, "%s:%ld: cannot read: %s", lr->path, lr->line + 1,
                 errno ? strerror(errno) : "read error");
        *failed = true;
        return NULL;
    }
    if (n == 0)
        return NULL;
    lr->buf[n] = '\0';
    lr->line++;
    char *s = lr->buf;
    if (lr->line == 1 && !strncmp(s, "\xEF\xBB\xBF", 3))
        s += 3;
    return text_trim(s); /* the newline and a CR before it are white space */
}

void tr_lines_close(struct tr_lines *lr)
{
    if (lr->f)
        fclose(lr->f);
    free(lr->buf);
    memset(lr, 0, sizeof *lr);
}

/* ---------------------------------------------------------------- messages and numbers */

void tr_error(char *err, size_t len, const char *fmt, ...)
{
    if (!err || !len)
        return;
    va_list ap;
    va_start(ap, fmt);
    text_vformat(err, len, fmt, ap);
    va_end(ap);
}

const char *tr_quote(const char *s, char *buf)
{
    return text_printable(buf, TR_QUOTE_LEN, s, TR_QUOTE_MAX);
}

bool tr_parse_real(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || errno == ERANGE || !isfinite(v) ||
        fabs(v) > TR_REAL_MAX)
        return false;
    *out = v;
    return true;
}

bool tr_parse_int(const char *s, long long min, long long max, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end != '\0' || errno == ERANGE || v < min || v > max)
        return false;
    *out = v;
    return true;
}

/* ---------------------------------------------------------------- jobs */

int tr_push_job(struct tr_trace *t, int *cap, const struct tr_job *j)
{
    if (t->njobs == *cap) {
        if (*cap > INT_MAX / 2)
            return -1;
        int ncap = *cap ? 2 * *cap : 256;
        struct tr_job *p = realloc(t->job, (size_t)ncap * sizeof *p);
        if (!p)
            return -1;
        t->job = p;
        *cap = ncap;
    }
    t->job[t->njobs++] = *j;
    return 0;
}

struct order {
    double arrival;
    long seq;
    int index;
};

static int order_cmp(const void *a, const void *b)
{
    const struct order *x = a, *y = b;
    if (x->arrival != y->arrival)
        return x->arrival < y->arrival ? -1 : 1;
    return (x->seq > y->seq) - (x->seq < y->seq);
}

int tr_sort_shift(struct tr_job *job, const long *seq, int n)
{
    if (n <= 0)
        return 0;
    struct order *o = malloc((size_t)n * sizeof *o);
    struct tr_job *copy = malloc((size_t)n * sizeof *copy);
    if (!o || !copy)
        goto fail;
    for (int i = 0; i < n; i++)
        o[i] = (struct order){job[i].arrival, seq ? seq[i] : i, i};
    qsort(o, (size_t)n, sizeof *o, order_cmp);
    memcpy(copy, job, (size_t)n * sizeof *copy);
    double first = copy[o[0].index].arrival;
    for (int i = 0; i < n; i++) {
        job[i] = copy[o[i].index];
        job[i].arrival -= first;
    }
    free(o);
    free(copy);
    return 0;
fail:
    free(o);
    free(copy);
    return -1;
}

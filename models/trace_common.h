/* trace_common — what the two trace readers (trace_csv.c, trace_google.c) share: a line
 * reader that counts lines, strict number parsing, error messages and the final sort. It is
 * private to models/trace*.c; everything else includes models/trace.h only. */
#ifndef SPECMC_TRACE_COMMON_H
#define SPECMC_TRACE_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "models/trace.h"

/* At most this many characters of a bad value are quoted in an error message. */
#define TR_QUOTE_MAX 48

/* A file read one line at a time. */
struct tr_lines {
    const char *path; /* for messages */
    FILE *f;
    char *buf;        /* getline's buffer */
    size_t cap;
    long line;        /* number of the line last returned, from 1 */
};

/* Open path for reading; -1 with "PATH: cannot open: why" in err. */
int tr_lines_open(struct tr_lines *lr, const char *path, char *err, size_t len);

/* The next line without its end-of-line characters and surrounding white space (a UTF-8
 * byte-order mark on line 1 is dropped too); NULL at the end of the file, or on a read error
 * with the message in err (*failed set). The text stays valid until the next call. */
char *tr_lines_next(struct tr_lines *lr, bool *failed, char *err, size_t len);

void tr_lines_close(struct tr_lines *lr);

/* snprintf into err. */
void tr_error(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* s as quoted in a message: as is, or its first TR_QUOTE_MAX characters and "..."; buf must
 * hold TR_QUOTE_MAX + 4 characters. */
const char *tr_quote(const char *s, char *buf);

/* The largest magnitude a real in a trace may have (seconds, weights): 1e15 s is 32 million
 * years, and the bound keeps every derived quantity finite — a task time is its phase mean
 * times a draw below 2^53, a flowtime sum adds at most 2^31 of them, and 1e15 x 2^53 x 2^31
 * is about 2e40. A 1e308 mean would overflow to inf in the first draw. */
#define TR_REAL_MAX 1e15
#define TR_REAL_MAX_TEXT "1e15"

/* Strict numbers: the whole of s (already trimmed) must be the number. A real must be finite
 * and at most TR_REAL_MAX in magnitude; an integer must fit in [min, max]. Return false
 * otherwise, out untouched. */
bool tr_parse_real(const char *s, double *out);
bool tr_parse_int(const char *s, long long min, long long max, long long *out);

/* Sort n jobs by arrival, ties by seq (ascending; the job's position in the file), then shift
 * arrivals so that the first is 0. seq may be NULL: the jobs' current order. -1 when out of
 * memory (the jobs are then unchanged). */
int tr_sort_shift(struct tr_job *job, const long *seq, int n);

/* Add one job to a growing array; -1 when out of memory or past INT_MAX jobs. */
int tr_push_job(struct tr_trace *t, int *cap, const struct tr_job *j);

/* The readers: as tr_read for one format (out starts zeroed; on error the reader frees what it
 * allocated). */
int tr_csv_read(const char *path, struct tr_trace *out, char *err, size_t len);
int tr_google_read(const char *path, struct tr_trace *out, char *err, size_t len);

#endif

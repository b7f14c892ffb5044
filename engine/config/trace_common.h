/* trace_common — what the trace readers (trace_csv.c, trace_google.c, trace_google2019.c)
 * share: a line reader that counts lines, strict number parsing, error messages and the final
 * sort; and, for the two Google layouts, the reading of an event table and the derivation of
 * jobs from it (trace_events.c). It is private to engine/config/trace*.c; the config
 * includes traces.h, the model models/trace.h. */
#ifndef SPECMC_TRACE_COMMON_H
#define SPECMC_TRACE_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/base/text.h"
#include "models/trace.h"

/* The longest line a trace may have: 1 MiB (a Google row is under 200 bytes). */
#define TR_LINE_MAX (1 << 20)

/* At most this many characters of a bad value are quoted in an error message, in a buffer
 * of TR_QUOTE_LEN bytes. */
#define TR_QUOTE_MAX TEXT_QUOTE_MAX
#define TR_QUOTE_LEN TEXT_PRINTABLE_LEN(TR_QUOTE_MAX)

/* A file read one line at a time. */
struct tr_lines {
    const char *path; /* for messages */
    FILE *f;
    char *buf;        /* getline's buffer */
    size_t cap;
    long line;        /* number of the line last returned, from 1 */
};

/* Open path for reading; -1 with "PATH: cannot open: why" in err, or "PATH: not a regular
 * file" for a directory, FIFO or device (refused without reading it). */
int tr_lines_open(struct tr_lines *lr, const char *path, char *err, size_t len);

/* The next line without its end-of-line characters and surrounding white space (a UTF-8
 * byte-order mark on line 1 is dropped too); NULL at the end of the file, or on a read error
 * or a line longer than TR_LINE_MAX with the message in err (*failed set). The text stays
 * valid until the next call. */
char *tr_lines_next(struct tr_lines *lr, bool *failed, char *err, size_t len);

void tr_lines_close(struct tr_lines *lr);

/* snprintf into err, made printable (text_vformat): a message never echoes a control
 * character or a byte that is not UTF-8 from a trace or its path. */
void tr_error(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* s as quoted in a message: printable (text_printable: control characters and bytes that are
 * not UTF-8 as \xNN), at most its first TR_QUOTE_MAX characters and "..."; into buf, which
 * must hold TR_QUOTE_LEN bytes. */
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

/* ---- Event tables: one row per event in the life of a task (trace_events.c) ---------------- */

/* What an event does to a task's run, whatever its code in the layout. */
enum tr_ev {
    TR_EV_SUBMIT,   /* submitted (again): pending, nothing running */
    TR_EV_SCHEDULE, /* a run starts */
    TR_EV_FINISH,   /* the run ends normally */
    TR_EV_STOP,     /* it ends otherwise (EVICT, FAIL, KILL, LOST) */
    TR_EV_NONE,     /* nothing to do with life or time (UPDATE_PENDING, UPDATE_RUNNING, ...) */
    TR_EV_NOT_TASK  /* a row of something that is not a job's task: its job is left out */
};

/* The fields the derivation reads from a row; TR_F_KIND and the requests may be missing. */
enum tr_field {
    TR_F_TIME, TR_F_JOB, TR_F_TASK, TR_F_EVENT, TR_F_PRIO, TR_F_KIND, TR_F_CPU, TR_F_MEM,
    TR_FIELDS
};

/* A layout of event table. */
struct tr_layout {
    const char *job, *task;        /* what the table calls them ("job", "task"), for messages */
    const char *not_job;           /* in "none is complete (each ...": "" or "is X, or " */
    const char *field[TR_FIELDS];  /* each field's column name, for messages */
    int col[TR_FIELDS];            /* each field's column (from 0); TR_F_KIND, TR_F_CPU and
                                      TR_F_MEM may be -1: none. KIND's values: 0 a job's task,
                                      1 not (TR_EV_NOT_TASK); CPU's and MEM's a task's request
                                      (>= 0, or empty: none) */
    int ncols;                     /* the columns of a row */
    char cols[160];                /* what they are, for "expected N columns (...), got M" */
    int nevents;                   /* event codes run from 0 to nevents - 1 */
    const unsigned char *ev;       /* code -> enum tr_ev */
    const unsigned char *rank;     /* code -> order of one task's events at the same
                                      microsecond (equal ranks: file order); NULL: file order */
    const char *events;            /* the codes spelled out, for messages */
    long long prio_max;            /* priorities run from 0 to this */
    /* The header: NULL when the table has none; otherwise called with the first line that is
     * not blank (its number lineno) to set ncols, col and cols; -1 with "PATH:LINE: ..." in
     * err when it is not a header of the layout. */
    int (*header)(struct tr_layout *lay, char *line, const char *path, long lineno, char *err,
                  size_t len);
};

/* Read an event table laid out as lay says and derive its jobs (docs/guide/traces.md): as tr_read. */
int tr_events_read(const char *path, struct tr_layout *lay, struct tr_trace *out, char *err,
                   size_t len);

/* The readers: as tr_read for one format (out starts zeroed; on error the reader frees what it
 * allocated). */
int tr_csv_read(const char *path, struct tr_trace *out, char *err, size_t len);
int tr_google_read(const char *path, struct tr_trace *out, char *err, size_t len);
int tr_google2019_read(const char *path, struct tr_trace *out, char *err, size_t len);

#endif

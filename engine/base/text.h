/* text — small string helpers shared by the config parser, the trace readers, the CLI and
 * the name tables (trimming, splitting comma lists, CSV fields, looking a name up, making
 * text fit to quote in a message), and the opening of a user's text file. Nothing here
 * allocates but text_vformat's scratch copy and that FILE. */
#ifndef SPECMC_TEXT_H
#define SPECMC_TEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Trim white space at both ends, in place; returns the first non-space character. */
char *text_trim(char *s);

/* Split s at `sep`. With out == NULL, only count the items (s is not modified): 0 for an
 * all-blank string. Otherwise cut s in place and store up to max trimmed items in out.
 * Returns the number of items. */
int text_split(char *s, char sep, char **out, int max);

/* A decimal integer in [0, 2^64) filling all of s ("010" is ten, not octal eight; no sign
 * '-'): true and *out, or false. */
bool text_parse_u64(const char *s, uint64_t *out);

/* The index of `name` among names[0 .. n), or -1 (a name table indexed by an enum). */
int text_index(const char *const *names, int n, const char *name);

/* The index of the name among names[0 .. n) nearest to `word` by edit distance, when it is
 * near enough to be a typo of it (1 edit for words under 4 characters, 2 under 9, else 3;
 * the first of the nearest), or -1. NULL names are skipped. */
int text_closest(const char *word, const char *const *names, int n);

/* " (did you mean 'NAME'?)" for text_closest's name, or "" when none is near; into buf,
 * which is returned (to follow the unknown word in an error message). */
const char *text_did_you_mean(char *buf, size_t len, const char *word,
                              const char *const *names, int n);

/* Open a file named by the user (a config, a trace) to read: NULL with "PATH: cannot open:
 * why" or "PATH: not a regular file (a directory, a FIFO, a device): give a file" in err. A
 * FIFO or a device is refused without blocking on it and without reading it (/dev/zero never
 * ends, a FIFO without a writer waits for ever). */
FILE *text_open_regular(const char *path, char *err, size_t len);

/* Write s to `out` as one CSV field (RFC 4180): as is, or quoted with inner quotes doubled
 * when it holds a comma, a quote or a newline. */
void text_csv_field(const char *s, FILE *out);

/* At most this many characters of a value are quoted in a message, then "...". */
#define TEXT_QUOTE_MAX 48

/* Room for text_printable's output of at most max characters: each takes at most 4 bytes (a
 * UTF-8 sequence, or an escape \xNN), then "..." and the terminating NUL. */
#define TEXT_PRINTABLE_LEN(max) (4 * (size_t)(max) + 4)

/* s made fit to quote in a message, into buf (len bytes; always terminated; returned): valid
 * UTF-8 is kept, and each control character (U+0000..U+001F, U+007F..U+009F) and each byte
 * that is not part of valid UTF-8 becomes \xNN (two lower-case hex digits), so that no byte a
 * file holds reaches a terminal or a log as it is. A backslash stays as it is: the output is
 * its own text_printable. max > 0: at most max characters (an escape counts as one), then
 * "..." when s is longer. Output that does not fit in len ends at the last whole character
 * that does. */
const char *text_printable(char *buf, size_t len, const char *s, size_t max);

/* Whether text_printable leaves s as it is: valid UTF-8 without control characters. */
bool text_is_printable(const char *s);

/* vsnprintf into buf, then made printable as text_printable does: for a message that quotes
 * what a file or a command line holds. */
void text_vformat(char *buf, size_t len, const char *fmt, va_list ap)
    __attribute__((format(printf, 3, 0)));

#endif

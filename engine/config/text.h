/* text — small string helpers shared by the config parser, the CLI and the name tables
 * (trimming, splitting comma lists, CSV fields, looking a name up), and the opening of a
 * user's text file. Nothing here allocates but that FILE. */
#ifndef SPECMC_TEXT_H
#define SPECMC_TEXT_H

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

#endif

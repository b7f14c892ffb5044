/* text — string helpers (see text.h). */
#include "engine/base/text.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *text_trim(char *s)
{
    while (isspace((unsigned char)*s))
        s++;
    char *end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        *--end = '\0';
    return s;
}

int text_split(char *s, char sep, char **out, int max)
{
    const char *p = s;
    while (isspace((unsigned char)*p))
        p++;
    if (!*p)
        return 0;
    int n = 1;
    for (const char *q = p; *q; q++)
        n += *q == sep;
    if (!out)
        return n;
    int i = 0;
    char *item = s;
    for (;;) {
        char *next = strchr(item, sep);
        if (next)
            *next = '\0';
        if (i < max)
            out[i] = text_trim(item);
        i++;
        if (!next)
            break;
        item = next + 1;
    }
    return n;
}

void text_csv_field(const char *s, FILE *out)
{
    if (!strpbrk(s, ",\"\n")) {
        fputs(s, out);
        return;
    }
    putc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            putc('"', out);
        putc(*s, out);
    }
    putc('"', out);
}

int text_index(const char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (names[i] && !strcmp(names[i], name))
            return i;
    return -1;
}

/* The optimal string alignment distance of a and b (Levenshtein's edits plus swapping two
 * neighbours: "rnu" is one edit from "run"), at most 63 characters of each. */
static int distance(const char *a, const char *b)
{
    enum { N = 64 };
    int la = (int)strnlen(a, N - 1), lb = (int)strnlen(b, N - 1);
    int d[N][N];
    for (int i = 0; i <= la; i++)
        d[i][0] = i;
    for (int j = 0; j <= lb; j++)
        d[0][j] = j;
    for (int i = 1; i <= la; i++)
        for (int j = 1; j <= lb; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

int text_closest(const char *word, const char *const *names, int n)
{
    int best = -1, best_d = 0, len = (int)strlen(word);
    int limit = len < 4 ? 1 : len < 9 ? 2 : 3; /* a typo, not another word */
    for (int i = 0; i < n; i++) {
        if (!names[i])
            continue;
        int d = distance(word, names[i]);
        if (d <= limit && (best < 0 || d < best_d)) {
            best = i;
            best_d = d;
        }
    }
    return best;
}

const char *text_did_you_mean(char *buf, size_t len, const char *word,
                              const char *const *names, int n)
{
    int i = text_closest(word, names, n);
    if (i < 0)
        buf[0] = '\0';
    else
        snprintf(buf, len, " (did you mean '%s'?)", names[i]);
    return buf;
}

bool text_parse_u64(const char *s, uint64_t *out)
{
    if (*s == '-' || *s == '\0')
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (end == s || *end != '\0' || errno == ERANGE)
        return false;
    *out = v;
    return true;
}

/* The length of the printable character that starts at s: a well-formed UTF-8 sequence of 1
 * to 4 bytes (no overlong form, no surrogate, at most U+10FFFF) that is no control character;
 * 0 for a control character or a byte that starts no such sequence (the NUL included). */
static int printable_char(const unsigned char *s)
{
    unsigned c = s[0], lo = 0x80, hi = 0xbf;
    int n;
    if (c < 0x80)
        return c >= 0x20 && c != 0x7f;
    if (c >= 0xc2 && c <= 0xdf) {
        n = 2;
        lo = c == 0xc2 ? 0xa0 : 0x80; /* C2 80..C2 9F are the C1 controls */
    } else if (c >= 0xe0 && c <= 0xef) {
        n = 3;
        lo = c == 0xe0 ? 0xa0 : 0x80;
        hi = c == 0xed ? 0x9f : 0xbf; /* ED A0..ED BF would be surrogates */
    } else if (c >= 0xf0 && c <= 0xf4) {
        n = 4;
        lo = c == 0xf0 ? 0x90 : 0x80;
        hi = c == 0xf4 ? 0x8f : 0xbf; /* nothing past U+10FFFF */
    } else {
        return 0;
    }
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (int i = 2; i < n; i++) /* stops at a NUL: it is no continuation byte */
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    return n;
}

const char *text_printable(char *buf, size_t len, const char *s, size_t max)
{
    if (!len)
        return buf;
    const unsigned char *p = (const unsigned char *)s;
    size_t o = 0;
    for (size_t chars = 0; *p; chars++) {
        if (max && chars == max) {
            if (o + 4 <= len) {
                memcpy(buf + o, "...", 3);
                o += 3;
            }
            break;
        }
        int n = printable_char(p);
        char esc[5];
        const char *from = (const char *)p;
        size_t k = (size_t)n;
        if (!n) {
            snprintf(esc, sizeof esc, "\\x%02x", *p);
            from = esc;
            k = 4;
            n = 1;
        }
        if (o + k >= len)
            break;
        memcpy(buf + o, from, k);
        o += k;
        p += n;
    }
    buf[o] = '\0';
    return buf;
}

bool text_is_printable(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    for (int n; *p; p += n)
        if (!(n = printable_char(p)))
            return false;
    return true;
}

void text_vformat(char *buf, size_t len, const char *fmt, va_list ap)
{
    if (!len)
        return;
    char *raw = malloc(len); /* the escaped text is no shorter: len bytes of it suffice */
    if (!raw) {
        vsnprintf(buf, len, fmt, ap);
        return;
    }
    vsnprintf(raw, len, fmt, ap);
    text_printable(buf, len, raw, 0);
    free(raw);
}

FILE *text_open_regular(const char *path, char *err, size_t len)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* a FIFO opens without a writer */
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        snprintf(err, len, "%s: cannot open: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(err, len, "%s: not a regular file (%s): give a file", path,
                 S_ISDIR(st.st_mode)                             ? "a directory"
                 : S_ISFIFO(st.st_mode)                          ? "a FIFO"
                 : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)    ? "a device"
                                                                 : "a socket or other special file");
        close(fd);
        return NULL;
    }
    int flags = fcntl(fd, F_GETFL);
    FILE *f = flags < 0 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0 ? NULL : fdopen(fd, "rb");
    if (!f) {
        snprintf(err, len, "%s: cannot open: %s", path, strerror(errno));
        close(fd);
    }
    return f;
}

/* text — string helpers (see text.h). */
#include "engine/config/text.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

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

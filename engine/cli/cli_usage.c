/* cli_usage — a command's help from its one table (struct cli_usage, commands.h): the text of
 * `specmc COMMAND --help` and of the usage its errors append, and its entry in `specmc --help`,
 * which lists every option of every command. */
#include <stdio.h>
#include <string.h>

#include "engine/cli/commands.h"

enum { SYNOPSIS_WIDTH = 92 };

/* Append text to buf (of len, filled to *n), never past its end. */
static void add(char *buf, size_t len, size_t *n, const char *text)
{
    if (*n < len)
        *n += (size_t)snprintf(buf + *n, len - *n, "%s", text);
}

const char *cli_usage_text(const struct cli_usage *u)
{
    static char buf[8192];
    size_t n = 0, len = sizeof buf;
    char line[320];
    snprintf(line, sizeof line, "usage: specmc %s%s%s%s\n", u->name, *u->args ? " " : "",
             u->args, u->options[0].flag ? " [options]" : "");
    add(buf, len, &n, line);
    int width = 0; /* the flag column: the longest flag's */
    for (const struct cli_option *o = u->options; o->flag; o++)
        width = (int)strlen(o->flag) > width ? (int)strlen(o->flag) : width;
    for (const struct cli_option *o = u->options; o->flag; o++) {
        /* the help's lines, the first beside the flag, the others under it */
        for (const char *h = o->help, *col = o->flag; *h; col = "") {
            const char *end = strchr(h, '\n');
            int k = end ? (int)(end - h) : (int)strlen(h);
            snprintf(line, sizeof line, "  %-*s  %.*s\n", width, col, k, h);
            add(buf, len, &n, line);
            h += k + (end != NULL);
        }
    }
    if (u->about)
        add(buf, len, &n, u->about);
    return buf;
}

void cli_print_synopsis(FILE *out, const struct cli_usage *u)
{
    char line[512];
    int n = snprintf(line, sizeof line, "  %s%s%s", u->name, *u->args ? " " : "", u->args);
    for (const struct cli_option *o = u->options; o->flag; o++) {
        char item[96];
        int k = snprintf(item, sizeof item, " [%s]%s", o->flag, o->repeat ? "..." : "");
        if (n + k > SYNOPSIS_WIDTH) {
            fprintf(out, "%s\n", line);
            n = snprintf(line, sizeof line, "     ");
        }
        n += snprintf(line + n, sizeof line - (size_t)n, "%s", item);
    }
    fprintf(out, "%s\n      %s\n", line, u->summary);
}

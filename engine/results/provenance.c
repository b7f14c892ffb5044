/* provenance — build and run facts for the results file (see provenance.h). The git
 * revision comes from build/gen/gitrev.h, which the Makefile rewrites when it changes. */
#include "engine/results/provenance.h"

#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gitrev.h"

const char *prov_git_rev(void)
{
    return SPECMC_GIT_REV;
}

#define UTC_FORMAT "%Y-%m-%dT%H:%M:%SZ" /* ISO 8601, UTC */

void prov_utc_now(char *buf, size_t len)
{
    time_t t = time(NULL);
    struct tm tm;
    if (!gmtime_r(&t, &tm) || !strftime(buf, len, UTC_FORMAT, &tm))
        snprintf(buf, len, "unknown");
}

bool prov_utc_valid(const char *s)
{
    if (!strcmp(s, "unknown"))
        return true;
    struct tm tm, back;
    memset(&tm, 0, sizeof tm);
    int n = 0;
    if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2dZ%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour,
               &tm.tm_min, &tm.tm_sec, &n) != 6 || n == 0 || s[n])
        return false;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    time_t t = timegm(&tm); /* normalises: a 13th month or a 61st second reads back changed */
    char again[32];
    /* valid when the time it names is written back unchanged (no spaces, signs, one-digit
       fields or out-of-range ones) */
    return t != (time_t)-1 && gmtime_r(&t, &back) &&
           strftime(again, sizeof again, UTC_FORMAT, &back) && !strcmp(again, s);
}

bool prov_host_valid(const char *s)
{
    size_t n = strlen(s);
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
            return false;
    return n > 0 && n < 256;
}

void prov_host(char *buf, size_t len)
{
    if (gethostname(buf, len) != 0)
        snprintf(buf, len, "unknown");
    buf[len - 1] = '\0';
}

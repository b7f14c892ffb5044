/* provenance — build and run facts for the results file (see provenance.h). The git
 * revision comes from build/gen/gitrev.h, which the Makefile rewrites when it changes. */
#include "engine/results/provenance.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "gitrev.h"

const char *prov_git_rev(void)
{
    return SPECMC_GIT_REV;
}

void prov_utc_now(char *buf, size_t len)
{
    time_t t = time(NULL);
    struct tm tm;
    if (!gmtime_r(&t, &tm) || !strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm))
        snprintf(buf, len, "unknown");
}

void prov_host(char *buf, size_t len)
{
    if (gethostname(buf, len) != 0)
        snprintf(buf, len, "unknown");
    buf[len - 1] = '\0';
}

/* provenance — version, git revision, host and UTC time stamps recorded in results files, and
 * whether such a stamp or host name read back from a file is one this module writes. */
#ifndef SPECMC_PROVENANCE_H
#define SPECMC_PROVENANCE_H

#include <stdbool.h>
#include <stddef.h>

#define SPECMC_VERSION "0.1.0"

const char *prov_git_rev(void);             /* `git describe` of the build, or "unknown" */
void prov_utc_now(char *buf, size_t len);    /* ISO 8601, e.g. 2026-11-22T10:00:00Z */
void prov_host(char *buf, size_t len);       /* host name, or "unknown" */

/* Whether s is a time stamp prov_utc_now writes (a valid one, or "unknown"), and a host name
 * prov_host does (1 to 255 bytes, none of them a control character). */
bool prov_utc_valid(const char *s);
bool prov_host_valid(const char *s);

#endif

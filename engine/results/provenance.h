/* provenance — version, git revision, host and UTC time stamps recorded in results files. */
#ifndef SPECMC_PROVENANCE_H
#define SPECMC_PROVENANCE_H

#include <stddef.h>

#define SPECMC_VERSION "0.1.0"

const char *prov_git_rev(void);             /* `git describe` of the build, or "unknown" */
void prov_utc_now(char *buf, size_t len);    /* ISO 8601, e.g. 2026-11-22T10:00:00Z */
void prov_host(char *buf, size_t len);       /* host name, or "unknown" */

#endif

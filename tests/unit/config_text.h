/* config_text — a config loaded from text, for unit tests (through a temporary file, as a
 * user's config is read). Test code only. */
#ifndef SPECMC_TEST_CONFIG_TEXT_H
#define SPECMC_TEST_CONFIG_TEXT_H

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/config/config.h"

/* Load `text` into c; the test fails with the loader's message if it does not load. */
static inline void load(struct cfg *c, const char *text)
{
    char path[] = "/tmp/specmc-config-XXXXXX", err[1024];
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    int rc = cfg_load(c, path, NULL, 0, err, sizeof err);
    unlink(path);
    cr_assert_eq(rc, 0, "%s", err);
}

#endif

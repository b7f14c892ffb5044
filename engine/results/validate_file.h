/* validate_file — the HDF5 file `specmc validate` writes: one table of rows, the same columns as
 * `validate --csv` plus the gap in standard errors and the verdict kind, and provenance
 * attributes (docs/guide/file-format.md, "validate"). Written atomically through
 * engine/results/outfile.h, checksummed through engine/results/h5write.h. */
#ifndef SPECMC_VALIDATE_FILE_H
#define SPECMC_VALIDATE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "analysis/validate.h"
#include "engine/results/outfile.h"

/* Bytes reserved for the file before the checks run (it takes a few tens of KB). */
#define VD_FILE_RESERVE ((size_t)1 << 18)

struct vd_provenance {
    uint64_t seed;
    bool quick;
    const char *only;     /* --only, or NULL */
    int threads;
    double wall_seconds;
    char start[32], end[32], host[256];
};

int vd_write_file(struct outfile *o, const struct vd_rows *rows, const struct vd_provenance *pv,
                  char *err, size_t errlen);

/* Read such a file's rows back (`report` prints them), trusting nothing in it. 0, or -1 with
 * "PATH: reason" (rows left empty). */
int vd_read_file(const char *path, struct vd_rows *rows, char *err, size_t errlen);

#endif

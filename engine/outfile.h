/* outfile — write an output file atomically: everything goes to FINAL.tmp.PID beside the final
 * name, which is created at once (so an unwritable destination is reported before any work),
 * and the file is renamed into place only when complete. SIGINT/SIGTERM remove the temporary
 * file. An existing file under the final name is never touched before the rename. */
#ifndef SPECMC_OUTFILE_H
#define SPECMC_OUTFILE_H

#include <stddef.h>

struct outfile {
    char *final_path;
    char *tmp_path;
};

/* Create the temporary file; 0, or -1 with "FINAL: cannot write the output file: reason" —
 * also when FINAL exists and is not a regular file (a directory, a symbolic link, a device:
 * rename() would replace the link or fail only at the end). */
int outfile_begin(struct outfile *o, const char *final_path, char *err, size_t errlen);
/* 0, or -1 with a message when FINAL is the file `input` (the config) itself. */
int outfile_not_input(const char *final_path, const char *input, char *err, size_t errlen);
/* Rename the (closed) temporary file into place; 0 or -1 with a message. Frees the paths. */
int outfile_commit(struct outfile *o, char *err, size_t errlen);
/* Remove the temporary file and free the paths (after a failure). */
void outfile_abort(struct outfile *o);

#endif

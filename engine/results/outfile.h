/* outfile — write an output file atomically and durably. Everything goes to a temporary file
 * FINAL.tmp.HOST.PID (FINAL.tmp.HOST.PID.jJOB inside Slurm job JOB) beside the final name,
 * created at once (so an unwritable destination, or one without room for the expected size,
 * is reported before any work); the file is fsync'ed and renamed into place only when
 * complete, and the directory is fsync'ed after the rename. SIGINT/SIGTERM remove the
 * temporary file. An existing file under the final name is never touched before the rename.
 * A temporary file left by a process killed with SIGKILL (or by a crash) is removed by the
 * next outfile_begin or outfile_sweep for the same final name, once its writer is known to be
 * gone: a process of this host that no longer runs, or an earlier run of this Slurm job (a
 * requeue, perhaps on another node). Another host's file outside this job is left alone. */
#ifndef SPECMC_OUTFILE_H
#define SPECMC_OUTFILE_H

#include <stddef.h>

struct outfile {
    char *final_path;
    char *tmp_path;
    int fd; /* the temporary file, held open for the fsync; -1 when none */
};

/* Remove stale temporaries of FINAL, then create FINAL's temporary file and reserve `reserve`
 * bytes in it (0: none; a file system that cannot reserve is not an error). 0, or -1 with
 * "FINAL: cannot write the output file: reason" — also when FINAL exists and is not a regular
 * file (a directory, a symbolic link, a device: rename() would replace the link or fail only
 * at the end), or when the reservation finds no room. */
int outfile_begin(struct outfile *o, const char *final_path, size_t reserve, char *err,
                  size_t errlen);
/* 0, or -1 with a message when FINAL is the file `input` (the config) itself. */
int outfile_not_input(const char *final_path, const char *input, char *err, size_t errlen);
/* Once the temporary file (tmp_path) is written and closed by its writer: fsync it, rename it
 * into place and fsync the directory. 0, or -1 with a message (then call outfile_abort).
 * Frees the paths on success. */
int outfile_commit(struct outfile *o, char *err, size_t errlen);
/* Remove the temporary file and free the paths (after a failure). */
void outfile_abort(struct outfile *o);

/* Remove the temporary files of FINAL whose writer is gone (above), saying so on stderr. */
void outfile_sweep(const char *final_path);

/* Remove every temporary file being written (async-signal-safe: for a signal handler that
 * ends the process). outfile_begin does this itself at SIGINT/SIGTERM unless the program has
 * its own handlers for them. */
void outfile_remove_pending(void);

#endif

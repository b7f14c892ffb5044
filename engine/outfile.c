/* outfile — atomic output files (see outfile.h). */
#include "engine/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The temporary file being written, removed if SIGINT/SIGTERM arrives. */
static char *volatile pending_tmp;

static void on_signal(int sig)
{
    char *p = pending_tmp;
    if (p)
        unlink(p);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* What an existing path is, for the message refusing to replace it. */
static const char *kind_of(mode_t m)
{
    return S_ISDIR(m)                 ? "a directory"
           : S_ISLNK(m)               ? "a symbolic link"
           : S_ISCHR(m) || S_ISBLK(m) ? "a device"
           : S_ISFIFO(m)              ? "a pipe"
                                      : "not a regular file";
}

int outfile_begin(struct outfile *o, const char *final_path, char *err, size_t errlen)
{
    struct stat st;
    if (lstat(final_path, &st) == 0 && !S_ISREG(st.st_mode)) {
        snprintf(err, errlen, "%s: cannot write the output file: it is %s, and only a regular "
                              "file is ever replaced", final_path, kind_of(st.st_mode));
        return -1;
    }
    o->final_path = strdup(final_path);
    size_t len = strlen(final_path) + 32;
    o->tmp_path = malloc(len);
    if (!o->final_path || !o->tmp_path) {
        snprintf(err, errlen, "out of memory");
        outfile_abort(o);
        return -1;
    }
    snprintf(o->tmp_path, len, "%s.tmp.%ld", final_path, (long)getpid());
    int fd = open(o->tmp_path, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot write the output file: %s", final_path,
                 strerror(errno));
        free(o->tmp_path);
        o->tmp_path = NULL;
        outfile_abort(o);
        return -1;
    }
    close(fd);
    pending_tmp = o->tmp_path;
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    return 0;
}

int outfile_not_input(const char *final_path, const char *input, char *err, size_t errlen)
{
    struct stat a, b;
    if (stat(final_path, &a) == 0 && stat(input, &b) == 0 && a.st_dev == b.st_dev &&
        a.st_ino == b.st_ino) {
        snprintf(err, errlen, "%s: cannot write the output file: it is the input %s itself",
                 final_path, input);
        return -1;
    }
    return 0;
}

int outfile_commit(struct outfile *o, char *err, size_t errlen)
{
    if (rename(o->tmp_path, o->final_path) != 0) {
        snprintf(err, errlen, "%s: cannot rename into place: %s", o->final_path, strerror(errno));
        return -1;
    }
    pending_tmp = NULL;
    free(o->tmp_path);
    o->tmp_path = NULL;
    outfile_abort(o);
    return 0;
}

void outfile_abort(struct outfile *o)
{
    pending_tmp = NULL;
    if (o->tmp_path)
        unlink(o->tmp_path);
    free(o->tmp_path);
    free(o->final_path);
    o->tmp_path = o->final_path = NULL;
}

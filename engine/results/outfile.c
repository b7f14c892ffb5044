/* outfile — atomic, durable output files (see outfile.h). */
#include "engine/base/messages.h"
#include "engine/results/outfile.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The temporary files being written (the output, and a checkpoint beside it), removed if
 * SIGINT/SIGTERM ends the process. */
#define PENDING_MAX 4
static char *volatile pending[PENDING_MAX];

void outfile_remove_pending(void)
{
    for (int i = 0; i < PENDING_MAX; i++) {
        char *p = pending[i];
        if (p)
            unlink(p);
    }
}

static void on_signal(int sig)
{
    outfile_remove_pending();
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Remove the temporary files at SIGINT/SIGTERM, unless the program handles those signals
 * itself (a run that saves a checkpoint first: engine/session/checkpoint.c). */
static void catch_signals(void)
{
    for (int i = 0; i < 2; i++) {
        int sig = i ? SIGTERM : SIGINT;
        struct sigaction old;
        if (sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_DFL)
            signal(sig, on_signal);
    }
}

static void set_pending(char *from, char *to)
{
    for (int i = 0; i < PENDING_MAX; i++)
        if (pending[i] == from) {
            pending[i] = to;
            return;
        }
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

static int fail(struct outfile *o, char *err, size_t errlen, const char *why)
{
    snprintf(err, errlen, "%s: cannot write the output file: %s", o->final_path, why);
    return -1;
}

/* This host's name, as it appears in temporary names ("host" when it has none). */
static void host_name(char *buf, size_t len)
{
    if (gethostname(buf, len) != 0 || !buf[0])
        snprintf(buf, len, "host");
    buf[len - 1] = '\0';
    for (char *c = buf; *c; c++)
        if (*c == '/')
            *c = '_';
}

/* The directory part of path (".": none) into dir, and the rest into *base. */
static void split_path(const char *path, char *dir, size_t len, const char **base)
{
    const char *slash = strrchr(path, '/');
    *base = slash ? slash + 1 : path;
    if (!slash)
        snprintf(dir, len, ".");
    else
        snprintf(dir, len, "%.*s", slash == path ? 1 : (int)(slash - path), path);
}

/* The Slurm job this process belongs to (SLURM_JOB_ID: each array task has its own), or 0. */
static long slurm_job(void)
{
    const char *id = getenv("SLURM_JOB_ID");
    char *end;
    long job = id ? strtol(id, &end, 10) : 0;
    return id && *id && !*end && job > 0 ? job : 0;
}

/* Split the tail of a temporary name, "HOST.PID" or "HOST.PID.jJOB", in place: false when it
 * is not of that shape. */
static bool parse_tail(char *tail, const char **host, long *pid, long *job)
{
    char *end, *dot = strrchr(tail, '.');
    *job = 0;
    if (dot && dot[1] == 'j') {
        *job = strtol(dot + 2, &end, 10);
        if (*end || *job <= 0 || dot[2] < '0' || dot[2] > '9')
            return false;
        *dot = '\0';
        dot = strrchr(tail, '.');
    }
    if (!dot || dot == tail || dot[1] < '0' || dot[1] > '9')
        return false;
    *pid = strtol(dot + 1, &end, 10);
    if (*end || *pid <= 0)
        return false;
    *dot = '\0';
    *host = tail;
    return true;
}

/* Whether the writer of a temporary file is gone: a process of this host that no longer runs
 * (SIGKILL, a crash, a power cut), or an earlier run of this Slurm job on any host (a job
 * runs once at a time: a requeued job's earlier run, perhaps on another node, is over).
 * Another host's file outside this Slurm job is left alone: its PIDs mean nothing here. */
static bool writer_gone(const char *host, long pid, long job, const char *my_host)
{
    bool here = !strcmp(host, my_host);
    if (here && pid == (long)getpid())
        return false;
    if (job && job == slurm_job())
        return true;
    return here && kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

void outfile_sweep(const char *final_path)
{
    char host[256];
    host_name(host, sizeof host);
    char dir[PATH_MAX];
    const char *base;
    split_path(final_path, dir, sizeof dir, &base);
    char prefix[NAME_MAX + 1];
    int plen = snprintf(prefix, sizeof prefix, "%s.tmp.", base);
    DIR *d = opendir(dir);
    if (!d || plen <= 0 || (size_t)plen >= sizeof prefix) {
        if (d)
            closedir(d);
        return;
    }
    for (struct dirent *e; (e = readdir(d));) {
        char tail[NAME_MAX + 1];
        const char *who;
        long pid, job;
        if (strncmp(e->d_name, prefix, (size_t)plen) != 0 ||
            snprintf(tail, sizeof tail, "%s", e->d_name + plen) >= (int)sizeof tail ||
            !parse_tail(tail, &who, &pid, &job) || !writer_gone(who, pid, job, host))
            continue;
        char path[PATH_MAX];
        if (snprintf(path, sizeof path, "%s/%s", dir, e->d_name) < (int)sizeof path &&
            unlink(path) == 0)
            msg_note("removed %s, left by process %ld%s%s, which no longer runs", path, pid,
                     strcmp(who, host) ? " of host " : "", strcmp(who, host) ? who : "");
    }
    closedir(d);
}

int outfile_begin(struct outfile *o, const char *final_path, size_t reserve, char *err,
                  size_t errlen)
{
    o->fd = -1;
    o->tmp_path = NULL;
    o->final_path = strdup(final_path);
    if (!o->final_path) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    struct stat st;
    if (lstat(final_path, &st) == 0 && !S_ISREG(st.st_mode)) {
        char why[96];
        snprintf(why, sizeof why, "it is %s, and only a regular file is ever replaced",
                 kind_of(st.st_mode));
        fail(o, err, errlen, why);
        outfile_abort(o);
        return -1;
    }
    outfile_sweep(final_path);
    char host[256];
    host_name(host, sizeof host);
    size_t len = strlen(final_path) + strlen(host) + 64;
    o->tmp_path = malloc(len);
    if (!o->tmp_path) {
        snprintf(err, errlen, "out of memory");
        outfile_abort(o);
        return -1;
    }
    long job = slurm_job();
    int n = snprintf(o->tmp_path, len, "%s.tmp.%s.%ld", final_path, host, (long)getpid());
    if (job)
        snprintf(o->tmp_path + n, len - (size_t)n, ".j%ld", job);
    o->fd = open(o->tmp_path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (o->fd < 0) {
        fail(o, err, errlen, strerror(errno));
        free(o->tmp_path); /* not ours to remove */
        o->tmp_path = NULL;
        outfile_abort(o);
        return -1;
    }
    set_pending(NULL, o->tmp_path);
    catch_signals();
    int rc = reserve ? posix_fallocate(o->fd, 0, (off_t)reserve) : 0;
    if (rc == ENOSPC || rc == EFBIG || rc == EDQUOT || rc == EIO) {
        char why[160];
        snprintf(why, sizeof why, "no room for the %.3g MB it will take: %s",
                 (double)reserve / 1e6, strerror(rc));
        fail(o, err, errlen, why);
        outfile_abort(o);
        return -1;
    }
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

/* fsync the directory holding path, so that a rename in it survives a power cut. */
static int sync_dir(const char *path)
{
    char dir[PATH_MAX];
    const char *base;
    split_path(path, dir, sizeof dir, &base);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

int outfile_commit(struct outfile *o, char *err, size_t errlen)
{
    int fd = o->fd;
    o->fd = -1;
    if (fsync(fd) != 0) { /* another descriptor wrote the bytes; this one syncs the file */
        int e = errno;
        close(fd);
        return fail(o, err, errlen, strerror(e));
    }
    if (close(fd) != 0)
        return fail(o, err, errlen, strerror(errno));
    if (rename(o->tmp_path, o->final_path) != 0) {
        snprintf(err, errlen, "%s: cannot rename into place: %s", o->final_path, strerror(errno));
        return -1;
    }
    set_pending(o->tmp_path, NULL);
    free(o->tmp_path);
    o->tmp_path = NULL;
    if (sync_dir(o->final_path) != 0)
        msg_warning("%s: the directory could not be synced (%s); the file is complete, but a "
                    "power cut now could lose the rename", o->final_path, strerror(errno));
    outfile_abort(o);
    return 0;
}

void outfile_abort(struct outfile *o)
{
    if (o->tmp_path)
        set_pending(o->tmp_path, NULL);
    if (o->fd >= 0)
        close(o->fd);
    o->fd = -1;
    if (o->tmp_path)
        unlink(o->tmp_path);
    free(o->tmp_path);
    free(o->final_path);
    o->tmp_path = o->final_path = NULL;
}

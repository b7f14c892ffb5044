/* fuzz_input — the private input directory of a fuzzing process (see fuzz_input.h). */
#include "tests/fuzz/fuzz_input.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[4096];                        /* the private directory; "" before init */
static char files[FUZZ_INPUT_FILES][4096 + 64]; /* the paths written so far */
static int nfiles;

/* LeakSanitizer's suppressions (and no list of them after each check), built in so that
 * replaying a reproducer needs no setting: memory libhdf5 allocates is left out of the leak
 * check of every harness (fuzz_report.c says why). */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_options(void);
const char *__lsan_default_suppressions(void)
{
    return "leak:libhdf5\n";
}
const char *__lsan_default_options(void)
{
    return "print_suppressions=0";
}

static void die(const char *what, const char *path)
{
    fprintf(stderr, "fuzz_input: %s %s: ", what, path);
    perror(NULL);
    abort();
}

static void remove_dir(void)
{
    for (int i = 0; i < nfiles; i++)
        unlink(files[i]);
    rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    struct stat st;
    const char *base = getenv("TMPDIR");
    if (!base || !*base)
        base = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) && access("/dev/shm", W_OK) == 0
                   ? "/dev/shm"
                   : "/tmp";
    snprintf(dir, sizeof dir, "%s/specmc-fuzz-XXXXXX", base);
    if (!mkdtemp(dir))
        die("cannot create a directory like", dir);
    atexit(remove_dir);
    if (!freopen("/dev/null", "w", stdout))
        die("cannot send stdout to", "/dev/null");
    return 0;
}

const char *fuzz_input_write(const char *name, const uint8_t *data, size_t size)
{
    int i = 0;
    while (i < nfiles && strcmp(strrchr(files[i], '/') + 1, name))
        i++;
    if (i == nfiles) {
        if (nfiles == FUZZ_INPUT_FILES || !dir[0] || strchr(name, '/'))
            die("too many files, no directory, or a '/' in the name:", name);
        snprintf(files[nfiles++], sizeof files[0], "%s/%s", dir, name);
    }
    int fd = open(files[i], O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0)
        die("cannot open", files[i]);
    for (size_t done = 0; done < size;) {
        ssize_t n = write(fd, data + done, size - done);
        if (n < 0)
            die("cannot write", files[i]);
        done += (size_t)n;
    }
    if (close(fd))
        die("cannot close", files[i]);
    return files[i];
}

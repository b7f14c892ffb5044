/* cmd_plot — `specmc plot FILE.h5 [--out DIR] [--format png|svg|pdf] [--metrics M,...]`: the
 * figures of a run, a sweep, its histograms or a validate file, drawn by the Python module
 * shipped beside the binary (analysis/python/specmc/plot.py, Debian's python3-matplotlib).
 * This command only finds it and hands over: the module's directory is $SPECMC_PYTHONPATH, or
 * ../analysis/python from the binary's own directory (../../ for a build tree's binary); the
 * interpreter $SPECMC_PYTHON, or
 * /usr/bin/python3 (Debian's, which has h5py, pandas and matplotlib). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/base/messages.h"
#include "engine/cli/commands.h"

static const struct cli_option plot_options[] = {
    {.flag = "--out DIR",
     .help = "where the figures go (default: here)"},
    {.flag = "--format png|svg|pdf",
     .help = "their format (default: png)"},
    {.flag = "--metrics M1,M2,...",
     .help = "only these metrics"},
    {0},
};

const struct cli_usage cmd_plot_usage = {
    "plot", "FILE.h5", "draw a run, a sweep, its CDFs or a validate file (Python and matplotlib)",
    plot_options,
    "A sweep: each metric against the first numeric swept key, one line per policy, interval\n"
    "bands, and the paired differences against the baseline; one scenario: each metric by\n"
    "policy; CDFs of the histograms a run kept; a validate file: estimates against closed\n"
    "forms, coloured by verdict. Prints the paths of the figures.\n"};

int cmd_plot(int argc, char **argv)
{
    if (argc >= 1 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) {
        fputs(cli_usage_text(&cmd_plot_usage), stdout);
        return 0;
    }
    if (argc < 1 || argv[0][0] == '-') {
        msg_error("plot: give the file to plot\n%s", cli_usage_text(&cmd_plot_usage));
        return 2;
    }
    char self[PATH_MAX], dir[PATH_MAX + 32];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        msg_error("plot: cannot find this binary's path (%s)", strerror(errno));
        return 1;
    }
    self[n] = '\0';
    const char *env = getenv("SPECMC_PYTHONPATH");
    if (env)
        snprintf(dir, sizeof dir, "%s", env);
    char module[PATH_MAX + 64];
    /* bin/specmc: ../analysis/python; a build tree's build/check/specmc: ../../ */
    for (int up = 1; !env && up <= 2; up++) {
        char *slash = strrchr(self, '/');
        snprintf(dir, sizeof dir, "%.*s/%sanalysis/python", (int)(slash ? slash - self : 0),
                 self, up == 1 ? "../" : "../../");
        snprintf(module, sizeof module, "%s/specmc/plot.py", dir);
        if (access(module, R_OK) == 0)
            break;
    }
    snprintf(module, sizeof module, "%s/specmc/plot.py", dir);
    if (access(module, R_OK) != 0) {
        msg_error("plot: the plotting module is not at %s (%s); set SPECMC_PYTHONPATH to the "
                  "directory holding specmc/plot.py", module, strerror(errno));
        return 1;
    }
    const char *python = getenv("SPECMC_PYTHON") ? getenv("SPECMC_PYTHON") : "/usr/bin/python3";
    setenv("PYTHONPATH", dir, 1);
    setenv("SPECMC", self, 0); /* report --cdf, for the CDFs' intervals */
    char **args = calloc((size_t)argc + 4, sizeof *args);
    if (!args) {
        msg_error("plot: out of memory");
        return 1;
    }
    args[0] = (char *)python;
    args[1] = "-m";
    args[2] = "specmc.plot";
    for (int i = 0; i < argc; i++)
        args[3 + i] = argv[i];
    fflush(NULL);
    execv(python, args);
    msg_error("plot: cannot run %s (%s): install python3-matplotlib, python3-h5py and "
              "python3-pandas, or set SPECMC_PYTHON", python, strerror(errno));
    free(args);
    return 1;
}

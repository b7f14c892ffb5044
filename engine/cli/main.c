/* main — the specmc command line: one table of commands (as git's commands[]), from which both
 * dispatch and --help are built (each command's options from its own usage table, commands.h); --version; and which commands bin/specmc-mpi runs on every
 * MPI rank (only `run` splits its work across them: any other is rank 0's alone). Nothing
 * else lives here. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "engine/base/messages.h"
#include "engine/cli/commands.h"
#include "engine/base/text.h"
#include "engine/results/h5write.h"
#include "engine/results/provenance.h"
#include "engine/session/ranks.h"
#include "engine/run/wait_policy.h"

static const struct command {
    const struct cli_usage *usage; /* its name, arguments, options and summary */
    int (*fn)(int argc, char **argv);
    bool every_rank; /* under MPI every rank runs it (its replicas split across them); other
                        commands run on rank 0 only, or they would write and print K times */
} commands[] = {
    {&cmd_run_usage, cmd_run, true},           {&cmd_merge_usage, cmd_merge, false},
    {&cmd_report_usage, cmd_report, false},    {&cmd_plot_usage, cmd_plot, false},
    {&cmd_validate_usage, cmd_validate, false}, {&cmd_cutoff_usage, cmd_cutoff, false},
    {&cmd_list_usage, cmd_list, false},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *out)
{
    fprintf(out, "specmc " SPECMC_VERSION " - Monte Carlo experiments on straggler mitigation "
                 "and speculative\nexecution in slot-based compute clusters.\n\n"
                 "usage: specmc COMMAND [ARGS]\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        cli_print_synopsis(out, commands[i].usage);
    fprintf(out, "  --help, --version\n\n'specmc COMMAND --help' shows the options of a command. "
                 "See README.md and docs/.\n");
}

static const struct command *find(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(name, commands[i].usage->name))
            return &commands[i];
    return NULL;
}

static int dispatch(int argc, char **argv)
{
    const struct command *c = argc < 2 ? NULL : find(argv[1]);
    if (ranks_size() > 1 && !(c && c->every_rank)) {
        if (ranks_rank() != 0)
            return 0; /* rank 0 answers (its exit status is mpirun's) */
        if (c)
            msg_warning("%s runs on rank 0 alone; only run splits its work across the %d "
                        "ranks", c->usage->name, ranks_size());
    }
    if (c)
        return c->fn(argc - 2, argv + 2);
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        printf("specmc %s (%s)\n", SPECMC_VERSION, prov_git_rev());
        return 0;
    }
    const char *names[NCOMMANDS];
    for (size_t i = 0; i < NCOMMANDS; i++)
        names[i] = commands[i].usage->name;
    char hint[96];
    msg_error("unknown command '%s'%s; commands: run, merge, report, plot, validate, cutoff, "
              "list ('specmc --help')", cmd,
              text_did_you_mean(hint, sizeof hint, cmd, names, (int)NCOMMANDS));
    return 2;
}

int main(int argc, char **argv)
{
    wait_policy_passive(argv);   /* idle OpenMP threads sleep: may execute this program again */
    ranks_init(&argc, &argv);    /* MPI in bin/specmc-mpi; nothing in bin/specmc */
    gsl_set_error_handler_off(); /* GSL failures are return codes here, never aborts */
    h5w_init();                  /* before any other HDF5 call */
    int rc = dispatch(argc, argv);
    ranks_finish();
    return rc;
}

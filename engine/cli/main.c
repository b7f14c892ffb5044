/* main — the specmc command line: one table of commands (as git's commands[]), from which both
 * dispatch and --help are built; --version; and which commands bin/specmc-mpi runs on every
 * MPI rank (only `run` splits its work across them: any other is rank 0's alone). Nothing
 * else lives here. */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "engine/cli/commands.h"
#include "engine/config/text.h"
#include "engine/results/h5write.h"
#include "engine/results/provenance.h"
#include "engine/run/ranks.h"
#include "engine/run/wait_policy.h"

static const struct command {
    const char *name, *args, *summary;
    int (*fn)(int argc, char **argv);
    bool every_rank; /* under MPI every rank runs it (its replicas split across them); other
                        commands run on rank 0 only, or they would write and print K times */
} commands[] = {
    {"run", "CONFIG.ini [--set K=V]... [--replicas N] [--seed S] [--threads T] [--out F.h5]\n"
            "      [--metrics M,...] [--shard I/K] [--quiet]",
     "simulate every scenario x policy x replica (or a shard of them), write an HDF5 file",
     cmd_run, true},
    {"merge", "OUT.h5 SHARD.h5... [--threads T] [--quiet]",
     "put the shards of one run together into the file the whole run writes", cmd_merge,
     false},
    {"report", "FILE.h5 [--csv] [--metrics M,...] [--against-scenario S] [--cdf Q [--within "
               "LO,HI]]\n      [--warmup]",
     "print a results file: table, CSV with intervals, CDFs, the warm-up diagnostic", cmd_report,
     false},
    {"plot", "FILE.h5 [--out DIR] [--format png|svg|pdf] [--metrics M,...]",
     "draw a run, a sweep, its CDFs or a validate file (Python and matplotlib)", cmd_plot,
     false},
    {"validate", "[--quick] [--only ID] [--csv] [--out F.h5] [--seed S] [--threads T] [--list]",
     "check the theorems of the seed papers against simulation", cmd_validate, false},
    {"cutoff", "CONFIG.ini [--set K=V]... [--seed S] [--csv]",
     "seed 000's cut-off load and the machines at which cloning pays (eqs. 12-14)", cmd_cutoff,
     false},
    {"list", "[--keys]", "the policies, metrics and config keys this build knows", cmd_list,
     false},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *out)
{
    fprintf(out, "specmc " SPECMC_VERSION " - Monte Carlo experiments on straggler mitigation "
                 "and speculative\nexecution in slot-based compute clusters.\n\n"
                 "usage: specmc COMMAND [ARGS]\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %s %s\n      %s\n", commands[i].name, commands[i].args,
                commands[i].summary);
    fprintf(out, "  --help, --version\n\n'specmc COMMAND --help' shows the options of a command. "
                 "See README.md and docs/.\n");
}

static const struct command *find(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(name, commands[i].name))
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
            cli_warning("%s runs on rank 0 alone; only run splits its work across the %d "
                        "ranks", c->name, ranks_size());
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
        names[i] = commands[i].name;
    char hint[96];
    cli_error("unknown command '%s'%s; commands: run, merge, report, plot, validate, cutoff, "
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

/* main — the specmc command line: dispatch to a subcommand (engine/cmd_*.c), --help and
 * --version. Nothing else lives here. */
#include <stdio.h>
#include <string.h>

#include <gsl/gsl_errno.h>

#include "engine/cli/commands.h"
#include "engine/results/h5write.h"
#include "engine/results/provenance.h"

static const char usage[] =
    "specmc " SPECMC_VERSION " - Monte Carlo experiments on straggler mitigation and speculative\n"
    "execution in slot-based compute clusters.\n"
    "\n"
    "usage: specmc COMMAND [ARGS]\n"
    "  run CONFIG.ini [--set K=V]... [--replicas N] [--threads T] [--seed S] [--out F.h5] [--quiet]\n"
    "                        simulate every scenario x policy x replica, write an HDF5 file\n"
    "  report FILE.h5 [--csv]  print a results file (table, or CSV rows with intervals)\n"
    "  validate [--quick] [--only ID] [--csv] [--out F.h5]\n"
    "                        check the theorems of the seed papers against simulation\n"
    "  list [--keys]         the policies, metrics and config keys this build knows\n"
    "  --help, --version\n"
    "\n"
    "'specmc COMMAND --help' shows the options of a command. See README.md and docs/.\n";

int main(int argc, char **argv)
{
    gsl_set_error_handler_off(); /* GSL failures are return codes here, never aborts */
    h5w_init();                  /* before any other HDF5 call */
    if (argc < 2) {
        fputs(usage, stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        fputs(usage, stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        printf("specmc %s (%s)\n", SPECMC_VERSION, prov_git_rev());
        return 0;
    }
    if (!strcmp(cmd, "run"))
        return cmd_run(argc - 2, argv + 2);
    if (!strcmp(cmd, "report"))
        return cmd_report(argc - 2, argv + 2);
    if (!strcmp(cmd, "list"))
        return cmd_list(argc - 2, argv + 2);
    if (!strcmp(cmd, "validate"))
        return cmd_validate(argc - 2, argv + 2);
    if (!strcmp(cmd, "cutoff"))
        return cmd_cutoff(argc - 2, argv + 2);
    cli_error("unknown command '%s'\n%s", cmd, usage);
    return 2;
}

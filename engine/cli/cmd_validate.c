/* cmd_validate — `specmc validate [--quick] [--only ID] [--csv] [--out FILE.h5] [--seed S]
 * [--threads T] [--list]`: run the theorem checks of analysis/validate.h, print a table (or
 * CSV rows id,params,closed_form,estimate,ci_low,ci_high,n,agrees,expected), write the rows to
 * an HDF5 file, and exit 0 exactly when every verdict matches its expectation. */
#include <getopt.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/validate.h"
#include "engine/base/messages.h"
#include "engine/cli/commands.h"
#include "engine/results/provenance.h"
#include "engine/results/validate_file.h"

static const struct cli_option validate_options[] = {
    {.flag = "--quick",
     .help = "the reduced grid and sample sizes (under a minute on two cores)"},
    {.flag = "--only ID",
     .help = "only checks whose id is ID or starts with ID. (e.g. chronos.th6)"},
    {.flag = "--csv",
     .help = "CSV rows id,params,closed_form,estimate,ci_low,ci_high,n,agrees,expected"},
    {.flag = "--out FILE.h5",
     .help = "the rows as an HDF5 table (default: validate.h5)"},
    {.flag = "--seed S",
     .help = "seed (default 1); every row derives its own"},
    {.flag = "--threads T",
     .help = CLI_THREADS_HELP},
    {.flag = "--list",
     .help = "list the checks: source, assumptions, closed form, simulation"},
    {0},
};

const struct cli_usage cmd_validate_usage = {
    "validate", "", "check the theorems of the seed papers against simulation",
    validate_options, "Exit status 0 exactly when every verdict matches its expectation.\n"};

struct vd_args {
    bool quick, csv, list;
    const char *only, *out;
    uint64_t seed;
    int threads;
};

static int parse_args(int argc, char **argv, struct vd_args *a)
{
    static const struct option opts[] = {
        {"quick", no_argument, NULL, 'q'},      {"only", required_argument, NULL, 'o'},
        {"csv", no_argument, NULL, 'c'},        {"out", required_argument, NULL, 'f'},
        {"seed", required_argument, NULL, 's'}, {"threads", required_argument, NULL, 't'},
        {"list", no_argument, NULL, 'l'},       {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    *a = (struct vd_args){.seed = 1, .threads = omp_get_max_threads(), .out = "validate.h5"};
    optind = 0;
    opterr = 0;
    int c;
    while ((c = getopt_long(argc + 1, argv - 1, ":", opts, NULL)) != -1) {
        switch (c) {
        case 'q':
            a->quick = true;
            break;
        case 'o':
            a->only = optarg;
            break;
        case 'c':
            a->csv = true;
            break;
        case 'f':
            a->out = optarg;
            break;
        case 'l':
            a->list = true;
            break;
        case 's':
            if (!cli_parse_seed("validate", optarg, &a->seed))
                return 2;
            break;
        case 't':
            if (!cli_parse_threads("validate", optarg, &a->threads))
                return 2;
            break;
        case 'h':
            fputs(cli_usage_text(&cmd_validate_usage), stdout);
            return -1;
        case ':':
            msg_error("validate: option '%s' needs a value\n%s", argv[optind - 2],
                      cli_usage_text(&cmd_validate_usage));
            return 2;
        default:
            msg_error("validate: unknown option '%s'\n%s", argv[optind - 2],
                      cli_usage_text(&cmd_validate_usage));
            return 2;
        }
    }
    if (optind != argc + 1) {
        msg_error("validate: unexpected argument '%s'\n%s", argv[optind - 1],
                  cli_usage_text(&cmd_validate_usage));
        return 2;
    }
    return 0;
}

/* A check runs when --only names it, a part of it, or a family it belongs to. */
static bool check_wanted(const char *only, const struct vd_check *c)
{
    return !only || vd_selected(only, c->id) || vd_selected(c->id, only);
}

static void list_checks(void)
{
    for (size_t i = 0; i < vd_registry_count; i++) {
        const struct vd_check *c = vd_registry[i];
        printf("%s\n  source:      %s\n  assumptions: %s\n  closed form: %s\n  simulation:  %s\n\n",
               c->id, c->source, c->assumptions, c->closed_form, c->simulation);
    }
}

int cmd_validate(int argc, char **argv)
{
    struct vd_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc)
        return rc < 0 ? 0 : rc;
    if (a.list) {
        list_checks();
        return 0;
    }
    bool any = false;
    for (size_t i = 0; i < vd_registry_count; i++)
        any = any || check_wanted(a.only, vd_registry[i]);
    if (!any) {
        msg_error("validate: --only '%s' matches no check (see specmc validate --list)", a.only);
        return 2;
    }
    char err[1024];
    struct outfile o = {0};
    if (outfile_begin(&o, a.out, VD_FILE_RESERVE, err, sizeof err)) {
        msg_error("%s", err);
        return 2;
    }
    struct vd_provenance pv = {.seed = a.seed, .quick = a.quick, .only = a.only,
                               .threads = a.threads};
    prov_utc_now(pv.start, sizeof pv.start);
    prov_host(pv.host, sizeof pv.host);
    struct vd_context ctx = {.seed = a.seed, .quick = a.quick, .threads = a.threads};
    struct vd_rows rows = {0};
    bool tty = isatty(STDERR_FILENO);
    double t0 = omp_get_wtime();
    for (size_t i = 0; i < vd_registry_count; i++) {
        const struct vd_check *c = vd_registry[i];
        if (!check_wanted(a.only, c))
            continue;
        double tc = omp_get_wtime();
        int before = rows.n;
        if (c->run(&ctx, a.only, &rows)) {
            msg_error("validate: %s failed (out of memory, or a simulation failed)", c->id);
            outfile_abort(&o);
            vd_rows_free(&rows);
            return 1;
        }
        if (tty)
            fprintf(stderr, "validate: %-24s %3d rows  %6.1f s\n", c->id, rows.n - before,
                    omp_get_wtime() - tc);
    }
    pv.wall_seconds = omp_get_wtime() - t0;
    prov_utc_now(pv.end, sizeof pv.end);
    int bad = validate_print(&rows, a.csv);
    if (vd_write_file(&o, &rows, &pv, err, sizeof err)) {
        msg_error("%s", err);
        outfile_abort(&o);
        vd_rows_free(&rows);
        return 1;
    }
    msg_note("wrote %s (the rows as an HDF5 table; 'specmc report %s' prints "
            "them again, 'specmc plot %s' draws them)", a.out, a.out, a.out);
    vd_rows_free(&rows);
    return bad ? 1 : 0;
}

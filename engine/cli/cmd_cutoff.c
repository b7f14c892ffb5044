/* cmd_cutoff — `specmc cutoff CONFIG [options]`: the cut-off load λ^U of seed 000 §4
 * (eqs. 12–14) and the cut-off machine count (eq. 31) for each scenario of a config, so a user
 * can tell whether a workload is in the light regime (cloning pays, SCA) or the heavy one
 * (detection pays, ESE) before running it.
 *
 * The aggregates m̄, μ̄ and k (§4.3) are those of the jobs of replica 0 (models/cutoff.h). The
 * job arrival rate is the scenario's Poisson rate, or, for a trace, (jobs − 1) over the span of
 * arrivals. This file computes nothing itself: the formulas are models/theory/xulau.c's. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/messages.h"
#include "engine/cli/commands.h"
#include "engine/config/config.h"
#include "models/cluster.h"
#include "models/cutoff.h"
#include "models/workload.h"

static const struct cli_option cutoff_options[] = {
    {.flag = "--set SECTION.KEY=VALUE",
     .help = "override a config key (repeatable)",
     .repeat = true},
    {.flag = "--seed S",
     .help = "seed of the replica whose jobs give the aggregates"},
    {.flag = "--csv",
     .help = "CSV rows instead of the table"},
    {0},
};

const struct cli_usage cmd_cutoff_usage = {
    "cutoff", "CONFIG.ini",
    "seed 000's cut-off load and the machines at which cloning pays (eqs. 12-14)",
    cutoff_options,
    "Prints seed 000's cut-off load lambda_U (eqs. 12-14) and the machines at which the\n"
    "scenario's arrival rate is the cut-off (eq. 31), per scenario. Pareto task times only.\n"};

struct cutoff_row {
    struct cutoff c; /* λ^U and what it is made of */
    double lambda;   /* jobs per unit time; NAN for a batch */
    double machines; /* eq. 31 at lambda */
};

/* The scenario's arrival rate in jobs per unit time, as the model generated it. */
static double arrival_rate(const struct cluster *cl)
{
    const struct cl_spec *sp = cl->spec;
    if (!sp->trace)
        return sp->arrival == ARRIVAL_POISSON ? sp->rate : NAN;
    double span = cl->job[sp->jobs - 1].arrival - cl->job[0].arrival;
    return sp->jobs > 1 && span > 0 ? (sp->jobs - 1) / span : NAN;
}

/* The cut-off of replica 0's jobs. */
static int scenario_row(const struct cl_spec *sp, uint64_t seed, struct cutoff_row *row,
                        char *err, size_t errlen)
{
    if (!cutoff_defined(sp, err, errlen))
        return -1;
    struct cluster cl;
    memset(&cl, 0, sizeof cl);
    int rc = wl_reset(&cl, sp, seed, 0) ? -1 : cutoff_of_jobs(&cl, &row->c);
    if (rc == 0) {
        row->lambda = arrival_rate(&cl);
        row->machines = xl_cutoff_machines(row->lambda, row->c.alpha, row->c.agg.mu_bar,
                                           row->c.agg.k, row->c.agg.m_bar);
    } else
        snprintf(err, errlen, rc == -1 ? "out of memory"
                                       : "the cut-off is undefined for this workload (no tasks?)");
    cl_free(&cl);
    return rc;
}

static const char *regime(const struct cutoff_row *r)
{
    if (isnan(r->lambda))
        return "batch";
    return r->lambda < r->c.cut.lambda_u ? "light" : "heavy";
}

static void print_row(const struct cfg *c, int s, const struct cutoff_row *r, bool csv)
{
    int slots = c->scen[s].spec.slots;
    if (csv) {
        printf("%d", s);
        for (int k = 0; k < c->nsweep; k++)
            printf(",%s", c->scen[s].sweep_values[k]);
        printf(",%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%s\n", slots,
               r->c.alpha, r->c.agg.m_bar, r->c.agg.mu_bar, r->c.agg.k, r->lambda,
               r->c.cut.lambda1, r->c.cut.lambda_t_star, r->c.cut.lambda2, r->c.cut.lambda_u,
               r->machines, regime(r));
        return;
    }
    printf("scenario %d", s);
    for (int k = 0; k < c->nsweep; k++)
        printf("  %s=%s", c->sweep_keys[k], c->scen[s].sweep_values[k]);
    printf("\n  machines M %d, Pareto alpha %g, tasks per job m %.6g, task-weighted scale mu %.6g,"
           " k %.6g\n", slots, r->c.alpha, r->c.agg.m_bar, r->c.agg.mu_bar, r->c.agg.k);
    printf("  lambda1 (eq. 12) %.6g, lambda_t* (eqs. 7-8) %.6g per machine, lambda2 %.6g\n",
           r->c.cut.lambda1, r->c.cut.lambda_t_star, r->c.cut.lambda2);
    printf("  cut-off lambda_U (eq. 14) %.6g jobs per unit time\n", r->c.cut.lambda_u);
    if (isnan(r->lambda))
        printf("  batch arrivals: no arrival rate to compare\n");
    else
        printf("  arrival rate %.6g = %.3g lambda_U: %s regime (%s); cut-off at %.6g machines "
               "(eq. 31)\n", r->lambda, r->lambda / r->c.cut.lambda_u, regime(r),
               r->lambda < r->c.cut.lambda_u ? "cloning pays: SCA" : "detection pays: ESE",
               r->machines);
}

int cmd_cutoff(int argc, char **argv)
{
    static const struct option opts[] = {{"set", required_argument, NULL, 'S'},
                                         {"seed", required_argument, NULL, 's'},
                                         {"csv", no_argument, NULL, 'c'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char **sets = calloc((size_t)argc + 1, sizeof *sets);
    const char *seed_arg = NULL;
    bool csv = false;
    int nsets = 0, c;
    if (!sets)
        return 1;
    optind = 0; /* argv[0] is the first argument, not a program name */
    opterr = 0;
    while ((c = getopt_long(argc + 1, argv - 1, ":", opts, NULL)) != -1) {
        if (c == 'S')
            sets[nsets++] = optarg;
        else if (c == 's')
            seed_arg = optarg;
        else if (c == 'c')
            csv = true;
        else {
            if (c == 'h')
                fputs(cli_usage_text(&cmd_cutoff_usage), stdout);
            else
                msg_error("cutoff: %s '%s'\n%s", c == ':' ? "option needs a value:" :
                          "unknown option", argv[optind - 2], cli_usage_text(&cmd_cutoff_usage));
            free(sets);
            return c == 'h' ? 0 : 2;
        }
    }
    if (argc + 1 - optind != 1) {
        msg_error("cutoff: give exactly one CONFIG file\n%s", cli_usage_text(&cmd_cutoff_usage));
        free(sets);
        return 2;
    }
    char err[2048];
    struct cfg cf;
    if (cfg_load(&cf, argv[optind - 1], sets, nsets, err, sizeof err)) {
        msg_error("%s", err);
        free(sets);
        return 2;
    }
    free(sets);
    uint64_t seed = cf.seed;
    if (seed_arg && !cli_parse_seed("cutoff", seed_arg, &seed)) {
        cfg_free(&cf);
        return 2;
    }
    if (csv) {
        printf("scenario");
        for (int k = 0; k < cf.nsweep; k++)
            printf(",%s", cf.sweep_keys[k]);
        printf(",slots,alpha,m_bar,mu_bar,k,lambda,lambda1,lambda_t_star,lambda2,lambda_u,"
               "cutoff_machines,regime\n");
    }
    int rc = 0;
    for (int s = 0; s < cf.nscenarios && !rc; s++) {
        struct cutoff_row row;
        if (scenario_row(&cf.scen[s].spec, seed, &row, err, sizeof err)) {
            msg_error("cutoff: %s: scenario %d: %s", cf.path, s, err);
            rc = 2;
        } else
            print_row(&cf, s, &row, csv);
    }
    cfg_free(&cf);
    return rc;
}

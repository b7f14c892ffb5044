/* cmd_list — `specmc list [--keys]`: the registered policies (with their parameters and
 * sources) and the metrics, or every config key. Everything printed comes from the
 * registries themselves, so the list cannot drift from what is built. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/messages.h"
#include "engine/cli/commands.h"
#include "engine/config/config.h"
#include "models/metrics.h"
#include "models/policy.h"

static void list_policies(void)
{
    static const char *const role[] = {[POL_WHOLE] = "",
                                        [POL_SCHEDULER] = "job scheduler: ",
                                        [POL_SPECULATOR] = "speculator: "};
    printf("policies ([policy] list = ...; SCHEDULER+SPECULATOR pairs a job scheduler with a "
           "speculator, e.g. fair+late; a speculator alone runs beside fifo):\n");
    for (size_t i = 0; i < pol_registry_count; i++) {
        const struct policy *p = pol_registry[i];
        printf("  %-12s %s%s\n", p->name, role[p->role], p->summary);
        printf("  %-12s source: %s\n", "", p->source);
        if (p->state)
            printf("  %-12s state ([series]): %s\n", "", p->state_doc);
        for (int j = 0; p->params && p->params[j].key; j++) {
            const struct pol_param *pp = &p->params[j];
            char def[32], options[256];
            cfg_param_default(pp, def, sizeof def);
            cfg_param_options(pp, options, sizeof options);
            if (pp->names && isnan(pp->def))
                printf("  %-12s   %s = auto or one of %s  (%s)\n", "", pp->key, options, pp->doc);
            else if (pp->names)
                printf("  %-12s   %s = %s, one of %s%s  (%s)\n", "", pp->key, def, options,
                       pp->allow_auto ? " or auto" : "", pp->doc);
            else if (isnan(pp->def))
                printf("  %-12s   %s = auto or %s  (%s)\n", "", pp->key,
                       pp->kind != POL_NUMBER ? "a time (N, N tmin or N mean)" : "a number",
                       pp->doc);
            else
                printf("  %-12s   %s = %s%s%s  (%s)\n", "", pp->key, def,
                       pp->allow_auto ? " or auto" : "",
                       pp->kind != POL_NUMBER ? ", a time (N, N tmin or N mean)" : "", pp->doc);
        }
    }
    printf("\ntimes: a number of time units, or relative to the scenario's task times: N tmin "
           "(x workload.tmin, pareto only) or N mean (x the family's mean task time)\n");
    printf("\nmetrics (per replica; summarised over replicas):\n");
    for (int m = 0; m < M_COUNT; m++)
        printf("  %-18s %s\n", metric_info[m].name, metric_info[m].doc);
    printf("\nper-job histograms ([histogram]; specmc report FILE --cdf Q):\n");
    for (int q = 0; q < JQ_COUNT; q++)
        printf("  %-18s %s\n", job_quantity_info[q].name, job_quantity_info[q].doc);
    printf("\n'specmc list --keys' lists every config key.\n");
}

static const struct cli_option list_options[] = {
    {.flag = "--keys", .help = "every config key with its default"},
    {0},
};

const struct cli_usage cmd_list_usage = {
    "list", "", "the policies, metrics and config keys this build knows", list_options, NULL};

int cmd_list(int argc, char **argv)
{
    if (argc == 0) {
        list_policies();
        return 0;
    }
    if (argc == 1 && !strcmp(argv[0], "--keys")) {
        cfg_print_keys(stdout);
        return 0;
    }
    if (argc == 1 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h"))) {
        fputs(cli_usage_text(&cmd_list_usage), stdout);
        return 0;
    }
    msg_error("list: unexpected argument '%s'\n%s", argv[0], cli_usage_text(&cmd_list_usage));
    return 2;
}

/* cmd_merge — `specmc merge OUT.h5 SHARD.h5...`: the shards of one run (`run --shard I/K`) put
 * together into the results file a single run of the same config and seed writes: the same
 * values, intervals and report, byte for byte, provenance aside (start and end times, host,
 * threads, wall time; its `shards` attribute says K).
 *
 * Nothing is trusted before it is checked: every input must be a shard file of the same
 * config text, --set overrides, seed, replica count, shard count and specmc build, and the
 * inputs must be shards 0 .. K-1, each once. Any other set is an error that writes nothing. */
#include <getopt.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/messages.h"
#include "engine/cli/commands.h"
#include "engine/config/config.h"
#include "engine/results/provenance.h"
#include "engine/results/results.h"
#include "engine/results/shard.h"
#include "engine/run/result.h"
#include "engine/run/summarise.h"

static const struct cli_option merge_options[] = {
    {.flag = "--threads T",
     .help = "OpenMP threads for the summaries (default: all cores)"},
    {.flag = "--quiet",
     .help = "no summary table"},
    {0},
};

const struct cli_usage cmd_merge_usage = {
    "merge", "OUT.h5 SHARD.h5...",
    "put the shards of one run together into the file the whole run writes", merge_options,
    "The K shard files of one run (specmc run CONFIG --shard I/K, I = 0 .. K-1) into the\n"
    "results file the run without --shard writes.\n"};

/* What differs between shard b and shard a (the first), or NULL; buf holds a message naming
 * a changed input file. */
static const char *mismatch(const struct shard_info *a, const struct shard_info *b, char *buf,
                            size_t len)
{
    static const char *const why[] = {
        [SHARD_BUILD] = "was written by another specmc build",
        [SHARD_CONFIG] = "comes from another config text",
        [SHARD_OVERRIDES] = "was run with other --set overrides",
        [SHARD_INPUTS] = "",
        [SHARD_SEED] = "was run with another seed",
        [SHARD_REPLICAS] = "was run with another replica count",
        [SHARD_COUNT] = "is one of another number of shards",
    };
    enum shard_diff d = shard_compare(a, b);
    if (d == SHARD_INPUTS) {
        char which[1200];
        snprintf(buf, len, "was run on other input files (%s)",
                 shard_inputs_diff(b->inputs, a->inputs, which, sizeof which));
        return buf;
    }
    return why[d];
}

/* Read and check every input's description: one run, shards 0 .. K-1 each once. in[k] is
 * shard k's description afterwards, path[k] its file. */
static int check_set(char **files, int n, struct shard_info *in, const char **path)
{
    char err[1024];
    struct shard_info one, *ref = NULL; /* the first file's */
    for (int i = 0; i < n; i++) {
        if (shard_read_info(files[i], SHARD_FILE, &one, err, sizeof err)) {
            msg_error("merge: %s", err);
            return -1;
        }
        char buf[1400];
        const char *why = ref ? mismatch(ref, &one, buf, sizeof buf) : NULL;
        if (why)
            msg_error("merge: %s %s than %s: not a shard of the same run", files[i], why,
                      files[0]);
        else if (one.count != n)
            msg_error("merge: %s is shard %d of %d, but %d file%s given: give all %d shards",
                      files[i], one.index, one.count, n, n == 1 ? " is" : "s are", one.count);
        else if (path[one.index])
            msg_error("merge: %s and %s are both shard %d of %d", path[one.index], files[i],
                      one.index, one.count);
        if (why || one.count != n || path[one.index]) {
            shard_info_free(&one);
            return -1;
        }
        in[one.index] = one;
        path[one.index] = files[i];
        if (!ref)
            ref = &in[one.index];
    }
    return 0; /* n files, K = n, no index twice: every index once */
}

/* The run's config, as the shards carry it: its text and overrides, the seed and replicas. */
static int load_config(const struct shard_info *in, struct cfg *c)
{
    char err[2048];
    if (shard_load_config(in, c, err, sizeof err)) {
        msg_error("merge: the shards' config no longer loads: %s", err);
        return -1;
    }
    const char *now = c->inputs ? c->inputs : "";
    if (strcmp(now, in->inputs)) { /* edited after the shards ran: the merged file would lie */
        char which[1200];
        msg_error("merge: the shards were run on other input files than are there now (%s); "
                  "run the shards again", shard_inputs_diff(in->inputs, now, which,
                                                            sizeof which));
        cfg_free(c);
        return -1;
    }
    return 0;
}

int cmd_merge(int argc, char **argv)
{
    static const struct option opts[] = {{"threads", required_argument, NULL, 't'},
                                         {"quiet", no_argument, NULL, 'q'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int threads = omp_get_max_threads(), quiet = 0, opt;
    optind = 0;
    opterr = 0;
    while ((opt = getopt_long(argc + 1, argv - 1, ":", opts, NULL)) != -1) {
        switch (opt) {
        case 't':
            if (!cli_parse_threads("merge", optarg, &threads))
                return 2;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            fputs(cli_usage_text(&cmd_merge_usage), stdout);
            return 0;
        default:
            msg_error("merge: unknown option or missing value '%s'\n%s", argv[optind - 2],
                      cli_usage_text(&cmd_merge_usage));
            return 2;
        }
    }
    int n = argc + 1 - optind - 1; /* the arguments after OUT */
    if (n < 1) {
        msg_error("merge: give the output file and the shards\n%s",
                  cli_usage_text(&cmd_merge_usage));
        return 2;
    }
    const char *out = argv[optind - 1];
    char **files = argv + optind;
    struct shard_info *in = calloc((size_t)n, sizeof *in);
    const char **path = calloc((size_t)n, sizeof *path);
    struct cfg c;
    struct outfile o = {0};
    struct run_result res = {0};
    char err[2048];
    int rc = 2, loaded = 0;
    if (!in || !path) {
        msg_error("merge: out of memory");
        goto done;
    }
    if (check_set(files, n, in, path) || load_config(&in[0], &c))
        goto done;
    loaded = 1;
    for (int k = 0; k < n; k++)
        if (outfile_not_input(out, path[k], err, sizeof err)) {
            msg_error("merge: %s", err);
            goto done;
        }
    if (outfile_begin(&o, out, rs_size_estimate(&c), err, sizeof err)) {
        msg_error("merge: %s", err);
        goto done;
    }
    rc = 1;
    if (run_alloc(&c, 0, c.replicas, &res)) {
        msg_error("merge: out of memory for %d replicas", c.replicas);
        outfile_abort(&o);
        goto done;
    }
    struct rs_provenance pv = {.version = SPECMC_VERSION, .git_rev = prov_git_rev(),
                               .threads = in[0].threads, .ranks = 1, .shards = n};
    snprintf(pv.start, sizeof pv.start, "%s", in[0].start);
    snprintf(pv.end, sizeof pv.end, "%s", in[0].end);
    snprintf(pv.host, sizeof pv.host, "%s", in[0].host);
    for (int k = 0; k < n; k++) {
        if (shard_read_block(path[k], &c, &in[k], &res, NULL, err, sizeof err)) {
            msg_error("merge: %s", err);
            outfile_abort(&o);
            rc = 2;
            goto done;
        }
        res.wall_seconds += in[k].wall_seconds;
        res.task_events += in[k].task_events;
        if (strcmp(in[k].start, pv.start) < 0) /* ISO 8601 UTC: text order is time order */
            snprintf(pv.start, sizeof pv.start, "%s", in[k].start);
        if (strcmp(in[k].end, pv.end) > 0)
            snprintf(pv.end, sizeof pv.end, "%s", in[k].end);
    }
    if (run_summarise(&c, &res, threads)) {
        msg_error("merge: out of memory for the summaries");
        outfile_abort(&o);
        goto done;
    }
    if (rs_commit(&o, &c, &res, &pv, err, sizeof err)) {
        msg_error("merge: %s", err);
        outfile_abort(&o);
        goto done;
    }
    rc = 0;
    if (!quiet) {
        rc = report_print(out, &(struct report_opts){.against = -1, .scenario = -1});
        msg_note("merged %d shards of %s into %s", n, c.name, out);
    }
done:
    run_result_free(&res);
    if (loaded)
        cfg_free(&c);
    if (in)
        for (int k = 0; k < n; k++)
            shard_info_free(&in[k]);
    free(in), free(path);
    return rc;
}

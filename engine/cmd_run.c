/* cmd_run — `specmc run CONFIG [options]`: load and validate the config, check the output
 * can be written, simulate every scenario x policy x replica, write the results file
 * atomically and print its summary. Bad input stops here, before any simulation. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/commands.h"
#include "engine/config.h"
#include "engine/provenance.h"
#include "engine/results.h"
#include "engine/runner.h"
#include "models/metrics.h"

static const char run_usage[] =
    "usage: specmc run CONFIG.ini [options]\n"
    "  --set SECTION.KEY=VALUE  override a config key (repeatable), e.g. --set cluster.slots=200\n"
    "  --replicas N             replicas per scenario and policy (overrides experiment.replicas)\n"
    "  --seed S                 64-bit decimal seed (overrides experiment.seed)\n"
    "  --threads T              OpenMP threads (default: all cores); results do not depend on it\n"
    "  --out FILE.h5            results file (default: CONFIG's base name with .h5, here)\n"
    "  --metrics M1,M2,...      metrics of the summary table (default: flowtime,\n"
    "                           flowtime_p99,pocd,machine_time; `specmc list` names them)\n"
    "  --quiet                  no progress bar, no summary table\n";

struct run_args {
    const char *config;
    const char **sets;
    int nsets;
    long long replicas; /* 0 = from the config */
    const char *seed;   /* NULL = from the config */
    int threads;
    const char *out;
    const char *metrics; /* NULL = the default table */
    bool quiet;
};

static bool parse_count(const char *opt, const char *s, long long max, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || errno || v < 1 || v > max) {
        cli_error("run: %s must be an integer in [1, %lld], got '%s'", opt, max, s);
        return false;
    }
    *out = v;
    return true;
}

/* --metrics is checked before the run, not after it. */
static bool metrics_known(const char *list)
{
    char *names[M_COUNT], msg[1024];
    int idx[REPORT_MAX_METRICS];
    for (int m = 0; m < M_COUNT; m++)
        names[m] = (char *)metric_info[m].name;
    if (report_pick_metrics(list, names, M_COUNT, idx, REPORT_MAX_METRICS, msg, sizeof msg) >= 0)
        return true;
    cli_error("run: --metrics: %s", msg);
    return false;
}

static int parse_args(int argc, char **argv, struct run_args *a)
{
    static const struct option opts[] = {
        {"set", required_argument, NULL, 'S'},     {"replicas", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 's'},    {"threads", required_argument, NULL, 't'},
        {"out", required_argument, NULL, 'o'},     {"quiet", no_argument, NULL, 'q'},
        {"metrics", required_argument, NULL, 'm'}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    memset(a, 0, sizeof *a);
    a->threads = omp_get_max_threads();
    a->sets = calloc((size_t)argc + 1, sizeof *a->sets);
    if (!a->sets)
        return 1;
    optind = 0; /* argv[0] is the first argument, not a program name */
    opterr = 0;
    int c;
    long long v;
    while ((c = getopt_long(argc + 1, argv - 1, ":", opts, NULL)) != -1) {
        switch (c) {
        case 'S':
            a->sets[a->nsets++] = optarg;
            break;
        case 'r':
            if (!parse_count("--replicas", optarg, INT_MAX, &a->replicas))
                return 2;
            break;
        case 's':
            a->seed = optarg;
            break;
        case 't':
            if (!parse_count("--threads", optarg, 4096, &v))
                return 2;
            a->threads = (int)v;
            break;
        case 'o':
            a->out = optarg;
            break;
        case 'm':
            a->metrics = optarg;
            if (!metrics_known(optarg))
                return 2;
            break;
        case 'q':
            a->quiet = true;
            break;
        case 'h':
            fputs(run_usage, stdout);
            return -1;
        case ':':
            cli_error("run: option '%s' needs a value\n%s", argv[optind - 2], run_usage);
            return 2;
        default:
            cli_error("run: unknown option '%s'\n%s", argv[optind - 2], run_usage);
            return 2;
        }
    }
    int rest = argc + 1 - optind;
    if (rest != 1) {
        cli_error("run: %s\n%s", rest ? "give exactly one CONFIG file" : "no CONFIG file given",
                  run_usage);
        return 2;
    }
    a->config = argv[optind - 1];
    return 0;
}

/* Once per run: how many intervals are not valid, and the first reason (SPEC: an interval we
 * print must cover, or be marked as not valid). */
static void warn_unreliable(const struct run_result *res)
{
    size_t cells = (size_t)res->nscen * (size_t)res->npol * M_COUNT, count = 0;
    const struct st_summary *first = NULL;
    const char *first_metric = NULL;
    for (size_t i = 0; i < 2 * cells; i++) {
        const struct st_summary *x = i < cells ? &res->summary[i] : &res->paired[i - cells];
        if (x->method != ST_UNRELIABLE)
            continue;
        if (!first) {
            first = x;
            first_metric = metric_info[(i % cells) % M_COUNT].name;
        }
        count++;
    }
    if (!count)
        return;
    char note[160];
    iv_note(first, note, sizeof note);
    cli_warning("%zu interval%s not valid (marked '*'; 'unreliable' in report --csv), e.g. "
                "%s: %s (docs/statistics.md)",
                count, count == 1 ? " is" : "s are", first_metric, note);
}

/* A quantity in the first unit it stays below, to 3 digits: "40 s", "3.5 h", "11.8 GB". */
struct unit {
    double below, size; /* the unit serves values below `below`; one unit is `size` */
    const char *name;
};
static const struct unit durations[] = {{120, 1, "s"}, {7200, 60, "min"}, {172800, 3600, "h"},
                                        {INFINITY, 86400, "days"}};
static const struct unit sizes[] = {{1e9, 1e6, "MB"}, {1e12, 1e9, "GB"}, {INFINITY, 1e12, "TB"}};

static void fmt_unit(double v, const struct unit *u, char *buf, size_t len)
{
    while (!(v < u->below) && u->below < INFINITY)
        u++;
    snprintf(buf, len, "%.3g %s", v / u->size, u->name);
}

/* The run's work, estimated before it starts (runner.h, run_cost): an error naming the key to
 * change when it passes RUN_EVENTS_MAX, a one-line estimate when it will take a while. */
static bool check_work(const struct cfg *c, const struct run_cost *cost, int threads,
                       bool replicas_given)
{
    struct run_cost k = *cost;
    double events = k.task_events + k.ticks + k.beats;
    char took[64], parts[512], key[128];
    fmt_unit(k.seconds, durations, took, sizeof took);
    const struct policy *bp = k.beat_pol >= 0 ? c->policies[k.beat_pol] : NULL;
    if (bp)
        snprintf(key, sizeof key, "policy.%s.%s", bp->name, bp->heartbeat);
    int n = snprintf(parts, sizeof parts, "%.2g task events", k.task_events);
    if (k.ticks > 0)
        n += snprintf(parts + n, sizeof parts - (size_t)n, ", %.2g ticks of cluster.interval",
                      k.ticks);
    if (bp)
        snprintf(parts + n, sizeof parts - (size_t)n, ", %.2g heartbeats of %s", k.beats, key);
    if (events <= RUN_EVENTS_MAX) {
        if (k.seconds > RUN_SECONDS_WARN)
            cli_warning("%s: about %.2g events (%s): roughly %s on %d thread%s", c->name, events,
                        parts, took, threads, threads == 1 ? "" : "s");
        return true;
    }
    /* what the largest part's key would have to be for the run to stay within the bound */
    char why[1024];
    snprintf(why, sizeof why, "the run would simulate about %.2g events (%s), more than %.0e, "
             "which no run gets through (roughly %s on %d thread%s)", events, parts,
             RUN_EVENTS_MAX, took, threads, threads == 1 ? "" : "s");
    if (k.ticks >= k.beats && k.ticks >= k.task_events && events - k.ticks < RUN_EVENTS_MAX) {
        double dt = c->scen[k.tick_scen].spec.interval;
        cli_error("%s: cluster.interval: must be >= %.3g here, got '%g': %s",
                  cfg_where(c, "cluster", "interval"),
                  dt * k.ticks / (RUN_EVENTS_MAX - (events - k.ticks)), dt, why);
    } else if (bp && k.beats >= k.task_events && events - k.beats < RUN_EVENTS_MAX) {
        int i = 0;
        while (strcmp(bp->params[i].key, bp->heartbeat))
            i++;
        double period = cfg_params(c, k.beat_scen, k.beat_pol)[i];
        char section[64];
        snprintf(section, sizeof section, "policy.%s", bp->name);
        cli_error("%s: %s: must be >= %.3g here, got '%g': %s",
                  cfg_where(c, section, bp->heartbeat), key,
                  period * k.beats / (RUN_EVENTS_MAX - (events - k.beats)), period, why);
    } else {
        cli_error("%s: experiment.replicas: must be <= %.0f here, got '%d': %s",
                  replicas_given ? "--replicas" : cfg_where(c, "experiment", "replicas"),
                  floor(c->replicas * RUN_EVENTS_MAX / events), c->replicas, why);
    }
    return false;
}

/* The run's peak memory, estimated before anything is allocated (runner.h, run_cost), against
 * the machine's physical memory: an error above it, naming what drives it and what would fit,
 * a warning above half of it. */
static bool check_memory(const struct cfg *c, const struct run_cost *cost, int threads,
                         bool replicas_given)
{
    struct run_cost k = *cost;
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return true; /* unknown: nothing to compare with */
    double phys = (double)pages * (double)page;
    char need[32], have[32], each[32], res[32], msg[1024];
    fmt_unit(k.bytes, sizes, need, sizeof need);
    fmt_unit(phys, sizes, have, sizeof have);
    fmt_unit(k.replica_bytes, sizes, each, sizeof each);
    fmt_unit(k.results_bytes, sizes, res, sizeof res);
    snprintf(msg, sizeof msg, "the run needs about %s of memory (a replica's state, %s, on each "
             "of %d thread%s, and %s of results kept for every replica) and this machine has %s",
             need, each, threads, threads == 1 ? "" : "s", res, have);
    if (k.bytes <= phys) {
        if (k.bytes > phys / 2)
            cli_warning("%s: %s: more than half of it", c->name, msg);
        return true;
    }
    if (k.results_bytes > k.replica_bytes * threads) { /* the results drive it */
        double room = phys - RUN_BASE_BYTES - k.replica_bytes * threads;
        cli_error("%s: experiment.replicas: must be <= %.0f on this machine, got '%d': %s",
                  replicas_given ? "--replicas" : cfg_where(c, "experiment", "replicas"),
                  fmax(0, floor(c->replicas * room / k.results_bytes)), c->replicas, msg);
        return false;
    }
    int fit = (int)floor((phys - RUN_BASE_BYTES - k.results_bytes) / k.replica_bytes);
    bool slots = k.slot_bytes > k.replica_bytes / 2; /* else the jobs' tasks */
    char hint[128];
    if (fit >= 1)
        snprintf(hint, sizeof hint, "%d thread%s would fit (--threads %d)", fit,
                 fit == 1 ? "" : "s", fit);
    else
        snprintf(hint, sizeof hint, "not even one thread fits: fewer %s", slots ? "slots"
                 : "jobs or tasks per job");
    cli_error("%s: %s: %s; %s",
              slots ? cfg_where(c, "cluster", "slots") : cfg_where(c, "workload", "jobs"),
              slots ? "cluster.slots" : "workload.jobs", msg, hint);
    return false;
}

/* Default output: the config's base name with .h5, in the current directory. */
static char *default_out(const char *config)
{
    const char *base = strrchr(config, '/');
    base = base ? base + 1 : config;
    size_t len = strlen(base);
    if (len > 4 && !strcmp(base + len - 4, ".ini"))
        len -= 4;
    char *out = malloc(len + 4);
    if (out)
        snprintf(out, len + 4, "%.*s.h5", (int)len, base);
    return out;
}

int cmd_run(int argc, char **argv)
{
    struct run_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc) {
        free(a.sets);
        return rc < 0 ? 0 : rc;
    }
    char err[2048];
    struct cfg c;
    if (cfg_load(&c, a.config, a.sets, a.nsets, err, sizeof err)) {
        cli_error("%s", err);
        free(a.sets);
        return 2;
    }
    if (a.replicas)
        c.replicas = (int)a.replicas;
    if (a.seed && !cli_parse_seed("run", a.seed, &c.seed)) {
        cfg_free(&c);
        free(a.sets);
        return 2;
    }
    for (int i = 0; i < c.nwarnings; i++)
        cli_warning("%s", c.warnings[i]);

    char *out = a.out ? strdup(a.out) : default_out(a.config);
    struct outfile o = {0};
    rc = 1;
    struct run_cost cost; /* before the output's temporary file */
    run_cost(&c, a.threads, &cost);
    if (!check_work(&c, &cost, a.threads, a.replicas > 0) ||
        !check_memory(&c, &cost, a.threads, a.replicas > 0)) {
        rc = 2;
        goto done;
    }
    if (!out || outfile_not_input(out, a.config, err, sizeof err) ||
        outfile_begin(&o, out, rs_size_estimate(&c), err, sizeof err)) {
        cli_error("%s", out ? err : "out of memory");
        rc = 2;
        goto done;
    }
    if (!a.quiet)
        fprintf(stderr, "specmc: %s: %d scenario%s x %d polic%s x %d replicas on %d thread%s\n",
                c.name, c.nscenarios, c.nscenarios == 1 ? "" : "s", c.npolicies,
                c.npolicies == 1 ? "y" : "ies", c.replicas, a.threads, a.threads == 1 ? "" : "s");

    struct rs_provenance pv = {.version = SPECMC_VERSION, .git_rev = prov_git_rev(),
                               .threads = a.threads, .ranks = 1};
    prov_utc_now(pv.start, sizeof pv.start);
    prov_host(pv.host, sizeof pv.host);
    struct run_options ro = {.threads = a.threads, .progress = !a.quiet};
    struct run_result res;
    if (run_experiment(&c, &ro, &res, err, sizeof err)) {
        cli_error("%s", err);
        outfile_abort(&o);
        goto done;
    }
    prov_utc_now(pv.end, sizeof pv.end);
    if (rs_commit(&o, &c, &res, &pv, err, sizeof err)) {
        cli_error("%s", err);
        outfile_abort(&o);
        run_result_free(&res);
        goto done;
    }
    rc = 0;
    if (!a.quiet) {
        warn_unreliable(&res);
        rc = report_print(out, false, a.metrics, -1);
        fprintf(stderr, "specmc: wrote %s (%.2f s, %.3g task events/s per thread)\n", out,
                res.wall_seconds,
                res.wall_seconds > 0 ? (double)res.task_events / res.wall_seconds / a.threads : 0);
    }
    run_result_free(&res);
done:
    free(out);
    cfg_free(&c);
    free(a.sets);
    return rc;
}

/* cmd_run — `specmc run CONFIG [options]`: load and validate the config, set the run up (its
 * scenarios, the cells that run, the result arrays, a checkpoint to resume), check the output
 * can be written, simulate every scenario x policy x replica, write the results file
 * atomically and print its summary. Bad input stops here, before any simulation; so does a
 * SIGINT/SIGTERM during the set-up, at once, since nothing is simulated yet. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <omp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/base/messages.h"
#include "engine/cli/commands.h"
#include "engine/config/config.h"
#include "engine/run/preflight.h"
#include "engine/results/provenance.h"
#include "engine/results/results.h"
#include "engine/results/shard.h"
#include "engine/session/checkpoint.h"
#include "engine/session/ranks.h"
#include "engine/run/sequential.h"
#include "engine/session/session.h"
#include "engine/run/cost.h"
#include "engine/run/runner.h"
#include "engine/stats/intervals.h"
#include "models/metrics.h"

static const struct cli_option run_options[] = {
    {.flag = "--set SECTION.KEY=VALUE",
     .help = "override a config key (repeatable), e.g. --set cluster.slots=200",
     .repeat = true},
    {.flag = "--replicas N",
     .help = "replicas per scenario and policy (overrides experiment.replicas)"},
    {.flag = "--seed S",
     .help = "64-bit decimal seed (overrides experiment.seed)"},
    {.flag = "--threads T",
     .help = CLI_THREADS_HELP},
    {.flag = "--out FILE.h5",
     .help = "results file (default: CONFIG's base name with .h5, here)"},
    {.flag = "--shard I/K",
     .help = "run only block I (0 .. K-1) of K of the replicas, into a shard\n"
                    "file (default CONFIG-shard-I-of-K.h5); 'specmc merge' puts the\n"
                    "K shards together into the file one run writes"},
    {.flag = "--metrics M1,M2,...",
     .help = "metrics of the summary table (default:\n" REPORT_DEFAULT_METRICS
                            "; `specmc list`\nnames them); the last column pairs the first "
                            "with the first\npolicy, with a verdict valid at any tail where "
                            "its mean has\nno valid interval"},
    {.flag = "--checkpoint SECONDS",
     .help = "save the replicas done to OUT.ckpt this often (default 300;\n"
                             "0: only at SIGINT/SIGTERM, which always save before stopping)"},
    {.flag = "--resume",
     .help = "continue the interrupted run of this command from OUT.ckpt;\n"
                 "the file it ends with is the uninterrupted run's"},
    {.flag = "--quiet",
     .help = "no progress bar, no summary table"},
    {0},
};

const struct cli_usage cmd_run_usage = {
    "run", "CONFIG.ini",
    "simulate every scenario x policy x replica (or a shard of them), write an HDF5 file",
    run_options, NULL};

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
    int shard, shards;   /* --shard I/K; shards 0: the whole run */
    double checkpoint;   /* seconds between checkpoints; 0: only at a signal */
    bool checkpoint_set; /* --checkpoint given */
    bool resume;
};

static bool parse_count(const char *opt, const char *s, long long max, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end || errno || v < 1 || v > max) {
        msg_error("run: %s must be an integer in [1, %lld], got '%s'", opt, max, s);
        return false;
    }
    *out = v;
    return true;
}

/* --shard I/K: 0 <= I < K. */
static bool parse_shard(const char *s, int *index, int *count)
{
    char *end;
    errno = 0;
    long i = strtol(s, &end, 10), k = 0;
    if (end != s && *end == '/') {
        const char *ks = end + 1;
        k = strtol(ks, &end, 10);
        if (end == ks)
            k = 0;
    }
    if (errno || *end || k < 1 || k > INT_MAX || i < 0 || i >= k) {
        msg_error("run: --shard must be I/K with 0 <= I < K (block I of K, counted from 0), "
                  "got '%s'", s);
        return false;
    }
    *index = (int)i;
    *count = (int)k;
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
    msg_error("run: --metrics: %s", msg);
    return false;
}

static int parse_args(int argc, char **argv, struct run_args *a)
{
    static const struct option opts[] = {
        {"set", required_argument, NULL, 'S'},     {"replicas", required_argument, NULL, 'r'},
        {"seed", required_argument, NULL, 's'},    {"threads", required_argument, NULL, 't'},
        {"out", required_argument, NULL, 'o'},     {"quiet", no_argument, NULL, 'q'},
        {"metrics", required_argument, NULL, 'm'}, {"help", no_argument, NULL, 'h'},
        {"shard", required_argument, NULL, 'k'},   {"resume", no_argument, NULL, 'R'},
        {"checkpoint", required_argument, NULL, 'c'},
        {NULL, 0, NULL, 0}};
    memset(a, 0, sizeof *a);
    a->threads = omp_get_max_threads();
    a->checkpoint = CKPT_DEFAULT_SECONDS;
    a->sets = calloc((size_t)argc + 1, sizeof *a->sets);
    if (!a->sets)
        return 1;
    optind = 0; /* argv[0] is the first argument, not a program name */
    opterr = 0;
    int c;
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
            if (!cli_parse_threads("run", optarg, &a->threads))
                return 2;
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
        case 'k':
            if (!parse_shard(optarg, &a->shard, &a->shards))
                return 2;
            break;
        case 'R':
            a->resume = true;
            break;
        case 'c': {
            char *end;
            a->checkpoint = strtod(optarg, &end);
            a->checkpoint_set = true;
            if (end == optarg || *end || !(a->checkpoint >= 0) || a->checkpoint > 1e9) {
                msg_error("run: --checkpoint must be a number of seconds in [0, 1e9], got '%s'",
                          optarg);
                return 2;
            }
            break;
        }
        case 'h':
            if (ranks_rank() == 0) /* once under MPI */
                fputs(cli_usage_text(&cmd_run_usage), stdout);
            return -1;
        case ':':
            msg_error("run: option '%s' needs a value\n%s", argv[optind - 2],
                      cli_usage_text(&cmd_run_usage));
            return 2;
        default:
            msg_error("run: unknown option '%s'\n%s", argv[optind - 2],
                      cli_usage_text(&cmd_run_usage));
            return 2;
        }
    }
    int rest = argc + 1 - optind;
    if (rest != 1) {
        msg_error("run: %s\n%s", rest ? "give exactly one CONFIG file" : "no CONFIG file given",
                  cli_usage_text(&cmd_run_usage));
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
    msg_warning("%zu interval%s not valid (marked '*'; 'unreliable' in report --csv), e.g. "
                "%s: %s; the paired verdicts hold at any tail (docs/methods/statistics.md)",
                count, count == 1 ? " is" : "s are", first_metric, note);
}

/* Sequential stopping's conditions, after --replicas: a first batch of at least SEQ_MIN_N, at
 * most max_replicas, and no shard (the decision needs every replica). */
static bool sequential_ok(const struct cfg *c, const struct run_args *a)
{
    const char *key = a->replicas ? "--replicas" : "experiment.replicas";
    if (a->shards)
        msg_error("run: --shard cannot split a run with experiment.precision: when to stop "
                  "depends on every replica before it");
    else if (c->replicas < SEQ_MIN_N)
        msg_error("run: %s = %d: with experiment.precision it is the first batch and the least "
                  "number of replicas, at least %d", key, c->replicas, SEQ_MIN_N);
    else if (c->replicas > c->max_replicas)
        msg_error("run: %s = %d is more than experiment.max_replicas = %d", key, c->replicas,
                  c->max_replicas);
    else
        return true;
    return false;
}

/* Under MPI (several ranks: bin/specmc-mpi) the ranks split the replicas among themselves:
 * not with shards, checkpoints or sequential stopping, which this version builds only for one
 * process (docs: README, Scale-out). */
static bool ranks_ok(const struct cfg *c, const struct run_args *a)
{
    const char *what = a->shards           ? "--shard"
                       : a->resume         ? "--resume"
                       : a->checkpoint_set ? "--checkpoint"
                       : c->precision > 0  ? "experiment.precision"
                                           : NULL;
    if (what)
        msg_error("run: %s is not built for MPI runs (%d ranks): run one process per shard "
                  "instead (specmc run --shard I/K, then specmc merge)", what, ranks_size());
    return what == NULL;
}

/* Default output: the config's base name with .h5 (a shard's with -shard-I-of-K.h5), in the
 * current directory. */
static char *default_out(const char *config, const struct run_args *a)
{
    const char *base = strrchr(config, '/');
    base = base ? base + 1 : config;
    size_t len = strlen(base);
    if (len > 4 && !strcmp(base + len - 4, ".ini"))
        len -= 4;
    char *out = malloc(len + 64);
    if (out && a->shards)
        snprintf(out, len + 64, "%.*s-shard-%d-of-%d.h5", (int)len, base, a->shard, a->shards);
    else if (out)
        snprintf(out, len + 64, "%.*s.h5", (int)len, base);
    return out;
}

/* Until the run starts — the config read, its scenarios built, the cells that run found, the
 * result arrays allocated — a SIGINT or SIGTERM ends the process at once with a line saying
 * so: nothing is simulated yet, so nothing is lost, and no file is begun. From then on the
 * checkpoint's handlers (engine/session/checkpoint.c) or the output file's
 * (engine/results/outfile.c) take over. */
static void on_setup_signal(int sig)
{
    static const char on_int[] = "specmc: interrupted by SIGINT before the run started: "
                                 "nothing was simulated or written\n",
                      on_term[] = "specmc: interrupted by SIGTERM before the run started: "
                                  "nothing was simulated or written\n";
    ssize_t w = sig == SIGINT ? write(STDERR_FILENO, on_int, sizeof on_int - 1)
                              : write(STDERR_FILENO, on_term, sizeof on_term - 1);
    (void)w;
    outfile_remove_pending(); /* none yet; should one be, it goes too */
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Install on_setup_signal where the signal is not ignored (a background job's SIGINT), or put
 * back the default where it is still installed. */
static void setup_signals(bool on)
{
    for (int i = 0; i < 2; i++) {
        int sig = i ? SIGTERM : SIGINT;
        struct sigaction old;
        if (sigaction(sig, NULL, &old) != 0)
            continue;
        if (on ? old.sa_handler == SIG_DFL : old.sa_handler == on_setup_signal)
            signal(sig, on ? on_setup_signal : SIG_DFL);
    }
}

/* A failed session_begin or session_run: an interruption says how to go on, not an error. */
static void say_failure(int rc, const char *err)
{
    if (rc > 128)
        msg_note("%s", err);
    else
        msg_error("%s", err);
}

int cmd_run(int argc, char **argv)
{
    struct run_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc) {
        free(a.sets);
        return rc < 0 ? 0 : rc;
    }
    setup_signals(true);
    char err[2048];
    struct cfg c;
    if (cfg_load(&c, a.config, a.sets, a.nsets, err, sizeof err)) {
        msg_error("%s", err);
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
        msg_warning("%s", c.warnings[i]);

    char *out = a.out ? strdup(a.out) : default_out(a.config, &a);
    struct outfile o = {0};
    rc = 1;
    int first = 0, count = c.replicas;
    bool writer = ranks_rank() == 0; /* rank 0 writes; the other ranks only simulate */
    if (ranks_size() > 1 && !ranks_ok(&c, &a)) {
        rc = 2;
        goto done;
    }
    if (!writer)
        a.quiet = true;
    if (c.precision > 0 && !sequential_ok(&c, &a)) {
        rc = 2;
        goto done;
    }
    if (a.shards) {
        if (a.shards > c.replicas) {
            msg_error("run: --shard %d/%d: %d shards of %d replicas would leave some empty; use "
                      "at most %d", a.shard, a.shards, a.shards, c.replicas, c.replicas);
            rc = 2;
            goto done;
        }
        first = shard_first(c.replicas, a.shard, a.shards);
        count = shard_first(c.replicas, a.shard + 1, a.shards) - first;
    }
    struct cfg part = c; /* what this process runs at most, for the estimates */
    part.replicas = c.precision > 0 ? c.max_replicas : count;
    struct run_cost cost; /* before the output's temporary file */
    run_cost(&part, a.threads, &cost);
    if (!preflight_work(&part, &cost, a.threads, a.replicas > 0) ||
        !preflight_memory(&part, &cost, a.threads, a.replicas > 0)) {
        rc = 2;
        goto done;
    }
    struct rs_provenance pv = {.version = SPECMC_VERSION, .git_rev = prov_git_rev(),
                               .threads = a.threads, .ranks = ranks_size()};
    prov_utc_now(pv.start, sizeof pv.start);
    prov_host(pv.host, sizeof pv.host);
    struct run_options ro = {.threads = a.threads, .progress = !a.quiet};
    struct run_result res;
    struct ckpt_plan plan = {.path = out ? ckpt_path(out) : NULL, .every = a.checkpoint,
                             .resume = a.resume, .config_path = a.config, .shard = a.shard,
                             .shards = a.shards ? a.shards : 1};
    struct stat st;
    if (plan.path && !a.resume && lstat(plan.path, &st) == 0 && S_ISREG(st.st_mode))
        msg_warning("%s: a checkpoint of an earlier run is there; this run starts afresh and "
                    "its first checkpoint replaces it ('--resume' would continue it)", plan.path);
    msg_every_rank(); /* each rank's failures are its own */
    struct session ss;
    rc = plan.path ? session_begin(&ss, &c, &ro, first, count, &plan, a.shards > 0, &pv, &res,
                                   err, sizeof err)
                   : (snprintf(err, sizeof err, "out of memory"), 1);
    setup_signals(false);
    /* The run starts: only now the output's temporary file, and the room it will take */
    bool opened = rc == 0 && (!writer || (!outfile_not_input(out, a.config, err, sizeof err) &&
                                          !outfile_begin(&o, out, rs_size_estimate(&c), err,
                                                         sizeof err)));
    if (rc)
        say_failure(rc, err);
    else if (!opened)
        msg_error("%s", err);
    if (!ranks_all(opened)) {
        if (opened && writer)
            outfile_abort(&o);
        if (rc == 0)
            session_end(&ss);
        rc = rc ? rc : 2;
        free(plan.path);
        goto done;
    }
    if (!a.quiet && a.shards)
        msg_note("%s: shard %d of %d: replicas %d..%d of %d", c.name, a.shard,
                a.shards, first, first + count - 1, c.replicas);
    if (!a.quiet)
        msg_note("%s: %d scenario%s x %d polic%s x %d replicas on %d thread%s",
                c.name, c.nscenarios, c.nscenarios == 1 ? "" : "s", c.npolicies,
                c.npolicies == 1 ? "y" : "ies", count, a.threads, a.threads == 1 ? "" : "s");
    char why[640] = "";
    rc = session_run(&ss, why, sizeof why, err, sizeof err);
    pv.stopped = why;
    if (rc) {
        say_failure(rc, err);
        if (writer)
            outfile_abort(&o);
        free(plan.path);
        goto done;
    }
    if (!writer) { /* its replicas are on rank 0 now */
        free(plan.path);
        rc = 0;
        goto done;
    }
    rc = 1;
    prov_utc_now(pv.end, sizeof pv.end);
    if (a.shards ? shard_commit(&o, SHARD_FILE, &c, a.config, a.shard, a.shards, &res, NULL,
                                NULL, &pv, err, sizeof err)
                 : rs_commit(&o, &c, &res, &pv, err, sizeof err)) {
        msg_error("%s", err);
        outfile_abort(&o);
        run_result_free(&res);
        free(plan.path);
        goto done;
    }
    ckpt_remove(&plan);
    free(plan.path);
    rc = 0;
    if (a.shards) {
        if (!a.quiet)
            msg_note("wrote %s (shard %d of %d, %.2f s); put the %d shards "
                    "together with 'specmc merge OUT.h5 SHARD.h5...'", out, a.shard,
                    a.shards, res.wall_seconds, a.shards);
        run_result_free(&res);
        goto done;
    }
    if (c.precision > 0)
        msg_note("sequential stopping: %s", why);
    if (!a.quiet) {
        warn_unreliable(&res);
        rc = report_print(out, &(struct report_opts){.metrics = a.metrics, .against = -1,
                                                         .scenario = -1});
        msg_note("wrote %s (%.2f s, %.3g task events/s per thread)", out,
                res.wall_seconds,
                res.wall_seconds > 0 ? (double)res.simulated_events / res.wall_seconds / a.threads
                                     : 0);
    }
    run_result_free(&res);
done:
    free(out);
    cfg_free(&c);
    free(a.sets);
    return rc;
}

/* config — INI parsing (inih), the key schema, validation and sweep expansion. See config.h.
 *
 * Pipeline: read the file into memory → inih calls `on_entry` for every key, while a line
 * reader counts lines so each entry keeps its line → --set entries are added (replacing the
 * file's) → experiment keys and the policy list are read → each scenario starts from the
 * file's values, takes its sweep values, and is converted to a cl_spec and policy parameter
 * arrays with every range and cross-key check. */
#include "engine/config/config.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <ini.h>

#include "engine/config/config_limits.h"
#include "engine/config/config_time.h"
#include "engine/config/dedup.h"
#include "engine/base/text.h"
#include "engine/config/traces.h"
#include "engine/stats/pooled.h"
#include "models/workload.h"

/* ---------------------------------------------------------------- the schema */

enum key_type { KT_STRING, KT_INT, KT_REAL, KT_U64, KT_CHOICE, KT_LIST };

enum key_id {
    K_NAME, K_REPLICAS, K_SEED, K_CONFIDENCE, K_PRECISION, K_PRECISION_METRICS, K_MAX_REPLICAS,
    K_SLOTS, K_SERVERS, K_SERVER_CPU, K_SERVER_MEM, K_BACKFILL, K_INTERVAL, K_LAUNCH_DELAY, K_ESTIMATOR,
    K_NOISE, K_STRAGGLE_P, K_STRAGGLE_P_MAX, K_STRAGGLE_REST,
    K_ARRIVAL, K_RATE, K_JOBS, K_TASKS, K_TASK_TIME, K_TMIN, K_BETA, K_TMAX, K_COPY_TIME, K_MEAN, K_SIGMA, K_LOW,
    K_HIGH, K_DEADLINE, K_DEADLINE_MAX, K_DEADLINE_CHOICES, K_WARMUP, K_WEIGHT_MIN, K_WEIGHT_MAX, K_TASKS_BETA, K_TASKS_MAX,
    K_JOB_SPREAD, K_SIGMA_MAX, K_BETA_MAX, K_REDUCE_FRACTION, K_REDUCE_SCALE, K_PHASES,
    K_PIPELINE_START, K_PIPELINE_FEED, K_TRACE,
    K_TRACE_FORMAT, K_TRACE_SHAPE, K_CPU_REQUEST, K_MEM_REQUEST, K_CPU_REQUEST_MAX, K_MEM_REQUEST_MAX,
    K_LIST,
    K_U_THETA, K_U_PRICE, K_U_PRICE_MAX, K_U_PRICE_CHOICES, K_U_PRICE_HISTORY, K_U_RMIN,
    K_H_FLOWTIME, K_H_MACHINE_TIME, K_H_BINS, K_S_TIMES, K_S_ORIGIN,
    K_COUNT
};

struct key_schema {
    const char *section;
    const char *key;
    enum key_type type;
    const char *def;     /* default as text; NULL = no default (required where used) */
    double min, max;     /* range for numbers */
    bool min_open;       /* min is exclusive */
    bool max_open;       /* max is exclusive */
    const char *choices; /* KT_CHOICE: '|'-separated */
    bool sweepable;
    const char *doc;
    const char *why_max; /* why max is the limit, added to the error of a value above it */
};

#define INF 1e300
/* Why the limits (docs/guide/config.md, "Limits"). */
#define WHY_TIME "a time beyond 1e149 (2^496) would overflow the summaries, which square times " \
                 "and sum them over up to 2^31 replicas"
#define WHY_REACH "the sampler's normal draws end at 8.21 standard deviations (its uniforms at " \
                  "1 - 2^-53), and beyond 8.2 more than half of the mean, exp(mu + sigma^2/2), " \
                  "lies above every draw: the draws would not have the mean the config gives"
#define WHY_NOISE "epsilon = exp(sigma Z) reaches exp(8.21 sigma), and beyond 44 an estimate of " \
                  "a time up to 1e149 would overflow"
static const struct key_schema schema[K_COUNT] = {
    [K_NAME] = {"experiment", "name", KT_STRING,
                .doc = "name recorded in the output file, UTF-8 text (default: the config's "
                       "base name)"},
    [K_REPLICAS] = {"experiment", "replicas", KT_INT, .def = "1000", .min = 1, .max = INT_MAX,
                    .doc = "independent replicas per scenario and policy"},
    [K_SEED] = {"experiment", "seed", KT_U64, .def = "1",
                .doc = "64-bit decimal seed; results depend only on (config, seed)"},
    [K_CONFIDENCE] = {"experiment", "confidence", KT_REAL, .def = "0.95", .min = 0, .max = 1,
                      .min_open = true, .max_open = true,
                      .doc = "confidence level of every interval, in (0, 1)"},
    [K_PRECISION] = {"experiment", "precision", KT_REAL, .min = 0, .max = 1, .min_open = true,
                     .max_open = true,
                     .doc = "sequential stopping: run batches of `replicas` until every interval "
                            "asked has a relative half-width at most this (0.01 = 1 %), or "
                            "max_replicas; unset = a fixed number of replicas"},
    [K_PRECISION_METRICS] = {"experiment", "precision_metrics", KT_STRING,
                             .doc = "the metrics whose intervals precision applies to, "
                                    "comma-separated; unset = every metric but slowdown and "
                                    "slowdown_jain"},
    [K_MAX_REPLICAS] = {"experiment", "max_replicas", KT_INT, .min = 1, .max = INT_MAX,
                        .doc = "with precision: the most replicas per scenario and policy"},
    [K_SLOTS] = {"cluster", "slots", KT_INT, .def = "100", .min = 1, .max = 100000000,
                 .sweepable = true, .doc = "S, identical slots (machines)"},
    [K_SERVERS] = {"cluster", "servers", KT_INT, .def = "0", .min = 0, .max = 100000000,
                   .sweepable = true,
                   .doc = "servers with CPU and memory (seed 003); > 0: slots = servers x the "
                          "copies a server fits; 0: slots as given"},
    [K_SERVER_CPU] = {"cluster", "server_cpu", KT_REAL, .def = "1", .min = 0, .max = 1e9,
                      .min_open = true, .sweepable = true, .doc = "CPU capacity of a server"},
    [K_SERVER_MEM] = {"cluster", "server_mem", KT_REAL, .def = "1", .min = 0, .max = 1e9,
                      .min_open = true, .sweepable = true, .doc = "memory capacity of a server"},
    [K_BACKFILL] = {"cluster", "backfill", KT_CHOICE, .def = "no", .choices = "no|yes",
                    .sweepable = true,
                    .doc = "with requests drawn per job: yes, a job whose copy fits no server "
                           "lets later jobs' copies start (YARN's FifoScheduler); no, it holds "
                           "them back"},
    [K_INTERVAL] = {"cluster", "interval", KT_REAL, .def = "0", .min = 0, .max = CFG_TIME_MAX,
                    .sweepable = true, .doc = "scheduling interval; 0 = decide at every event",
                    .why_max = WHY_TIME},
    [K_LAUNCH_DELAY] = {"cluster", "launch_delay", KT_REAL, .def = "0", .min = 0,
                        .max = CFG_TIME_MAX, .sweepable = true,
                        .doc = "start-up time of every copy before it processes data (JVM)",
                        .why_max = WHY_TIME},
    [K_ESTIMATOR] = {"cluster", "estimator", KT_CHOICE, .def = "chronos",
                     .choices = "chronos|hadoop", .sweepable = true,
                     .doc = "completion-time estimates: chronos (seed 004 eq. 32) or hadoop "
                            "(elapsed / progress)"},
    [K_NOISE] = {"cluster", "estimate_noise", KT_REAL, .def = "0", .min = 0, .max = 44,
                 .sweepable = true,
                 .doc = "sigma: reported progress runs at 1/exp(sigma Z) of the truth, per copy",
                 .why_max = WHY_NOISE},
    [K_STRAGGLE_P] = {"cluster", "straggle_p", KT_REAL, .def = "0", .min = 0, .max = 1,
                      .sweepable = true,
                      .doc = "probability that a copy straggles (seed 003: 0.05), at an idle "
                             "cluster; 0 = never"},
    [K_STRAGGLE_P_MAX] = {"cluster", "straggle_p_max", KT_REAL, .min = 0, .max = 1,
                          .sweepable = true,
                          .doc = "the probability when every slot is busy, linear in between "
                                 "(seed 003 assumption 5); unset = straggle_p"},
    [K_STRAGGLE_REST] = {"cluster", "straggle_rest", KT_CHOICE, .def = "between",
                         .choices = "between|none", .sweepable = true,
                         .doc = "the 10 % of stragglers seed 003 leaves unsaid: between (delay "
                                "U(2.5, 10)) or none (not delayed)"},
    [K_ARRIVAL] = {"workload", "arrival", KT_CHOICE, .def = "poisson", .choices = "poisson|batch",
                   .sweepable = true,
                   .doc = "poisson (open, rate jobs per unit time) or batch (all at t = 0)"},
    [K_RATE] = {"workload", "rate", KT_REAL, .min = 0, .max = INF, .min_open = true,
                .sweepable = true, .doc = "job arrival rate, jobs per unit time (poisson)"},
    [K_JOBS] = {"workload", "jobs", KT_INT, .def = "1000", .min = 1, .max = 100000000,
                .sweepable = true, .doc = "jobs per replica"},
    [K_TASKS] = {"workload", "tasks", KT_INT, .def = "1", .min = 1, .max = 10000000,
                 .sweepable = true, .doc = "tasks per job (their mean when tasks_beta is set)"},
    [K_TASKS_BETA] = {"workload", "tasks_beta", KT_REAL, .def = "0", .min = 0, .max = INF,
                      .sweepable = true,
                      .doc = "> 1: tasks per job drawn, ceil of a Pareto with this tail index and "
                             "mean `tasks`; 0: every job has `tasks`"},
    [K_TASKS_MAX] = {"workload", "tasks_max", KT_INT, .def = "100000", .min = 1,
                     .max = 10000000, .sweepable = true,
                     .doc = "cap on drawn task counts (tasks_beta)"},
    [K_JOB_SPREAD] = {"workload", "job_spread", KT_REAL, .def = "0", .min = 0, .max = 8.2,
                      .sweepable = true,
                      .doc = "sigma: each job's task times are scaled by exp(sigma Z - sigma^2/2) "
                             "(mean 1); 0: all jobs alike",
                      .why_max = WHY_REACH},
    [K_SIGMA_MAX] = {"workload", "sigma_max", KT_REAL, .min = 0, .max = 8.2, .min_open = true,
                     .sweepable = true,
                     .doc = "lognormal: each job's sigma uniform in [sigma, sigma_max], its mean "
                            "kept (jobs of different CVs); unset: every job has sigma",
                     .why_max = WHY_REACH},
    [K_BETA_MAX] = {"workload", "beta_max", KT_REAL, .min = 1, .max = INF, .min_open = true,
                    .sweepable = true,
                    .doc = "pareto: each job's tail index uniform in [beta, beta_max], its mean "
                           "kept (jobs of different CVs; needs beta > 1); unset: every job has "
                           "beta"},
    [K_REDUCE_FRACTION] = {"workload", "reduce_fraction", KT_REAL, .def = "0", .min = 0,
                           .max = 1, .max_open = true, .sweepable = true,
                           .doc = "share of each job's tasks in its reduce phase, which starts "
                                  "when the last map task ends (0: one phase)"},
    [K_REDUCE_SCALE] = {"workload", "reduce_scale", KT_REAL, .def = "1", .min = 0, .max = INF,
                        .min_open = true, .sweepable = true,
                        .doc = "mean reduce task time / mean map task time"},
    [K_PHASES] = {"workload", "phases", KT_CHOICE, .def = "barrier", .choices = "barrier|pipelined",
                  .sweepable = true,
                  .doc = "two-phase jobs: barrier, reduce tasks process once the whole map phase "
                         "is done (seed 002 eq. 1g); pipelined, they read the map outputs as the "
                         "map tasks finish (seed 001 section 3.2)"},
    [K_PIPELINE_START] = {"workload", "pipeline_start", KT_REAL, .def = "0", .min = 0, .max = 1,
                          .sweepable = true,
                          .doc = "pipelined: share of a job's map tasks done before its reduce "
                                 "copies read (at least one; 0: from the first)"},
    [K_PIPELINE_FEED] = {"workload", "pipeline_feed", KT_CHOICE, .def = "shares",
                         .choices = "shares|last", .sweepable = true,
                         .doc = "pipelined: shares, a reduce copy's work is one equal share per "
                                "map output, processed as they appear; last, only the last "
                                "output holds it back (end = max(p + w, M + w/n))"},
    [K_TRACE] = {"workload", "trace", KT_STRING,
                 .doc = "jobs (arrival, weight, tasks per phase, phase means) from this file, "
                        "relative to the config's directory (docs/guide/traces.md)"},
    [K_TRACE_FORMAT] = {"workload", "trace_format", KT_CHOICE, .def = "csv",
                        .choices = TR_FORMAT_NAMES,
                        .doc = "layout of workload.trace: csv (specmc's), google (2011 "
                               "task_events) or google2019 (2019 instance_events)"},
    [K_TRACE_SHAPE] = {"workload", "trace_shape", KT_CHOICE, .def = "auto",
                       .choices = "auto|fit|family",
                       .doc = "fit: a trace phase with an SD gets the family's shape of that CV; "
                              "family: every job has the family's; auto: fit for csv, family "
                              "for google and google2019"},
    [K_TASK_TIME] = {"workload", "task_time", KT_CHOICE, .def = "pareto",
                     .choices = "pareto|exponential|deterministic|lognormal|uniform",
                     .sweepable = true, .doc = "distribution of every copy's duration"},
    [K_TMIN] = {"workload", "tmin", KT_REAL, .def = "1", .min = 0, .max = CFG_TIME_MAX,
                .min_open = true, .sweepable = true, .doc = "Pareto minimum t_min",
                .why_max = WHY_TIME},
    [K_BETA] = {"workload", "beta", KT_REAL, .def = "1.5", .min = 0, .max = INF, .min_open = true,
                .sweepable = true, .doc = "Pareto tail index beta (mean infinite for beta <= 1)"},
    [K_TMAX] = {"workload", "tmax", KT_REAL, .min = 0, .max = CFG_TIME_MAX, .min_open = true,
                .sweepable = true,
                .doc = "pareto: truncated at this upper end (> tmin) and renormalised, in the "
                       "family's units as tmin (a job's scale multiplies both); unset = "
                       "unbounded",
                .why_max = WHY_TIME},
    [K_COPY_TIME] = {"workload", "copy_time", KT_CHOICE, .def = "iid",
                     .choices = "iid|job_tasks", .sweepable = true,
                     .doc = "an extra copy's duration: iid, a fresh draw from its job's phase "
                            "law; job_tasks, the original duration of a task of the same job "
                            "and phase chosen uniformly (seed 000 section 7)"},
    [K_MEAN] = {"workload", "mean", KT_REAL, .min = 0, .max = CFG_TIME_MAX, .min_open = true,
                .sweepable = true,
                .doc = "mean of exponential or lognormal; the value of deterministic",
                .why_max = WHY_TIME},
    [K_SIGMA] = {"workload", "sigma", KT_REAL, .min = 0, .max = 8.2, .min_open = true,
                 .sweepable = true, .doc = "lognormal: standard deviation of log T",
                 .why_max = WHY_REACH},
    [K_LOW] = {"workload", "low", KT_REAL, .min = 0, .max = CFG_TIME_MAX, .sweepable = true,
               .doc = "uniform: lower end", .why_max = WHY_TIME},
    [K_HIGH] = {"workload", "high", KT_REAL, .min = 0, .max = CFG_TIME_MAX, .min_open = true,
                .sweepable = true, .doc = "uniform: upper end", .why_max = WHY_TIME},
    [K_DEADLINE] = {"workload", "deadline", KT_REAL, .min = 0, .max = INF, .min_open = true,
                    .sweepable = true,
                    .doc = "deadline relative to each job's arrival; unset = no deadlines"},
    [K_DEADLINE_MAX] = {"workload", "deadline_max", KT_REAL, .min = 0, .max = INF,
                        .min_open = true, .sweepable = true,
                        .doc = "above deadline: each job's relative deadline is uniform between "
                               "the two (seed 004's D_i per job); unset = deadline"},
    [K_DEADLINE_CHOICES] = {"workload", "deadline_choices", KT_STRING,
                            .doc = "instead of deadline: each job's relative deadline is one of "
                                   "these comma-separated values, each equally likely (seed "
                                   "004's 100 or 150 s); not sweepable"},
    [K_WARMUP] = {"workload", "warmup", KT_INT, .def = "0", .min = 0, .max = 100000000,
                  .sweepable = true,
                  .doc = "first-arriving jobs of each replica left out of the metrics"},
    [K_WEIGHT_MIN] = {"workload", "weight_min", KT_INT, .def = "1", .min = 0, .max = 1000000,
                      .sweepable = true,
                      .doc = "job weights are uniform integers in [weight_min, weight_max]"},
    [K_WEIGHT_MAX] = {"workload", "weight_max", KT_INT, .def = "1", .min = 0, .max = 1000000,
                      .sweepable = true, .doc = "upper end of job weights"},
    [K_CPU_REQUEST] = {"workload", "cpu_request", KT_REAL, .def = "0.3", .min = 0, .max = 1e9,
                       .min_open = true, .sweepable = true,
                       .doc = "CPU every copy of a task requests, with cluster.servers (seed 003: "
                              "0.3; replicas request the same)"},
    [K_MEM_REQUEST] = {"workload", "mem_request", KT_REAL, .def = "0.3", .min = 0, .max = 1e9,
                       .min_open = true, .sweepable = true,
                       .doc = "memory every copy of a task requests, with cluster.servers"},
    [K_CPU_REQUEST_MAX] = {"workload", "cpu_request_max", KT_REAL, .min = 0, .max = 1e9,
                           .min_open = true, .sweepable = true,
                           .doc = "above cpu_request: each job's CPU request is uniform between "
                                  "the two; unset = cpu_request"},
    [K_MEM_REQUEST_MAX] = {"workload", "mem_request_max", KT_REAL, .min = 0, .max = 1e9,
                           .min_open = true, .sweepable = true,
                           .doc = "above mem_request: each job's memory request is uniform "
                                  "between the two; unset = mem_request"},
    [K_LIST] = {"policy", "list", KT_LIST, .def = "fifo",
                .doc = "policies to run, comma-separated; the first is the paired baseline"},
    [K_U_THETA] = {"utility", "theta", KT_REAL, .def = "1e-5", .min = 0, .max = INF,
                   .sweepable = true,
                   .doc = "trade-off factor of the utility metric (seed 004 eq. 25)"},
    [K_U_PRICE] = {"utility", "price", KT_REAL, .def = "1", .min = 0, .max = INF,
                   .sweepable = true, .doc = "price C per unit of machine time"},
    [K_U_PRICE_MAX] = {"utility", "price_max", KT_REAL, .min = 0, .max = INF, .min_open = true,
                       .sweepable = true,
                       .doc = "above price: each job's price is uniform between the two (seed "
                              "004's gamma_i per job); unset = price"},
    [K_U_PRICE_HISTORY] = {"utility", "price_history", KT_STRING,
                           .doc = "instead of price: a file of the price over time (header "
                                  "time,price; seed 004's spot price history): a copy costs "
                                  "the price integrated over its run; not sweepable"},
    [K_U_PRICE_CHOICES] = {"utility", "price_choices", KT_STRING,
                           .doc = "instead of price: each job's price is one of these "
                                  "comma-separated values, each equally likely (seed 004's "
                                  "gamma_i by the VM type a job subscribes); not sweepable"},
    [K_U_RMIN] = {"utility", "r_min", KT_REAL, .def = "0.2", .min = 0, .max = 1,
                  .sweepable = true, .doc = "minimum PoCD R_min of lg(PoCD - R_min)"},
    [K_H_FLOWTIME] = {"histogram", "flowtime", KT_REAL, .min = 0, .max = INF, .min_open = true,
                      .doc = "keep a histogram of job flowtimes on [0, this] per replica "
                             "(for CDFs); unset = none"},
    [K_H_MACHINE_TIME] = {"histogram", "machine_time", KT_REAL, .min = 0, .max = INF,
                          .min_open = true,
                          .doc = "keep a histogram of each job's machine time on [0, this] per "
                                 "replica; unset = none"},
    [K_H_BINS] = {"histogram", "bins", KT_INT, .def = "100", .min = 1, .max = CFG_HIST_BINS_MAX,
                  .doc = "equal-width bins of every histogram, plus one for values above it"},
    [K_S_TIMES] = {"series", "times", KT_STRING,
                   .doc = "sample each policy's state (e.g. seed 003's threshold) at these times "
                          "of every replica: a list of times and FROM:STEP:TO ranges, "
                          "ascending, >= 0, optionally followed by a unit (mean, tmin) for all; "
                          "unset = none"},
    [K_S_ORIGIN] = {"series", "origin", KT_CHOICE, .def = "arrival", .choices = "arrival|zero",
                    .doc = "series.times count from the first job's arrival (arrival) or from "
                           "time 0 (zero)"},
};
#undef INF
#undef WHY_TIME
#undef WHY_REACH
#undef WHY_NOISE

/* ---------------------------------------------------------------- raw entries */

struct entry {
    char *section;  /* "cluster", "policy.clone", ... */
    char *key;
    char *value;
    const char *file; /* origin: the INI path or "--set" */
    int line;         /* 0 for --set */
};

struct entries {
    struct entry *e;
    int n, cap;
};

/* A parse in progress: the entries, the line counter and the first error. */
struct parse {
    const char *path;
    const char *cursor; /* line reader position in the text */
    int line;
    int max_line;       /* a line longer than inih's buffer, or 0 */
    struct entries ent;
    char *err;
    size_t errlen;
    bool failed;
};

static void fail(struct parse *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void fail(struct parse *p, const char *fmt, ...)
{
    if (p->failed)
        return; /* keep the first error */
    va_list ap;
    va_start(ap, fmt);
    text_vformat(p->err, p->errlen, fmt, ap); /* the values it quotes made printable */
    va_end(ap);
    p->failed = true;
}

static const char *where(const struct entry *e, char *buf, size_t len)
{
    if (e->line > 0)
        snprintf(buf, len, "%s:%d", e->file, e->line);
    else
        snprintf(buf, len, "%s", e->file);
    return buf;
}

static struct entry *find_entry(struct entries *es, const char *section, const char *key)
{
    for (int i = 0; i < es->n; i++)
        if (strcmp(es->e[i].section, section) == 0 && strcmp(es->e[i].key, key) == 0)
            return &es->e[i];
    return NULL;
}

static int add_entry(struct entries *es, const char *section, const char *key, const char *value,
                     const char *file, int line)
{
    if (es->n == es->cap) {
        int cap = es->cap ? 2 * es->cap : 32;
        struct entry *e = realloc(es->e, (size_t)cap * sizeof *e);
        if (!e)
            return -1;
        es->e = e;
        es->cap = cap;
    }
    struct entry *e = &es->e[es->n];
    e->section = strdup(section);
    e->key = strdup(key);
    e->value = strdup(value);
    e->file = file;
    e->line = line;
    if (!e->section || !e->key || !e->value) {
        free(e->section), free(e->key), free(e->value);
        return -1;
    }
    es->n++;
    return 0;
}

static void free_entries(struct entries *es)
{
    for (int i = 0; i < es->n; i++)
        free(es->e[i].section), free(es->e[i].key), free(es->e[i].value);
    free(es->e);
    memset(es, 0, sizeof *es);
}

/* ---------------------------------------------------------------- inih callbacks */

/* fgets-like reader over the in-memory text that counts lines, so that on_entry knows the
 * line of every key (the Debian build of inih does not pass line numbers). */
/* What inih would silently misread in the line [s, s + len), or NULL: a carriage return not
 * ending the line (CR-only line endings: inih reads the whole file as one line) and text
 * after a section header's ']' (inih drops it: "[cluster] slots = 3" would lose the key). */
static const char *line_problem(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (s[i] == '\r' && i + 1 < len && s[i + 1] != '\n')
            return "a carriage return inside the line: the file has CR-only (old Mac) line "
                   "endings; convert them to newlines (e.g. tr '\\r' '\\n')";
    size_t i = 0;
    while (i < len && isspace((unsigned char)s[i]))
        i++;
    if (i == len || s[i] != '[')
        return NULL;
    const char *close = memchr(s + i, ']', len - i);
    if (!close)
        return NULL; /* inih's own syntax error */
    for (const char *c = close + 1; c < s + len; c++) {
        if (*c == ';' || *c == '#')
            return NULL;
        if (!isspace((unsigned char)*c))
            return "text after a section header's ']': a header stands alone on its line "
                   "(put the key on the next line)";
    }
    return NULL;
}

static char *read_line(char *str, int num, void *stream)
{
    struct parse *p = stream;
    if (*p->cursor == '\0' || p->failed)
        return NULL;
    const char *nl = strchr(p->cursor, '\n');
    size_t len = nl ? (size_t)(nl - p->cursor) + 1 : strlen(p->cursor);
    p->line++;
    const char *problem = line_problem(p->cursor, len);
    if (problem) {
        fail(p, "%s:%d: %s", p->path, p->line, problem);
        return NULL;
    }
    if (len > (size_t)num - 1) {
        if (!p->max_line)
            p->max_line = p->line;
        len = (size_t)num - 1;
        memcpy(str, p->cursor, len);
        str[len] = '\0';
        p->cursor = nl ? nl + 1 : p->cursor + strlen(p->cursor);
        return str;
    }
    memcpy(str, p->cursor, len);
    str[len] = '\0';
    p->cursor += len;
    return str;
}

static bool known_section(const char *s)
{
    return !strcmp(s, "experiment") || !strcmp(s, "cluster") || !strcmp(s, "workload") ||
           !strcmp(s, "policy") || !strcmp(s, "sweep") || !strcmp(s, "zip") ||
           !strcmp(s, "utility") || !strcmp(s, "histogram") || !strcmp(s, "series") ||
           !strncmp(s, "policy.", 7);
}

static int on_entry(void *user, const char *section, const char *key, const char *value)
{
    struct parse *p = user;
    if (p->failed)
        return 1;
    if (!*section) {
        fail(p, "%s:%d: %s: keys must come after a [section] header", p->path, p->line, key);
        return 1;
    }
    if (!known_section(section)) {
        static const char *const sections[] = {"experiment", "cluster", "workload", "policy",
                                               "utility", "histogram", "series", "sweep",
                                               "zip"};
        char hint[96];
        fail(p,
             "%s:%d: [%s]: unknown section%s; valid: [experiment], [cluster], [workload], "
             "[policy], [policy.NAME], [utility], [histogram], [series], [sweep], [zip]",
             p->path, p->line, section,
             text_did_you_mean(hint, sizeof hint, section, sections, 9));
        return 1;
    }
    struct entry *prev = find_entry(&p->ent, section, key);
    if (prev) {
        fail(p, "%s:%d: %s.%s: given twice (first at line %d)", p->path, p->line, section, key,
             prev->line);
        return 1;
    }
    char text[4096]; /* the value without an inline '#' comment (inih drops ' ;' ones) */
    snprintf(text, sizeof text, "%s", value);
    for (char *c = text; *c; c++)
        if (*c == '#' && (c == text || isspace((unsigned char)c[-1]))) {
            *c = '\0';
            break;
        }
    if (add_entry(&p->ent, section, key, text_trim(text), p->path, p->line))
        fail(p, "out of memory");
    return 1;
}

/* ---------------------------------------------------------------- value parsing */

static bool parse_real(const char *s, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end != '\0' || errno == ERANGE || !isfinite(v))
        return false;
    *out = v;
    return true;
}

static bool parse_int(const char *s, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (end == s || *end != '\0' || errno == ERANGE)
        return false;
    *out = v;
    return true;
}

static void describe_range(char *buf, size_t len, bool integer, double min, double max,
                           bool min_open, bool max_open)
{
    const char *what = integer ? "an integer" : "a number";
    int digits = integer ? 0 : 6; /* integers in full, never as 1e+08 */
    if (max >= 1e300 || (integer && max >= INT_MAX))
        snprintf(buf, len, "%s %s %.*g", what, min_open ? ">" : ">=", integer ? 15 : digits, min);
    else if (integer)
        snprintf(buf, len, "%s in [%.0f, %.0f]", what, min, max);
    else
        snprintf(buf, len, "%s in %s%g, %g%s", what, min_open ? "(" : "[", min, max,
                 max_open ? ")" : "]");
}

/* Check a number against a range; on failure writes "must be ..., got 'v'" into msg, and
 * ": why_max" after it when the value lies above the range and why_max is given. */
static bool check_number(const char *value, bool integer, double min, double max, bool min_open,
                         bool max_open, const char *why_max, double *out, char *msg,
                         size_t msglen)
{
    char range[96];
    describe_range(range, sizeof range, integer, min, max, min_open, max_open);
    double v;
    bool ok;
    if (integer) {
        long long iv;
        ok = parse_int(value, &iv);
        v = (double)iv;
    } else {
        ok = parse_real(value, &v);
    }
    bool above = ok && (max_open ? v >= max : v > max);
    if (ok)
        ok = (min_open ? v > min : v >= min) && !above;
    if (!ok) {
        snprintf(msg, msglen, "must be %s, got '%s'%s%s", range, value,
                 above && why_max ? ": " : "", above && why_max ? why_max : "");
        return false;
    }
    *out = v;
    return true;
}

/* A schema key's value against its type and range. */
static bool check_key(const struct key_schema *ks, const char *value, double *out, char *msg,
                      size_t len)
{
    return check_number(value, ks->type == KT_INT, ks->min, ks->max, ks->min_open, ks->max_open,
                        ks->why_max, out, msg, len);
}

/* ---------------------------------------------------------------- scenario values */

/* One scenario's view of the keys: the entry that sets each (NULL = default). */
struct view {
    const struct entry *set[K_COUNT];
    const struct entry **pol;   /* [npolicies * POL_MAX_PARAMS] */
};

static int key_lookup(const char *section, const char *key)
{
    for (int k = 0; k < K_COUNT; k++)
        if (!strcmp(schema[k].section, section) && !strcmp(schema[k].key, key))
            return k;
    return -1;
}

static int param_lookup(const struct policy *pol, const char *key)
{
    for (int i = 0; pol->params && pol->params[i].key; i++)
        if (!strcmp(pol->params[i].key, key))
            return i;
    return -1;
}

/* What [policy] list may name: whole policies, schedulers and speculators alone, and
 * SCHEDULER+SPECULATOR pairs (models/policy.h). */
static char *known_policies(char *buf, size_t len)
{
    static const char *const role_name[] = {[POL_WHOLE] = "known policies",
                                            [POL_SCHEDULER] = "job schedulers",
                                            [POL_SPECULATOR] = "speculators"};
    size_t n = 0;
    for (int r = POL_WHOLE; r <= POL_SPECULATOR && n < len; r++) {
        const char *sep = ": ";
        n += (size_t)snprintf(buf + n, len - n, "%s%s", r ? "; " : "", role_name[r]);
        for (size_t k = 0; k < pol_registry_count && n < len; k++)
            if ((int)pol_registry[k]->role == r) {
                n += (size_t)snprintf(buf + n, len - n, "%s%s", sep, pol_registry[k]->name);
                sep = ", ";
            }
    }
    if (n < len)
        snprintf(buf + n, len - n, "; or a pair SCHEDULER+SPECULATOR, e.g. fair+late");
    return buf;
}

/* "; did you mean 'mantri'?" for a policy name that is a typo of a registered one, or "". */
static const char *policy_hint(char *buf, size_t len, const char *name)
{
    const char *names[64];
    int n = 0;
    for (size_t i = 0; i < pol_registry_count && n < 64; i++)
        names[n++] = pol_registry[i]->name;
    return text_did_you_mean(buf, len, name, names, n);
}

/* One item of [policy] list: a registered policy, or a pair built for the config (freed by
 * cfg_free); NULL with a message. */
static const struct policy *list_item(const char *item, char *msg, size_t len)
{
    const char *plus = strchr(item, '+');
    char hint[96];
    if (!plus) {
        const struct policy *pol = pol_find(item);
        if (!pol)
            snprintf(msg, len, "unknown policy '%s'%s", item, policy_hint(hint, sizeof hint, item));
        return pol;
    }
    char sched[64];
    snprintf(sched, sizeof sched, "%.*s", (int)(plus - item), item);
    const struct policy *a = pol_find(sched), *b = pol_find(plus + 1);
    if (!a || !b) {
        const char *bad = !a ? sched : plus + 1;
        snprintf(msg, len, "'%s': unknown policy '%s'%s", item, bad,
                 policy_hint(hint, sizeof hint, bad));
        return NULL;
    }
    char why[200];
    const struct policy *pair = pol_pair_new(a, b, item, why, sizeof why);
    if (!pair)
        snprintf(msg, len, "'%s': %s (a pair is SCHEDULER+SPECULATOR)", item, why);
    return pair;
}

static int policy_index(const struct cfg *c, const char *name)
{
    for (int p = 0; p < c->npolicies; p++)
        if (!strcmp(c->policies[p]->name, name))
            return p;
    return -1;
}

/* Conversion context: a scenario being built and the first error. */
struct conv {
    struct parse *p;
    const struct view *v;
    bool used[K_COUNT];
};

/* Value of a numeric key in this scenario: its entry's value or the default. Returns false
 * (and fails the parse) when invalid or when required but absent. */
static bool num(struct conv *cv, enum key_id k, double *out, const char *needed_by)
{
    const struct key_schema *ks = &schema[k];
    const struct entry *e = cv->v->set[k];
    cv->used[k] = true;
    const char *value = e ? e->value : ks->def;
    if (!value) {
        fail(cv->p, "%s.%s: required by %s; set it in [%s] (%s)", ks->section, ks->key,
             needed_by, ks->section, ks->doc);
        return false;
    }
    char msg[512], w[512];
    if (!check_key(ks, value, out, msg, sizeof msg)) {
        fail(cv->p, "%s: %s.%s: %s", e ? where(e, w, sizeof w) : "default", ks->section,
             ks->key, msg);
        return false;
    }
    return true;
}

/* An integer key (range-checked by num). */
static bool num_int(struct conv *cv, enum key_id k, int *out, const char *needed_by)
{
    double v;
    if (!num(cv, k, &v, needed_by))
        return false;
    *out = (int)v;
    return true;
}

/* Where a key's value came from, for messages: its entry, or "default". */
static const char *origin(const struct conv *cv, enum key_id k, char *buf, size_t len)
{
    return cv->v->set[k] ? where(cv->v->set[k], buf, len) : "default";
}

static bool choice(struct conv *cv, enum key_id k, int *out)
{
    const struct key_schema *ks = &schema[k];
    const struct entry *e = cv->v->set[k];
    cv->used[k] = true;
    const char *value = e ? e->value : ks->def;
    int idx = 0;
    const char *c = ks->choices;
    while (c && *c) {
        size_t len = strcspn(c, "|");
        if (strlen(value) == len && !strncmp(value, c, len)) {
            *out = idx;
            return true;
        }
        c += len + (c[len] == '|');
        idx++;
    }
    char w[512];
    fail(cv->p, "%s: %s.%s: unknown value '%s'; valid: %s", e ? where(e, w, sizeof w) : "default",
         ks->section, ks->key, value, ks->choices);
    return false;
}

static void warn(struct cfg *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void warn(struct cfg *c, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    text_vformat(buf, sizeof buf, fmt, ap);
    va_end(ap);
    for (int i = 0; i < c->nwarnings; i++)
        if (!strcmp(c->warnings[i], buf))
            return; /* once per distinct message */
    char **w = realloc(c->warnings, (size_t)(c->nwarnings + 1) * sizeof *w);
    if (!w)
        return;
    c->warnings = w;
    c->warnings[c->nwarnings] = strdup(buf);
    if (c->warnings[c->nwarnings])
        c->nwarnings++;
}

/* The task-time distribution of a scenario and its checks. */
static bool build_dist(struct conv *cv, struct cfg *c, struct dist *d)
{
    int kind;
    if (!choice(cv, K_TASK_TIME, &kind))
        return false;
    d->kind = (enum dist_kind)kind;
    double a = 0, b = 0, tmax = 0;
    char w[512];
    const struct entry *top = cv->v->set[K_TMAX];
    if (top && d->kind != DIST_PARETO) {
        fail(cv->p, "%s: workload.tmax: the upper end of a truncated Pareto, for task_time = "
             "pareto only, got task_time = %s", where(top, w, sizeof w), dist_kind_name(d->kind));
        return false;
    }
    switch (d->kind) {
    case DIST_PARETO:
        if (!num(cv, K_TMIN, &a, "task_time = pareto") || !num(cv, K_BETA, &b, "task_time = pareto"))
            return false;
        if (top && !num(cv, K_TMAX, &tmax, "task_time = pareto"))
            return false;
        if (top && !(tmax > a)) {
            fail(cv->p, "%s: workload.tmax: must be greater than workload.tmin (%g), got '%s'",
                 where(top, w, sizeof w), a, top->value);
            return false;
        }
        if (b <= 1.0 && !top)
            warn(c,
                 "workload.beta = %g <= 1: the Pareto mean is infinite, so means of flowtime and "
                 "machine time and their intervals do not converge; read quantiles and PoCD",
                 b);
        break;
    case DIST_EXPONENTIAL:
    case DIST_DETERMINISTIC:
        if (!num(cv, K_MEAN, &a, d->kind == DIST_EXPONENTIAL ? "task_time = exponential"
                                                              : "task_time = deterministic"))
            return false;
        break;
    case DIST_LOGNORMAL: {
        double mean, sigma;
        if (!num(cv, K_MEAN, &mean, "task_time = lognormal") ||
            !num(cv, K_SIGMA, &sigma, "task_time = lognormal"))
            return false;
        a = log(mean) - 0.5 * sigma * sigma; /* mu such that E[T] = mean */
        b = sigma;
        break;
    }
    case DIST_UNIFORM:
        if (!num(cv, K_LOW, &a, "task_time = uniform") || !num(cv, K_HIGH, &b, "task_time = uniform"))
            return false;
        if (!(a < b)) {
            const struct entry *e = cv->v->set[K_HIGH];
            fail(cv->p, "%s: workload.high: must be greater than workload.low (%g), got '%g'",
                 where(e, w, sizeof w), a, b);
            return false;
        }
        break;
    case DIST_KIND_COUNT:
        return false;
    }
    d->a = a;
    d->b = b;
    d->c = tmax; /* 0: unbounded */
    return true;
}

/* A file's path as the config names it: relative to the config file's directory (to the
 * working directory for --set). */
static void input_path(const struct entry *e, char *path, size_t len)
{
    const char *slash = e->line > 0 ? strrchr(e->file, '/') : NULL;
    if (e->value[0] != '/' && slash)
        snprintf(path, len, "%.*s/%s", (int)(slash - e->file), e->file, e->value);
    else
        snprintf(path, len, "%s", e->value);
}

/* One more line of the inputs text (the files the results depend on: cfg.inputs). */
static bool add_input(struct conv *cv, struct cfg *c, const char *key, const char *path,
                      uint64_t digest)
{
    size_t have = c->inputs ? strlen(c->inputs) : 0, need = have + strlen(key) + strlen(path) + 40;
    char *s = realloc(c->inputs, need);
    if (!s) {
        fail(cv->p, "out of memory");
        return false;
    }
    snprintf(s + have, need - have, "%s %s fnv1a64:%016llx\n", key, path,
             (unsigned long long)digest);
    c->inputs = s;
    return true;
}

/* The trace a config names, read once (the key cannot be swept): a relative path is taken
 * from the config file's directory (from the working directory for --set). */
static bool load_trace(struct conv *cv, struct cfg *c)
{
    const struct entry *e = cv->v->set[K_TRACE];
    cv->used[K_TRACE] = true;
    if (c->trace)
        return true;
    int fmt;
    if (!choice(cv, K_TRACE_FORMAT, &fmt))
        return false;
    char path[4096], w[512];
    input_path(e, path, sizeof path);
    struct tr_trace *tr = calloc(1, sizeof *tr);
    char msg[1024];
    if (!tr || tr_read(path, (enum tr_format)fmt, tr, msg, sizeof msg)) {
        fail(cv->p, "%s: workload.trace: %s", where(e, w, sizeof w), tr ? msg : "out of memory");
        free(tr);
        return false;
    }
    c->trace = tr;
    free(c->trace_path);
    c->trace_path = strdup(path);
    if (!c->trace_path) {
        fail(cv->p, "out of memory");
        return false;
    }
    return add_input(cv, c, "workload.trace", path, tr_digest(tr));
}

/* How many tasks a job has, in which phases, and how jobs differ in size — drawn, or from a
 * trace. */
static bool build_jobs(struct conv *cv, struct cfg *c, struct cl_spec *sp)
{
    char w[512];
    sp->trace = NULL;
    if (cv->v->set[K_TRACE]) {
        if (!load_trace(cv, c))
            return false;
        sp->trace = c->trace;
        sp->jobs = c->trace->njobs;
        if (cv->v->set[K_JOBS] && !num_int(cv, K_JOBS, &sp->jobs, "the model"))
            return false;
        if (sp->jobs > c->trace->njobs) {
            fail(cv->p, "%s: workload.jobs: the trace has %d jobs, got '%d' (leave jobs unset "
                 "to replay them all)", origin(cv, K_JOBS, w, sizeof w), c->trace->njobs,
                 sp->jobs);
            return false;
        }
        long long tasks = 0; /* cannot overflow: < 2^31 jobs of < 2^32 tasks each */
        for (int i = 0; i < sp->jobs; i++)
            tasks += (long long)c->trace->job[i].tasks[TR_MAP] + c->trace->job[i].tasks[TR_REDUCE];
        if (tasks > INT_MAX / 2) {
            fail(cv->p, "%s: workload.trace: its first %d jobs have %lld tasks, more than %d per "
                 "replica; set workload.jobs to replay fewer", origin(cv, K_TRACE, w, sizeof w),
                 sp->jobs, tasks, INT_MAX / 2);
            return false;
        }
        return true;
    }
    if (!num_int(cv, K_JOBS, &sp->jobs, "the model") ||
        !num_int(cv, K_TASKS, &sp->tasks, "the model") ||
        !num(cv, K_TASKS_BETA, &sp->tasks_beta, "the model") ||
        !num_int(cv, K_TASKS_MAX, &sp->tasks_max, "the model") ||
        !num(cv, K_JOB_SPREAD, &sp->job_spread, "the model") ||
        !num(cv, K_REDUCE_FRACTION, &sp->reduce_fraction, "the model") ||
        !num(cv, K_REDUCE_SCALE, &sp->reduce_scale, "the model"))
        return false;
    if (sp->tasks_beta > 0 && sp->tasks_beta <= 1) {
        fail(cv->p, "%s: workload.tasks_beta: must be 0 (fixed task counts) or > 1 (a finite "
             "mean), got '%g'", origin(cv, K_TASKS_BETA, w, sizeof w), sp->tasks_beta);
        return false;
    }
    if (sp->tasks_beta > 0 && sp->tasks_max < sp->tasks) {
        fail(cv->p, "%s: workload.tasks_max: must be >= workload.tasks (%d), got '%d'",
             origin(cv, K_TASKS_MAX, w, sizeof w), sp->tasks, sp->tasks_max);
        return false;
    }
    double most = sp->tasks_beta > 0 ? sp->tasks_max : sp->tasks;
    if ((double)sp->jobs * most > (double)INT_MAX / 2) {
        fail(cv->p, "%s: workload.%s: jobs x %s = %.0f tasks per replica is more than %d",
             origin(cv, sp->tasks_beta > 0 ? K_TASKS_MAX : K_TASKS, w, sizeof w),
             sp->tasks_beta > 0 ? "tasks_max" : "tasks", sp->tasks_beta > 0 ? "tasks_max" : "tasks",
             (double)sp->jobs * most, INT_MAX / 2);
        return false;
    }
    return true;
}

/* Jobs' own shapes: drawn between the family's and sigma_max or beta_max, or fitted to the SDs
 * a trace gives (trace_shape). A family without a shape parameter cannot have either. */
static bool build_shapes(struct conv *cv, struct cl_spec *sp)
{
    const struct dist *d = &sp->task_time;
    char w[512];
    sp->shape_max = 0;
    sp->trace_fit = false;
    if (sp->trace) {
        int mode, fmt;
        if (!choice(cv, K_TRACE_SHAPE, &mode) || !choice(cv, K_TRACE_FORMAT, &fmt))
            return false;
        sp->trace_fit = mode == 1 || (mode == 0 && fmt == TR_CSV); /* auto|fit|family */
        if (wl_own_shapes(sp) && !dist_has_shape(d->kind)) {
            fail(cv->p, "%s: workload.task_time: the trace gives task-time SDs, and fitting them "
                 "(trace_shape = %s) needs a family with a shape, lognormal or pareto, got "
                 "'%s'; set workload.trace_shape = family to ignore them",
                 origin(cv, K_TASK_TIME, w, sizeof w), mode == 1 ? "fit" : "auto",
                 dist_kind_name(d->kind));
            return false;
        }
        if (wl_own_shapes(sp) && dist_truncated(d)) {
            fail(cv->p, "%s: workload.tmax: the trace gives task-time SDs, and fitting them "
                 "(trace_shape = %s) is for the unbounded Pareto only: a truncated one's CV "
                 "depends on tmax/tmin as well as beta; unset workload.tmax, or set "
                 "workload.trace_shape = family to ignore the SDs",
                 origin(cv, K_TMAX, w, sizeof w), mode == 1 ? "fit" : "auto");
            return false;
        }
        return true;
    }
    static const struct {
        enum key_id key, shape;
        enum dist_kind kind;
        const char *what;
    } own[] = {{K_SIGMA_MAX, K_SIGMA, DIST_LOGNORMAL, "sigma of log T"},
               {K_BETA_MAX, K_BETA, DIST_PARETO, "Pareto tail index"}};
    for (size_t i = 0; i < sizeof own / sizeof *own; i++) {
        const struct entry *e = cv->v->set[own[i].key];
        const char *key = schema[own[i].key].key, *shape = schema[own[i].shape].key;
        if (!e)
            continue;
        if (d->kind != own[i].kind) {
            fail(cv->p, "%s: workload.%s: each job's own %s, for task_time = %s only, got "
                 "task_time = %s (per-job shapes: sigma_max for lognormal, beta_max for "
                 "pareto)", where(e, w, sizeof w), key, own[i].what,
                 dist_kind_name(own[i].kind), dist_kind_name(d->kind));
            return false;
        }
        if (!num(cv, own[i].key, &sp->shape_max, "per-job shapes"))
            return false;
        if (sp->shape_max < d->b) {
            fail(cv->p, "%s: workload.%s: must be >= workload.%s (%g), got '%s'",
                 where(e, w, sizeof w), key, shape, d->b, e->value);
            return false;
        }
        if (d->kind == DIST_PARETO && !isfinite(dist_mean(d))) {
            fail(cv->p, "%s: workload.%s: each job keeps the family's mean, which needs "
                 "workload.beta > 1 (or workload.tmax), got beta = %g", where(e, w, sizeof w),
                 key, d->b);
            return false;
        }
    }
    return true;
}

/* ---------------------------------------------------------------- numeric limits */

/* The key that sets the family's scale (the task times scale with it), and its value. */
static enum key_id scale_key(enum dist_kind kind)
{
    return kind == DIST_PARETO ? K_TMIN : kind == DIST_UNIFORM ? K_HIGH : K_MEAN;
}

static double scale_value(const struct dist *d)
{
    return d->kind == DIST_UNIFORM ? d->b : d->kind == DIST_PARETO ? d->a : dist_mean(d);
}

/* A limit a scenario breaks, reported against key k: "must be REL BOUND here, got 'V': why". */
static void fail_limit(struct conv *cv, enum key_id k, const char *rel, double bound,
                       const char *why)
{
    char w[512];
    const struct entry *e = cv->v->set[k];
    fail(cv->p, "%s: %s.%s: must be %s %.3g here, got '%s': %s", origin(cv, k, w, sizeof w),
         schema[k].section, schema[k].key, rel, bound, e ? e->value : schema[k].def, why);
}

/* Every draw below CFG_TIME_MAX: the family's longest (tmin 2^(53/beta) for Pareto: its
 * uniforms reach 1 - 2^-53), times the largest job scale and the reduce scale. Reported
 * against the factor that can take the blame: the trace, the reduce scale, Pareto's beta,
 * or the family's scale. */
static bool check_longest(struct conv *cv, const struct cl_spec *sp, const struct cfg_extent *x)
{
    if (x->largest <= CFG_TIME_MAX)
        return true;
    const struct dist *d = &sp->task_time;
    char why[512];
    snprintf(why, sizeof why, "the longest task time the sampler can draw would be %.3g, and "
             "%s", x->largest, schema[K_TMIN].why_max);
    if (sp->trace) {
        char w[512];
        fail(cv->p, "%s: workload.trace: its jobs' mean task times are too long for the family: "
             "%s", origin(cv, K_TRACE, w, sizeof w), why);
        return false;
    }
    double reduce = sp->reduce_fraction > 0 ? fmax(1.0, sp->reduce_scale) : 1.0;
    if (reduce > 1 && x->largest / reduce <= CFG_TIME_MAX) { /* the reduce scale alone */
        fail_limit(cv, K_REDUCE_SCALE, "<=", sp->reduce_scale * (CFG_TIME_MAX / x->largest),
                   why);
        return false;
    }
    if (dist_truncated(d)) { /* its longest draw is tmax */
        fail_limit(cv, K_TMAX, "<=", d->c * (CFG_TIME_MAX / x->largest), why);
        return false;
    }
    double room = log2(CFG_TIME_MAX / (d->a * x->scale_max)); /* Pareto: 53 / beta may take it */
    if (d->kind == DIST_PARETO && room > 0) {
        fail_limit(cv, K_BETA, ">=", 53.0 / room, why);
        return false;
    }
    enum key_id k = scale_key(d->kind);
    fail_limit(cv, k, "<=", scale_value(d) * (CFG_TIME_MAX / x->largest), why);
    return false;
}

/* A lognormal's mean within the sampler's reach: its normal draws end at DIST_Z_MAX, which
 * leaves E[T; Z <= z] = mean Phi(z - sigma) of the mean, and as much of a job scale's. The
 * schema keeps each sigma at most 8.2 (share > 1/2 alone); here their product. A Pareto law
 * whose mean lies mostly beyond the longest draw (beta < 53/52) runs, as beta <= 1 does,
 * with a warning. */
static bool check_reach(struct conv *cv, struct cfg *c, const struct cl_spec *sp,
                        const struct cfg_extent *x)
{
    const struct dist *d = &sp->task_time;
    double fam = dist_partial_mean(d, DIST_U_MAX) / dist_mean(d);
    if (d->kind == DIST_PARETO && d->b > 1 && fam < 0.5)
        warn(c, "workload.beta = %g: the Pareto mean, %g, lies mostly above the longest draw, "
                "tmin 2^(53/beta) = %.3g (the sampler's uniforms end at 1 - 2^-53), and the "
                "draws average %.3g: means of flowtime and machine time approach that, slowly, "
                "as they would not converge at all for beta <= 1; read quantiles and PoCD",
             d->b, dist_mean(d), dist_quantile(d, DIST_U_MAX), dist_partial_mean(d, DIST_U_MAX));
    if (d->kind != DIST_LOGNORMAL || sp->trace || x->mean_share >= 0.5)
        return true;
    double sigma = sp->shape_max > 0 ? sp->shape_max : d->b;
    double own = gsl_cdf_ugaussian_P(DIST_Z_MAX - sigma); /* the tasks' own share */
    char why[512];
    snprintf(why, sizeof why, "the sampler's normal draws end at %.3g standard deviations, which "
             "leaves %.2g%% of the mean task time above every draw: the draws would not have the "
             "mean the config gives", DIST_Z_MAX, 100 * (1 - x->mean_share));
    if (sp->job_spread > 0 && own > 0.5)
        fail_limit(cv, K_JOB_SPREAD, "<=",
                   DIST_Z_MAX - gsl_cdf_ugaussian_Pinv(0.5 / own), why);
    else
        fail_limit(cv, sp->shape_max > 0 ? K_SIGMA_MAX : K_SIGMA, "<=", DIST_Z_MAX, why);
    return false;
}

/* The clock's resolution where the last tasks run (cfg_clock_bits). Where the jobs' arrivals
 * set the span, the loss is certain and below one bit an error, reported against the rate
 * (or the trace); where the tasks' own work sets it, the span is an estimate (a heavy tail's
 * largest tasks may run long after the others) and the loss a warning. */
static bool check_precision(struct conv *cv, struct cfg *c, const struct cl_spec *sp,
                            const struct cfg_extent *x)
{
    double bits = cfg_clock_bits(x->task, x->span);
    if (bits >= CFG_BITS_WARN)
        return true;
    bool arrivals = x->arrivals >= x->work / sp->slots;
    char what[512], w[512];
    snprintf(what, sizeof what, "the clock keeps %.1f bits of the median task time, %.3g, where "
             "the last tasks run, about %.3g %s (one step of the clock is at most 2^-52 of the "
             "time it reads)", fmax(bits, 0.0), x->task, x->span,
             arrivals ? "time units after the start, when the last job arrives"
                      : "time units after the start, the tasks' typical total time per slot");
    if (!arrivals || bits >= 1) {
        if (!arrivals)
            warn(c, "%s: %s: durations are resolved to about %.2g of a median task; more slots, "
                    "fewer jobs or a lighter tail keep more", origin(cv, K_TASK_TIME, w, sizeof w),
                 what, exp2(-bits));
        else if (sp->trace)
            warn(c, "%s: workload.trace: %s: durations are resolved to about %.2g of a median "
                    "task", origin(cv, K_TRACE, w, sizeof w), what, exp2(-bits));
        else
            warn(c, "%s: workload.rate = %g: %s: durations are resolved to about %.2g of a median "
                    "task; rate >= %.3g keeps %d bits", origin(cv, K_RATE, w, sizeof w), sp->rate,
                 what, exp2(-bits), sp->jobs / (x->task * exp2(52 - CFG_BITS_WARN)),
                 CFG_BITS_WARN);
        return true;
    }
    char why[1024];
    enum key_id k = scale_key(sp->task_time.kind);
    double longer = scale_value(&sp->task_time) * exp2(1 - bits);
    snprintf(why, sizeof why, "%s: a task's end would round onto its start", what);
    if (longer <= CFG_TIME_MAX) {
        size_t n = strlen(why);
        snprintf(why + n, sizeof why - n, " (or the task times %.3g times as long: workload.%s "
                 ">= %.3g)", exp2(1 - bits), schema[k].key, longer);
    }
    if (sp->trace) {
        fail(cv->p, "%s: workload.trace: its arrivals span too long for its task times: %s",
             origin(cv, K_TRACE, w, sizeof w), why);
        return false;
    }
    fail_limit(cv, K_RATE, ">=", sp->jobs / (x->task * 0x1p51), why);
    return false;
}

/* The copies of a request `lo` a server of capacity cap fits (the quotient floored after
 * adding 1e-9, so that 0.9 / 0.3 fits 3 and not the 2.999...6 of its rounding). */
static double copies_fitting(double cap, double lo)
{
    return floor(cap / lo + 1e-9);
}

/* A request range [lo, hi] of workload key k (hi: key k_max, lo when unset), its largest
 * fitting a server of capacity cap, and so its least. False with an error otherwise. */
static bool request_range(struct conv *cv, enum key_id k, enum key_id k_max, double cap,
                          const char *cap_key, double *lo, double *hi)
{
    char w[512];
    if (!num(cv, k, lo, "cluster.servers"))
        return false;
    *hi = *lo;
    if (cv->v->set[k_max] && !num(cv, k_max, hi, "cluster.servers"))
        return false;
    if (*hi < *lo) {
        fail(cv->p, "%s: workload.%s: must be >= workload.%s (%g), got '%g'",
             origin(cv, k_max, w, sizeof w), schema[k_max].key, schema[k].key, *lo, *hi);
        return false;
    }
    bool small = copies_fitting(cap, *lo) < 1;
    if (small || *hi > cap * (1 + 1e-9)) {
        enum key_id bad = small ? k : k_max;
        fail(cv->p, "%s: workload.%s: a copy requesting %g does not fit a server of %g "
             "(cluster.%s)", origin(cv, bad, w, sizeof w), schema[bad].key,
             small ? *lo : *hi, cap, cap_key);
        return false;
    }
    return true;
}

/* The slots of cluster.servers: servers x the copies of the least requests a server fits. */
static bool server_slots(struct conv *cv, struct cl_spec *sp)
{
    char w[512];
    double per = fmin(copies_fitting(sp->server_cpu, srv_least_cpu(sp)),
                      copies_fitting(sp->server_mem, srv_least_mem(sp)));
    double slots = sp->servers * per;
    if (slots > schema[K_SLOTS].max) {
        fail(cv->p, "%s: cluster.servers: %d servers of %g copies each make %.0f slots, more "
             "than %.0f", origin(cv, K_SERVERS, w, sizeof w), sp->servers, per, slots,
             schema[K_SLOTS].max);
        return false;
    }
    sp->slots = (int)slots;
    sp->per_server = (int)per;
    return true;
}

/* cluster.servers > 0 (seed 003 §VI): identical servers of CPU and memory capacity; a server
 * holds as many copies as both fit, and the slots follow: servers x as many copies of the
 * least requests as a server fits. With requests drawn per job, which slots a copy may take
 * is the model's (models/servers.h). */
static bool build_servers(struct conv *cv, struct cl_spec *sp)
{
    char w[512];
    if (cv->v->set[K_SLOTS]) {
        fail(cv->p, "%s: cluster.slots: cannot be given with cluster.servers: the slots follow "
             "from the servers and the requests (servers x the copies a server fits)",
             origin(cv, K_SLOTS, w, sizeof w));
        return false;
    }
    int backfill;
    if (!num(cv, K_SERVER_CPU, &sp->server_cpu, "cluster.servers") ||
        !num(cv, K_SERVER_MEM, &sp->server_mem, "cluster.servers") ||
        !request_range(cv, K_CPU_REQUEST, K_CPU_REQUEST_MAX, sp->server_cpu, "server_cpu",
                       &sp->cpu_request, &sp->cpu_request_max) ||
        !request_range(cv, K_MEM_REQUEST, K_MEM_REQUEST_MAX, sp->server_mem, "server_mem",
                       &sp->mem_request, &sp->mem_request_max) ||
        !choice(cv, K_BACKFILL, &backfill))
        return false;
    sp->backfill = backfill == 1;
    sp->cpu_least = sp->cpu_request;
    sp->mem_least = sp->mem_request;
    return server_slots(cv, sp);
}

/* Whether one of a trace's requests (value from its line, column col) fits a server of
 * capacity cap (cluster.cap_key); an error with the trace's file, line and column if not. */
static bool trace_request_fits(struct conv *cv, const struct cfg *c, double value, long line,
                               const char *col, double cap, const char *cap_key)
{
    char w[512];
    if (value <= cap * (1 + 1e-9))
        return true;
    fail(cv->p, "%s: workload.trace: %s:%ld: column '%s': a copy requesting %g fits no server "
         "of %g (cluster.%s); expected at most %g", origin(cv, K_TRACE, w, sizeof w),
         c->trace_path, line, col, value, cap, cap_key, cap);
    return false;
}

/* A trace's own requests (its cpu and mem columns, or a Google table's; docs/guide/traces.md).
 * With cluster.servers they win over the draws, so the jobs are placed as with requests drawn
 * per job (srv_drawn); each must fit a server, and the least of them, where below
 * cpu_request or mem_request, sets the slots per server. Without servers nothing places by
 * requests: they are not used, with a warning for a CSV trace's (columns written for them). */
static bool build_trace_requests(struct conv *cv, struct cfg *c, struct cl_spec *sp)
{
    char w[512];
    const struct tr_trace *tr = sp->trace;
    sp->trace_requests = false;
    bool cpu = false, mem = false;
    for (int i = 0; tr && i < sp->jobs; i++) {
        cpu |= tr->job[i].cpu > 0;
        mem |= tr->job[i].mem > 0;
    }
    if (!cpu && !mem)
        return true;
    if (sp->servers == 0) {
        int fmt;
        if (!choice(cv, K_TRACE_FORMAT, &fmt))
            return false;
        if (fmt == TR_CSV)
            warn(c, "%s: workload.trace: its requests (columns %s) are not used without "
                    "cluster.servers", origin(cv, K_TRACE, w, sizeof w),
                 cpu && mem ? "cpu and mem" : cpu ? "cpu" : "mem");
        return true;
    }
    for (int i = 0; i < sp->jobs; i++) {
        const struct tr_job *t = &tr->job[i];
        if (!trace_request_fits(cv, c, t->cpu, t->cpu_line, tr->cpu_col, sp->server_cpu,
                                "server_cpu") ||
            !trace_request_fits(cv, c, t->mem, t->mem_line, tr->mem_col, sp->server_mem,
                                "server_mem"))
            return false;
        if (t->cpu > 0)
            sp->cpu_least = fmin(sp->cpu_least, t->cpu);
        if (t->mem > 0)
            sp->mem_least = fmin(sp->mem_least, t->mem);
    }
    sp->trace_requests = true;
    return server_slots(cv, sp);
}

/* Seed 003's stragglers: p at an idle cluster, p_max at a full one (p_max >= p: assumption 5
 * says more stragglers at higher utilisation), and the reading of the unsaid 10 %. */
static bool build_straggle(struct conv *cv, struct cl_spec *sp)
{
    char w[512];
    int rest;
    if (!num(cv, K_STRAGGLE_P, &sp->straggle_p, "the model"))
        return false;
    sp->straggle_p_max = sp->straggle_p;
    if (cv->v->set[K_STRAGGLE_P_MAX] &&
        !num(cv, K_STRAGGLE_P_MAX, &sp->straggle_p_max, "the model"))
        return false;
    if (sp->straggle_p_max < sp->straggle_p) {
        fail(cv->p, "%s: cluster.straggle_p_max: must be >= cluster.straggle_p (%g): stragglers "
             "grow with utilisation (seed 003 assumption 5), got '%g'",
             origin(cv, K_STRAGGLE_P_MAX, w, sizeof w), sp->straggle_p, sp->straggle_p_max);
        return false;
    }
    if (!choice(cv, K_STRAGGLE_REST, &rest))
        return false;
    sp->straggle_rest = rest;
    return true;
}

/* Key `key`, which `does` what it says, set beside one of the keys `other` that it replaces:
 * an error naming both places ("set one of them"). */
static bool alone(struct conv *cv, int key, const int *other, int nother, const char *does)
{
    char w[512], msg[512];
    for (int i = 0; i < nother; i++) {
        const struct entry *o = cv->v->set[other[i]];
        if (!o)
            continue;
        fail(cv->p, "%s: %s.%s: %s, instead of %s.%s (%s): set one of them",
             where(cv->v->set[key], w, sizeof w), schema[key].section, schema[key].key, does,
             o->section, o->key, where(o, msg, sizeof msg));
        return false;
    }
    return true;
}

/* A `*_choices` key: two to CL_CHOICES values, each valid for key `like`, instead of the keys
 * `other` (set: an error); the least is returned in *least (what the single value's readers
 * read). `what` names a value in the messages ("deadline"). */
static bool build_choices(struct conv *cv, int key, int like, const int *other, int nother,
                          const char *what, double *value, int *n, double *least)
{
    const struct entry *e = cv->v->set[key];
    char w[512], msg[512];
    cv->used[key] = true;
    snprintf(msg, sizeof msg, "gives each job's %s", what);
    if (!alone(cv, key, other, nother, msg))
        return false;
    char copy[1024], *item[CL_CHOICES + 1];
    snprintf(copy, sizeof copy, "%s", e->value);
    int k = text_split(copy, ',', NULL, 0);
    if (k < 2 || k > CL_CHOICES) {
        fail(cv->p, "%s: %s.%s: 2 to %d comma-separated %ss, got %d ('%s'; one %s for every "
             "job is %s.%s)", where(e, w, sizeof w), schema[key].section, schema[key].key,
             CL_CHOICES, what, k, e->value, what, schema[like].section, schema[like].key);
        return false;
    }
    text_split(copy, ',', item, k);
    *least = INFINITY;
    for (int i = 0; i < k; i++) {
        if (!check_key(&schema[like], item[i], &value[i], msg, sizeof msg)) {
            fail(cv->p, "%s: %s.%s: value %d: %s", where(e, w, sizeof w), schema[key].section,
                 schema[key].key, i + 1, msg);
            return false;
        }
        *least = fmin(*least, value[i]);
    }
    *n = k;
    return true;
}

/* Deadlines: none, the scenario's, each job's own between deadline and deadline_max or one of
 * deadline_choices, or a trace's per job. A trace that gives some of the jobs a replica runs a deadline needs
 * workload.deadline for the others. */
static bool build_deadlines(struct conv *cv, struct cl_spec *sp)
{
    char w[512];
    sp->deadline = INFINITY;
    sp->deadline_max = 0;
    sp->deadline_choices = 0;
    if (cv->v->set[K_DEADLINE] && !num(cv, K_DEADLINE, &sp->deadline, "deadlines"))
        return false;
    static const int instead[] = {K_DEADLINE, K_DEADLINE_MAX};
    if (cv->v->set[K_DEADLINE_CHOICES] &&
        !build_choices(cv, K_DEADLINE_CHOICES, K_DEADLINE, instead, 2, "deadline",
                       sp->deadline_choice, &sp->deadline_choices, &sp->deadline))
        return false;
    const struct entry *e = cv->v->set[K_DEADLINE_MAX];
    if (e) {
        if (!num(cv, K_DEADLINE_MAX, &sp->deadline_max, "per-job deadlines"))
            return false;
        if (!isfinite(sp->deadline)) {
            fail(cv->p, "%s: workload.deadline_max: each job's deadline is drawn between "
                 "workload.deadline and it; set workload.deadline too", where(e, w, sizeof w));
            return false;
        }
        if (!(sp->deadline_max > sp->deadline)) {
            fail(cv->p, "%s: workload.deadline_max: must be > workload.deadline (%g), got '%s'",
                 where(e, w, sizeof w), sp->deadline, e->value);
            return false;
        }
    }
    if (sp->trace && !isfinite(sp->deadline) && wl_own_deadlines(sp) && !wl_deadlines(sp)) {
        fail(cv->p, "%s: workload.trace: its deadline column gives some jobs a deadline and "
             "leaves others without (0 or empty); set workload.deadline for those, or give "
             "every job one", origin(cv, K_TRACE, w, sizeof w));
        return false;
    }
    return true;
}

/* Jobs' own prices: uniform between price and price_max, or one of price_choices (a trace's
 * price column comes first, models/workload.c). */
static bool build_prices(struct conv *cv, struct cl_spec *sp)
{
    char w[512];
    sp->utility_price_max = 0;
    sp->utility_price_choices = 0;
    static const int instead[] = {K_U_PRICE, K_U_PRICE_MAX};
    if (cv->v->set[K_U_PRICE_CHOICES])
        return build_choices(cv, K_U_PRICE_CHOICES, K_U_PRICE, instead, 2, "price",
                             sp->utility_price_choice, &sp->utility_price_choices,
                             &sp->utility_price);
    const struct entry *e = cv->v->set[K_U_PRICE_MAX];
    if (!e)
        return true;
    if (!num(cv, K_U_PRICE_MAX, &sp->utility_price_max, "per-job prices"))
        return false;
    if (!(sp->utility_price_max > sp->utility_price)) {
        fail(cv->p, "%s: utility.price_max: must be > utility.price (%g), got '%s'",
             where(e, w, sizeof w), sp->utility_price, e->value);
        return false;
    }
    return true;
}

/* The price over time (utility.price_history, seed 004 §VII-B's spot prices), read once:
 * instead of the jobs' prices (price, price_max, price_choices, a trace's price column). */
static bool build_price_history(struct conv *cv, struct cfg *c, struct cl_spec *sp)
{
    const struct entry *e = cv->v->set[K_U_PRICE_HISTORY];
    sp->spot = NULL;
    if (!e)
        return true;
    cv->used[K_U_PRICE_HISTORY] = true;
    char w[512], msg[1024];
    static const int instead[] = {K_U_PRICE, K_U_PRICE_MAX, K_U_PRICE_CHOICES};
    if (!alone(cv, K_U_PRICE_HISTORY, instead, 3, "prices every copy by the time it runs"))
        return false;
    if (sp->trace && wl_own_prices(sp)) {
        fail(cv->p, "%s: utility.price_history: prices every copy by the time it runs, and "
             "the trace's price column prices its jobs (%s): drop one of them",
             where(e, w, sizeof w), origin(cv, K_TRACE, msg, sizeof msg));
        return false;
    }
    if (!c->spot) {
        char path[4096];
        input_path(e, path, sizeof path);
        struct spot_prices *s = calloc(1, sizeof *s);
        if (!s || tr_read_prices(path, s, msg, sizeof msg)) {
            fail(cv->p, "%s: utility.price_history: %s", where(e, w, sizeof w),
                 s ? msg : "out of memory");
            free(s);
            return false;
        }
        c->spot = s;
        if (!add_input(cv, c, "utility.price_history", path, spot_digest(s)))
            return false;
    }
    sp->spot = c->spot;
    sp->utility_price = spot_at(c->spot, 0.0); /* what reads one price: the first */
    return true;
}

/* How reduce phases follow map phases; the two pipeline_* keys only with pipelined phases
 * (otherwise set and unused: the warning names them). */
static bool build_phases(struct conv *cv, struct cl_spec *sp)
{
    int phases, feed = FEED_SHARES;
    sp->pipeline_start = 0.0;
    if (!choice(cv, K_PHASES, &phases))
        return false;
    sp->phases = (enum cl_phases)phases;
    if (sp->phases == PHASES_PIPELINED &&
        (!num(cv, K_PIPELINE_START, &sp->pipeline_start, "workload.phases = pipelined") ||
         !choice(cv, K_PIPELINE_FEED, &feed)))
        return false;
    sp->pipeline_feed = (enum cl_feed)feed;
    return true;
}

static bool build_spec(struct conv *cv, struct cfg *c, struct cl_spec *sp)
{
    int arrival, estimator, copy_time;
    char w[512];
    if (!num_int(cv, K_SERVERS, &sp->servers, "the model") ||
        (sp->servers > 0 ? !build_servers(cv, sp)
                         : !num_int(cv, K_SLOTS, &sp->slots, "the model")) ||
        !num(cv, K_INTERVAL, &sp->interval, "the model") ||
        !num(cv, K_LAUNCH_DELAY, &sp->launch_delay, "the model") ||
        !choice(cv, K_ESTIMATOR, &estimator) ||
        !num(cv, K_NOISE, &sp->estimate_noise, "the model") || !choice(cv, K_ARRIVAL, &arrival))
        return false;
    sp->estimator = (enum cl_estimator)estimator;
    sp->arrival = (enum cl_arrival)arrival;
    if (!build_straggle(cv, sp))
        return false;
    sp->rate = 0;
    if (!cv->v->set[K_TRACE] && sp->arrival == ARRIVAL_POISSON &&
        !num(cv, K_RATE, &sp->rate, "arrival = poisson"))
        return false;
    if (!build_jobs(cv, c, sp) || !build_trace_requests(cv, c, sp) || !build_phases(cv, sp) ||
        !build_dist(cv, c, &sp->task_time))
        return false;
    if (sp->trace && !isfinite(dist_mean(&sp->task_time))) {
        fail(cv->p, "%s: workload.task_time: a trace gives each job's mean task time, which "
             "this distribution cannot be scaled to (its mean is infinite; Pareto needs beta > 1)",
             origin(cv, K_TASK_TIME, w, sizeof w));
        return false;
    }
    if (!build_shapes(cv, sp) || !choice(cv, K_COPY_TIME, &copy_time))
        return false;
    sp->copy_time = (enum cl_copy_time)copy_time;
    if (!build_deadlines(cv, sp))
        return false;
    if (!num_int(cv, K_WARMUP, &sp->warmup, "the model"))
        return false;
    if (sp->warmup >= sp->jobs) {
        fail(cv->p, "%s: workload.warmup: must be smaller than workload.jobs (%d), got '%d'",
             origin(cv, K_WARMUP, w, sizeof w), sp->jobs, sp->warmup);
        return false;
    }
    if (!num_int(cv, K_WEIGHT_MIN, &sp->weight_min, "the model") ||
        !num_int(cv, K_WEIGHT_MAX, &sp->weight_max, "the model"))
        return false;
    if (sp->weight_max < sp->weight_min || sp->weight_max == 0) {
        fail(cv->p, "%s: workload.weight_max: must be >= weight_min (%d) and > 0, got '%d'",
             origin(cv, K_WEIGHT_MAX, w, sizeof w), sp->weight_min, sp->weight_max);
        return false;
    }
    if (!num(cv, K_U_THETA, &sp->utility_theta, "the utility metric") ||
        !num(cv, K_U_PRICE, &sp->utility_price, "the utility metric") ||
        !num(cv, K_U_RMIN, &sp->utility_rmin, "the utility metric") || !build_prices(cv, sp) ||
        !build_price_history(cv, c, sp))
        return false;
    /* with per-job scales (spread or trace) some jobs' tmin is below the scenario's (per-job
       tail indices keep the mean, which puts every job's tmin above it) */
    if (sp->task_time.kind == DIST_PARETO && sp->deadline < sp->task_time.a &&
        sp->job_spread == 0 && !sp->trace)
        warn(c, "workload.deadline = %g is below tmin = %g: no job can meet it", sp->deadline,
             sp->task_time.a);
    struct cfg_extent x;
    cfg_extent(sp, &x);
    return check_longest(cv, sp, &x) && check_reach(cv, c, sp, &x) &&
           check_precision(cv, c, sp, &x);
}

/* An option's value named by `value` (pol_param.names), or -1. */
static int option_value(const struct pol_param *pp, const char *value)
{
    for (int v = 0; pp->names && pp->names[v]; v++)
        if (!strcmp(pp->names[v], value))
            return v;
    return -1;
}

void cfg_param_options(const struct pol_param *pp, char *buf, size_t len)
{
    size_t n = 0;
    int count = 0;
    buf[0] = '\0';
    for (; pp->names && pp->names[count] && n < len; count++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s", count ? ", " : "", pp->names[count]);
    for (int v = 0; v < count && n < len; v++)
        n += (size_t)snprintf(buf + n, len - n, "%s%d%s", v ? ", " : " (or ", v,
                              v == count - 1 ? ")" : "");
}

/* A policy parameter's value: a number in its range, an option's name (pol_param.names),
 * "auto" (NAN) where it allows it, or for a time a number in its range and a unit of the
 * workload ("0.3 tmin"), resolved per scenario by the caller. */
static bool param_value(const struct pol_param *pp, const char *value, double *out,
                        enum cfg_unit *unit, char *msg, size_t len)
{
    *unit = CFG_UNIT_NONE;
    if (pp->allow_auto && !strcmp(value, "auto")) {
        *out = NAN;
        return true;
    }
    if (pp->names) {
        int v = option_value(pp, value);
        if (v >= 0 || check_number(value, true, pp->min, pp->max, false, false, NULL, out, msg,
                                   len)) {
            if (v >= 0)
                *out = v;
            return true;
        }
        char valid[256], hint[96];
        int count = 0;
        while (pp->names[count])
            count++;
        cfg_param_options(pp, valid, sizeof valid);
        snprintf(msg, len, "unknown value '%s'%s; valid: ", value,
                 text_did_you_mean(hint, sizeof hint, value, pp->names, count));
        size_t n = strlen(msg);
        snprintf(msg + n, len - n, "%s%s", valid, pp->allow_auto ? ", or auto" : "");
        return false;
    }
    struct cfg_time t;
    if (pp->kind != POL_NUMBER && cfg_time_parse(value, &t) && t.unit != CFG_UNIT_NONE &&
        t.x >= pp->min && t.x <= pp->max) {
        *out = t.x;
        *unit = t.unit;
        return true;
    }
    if (check_number(value, pp->integer, pp->min, pp->max, false, false, NULL, out, msg, len))
        return true;
    if (pp->kind != POL_NUMBER) {
        char range[96];
        describe_range(range, sizeof range, pp->integer, pp->min, pp->max, false, false);
        snprintf(msg, len, "must be a time: %s, alone or followed by tmin or mean (relative to "
                 "the workload), got '%s'", range, value);
    } else if (pp->allow_auto) {
        size_t n = strlen(msg);
        snprintf(msg + n, len - n, " (or auto)");
    }
    return false;
}

/* A time given relative to the workload, in this scenario: its absolute value, checked
 * against the parameter's range, and a note for the results file. */
static bool resolve_time(struct conv *cv, const char *policy, const struct pol_param *pp,
                         const struct entry *e, const struct cl_spec *sp, enum cfg_unit unit,
                         double *value, char *note, size_t notelen)
{
    char msg[256], w[512], range[96];
    double u;
    if (!cfg_unit_value(sp, unit, &u, msg, sizeof msg)) {
        fail(cv->p, "%s: policy.%s.%s: %s", where(e, w, sizeof w), policy, pp->key, msg);
        return false;
    }
    double v = *value * u;
    if (!(v >= pp->min && v <= pp->max)) {
        describe_range(range, sizeof range, false, pp->min, pp->max, false, false);
        fail(cv->p, "%s: policy.%s.%s: '%s' is %g in this scenario; must be %s",
             where(e, w, sizeof w), policy, pp->key, e->value, v, range);
        return false;
    }
    *value = v;
    size_t n = strlen(note);
    snprintf(note + n, notelen - n, "%s%s = %g (%s)", n ? ", " : "", pp->key, v, e->value);
    return true;
}

/* Every policy's parameters in this scenario: given or default, times resolved. */
static bool build_params(struct conv *cv, const struct cfg *c, const struct cl_spec *sp,
                         double *params, char **notes)
{
    for (int p = 0; p < c->npolicies; p++) {
        const struct policy *pol = c->policies[p];
        char note[512] = "";
        for (int i = 0; pol->params[i].key; i++) {
            const struct pol_param *pp = &pol->params[i];
            const struct entry *e = cv->v->pol[p * POL_MAX_PARAMS + i];
            double *out = &params[p * POL_MAX_PARAMS + i];
            if (!e) {
                *out = cfg_time_default(sp, pp);
                continue;
            }
            char msg[256], w[512];
            enum cfg_unit unit;
            const char *half = pol_param_half(pol, i)->name;
            if (!param_value(pp, e->value, out, &unit, msg, sizeof msg)) {
                fail(cv->p, "%s: policy.%s.%s: %s", where(e, w, sizeof w), half, pp->key, msg);
                return false;
            }
            if (unit != CFG_UNIT_NONE &&
                !resolve_time(cv, half, pp, e, sp, unit, out, note, sizeof note))
                return false;
        }
        if (note[0] && !(notes[p] = strdup(note))) {
            fail(cv->p, "out of memory");
            return false;
        }
    }
    return true;
}

/* Times that leave a policy nearly inert in this scenario (docs/guide/config.md, "Times"): the
 * gate of each policy, the bar a task must pass for the policy to act on it, against how long
 * the scenario's tasks run. */
static void warn_inert(struct conv *cv, struct cfg *c, const struct cl_spec *sp,
                       const double *params)
{
    for (int p = 0; p < c->npolicies; p++) {
        const struct policy *pol = c->policies[p];
        const double *param = params + p * POL_MAX_PARAMS;
        struct pol_gate gate = pol_call_gate(pol, sp, param);
        int g = gate.key;
        if (g < 0)
            continue;
        const char *key = pol->params[g].key;
        const struct entry *e = cv->v->pol[p * POL_MAX_PARAMS + g];
        bool relative = false, auto_ok = false;
        if (e) {
            struct cfg_time t;
            relative = cfg_time_parse(e->value, &t) && t.unit != CFG_UNIT_NONE;
            auto_ok = pol->params[g].allow_auto && strcmp(e->value, "auto") != 0;
        }
        char w[512], origin[520] = "", given[300] = "", what[1024], msg[1536];
        if (e)
            snprintf(origin, sizeof origin, "%s: ", where(e, w, sizeof w));
        if (relative || !e)
            snprintf(given, sizeof given, " (%s)", e ? e->value : "the default");
        snprintf(what, sizeof what, "%spolicy.%s.%s = %g%s", origin, pol_param_half(pol, g)->name,
                 key, param[g], given);
        if (cfg_time_inert(sp, c->seed, gate, param[g], what, key, relative, auto_ok, msg,
                           sizeof msg))
            warn(c, "%s", msg);
    }
}

_Static_assert(POL_MAX_PARAMS <= 32, "auto_params holds one bit per policy parameter");

/* Combinations a policy cannot run with, reported against the policy's section; then the
 * `auto` parameters, noted in auto_params and resolved by the policy once for the scenario
 * (one it chooses per job, auto_per_job, stays NaN for its replicas). */
static bool check_policies(struct conv *cv, const struct cfg *c, const struct cl_spec *sp,
                           double *params, uint32_t *auto_params)
{
    for (int p = 0; p < c->npolicies; p++) {
        const struct policy *pol = c->policies[p];
        double *param = params + p * POL_MAX_PARAMS;
        char msg[512], w[512];
        if (!pol_call_check(pol, sp, param, msg, sizeof msg)) {
            fail(cv->p, "%s: policy.list: %s %s", origin(cv, K_LIST, w, sizeof w), pol->name,
                 msg);
            return false;
        }
        auto_params[p] = 0;
        for (int i = 0; pol->params[i].key; i++)
            if (isnan(param[i]))
                auto_params[p] |= UINT32_C(1) << i;
        if (auto_params[p])
            pol_call_resolve(pol, sp, param);
    }
    return true;
}

/* Periodic mechanisms the clock can still step through: a tick at k interval, a heartbeat
 * re-armed at now + period, each must lie more than a step of the clock (at most t 2^-52)
 * after the last over the whole span, or the ticks coincide (k past 2^53 no longer advances)
 * and the heartbeat fires forever at one instant. */
static bool check_periods(struct conv *cv, const struct cfg *c, const struct cl_spec *sp,
                          const double *params)
{
    struct cfg_extent x;
    cfg_extent(sp, &x);
    double least = x.span * 0x1p-51; /* one bit of a period at the span */
    char why[512], w[512];
    snprintf(why, sizeof why, "the run reaches about %.3g time units, where one step of the clock "
             "is up to 2^-52 of that: a shorter period is lost in the rounding, and its ticks "
             "or beats would fire forever at one instant", x.span);
    if (sp->interval > 0 && cfg_clock_bits(sp->interval, x.span) < 1) {
        fail_limit(cv, K_INTERVAL, ">=", least, why);
        return false;
    }
    for (int p = 0; p < c->npolicies; p++) {
        const struct policy *pol = c->policies[p];
        int i = pol->heartbeat ? param_lookup(pol, pol->heartbeat) : -1;
        double period = i >= 0 ? params[p * POL_MAX_PARAMS + i] : 0;
        if (i < 0 || cfg_clock_bits(period, x.span) >= 1)
            continue;
        const struct entry *e = cv->v->pol[p * POL_MAX_PARAMS + i];
        fail(cv->p, "%s: policy.%s.%s: must be >= %.3g here, got '%s': %s",
             e ? where(e, w, sizeof w) : "default", pol_param_half(pol, i)->name, pol->heartbeat,
             least,
             e ? e->value : "the default", why);
        return false;
    }
    return true;
}

/* ---------------------------------------------------------------- loading */

/* The longest config read: 64 MiB (100 000 sweep values of 600 characters). */
#define CFG_TEXT_MAX (64 << 20)

static char *read_file(const char *path, char *err, size_t errlen)
{
    FILE *f = text_open_regular(path, err, errlen);
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
        if (len > CFG_TEXT_MAX) {
            snprintf(err, errlen, "%s: longer than %d MiB: not a config (a config of the "
                     "largest sweep is far shorter)", path, CFG_TEXT_MAX >> 20);
            free(buf);
            fclose(f);
            return NULL;
        }
        if (len + 1 == cap) {
            char *nb = realloc(buf, cap *= 2);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    bool bad = ferror(f);
    fclose(f);
    if (!buf || bad) {
        snprintf(err, errlen, "%s: cannot read%s", path, buf ? "" : " (out of memory)");
        free(buf);
        return NULL;
    }
    buf[len] = '\0';
    if (strlen(buf) != len) {
        snprintf(err, errlen, "%s: not a text file (contains a NUL byte)", path);
        free(buf);
        return NULL;
    }
    return buf;
}

/* Split "section.key=value" from --set; the section is everything before the last dot of
 * the left-hand side, except for sweeps: "sweep.workload.rate=1,2" is key workload.rate of
 * [sweep] (likewise [zip]). */
static bool split_set(const char *arg, char **section, char **key, char **value)
{
    const char *eq = strchr(arg, '=');
    if (!eq)
        return false;
    char *lhs = strndup(arg, (size_t)(eq - arg));
    if (!lhs)
        return false;
    char *l = text_trim(lhs);
    char *dot = !strncmp(l, "sweep.", 6) ? l + 5 : !strncmp(l, "zip.", 4) ? l + 3 : strrchr(l, '.');
    if (!dot || dot == l || !dot[1]) {
        free(lhs);
        return false;
    }
    *dot = '\0';
    *section = strdup(l);
    *key = strdup(dot + 1);
    char *v = strdup(eq + 1);
    *value = v ? strdup(text_trim(v)) : NULL;
    free(v);
    free(lhs);
    return *section && *key && *value;
}

static bool apply_sets(struct parse *p, struct cfg *c, const char *const *sets, int nsets)
{
    size_t total = 1;
    for (int i = 0; i < nsets; i++)
        total += strlen(sets[i]) + 1;
    c->overrides = calloc(1, total);
    if (!c->overrides)
        return false;
    for (int i = 0; i < nsets; i++) {
        char *section = NULL, *key = NULL, *value = NULL;
        if (!split_set(sets[i], &section, &key, &value)) {
            fail(p, "--set '%s': expected section.key=value, e.g. cluster.slots=200", sets[i]);
            free(section), free(key), free(value);
            return false;
        }
        strcat(c->overrides, sets[i]);
        strcat(c->overrides, "\n");
        if (!known_section(section)) {
            fail(p, "--set %s.%s: unknown section [%s]", section, key, section);
        } else {
            struct entry *e = find_entry(&p->ent, section, key);
            if (e) {
                char *nv = strdup(value);
                if (nv) {
                    free(e->value);
                    e->value = nv;
                    e->file = "--set";
                    e->line = 0;
                }
            } else if (add_entry(&p->ent, section, key, value, "--set", 0)) {
                fail(p, "out of memory");
            }
        }
        free(section), free(key), free(value);
        if (p->failed)
            return false;
    }
    return true;
}

/* Experiment keys and the policy list. */
static bool read_precision_metrics(struct parse *p, struct cfg *c, const struct entry *e);

/* Sequential stopping: precision, the metrics it applies to, max_replicas (needed with it,
 * at least the first batch `replicas`, which is also the least n: at least CFG_SEQ_MIN_N);
 * a precision the asked metrics can reach. */
static bool read_precision(struct parse *p, struct cfg *c, struct conv *cv)
{
    const struct view *b = cv->v;
    char w[512];
    /* unset precision_metrics: every metric up to the slowdowns, which came later; a default
       that grew with every metric added would change where existing runs stop */
    for (int m = 0; m < M_COUNT; m++)
        c->precision_metric[m] = m < M_SLOWDOWN;
    if (!b->set[K_PRECISION]) {
        if (b->set[K_MAX_REPLICAS] || b->set[K_PRECISION_METRICS])
            warn(c, "%s: experiment.%s has no effect without experiment.precision",
                 where(b->set[K_MAX_REPLICAS] ? b->set[K_MAX_REPLICAS] : b->set[K_PRECISION_METRICS],
                       w, sizeof w),
                 b->set[K_MAX_REPLICAS] ? "max_replicas" : "precision_metrics");
        return true;
    }
    double v;
    if (!num(cv, K_PRECISION, &c->precision, "the run"))
        return false;
    if (!b->set[K_MAX_REPLICAS]) {
        fail(p, "%s: experiment.precision: needs experiment.max_replicas, the most replicas to "
             "run before giving up", where(b->set[K_PRECISION], w, sizeof w));
        return false;
    }
    if (!num(cv, K_MAX_REPLICAS, &v, "experiment.precision"))
        return false;
    c->max_replicas = (int)v;
    const struct entry *e = b->set[K_PRECISION_METRICS];
    if (e && !read_precision_metrics(p, c, e))
        return false;
    for (int m = 0; m < M_COUNT; m++)
        if (c->precision_metric[m] && metric_info[m].pooled > 0 &&
            c->precision < pq_least_half_width()) {
            fail(p, "%s: experiment.precision = %g is less than a pooled job quantile's interval "
                 "can reach (%s%s: its ends fall on bins %.2f %% wide, so its relative "
                 "half-width is at least %.3g; docs/methods/statistics.md): ask for %.4f or "
                 "more, or name the metrics in experiment.precision_metrics without it",
                 where(b->set[K_PRECISION], w, sizeof w), c->precision, metric_info[m].name,
                 e ? "" : ", one of the metrics precision_metrics asks by default",
                 100 * (lh_edge(1) - 1), pq_least_half_width(),
                 ceil(pq_least_half_width() * 1e4) / 1e4);
            return false;
        }
    return true;
}

/* experiment.precision_metrics (entry e): the metrics it names into c->precision_metric. */
static bool read_precision_metrics(struct parse *p, struct cfg *c, const struct entry *e)
{
    char w[512];
    char *list = strdup(e->value);
    int n = list ? text_split(list, ',', NULL, 0) : 0;
    char **items = n > 0 ? calloc((size_t)n, sizeof *items) : NULL;
    bool ok = items != NULL;
    if (ok) {
        text_split(list, ',', items, n);
        for (int m = 0; m < M_COUNT; m++)
            c->precision_metric[m] = false;
    }
    for (int i = 0; ok && i < n; i++) {
        int m = 0;
        while (m < M_COUNT && strcmp(items[i], metric_info[m].name))
            m++;
        if (m == M_COUNT) {
            char valid[1024] = "";
            for (int k = 0; k < M_COUNT; k++)
                snprintf(valid + strlen(valid), sizeof valid - strlen(valid), "%s%s",
                         k ? ", " : "", metric_info[k].name);
            fail(p, "%s: experiment.precision_metrics: unknown metric '%s'; valid: %s",
                 where(e, w, sizeof w), items[i], valid);
            ok = false;
        } else
            c->precision_metric[m] = true;
    }
    if (!items || n == 0) {
        fail(p, "%s: experiment.precision_metrics: name at least one metric",
             where(e, w, sizeof w));
        ok = false;
    }
    free(items);
    free(list);
    return ok;
}

/* experiment.name, or the default: the config's base name. It is written to the results file
 * as UTF-8 text and titles reports and figures, so it must be text: valid UTF-8, no control
 * characters, 1 to CFG_NAME_MAX bytes. */
static bool read_name(struct parse *p, struct cfg *c, const struct entry *e)
{
    if (e) {
        c->name = strdup(e->value);
    } else { /* experiments/chronos-table1.ini -> chronos-table1 */
        const char *b = strrchr(p->path, '/') ? strrchr(p->path, '/') + 1 : p->path;
        size_t n = strlen(b);
        c->name = strndup(b, n > 4 && !strcmp(b + n - 4, ".ini") ? n - 4 : n);
    }
    if (!c->name) {
        fail(p, "out of memory");
        return false;
    }
    size_t n = strlen(c->name);
    if (n >= 1 && n <= CFG_NAME_MAX && text_is_printable(c->name))
        return true;
    char w[512], q[TEXT_PRINTABLE_LEN(TEXT_QUOTE_MAX)];
    fail(p, "%s: experiment.name: %smust be 1 to %d bytes of UTF-8 text without control "
            "characters, got '%s' (%zu bytes)%s",
         e ? where(e, w, sizeof w) : p->path, e ? "" : "the default, the file's base name, ",
         CFG_NAME_MAX, text_printable(q, sizeof q, c->name, TEXT_QUOTE_MAX), n,
         e ? "" : "; set experiment.name");
    return false;
}

static bool read_experiment(struct parse *p, struct cfg *c, struct view *base)
{
    struct conv cv = {.p = p, .v = base};
    double v;
    if (!read_name(p, c, base->set[K_NAME]))
        return false;
    if (!num(&cv, K_REPLICAS, &v, "the run"))
        return false;
    c->replicas = (int)v;
    if (!num(&cv, K_CONFIDENCE, &c->confidence, "the run") || !read_precision(p, c, &cv))
        return false;
    const struct entry *e = base->set[K_SEED];
    c->seed = 1;
    if (e && !text_parse_u64(e->value, &c->seed)) {
        char w[512];
        fail(p, "%s: experiment.seed: must be a decimal integer in [0, 2^64), got '%s'",
             where(e, w, sizeof w), e->value);
        return false;
    }

    e = base->set[K_LIST];
    char *list = strdup(e ? e->value : schema[K_LIST].def);
    int nitems = list ? text_split(list, ',', NULL, 0) : 0;
    if (nitems == 0) {
        char w[512];
        fail(p, "%s: policy.list: empty; name at least one policy (see specmc list)",
             e ? where(e, w, sizeof w) : "default");
        free(list);
        return false;
    }
    char **items = nitems > 0 ? calloc((size_t)nitems, sizeof *items) : NULL;
    c->policies = nitems > 0 ? calloc((size_t)nitems, sizeof *c->policies) : NULL;
    bool ok = items && c->policies;
    if (ok)
        text_split(list, ',', items, nitems);
    else
        fail(p, "out of memory");
    for (int i = 0; ok && i < nitems; i++) {
        char w[512], msg[256];
        const char *at = e ? where(e, w, sizeof w) : "default";
        const struct policy *pol = list_item(items[i], msg, sizeof msg);
        if (!pol) {
            char known[1024];
            fail(p, "%s: policy.list: %s; %s", at, msg, known_policies(known, sizeof known));
            ok = false;
        } else if (policy_index(c, pol->name) >= 0) {
            fail(p, "%s: policy.list: '%s' is listed twice", at, items[i]);
            pol_pair_free(pol);
            ok = false;
        } else {
            c->policies[c->npolicies++] = pol;
        }
    }
    free(items);
    free(list);
    return ok && !p->failed;
}

/* A value checked against its own key's type and range, before any combination: every value
 * in the file is checked, even one that a sweep overrides in every scenario. */
static bool valid_alone(struct parse *p, int k, const struct entry *e)
{
    const struct key_schema *ks = &schema[k];
    char msg[512], w[512];
    double v;
    if (ks->type == KT_INT || ks->type == KT_REAL) {
        if (!check_key(ks, e->value, &v, msg, sizeof msg)) {
            fail(p, "%s: %s.%s: %s", where(e, w, sizeof w), ks->section, ks->key, msg);
            return false;
        }
    } else if (ks->type == KT_CHOICE) {
        struct view one = {.set = {[0] = NULL}};
        one.set[k] = e;
        struct conv cv = {.p = p, .v = &one};
        int idx;
        return choice(&cv, (enum key_id)k, &idx);
    }
    return true;
}

/* Resolve every non-sweep entry into the base view; unknown keys are errors. */
/* [histogram]: run-wide, like [experiment]; its keys cannot be swept. */
static bool read_histograms(struct parse *p, struct cfg *c, struct view *base)
{
    static const enum key_id key[JQ_COUNT] = {[JQ_FLOWTIME] = K_H_FLOWTIME,
                                              [JQ_MACHINE_TIME] = K_H_MACHINE_TIME};
    struct conv cv = {.p = p, .v = base};
    bool any = false;
    for (int q = 0; q < JQ_COUNT; q++) {
        c->hist_max[q] = 0;
        if (base->set[key[q]] && !num(&cv, key[q], &c->hist_max[q], "the histograms"))
            return false;
        any = any || c->hist_max[q] > 0;
    }
    c->hist_bins = 0;
    if (any)
        return num_int(&cv, K_H_BINS, &c->hist_bins, "the histograms");
    if (base->set[K_H_BINS]) {
        char w[512];
        warn(c, "%s: histogram.bins is set but no histogram is (set histogram.flowtime or "
                "histogram.machine_time)",
             where(base->set[K_H_BINS], w, sizeof w));
    }
    return true;
}

/* One FROM:STEP:TO range of series.times: its count (TO included where it lands within a
 * billionth of a step), or -1 when it is not one. */
static double series_range(const char *item, double *from, double *step)
{
    char *end;
    double to;
    *from = strtod(item, &end);
    if (end == item || *end != ':')
        return -1;
    const char *q = end + 1;
    *step = strtod(q, &end);
    if (end == q || *end != ':')
        return -1;
    q = end + 1;
    to = strtod(q, &end);
    if (end == q || *end || !isfinite(*from) || !isfinite(*step) || !isfinite(to) ||
        !(*step > 0) || to < *from)
        return -1;
    return floor((to - *from) / *step + 1e-9) + 1;
}

/* [series]: run-wide like [histogram]. times: items "T" or "FROM:STEP:TO", comma-separated,
 * ascending, each in [0, CFG_TIME_MAX], then optionally a unit ("mean", "tmin") for all of
 * them, at most CFG_SERIES_MAX times. */
static bool read_series(struct parse *p, struct cfg *c, struct view *base)
{
    struct conv cv = {.p = p, .v = base};
    const struct entry *e = base->set[K_S_TIMES];
    char w[512];
    c->nseries = 0;
    c->series_unit = CFG_UNIT_NONE;
    if (!e) {
        if (base->set[K_S_ORIGIN])
            warn(c, "%s: series.origin is set but series.times is not: no series is kept",
                 where(base->set[K_S_ORIGIN], w, sizeof w));
        return true;
    }
    int origin;
    if (!choice(&cv, K_S_ORIGIN, &origin))
        return false;
    c->series_from_arrival = origin == 0;
    char *text = strdup(e->value), *save = NULL;
    double *x = malloc(CFG_SERIES_MAX * sizeof *x);
    if (!text || !x) {
        free(text), free(x);
        fail(p, "out of memory");
        return false;
    }
    const char *why = NULL, *bad = "";
    size_t len = strlen(text); /* a trailing unit word applies to every time */
    while (len && isspace((unsigned char)text[len - 1]))
        text[--len] = '\0';
    for (int u = CFG_UNIT_TMIN; u <= CFG_UNIT_MEAN; u++) {
        size_t ul = strlen(cfg_unit_name((enum cfg_unit)u));
        if (len > ul && !strcmp(text + len - ul, cfg_unit_name((enum cfg_unit)u)) &&
            (isspace((unsigned char)text[len - ul - 1]) || isdigit((unsigned char)text[len - ul - 1]))) {
            c->series_unit = (enum cfg_unit)u;
            text[len - ul] = '\0';
        }
    }
    int n = 0;
    for (char *item = strtok_r(text, ",", &save); item && !why; item = strtok_r(NULL, ",", &save)) {
        while (isspace((unsigned char)*item))
            item++;
        for (size_t l = strlen(item); l && isspace((unsigned char)item[l - 1]);)
            item[--l] = '\0';
        bad = item;
        char *end;
        double from = strtod(item, &end), step = 0, count = 1;
        if (strchr(item, ':')) {
            count = series_range(item, &from, &step);
            if (count < 0) {
                why = "a range is FROM:STEP:TO with STEP > 0 and TO >= FROM";
                break;
            }
        } else if (end == item || *end || !isfinite(from)) {
            why = "expected a number, a FROM:STEP:TO range, or a unit (mean, tmin) at the end";
            break;
        }
        if (n + count > CFG_SERIES_MAX) {
            why = "more than " CFG_SERIES_MAX_TEXT " times";
            break;
        }
        for (int i = 0; i < (int)count && !why; i++) {
            double v = from + i * step;
            if (!(v >= 0 && v <= CFG_TIME_MAX))
                why = "a time must be >= 0 and at most 1e149";
            else if (n > 0 && !(v > x[n - 1]))
                why = "the times must be ascending, each greater than the one before";
            else
                x[n++] = v;
        }
    }
    if (!why && n == 0)
        why = "no time given", bad = e->value;
    if (why) {
        fail(p, "%s: series.times: %s, got '%s'", where(e, w, sizeof w), why, bad);
        free(text), free(x);
        return false;
    }
    free(text);
    c->series_x = x;
    c->nseries = n;
    return true;
}

/* series.times in scenario s's time units: series_x times its unit's value there. */
static bool resolve_series(struct parse *p, struct cfg *c, const struct view *base, int s)
{
    struct cfg_scenario *sc = &c->scen[s];
    double u = 1.0;
    char msg[256], w[512];
    if (c->series_unit != CFG_UNIT_NONE &&
        !cfg_unit_value(&sc->spec, c->series_unit, &u, msg, sizeof msg)) {
        fail(p, "%s: series.times: %s", where(base->set[K_S_TIMES], w, sizeof w), msg);
        return false;
    }
    sc->series_at = malloc((size_t)c->nseries * sizeof *sc->series_at);
    if (!sc->series_at) {
        fail(p, "out of memory");
        return false;
    }
    for (int k = 0; k < c->nseries; k++)
        sc->series_at[k] = c->series_x[k] * u;
    return true;
}

static bool resolve_entries(struct parse *p, struct cfg *c, struct view *base)
{
    char w[512];
    for (int i = 0; i < p->ent.n; i++) {
        const struct entry *e = &p->ent.e[i];
        if (!strcmp(e->section, "sweep") || !strcmp(e->section, "zip"))
            continue;
        if (!strncmp(e->section, "policy.", 7)) {
            const struct policy *pol = pol_find(e->section + 7);
            char hint[96];
            if (!pol) {
                fail(p, "%s: [%s]: unknown policy '%s'%s (see specmc list)%s",
                     where(e, w, sizeof w), e->section, e->section + 7,
                     strchr(e->section, '+') ? "" : policy_hint(hint, sizeof hint, e->section + 7),
                     strchr(e->section, '+') ? "; set each half of a pair in its own section, "
                                               "e.g. [policy.fair] and [policy.late]"
                                             : "");
                return false;
            }
            int k = param_lookup(pol, e->key);
            if (k < 0) {
                char valid[512] = "";
                const char *keys[POL_MAX_PARAMS];
                int nkeys = 0;
                for (int j = 0; pol->params[j].key; j++) {
                    strcat(valid, j ? ", " : "");
                    strcat(valid, pol->params[j].key);
                    keys[nkeys++] = pol->params[j].key;
                }
                fail(p, "%s: %s.%s: unknown key%s; valid in [%s]: %s", where(e, w, sizeof w),
                     e->section, e->key, text_did_you_mean(hint, sizeof hint, e->key, keys, nkeys),
                     e->section, *valid ? valid : "(none)");
                return false;
            }
            char msg[256];
            double v;
            enum cfg_unit unit;
            if (!param_value(&pol->params[k], e->value, &v, &unit, msg, sizeof msg)) {
                fail(p, "%s: %s.%s: %s", where(e, w, sizeof w), e->section, e->key, msg);
                return false;
            }
            bool listed = false;
            for (int pi = 0; pi < c->npolicies; pi++) { /* every list item it is a half of */
                int first;
                if (pol_half_of(c->policies[pi], pol->name, &first)) {
                    base->pol[pi * POL_MAX_PARAMS + first + k] = e;
                    listed = true;
                }
            }
            if (!listed)
                warn(c, "%s: %s.%s is set, but %s is not in [policy] list, so nothing uses it",
                     where(e, w, sizeof w), e->section, e->key, pol->name);
            continue;
        }
        int k = key_lookup(e->section, e->key);
        if (k < 0) {
            char valid[768] = "", hint[96];
            const char *keys[K_COUNT];
            int nkeys = 0;
            for (int j = 0; j < K_COUNT; j++)
                if (!strcmp(schema[j].section, e->section)) {
                    strcat(valid, *valid ? ", " : "");
                    strcat(valid, schema[j].key);
                    keys[nkeys++] = schema[j].key;
                }
            fail(p, "%s: %s.%s: unknown key%s; valid in [%s]: %s", where(e, w, sizeof w),
                 e->section, e->key, text_did_you_mean(hint, sizeof hint, e->key, keys, nkeys),
                 e->section, valid);
            return false;
        }
        if (!valid_alone(p, k, e))
            return false;
        base->set[k] = e;
    }
    return true;
}

/* The [sweep] and [zip] entries: each names a sweepable key and gives its values. Every
 * combination of [sweep] values is a scenario; the [zip] keys all have the same number of
 * values and take their k-th values together, as one more (outermost) dimension. */
struct sweep_axis {
    const struct entry *e;
    int key;            /* schema key, or -1 for a policy parameter */
    const struct policy *pol; /* policy parameter: the policy (a half of list items) ... */
    int param;          /* ... and the index in its own table */
    bool zip;           /* from [zip]: varies together with the other zip keys */
    int nvalues;
    char **values;
};

static bool sweep_section(const char *s)
{
    return !strcmp(s, "sweep") || !strcmp(s, "zip");
}

/* Append a value to an axis's list (grown by doubling); false when out of memory. */
static bool add_value(struct sweep_axis *ax, int *cap, const char *text)
{
    if (ax->nvalues == *cap) {
        int grow = *cap ? 2 * *cap : 8;
        char **v = realloc(ax->values, (size_t)grow * sizeof *v);
        if (!v)
            return false;
        ax->values = v;
        *cap = grow;
    }
    return (ax->values[ax->nvalues++] = strdup(text)) != NULL;
}

/* LO:HI:STEP, three numbers (cut in place); false if the item is not one. */
static bool parse_range(char *item, double *lo, double *hi, double *step)
{
    char *parts[3];
    if (text_split(item, ':', NULL, 0) != 3)
        return false;
    text_split(item, ':', parts, 3);
    return parse_real(parts[0], lo) && parse_real(parts[1], hi) && parse_real(parts[2], step);
}

/* The most values a range may expand to. */
#define SWEEP_RANGE_MAX 100000

/* Two sweep values are the same when their texts are, or when both are numbers and equal (1
 * and 1.0). num[i]: value i as a number, NAN when it is none (parse_real takes no NaN). */
struct value_list {
    char **text;
    double *num;
};

static uint64_t value_hash(const void *ctx, int i)
{
    const struct value_list *v = ctx;
    double x = v->num[i] == 0 ? 0.0 : v->num[i]; /* -0 == 0 */
    return isnan(x) ? dedup_bytes(DEDUP_SEED, v->text[i], strlen(v->text[i]))
                    : dedup_bytes(~(uint64_t)DEDUP_SEED, &x, sizeof x);
}

static bool value_same(const void *ctx, int i, int j)
{
    const struct value_list *v = ctx;
    return !strcmp(v->text[i], v->text[j]) || v->num[i] == v->num[j];
}

/* No value of a [sweep] axis twice: the first value that repeats an earlier one is refused,
 * naming both (hashed: a range of 100 000 values takes milliseconds, not the minutes of
 * comparing each value with every other). An option's name is its number: `no` and 0 are
 * the same value. */
static bool values_once(struct parse *p, const struct entry *e, const struct sweep_axis *ax)
{
    int n = ax->nvalues, *first = malloc((size_t)n * sizeof *first);
    struct value_list v = {ax->values, malloc((size_t)n * sizeof *v.num)};
    const struct pol_param *pp = ax->key < 0 ? &ax->pol->params[ax->param] : NULL;
    bool ok = first && v.num;
    for (int i = 0; ok && i < n; i++)
        if (!parse_real(ax->values[i], &v.num[i])) {
            int named = pp ? option_value(pp, ax->values[i]) : -1;
            v.num[i] = named >= 0 ? named : NAN;
        }
    ok = ok && dedup_first(n, value_hash, value_same, &v, first) == 0;
    if (!ok)
        fail(p, "out of memory");
    for (int i = 0; ok && i < n; i++)
        if (first[i] != i) {
            char w[512];
            fail(p, "%s: %s.%s: the value %s is in the list twice (as '%s' and '%s'); each "
                 "value makes one scenario", where(e, w, sizeof w), e->section, e->key,
                 ax->values[i], ax->values[first[i]], ax->values[i]);
            ok = false;
        }
    free(first);
    free(v.num);
    return ok;
}

/* An axis's values: comma-separated, each a value as written or a range LO:HI:STEP (LO, LO +
 * STEP, ... up to HI, as OMNeT++'s ${x=LO..HI step STEP}); in [sweep] no value twice (1 and
 * 1.0 are the same number); in [zip] a value may repeat, the other zip keys telling the
 * scenarios apart. */
static bool sweep_values(struct parse *p, const struct entry *e, struct sweep_axis *ax)
{
    char w[512], *copy = strdup(e->value);
    int n = copy ? text_split(copy, ',', NULL, 0) : 0, cap = 0;
    char **items = n > 0 ? calloc((size_t)n, sizeof *items) : NULL;
    bool ok = items != NULL;
    if (ok)
        text_split(copy, ',', items, n);
    else
        fail(p, "%s: %s.%s: give one or more comma-separated values", where(e, w, sizeof w),
             e->section, e->key);
    for (int i = 0; ok && i < n; i++) {
        char *item = items[i];
        if (!*item) {
            fail(p, "%s: %s.%s: empty value in the list", where(e, w, sizeof w), e->section,
                 e->key);
            ok = false;
        } else if (strchr(item, ':')) {
            double lo, hi, step;
            bool parsed = parse_range(item, &lo, &hi, &step);
            double count = parsed ? floor((hi - lo) / step + 1e-9) + 1 : 0;
            if (!parsed || !(step > 0) || !(hi >= lo) || count > SWEEP_RANGE_MAX) {
                fail(p, "%s: %s.%s: a range is LO:HI:STEP with LO <= HI, STEP > 0 and at most "
                     "%d values, got '%s'", where(e, w, sizeof w), e->section, e->key,
                     SWEEP_RANGE_MAX, e->value);
                ok = false;
            }
            for (int k = 0; ok && k < (int)count; k++) {
                char v[64];
                snprintf(v, sizeof v, "%.15g", lo + k * step);
                ok = add_value(ax, &cap, v) || (fail(p, "out of memory"), false);
            }
        } else {
            ok = add_value(ax, &cap, item) || (fail(p, "out of memory"), false);
        }
    }
    if (ok && !ax->zip) /* [zip]: the other zip keys vary with it */
        ok = values_once(p, e, ax);
    free(items);
    free(copy);
    return ok;
}

static bool read_sweeps(struct parse *p, struct cfg *c, struct sweep_axis **axes_out, int *n_out)
{
    char w[512];
    int n = 0;
    for (int i = 0; i < p->ent.n; i++)
        n += sweep_section(p->ent.e[i].section);
    struct sweep_axis *axes = n ? calloc((size_t)n, sizeof *axes) : NULL;
    if (n && !axes) {
        fail(p, "out of memory");
        return false;
    }
    *axes_out = axes;
    *n_out = 0;
    for (int i = 0; i < p->ent.n; i++) {
        const struct entry *e = &p->ent.e[i];
        if (!sweep_section(e->section))
            continue;
        struct sweep_axis *ax = &axes[(*n_out)++];
        ax->e = e;
        ax->key = -1;
        ax->zip = !strcmp(e->section, "zip");
        char *name = strdup(e->key);
        char *dot = name ? strrchr(name, '.') : NULL;
        if (!dot || dot == name) {
            fail(p, "%s: %s.%s: keys are written section.key, e.g. workload.rate",
                 where(e, w, sizeof w), e->section, e->key);
            free(name);
            return false;
        }
        *dot = '\0';
        const char *section = name, *key = dot + 1;
        if (!strncmp(section, "policy.", 7)) {
            const struct policy *pol = pol_find(section + 7);
            bool listed = false;
            for (int pi = 0; pol && pi < c->npolicies; pi++) {
                int first;
                listed = listed || pol_half_of(c->policies[pi], pol->name, &first);
            }
            ax->pol = pol;
            ax->param = pol ? param_lookup(pol, key) : -1;
            if (!listed || ax->param < 0) {
                fail(p, "%s: %s.%s: %s", where(e, w, sizeof w), e->section, e->key,
                     !pol ? "unknown policy"
                          : !listed ? "policy is not in [policy] list"
                                    : "unknown parameter of that policy");
                free(name);
                return false;
            }
        } else {
            ax->key = key_lookup(section, key);
            if (ax->key < 0 || !schema[ax->key].sweepable) {
                fail(p, "%s: %s.%s: %s", where(e, w, sizeof w), e->section, e->key,
                     ax->key < 0 ? "unknown key" : "this key cannot be swept");
                free(name);
                return false;
            }
        }
        free(name);
        for (int j = 0; j < *n_out - 1; j++)
            if (!strcmp(axes[j].e->key, e->key)) {
                fail(p, "%s: %s.%s: swept twice (also in [%s])", where(e, w, sizeof w),
                     e->section, e->key, axes[j].e->section);
                return false;
            }
        if (!sweep_values(p, e, ax))
            return false;
    }
    const struct sweep_axis *first_zip = NULL;
    for (int a = 0; a < *n_out; a++) {
        if (!axes[a].zip)
            continue;
        if (!first_zip) {
            first_zip = &axes[a];
        } else if (axes[a].nvalues != first_zip->nvalues) {
            fail(p, "%s: zip.%s: %d values, but zip.%s has %d; [zip] keys vary together",
                 where(axes[a].e, w, sizeof w), axes[a].e->key, axes[a].nvalues,
                 first_zip->e->key, first_zip->nvalues);
            return false;
        }
    }
    return true;
}

/* Scenarios: the product of the [sweep] sizes, times the [zip] size. */
static double scenario_count(const struct sweep_axis *axes, int naxes)
{
    double count = 1;
    int zip = 1;
    for (int a = 0; a < naxes; a++) {
        if (axes[a].zip)
            zip = axes[a].nvalues;
        else
            count *= axes[a].nvalues;
    }
    return count * zip;
}

static void free_axes(struct sweep_axis *axes, int n)
{
    for (int i = 0; i < n; i++) {
        for (int j = 0; j < axes[i].nvalues; j++)
            free(axes[i].values[j]);
        free(axes[i].values);
    }
    free(axes);
}

/* Build scenario s: the base view with the sweep values of its index (the zip group varies
 * slowest, the last [sweep] key fastest). Sweep values become temporary entries carrying
 * their [sweep] or [zip] line. */
static bool build_scenario(struct parse *p, struct cfg *c, const struct view *base,
                           const struct sweep_axis *axes, int naxes, int s, bool *used)
{
    struct cfg_scenario *sc = &c->scen[s];
    size_t npol = (size_t)c->npolicies * POL_MAX_PARAMS;
    struct view v = *base;
    v.pol = calloc(npol, sizeof *v.pol);
    struct entry *tmp = naxes ? calloc((size_t)naxes, sizeof *tmp) : NULL;
    sc->params = calloc(npol, sizeof *sc->params);
    sc->auto_params = calloc((size_t)c->npolicies, sizeof *sc->auto_params);
    sc->time_notes = calloc((size_t)c->npolicies, sizeof *sc->time_notes);
    sc->sweep_values = naxes ? calloc((size_t)naxes, sizeof *sc->sweep_values) : NULL;
    bool ok = v.pol && sc->params && sc->auto_params && sc->time_notes &&
              (!naxes || (tmp && sc->sweep_values));
    if (!ok)
        fail(p, "out of memory");
    if (ok)
        memcpy(v.pol, base->pol, npol * sizeof *v.pol);
    int rest = s, *idx = calloc(naxes > 0 ? (size_t)naxes : 1, sizeof *idx);
    if (!idx) {
        fail(p, "out of memory");
        ok = false;
    }
    for (int a = naxes - 1; ok && a >= 0; a--) {
        if (axes[a].zip)
            continue;
        idx[a] = rest % axes[a].nvalues;
        rest /= axes[a].nvalues;
    }
    for (int a = 0; ok && a < naxes; a++)
        if (axes[a].zip)
            idx[a] = rest; /* what is left is the zip index */
    for (int a = naxes - 1; ok && a >= 0; a--) {
        const struct sweep_axis *ax = &axes[a];
        tmp[a] = *ax->e;
        tmp[a].value = ax->values[idx[a]];
        sc->sweep_values[a] = strdup(ax->values[idx[a]]);
        if (ax->key >= 0)
            v.set[ax->key] = &tmp[a];
        else
            for (int pi = 0; pi < c->npolicies; pi++) {
                int first;
                if (pol_half_of(c->policies[pi], ax->pol->name, &first))
                    v.pol[pi * POL_MAX_PARAMS + first + ax->param] = &tmp[a];
            }
    }
    struct conv cv = {.p = p, .v = &v};
    ok = ok && build_spec(&cv, c, &sc->spec) &&
         build_params(&cv, c, &sc->spec, sc->params, sc->time_notes) &&
         check_policies(&cv, c, &sc->spec, sc->params, sc->auto_params) &&
         check_periods(&cv, c, &sc->spec, sc->params);
    if (ok)
        warn_inert(&cv, c, &sc->spec, sc->params);
    for (int k = 0; k < K_COUNT; k++)
        used[k] = used[k] || cv.used[k];
    free(v.pol);
    free(tmp);
    free(idx);
    return ok;
}

/* Where every entry was set, kept for cfg_where. */
static bool keep_origins(struct cfg *c, const struct entries *es)
{
    c->origins = calloc((size_t)es->n + 1, sizeof *c->origins);
    if (!c->origins)
        return false;
    for (int i = 0; i < es->n; i++) {
        char w[512];
        struct cfg_origin *o = &c->origins[c->norigins++];
        o->section = strdup(es->e[i].section);
        o->key = strdup(es->e[i].key);
        o->where = strdup(where(&es->e[i], w, sizeof w));
        if (!o->section || !o->key || !o->where)
            return false;
    }
    return true;
}

const char *cfg_where(const struct cfg *c, const char *section, const char *key)
{
    char swept[256];
    snprintf(swept, sizeof swept, "%s.%s", section, key);
    for (int i = 0; i < c->norigins; i++)
        if (sweep_section(c->origins[i].section) && !strcmp(c->origins[i].key, swept))
            return c->origins[i].where;
    for (int i = 0; i < c->norigins; i++)
        if (!strcmp(c->origins[i].section, section) && !strcmp(c->origins[i].key, key))
            return c->origins[i].where;
    return "default";
}

int cfg_load(struct cfg *c, const char *path, const char *const *sets, int nsets, char *err,
             size_t errlen)
{
    return cfg_load_text(c, path, NULL, sets, nsets, err, errlen);
}

int cfg_load_text(struct cfg *c, const char *path, const char *text, const char *const *sets,
                  int nsets, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    struct parse p = {.path = path, .err = err, .errlen = errlen};
    struct view base = {0};
    struct sweep_axis *axes = NULL;
    int naxes = 0;
    bool used[K_COUNT] = {false};

    c->path = strdup(path);
    c->text = text ? strdup(text) : read_file(path, err, errlen);
    if (!c->text) {
        if (text)
            snprintf(err, errlen, "out of memory");
        p.failed = true;
        goto fail;
    }
    p.cursor = c->text;
    int rc = ini_parse_stream(read_line, &p, on_entry, &p);
    if (p.max_line && !p.failed)
        fail(&p, "%s:%d: line too long for the INI reader; split the value", path, p.max_line);
    if (rc > 0 && !p.failed)
        fail(&p, "%s:%d: syntax error: expected '[section]', 'key = value' or a ';' comment",
             path, rc);
    if (rc < 0 && !p.failed)
        fail(&p, "%s: cannot parse (out of memory)", path);
    if (p.failed || !apply_sets(&p, c, sets, nsets))
        goto fail;

    for (int i = 0; i < p.ent.n; i++) { /* the list first: policy sections depend on it */
        const struct entry *e = &p.ent.e[i];
        if (!strcmp(e->section, "policy") && strcmp(e->key, "list")) {
            char w[512];
            fail(&p, "%s: policy.%s: unknown key; valid in [policy]: list", where(e, w, sizeof w),
                 e->key);
            goto fail;
        }
        if (!strcmp(e->section, "policy"))
            base.set[K_LIST] = e;
        else if (!strcmp(e->section, "experiment")) {
            int k = key_lookup(e->section, e->key);
            if (k >= 0)
                base.set[k] = e;
        }
    }
    if (!read_experiment(&p, c, &base))
        goto fail;
    base.pol = calloc((size_t)c->npolicies * POL_MAX_PARAMS, sizeof *base.pol);
    if (!base.pol) {
        fail(&p, "out of memory");
        goto fail;
    }
    if (!resolve_entries(&p, c, &base) || !read_histograms(&p, c, &base) ||
        !read_series(&p, c, &base) || !read_sweeps(&p, c, &axes, &naxes))
        goto fail;

    double count = scenario_count(axes, naxes);
    if (count > 1000000) {
        fail(&p, "%s: [sweep]: %.0f scenarios is more than 1000000", path, count);
        goto fail;
    }
    c->nsweep = naxes;
    c->sweep_keys = naxes > 0 ? calloc((size_t)naxes, sizeof *c->sweep_keys) : NULL;
    for (int a = 0; a < naxes; a++)
        if (c->sweep_keys)
            c->sweep_keys[a] = strdup(axes[a].e->key);
    c->nscenarios = (int)count;
    c->scen = calloc((size_t)c->nscenarios, sizeof *c->scen);
    if (!c->scen || (naxes && !c->sweep_keys)) {
        fail(&p, "out of memory");
        goto fail;
    }
    for (int s = 0; s < c->nscenarios; s++)
        if (!build_scenario(&p, c, &base, axes, naxes, s, used) ||
            (c->nseries > 0 && !resolve_series(&p, c, &base, s)))
            goto fail;
    for (int i = 0; c->nseries > 0 && i < c->npolicies; i++)
        if (!pol_state_doc(c->policies[i])) {
            char w[512];
            warn(c, "%s: series.times is set, but %s has no state to sample: its series is NaN "
                    "(see specmc list)",
                 where(base.set[K_S_TIMES], w, sizeof w), c->policies[i]->name);
        }
    for (int k = 0; k < K_COUNT; k++) {
        const struct entry *e = base.set[k];
        if (e && !used[k] && strcmp(schema[k].section, "experiment") &&
            strcmp(schema[k].section, "histogram") && strcmp(schema[k].section, "series") &&
            k != K_LIST) {
            char w[512];
            warn(c, "%s: %s.%s is set but no scenario uses it (task_time or arrival make it "
                    "irrelevant)",
                 where(e, w, sizeof w), schema[k].section, schema[k].key);
        }
    }
    if (!keep_origins(c, &p.ent)) {
        fail(&p, "out of memory");
        goto fail;
    }
    free(base.pol);
    free_axes(axes, naxes);
    free_entries(&p.ent);
    return 0;

fail:
    free(base.pol);
    free_axes(axes, naxes);
    free_entries(&p.ent);
    cfg_free(c);
    return -1;
}

void cfg_free(struct cfg *c)
{
    for (int s = 0; s < c->nscenarios && c->scen; s++) {
        free(c->scen[s].params);
        free(c->scen[s].auto_params);
        for (int p = 0; p < c->npolicies && c->scen[s].time_notes; p++)
            free(c->scen[s].time_notes[p]);
        free(c->scen[s].time_notes);
        for (int a = 0; a < c->nsweep && c->scen[s].sweep_values; a++)
            free(c->scen[s].sweep_values[a]);
        free(c->scen[s].sweep_values);
        free(c->scen[s].series_at);
    }
    free(c->scen);
    free(c->series_x);
    for (int a = 0; a < c->nsweep && c->sweep_keys; a++)
        free(c->sweep_keys[a]);
    free(c->sweep_keys);
    for (int i = 0; i < c->nwarnings; i++)
        free(c->warnings[i]);
    free(c->warnings);
    for (int i = 0; i < c->norigins; i++)
        free(c->origins[i].section), free(c->origins[i].key), free(c->origins[i].where);
    free(c->origins);
    for (int p = 0; p < c->npolicies && c->policies; p++)
        pol_pair_free(c->policies[p]);
    free(c->policies);
    if (c->trace)
        tr_free(c->trace);
    free(c->trace);
    free(c->path), free(c->text), free(c->overrides), free(c->name), free(c->inputs);
    if (c->spot)
        spot_free(c->spot);
    free(c->spot);
    free(c->trace_path);
    memset(c, 0, sizeof *c);
}

/* ---------------------------------------------------------------- documentation */

void cfg_print_keys(FILE *out)
{
    int w = 0, d = 9; /* the longest key and default, so that the columns line up */
    for (int k = 0; k < K_COUNT; k++) {
        w = (int)strlen(schema[k].key) > w ? (int)strlen(schema[k].key) : w;
        if (schema[k].def && (int)strlen(schema[k].def) > d)
            d = (int)strlen(schema[k].def);
    }
    for (size_t i = 0; i < pol_registry_count; i++)
        for (int j = 0; pol_registry[i]->params && pol_registry[i]->params[j].key; j++) {
            char def[32];
            cfg_param_default(&pol_registry[i]->params[j], def, sizeof def);
            int n = (int)strlen(pol_registry[i]->params[j].key);
            w = n > w ? n : w;
            d = (int)strlen(def) > d ? (int)strlen(def) : d;
        }
    const char *section = "";
    for (int k = 0; k < K_COUNT; k++) {
        const struct key_schema *ks = &schema[k];
        if (strcmp(section, ks->section)) {
            section = ks->section;
            fprintf(out, "%s[%s]\n", k ? "\n" : "", section);
        }
        fprintf(out, "  %-*s default %-*s %s\n", w, ks->key, d, ks->def ? ks->def : "(none)",
                ks->doc);
        if (ks->choices)
            fprintf(out, "  %-*s         %-*s one of: %s\n", w, "", d, "", ks->choices);
    }
    fprintf(out, "\n[sweep]\n  section.key = v1, v2, ...   every combination is a scenario "
                 "(cluster.*, workload.*, policy.NAME.*)\n");
    fprintf(out, "\nPolicy parameters, [policy.NAME]: one marked 'time' is a number of time "
                 "units, or relative to the workload: N tmin (x workload.tmin, pareto) or N mean "
                 "(x the family's mean task time)\n");
    for (size_t i = 0; i < pol_registry_count; i++) {
        const struct policy *pol = pol_registry[i];
        if (!pol->params || !pol->params[0].key)
            continue;
        fprintf(out, "\n[policy.%s]\n", pol->name);
        for (int j = 0; pol->params[j].key; j++) {
            const struct pol_param *pp = &pol->params[j];
            char def[32];
            cfg_param_default(pp, def, sizeof def);
            fprintf(out, "  %-*s default %-*s %s%s\n", w, pp->key, d, def,
                    pp->kind != POL_NUMBER ? "time: " : "", pp->doc);
            if (pp->names) {
                char options[256];
                cfg_param_options(pp, options, sizeof options);
                fprintf(out, "  %-*s         %-*s one of: %s\n", w, "", d, "", options);
            }
        }
    }
}

void cfg_param_default(const struct pol_param *pp, char *buf, size_t len)
{
    const char *name = pol_param_name(pp, pp->def);
    if (isnan(pp->def))
        snprintf(buf, len, "auto");
    else if (name)
        snprintf(buf, len, "%s", name);
    else
        snprintf(buf, len, "%g%s", pp->def, pp->kind == POL_TIME_TMIN ? " tmin" : "");
}

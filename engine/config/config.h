/* config — read an experiment INI file (through inih), apply --set overrides, validate every
 * key, and expand [sweep] into scenarios (docs/guide/config.md).
 *
 * Every key is declared once in a schema table (config.c) with its section, type, default,
 * valid range and one line of documentation; `specmc list --keys` and docs/guide/config.md come
 * from the same table. Errors name the file, line and key and say what would be valid:
 *     experiments/x.ini:7: cluster.slots: must be an integer >= 1, got '-3'
 * and everything is checked before any simulation starts. This module knows nothing about
 * HDF5, threads or how scenarios are run. */
#ifndef SPECMC_CONFIG_H
#define SPECMC_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "engine/config/config_time.h"
#include "models/metrics.h"
#include "models/policy.h"
#include "models/spec.h"

/* The most bins a histogram may have: finer grids than 8000 bins show nothing a CDF plot
 * can, and cost replicas x bins x 4 bytes per policy and scenario in memory and on disk. */
#define CFG_HIST_BINS_MAX 8000

/* The most times a series (series.times) may sample: each costs replicas x 8 bytes per
 * policy and scenario, in memory and on disk, and the times are an HDF5 attribute, which
 * must fit 64 KiB (as histogram edges). */
#define CFG_SERIES_MAX 8000
#define CFG_SERIES_MAX_TEXT "8000"

/* The longest experiment.name, in bytes of UTF-8: it titles every report and figure, and a
 * name is text (valid UTF-8 without control characters; docs/guide/config.md). */
#define CFG_NAME_MAX 200

struct cfg_scenario {
    struct cl_spec spec;  /* the model parameters of this scenario */
    double *params;       /* [npolicies * POL_MAX_PARAMS]: policy p's parameters at
                             params[p * POL_MAX_PARAMS] in its table's order, `auto`
                             values already resolved by the policy */
    uint32_t *auto_params; /* [npolicies]: bit i set when parameter i was given as `auto` */
    char **time_notes;    /* [npolicies]: "min_age = 3 (1 mean)" for the times given relative
                             to the workload, resolved in this scenario; NULL if none */
    char **sweep_values;  /* [nsweep] the value of each swept key, as written */
    double *series_at;    /* [cfg.nseries]: series.times in this scenario's time units (a
                             unit resolved); NULL without a series */
};

struct cfg {
    char *path;           /* the INI file as given */
    char *text;           /* its full text (provenance) */
    char *overrides;      /* the --set assignments, one "key=value" per line */
    char *name;           /* experiment.name */
    int replicas;         /* experiment.replicas, per scenario and policy */
    uint64_t seed;        /* experiment.seed */
    double confidence;    /* experiment.confidence */
    double precision;     /* experiment.precision: sequential stopping's target relative
                             half-width; 0 = a fixed number of replicas */
    int max_replicas;     /* experiment.max_replicas (with precision) */
    bool precision_metric[M_COUNT]; /* the metrics precision applies to */
    double hist_max[JQ_COUNT]; /* [histogram]: upper edge per job quantity; 0 = none kept */
    int hist_bins;        /* histogram.bins when any histogram is kept, else 0 */
    int nseries;          /* [series] times: how many; 0 = no series kept */
    double *series_x;     /* [nseries]: the times as written, ascending, before their unit */
    enum cfg_unit series_unit; /* the unit written after them (CFG_UNIT_NONE: none) */
    bool series_from_arrival;  /* series.origin: from the first job's arrival, else from 0 */
    int npolicies;
    const struct policy **policies; /* [policy] list, in order; the first is the baseline
                                       of the paired comparisons */
    int nsweep;
    char **sweep_keys;    /* "section.key" of each swept key, in file order */
    int nscenarios;
    struct cfg_scenario *scen;
    struct tr_trace *trace; /* workload.trace, read once; the scenarios' specs point to it */
    struct spot_prices *spot; /* utility.price_history, read once; the specs point to it */
    char *trace_path;     /* the file it was read from, for messages */
    char *inputs;         /* the files the results depend on besides the config, one
                             "KEY PATH DIGEST" line each ("" when none): recorded in every
                             output, compared by merge and --resume */
    int nwarnings;
    char **warnings;      /* things that run but deserve a look (e.g. Pareto beta <= 1) */
    int norigins;
    struct cfg_origin *origins; /* where each key was set, for messages after the load */
};

/* A key as set in the file or by --set: [section] key, "x.ini:7" or "--set". */
struct cfg_origin {
    char *section, *key, *where;
};

/* Load and validate. `sets` are "section.key=value" strings from --set. On error returns -1
 * with a message in err (no trailing newline) and leaves *c empty. */
int cfg_load(struct cfg *c, const char *path, const char *const *sets, int nsets, char *err,
             size_t errlen);
void cfg_free(struct cfg *c);

/* The same from the text of a config that was read from `path` (`specmc merge` reloads the
 * config a shard carries): messages name `path`, and a trace is found beside it. text NULL:
 * read `path`, as cfg_load. */
int cfg_load_text(struct cfg *c, const char *path, const char *text, const char *const *sets,
                  int nsets, char *err, size_t errlen);

/* Where section.key was set, for a message ("x.ini:7", "--set", or "default"): a [sweep] or
 * [zip] line when the key is swept. */
const char *cfg_where(const struct cfg *c, const char *section, const char *key);

/* Parameters of policy p in scenario s. */
static inline const double *cfg_params(const struct cfg *c, int s, int p)
{
    return c->scen[s].params + (size_t)p * POL_MAX_PARAMS;
}

/* Print the documented keys (the schema and every policy's parameters) to a stream, as
 * `specmc list --keys` shows them. */
#include <stdio.h>
void cfg_print_keys(FILE *out);

/* A policy parameter's default as `specmc list` shows it: "auto", "60", "0.5 tmin", "yes"
 * (an option's name). */
void cfg_param_default(const struct pol_param *pp, char *buf, size_t len);

/* An option's values (pol_param.names) as people read them: "no, yes (or 0, 1)"; "" for a
 * parameter that is not an option. */
void cfg_param_options(const struct pol_param *pp, char *buf, size_t len);

#endif

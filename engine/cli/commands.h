/* commands — the subcommands of the specmc CLI, one file each (cmd_*.c); main.c dispatches.
 * Each takes the arguments after its name and returns the process exit status:
 * 0 success, 1 a failure while running, 2 bad usage or bad input. */
#ifndef SPECMC_COMMANDS_H
#define SPECMC_COMMANDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

int cmd_run(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_cutoff(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_plot(int argc, char **argv);

/* How `report` prints a results file (cmd_report.c). */
struct report_opts {
    bool csv;                /* CSV rows, not the table */
    bool replicas;           /* with csv: every replica's value, not the summaries */
    const char *metrics;     /* the table's metrics, comma-separated; NULL: the default */
    int against;             /* pair each scenario with this one, policy by policy; -1: no */
    const char *baseline;    /* pair each policy with this one; NULL: the first */
    int scenario;            /* only this scenario; -1: all */
    const char *policy_name; /* only this policy; NULL: all */
};

/* Print a results file as `o` says: the human table, CSV summaries or per-replica rows. The
 * paired rows are each policy against the first (or o->baseline), or each scenario against
 * o->against; none when one policy ran and no scenario is paired. Returns 0; 1 with a message
 * on stderr when the file cannot be read, 2 for an unknown metric, scenario or policy. Used
 * by `report` and at the end of `run` and `merge`. */
int report_print(const char *path, const struct report_opts *o);

/* Parse a comma-separated list of metric names against `known`: their indices in idx[],
 * and the count; -1 with a message naming the valid metrics. */
#define REPORT_MAX_METRICS 8
/* The metrics of the table by default (run's and report's); the paired column is the first's. */
#define REPORT_DEFAULT_METRICS "flowtime,job_flowtime_p99,pocd,machine_time"
int report_pick_metrics(const char *list, char *const *known, int nknown, int *idx, int max,
                        char *msg, size_t len);

/* `report --cdf`: the CDF of a per-job quantity from the histograms of a results file, over
 * every measured job or, with `within` = "LO,HI", over those with LO < x <= HI. Same return
 * values as report_print (an unknown quantity, a missing histogram or a bad range: 2). */
int report_cdf(const char *path, const char *quantity, const char *within, bool csv);

/* `report --series`: the series of each policy's state a results file keeps (engine/cli/
 * report_series.c), as a table or CSV, only o->scenario's and o->policy_name's where set.
 * Same return values as report_cdf. */
int report_series(const char *path, const struct report_opts *o);

/* A name among the file's policies, or -1 with a message naming `opt` and the valid ones. */
struct rs_file;
int report_policy_index(const struct rs_file *f, const char *opt, const char *name,
                        const char *path);

/* `report --warmup`: the warm-up diagnostic of a results file (engine/cli/report_warmup.c): job
 * flowtime by arrival order, averaged over replicas, with MSER-5's truncation point. */
int report_warmup(const char *path, bool csv);

/* The report's cells: "mean ± half-width" of an interval, and a cell printed left-aligned in
 * at least `width` columns (after one space). */
#define REPORT_CELL 17
struct st_summary;
void report_fmt_interval(char *buf, size_t len, const struct st_summary *s);
/* A verdict's rows (engine/stats/verdict.h: VR_COUNT summaries) in words. */
void report_fmt_verdict(char *buf, size_t len, const struct st_summary *v);
void report_cell(const char *text, int width);

/* What every report shares about scenarios: the table's "scenario S: key = value, ..." line
 * (after a blank line, without its end); the CSV header `columns` followed by the sweep keys;
 * a CSV row's end, ",n,mean,stddev,ci_low,ci_high" of x and scenario s's sweep values. */
struct rs_file;
void report_scenario_heading(const struct rs_file *f, int s);
void report_csv_header(const struct rs_file *f, const char *columns);
void report_csv_tail(const struct rs_file *f, int s, const struct st_summary *x);

/* The rows of `specmc validate` (a table, or CSV with csv) and their summary (on stderr
 * with csv): as validate prints them after its checks and report prints a validate file.
 * Returns how many verdicts do not match their expectation. */
struct vd_rows;
int validate_print(const struct vd_rows *rows, bool csv);

/* A command's usage, the one source of its --help, of the usage its errors append and of its
 * entry in `specmc --help` (engine/cli/cli_usage.c). */
/* The help of --threads where the results do not depend on it (run, validate). */
#define CLI_THREADS_HELP "OpenMP threads (default: all cores); results do not depend on it"

struct cli_option {
    const char *flag; /* with its argument: "--seed S"; NULL ends the table */
    const char *help; /* lines separated by \n */
    bool repeat;      /* may be given again ([--set K=V]...) */
};
struct cli_usage {
    const char *name, *args;          /* "run", "CONFIG.ini" */
    const char *summary;              /* one line for `specmc --help` */
    const struct cli_option *options; /* ends with {NULL} */
    const char *about;                /* lines after the options; NULL: none */
};
extern const struct cli_usage cmd_run_usage, cmd_merge_usage, cmd_report_usage, cmd_plot_usage,
    cmd_validate_usage, cmd_cutoff_usage, cmd_list_usage;
/* The text of `specmc NAME --help` (a static buffer, overwritten by the next call). */
const char *cli_usage_text(const struct cli_usage *u);
/* The command's lines in `specmc --help`: name, arguments and every option, then its summary. */
void cli_print_synopsis(FILE *out, const struct cli_usage *u);

/* The command line's arguments (engine/cli/cli_args.c; messages: engine/base/messages.h).
 * --seed of subcommand `cmd`: an integer in [0, 2^64) (decimal, 0x hex or 0 octal) into *out;
 * false after a message naming the command. */
bool cli_parse_seed(const char *cmd, const char *s, uint64_t *out);

/* --threads of subcommand `cmd`: a decimal integer in [1, RUN_THREADS_MAX] into *out; false
 * after a message naming the command. */
bool cli_parse_threads(const char *cmd, const char *s, int *out);

#endif

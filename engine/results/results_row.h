/* results_row — one row of a summary or paired table as stored in the results file, shared by
 * its writer (results_write.c) and reader (results_read.c). Private to those two. */
#ifndef SPECMC_RESULTS_ROW_H
#define SPECMC_RESULTS_ROW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <hdf5.h>

#include "engine/results/h5write.h"
#include "engine/stats/verdict.h"
#include "models/metrics.h"

struct rs_row {
    char metric[32];
    uint64_t n;
    double mean, stddev, ci_low, ci_high;
    char interval[24]; /* st_method_name */
    char caveat[24];   /* st_caveat_name: why an `unreliable` interval is, "" otherwise */
    double tail_index; /* the per-replica values' tail index assumed (inf: light, bounded) */
};

#define ROW_FIELDS 9
static const char *const row_names[ROW_FIELDS] = {
    "metric", "n", "mean", "stddev", "ci_low", "ci_high", "interval", "caveat", "tail_index"};
static const H5T_class_t row_classes[ROW_FIELDS] = {
    H5T_STRING, H5T_INTEGER, H5T_FLOAT, H5T_FLOAT, H5T_FLOAT, H5T_FLOAT, H5T_STRING, H5T_STRING,
    H5T_FLOAT};

/* The name of row i of a summary or paired table (metric i's), or of a verdicts table (row
 * i % VR_COUNT of metric i / VR_COUNT: "lower_flowtime", ..., "median_delta_flowtime"). */
static inline void rs_row_name(char *buf, size_t len, int i, bool verdicts)
{
    if (verdicts)
        snprintf(buf, len, "%s_%s", verdict_row_names[i % VR_COUNT],
                 metric_info[i / VR_COUNT].name);
    else
        snprintf(buf, len, "%s", metric_info[i].name);
}

/* The row's compound type, in memory and in the file alike; -1 on failure. */
static inline hid_t rs_row_type(void)
{
    static const size_t offsets[ROW_FIELDS] = {
        offsetof(struct rs_row, metric),   offsetof(struct rs_row, n),
        offsetof(struct rs_row, mean),     offsetof(struct rs_row, stddev),
        offsetof(struct rs_row, ci_low),   offsetof(struct rs_row, ci_high),
        offsetof(struct rs_row, interval), offsetof(struct rs_row, caveat),
        offsetof(struct rs_row, tail_index)};
    hid_t name = h5w_string_type(32), code = h5w_string_type(24);
    hid_t types[ROW_FIELDS] = {name, H5T_NATIVE_UINT64, H5T_NATIVE_DOUBLE, H5T_NATIVE_DOUBLE,
                               H5T_NATIVE_DOUBLE, H5T_NATIVE_DOUBLE, code, code,
                               H5T_NATIVE_DOUBLE};
    hid_t t = name >= 0 && code >= 0
                  ? h5w_compound(sizeof(struct rs_row), ROW_FIELDS, row_names, offsets, types)
                  : -1;
    if (name >= 0)
        H5Tclose(name);
    if (code >= 0)
        H5Tclose(code);
    return t;
}

#endif

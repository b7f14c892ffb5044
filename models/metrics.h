/* metrics — what one replica reports (SPEC §1 "Accounting"), computed from the final
 * cluster state. The table below is the single list of metric names: the HDF5 datasets, the
 * report columns and the docs all come from it. */
#ifndef SPECMC_METRICS_H
#define SPECMC_METRICS_H

#include <stdbool.h>

struct cluster;

enum metric {
    M_FLOWTIME,          /* mean job flowtime C_i - a_i */
    M_FLOWTIME_WEIGHTED, /* Σ w_i F_i / Σ w_i */
    M_FLOWTIME_P50,      /* quantiles of job flowtime within the replica */
    M_FLOWTIME_P90,
    M_FLOWTIME_P99,
    M_POCD,              /* fraction of jobs done by their deadline; NaN without deadlines */
    M_MACHINE_TIME,      /* mean slot time per job, all copies, killed ones included */
    M_WASTED_TIME,       /* mean slot time per job spent in copies that did not win */
    M_COPIES_PER_TASK,   /* copies launched per task */
    M_UTILIZATION,       /* time-average busy fraction over the arrival window */
    M_UTILITY,           /* net utility lg(PoCD − R_min) − θ C machine_time; NaN without
                            deadlines, −inf when PoCD <= R_min (seed 004 eq. 25) */
    M_COUNT
};

struct metric_info {
    const char *name;  /* dataset and report name */
    const char *doc;   /* one line for docs and `specmc list` */
    bool proportion;   /* a fraction of jobs (Wilson interval when replicas are single jobs) */
};

extern const struct metric_info metric_info[M_COUNT];

/* Fill out[M_COUNT] from a finished replica. `scratch` holds at least cl->njobs doubles.
 * Jobs 0..warmup-1 (the first to arrive) are left out of every metric. */
void metrics_compute(const struct cluster *cl, double *scratch, double out[M_COUNT]);

#endif

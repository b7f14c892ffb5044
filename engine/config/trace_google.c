/* trace_google — jobs derived from the `task_events` table of Google's clusterdata-2011-2
 * trace (Reiss, Wilkes, Hellerstein, "Google cluster-usage traces: format + schema", 2011;
 * layout and rules in docs/guide/traces.md): CSV without a header, 13 columns in a fixed order, one
 * row per event in the life of a task. This file says which columns and codes those are; the
 * rows are read and the jobs derived by trace_events.c, as for the 2019 layout. Of the
 * columns the derivation does not need, the CPU and memory requests are read (each job's
 * largest, in the trace's units: the largest machine has 1). */
#include "engine/config/trace_common.h"

enum {
    G_TIME, G_MISSING, G_JOB, G_TASK, G_MACHINE, G_EVENT, G_USER, G_CLASS, G_PRIORITY, G_CPU,
    G_MEMORY, G_DISK, G_DIFFERENT, G_COLS
};

/* The schema's event types, 0..8 in this order. */
static const unsigned char event[] = {
    TR_EV_SUBMIT,  /* 0 SUBMIT */
    TR_EV_SCHEDULE,/* 1 SCHEDULE */
    TR_EV_STOP,    /* 2 EVICT */
    TR_EV_STOP,    /* 3 FAIL */
    TR_EV_FINISH,  /* 4 FINISH */
    TR_EV_STOP,    /* 5 KILL */
    TR_EV_STOP,    /* 6 LOST */
    TR_EV_NONE,    /* 7 UPDATE_PENDING */
    TR_EV_NONE,    /* 8 UPDATE_RUNNING */
};

/* clusterdata-2011-2's priorities: google/cluster-data ClusterData2011_2.md, "Priorities in this
 * trace range from 0 to 11 inclusive; ... 0 and 1 are 'free' priorities; 9, 10, and 11 are
 * 'production' priorities; and 12 is a 'monitoring' priority": 0 (lowest) to 12. */
#define PRIORITY_MAX 12

int tr_google_read(const char *path, struct tr_trace *out, char *err, size_t len)
{
    struct tr_layout lay = {
        .job = "job", .task = "task", .not_job = "",
        .field = {"timestamp", "job ID", "task index", "event type", "priority", "",
                  "CPU request", "memory request"},
        .col = {G_TIME, G_JOB, G_TASK, G_EVENT, G_PRIORITY, -1, G_CPU, G_MEMORY},
        .ncols = G_COLS,
        .cols = "clusterdata-2011-2 task_events: timestamp, missing info, job ID, task index, "
                "..., different-machines restriction",
        .nevents = (int)(sizeof event / sizeof *event), .ev = event, .rank = NULL,
        .events = "0 SUBMIT, 1 SCHEDULE, 2 EVICT, 3 FAIL, 4 FINISH, 5 KILL, 6 LOST, "
                  "7 UPDATE_PENDING, 8 UPDATE_RUNNING",
        .prio_max = PRIORITY_MAX, .header = NULL,
    };
    return tr_events_read(path, &lay, out, err, len);
}

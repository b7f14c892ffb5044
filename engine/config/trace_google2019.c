/* trace_google2019 — jobs derived from the `instance_events` table of Google's clusterdata-2019
 * traces (J. Wilkes et al., "Google cluster-usage traces v3", 2020; the schema is
 * clusterdata_trace_format_v3.proto in google/cluster-data, message InstanceEvent; layout and
 * rules in docs/guide/traces.md).
 *
 * The 2019 trace calls jobs and alloc sets "collections" and their tasks and alloc instances
 * "instances". Here a job is a collection and its tasks are its instances, derived by the same
 * rules as the 2011 table's (trace_events.c). Google publishes the table in BigQuery (and as
 * JSON), not as CSV; the reader takes it as a CSV export with a header line naming the
 * columns by the proto's field names, in any order, other columns ignored:
 *
 *   time             (field 1, uint64 µs)      the event's time; 0 and 2^63 − 1 as in 2011
 *   type             (field 2, EventType)      0 SUBMIT .. 10 UPDATE_RUNNING (below)
 *   collection_id    (field 3, int64)          the job
 *   priority         (field 7, int32)          the weight, from the earliest SUBMIT
 *   instance_index   (field 9, int32)          the task within the job
 *   collection_type  (field 6, optional)       0 JOB, 1 ALLOC_SET: an alloc set's
 *                                              collection is not a job and is left out
 *   resource_request_cpus, resource_request_memory  (field 12 flattened, optional)
 *                                              a job's requests: its instances' largest
 *
 * constraint (field 13, repeated) is not read: a CSV export drops it. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/text.h"
#include "engine/config/trace_common.h"

/* The columns read, by their InstanceEvent field names, in enum tr_field order. */
static const char *const field[TR_FIELDS] = {
    "time", "collection_id", "instance_index", "type", "priority", "collection_type",
    "resource_request_cpus", "resource_request_memory",
};

/* The proto's enum EventType, 0..10 in this order. QUEUE and ENABLE happen while an instance
 * waits to be scheduled ("marked not eligible for scheduling by the batch scheduler", "became
 * eligible for scheduling"): like the updates, they neither start nor end a run. */
static const unsigned char event[] = {
    TR_EV_SUBMIT,   /* 0 SUBMIT */
    TR_EV_NONE,     /* 1 QUEUE */
    TR_EV_NONE,     /* 2 ENABLE */
    TR_EV_SCHEDULE, /* 3 SCHEDULE */
    TR_EV_STOP,     /* 4 EVICT */
    TR_EV_STOP,     /* 5 FAIL */
    TR_EV_FINISH,   /* 6 FINISH */
    TR_EV_STOP,     /* 7 KILL */
    TR_EV_STOP,     /* 8 LOST */
    TR_EV_NONE,     /* 9 UPDATE_PENDING */
    TR_EV_NONE,     /* 10 UPDATE_RUNNING */
};

/* One instance's events at the same microsecond, in the order of its life cycle: an export's
 * rows come in no order of their own, and the v3 document says a thing "may have both SUBMIT
 * and SCHEDULE events for the exact same microsecond" (and a SUBMIT "immediately after" an
 * EVICT, FAIL or KILL when it is restarted): an end first, then SUBMIT, the pending events,
 * SCHEDULE, UPDATE_RUNNING and FINISH last. */
static const unsigned char rank[] = {
    1, /* SUBMIT */
    2, /* QUEUE */
    2, /* ENABLE */
    3, /* SCHEDULE */
    0, /* EVICT */
    0, /* FAIL */
    5, /* FINISH */
    0, /* KILL */
    0, /* LOST */
    2, /* UPDATE_PENDING */
    4, /* UPDATE_RUNNING */
};

#define REQUIRED "time, type, collection_id, instance_index and priority"

/* The header line: where each field's column is; those of the other names are ignored. */
static int header(struct tr_layout *lay, char *line, const char *path, long lineno, char *err,
                  size_t len)
{
    char q[TR_QUOTE_LEN], got[TR_QUOTE_LEN]; /* the line as it was: split cuts it up */
    snprintf(got, sizeof got, "%s", tr_quote(line, q));
    int n = text_split(line, ',', NULL, 0);
    char **f = malloc((size_t)n * sizeof *f);
    if (!f) {
        tr_error(err, len, "%s:%ld: out of memory", path, lineno);
        return -1;
    }
    text_split(line, ',', f, n);
    const char *why = NULL;
    char whybuf[96];
    for (int c = 0; c < n && !why; c++) {
        int k = text_index(field, TR_FIELDS, f[c]);
        if (k < 0)
            continue;
        if (lay->col[k] >= 0) {
            snprintf(whybuf, sizeof whybuf, "column '%s' twice (columns %d and %d)", field[k],
                     lay->col[k] + 1, c + 1);
            why = whybuf;
        }
        lay->col[k] = c;
    }
    for (int k = 0; k < TR_FIELDS && !why; k++)
        if (k != TR_F_KIND && k != TR_F_CPU && k != TR_F_MEM && lay->col[k] < 0) {
            snprintf(whybuf, sizeof whybuf, "no column '%s'", field[k]);
            why = whybuf;
        }
    free(f);
    if (why) {
        tr_error(err, len,
                 "%s:%ld: expected the header line of a clusterdata-2019 instance_events export, "
                 "naming the columns " REQUIRED " (any order; collection_type, the "
                 "flattened resource_request_cpus and resource_request_memory, and others "
                 "optional), got '%s': %s",
                 path, lineno, got, why);
        return -1;
    }
    lay->ncols = n;
    snprintf(lay->cols, sizeof lay->cols, "as the header on line %ld names", lineno);
    return 0;
}

int tr_google2019_read(const char *path, struct tr_trace *out, char *err, size_t len)
{
    struct tr_layout lay = {
        .job = "collection", .task = "instance", .not_job = "is an alloc set, or ",
        .field = {field[0], field[1], field[2], field[3], field[4], field[5], field[6],
                  field[7]},
        .col = {-1, -1, -1, -1, -1, -1, -1, -1},
        .nevents = (int)(sizeof event / sizeof *event), .ev = event, .rank = rank,
        .events = "0 SUBMIT, 1 QUEUE, 2 ENABLE, 3 SCHEDULE, 4 EVICT, 5 FAIL, 6 FINISH, 7 KILL, "
                  "8 LOST, 9 UPDATE_PENDING, 10 UPDATE_RUNNING",
        .prio_max = INT_MAX, /* the proto's int32; 0 is the lowest */
        .header = header,
    };
    return tr_events_read(path, &lay, out, err, len);
}

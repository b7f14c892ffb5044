/* preflight — what `specmc run` checks before it simulates, from the estimate of its cost
 * (engine/run/cost.h, run_cost): the work against RUN_EVENTS_MAX and the peak memory against the
 * machine's. Errors and warnings go to stderr (msg_error, msg_warning); an error names the
 * key (or --replicas) to change and the value that would fit (docs/guide/performance.md). */
#include "engine/base/messages.h"
#include "engine/run/preflight.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>


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

bool preflight_work(const struct cfg *c, const struct run_cost *cost, int threads,
                       bool replicas_given)
{
    struct run_cost k = *cost;
    double events = k.task_events + k.ticks + k.beats;
    char took[64], parts[512], key[128];
    fmt_unit(k.seconds + k.summary_seconds, durations, took, sizeof took);
    const struct policy *bp = k.beat_pol >= 0 ? c->policies[k.beat_pol] : NULL;
    int beat = 0; /* the heartbeat's index in bp's table; its section is its half's */
    while (bp && strcmp(bp->params[beat].key, bp->heartbeat))
        beat++;
    if (bp)
        snprintf(key, sizeof key, "policy.%s.%s", pol_param_half(bp, beat)->name, bp->heartbeat);
    int n = snprintf(parts, sizeof parts, "%.2g task events", k.task_events);
    if (k.ticks > 0)
        n += snprintf(parts + n, sizeof parts - (size_t)n, ", %.2g ticks of cluster.interval",
                      k.ticks);
    if (bp)
        snprintf(parts + n, sizeof parts - (size_t)n, ", %.2g heartbeats of %s", k.beats, key);
    if (events <= RUN_EVENTS_MAX) {
        char summ[96] = "", part[32];
        if (k.summary_seconds > 0.1 * (k.seconds + k.summary_seconds)) {
            fmt_unit(k.summary_seconds, durations, part, sizeof part);
            snprintf(summ, sizeof summ, ", %s of it the summaries' bootstraps", part);
        }
        if (k.seconds + k.summary_seconds > RUN_SECONDS_WARN)
            msg_warning("%s: about %.2g events (%s): roughly %s on %d thread%s%s", c->name,
                        events, parts, took, threads, threads == 1 ? "" : "s", summ);
        return true;
    }
    /* what the largest part's key would have to be for the run to stay within the bound */
    char why[1024];
    snprintf(why, sizeof why, "the run would simulate about %.2g events (%s), more than %.0e, "
             "which no run gets through (roughly %s on %d thread%s)", events, parts,
             RUN_EVENTS_MAX, took, threads, threads == 1 ? "" : "s");
    if (k.ticks >= k.beats && k.ticks >= k.task_events && events - k.ticks < RUN_EVENTS_MAX) {
        double dt = c->scen[k.tick_scen].spec.interval;
        msg_error("%s: cluster.interval: must be >= %.3g here, got '%g': %s",
                  cfg_where(c, "cluster", "interval"),
                  dt * k.ticks / (RUN_EVENTS_MAX - (events - k.ticks)), dt, why);
    } else if (bp && k.beats >= k.task_events && events - k.beats < RUN_EVENTS_MAX) {
        double period = cfg_params(c, k.beat_scen, k.beat_pol)[beat];
        char section[80];
        snprintf(section, sizeof section, "policy.%s", pol_param_half(bp, beat)->name);
        msg_error("%s: %s: must be >= %.3g here, got '%g': %s",
                  cfg_where(c, section, bp->heartbeat), key,
                  period * k.beats / (RUN_EVENTS_MAX - (events - k.beats)), period, why);
    } else {
        msg_error("%s: experiment.replicas: must be <= %.0f here, got '%d': %s",
                  replicas_given ? "--replicas" : cfg_where(c, "experiment", "replicas"),
                  floor(c->replicas * RUN_EVENTS_MAX / events), c->replicas, why);
    }
    return false;
}

bool preflight_memory(const struct cfg *c, const struct run_cost *cost, int threads,
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
            msg_warning("%s: %s: more than half of it", c->name, msg);
        return true;
    }
    if (k.results_bytes > k.replica_bytes * threads) { /* the results drive it */
        /* what grows with the replicas: all but the base and the threads' workspaces */
        double fixed = RUN_BASE_BYTES + k.replica_bytes * threads, room = phys - fixed;
        double most = floor(c->replicas * room / (k.bytes - fixed));
        if (most >= 1)
            msg_error("%s: experiment.replicas: must be <= %.0f on this machine, got '%d': %s",
                      replicas_given ? "--replicas" : cfg_where(c, "experiment", "replicas"),
                      most, c->replicas, msg);
        else
            msg_error("%s: %d scenario%s x %d polic%s do not fit even at one replica each: "
                      "%s; sweep fewer values or run fewer policies", c->name, c->nscenarios,
                      c->nscenarios == 1 ? "" : "s", c->npolicies,
                      c->npolicies == 1 ? "y" : "ies", msg);
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
    msg_error("%s: %s: %s; %s",
              slots ? cfg_where(c, "cluster", "slots") : cfg_where(c, "workload", "jobs"),
              slots ? "cluster.slots" : "workload.jobs", msg, hint);
    return false;
}

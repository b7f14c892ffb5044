/* servers — seed 003's servers when CPU and memory requests are drawn per job (or given per
 * job by a trace)
 * (docs/methods/model.md, "Entities": Servers, Requests drawn per job): which free slot a copy
 * of a job may take, and what the running copies hold on each server.
 *
 * With fixed requests every slot fits every copy and none of this runs: the slots are
 * servers × the copies a server fits (engine/config/config.c). With drawn requests a server's
 * slots are the copies of the least requests it fits (spec->per_server, slot s on server
 * s / per_server), and a copy takes a free slot only where its job's CPU and memory both fit
 * beside the copies already there: the most recently freed such slot, which is the top of
 * the free stack whenever that fits, so the order of the free stack is kept otherwise. */
#ifndef SPECMC_SERVERS_H
#define SPECMC_SERVERS_H

#include <stdbool.h>

#include "models/spec.h"

/* What the running copies hold: per server, and in all. */
struct cl_servers {
    double *cpu, *mem;          /* [servers] requested by the copies on it */
    int *copies;                /* [servers] copies on it (its sums are reset to 0 at none) */
    double cpu_used, mem_used;  /* over every server */
    int cap;                    /* allocated servers */
};

/* Whether requests are drawn per job, or given per job by a trace (and so placed by srv_*). */
static inline bool srv_drawn(const struct cl_spec *sp)
{
    return sp->servers > 0 && (sp->cpu_request_max > sp->cpu_request ||
                               sp->mem_request_max > sp->mem_request || sp->trace_requests);
}

/* The least CPU and memory any copy requests (spec.h: cpu_least, mem_least). */
static inline double srv_least_cpu(const struct cl_spec *sp)
{
    return sp->cpu_least > 0 ? sp->cpu_least : sp->cpu_request;
}
static inline double srv_least_mem(const struct cl_spec *sp)
{
    return sp->mem_least > 0 ? sp->mem_least : sp->mem_request;
}

/* Size and empty the per-server sums for a scenario with drawn requests; 0 or -1. */
int srv_reset(struct cl_servers *sv, const struct cl_spec *sp);
void srv_free(struct cl_servers *sv);

/* The position in the free stack (its nfree entries) of the slot a copy requesting `cpu` and
 * `mem` takes (the highest whose server both fit), or -1 when it fits nowhere. */
int srv_find(const struct cl_servers *sv, const struct cl_spec *sp, const int *free_stack,
             int nfree, double cpu, double mem);

/* A copy requesting cpu and mem took slot s / left it (none_left: no copy runs any more). */
void srv_take(struct cl_servers *sv, const struct cl_spec *sp, int s, double cpu, double mem);
void srv_leave(struct cl_servers *sv, const struct cl_spec *sp, int s, double cpu, double mem,
               bool none_left);

/* The share of the servers' capacity the running copies request: the larger of CPU's and
 * memory's (seed 003 assumption 5's utilisation, with drawn requests). */
double srv_busy_share(const struct cl_servers *sv, const struct cl_spec *sp);

#endif

/* servers — seed 003's servers when CPU and memory requests are drawn per job (SPEC §1,
 * docs/model.md, Servers): which free slot a copy of a job may take, and what the running
 * copies hold on each server.
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

struct cluster;

/* What the running copies hold: per server, and in all. */
struct cl_servers {
    double *cpu, *mem;          /* [servers] requested by the copies on it */
    int *copies;                /* [servers] copies on it (its sums are reset to 0 at none) */
    double cpu_used, mem_used;  /* over every server */
    int cap;                    /* allocated servers */
};

/* Whether requests are drawn per job (and so placed by srv_*). */
static inline bool srv_drawn(const struct cl_spec *sp)
{
    return sp->servers > 0 &&
           (sp->cpu_request_max > sp->cpu_request || sp->mem_request_max > sp->mem_request);
}

/* Size and empty the per-server sums for a scenario with drawn requests; 0 or -1. */
int srv_reset(struct cl_servers *sv, const struct cl_spec *sp);
void srv_free(struct cl_servers *sv);

/* The position in the free stack of the slot a copy requesting `cpu` and `mem` takes (the
 * highest whose server both fit), or -1 when it fits nowhere. */
int srv_find(const struct cluster *cl, double cpu, double mem);

/* Whether a copy of the least requests fits anywhere: when not, no job's does. */
bool srv_room(const struct cluster *cl);

/* A copy of `job` took slot s / left it. */
void srv_take(struct cluster *cl, int s, int job);
void srv_leave(struct cluster *cl, int s, int job);

/* The share of the servers' capacity the running copies request: the larger of CPU's and
 * memory's (seed 003 assumption 5's utilisation, with drawn requests). */
double srv_busy_share(const struct cluster *cl);

#endif

/* servers — placement by drawn requests. See servers.h. */
#include "models/servers.h"

#include <math.h>
#include <stdlib.h>

#include "models/cluster.h"

/* Sums of requests are compared with a relative slack, so that 0.3 + 0.3 + 0.3 + 0.1 fits
 * 1.0 although its rounding is 1.0000000000000002 (the floor of config's slot count adds
 * 1e-9 to its quotients for the same reason). */
#define FIT_SLACK 1e-9

int srv_reset(struct cl_servers *sv, const struct cl_spec *sp)
{
    int n = sp->servers;
    if (n > sv->cap) {
        double *cpu = realloc(sv->cpu, (size_t)n * sizeof *cpu);
        if (!cpu)
            return -1;
        sv->cpu = cpu;
        double *mem = realloc(sv->mem, (size_t)n * sizeof *mem);
        if (!mem)
            return -1;
        sv->mem = mem;
        int *copies = realloc(sv->copies, (size_t)n * sizeof *copies);
        if (!copies)
            return -1;
        sv->copies = copies;
        sv->cap = n;
    }
    for (int v = 0; v < n; v++) {
        sv->cpu[v] = sv->mem[v] = 0.0;
        sv->copies[v] = 0;
    }
    sv->cpu_used = sv->mem_used = 0.0;
    return 0;
}

void srv_free(struct cl_servers *sv)
{
    free(sv->cpu), free(sv->mem), free(sv->copies);
    *sv = (struct cl_servers){0};
}

int srv_find(const struct cluster *cl, double cpu, double mem)
{
    const struct cl_spec *sp = cl->spec;
    const struct cl_servers *sv = &cl->servers;
    double cpu_cap = sp->server_cpu * (1 + FIT_SLACK), mem_cap = sp->server_mem * (1 + FIT_SLACK);
    for (int i = cl->nfree - 1; i >= 0; i--) {
        int v = cl->free_stack[i] / sp->per_server;
        if (sv->cpu[v] + cpu <= cpu_cap && sv->mem[v] + mem <= mem_cap)
            return i;
    }
    return -1;
}

bool srv_room(const struct cluster *cl)
{
    return srv_find(cl, cl->spec->cpu_request, cl->spec->mem_request) >= 0;
}

void srv_take(struct cluster *cl, int s, int job)
{
    struct cl_servers *sv = &cl->servers;
    int v = s / cl->spec->per_server;
    sv->cpu[v] += cl->job[job].cpu;
    sv->mem[v] += cl->job[job].mem;
    sv->copies[v]++;
    sv->cpu_used += cl->job[job].cpu;
    sv->mem_used += cl->job[job].mem;
}

void srv_leave(struct cluster *cl, int s, int job)
{
    struct cl_servers *sv = &cl->servers;
    int v = s / cl->spec->per_server;
    if (--sv->copies[v] == 0)
        sv->cpu[v] = sv->mem[v] = 0.0;
    else {
        sv->cpu[v] -= cl->job[job].cpu;
        sv->mem[v] -= cl->job[job].mem;
    }
    if (cl->nfree == cl->nslots)
        sv->cpu_used = sv->mem_used = 0.0;
    else {
        sv->cpu_used -= cl->job[job].cpu;
        sv->mem_used -= cl->job[job].mem;
    }
}

double srv_busy_share(const struct cluster *cl)
{
    const struct cl_spec *sp = cl->spec;
    return fmax(cl->servers.cpu_used / (sp->servers * sp->server_cpu),
                cl->servers.mem_used / (sp->servers * sp->server_mem));
}

/* servers — placement by drawn requests. See servers.h. */
#include "models/servers.h"

#include <math.h>
#include <stdlib.h>


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

int srv_find(const struct cl_servers *sv, const struct cl_spec *sp, const int *free_stack,
             int nfree, double cpu, double mem)
{
    double cpu_cap = sp->server_cpu * (1 + FIT_SLACK), mem_cap = sp->server_mem * (1 + FIT_SLACK);
    for (int i = nfree - 1; i >= 0; i--) {
        int v = free_stack[i] / sp->per_server;
        if (sv->cpu[v] + cpu <= cpu_cap && sv->mem[v] + mem <= mem_cap)
            return i;
    }
    return -1;
}

void srv_take(struct cl_servers *sv, const struct cl_spec *sp, int s, double cpu, double mem)
{
    int v = s / sp->per_server;
    sv->cpu[v] += cpu;
    sv->mem[v] += mem;
    sv->copies[v]++;
    sv->cpu_used += cpu;
    sv->mem_used += mem;
}

void srv_leave(struct cl_servers *sv, const struct cl_spec *sp, int s, double cpu, double mem,
               bool none_left)
{
    int v = s / sp->per_server;
    if (--sv->copies[v] == 0)
        sv->cpu[v] = sv->mem[v] = 0.0;
    else {
        sv->cpu[v] -= cpu;
        sv->mem[v] -= mem;
    }
    if (none_left)
        sv->cpu_used = sv->mem_used = 0.0;
    else {
        sv->cpu_used -= cpu;
        sv->mem_used -= mem;
    }
}

double srv_busy_share(const struct cl_servers *sv, const struct cl_spec *sp)
{
    return fmax(sv->cpu_used / (sp->servers * sp->server_cpu),
                sv->mem_used / (sp->servers * sp->server_mem));
}

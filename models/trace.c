/* trace — the jobs a trace gives (trace.h): releasing them, and their digest. The readers
 * that fill them from files are the config's (engine/config/traces.h). */
#include "models/trace.h"

#include <stdlib.h>
#include <string.h>

void tr_free(struct tr_trace *t)
{
    free(t->job);
    memset(t, 0, sizeof *t);
}

/* FNV-1a 64 (Fowler, Noll, Vo; the offset basis and prime of the published algorithm) over n
 * bytes, continuing from h. */
static uint64_t fnv1a(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ULL;
    return h;
}

uint64_t tr_digest(const struct tr_trace *t)
{
    uint64_t h = fnv1a(14695981039346656037ULL, &t->njobs, sizeof t->njobs);
    for (int i = 0; i < t->njobs; i++) { /* field by field: no padding bytes */
        const struct tr_job *j = &t->job[i];
        h = fnv1a(h, &j->arrival, sizeof j->arrival);
        h = fnv1a(h, &j->weight, sizeof j->weight);
        h = fnv1a(h, j->tasks, sizeof j->tasks);
        h = fnv1a(h, j->mean, sizeof j->mean);
        h = fnv1a(h, j->sd, sizeof j->sd);
        if (j->deadline != 0) /* only where given: traces without one keep their digests */
            h = fnv1a(h, &j->deadline, sizeof j->deadline);
        if (j->price != 0) {
            h = fnv1a(h, "price", 5); /* told apart from a deadline of the same value */
            h = fnv1a(h, &j->price, sizeof j->price);
        }
        if (j->cpu != 0) { /* likewise: traces without requests keep their digests */
            h = fnv1a(h, "cpu", 3);
            h = fnv1a(h, &j->cpu, sizeof j->cpu);
        }
        if (j->mem != 0) {
            h = fnv1a(h, "mem", 3);
            h = fnv1a(h, &j->mem, sizeof j->mem);
        }
    }
    return h;
}

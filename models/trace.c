/* trace — the jobs a trace gives (trace.h): releasing them, and their digest. The readers
 * that fill them from files are the config's (engine/config/traces.h). */
#include "models/trace.h"

#include <stdlib.h>
#include <string.h>

#include "engine/base/hash.h"

void tr_free(struct tr_trace *t)
{
    free(t->job);
    memset(t, 0, sizeof *t);
}

uint64_t tr_digest(const struct tr_trace *t)
{
    uint64_t h = fnv1a64(FNV1A64_BASIS, &t->njobs, sizeof t->njobs);
    for (int i = 0; i < t->njobs; i++) { /* field by field: no padding bytes */
        const struct tr_job *j = &t->job[i];
        h = fnv1a64(h, &j->arrival, sizeof j->arrival);
        h = fnv1a64(h, &j->weight, sizeof j->weight);
        h = fnv1a64(h, j->tasks, sizeof j->tasks);
        h = fnv1a64(h, j->mean, sizeof j->mean);
        h = fnv1a64(h, j->sd, sizeof j->sd);
        if (j->deadline != 0) /* only where given: traces without one keep their digests */
            h = fnv1a64(h, &j->deadline, sizeof j->deadline);
        if (j->price != 0) {
            h = fnv1a64(h, "price", 5); /* told apart from a deadline of the same value */
            h = fnv1a64(h, &j->price, sizeof j->price);
        }
        if (j->cpu != 0) { /* likewise: traces without requests keep their digests */
            h = fnv1a64(h, "cpu", 3);
            h = fnv1a64(h, &j->cpu, sizeof j->cpu);
        }
        if (j->mem != 0) {
            h = fnv1a64(h, "mem", 3);
            h = fnv1a64(h, &j->mem, sizeof j->mem);
        }
    }
    return h;
}

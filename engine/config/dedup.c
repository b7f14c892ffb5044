/* dedup — the first of each kind among n items (see dedup.h). */
#include "engine/config/dedup.h"

#include <stdlib.h>
#include <string.h>

uint64_t dedup_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) { /* a word at a time: a scenario's spec is hundreds of bytes */
        uint64_t w;
        memcpy(&w, b + i, 8);
        h = (h ^ w) * 1099511628211u;
        h ^= h >> 29;
    }
    for (; i < n; i++)
        h = (h ^ b[i]) * 1099511628211u; /* FNV-1a */
    return h;
}

/* The final mix of MurmurHash3: every bit of h moves the low bits the table indexes by. */
static uint64_t mix(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdu;
    h ^= h >> 33;
    return h;
}

int dedup_first(int n, uint64_t (*hash)(const void *ctx, int i),
                bool (*same)(const void *ctx, int i, int j), const void *ctx, int *first)
{
    size_t cap = 16;
    while (cap < 2 * (size_t)(n > 0 ? n : 0))
        cap *= 2; /* at most half full: a probe finds an empty slot within a few steps */
    int *slot = calloc(cap, sizeof *slot); /* the first item of a kind + 1; 0: empty */
    if (!slot)
        return -1;
    size_t mask = cap - 1;
    for (int i = 0; i < n; i++) {
        size_t at = (size_t)mix(hash(ctx, i)) & mask;
        while (slot[at] && !same(ctx, slot[at] - 1, i))
            at = (at + 1) & mask;
        if (!slot[at])
            slot[at] = i + 1;
        first[i] = slot[at] - 1; /* the table holds only firsts, so this is the least */
    }
    free(slot);
    return 0;
}

/* hash — FNV-1a 64 (Fowler, Noll, Vo; the published offset basis and prime), for the digests
 * that tell input files apart (a trace's jobs, a price history) in merge and resume. */
#ifndef SPECMC_HASH_H
#define SPECMC_HASH_H

#include <stddef.h>
#include <stdint.h>

#define FNV1A64_BASIS 14695981039346656037ULL

/* FNV-1a 64 over n bytes at p, continuing from h (FNV1A64_BASIS to start). */
static inline uint64_t fnv1a64(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ULL;
    return h;
}

#endif

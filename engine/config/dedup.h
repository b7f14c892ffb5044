/* dedup — which of n items repeat an earlier one, in O(n) expected time: an open-addressing
 * hash table (linear probing) of item numbers, the caller giving each item's hash and the
 * equality. It answers exactly what comparing every item with every earlier one answers (the
 * sweep values a config refuses as given twice, the cells of a run that copy an equal one),
 * without the n^2 comparisons. It keeps nothing between calls and knows nothing of items. */
#ifndef SPECMC_DEDUP_H
#define SPECMC_DEDUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* h extended with the n bytes at p (to hash an item from its parts, starting from
 * DEDUP_SEED); equal bytes give equal hashes. */
#define DEDUP_SEED 1469598103934665603u
uint64_t dedup_bytes(uint64_t h, const void *p, size_t n);

/* For items 0 .. n - 1, where same(ctx, i, j) is an equivalence (reflexive, symmetric,
 * transitive) and same items have the same hash(ctx, i): first[i] = the least j with
 * same(ctx, j, i), i itself for the first of each kind. 0, or -1 when out of memory. */
int dedup_first(int n, uint64_t (*hash)(const void *ctx, int i),
                bool (*same)(const void *ctx, int i, int j), const void *ctx, int *first);

#endif

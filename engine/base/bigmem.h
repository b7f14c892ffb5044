/* bigmem — growth of the large per-replica arrays (a cluster's jobs and tasks) in memory the
 * kernel may back with 2 MiB pages (Linux transparent huge pages, madvise(MADV_HUGEPAGE)).
 *
 * A replica of 50 000 jobs touches about 44 MB of such arrays, which with 4 KiB pages costs
 * some 11 800 page faults in the first replica of each thread, and 2 200 with these arrays in
 * huge pages: about 8 % less CPU time for a 16-replica run of `make bench`'s FIFO model on the
 * development machine (docs/guide/performance.md, "Memory"). Nothing here changes a value:
 * only where the bytes live. */
#ifndef SPECMC_BIGMEM_H
#define SPECMC_BIGMEM_H

#include <stddef.h>

/* A huge page's bytes; arrays from half of it up are aligned to it and rounded up to whole
 * ones (at most twice their size resident, once touched) and advised as huge pages. */
#define BIGMEM_HUGE (2u << 20)

/* Grows the array at p (old_bytes of contents, NULL when 0) to new_bytes, keeping its
 * contents as realloc does; returns the new block or NULL (p untouched) when memory is out.
 * Release with free(). */
void *bigmem_grow(void *p, size_t old_bytes, size_t new_bytes);

#endif

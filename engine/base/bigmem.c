/* bigmem — huge-page-friendly growth of large arrays. See bigmem.h. */
#include "engine/base/bigmem.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

void *bigmem_grow(void *p, size_t old_bytes, size_t new_bytes)
{
    if (new_bytes < BIGMEM_HUGE / 2)
        return realloc(p, new_bytes);
    size_t rounded = (new_bytes + BIGMEM_HUGE - 1) / BIGMEM_HUGE * BIGMEM_HUGE;
    void *q = aligned_alloc(BIGMEM_HUGE, rounded);
    if (!q)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(q, rounded, MADV_HUGEPAGE); /* advice only: where the kernel declines, 4 KiB pages */
#endif
    if (p) {
        memcpy(q, p, old_bytes < new_bytes ? old_bytes : new_bytes);
        free(p);
    }
    return q;
}

/* Growth of large arrays in huge-page-aligned memory (engine/base/bigmem.c): contents kept as
 * realloc keeps them, below and across the size from which blocks are aligned. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>

#include "engine/base/bigmem.h"

Test(bigmem, grows_keeping_contents_and_aligns_large_blocks)
{
    size_t sizes[] = {1000, BIGMEM_HUGE / 2 - 8, BIGMEM_HUGE / 2, 3 * (size_t)BIGMEM_HUGE + 5,
                      5 * (size_t)BIGMEM_HUGE};
    int *p = NULL;
    size_t have = 0; /* ints */
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t n = sizes[k] / sizeof *p;
        int *q = bigmem_grow(p, have * sizeof *p, n * sizeof *p);
        cr_assert_not_null(q);
        for (size_t i = 0; i < have; i++)
            cr_assert_eq(q[i], (int)(i * 2654435761u), "size %zu: element %zu lost", sizes[k], i);
        if (n * sizeof *p >= BIGMEM_HUGE / 2)
            cr_assert_eq((uintptr_t)q % BIGMEM_HUGE, 0, "a block of %zu bytes not aligned",
                         n * sizeof *p);
        for (size_t i = 0; i < n; i++)
            q[i] = (int)(i * 2654435761u);
        p = q, have = n;
    }
    free(p);
}

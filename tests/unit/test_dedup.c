/* test_dedup — engine/config/dedup.c: first[i] is the least j equal to i, exactly what
 * comparing every pair answers, whatever the hash spreads or collides (a constant hash puts
 * every item in one probe chain), and for n = 0. Its users' answers (duplicate sweep values,
 * twin cells) are tested in tests/cli/test_bad_input.sh, test_determinism.sh and test_limits.sh. */
#include <criterion/criterion.h>

#include <stdlib.h>

#include "engine/config/dedup.h"

/* Items are ints, equal when congruent modulo 7. */
static bool same_mod7(const void *ctx, int i, int j)
{
    const int *v = ctx;
    return (v[i] - v[j]) % 7 == 0;
}

static uint64_t hash_mod7(const void *ctx, int i)
{
    const int *v = ctx;
    int r = ((v[i] % 7) + 7) % 7;
    return dedup_bytes(DEDUP_SEED, &r, sizeof r);
}

static uint64_t hash_constant(const void *ctx, int i)
{
    (void)ctx, (void)i;
    return 42;
}

/* first[] as comparing each item with every earlier one finds it. */
static void check(int n, const int *v, uint64_t (*hash)(const void *, int))
{
    int *first = malloc((size_t)(n ? n : 1) * sizeof *first);
    cr_assert_eq(dedup_first(n, hash, same_mod7, v, first), 0);
    for (int i = 0; i < n; i++) {
        int want = i;
        for (int j = 0; j < i && want == i; j++)
            if (same_mod7(v, j, i))
                want = j;
        cr_assert_eq(first[i], want, "item %d (%d): %d, want %d", i, v[i], first[i], want);
    }
    free(first);
}

Test(dedup, first_of_each_kind)
{
    enum { N = 5000 };
    static int v[N];
    for (int i = 0; i < N; i++)
        v[i] = (int)((i * 2654435761u) % 1000) - 500;
    check(N, v, hash_mod7);
    check(300, v, hash_constant);
    check(0, v, hash_mod7);
}

Test(dedup, equal_bytes_equal_hashes)
{
    char a[] = "0123456789abcdefXYZ", b[] = "0123456789abcdefXYZ";
    cr_assert_eq(dedup_bytes(DEDUP_SEED, a, sizeof a), dedup_bytes(DEDUP_SEED, b, sizeof b));
    b[17] = 'y'; /* in the tail after the 8-byte words */
    cr_assert_neq(dedup_bytes(DEDUP_SEED, a, sizeof a), dedup_bytes(DEDUP_SEED, b, sizeof b));
    b[17] = 'Y';
    b[3] = '!'; /* in a word */
    cr_assert_neq(dedup_bytes(DEDUP_SEED, a, sizeof a), dedup_bytes(DEDUP_SEED, b, sizeof b));
}

/* test_loghist — the log-spaced histograms of the streaming job summaries
 * (engine/stats/loghist.c): exact portable bins, merging as addition, encodings. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdlib.h>

#include "engine/stats/dist.h"
#include "engine/stats/loghist.h"
#include "engine/stats/rng.h"

/* A value equal to an edge goes into the bin it closes; one ulp above, the next; one below,
 * the same. Edges are 2^(k/256): e_0 = 1, e_256 = 2, e_{-256} = 1/2, and the table's own,
 * each the correctly rounded 2^(k/256) (within half an ulp of the long-double power). */
Test(loghist, edges_close_their_bins)
{
    for (int k = -700; k <= 700; k++) {
        double e = lh_edge(k);
        cr_assert_eq(lh_index(e), k, "e_%d = %a", k, e);
        cr_assert_eq(lh_index(nextafter(e, INFINITY)), k + 1, "just above e_%d", k);
        cr_assert_eq(lh_index(nextafter(e, 0)), k, "just below e_%d", k);
        long double exact = powl(2.0L, (long double)k / 256.0L);
        cr_assert_leq(fabsl((long double)e - exact), 0.5000001L * (long double)(nextafter(e, INFINITY) - e),
                      "e_%d = %a", k, e);
    }
    cr_assert_eq(lh_edge(0), 1.0);
    cr_assert_eq(lh_edge(256), 2.0);
    cr_assert_eq(lh_edge(-256), 0.5);
    cr_assert_eq(lh_index(0.0), LH_ZERO);
    cr_assert_eq(lh_index(-3.0), LH_ZERO);
    cr_assert_eq(lh_index(INFINITY), LH_INF);
    cr_assert_eq(lh_index(1e-310), lh_index(nextafter(1e-310, 1)), "subnormals have bins");
}

/* A bin's value is within 2^(1/512) − 1 = 0.136 % of every value it holds. */
Test(loghist, value_within_half_a_bin)
{
    rng_t r;
    rng_stream(&r, 11, 0, (enum rng_purpose)0);
    for (int i = 0; i < 100000; i++) {
        double x = exp(40.0 * rng_uniform(&r) - 20.0);
        double v = lh_value(lh_index(x));
        cr_assert_leq(fabs(v / x - 1.0), pow(2.0, 1.0 / 512) - 1.0 + 1e-15, "x = %a", x);
        cr_assert(lh_low(lh_index(x)) < x && x <= lh_high(lh_index(x)));
    }
}

/* Merging is addition: ((a + b) + c) and (a + (c + b)) encode to the same values, and an
 * encoding decodes to the counts it came from. */
Test(loghist, merge_is_associative_and_encodes_alike)
{
    struct lh h[3] = {{0}}, x = {0}, y = {0}, bc = {0}, z = {0};
    rng_t r;
    rng_stream(&r, 5, 1, (enum rng_purpose)0);
    for (int j = 0; j < 3; j++)
        for (int i = 0; i < 1000; i++)
            lh_add(&h[j], lh_index(j == 2 ? 1e3 * rng_uniform(&r) : rng_uniform(&r) - 0.01), 1);
    lh_merge(&x, &h[0]), lh_merge(&x, &h[1]), lh_merge(&x, &h[2]);
    lh_merge(&bc, &h[2]), lh_merge(&bc, &h[1]);
    lh_merge(&y, &h[0]), lh_merge(&y, &bc);
    size_t n = lh_encoded_len(&x);
    cr_assert_eq(n, lh_encoded_len(&y));
    int64_t *ex = malloc(n * sizeof *ex), *ey = malloc(n * sizeof *ey);
    cr_assert_eq(lh_encode(&x, ex), ex + n);
    lh_encode(&y, ey);
    for (size_t i = 0; i < n; i++)
        cr_assert_eq(ex[i], ey[i], "value %zu", i);
    cr_assert_eq(lh_decode_add(&z, ex, ex + n), ex + n);
    cr_assert_eq(lh_total(&z), 3000);
    cr_assert_eq(lh_decode_add(&z, ex, ex + n - 1), NULL, "a truncated encoding is refused");
    free(ex), free(ey);
    for (int j = 0; j < 3; j++)
        lh_free(&h[j]);
    lh_free(&x), lh_free(&y), lh_free(&bc), lh_free(&z);
}

/* A damaged file's counts cannot overflow: adding an encoding whose counts would pass
 * INT64_MAX is refused, as is merging such histograms. */
Test(loghist, counts_that_would_overflow_are_refused)
{
    struct lh h = {0}, twice = {0};
    cr_assert_eq(lh_add(&h, lh_index(3.0), INT64_MAX - 1), 0);
    size_t n = lh_encoded_len(&h);
    int64_t *e = malloc(n * sizeof *e);
    lh_encode(&h, e);
    cr_assert_eq(lh_decode_add(&twice, e, e + n), e + n);
    cr_assert_eq(lh_decode_add(&twice, e, e + n), NULL, "a count past INT64_MAX");
    cr_assert_eq(lh_merge(&h, &h), -1);
    free(e);
    lh_free(&h), lh_free(&twice);
}

/* memo — remembered results of pure computations a policy repeats for jobs of the same shape
 * (Chronos `r = auto`: Algorithm 1 per job). See policy.h.
 *
 * An open-addressing hash table (linear probing) from a key of POL_MEMO_KEY doubles, compared
 * bit for bit, to an int. It grows by doubling up to POL_MEMO_MAX entries and is emptied when
 * that many are held: a memo only saves time, it never changes a result, so forgetting is
 * always safe. It is not a cache of anything that depends on the replica, the thread or the
 * order of the calls. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "models/policies/kit.h"

#define POL_MEMO_MAX (1 << 14) /* entries held before the memo is emptied */

struct memo_entry {
    double key[POL_MEMO_KEY]; /* the computation's inputs */
    int value;                /* its result */
    int used;                 /* 1 when the entry holds a key */
};

struct pol_memo {
    struct memo_entry *e; /* [cap], cap a power of two */
    int cap;              /* slots */
    int n;                /* entries held (at most cap / 2) */
};

struct pol_memo *pol_memo_new(void)
{
    return calloc(1, sizeof(struct pol_memo));
}

void pol_memo_free(struct pol_memo *m)
{
    if (m)
        free(m->e);
    free(m);
}

/* FNV-1a over the key's bytes. */
static uint64_t hash(const double *key)
{
    const unsigned char *b = (const unsigned char *)key;
    uint64_t h = 1469598103934665603u;
    for (size_t i = 0; i < POL_MEMO_KEY * sizeof *key; i++)
        h = (h ^ b[i]) * 1099511628211u;
    return h;
}

/* The slot holding key, or the empty slot where it would go. */
static struct memo_entry *slot(const struct pol_memo *m, const double *key)
{
    size_t mask = (size_t)m->cap - 1, i = (size_t)hash(key) & mask;
    while (m->e[i].used && memcmp(m->e[i].key, key, sizeof m->e[i].key) != 0)
        i = (i + 1) & mask;
    return &m->e[i];
}

bool pol_memo_get(const struct pol_memo *m, const double *key, int *value)
{
    if (!m || m->cap == 0)
        return false;
    const struct memo_entry *e = slot(m, key);
    if (e->used)
        *value = e->value;
    return e->used;
}

/* Double the table (or make the first one); false when out of memory. */
static bool grow(struct pol_memo *m)
{
    int cap = m->cap ? 2 * m->cap : 64;
    struct memo_entry *old = m->e, *e = calloc((size_t)cap, sizeof *e);
    if (!e)
        return false;
    int old_cap = m->cap;
    m->e = e;
    m->cap = cap;
    for (int i = 0; i < old_cap; i++)
        if (old[i].used)
            *slot(m, old[i].key) = old[i];
    free(old);
    return true;
}

void pol_memo_put(struct pol_memo *m, const double *key, int value)
{
    if (!m)
        return;
    if (m->n >= POL_MEMO_MAX) { /* full: forget everything (results do not depend on it) */
        memset(m->e, 0, (size_t)m->cap * sizeof *m->e);
        m->n = 0;
    }
    if (2 * (m->n + 1) > m->cap && !grow(m))
        return; /* out of memory: no memo, same results */
    struct memo_entry *e = slot(m, key);
    if (!e->used)
        m->n++;
    memcpy(e->key, key, sizeof e->key);
    e->value = value;
    e->used = 1;
}

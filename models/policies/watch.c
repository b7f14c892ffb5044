/* watch — the tasks a policy keeps an eye on, in a binary min-heap on a key per task (a due
 * time, or a bound on a score, negated for the largest first), with each task's place in the
 * heap so that its key can change or it can leave in O(log n). For the watch lists that let a
 * speculator skip, at a decision, the tasks that provably cannot change its outcome
 * (models/policy.h, docs/performance.md). Ties in key come out lowest task first. */
#include <stdlib.h>

#include "models/policy.h"

int pol_watch_init(struct pol_watch *w, int ntasks)
{
    *w = (struct pol_watch){0};
    w->pos = malloc((size_t)ntasks * sizeof *w->pos);
    if (!w->pos)
        return -1;
    for (int t = 0; t < ntasks; t++)
        w->pos[t] = -1;
    return 0;
}

void pol_watch_free(struct pol_watch *w)
{
    free(w->h);
    free(w->pos);
    *w = (struct pol_watch){0};
}

static void put_at(struct pol_watch *w, int i, struct pol_watched e)
{
    w->h[i] = e;
    w->pos[e.task] = i;
}

/* Key order, ties to the lower task. */
static bool before(struct pol_watched a, struct pol_watched b)
{
    return a.key < b.key || (a.key == b.key && a.task < b.task);
}

/* Move e, at i, up or down to its place. */
static void settle(struct pol_watch *w, int i, struct pol_watched e)
{
    while (i > 0 && before(e, w->h[(i - 1) / 2])) {
        put_at(w, i, w->h[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    for (int c = 2 * i + 1; c < w->n; c = 2 * i + 1) {
        if (c + 1 < w->n && before(w->h[c + 1], w->h[c]))
            c++;
        if (!before(w->h[c], e))
            break;
        put_at(w, i, w->h[c]);
        i = c;
    }
    put_at(w, i, e);
}

void pol_watch_set(struct pol_watch *w, int task, double key)
{
    int i = w->pos[task];
    if (i < 0) {
        if (w->n == w->cap)
            w->h = pol_grow(w->h, &w->cap, sizeof *w->h);
        i = w->n++;
    }
    settle(w, i, (struct pol_watched){key, task});
}

void pol_watch_remove(struct pol_watch *w, int task)
{
    int i = w->pos[task];
    if (i < 0)
        return;
    w->pos[task] = -1;
    struct pol_watched last = w->h[--w->n];
    if (i < w->n)
        settle(w, i, last);
}

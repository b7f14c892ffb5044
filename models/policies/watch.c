/* watch — the tasks a policy keeps an eye on: in a binary min-heap on a key per task (a due
 * time, or a bound on a score, negated for the largest first), with each task's place in the
 * heap so that its key can change or it can leave in O(log n); or in lists (one per job
 * phase, say) in the order they join, each able to leave in O(1). For the watch lists that let a
 * speculator skip, at a decision, the tasks that provably cannot change its outcome
 * (models/policies/kit.h, docs/guide/performance.md). Ties in key come out lowest task first. */
#include <stdlib.h>

#include "models/policies/kit.h"

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

int pol_lists_init(struct pol_lists *l, int nlists, int ntasks)
{
    *l = (struct pol_lists){0};
    l->first = malloc((size_t)nlists * sizeof *l->first);
    l->last = malloc((size_t)nlists * sizeof *l->last);
    l->prev = malloc((size_t)ntasks * sizeof *l->prev);
    l->next = malloc((size_t)ntasks * sizeof *l->next);
    if (!l->first || !l->last || !l->prev || !l->next)
        return -1;
    for (int k = 0; k < nlists; k++)
        l->first[k] = l->last[k] = -1;
    return 0;
}

void pol_lists_free(struct pol_lists *l)
{
    free(l->first);
    free(l->last);
    free(l->prev);
    free(l->next);
    *l = (struct pol_lists){0};
}

void pol_lists_append(struct pol_lists *l, int k, int task)
{
    l->prev[task] = l->last[k];
    l->next[task] = -1;
    if (l->last[k] >= 0)
        l->next[l->last[k]] = task;
    else
        l->first[k] = task;
    l->last[k] = task;
}

void pol_lists_remove(struct pol_lists *l, int k, int task)
{
    if (l->prev[task] >= 0)
        l->next[l->prev[task]] = l->next[task];
    else
        l->first[k] = l->next[task];
    if (l->next[task] >= 0)
        l->prev[l->next[task]] = l->prev[task];
    else
        l->last[k] = l->prev[task];
}

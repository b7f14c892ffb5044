/* late — LATE, Longest Approximate Time to End (Zaharia et al., OSDI 2008), a speculator
 * (models/policy.h): alone it runs beside fifo, Hadoop's scheduler in LATE's paper; paired,
 * beside any job scheduler (`fair+late`).
 *
 * Rule (seed 003 §III eqs. 4–5, seed 000 §2.2): a running task's progress rate is
 * PR = PS/T (eq. 4), PS its progress score, T how long it has run; its estimated time to end
 * is (1 − PS)/PR (eq. 5). When a slot is free and fewer than SpeculativeCap (`cap` x S)
 * speculative copies run, LATE launches a copy of the task with the longest time to end among
 * those that run one copy and whose progress rate is below SlowTaskThreshold, the
 * `slow_task` quantile (25th percentile) of the running tasks' progress rates. Free slots
 * only: the scheduler's waiting tasks come first, and copies are never killed — the first to
 * finish wins.
 *
 * Decisions (docs/methods/policies.md):
 *  - PS is the task's best copy's reported progress (pol_task_progress; cl_est_progress:
 *    exact by default, noisy with [cluster] estimate_noise), T the time since its first copy's
 *    launch, as Hadoop measures it. A task none of whose copies has reported progress yet (in
 *    its launch delay, or a reduce copy waiting for its map phase) has no rate: it neither
 *    counts in the quantile nor can be speculated.
 *  - The quantile is the linear interpolation between order statistics (R's and numpy's
 *    default, type 7) of the rates of every running task with a rate — speculated ones
 *    included — over the whole cluster (`scope = all`, as the paper words the rule: "currently
 *    running tasks"), or over each task's own job (`scope = job`, as Hadoop implements
 *    speculation per job). "Below" is strict: with four tasks of distinct rates only the
 *    slowest qualifies.
 *  - The cap counts running extra copies (copy number ≥ 1) against `cap` x S: a copy may be
 *    launched while fewer than that run.
 *  - Ties in time to end go to the lowest task index. `min_age` (0: the seeds' description
 *    has no age bar, and 0 s is 0 in any unit) keeps a task out of the candidates until it
 *    has run that long, in time units. Hadoop's SPECULATIVE_LAG of 60 s (TaskInProgress.java),
 *    which LATE's implementation in Hadoop kept, is 60 with a trace and `0.6 mean` without,
 *    a second being the mean task time / 100 (models/policies/production.c).
 *  - SlowNodeThreshold (do not launch on a node whose total progress is below the 25th
 *    percentile) is left out: the model's slots are identical and a copy's duration is drawn
 *    afresh for every copy, so a slot has no lasting speed for the threshold to detect; it
 *    would refuse slots at random.
 *  - Decisions run whenever slots are free after the scheduler: at every event, and at a
 *    heartbeat every `period`, since rates change between events. `auto` (the default) is
 *    Hadoop's TaskTracker heartbeat, at which its JobTracker hands out tasks and backups: 3 s
 *    of the real system (Hadoop 0.20's MRConstants.HEARTBEAT_INTERVAL_MIN, the interval below
 *    300 TaskTrackers; JobTracker.getNextHeartbeatInterval), one second
 *    being 1 time unit with a trace and the mean task time / 100 without, as for hadoop2
 *    (models/policies/production.c); a number given is time units.
 *
 * Cost (docs/guide/performance.md, "The papers' scale"). With `scope = all` a decision rates only
 * a few tasks. The tasks with a rate are kept in three sets: inside a band of rates about the
 * quantile's two ranks, rated at every decision; below it, each with a bound over its rate
 * until a due time (a heap, loosest bound first); above it, each with a bound under its rate
 * (likewise). The invariant that makes a bound hold: while none of a task's copies' reported
 * progress has reached 1 its rate never falls — a copy's share of it, (t − p)/(wε (t − T0)),
 * p its processing start and T0 <= p the task's start, grows with t, and a new copy only adds
 * a term to the max — and once one has, the rate is 1/(t − T0) exactly, which never grows. So
 * the rate a decision would compute at the far end of a stretch where it rises (the near end
 * where it falls) bounds it over the whole stretch, with a relative margin of 1e-6, far above
 * a rate's rounding; and two bounds hold for good: the rate never exceeds 1/(full − T0), full
 * the time a copy's progress reaches 1, nor falls below the lesser of its rate now and
 * 1/(E − T0), E its first copy's end. A task with a copy started from an offset stays inside.
 * A decision brings tasks inside, the loosest bound below or above first, until the
 * quantile's ranks fall inside and the bounds below (above) are under (over) the rates at
 * those ranks: every task below then has a smaller rate and every task above a larger one,
 * and the quantile is the full scan's. A task is placed when its first copy starts processing
 * (a reduce copy waiting for its map phase: when the phase ends), when it gets a copy, when
 * its due time passes, and when the band, grown past 3 LATE_BAND + 8 tasks, is narrowed to
 * LATE_BAND ranks each side of the quantile's. The candidates are those inside below the
 * quantile and the tasks below that run one copy, taken from a heap on a bound of their time
 * to end — which falls at least as fast as time passes, until it is 0 — while the bound
 * reaches the best time to end rated; the copies go to the longest times to end, ties to the
 * lowest task, as a sort of them all. The running extra copies are counted, not scanned:
 * copies end only with their task. Each decision is the full scan's, bit for bit (test builds
 * check it at every decision). `scope = job` (a quantile per job) rates every task at each
 * decision, and so does every decision with requests drawn per job: its copies go out in the
 * full scan's order under the placement rule (models/cluster.h), which a bound cannot tell. */
#include <math.h>
#include <stdlib.h>

#include "models/cluster.h"
#include "models/policies/kit.h"

enum { LATE_SLOW_TASK, LATE_CAP, LATE_MIN_AGE, LATE_SCOPE, LATE_PERIOD };
enum { LATE_TIMER_BEAT = 1 };

/* Where a task stands (scope = all): not running, running without a rate yet, or with a rate
 * below, inside or above the band. */
enum { OUT, UNRATED, BELOW, BAND, ABOVE };

/* The relative margin of the bounds on a rate and on a time to end: both are computed to a
 * few units of 2^-53, and the bounds hold with this much to spare. */
#define LATE_MARGIN 1e-6

/* A running task with a progress rate. */
struct rated {
    double rate, to_end;
    int task, job;
    bool candidate; /* one copy and old enough */
};

struct late {
    double slow_task, cap, min_age, period;
    int scope;
    bool by_band;            /* scope = all decided by the band (below); false: by a full
                                scan, as scope = job, also with requests drawn per job, where
                                which candidate fits depends on the copies launched before */
    struct rated *r;         /* [S]: at most one running task per slot */
    int extra;               /* extra copies running (copy number >= 1) */
    /* scope = all */
    double edge_lo, edge_hi; /* the band's edges, where a task is placed */
    int *band, nband;        /* [S]: the tasks inside */
    int *band_pos;           /* per task: its index in band, -1 */
    unsigned char *place;    /* per task: OUT ... ABOVE */
    struct pol_watch below;  /* tasks below: key −(a bound over their rates until due) */
    struct pol_watch above;  /* tasks above: key a bound under their rates until due */
    struct pol_watch due;    /* tasks below or above: when to look again */
    struct pol_watch fresh;  /* tasks without a rate yet: when their first copy reports */
    struct pol_watch below1; /* tasks below that run one copy: key −(a bound on the time to
                                end at any later decision) */
    struct pol_watched *aside; /* [S]: tasks of below1 too young to be candidates, for a while */
    struct rated *expect;    /* test builds, [S]: the decision a full scan takes */
    int nexpect;             /* ... the copies it launches */
};

static int late_init(struct cluster *cl, void *st, const double *param)
{
    struct late *l = st;
    l->slow_task = param[LATE_SLOW_TASK];
    l->cap = param[LATE_CAP];
    l->min_age = param[LATE_MIN_AGE];
    l->scope = (int)param[LATE_SCOPE];
    l->period = param[LATE_PERIOD];
    l->by_band = l->scope == 0 && !cl->drawn;
    size_t s = (size_t)cl->nslots, n = (size_t)cl->ntasks;
    l->r = malloc(s * sizeof *l->r);
    if (!l->r)
        return -1;
    if (l->by_band) {
        l->band = malloc(s * sizeof *l->band);
        l->aside = malloc(s * sizeof *l->aside);
        l->band_pos = malloc(n * sizeof *l->band_pos);
        l->place = calloc(n, sizeof *l->place);
        if (!l->band || !l->aside || !l->band_pos || !l->place ||
            pol_watch_init(&l->below, cl->ntasks) || pol_watch_init(&l->above, cl->ntasks) ||
            pol_watch_init(&l->due, cl->ntasks) || pol_watch_init(&l->fresh, cl->ntasks) ||
            pol_watch_init(&l->below1, cl->ntasks))
            return -1;
        for (size_t t = 0; t < n; t++)
            l->band_pos[t] = -1;
#ifdef SPECMC_CHECK
        l->expect = malloc(s * sizeof *l->expect);
        if (!l->expect)
            return -1;
#endif
        l->edge_lo = l->edge_hi = NAN; /* no band yet: every task with a rate is inside */
    }
    cl_set_timer(cl, l->period, LATE_TIMER_BEAT, 0);
    return 0;
}

static void late_free(void *st)
{
    struct late *l = st;
    free(l->r);
    free(l->band);
    free(l->aside);
    free(l->expect);
    free(l->band_pos);
    free(l->place);
    pol_watch_free(&l->below);
    pol_watch_free(&l->above);
    pol_watch_free(&l->due);
    pol_watch_free(&l->fresh);
    pol_watch_free(&l->below1);
}

/* Rates in scope order: by rate (scope = all), or by job, then rate (scope = job). */
static int by_rate(const void *a, const void *b)
{
    const struct rated *x = a, *y = b;
    return (x->rate > y->rate) - (x->rate < y->rate);
}

static int by_job_rate(const void *a, const void *b)
{
    const struct rated *x = a, *y = b;
    if (x->job != y->job)
        return x->job < y->job ? -1 : 1;
    return by_rate(a, b);
}

/* Longest time to end first, ties to the lowest task. */
static int by_time_to_end(const void *a, const void *b)
{
    const struct rated *x = a, *y = b;
    if (x->to_end != y->to_end)
        return x->to_end > y->to_end ? -1 : 1;
    return (x->task > y->task) - (x->task < y->task);
}

/* The p-quantile of n sorted values, type 7: h = (n − 1)p, between ranks ⌊h⌋ and ⌊h⌋ + 1, or
 * the largest value when ⌊h⌋ + 1 = n. */
static double interpolate(double h, int lo, double x_lo, double x_next)
{
    return x_lo + (h - lo) * (x_next - x_lo);
}

static double quantile(const struct rated *x, int n, double p)
{
    double h = (n - 1) * p;
    int lo = (int)floor(h);
    if (lo + 1 >= n)
        return x[n - 1].rate;
    return interpolate(h, lo, x[lo].rate, x[lo + 1].rate);
}

/* Rearrange x[0 .. n) so that x[k] holds the rate of rank k, the smaller before it and the
 * larger after (Hoare's selection). */
static void select_rank(struct rated *x, int n, int k)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        double pivot = x[lo + (hi - lo) / 2].rate;
        int i = lo, j = hi;
        while (i <= j) {
            while (x[i].rate < pivot)
                i++;
            while (x[j].rate > pivot)
                j--;
            if (i <= j) {
                struct rated tmp = x[i];
                x[i++] = x[j];
                x[j--] = tmp;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            return;
    }
}

/* The rate of rank k + 1 once select_rank put rank k at x[k]: the least after it. */
static double next_rate(const struct rated *x, int n, int k)
{
    double r = x[k + 1].rate;
    for (int i = k + 2; i < n; i++)
        if (x[i].rate < r)
            r = x[i].rate;
    return r;
}

static struct rated rate_of(const struct cluster *cl, const struct late *l, int t,
                            struct pol_progress p)
{
    return (struct rated){p.rate, p.ttc, t, cl->task_job[t],
                          cl->task_running[t] == 1 && cl->now - cl->task_start[t] >= l->min_age};
}

/* The running tasks with a rate into x; returns how many, and the running extra copies. */
static int rate_tasks(const struct cluster *cl, const struct late *l, struct rated *x, int *extra)
{
    int n = 0;
    *extra = 0;
    for (int s = 0; s < cl->nslots; s++) {
        int t = cl->slot_task[s];
        if (t < 0)
            continue;
        *extra += cl->slot_copy[s] > 0;
        if (cl->task_head[t] != s)
            continue; /* one visit per task */
        struct pol_progress p = pol_task_progress(cl, t);
        if (isnan(p.rate))
            continue; /* no progress reported yet */
        x[n++] = rate_of(cl, l, t, p);
    }
    return n;
}

static void place_task(const struct cluster *cl, struct late *l, int t);

/* How many copies a decision with k candidates launches: one per candidate while slots are
 * free and fewer than the cap run. */
static int launches(const struct cluster *cl, const struct late *l, int k)
{
    int m = 0;
    for (int e = l->extra; m < k && m < cl->nfree && e < l->cap * cl->nslots; m++, e++)
        continue;
    return m;
}

static void launch_copy(struct cluster *cl, struct late *l, int t)
{
    cl_launch_copy(cl, t, 0.0);
    l->extra++;
    if (l->by_band)
        place_task(cl, l, t);
}

/* The candidates of a decision that rates every running task, into x[0 .. k) in the order
 * their copies go out; returns k, and (scope = all) the quantile, NAN with no task rated. */
static int full_candidates(const struct cluster *cl, const struct late *l, struct rated *x,
                           double *q0)
{
    int extra, n = rate_tasks(cl, l, x, &extra);
    CL_ASSERT(extra == l->extra);
    *q0 = NAN;
    qsort(x, (size_t)n, sizeof *x, l->scope ? by_job_rate : by_rate);
    int k = 0; /* candidates below their scope's quantile, to the front */
    for (int i = 0; i < n;) {
        int end = i + 1;
        while (l->scope && end < n && x[end].job == x[i].job)
            end++;
        if (!l->scope)
            end = n;
        double q = quantile(x + i, end - i, l->slow_task);
        *q0 = q;
        for (int j = i; j < end; j++)
            if (x[j].candidate && x[j].rate < q)
                x[k++] = x[j];
        i = end;
    }
    qsort(x, (size_t)k, sizeof *x, by_time_to_end);
    return k;
}

/* The decision from a rating of every running task (scope = job, or requests drawn per job):
 * the candidates in order, under the placement rule (models/cluster.h) — one whose copy fits
 * nowhere holds the rest back, or with cluster.backfill is passed over. */
static void full_decision(struct cluster *cl, struct late *l)
{
    double q;
    int k = full_candidates(cl, l, l->r, &q), m = launches(cl, l, k);
    for (int i = 0, n = 0; i < k && n < m; i++) {
        int job = cl->task_job[l->r[i].task];
        if (cl_passed_over(cl, job))
            continue;
        if (!cl_fits(cl, job))
            break;
        launch_copy(cl, l, l->r[i].task);
        n++;
    }
}

/* ---------------------------------------------------------------- scope = all: the band */

static void forget(struct late *l, int t)
{
    if (l->band_pos[t] >= 0) {
        int last = l->band[--l->nband];
        l->band[l->band_pos[t]] = last;
        l->band_pos[last] = l->band_pos[t];
        l->band_pos[t] = -1;
    }
    pol_watch_remove(&l->below, t);
    pol_watch_remove(&l->above, t);
    pol_watch_remove(&l->due, t);
    pol_watch_remove(&l->fresh, t);
    pol_watch_remove(&l->below1, t);
    l->place[t] = OUT;
}

/* A bound on the time to end that a decision computes for a task below the band running one
 * copy: at any later time t it is at most key − t (or 0). While its progress is under 1 its
 * time to end, (p + wε − t)(t − T0)/(t − p), falls at least as fast as t grows (both factors
 * shrink, the second from above 1), and it is 0 after. The rounding of the time to end, at
 * most a few units of 2^-53 of it plus as many of 1/rate (from 1 − PS), and of the key's sum,
 * are covered by the margin. */
static double to_end_key(const struct cluster *cl, double rate, double to_end)
{
    return cl->now + to_end * (1 + LATE_MARGIN) + LATE_MARGIN / rate +
           LATE_MARGIN * fabs(cl->now);
}

/* The latest of t1, now + (t1 − now)/4, ... (eight tries) at which the task's rate, computed
 * as a decision then would with its copies as they are, is still below the edge `below` or
 * above the edge `above` (with the margin), and that rate; now if none. The caller makes
 * sure that the rate does not rise (fall) in between. */
static double holds_until(const struct cluster *cl, int t, double t1, double below, double above,
                          double *rate)
{
    for (int k = 0; k < 8 && t1 > cl->now; k++, t1 = cl->now + (t1 - cl->now) / 4) {
        *rate = pol_task_progress_at(cl, t, t1).rate;
        if (*rate * (1 + LATE_MARGIN) < below || *rate * (1 - LATE_MARGIN) > above)
            return t1;
    }
    return cl->now;
}

/* When a rising rate reaches a: the first time a copy's share (t − p)/(w (t − T0)) does,
 * w = full − p its reported processing time; a guess, which holds_until checks. */
static double reaches(const struct cluster *cl, int t, double a)
{
    double t0 = cl->task_start[t], when = INFINITY;
    for (int s = cl->task_head[t]; s >= 0; s = cl->slot_next[s]) {
        double p = cl->slot_proc[s], x = a * (cl_est_full(cl, s) - p);
        if (p < INFINITY && x < 1)
            when = fmin(when, (p - x * t0) / (1 - x));
    }
    return when;
}

/* The first time a copy's reported progress reaches 1, and whether every copy started from
 * offset 0 (plain: the rate rises until then and is 1/T after). */
static double full_at(const struct cluster *cl, int t, bool *plain)
{
    double full = INFINITY;
    *plain = true;
    for (int s = cl->task_head[t]; s >= 0; s = cl->slot_next[s]) {
        *plain = *plain && cl->slot_offset[s] == 0;
        full = fmin(full, cl_est_full(cl, s));
    }
    return full;
}

static void put_band(struct late *l, int t)
{
    l->place[t] = BAND;
    l->band_pos[t] = l->nband;
    l->band[l->nband++] = t;
}

/* Place a running task that has a rate now: below the band's lower edge, with a bound over its
 * rate until a due time, above the upper edge with a bound under it, or inside. A guard of
 * 1e-12 of `full`, the time when a copy's reported progress reaches 1, covers the rounding of
 * that time: before full less the guard the rate rises, after full plus the guard it is
 * 1/(t − T0), exactly falling. Two bounds hold for good (while its copies are those it has):
 * its rate never exceeds the 1/(t − T0) of full (PS <= 1, and it rises until then); and it
 * never falls below the least of its rate now and 1/(E − T0), E the end of its first copy to
 * finish (after full it is 1/(t − T0)). */
static void place_rated(const struct cluster *cl, struct late *l, int t, double rate,
                        double to_end)
{
    double now = cl->now, due = now, bound = rate, t0 = cl->task_start[t];
    bool plain;
    double full = full_at(cl, t, &plain), g = 1e-12 * fabs(full);
    bool below = rate * (1 + LATE_MARGIN) < l->edge_lo;
    bool above = rate * (1 - LATE_MARGIN) > l->edge_hi;
    if (plain && now > full + g) { /* falling: a bound is the rate now, or then */
        if (below) {
            due = INFINITY;
        } else if (above) {
            double when = t0 + 1 / (l->edge_hi * (1 + 2 * LATE_MARGIN));
            due = holds_until(cl, t, when, -INFINITY, l->edge_hi, &bound);
        }
    } else if (plain && now < full - g) { /* rising: a bound is the rate then, or now */
        if (below && (1 + LATE_MARGIN) / (full - g - t0) < l->edge_lo / (1 + LATE_MARGIN)) {
            due = INFINITY;
            bound = 1 / (full - g - t0);
        } else if (below) {
            double a = fmin(l->edge_lo / ((1 + LATE_MARGIN) * (1 + LATE_MARGIN)),
                            0.5 * (rate + l->edge_lo));
            due = holds_until(cl, t, fmin(full - g, reaches(cl, t, a)), l->edge_lo, INFINITY,
                              &bound);
        } else if (above) {
            bool for_good = rate * (1 - LATE_MARGIN) < (1 - LATE_MARGIN / 2) / (cl->task_end[t] - t0);
            due = for_good ? INFINITY : full - g;
        }
    }
    if (!(below || above) || !(due > now)) {
        put_band(l, t);
        return;
    }
    l->place[t] = below ? BELOW : ABOVE;
    if (below) {
        pol_watch_set(&l->below, t, -bound * (1 + LATE_MARGIN));
        if (cl->task_running[t] == 1)
            pol_watch_set(&l->below1, t, -to_end_key(cl, rate, to_end));
    } else {
        pol_watch_set(&l->above, t, bound * (1 - LATE_MARGIN));
    }
    if (due < INFINITY)
        pol_watch_set(&l->due, t, due);
}

/* Place a task again from scratch: a running task without a rate yet is due when its first
 * copy starts processing (a copy waiting for its map phase has no such time yet). */
static void place_task(const struct cluster *cl, struct late *l, int t)
{
    forget(l, t);
    if (cl->task_running[t] == 0)
        return;
    struct pol_progress p = pol_task_progress(cl, t);
    if (!isnan(p.rate)) {
        place_rated(cl, l, t, p.rate, p.ttc);
        return;
    }
    double first = INFINITY;
    for (int s = cl->task_head[t]; s >= 0; s = cl->slot_next[s])
        first = fmin(first, cl->slot_proc[s]);
    l->place[t] = UNRATED;
    if (first < INFINITY)
        pol_watch_set(&l->fresh, t, fmax(first, cl->now));
}

/* Bring the task with the loosest bound below (above) the band inside, rated into l->r[kept]. */
static void pull(const struct cluster *cl, struct late *l, struct pol_watch *from, int kept)
{
    int t = from->h[0].task;
    forget(l, t);
    put_band(l, t);
    l->r[kept] = rate_of(cl, l, t, pol_task_progress(cl, t));
}

/* The band's half-width in ranks: the ranks this far from the quantile's two stay inside; with
 * three times as many inside the band is narrowed. */
enum { LATE_BAND = 8 };

/* The quantile from the band: rate the tasks inside into l->r[0 .. nband); bring tasks inside
 * until the quantile's ranks fall inside, every bound below is under the rate of the lower
 * rank and every bound above over that of the upper one and the quantile (so that no task
 * above is a candidate); then, if the band holds too many, move its edges to LATE_BAND ranks
 * from the quantile's and place the tasks outside them again. */
static double band_quantile(const struct cluster *cl, struct late *l)
{
    int kept = l->nband;
    for (int i = 0; i < kept; i++)
        l->r[i] = rate_of(cl, l, l->band[i], pol_task_progress(cl, l->band[i]));
    int n = l->below.n + kept + l->above.n, lo = (int)floor((n - 1) * l->slow_task);
    double h = (n - 1) * l->slow_task, q;
    for (;;) {
        int i0 = lo - l->below.n, i1 = (lo + 1 < n ? lo + 1 : n - 1) - l->below.n;
        if (i0 < 0) {
            pull(cl, l, &l->below, kept++);
            continue;
        }
        if (i1 >= kept) {
            pull(cl, l, &l->above, kept++);
            continue;
        }
        select_rank(l->r, kept, i0);
        double x_lo = l->r[i0].rate, x_next = i1 > i0 ? next_rate(l->r, kept, i0) : x_lo;
        q = lo + 1 >= n ? x_lo : interpolate(h, lo, x_lo, x_next);
        if (l->below.n > 0 && -l->below.h[0].key > x_lo)
            pull(cl, l, &l->below, kept++);
        else if (l->above.n > 0 && l->above.h[0].key < fmax(x_next, q))
            pull(cl, l, &l->above, kept++);
        else
            break;
    }
    int i0 = lo - l->below.n;
    if (kept > 3 * LATE_BAND + 8) {
        int k_lo = i0 - LATE_BAND > 0 ? i0 - LATE_BAND : 0;
        int k_hi = i0 + 1 + LATE_BAND < kept ? i0 + 1 + LATE_BAND : kept - 1;
        select_rank(l->r, kept, k_lo);
        select_rank(l->r + k_lo, kept - k_lo, k_hi - k_lo);
        l->edge_lo = l->r[k_lo].rate;
        l->edge_hi = l->r[k_hi].rate;
        int stay = 0;
        for (int i = 0; i < kept; i++) {
            int t = l->r[i].task;
            if (i < k_lo || i > k_hi) {
                forget(l, t);
                place_rated(cl, l, t, l->r[i].rate, l->r[i].to_end);
            }
            if (l->place[t] == BAND)
                l->r[stay++] = l->r[i];
        }
        kept = stay;
    }
    CL_ASSERT(kept == l->nband);
    return q;
}

/* The best candidate among l->r[0 .. k), −1 if none. */
static int best_of(const struct late *l, int k)
{
    int best = k > 0 ? 0 : -1;
    for (int i = 1; i < k; i++)
        if (by_time_to_end(&l->r[i], &l->r[best]) < 0)
            best = i;
    return best;
}

/* Launch the decision's copies. The candidates inside the band are l->r[0 .. k); those below
 * it come out of below1, largest bound first, and are rated while their bound reaches the
 * best time to end rated so far: the copy goes to the best, as a sort of them all would have
 * it. Those rated and not launched, and those too young, go back with new bounds. */
static void launch_band(struct cluster *cl, struct late *l, int k)
{
    int naside = 0;
    for (int left = launches(cl, l, cl->nslots); left > 0; left--) {
        int best = best_of(l, k);
        while (l->below1.n > 0 &&
               (best < 0 || fmax(-l->below1.h[0].key - cl->now, 0.0) >= l->r[best].to_end)) {
            int t = l->below1.h[0].task;
            pol_watch_remove(&l->below1, t);
            struct pol_progress p = pol_task_progress(cl, t);
            CL_ASSERT(cl->task_running[t] == 1);
            if (!(cl->now - cl->task_start[t] >= l->min_age)) {
                l->aside[naside++] = (struct pol_watched){-to_end_key(cl, p.rate, p.ttc), t};
                continue;
            }
            l->r[k] = rate_of(cl, l, t, p);
            if (best < 0 || by_time_to_end(&l->r[k], &l->r[best]) < 0)
                best = k;
            k++;
        }
        if (best < 0)
            break;
        int t = l->r[best].task;
        l->r[best] = l->r[--k];
        CL_ASSERT(l->nexpect > 0 && l->expect[0].task == t);
#ifdef SPECMC_CHECK
        l->nexpect--;
        l->expect++;
#endif
        launch_copy(cl, l, t);
    }
    for (int i = 0; i < k; i++)
        if (l->place[l->r[i].task] == BELOW)
            pol_watch_set(&l->below1, l->r[i].task, -to_end_key(cl, l->r[i].rate, l->r[i].to_end));
    for (int i = 0; i < naside; i++)
        pol_watch_set(&l->below1, l->aside[i].task, l->aside[i].key);
}

/* Scope 0's decision: the places due, the quantile from the band, the candidates inside it
 * and below. */
static void band_decision(struct cluster *cl, struct late *l)
{
#ifdef SPECMC_CHECK
    /* test builds: a full scan's decision, which this one must be */
    double q_full;
    int k_full = full_candidates(cl, l, l->expect, &q_full);
    l->nexpect = launches(cl, l, k_full);
    struct rated *expect = l->expect;
#endif
    while (l->fresh.n > 0 && l->fresh.h[0].key < cl->now)
        place_task(cl, l, l->fresh.h[0].task);
    while (l->due.n > 0 && l->due.h[0].key < cl->now)
        place_task(cl, l, l->due.h[0].task);
    if (l->below.n + l->nband + l->above.n == 0) {
        CL_ASSERT(isnan(q_full) && l->nexpect == 0);
        return;
    }
    double q = band_quantile(cl, l);
    CL_ASSERT(q == q_full);
    int k = 0;
    for (int i = 0; i < l->nband; i++)
        if (l->r[i].candidate && l->r[i].rate < q)
            l->r[k++] = l->r[i];
    launch_band(cl, l, k);
#ifdef SPECMC_CHECK
    CL_ASSERT(l->nexpect == 0);
    l->expect = expect;
#endif
}

static void late_slot_free(struct cluster *cl, void *st)
{
    struct late *l = st;
    if (!(l->extra < l->cap * cl->nslots))
        return; /* at the cap: nothing to launch */
    if (l->by_band)
        band_decision(cl, l);
    else
        full_decision(cl, l);
}

/* A task the scheduler started is placed (scope = all). */
static void late_launch(struct cluster *cl, void *st, int slot)
{
    struct late *l = st;
    if (l->by_band)
        place_task(cl, l, cl->slot_task[slot]);
}

/* A completed task takes its extra copies with it; the last map task of a job releases its
 * waiting reduce copies, which are placed again (scope = all). */
static void late_copy_done(struct cluster *cl, void *st, int task)
{
    struct late *l = st;
    l->extra -= cl->task_copies[task] - 1;
    if (!l->by_band)
        return;
    forget(l, task);
    const struct cl_job *j = &cl->job[cl->task_job[task]];
    if (cl_task_phase(cl, task) != CL_MAP || j->maps_left > 0)
        return;
    for (int t = j->first_task + j->nmap; t < j->first_task + j->next_unstarted; t++)
        if (cl->task_running[t] > 0)
            place_task(cl, l, t);
}

/* The heartbeat only wakes the decisions up: the event loop lets the policy decide after it. */
static void late_timer(struct cluster *cl, void *st, int tag, int32_t arg)
{
    (void)tag;
    (void)arg;
    const struct late *l = st;
    if (cl->ndone < cl->njobs)
        cl_set_timer(cl, pol_next_beat(cl, l->period), LATE_TIMER_BEAT, 0);
}

static const char *const late_scope_names[] = {"all", "job", NULL};

static const struct pol_param late_params[] = {
    [LATE_SLOW_TASK] = {.key = "slow_task", .def = 0.25, .min = 0, .max = 1,
                        .doc = "SlowTaskThreshold: a task is speculated only when its progress "
                               "rate is below this quantile of the running tasks' (LATE: 25th "
                               "percentile)"},
    [LATE_CAP] = {.key = "cap", .def = 0.1, .min = 0, .max = 1,
                  .doc = "SpeculativeCap: at most this share of the slots run speculative "
                         "copies (LATE: 10 %)"},
    [LATE_MIN_AGE] = {.key = "min_age", .def = 0, .min = 0, .max = 1e300,
                      .doc = "a task is a candidate once it has run this long (seeds' LATE: "
                             "none; Hadoop's SPECULATIVE_LAG, 60 s, is 0.6 mean, or 60 with a "
                             "trace)",
                      .kind = POL_TIME},
    [LATE_SCOPE] = {.key = "scope", .def = 0, .min = 0, .max = 1, .integer = true,
                    .doc = "the quantile over all: every running task (LATE's paper), job: each "
                           "job's own (Hadoop's per-job speculation)",
                    .names = late_scope_names},
    [LATE_PERIOD] = {.key = "period", .def = NAN, .min = 1e-9, .max = 1e300,
                     .doc = "heartbeat between speculation decisions when no event happens; "
                            "auto: 3 s (Hadoop 0.20's HEARTBEAT_INTERVAL_MIN; one second: 1 "
                            "with a trace, else the mean task time / 100)",
                     .allow_auto = true, .kind = POL_TIME},
    {0},
};

/* The constants in seconds of the real system, for the `auto` times: the heartbeat. */
static const double late_seconds[POL_MAX_PARAMS] = {[LATE_PERIOD] = 3};

static bool late_check(const struct cl_spec *spec, const double *param, char *msg, size_t len)
{
    extern const struct policy pol_late;
    return pol_seconds_check(spec, &pol_late, param, late_seconds, POL_TYPICAL_TASK_S, msg, len);
}

static void late_resolve(const struct cl_spec *spec, double *param)
{
    extern const struct policy pol_late;
    pol_seconds_resolve(spec, &pol_late, param, late_seconds, POL_TYPICAL_TASK_S);
}

/* Only a task that has run min_age can be speculated. */
static struct pol_gate late_gate(const struct cl_spec *spec, const double *param)
{
    if (!(param[LATE_MIN_AGE] > 0))
        return (struct pol_gate){-1, 0.0, 0.0, NULL};
    return (struct pol_gate){LATE_MIN_AGE, param[LATE_MIN_AGE] - spec->launch_delay, 0.0,
                             "LATE speculates only a task that has run min_age"};
}

const struct policy pol_late = {
    .name = "late",
    .summary = "LATE: copy the slow task (rate < 25th pct) with the longest time to end, cap 10 %",
    .source = "Zaharia et al. OSDI 2008, as seed 003 §III eqs. 4-5 and seed 000 §2.2 describe it",
    .params = late_params,
    .state_size = sizeof(struct late),
    .check = late_check,
    .resolve = late_resolve,
    .gate = late_gate,
    .init = late_init,
    .on_slot_free = late_slot_free,
    .on_timer = late_timer,
    .on_launch = late_launch,
    .on_copy_done = late_copy_done,
    .free = late_free,
    .heartbeat = "period",
    /* per task: band_pos, place and five watch positions; per slot (a running task at most):
       r, band, aside and the watch entries (a task is in three at most) */
    .memory = {6 * sizeof(int) + 1,
               sizeof(struct rated) + sizeof(int) + 4 * sizeof(struct pol_watched), 0},
    .events_per_second = 1.0e7,
    .role = POL_SPECULATOR,
};

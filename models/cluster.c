/* cluster — state changes of one replica: workload generation, launch, kill, completion,
 * timers and the pending-event structures, with the accounting each one implies. See
 * cluster.h.
 *
 * Random numbers (common random numbers, docs/methods/model.md): the jobs and the duration of
 * each task's original copy come from models/workload.c, and the duration of extra copy k >= 1
 * of task g from outputs g·RNG_COPY_BLOCK + 2(k-1) and + 2(k-1)+1 of the RNG_COPIES stream. A
 * copy's duration therefore depends only on (seed, replica, task, copy number): replica k sees
 * the same arrivals and task sizes under every policy, and the same copy durations as far as
 * the policies launch the same copies. */
#include "models/cluster.h"
#include "models/spot.h"
#include "engine/base/bigmem.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>


/* ---------------------------------------------------------------- allocation and reset */

/* The ordering key of an end time t >= 0 (or +inf) in the end tree: its IEEE 754 bits. */
static inline uint64_t end_bits(double t)
{
    uint64_t b;
    memcpy(&b, &t, sizeof b);
    return b;
}

/* Grow an array of cap elements to n (contents kept; large ones in huge pages,
 * engine/base/bigmem.h); returns -1 from the caller on failure. */
#define RESERVE(p, cap, n)                                                                 \
    do {                                                                                   \
        void *q_ = bigmem_grow((p), (size_t)(cap) * sizeof *(p), (size_t)(n) * sizeof *(p)); \
        if (!q_)                                                                           \
            return -1;                                                                     \
        (p) = q_;                                                                          \
    } while (0)

static int reserve_jobs(struct cluster *cl, int njobs, int nslots)
{
    if (njobs > cl->cap_jobs) {
        RESERVE(cl->job, cl->cap_jobs, njobs);
        cl->cap_jobs = njobs;
    }
    int leaves = 1;
    while (leaves < nslots)
        leaves *= 2;
    if (leaves > cl->cap_leaves) {
        RESERVE(cl->slot_task, cl->cap_leaves, leaves);
        RESERVE(cl->slot_copy, cl->cap_leaves, leaves);
        RESERVE(cl->slot_next, cl->cap_leaves, leaves);
        RESERVE(cl->slot_start, cl->cap_leaves, leaves);
        RESERVE(cl->slot_end, cl->cap_leaves, leaves);
        RESERVE(cl->slot_offset, cl->cap_leaves, leaves);
        RESERVE(cl->slot_work, cl->cap_leaves, leaves);
        RESERVE(cl->slot_proc, cl->cap_leaves, leaves);
        RESERVE(cl->slot_noise, cl->cap_leaves, leaves);
        RESERVE(cl->slot_feed, cl->cap_leaves, leaves);
        RESERVE(cl->free_stack, cl->cap_leaves, leaves);
        RESERVE(cl->end_tree, 2 * cl->cap_leaves, 2 * leaves);
        RESERVE(cl->end_key, 2 * cl->cap_leaves, 2 * leaves);
        cl->cap_leaves = leaves;
    }
    cl->tree_leaves = leaves;
    if (!cl->timers) {
        cl->timers_cap = 64;
        RESERVE(cl->timers, 0, cl->timers_cap);
    }
    return 0;
}

static int reserve_tasks(struct cluster *cl, int ntasks)
{
    if (ntasks > cl->cap_tasks) {
        RESERVE(cl->task_job, cl->cap_tasks, ntasks);
        RESERVE(cl->task_copies, cl->cap_tasks, ntasks);
        RESERVE(cl->task_running, cl->cap_tasks, ntasks);
        RESERVE(cl->task_head, cl->cap_tasks, ntasks);
        RESERVE(cl->task_end, cl->cap_tasks, ntasks);
        RESERVE(cl->task_start, cl->cap_tasks, ntasks);
        RESERVE(cl->task_done, cl->cap_tasks, ntasks);
        RESERVE(cl->task_size, cl->cap_tasks, ntasks);
        RESERVE(cl->task_rng, cl->cap_tasks, ntasks);
        cl->cap_tasks = ntasks;
    }
    return 0;
}

/* Double the timer heap; a heap larger than memory leaves nothing sensible to do. */
static int grow_timers(struct cluster *cl)
{
    RESERVE(cl->timers, cl->timers_cap, 2 * cl->timers_cap);
    cl->timers_cap *= 2;
    return 0;
}

void cl_free(struct cluster *cl)
{
    free(cl->job);
    free(cl->task_job), free(cl->task_copies), free(cl->task_running), free(cl->task_head);
    free(cl->task_end), free(cl->task_start), free(cl->task_done), free(cl->task_rng);
    free(cl->task_size);
    free(cl->slot_task), free(cl->slot_copy), free(cl->slot_next);
    free(cl->slot_start), free(cl->slot_end), free(cl->slot_offset), free(cl->free_stack);
    free(cl->slot_proc), free(cl->slot_noise), free(cl->slot_work);
    free(cl->slot_feed);
    free(cl->end_tree), free(cl->end_key), free(cl->timers);
    srv_free(&cl->servers);
    memset(cl, 0, sizeof *cl);
}

int cl_reserve(struct cluster *cl, const struct cl_spec *spec)
{
    if (reserve_jobs(cl, spec->jobs, spec->slots))
        return -1;
    cl->spec = spec;
    cl->njobs = spec->jobs;
    return 0;
}

int cl_begin(struct cluster *cl, int ntasks, uint64_t seed, uint64_t replica)
{
    const struct cl_spec *spec = cl->spec;
    int njobs = cl->njobs, nslots = spec->slots;
    if (reserve_tasks(cl, ntasks))
        return -1;
    cl->now = 0.0;
    cl->narrived = cl->ndone = cl->first_active = 0;
    cl->pend_head = cl->pend_tail = -1;
    cl->npending_tasks = 0;
    cl->ntasks = ntasks;
    cl->nslots = nslots;
#ifdef SPECMC_CHECK
    for (int t = 0; t < ntasks; t++) /* set at the job's arrival (cl_arrive); a read before faults */
        cl->task_job[t] = INT_MIN;
#endif
    for (int s = 0; s < cl->tree_leaves; s++) {
        cl->slot_task[s] = cl->slot_copy[s] = cl->slot_next[s] = -1;
        cl->slot_start[s] = cl->slot_offset[s] = cl->slot_proc[s] = cl->slot_work[s] = 0.0;
        cl->slot_noise[s] = 1.0;
        cl->slot_end[s] = cl->slot_feed[s] = INFINITY;
        cl->end_tree[cl->tree_leaves + s] = s;
        cl->end_key[cl->tree_leaves + s] = end_bits(INFINITY);
    }
    for (int i = cl->tree_leaves - 1; i >= 1; i--) { /* all infinite: the leftmost leaf wins */
        cl->end_tree[i] = cl->end_tree[2 * i];
        cl->end_key[i] = end_bits(INFINITY);
    }
    for (int s = 0; s < nslots; s++)
        cl->free_stack[s] = nslots - 1 - s; /* slot 0 is handed out first */
    cl->nfree = nslots;
    cl->drawn = srv_drawn(spec);
    if (cl->drawn && srv_reset(&cl->servers, spec))
        return -1;
    cl->ntimers = 0;
    cl->seq = 0;
    rng_stream(&cl->copy_base, seed, replica, RNG_COPIES);
    rng_stream(&cl->noise_base, seed, replica, RNG_NOISE);
    rng_stream(&cl->straggle_base, seed, replica, RNG_STRAGGLE);
    rng_jumps_init(&cl->copy_jumps, &cl->copy_base);
    rng_jumps_init(&cl->noise_jumps, &cl->noise_base);
    rng_jumps_init(&cl->straggle_jumps, &cl->straggle_base);
    cl->busy_time = cl->busy_area = 0.0;
    cl->copies = cl->kills = cl->task_events = 0;
    cl->orphans = 0;
    cl->perturbed = spec->straggle_p > 0 || spec->straggle_p_max > 0 || spec->estimate_noise > 0;
    int first = spec->warmup < njobs ? spec->warmup : njobs - 1;
    cl->util_from = cl->job[first].arrival;
    cl->util_to = cl->job[njobs - 1].arrival;
    if (!(cl->util_to > cl->util_from)) { /* batch: the whole run */
        cl->util_from = 0.0;
        cl->util_to = INFINITY;
    }
    return 0;
}

/* ---------------------------------------------------------------- pending events */

/* One match of a replay of the tournament: node i's winner so far (*win, ending *k) meets the
 * winner of its sibling's subtree at their parent, which takes the earlier end, ties going to
 * the left subtree (the lower slot); returns the parent. Sibling entries are off the path, so
 * their loads do not wait on the previous level, and the integer keys let the compiler select
 * without branching (which subtree wins is random, so branches would mispredict half the
 * time). */
static inline int tree_match(int *tree, uint64_t *key, int i, int *win, uint64_t *k)
{
    int sib = i ^ 1, sw = tree[sib];
    uint64_t sk = key[sib];
    int take = sk < *k + (uint64_t)(i & 1); /* a left sibling (i odd) also wins ties */
    *win = take ? sw : *win;
    *k = take ? sk : *k;
    i >>= 1;
    key[i] = *k;
    tree[i] = *win;
    return i;
}

/* A replay goes only as far as slot s's change can reach: its first TREE_SURE matches without
 * a test (fewer on a smaller tree), the others while one may have changed. A test at every
 * level mispredicts where it stops, which on a small tree costs more than the replay it
 * saves; a copy placed on bench/fifo.ini's 128 slots seldom wins 3 matches, and on the papers'
 * scale (16 384 leaves) a placement's replay is a few levels of 14. tree_sure sets s's leaf and
 * replays those first matches: the node reached, its winner in *win and *k. */
enum { TREE_SURE = 3 };

static inline int tree_sure(struct cluster *cl, int s, int *win, uint64_t *k)
{
    int i = cl->tree_leaves + s;
    *win = s;
    *k = end_bits(cl->slot_end[s]);
    cl->end_key[i] = *k;
#pragma GCC unroll TREE_SURE
    for (int level = 0; level < TREE_SURE && i > 1; level++)
        i = tree_match(cl->end_tree, cl->end_key, i, win, k);
    return i;
}

/* Slot s's copy completed, so it won every match on its path: all of them are replayed. */
static void tree_replay(struct cluster *cl, int s)
{
    int win, *tree = cl->end_tree;
    uint64_t k, *key = cl->end_key;
    for (int i = tree_sure(cl, s, &win, &k); i > 1;)
        i = tree_match(tree, key, i, &win, &k);
}

/* Slot s's end moved later (its copy was killed): a match above one s did not win is
 * unchanged. */
static void tree_raise(struct cluster *cl, int s)
{
    int win, *tree = cl->end_tree;
    uint64_t k, *key = cl->end_key;
    for (int i = tree_sure(cl, s, &win, &k); i > 1 && tree[i >> 1] == s;)
        i = tree_match(tree, key, i, &win, &k);
}

/* Slot s's end moved earlier (a copy placed on a free slot, a waiting reduce copy released):
 * it can only win more of its matches, so above the first it loses, which the sibling won
 * before too (against a later or equal end on s's side), nothing changes. Inline: every
 * placement runs it (0.7 % of the FIFO model's instructions were its call). */
static inline __attribute__((always_inline)) void tree_lower(struct cluster *cl, int s)
{
    int win, *tree = cl->end_tree;
    uint64_t k, *key = cl->end_key;
    for (int i = tree_sure(cl, s, &win, &k); i > 1 && win == s;)
        i = tree_match(tree, key, i, &win, &k);
}

/* Within a binade [2^(e-1), 2^e) the doubles are the multiples of one step u, and x + p
 * rounds to x plus round(p / u) steps for every such x, ties aside; a tie rounds to an even
 * multiple, from which every later sum adds the same count again. So once a sum has been
 * rounded inside the binade (b, from a in it), each later one adds the same d = c - b while
 * the sums stay in it (a margin of a step below its top), and k of them add k d exactly.
 * Near the top, and across it, one sum at a time. */
static int binade(double x)
{
    int e;
    frexp(x, &e);
    return e;
}

double cl_beat_after(double t, double p, double until)
{
    double a = t + p;
    while (a < until) {
        double b = a + p, c = b + p;
        int e = binade(b);
        if (!(b < until) || !(c < until) || binade(a) != e || binade(c) != e) {
            a = b; /* one sum at a time */
            continue;
        }
        double d = c - b;
        if (!(d > 0))
            return c; /* p is lost in the rounding: the beats stop advancing */
        double top = ldexp(1.0, e), u = fmax(ldexp(1.0, e - 53), 0x1p-1074);
        double room = floor((top - u - p - c) / d); /* sums that stay inside the binade */
        double k = fmin(room, ceil((until - c) / d));
        if (!(k >= 1)) {
            a = c;
            continue;
        }
        double y = c + k * d; /* exact: a multiple of u inside the binade */
        while (k > 1 && y - d >= until)
            k--, y -= d;
        a = y;
    }
    return a;
}

/* Policy timers: a 4-ary heap (half the depth of a binary one). */
#define HEAP_ARITY 4

static inline bool timer_before(const struct cl_timer *a, const struct cl_timer *b)
{
    return a->t < b->t || (a->t == b->t && a->seq < b->seq);
}

void cl_set_timer(struct cluster *cl, double t, int tag, int32_t arg)
{
    CL_ASSERT(t >= cl->now);
    if (cl->ntimers == cl->timers_cap && grow_timers(cl))
        abort();
    struct cl_timer e = {.t = t, .seq = cl->seq++, .tag = tag, .arg = arg};
    int i = cl->ntimers++;
    while (i > 0) {
        int parent = (i - 1) / HEAP_ARITY;
        if (!timer_before(&e, &cl->timers[parent]))
            break;
        cl->timers[i] = cl->timers[parent];
        i = parent;
    }
    cl->timers[i] = e;
}

void cl_pop_timer(struct cluster *cl, struct cl_timer *out)
{
    CL_ASSERT(cl->ntimers > 0);
    *out = cl->timers[0];
    int n = --cl->ntimers;
    if (n == 0)
        return;
    struct cl_timer *h = cl->timers;
    const struct cl_timer last = h[n];
    int i = 0;
    for (;;) {
        int c = HEAP_ARITY * i + 1;
        if (c >= n)
            break;
        int end = c + HEAP_ARITY < n ? c + HEAP_ARITY : n, m = c;
        for (int k = c + 1; k < end; k++)
            if (timer_before(&h[k], &h[m]))
                m = k;
        if (!timer_before(&h[m], &last))
            break;
        h[i] = h[m];
        i = m;
    }
    h[i] = last;
}

/* ---------------------------------------------------------------- jobs and the pending list */

void cl_arrive(struct cluster *cl, int job)
{
    CL_ASSERT(job == cl->narrived);
    struct cl_job *j = &cl->job[job];
    cl->narrived++;
    for (int t = j->first_task; t < j->first_task + j->ntasks; t++) {
        cl->task_job[t] = job;
        cl->task_copies[t] = cl->task_running[t] = 0;
        cl->task_head[t] = -1;
        cl->task_end[t] = INFINITY;
        cl->task_start[t] = cl->task_done[t] = NAN;
    }
    j->pend_prev = cl->pend_tail;
    j->pend_next = -1;
    if (cl->pend_tail >= 0)
        cl->job[cl->pend_tail].pend_next = job;
    else
        cl->pend_head = job;
    cl->pend_tail = job;
    cl->npending_tasks += j->ntasks;
}

static void unlink_pending(struct cluster *cl, int job)
{
    struct cl_job *j = &cl->job[job];
    if (j->pend_prev >= 0)
        cl->job[j->pend_prev].pend_next = j->pend_next;
    else
        cl->pend_head = j->pend_next;
    if (j->pend_next >= 0)
        cl->job[j->pend_next].pend_prev = j->pend_prev;
    else
        cl->pend_tail = j->pend_prev;
    j->pend_prev = j->pend_next = -1;
}

/* ---------------------------------------------------------------- copies */

/* copy_time = job_tasks (seed 000 §7: "the service time of a redundant copy [is] the same as
 * that of a task which is randomly chosen from all the tasks in the same job"): the original
 * duration of task ⌊u·n⌋ of the n tasks of the job's phase, itself among them, u the copy's
 * uniform. The same phase: a map copy never takes a reduce task's time. Kept out of line:
 * inlined into place_copy it cost the iid path three times the test of copy_time (callgrind,
 * default.ini: +6.3M instructions of 1.6G; out of line +2.0M). */
__attribute__((noinline)) static double job_task_duration(const struct cluster *cl, int task,
                                                         rng_t *r)
{
    const struct cl_job *j = &cl->job[cl->task_job[task]];
    bool reduce = cl_task_phase(cl, task) == CL_REDUCE;
    int first = j->first_task + (reduce ? j->nmap : 0);
    int n = reduce ? j->ntasks - j->nmap : j->nmap;
    int pick = (int)(rng_uniform(r) * n); /* u < 1: below n */
    return cl->task_size[first + (pick < n ? pick : n - 1)];
}

/* Duration of copy k of a task: its size for k = 0; for k >= 1 from outputs
 * task·RNG_COPY_BLOCK + 2(k-1), +2(k-1)+1 of the copy stream — the first extra copy jumps to
 * the task's block, later ones continue from it — a fresh draw of its law (copy_time = iid)
 * or a task of its job's (job_tasks): one uniform either way, so common random numbers hold. */
static double draw_copy(struct cluster *cl, int task, int k)
{
    if (cl->duration_hook)
        return cl->duration_hook(cl->duration_ctx, task, k);
    if (k == 0)
        return cl->task_size[task];
    rng_t r = cl->copy_base;
    if (k == 1)
        rng_jump_blocks(&r, &cl->copy_jumps, (uint64_t)task);
    else
        r.state = cl->task_rng[task];
    double d = cl->spec->copy_time == COPY_IID ? cl_copy_duration(cl, task, &r)
                                               : job_task_duration(cl, task, &r);
    cl->task_rng[task] = r.state;
    return d;
}

/* Estimation noise of copy k of a task: ε = exp(σ Z), Z standard normal from outputs
 * task·RNG_COPY_BLOCK + 2k, +2k+1 of the noise stream (common across policies, like the
 * durations). Drawn only when noise is on. */
static double draw_noise(struct cluster *cl, int task, int k)
{
    double sigma = cl->spec->estimate_noise;
    if (sigma <= 0)
        return 1.0;
    rng_t r = cl->noise_base;
    rng_jump_blocks(&r, &cl->noise_jumps, (uint64_t)task);
    rng_advance(&r, 2u * (uint64_t)k);
    return exp(sigma * gsl_cdf_ugaussian_Pinv(rng_uniform(&r)));
}

/* Seed 003's straggler mixture (§VI-A, from Mantri's Bing data): a copy straggles with
 * probability p = straggle_p + (straggle_p_max − straggle_p) × the share of busy slots, itself
 * included (assumption 5: more stragglers at higher utilisation; replicas alike, assumption
 * 4); a straggler's duration is its own times a factor: U(1.2, 2.5) with probability 0.8, 10
 * with 0.1, and for the last 0.1 U(2.5, 10) or 1 (straggle_rest). One uniform from outputs
 * task·RNG_COPY_BLOCK + 2k, +2k+1 of the straggle stream decides both (u < p, then u/p picks
 * the factor), common across policies like the durations. 1 when straggling is off. */
double cl_straggle_factor(double u, double p, int rest)
{
    if (!(u < p))
        return 1.0;
    double v = u / p;
    if (v < 0.8)
        return 1.2 + 1.3 * (v / 0.8);
    if (v < 0.9)
        return rest == 0 ? 2.5 + 7.5 * ((v - 0.8) / 0.1) : 1.0;
    return 10.0;
}

/* The skewness of the factor at probability p: its raw moments are those of 1 (1 − p), and of
 * U(1.2, 2.5) (0.8 p), U(2.5, 10) or 1 (0.1 p) and 10 (0.1 p); E[U^k(a, b)] = (b^(k+1) −
 * a^(k+1)) / ((k + 1)(b − a)). */
static double uniform_moment(double a, double b, int k)
{
    return (pow(b, k + 1) - pow(a, k + 1)) / ((k + 1) * (b - a));
}

double cl_straggle_skewness(double p, int rest)
{
    double m[4];
    for (int k = 1; k <= 3; k++)
        m[k] = (1.0 - p) + p * (0.8 * uniform_moment(1.2, 2.5, k) + 0.1 * pow(10.0, k) +
                                0.1 * (rest == 0 ? uniform_moment(2.5, 10.0, k) : 1.0));
    double var = m[2] - m[1] * m[1];
    return var > 0 ? (m[3] - 3.0 * m[1] * var - m[1] * m[1] * m[1]) / pow(var, 1.5) : 0.0;
}

static double draw_straggle(struct cluster *cl, int task, int k)
{
    const struct cl_spec *sp = cl->spec;
    if (!(sp->straggle_p > 0 || sp->straggle_p_max > 0))
        return 1.0;
    double busy = srv_drawn(sp) ? srv_busy_share(&cl->servers, sp)
                                 : (double)(cl->nslots - cl->nfree) / cl->nslots;
    rng_t r = cl->straggle_base;
    rng_jump_blocks(&r, &cl->straggle_jumps, (uint64_t)task);
    rng_advance(&r, 2u * (uint64_t)k);
    return cl_straggle_factor(rng_uniform(&r),
                              sp->straggle_p + (sp->straggle_p_max - sp->straggle_p) * busy,
                              sp->straggle_rest);
}

/* Take the free slot a copy of `job` gets: the top of the free stack, or with drawn requests
 * the highest that fits, swapped to the top first (so that the slots taken are still the
 * entries just above the stack, as pair.c reads them). */
static int take_slot(struct cluster *cl, int job)
{
    CL_ASSERT(cl->nfree > 0);
    if (!cl->drawn)
        return cl->free_stack[--cl->nfree];
    int i = cl_find_slot(cl, cl->job[job].cpu, cl->job[job].mem);
    CL_ASSERT(i >= 0);
    int s = cl->free_stack[i];
    cl->free_stack[i] = cl->free_stack[--cl->nfree];
    cl->free_stack[cl->nfree] = s;
    srv_take(&cl->servers, cl->spec, s, cl->job[job].cpu, cl->job[job].mem);
    CL_ASSERT(cl->servers.cpu[s / cl->spec->per_server] <= cl->spec->server_cpu * (1 + 1e-9) &&
              cl->servers.mem[s / cl->spec->per_server] <= cl->spec->server_mem * (1 + 1e-9));
    return s;
}

/* Put copy number task_copies[task] of a task on a free slot. A reduce copy launched before
 * its job's map phase ends holds the slot with no end known (slot_proc = INFINITY) until
 * release_reduces starts it: with barrier phases it makes no progress until then (seed 002
 * eq. 1g); pipelined, it reads the map outputs out so far once enough are (feed_reduces). */
static int place_copy(struct cluster *cl, int task, double offset)
{
    CL_ASSERT(offset >= 0.0 && offset < 1.0);
    int s = take_slot(cl, cl->task_job[task]);
    int k = cl->task_copies[task]++;
    CL_ASSERT(k <= (int)RNG_MAX_COPIES);
    struct cl_job *j = &cl->job[cl->task_job[task]];
    bool wait = j->maps_left > 0 && cl_task_phase(cl, task) == CL_REDUCE;
    double work = (1.0 - offset) * draw_copy(cl, task, k), noise = 1.0;
    if (cl->perturbed) { /* tested once: most scenarios have neither (the same numbers) */
        work *= draw_straggle(cl, task, k);
        noise = draw_noise(cl, task, k);
    }
    double proc = wait ? INFINITY : cl->now + cl->spec->launch_delay;
    double end = proc + work;
    cl->slot_task[s] = task;
    cl->slot_copy[s] = k;
    cl->slot_start[s] = cl->now;
    cl->slot_proc[s] = proc;
    cl->slot_work[s] = work;
    cl->slot_end[s] = end;
    cl->slot_offset[s] = offset;
    cl->slot_noise[s] = noise;
    if (wait && cl->spec->phases == PHASES_PIPELINED)
        cl->slot_feed[s] = j->nmap - j->maps_left >= cl_feed_gate(cl->spec, j)
                               ? cl->now + cl->spec->launch_delay
                               : INFINITY;
    cl->slot_next[s] = cl->task_head[task];
    cl->task_head[task] = s;

    if (cl->task_running[task]++ == 0) {
        if (k > 0)
            cl->orphans--; /* a started task that had lost all its copies */
        j->tasks_running++;
        if (wait)
            j->tasks_waiting++;
        else
            j->run_end_sum += end;
        cl->task_end[task] = end;
    } else if (end < cl->task_end[task]) {
        j->run_end_sum += end - cl->task_end[task];
        cl->task_end[task] = end;
    }
    j->copies++;
    j->copies_running++;
    cl->copies++;
    cl->task_events++;
    tree_lower(cl, s);
    return s;
}

double cl_feed_fraction(const struct cluster *cl, int slot, double now)
{
    double q = cl->slot_feed[slot], w = cl->slot_work[slot];
    if (cl->spec->phases != PHASES_PIPELINED || !(now > q))
        return 0.0;
    const struct cl_job *j = &cl->job[cl->task_job[cl->slot_task[slot]]];
    int out = cl->spec->pipeline_feed == FEED_LAST ? j->nmap - 1 : j->nmap - j->maps_left;
    double cap = (double)out / j->nmap;
    return w > 0 && (now - q) / w < cap ? (now - q) / w : cap;
}

/* Pipelined phases: map task number k (of n) of the job is done now. Its reduce copies that
 * wait for the k-th output to read (the gate, cl_feed_gate) start reading now, after their
 * launch delay: the outputs out so far let them process without a pause from there; every
 * reading copy's q moves by cl_feed_start (with pipeline_feed = last, only at the n-th). */
static void feed_reduces(struct cluster *cl, int job)
{
    struct cl_job *j = &cl->job[job];
    int n = j->nmap, k = n - j->maps_left, gate = cl_feed_gate(cl->spec, j);
    bool each = cl->spec->pipeline_feed == FEED_SHARES || k == n;
    if (k < gate)
        return;
    int first = j->first_task + n, last = j->first_task + j->next_unstarted;
    for (int task = first; task < last; task++)
        for (int s = cl->task_head[task]; s >= 0; s = cl->slot_next[s]) {
            CL_ASSERT(cl_copy_waiting(cl, s));
            if (cl->slot_feed[s] == INFINITY)
                cl->slot_feed[s] = cl_max(cl->now, cl->slot_start[s] + cl->spec->launch_delay);
            else if (each)
                cl->slot_feed[s] = cl_feed_start(cl->slot_feed[s], cl->now, k, n,
                                                 cl->slot_work[s]);
        }
}

/* The job's map phase has ended: its waiting reduce copies start processing now (after
 * their launch delay, if that is still running), or with pipelined phases go on from where
 * their reading has brought them (as if they had processed from slot_feed without a pause,
 * which from now on they do). */
static void release_reduces(struct cluster *cl, int job)
{
    struct cl_job *j = &cl->job[job];
    int first = j->first_task + j->nmap, last = j->first_task + j->next_unstarted;
    bool piped = cl->spec->phases == PHASES_PIPELINED;
    for (int task = first; task < last; task++) {
        if (cl->task_head[task] < 0)
            continue;
        double end = INFINITY;
        for (int s = cl->task_head[task]; s >= 0; s = cl->slot_next[s]) {
            CL_ASSERT(cl_copy_waiting(cl, s));
            cl->slot_proc[s] = piped ? cl->slot_feed[s]
                                     : cl_max(cl->now, cl->slot_start[s] + cl->spec->launch_delay);
            CL_ASSERT(cl->slot_proc[s] < INFINITY);
            cl->slot_feed[s] = INFINITY;
            cl->slot_end[s] = cl->slot_proc[s] + cl->slot_work[s];
            end = cl_min(end, cl->slot_end[s]);
            tree_lower(cl, s);
        }
        cl->task_end[task] = end;
        j->run_end_sum += end;
        j->tasks_waiting--;
    }
    CL_ASSERT(j->tasks_waiting == 0);
}

int cl_start_next_task(struct cluster *cl, int job, int copies)
{
    struct cl_job *j = &cl->job[job];
    CL_ASSERT(job < cl->narrived && j->next_unstarted < j->ntasks);
    CL_ASSERT(copies >= 1 && cl_fits(cl, job));
    int task = j->first_task + j->next_unstarted++;
    cl->npending_tasks--;
    if (j->next_unstarted == j->ntasks)
        unlink_pending(cl, job);
    cl->task_start[task] = cl->now;
    if (copies > cl->nfree)
        copies = cl->nfree;
    for (int c = 0; c < copies && (c == 0 || cl_fits(cl, job)); c++)
        place_copy(cl, task, 0.0);
    return task;
}

int cl_launch_copy(struct cluster *cl, int task, double offset)
{
    CL_ASSERT(!isnan(cl->task_start[task]) && isnan(cl->task_done[task]));
    return place_copy(cl, task, offset);
}

/* With a price history (seed 004 §VII-B's spot prices): the copy on slot s, ending now, costs
 * its job the price integrated over its slot time. Out of line: most runs have none, and the
 * call would cost the hot path its registers. */
static __attribute__((noinline, cold)) void charge_spot(struct cluster *cl, struct cl_job *j,
                                                         int s)
{
    j->spot_cost += spot_cost(cl->spec->spot, cl->slot_start[s], cl->now);
}

/* Take the copy off its slot: charge its slot time (to the killed time too if it did not
 * finish), unlink it from its task, free the slot. Task-level bookkeeping (earliest end,
 * running count of the job) is left to the caller. Inlined where `killed` is a constant
 * (cl_complete's winning copy: the kill branches fold away), called otherwise. */
static inline __attribute__((always_inline)) int detach_copy(struct cluster *cl, int s,
                                                             bool killed)
{
    int task = cl->slot_task[s];
    CL_ASSERT(task >= 0);
    struct cl_job *j = &cl->job[cl->task_job[task]];
    double used = cl->now - cl->slot_start[s];
    j->copies_running--;
    j->machine_time += used;
    if (__builtin_expect(cl->spec->spot != NULL, 0))
        charge_spot(cl, j, s);
    cl->busy_time += used;
    if (killed) {
        j->killed_time += used;
        cl->kills++;
    }
    int *link = &cl->task_head[task];
    while (*link != s) {
        CL_ASSERT(*link >= 0);
        link = &cl->slot_next[*link];
    }
    *link = cl->slot_next[s];
    cl->slot_task[s] = cl->slot_copy[s] = cl->slot_next[s] = -1;
    cl->slot_end[s] = INFINITY;
    if (killed)
        tree_raise(cl, s);
    else
        tree_replay(cl, s); /* it ends first (cl_complete): it won every match */
    cl->free_stack[cl->nfree++] = s;
    if (cl->drawn)
        srv_leave(&cl->servers, cl->spec, s, cl->job[cl->task_job[task]].cpu,
                  cl->job[cl->task_job[task]].mem, cl->nfree == cl->nslots);
    cl->task_running[task]--;
    cl->task_events++;
    return task;
}

static int detach(struct cluster *cl, int s, bool killed)
{
    return detach_copy(cl, s, killed);
}

/* After a kill: recompute the task's earliest end and the job's sums. */
static void refresh_task_end(struct cluster *cl, int task)
{
    struct cl_job *j = &cl->job[cl->task_job[task]];
    double old = cl->task_end[task], end = INFINITY;
    for (int s = cl->task_head[task]; s >= 0; s = cl->slot_next[s])
        end = cl_min(end, cl->slot_end[s]);
    cl->task_end[task] = end;
    if (old == INFINITY) { /* its copies wait for the map phase */
        if (cl->task_running[task] == 0) {
            j->tasks_running--;
            j->tasks_waiting--;
            cl->orphans++;
        }
    } else if (cl->task_running[task] == 0) {
        j->tasks_running--;
        j->run_end_sum = j->tasks_running > j->tasks_waiting ? j->run_end_sum - old : 0.0;
        cl->orphans++;
    } else {
        j->run_end_sum += end - old;
    }
}

void cl_kill(struct cluster *cl, int slot)
{
    refresh_task_end(cl, detach(cl, slot, true));
}

void cl_kill_all_but(struct cluster *cl, int task, int keep)
{
    CL_ASSERT(cl->slot_task[keep] == task);
    int s = cl->task_head[task];
    while (s >= 0) {
        int next = cl->slot_next[s];
        if (s != keep)
            detach(cl, s, true);
        s = next;
    }
    refresh_task_end(cl, task);
}

int cl_complete(struct cluster *cl, int slot)
{
    int task = cl->slot_task[slot];
    struct cl_job *j = &cl->job[cl->task_job[task]];
    CL_ASSERT(cl->slot_end[slot] == cl->now);
    double end = cl->task_end[task];
    cl->done_launch = cl->slot_start[slot];
    cl->done_proc = cl->slot_proc[slot];
    while (cl->task_head[task] >= 0) {
        int s = cl->task_head[task];
        if (s == slot)
            detach_copy(cl, s, false);
        else
            detach(cl, s, true);
    }
    cl->task_end[task] = INFINITY;
    cl->task_done[task] = cl->now;
    j->tasks_running--;
    j->run_end_sum = j->tasks_running > j->tasks_waiting ? j->run_end_sum - end : 0.0;
    if (cl_task_phase(cl, task) == CL_MAP) {
        if (--j->maps_left == 0)
            j->maps_done = cl->now;
        if (j->tasks_waiting > 0 && cl->spec->phases == PHASES_PIPELINED)
            feed_reduces(cl, cl->task_job[task]);
        if (j->maps_left == 0 && j->tasks_waiting > 0)
            release_reduces(cl, cl->task_job[task]);
    }
    if (--j->tasks_left == 0) {
        j->completion = cl->now;
        cl->ndone++;
        while (cl->first_active < cl->narrived && !isnan(cl->job[cl->first_active].completion))
            cl->first_active++;
    }
    return task;
}

/* ---------------------------------------------------------------- invariants */

#ifdef SPECMC_CHECK
/* Drawn requests: each server's sums are its copies' requests, within its capacity. */
static void check_servers(const struct cluster *cl)
{
    const struct cl_spec *sp = cl->spec;
    const struct cl_servers *sv = &cl->servers;
    double tot_cpu = 0.0, tot_mem = 0.0;
    for (int v = 0; v < sp->servers; v++) {
        double cpu = 0.0, mem = 0.0;
        int n = 0;
        for (int s = v * sp->per_server; s < (v + 1) * sp->per_server; s++)
            if (cl->slot_task[s] >= 0) {
                const struct cl_job *j = &cl->job[cl->task_job[cl->slot_task[s]]];
                cpu += j->cpu, mem += j->mem, n++;
            }
        assert(n == sv->copies[v]);
        assert(fabs(cpu - sv->cpu[v]) <= 1e-9 && fabs(mem - sv->mem[v]) <= 1e-9);
        assert(cpu <= sp->server_cpu * (1 + 1e-9) && mem <= sp->server_mem * (1 + 1e-9));
        tot_cpu += cpu, tot_mem += mem;
    }
    assert(fabs(tot_cpu - sv->cpu_used) <= 1e-9 * (1 + tot_cpu));
    assert(fabs(tot_mem - sv->mem_used) <= 1e-9 * (1 + tot_mem));
}

void cl_check(const struct cluster *cl)
{
    int busy = 0;
    for (int s = 0; s < cl->nslots; s++) {
        if (cl->slot_task[s] < 0) {
            assert(cl->slot_end[s] == INFINITY);
            continue;
        }
        busy++;
        assert(cl->slot_start[s] <= cl->now && cl->slot_end[s] >= cl->now);
        assert(isnan(cl->task_done[cl->slot_task[s]]));
    }
    assert(busy + cl->nfree == cl->nslots);
    assert(cl->nfree >= 0 && cl->nfree <= cl->nslots);
    if (cl->drawn)
        check_servers(cl);

    int orphans = 0, running_total = 0, pending = 0, held_total = 0;
    double busy_sum = 0.0;
    for (int i = 0; i < cl->njobs; i++) {
        const struct cl_job *j = &cl->job[i];
        int running = 0, left = 0, waiting = 0, maps_left = 0;
        double end_sum = 0.0;
        if (i >= cl->narrived) { /* its tasks' entries are set at its arrival */
            assert(j->tasks_running == 0 && j->copies_running == 0 && j->tasks_waiting == 0);
            assert(j->tasks_left == j->ntasks && j->maps_left == j->nmap && isnan(j->completion));
            assert(j->machine_time == 0.0);
            continue;
        }
        for (int t = j->first_task; t < j->first_task + j->ntasks; t++) {
            int n = 0;
            double end = INFINITY;
            for (int s = cl->task_head[t]; s >= 0; s = cl->slot_next[s]) {
                assert(cl->slot_task[s] == t);
                end = fmin(end, cl->slot_end[s]);
                n++;
            }
            assert(n == cl->task_running[t]);
            assert(end == cl->task_end[t]);
            running_total += n;
            if (n > 0) {
                running++;
                if (end == INFINITY)
                    waiting++;
                else
                    end_sum += end;
            }
            if (isnan(cl->task_done[t])) {
                left++;
                maps_left += t - j->first_task < j->nmap;
                if (!isnan(cl->task_start[t]) && n == 0)
                    orphans++;
            }
            assert(cl->task_copies[t] >= n);
        }
        assert(running == j->tasks_running);
        held_total += j->copies_running;
        assert(waiting == j->tasks_waiting && maps_left == j->maps_left);
        assert(waiting == 0 || maps_left > 0);
        assert(left == j->tasks_left);
        assert(fabs(end_sum - j->run_end_sum) <= 1e-9 * (1.0 + fabs(end_sum)));
        assert((left == 0) == !isnan(j->completion));
        if (i < cl->narrived)
            pending += j->ntasks - j->next_unstarted;
        assert(j->machine_time >= 0.0);
        busy_sum += j->machine_time;
    }
    assert(running_total == busy && held_total == busy);
    assert(orphans == cl->orphans);
    assert(pending == cl->npending_tasks);
    assert(fabs(busy_sum - cl->busy_time) <= 1e-9 * (1.0 + busy_sum));
    for (int i = 0; i < cl->first_active; i++)
        assert(!isnan(cl->job[i].completion));
    for (int i = cl->pend_head, prev = -1; i >= 0; prev = i, i = cl->job[i].pend_next) {
        assert(cl->job[i].pend_prev == prev);
        assert(cl->job[i].next_unstarted < cl->job[i].ntasks);
    }
}
#else
void cl_check(const struct cluster *cl)
{
    (void)cl;
}
#endif

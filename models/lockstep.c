/* lockstep — the cluster model with replicas in SIMD lanes (see lockstep.h).
 *
 * Draw phase: every random number a replica of fifo or clone (r = 1) can use is drawn before
 * the events, lanes together (engine/stats/rng_lanes.h): the arrivals (RNG_ARRIVALS), every
 * task's original duration (RNG_TASKS, in task order, as wl_task_sizes) and, for clone, every
 * task's first extra copy (RNG_COPIES, the first uniform of the task's block of
 * RNG_COPY_BLOCK outputs, as cluster.c's draw_copy; block g + 1 is block g's state under the
 * stream's one-block jump map). The inverse CDFs stay scalar glibc calls (dist_quantile,
 * log): libmvec's vector exp/log1p/log differ from them in the last bit for about half of
 * the inputs, and the promise is the scalar model's numbers bit for bit.
 *
 * Event phase: the scalar event loop (models/replica.c) is cut into micro-actions that each
 * change at most one slot — complete a task (and take its first copy off), take off its
 * other copy, fire a timer (and kill one copy), arrive a job, start a task (copy 0), place
 * its extra copy — and every step each lane does exactly one, picked by the order the scalar
 * loop keeps within an instant (copy ends, timers, arrivals, then the scheduler; a phase per
 * lane remembers where it is). The step is one `omp simd` loop over the lanes without
 * branches: every action's loads and stores run in every lane, those of the actions a lane
 * does not take going to a spare element at the end of each array; then every lane replays
 * the tournament tree over its slots (cluster.c's tree_update) for the slot it changed (a
 * lane that changed none replays slot 0's path: same values). Arrays are interleaved,
 * element i of lane l at [i * LS_LANES + l], so lane-uniform indices are plain vector loads
 * and the others gathers and scatters.
 *
 * Clone's timers all fire tau_kill after they were set, in the order they were set, so its
 * 4-ary heap pops them first in first out: here a queue. Build with -ffp-contract=off (no
 * fused multiply-adds in the AVX-512 clone that the scalar model's baseline build lacks). */
#include "models/lockstep.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/stats/rng_lanes.h"

#define L LS_LANES
#define AT(i, l) ((int64_t)(i) * L + (l))

enum { P_END, P_TIMER, P_ARR, P_SCHED }; /* where in an instant a lane is */
/* the micro-actions, one bit each (flags by shifts: compares of one value against several
   constants become a switch, which stops vectorisers) */
enum { A_COMPLETE = 1, A_DETACH = 2, A_TIMER = 4, A_ARRIVE = 8, A_START = 16, A_EXTRA = 32,
       A_ADVANCE = 64, A_NONE = 0 };

struct ls_workspace {
    int njobs, ntasks, tasks, nslots, leaves, levels, lanes;
    size_t cap_jobs, cap_tasks, cap_leaves;
    /* per job, [(njobs + 1) * L]; element njobs: +inf arrival, spare for the others */
    double *arrival, *completion, *machine, *killed;
    int64_t *left;
    /* per task, [(ntasks + 1) * L]; element ntasks spare */
    double *size0, *size1;        /* copy 0's and copy 1's durations */
    int64_t *running, *head;      /* copies running; the slot of the newest, -1 if none */
    int64_t *job_of;              /* [ntasks + 1], lane-independent: task g's job */
    double *tmr_t;                /* clone's timers, a queue per lane: when, and the task */
    int64_t *tmr_task;
    /* per slot, [(leaves + 1) * L]; element leaves spare */
    int64_t *stask, *snext, *fstack;
    double *sstart, *send;
    int64_t *win;                 /* tournament tree, [2 leaves * L] */
    double *key;                  /* its end times (doubles: compares are selects here) */
    /* per lane */
    double now[L], busy_area[L], busy_time[L], util_from[L], util_to[L], end_time[L];
    int64_t phase[L], next_job[L], next_task[L], nfree[L], ndone[L], pend[L], pend_kill[L],
        pend_task[L], extra[L], cur[L], th[L], tt[L], events[L], copies[L], kills[L],
        active[L], stalled[L];
};

struct ls_workspace *ls_workspace_new(void)
{
    return calloc(1, sizeof(struct ls_workspace));
}

static void free_arrays(struct ls_workspace *ws)
{
    free(ws->arrival), free(ws->completion), free(ws->machine), free(ws->killed);
    free(ws->left), free(ws->size0), free(ws->size1), free(ws->running), free(ws->head);
    free(ws->job_of), free(ws->tmr_t), free(ws->tmr_task), free(ws->stask), free(ws->snext);
    free(ws->fstack), free(ws->sstart), free(ws->send), free(ws->win), free(ws->key);
}

void ls_workspace_free(struct ls_workspace *ws)
{
    if (!ws)
        return;
    free_arrays(ws);
    free(ws);
}

#define RESERVE(p, n)                                                                      \
    do {                                                                                   \
        void *q_ = realloc((p), (size_t)(n) * sizeof *(p));                                \
        if (!q_)                                                                           \
            return -1;                                                                     \
        (p) = q_;                                                                          \
    } while (0)

static int reserve(struct ls_workspace *ws)
{
    size_t jobs = (size_t)ws->njobs + 1, tasks = (size_t)ws->ntasks + 1,
           leaves = (size_t)ws->leaves + 1;
    if (jobs > ws->cap_jobs) {
        RESERVE(ws->arrival, jobs * L);
        RESERVE(ws->completion, jobs * L);
        RESERVE(ws->machine, jobs * L);
        RESERVE(ws->killed, jobs * L);
        RESERVE(ws->left, jobs * L);
        ws->cap_jobs = jobs;
    }
    if (tasks > ws->cap_tasks) {
        RESERVE(ws->size0, tasks * L);
        RESERVE(ws->size1, tasks * L);
        RESERVE(ws->running, tasks * L);
        RESERVE(ws->head, tasks * L);
        RESERVE(ws->tmr_t, tasks * L);
        RESERVE(ws->tmr_task, tasks * L);
        RESERVE(ws->job_of, tasks);
        ws->cap_tasks = tasks;
    }
    if (leaves > ws->cap_leaves) {
        RESERVE(ws->stask, leaves * L);
        RESERVE(ws->snext, leaves * L);
        RESERVE(ws->fstack, leaves * L);
        RESERVE(ws->sstart, leaves * L);
        RESERVE(ws->send, leaves * L);
        RESERVE(ws->win, 2 * leaves * L);
        RESERVE(ws->key, 2 * leaves * L);
        ws->cap_leaves = leaves;
    }
    return 0;
}

bool ls_supported(const struct cl_spec *sp, const struct policy *pol, const double *param)
{
    bool fifo = !strcmp(pol->name, "fifo"), clone = !strcmp(pol->name, "clone");
    return (fifo || (clone && param[0] == 1.0)) && !sp->trace && sp->servers == 0 &&
           sp->interval == 0 && sp->launch_delay == 0 && sp->estimate_noise == 0 &&
           sp->straggle_p == 0 && sp->straggle_p_max == 0 && sp->tasks_beta == 0 &&
           sp->job_spread == 0 && sp->shape_max == 0 && sp->reduce_fraction == 0 &&
           sp->weight_min == sp->weight_max && sp->jobs >= 1 && sp->tasks >= 1;
}

/* ---------------------------------------------------------------- draw phase */

/* Lane l's inverse-CDF inputs: the uniform of x[g * L + l] for g < count, transformed in place
 * by the scalar functions the scalar model calls. */
static void quantiles(const struct dist *d, const int64_t *x, double *out, size_t count)
{
    for (size_t i = 0; i < count; i++)
        out[i] = dist_quantile(d, rng_lanes_u52(x[i]));
}

/* Every task's copy-0 uniform (RNG_TASKS, in task order) into x as integers. */
RNG_LANES_HOT static void draw_tasks(uint64_t seed, uint64_t first, int ntasks, int64_t *x)
{
    uint64_t state[L], inc[L], inc2[L];
    rng_lanes_seed(L, seed, first, RNG_TASKS, state, inc, inc2);
    for (int g = 0; g < ntasks; g++)
        rng_lanes_draw52(L, state, inc, inc2, x + (size_t)g * L);
}

/* Every task's copy-1 uniform: the first of block g of RNG_COPIES. */
RNG_LANES_HOT static void draw_copies(uint64_t seed, uint64_t first, int ntasks, int64_t *x)
{
    uint64_t state[L], inc[L], inc2[L], mult[L], plus[L];
    rng_lanes_seed(L, seed, first, RNG_COPIES, state, inc, inc2);
    for (int l = 0; l < L; l++) {
        rng_t r = {state[l], inc[l]};
        rng_jumps j;
        rng_jumps_init(&j, &r);
        mult[l] = j.mult[0];
        plus[l] = j.plus[0];
    }
    for (int g = 0; g < ntasks; g++) {
        int64_t *xg = x + (size_t)g * L;
        uint64_t block[L];
        memcpy(block, state, sizeof block);
        rng_lanes_draw52(L, block, inc, inc2, xg);
#pragma omp simd
        for (int l = 0; l < L; l++)
            state[l] = mult[l] * state[l] + plus[l];
    }
}

/* The arrival times (wl_jobs: t += -log(u) / rate per job; all 0 for a batch). */
RNG_LANES_HOT static void draw_arrivals(struct ls_workspace *ws, const struct cl_spec *sp,
                                        uint64_t seed, uint64_t first, int64_t *x)
{
    int J = ws->njobs;
    if (sp->arrival != ARRIVAL_POISSON) {
        for (size_t i = 0; i < (size_t)J * L; i++)
            ws->arrival[i] = 0.0;
        return;
    }
    uint64_t state[L], inc[L], inc2[L];
    rng_lanes_seed(L, seed, first, RNG_ARRIVALS, state, inc, inc2);
    for (int i = 0; i < J; i++)
        rng_lanes_draw52(L, state, inc, inc2, x + (size_t)i * L);
    for (size_t i = 0; i < (size_t)J * L; i++)
        ws->arrival[i] = -log(rng_lanes_u52(x[i])) / sp->rate;
    double t[L] = {0};
    for (int i = 0; i < J; i++)
#pragma omp simd
        for (int l = 0; l < L; l++)
            ws->arrival[AT(i, l)] = t[l] += ws->arrival[AT(i, l)];
}

/* ---------------------------------------------------------------- event phase */

/* The action a lane takes next: the scalar loop's order within an instant. */
static inline int64_t choose(int64_t phase, int64_t pend, int64_t extra, double now, double root,
                             double ttm, double tarr, int64_t nfree, int64_t pending)
{
    return pend >= 0                          ? A_DETACH
           : extra > 0                        ? A_EXTRA
           : phase <= P_END && root == now    ? A_COMPLETE
           : phase <= P_TIMER && ttm == now   ? A_TIMER
           : phase <= P_ARR && tarr == now    ? A_ARRIVE
           : nfree > 0 && pending             ? A_START
                                              : A_ADVANCE;
}

/* A copy's reported progress with exact estimates (estimate.c's cl_est_progress at offset 0,
 * slot_proc = its start, ε = 1). */
static inline double progress(double now, double start, double end)
{
    double work = (end - start) * 1.0, done = now - start, f = done / work;
    return done <= 0 ? 0.0 : (work > 0) & (done < work) ? f : 1.0;
}

/* One micro-action in every lane, then the tree replay. Returns whether a lane is active. */
static inline __attribute__((always_inline)) int64_t step(struct ls_workspace *restrict ws,
                                                          const bool clone, const double tau)
{
    const int64_t J = ws->njobs, T = ws->ntasks, N = ws->tasks, S = ws->nslots;
    const int64_t LV = ws->leaves, levels = ws->levels;
    double *restrict machine = ws->machine, *restrict killedt = ws->killed;
    double *restrict completion = ws->completion, *restrict sstart = ws->sstart;
    double *restrict send = ws->send, *restrict tmr_t = ws->tmr_t;
    int64_t *restrict left = ws->left, *restrict running = ws->running, *restrict head = ws->head;
    int64_t *restrict stask = ws->stask, *restrict snext = ws->snext, *restrict fstack = ws->fstack;
    int64_t *restrict tmr_task = ws->tmr_task, *restrict win = ws->win;
    double *restrict key = ws->key;
    const double *restrict arrival = ws->arrival, *restrict size0 = ws->size0,
                           *restrict size1 = ws->size1;
    const int64_t *restrict job_of = ws->job_of;
    int64_t alive = 0, ti[L], tw[L];
    double tk[L];
#pragma omp simd reduction(| : alive)
    for (int l = 0; l < L; l++) {
        /* (every load below is unconditional, its index chosen: the loop must have no
           branches to vectorise, and a load behind a condition is one) */
        double now = ws->now[l];
        int64_t phase = ws->phase[l], pend = ws->pend[l], extra = ws->extra[l];
        int64_t nfree = ws->nfree[l], next_job = ws->next_job[l], next_task = ws->next_task[l];
        int64_t th = ws->th[l], tt = ws->tt[l], act_on = ws->active[l], ndone = ws->ndone[l];
        int64_t pend_task = ws->pend_task[l], pend_kill = ws->pend_kill[l], cur = ws->cur[l];
        double root = key[AT(1, l)];
        double tarr = arrival[AT(next_job, l)];
        double tm0 = tmr_t[AT(th, l)];
        double ttm = clone & (th < tt) ? tm0 : INFINITY;
        int64_t pending = next_task < next_job * N;
        int64_t act = choose(phase, pend, extra, now, root, ttm, tarr, nfree, pending);

        /* advance the clock (cl_advance), then choose again at the new instant */
        int64_t adv = act >> 6 & 1, fin = adv & (ndone == J);
        double t = root < ttm ? root : ttm;
        t = tarr < t ? tarr : t;
        int64_t stall = adv & !fin & (t == INFINITY);
        act_on = act_on & !fin & !stall;
        int64_t go = adv & (act_on != 0);
        double lo = ws->util_from[l] > now ? ws->util_from[l] : now;
        double hi = ws->util_to[l] < t ? ws->util_to[l] : t;
        double area = (double)(S - nfree) * (hi - lo);
        ws->busy_area[l] += go & (hi > lo) ? area : 0.0;
        now = go ? t : now;
        phase = go ? P_END : phase;
        int64_t act2 = choose(phase, pend, extra, now, root, ttm, tarr, nfree, pending);
        act = go ? act2 : act;
        act = act_on ? act : A_NONE;
        ws->stalled[l] |= stall;

        int64_t is_c = act & 1, is_d = act >> 1 & 1, is_t = act >> 2 & 1, is_a = act >> 3 & 1;
        int64_t is_s = act >> 4 & 1, is_e = act >> 5 & 1;

        /* complete: the task of the earliest end; its copies come off newest first */
        int64_t sc = win[AT(1, l)];
        int64_t task_sc = stask[AT(sc, l)];
        int64_t task_c = is_c ? task_sc : T;
        int64_t job_c = job_of[task_c];
        int64_t left_c = left[AT(job_c, l)] - 1;
        left[AT(job_c, l)] = left_c;
        int64_t job_done = is_c & (left_c == 0);
        completion[AT(job_done ? job_c : J, l)] = now;
        ndone += job_done;

        /* timer: keep the copy with the best progress (ties: copy 0, the older), kill the
         * other (pol_best_copy over the task's list, newest first) */
        int64_t task_th = tmr_task[AT(th, l)];
        int64_t task_t = is_t ? task_th : T;
        th += is_t;
        int64_t run_t = running[AT(task_t, l)];
        int64_t kill_t = is_t & (run_t > 1);
        int64_t head_t = head[AT(task_t, l)];
        int64_t h_t = kill_t ? head_t : LV;
        int64_t next_t = snext[AT(h_t, l)];
        int64_t n_t = kill_t ? next_t : LV;
        double f_h = progress(now, sstart[AT(h_t, l)], send[AT(h_t, l)]);
        double f_n = progress(now, sstart[AT(n_t, l)], send[AT(n_t, l)]);
        int64_t victim = f_n >= f_h ? h_t : n_t;

        /* take a copy off its slot (cluster.c's detach) */
        int64_t head_c = head[AT(task_c, l)];
        int64_t det = is_c | is_d | kill_t;
        int64_t s_d = is_c ? head_c : is_d ? pend : kill_t ? victim : LV;
        int64_t task_d = is_c ? task_c : is_d ? pend_task : kill_t ? task_t : T;
        int64_t killed = is_c ? head_c != sc : is_d ? pend_kill != 0 : kill_t;
        int64_t job_d = job_of[task_d];
        double used = now - sstart[AT(s_d, l)];
        machine[AT(job_d, l)] += used;
        killedt[AT(job_d, l)] += killed ? used : 0.0;
        ws->busy_time[l] += det ? used : 0.0;
        ws->kills[l] += killed;
        int64_t nx = snext[AT(s_d, l)];
        int64_t h_d = head[AT(task_d, l)];
        snext[AT(det & (h_d != s_d) ? h_d : LV, l)] = nx;
        ws->pend_kill[l] = is_c ? nx != sc : pend_kill;
        ws->pend_task[l] = is_c ? task_c : pend_task;
        pend = is_c ? nx : is_d ? -1 : pend;
        fstack[AT(det ? nfree : LV, l)] = s_d;

        /* put a copy on the free slot on top of the stack (cluster.c's place_copy) */
        int64_t plc = is_s | is_e;
        int64_t task_p = is_s ? next_task : is_e ? cur : T;
        int64_t top = fstack[AT(plc ? nfree - 1 : LV, l)];
        int64_t s_p = plc ? top : LV;
        double d0 = size0[AT(task_p, l)], d1 = size1[AT(task_p, l)];
        double end = now + (is_s ? d0 : d1);
        int64_t h_p = head[AT(task_p, l)];
        int64_t run_p = running[AT(task_p, l)] + 1;
        extra = is_s ? (clone & (nfree > 1) ? 1 : 0) : extra - is_e;
        int64_t arm = plc & (extra == 0) & (run_p > 1);
        tmr_t[AT(arm ? tt : T, l)] = now + tau;
        tmr_task[AT(arm ? tt : T, l)] = task_p;
        tt += arm;
        ws->cur[l] = is_s ? task_p : cur;
        next_task += is_s;
        ws->copies[l] += plc;

        /* the slot and task changes of either, one store each */
        int64_t s_op = det ? s_d : s_p, task_op = det ? task_d : task_p;
        stask[AT(s_op, l)] = det ? -1 : task_p;
        send[AT(s_op, l)] = det ? INFINITY : end;
        sstart[AT(s_op, l)] = det ? 0.0 : now;
        snext[AT(s_op, l)] = det ? -1 : h_p;
        head[AT(task_op, l)] = det ? (h_d == s_d ? nx : h_d) : s_p;
        int64_t run_d = running[AT(task_d, l)];
        running[AT(task_op, l)] = det ? run_d - 1 : run_p;
        nfree += det - plc;
        ws->events[l] += det | plc;

        /* arrival */
        next_job += is_a;

        /* the tree replay's leaf (cluster.c's tree_update), slot 0's where nothing changed */
        int64_t op = det | plc;
        double end0 = send[AT(0, l)];
        int64_t s = op ? s_op : 0;
        double k = op ? (det ? INFINITY : end) : end0;
        key[AT(LV + s, l)] = k;
        ti[l] = LV + s;
        tw[l] = s;
        tk[l] = k;

        ws->now[l] = now;
        ws->phase[l] = is_c | is_d ? P_END : is_t ? P_TIMER : is_a ? P_ARR : plc ? P_SCHED : phase;
        ws->pend[l] = pend;
        ws->extra[l] = extra;
        ws->nfree[l] = nfree;
        ws->next_job[l] = next_job;
        ws->next_task[l] = next_task;
        ws->th[l] = th;
        ws->tt[l] = tt;
        ws->active[l] = act_on;
        ws->ndone[l] = ndone;
        ws->end_time[l] = is_c ? now : ws->end_time[l];
        alive |= act_on;
    }
    /* the replay up to the root, a level at a time in every lane */
    for (int64_t v = 0; v < levels; v++) {
#pragma omp simd
        for (int l = 0; l < L; l++) {
            int64_t i = ti[l], sib = i ^ 1, sw = win[AT(sib, l)];
            double sk = key[AT(sib, l)], k = tk[l];
            int64_t take = i & 1 ? sk <= k : sk < k; /* a left sibling also wins ties */
            tw[l] = take ? sw : tw[l];
            tk[l] = k = take ? sk : k;
            ti[l] = i >>= 1;
            key[AT(i, l)] = k;
            win[AT(i, l)] = tw[l];
        }
    }
    return alive;
}

RNG_LANES_HOT static void run_fifo(struct ls_workspace *ws)
{
    while (step(ws, false, 0.0))
        ;
}

RNG_LANES_HOT static void run_clone(struct ls_workspace *ws, double tau)
{
    while (step(ws, true, tau))
        ;
}

/* cl_reset's initial state in every lane. */
static void reset(struct ls_workspace *ws, const struct cl_spec *sp, int n)
{
    int J = ws->njobs, T = ws->ntasks, LV = ws->leaves;
    for (int g = 0; g <= T; g++)
        ws->job_of[g] = g < T ? g / ws->tasks : J;
    for (size_t i = 0; i < (size_t)(T + 1) * L; i++) {
        ws->running[i] = 0;
        ws->head[i] = -1;
    }
    for (int l = 0; l < L; l++) {
        ws->arrival[AT(J, l)] = INFINITY;
        for (int i = 0; i <= J; i++) {
            ws->completion[AT(i, l)] = NAN;
            ws->machine[AT(i, l)] = ws->killed[AT(i, l)] = 0.0;
            ws->left[AT(i, l)] = ws->tasks;
        }
        for (int s = 0; s <= LV; s++) {
            ws->stask[AT(s, l)] = ws->snext[AT(s, l)] = -1;
            ws->sstart[AT(s, l)] = 0.0;
            ws->send[AT(s, l)] = INFINITY;
            ws->fstack[AT(s, l)] = s < sp->slots ? sp->slots - 1 - s : LV;
        }
        for (int s = 0; s < LV; s++) {
            ws->win[AT(LV + s, l)] = s;
            ws->key[AT(LV + s, l)] = INFINITY;
        }
        for (int i = LV - 1; i >= 1; i--) {
            ws->win[AT(i, l)] = ws->win[AT(2 * i, l)];
            ws->key[AT(i, l)] = INFINITY;
        }
        ws->win[AT(0, l)] = 0;
        ws->key[AT(0, l)] = INFINITY;
        int first = sp->warmup < J ? sp->warmup : J - 1;
        ws->util_from[l] = ws->arrival[AT(first, l)];
        ws->util_to[l] = ws->arrival[AT(J - 1, l)];
        if (!(ws->util_to[l] > ws->util_from[l])) {
            ws->util_from[l] = 0.0;
            ws->util_to[l] = INFINITY;
        }
        ws->now[l] = ws->busy_area[l] = ws->busy_time[l] = ws->end_time[l] = 0.0;
        ws->phase[l] = P_SCHED;
        ws->next_job[l] = ws->next_task[l] = ws->ndone[l] = 0;
        ws->nfree[l] = sp->slots;
        ws->pend[l] = -1;
        ws->pend_kill[l] = ws->pend_task[l] = ws->extra[l] = ws->cur[l] = 0;
        ws->th[l] = ws->tt[l] = ws->events[l] = ws->copies[l] = ws->kills[l] = 0;
        ws->active[l] = l < n;
        ws->stalled[l] = 0;
    }
}

int ls_run(struct ls_workspace *ws, const struct cl_spec *sp, const struct policy *pol,
           const double *param, uint64_t seed, uint64_t first, int n)
{
    bool clone = !strcmp(pol->name, "clone");
    ws->njobs = sp->jobs;
    ws->tasks = sp->tasks;
    ws->ntasks = sp->jobs * sp->tasks;
    ws->nslots = sp->slots;
    ws->lanes = n;
    for (ws->leaves = 1, ws->levels = 0; ws->leaves < sp->slots; ws->leaves *= 2)
        ws->levels++;
    if (reserve(ws))
        return REP_NOMEM;
    /* the integers behind the uniforms go through the per-task arrays as scratch */
    int64_t *x = (int64_t *)(void *)ws->tmr_task;
    draw_arrivals(ws, sp, seed, first, x);
    draw_tasks(seed, first, ws->ntasks, x);
    quantiles(&sp->task_time, x, ws->size0, (size_t)ws->ntasks * L);
    if (clone) {
        draw_copies(seed, first, ws->ntasks, x);
        quantiles(&sp->task_time, x, ws->size1, (size_t)ws->ntasks * L);
    }
    reset(ws, sp, n);
    if (clone)
        run_clone(ws, param[1]);
    else
        run_fifo(ws);
    for (int l = 0; l < n; l++)
        if (ws->stalled[l])
            return REP_STALL;
    return REP_OK;
}

void ls_job_values(const struct ls_workspace *ws, int lane, enum job_quantity q, double *out)
{
    for (int i = 0; i < ws->njobs; i++)
        out[i] = q == JQ_FLOWTIME ? ws->completion[AT(i, lane)] - ws->arrival[AT(i, lane)]
                                  : ws->machine[AT(i, lane)];
}

struct rep_totals ls_totals(const struct ls_workspace *ws, int lane)
{
    return (struct rep_totals){ws->events[lane], ws->copies[lane], ws->kills[lane],
                               ws->end_time[lane]};
}

double ls_busy_area(const struct ls_workspace *ws, int lane)
{
    return ws->busy_area[lane];
}

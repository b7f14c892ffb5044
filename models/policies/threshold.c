/* threshold — seed 003's time-threshold straggler detection (Ouyang et al., AINA 2016, §III and
 * §V, Algorithm 1), a speculator (models/policy.h): alone it runs beside fifo, paired beside
 * any job scheduler.
 *
 * Rule. Every `interval` (100 ms, §VI) each running job is checked: its running tasks' times
 * to completion TTC = (1 − PS)/PR (eq. 5, pol_task_progress) and their average; a task whose
 * TTC exceeds Th × that average (strictly, §V) is a straggler and gets one replica.
 *  mode = static (0): Th = `static_th` (1.5, "typically 50 % greater than average", §III).
 *  mode = dynamic (1, Algorithm 1): Th = Q + αP + βS (eq. 6), with
 *    Q  eq. 7 over the job's TTCs: QoS / divisor when no TTC exceeds the QoS, else the least
 *       TTC above it / divisor (th_q, models/theory/threshold.c); 1.5 without a QoS (qos = 0);
 *       one QoS for every job (`qos`), or each job's own deadline D_i (`qos_from` = deadline:
 *       §IV's "applications ... express different levels of acceptable QoS", a job's QoS
 *       being the deadline it fails after, §IV; a job without a deadline has no QoS, §V-A);
 *    P  the job's mean progress score − μ (eq. 8);
 *    S  max(CPU − φ, memory − ω) requested per server (eq. 9, cl_cpu_per_server: needs
 *       cluster.servers) by the running copies (`demand` = no), or by them and the work
 *       waiting for a slot (`demand` = yes).
 * The test is decided on exact values (th_exceeds): eq. 7's ratio times the average is never
 * rounded, so a TTC equal to its bar is no straggler, as the inequality says.
 * A replica is "re-scheduled as a normal task" (§VI-A assumption 2): it waits for a free slot,
 * after the scheduler's waiting tasks (the pair's rule), first marked first served, and is
 * dropped if its task completes first. With requests drawn per job it needs a server its
 * job's requests fit, like any task (assumption 1: the same requests).
 *
 * Decisions (docs/methods/policies.md): the divisor of eq. 7 is the median (eq. 7; the only reading
 * that gives both printed values of §V-A's example, validate's threshold.eq7), or Algorithm 1's
 * average, or the QoS (`divisor`). eq. 9's sum is the running copies' requests (its text: "the
 * utilization of the entire system"), or the demand with the waiting tasks and replicas (its
 * Tables' "Total Required", 135 % at 20 servers: `demand`). The TTCs are those of the job's
 * running tasks that have reported progress; a task is replicated once (it must run one copy
 * and never have had a replica). Times left `auto` are seed 003's constants in seconds with
 * one second = the workload's mean task time / 0.7 (its simulations average 700 ms, §VI):
 * interval 100 ms, QoS 1000 ms. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/theory/threshold.h"
#include "models/cluster.h"
#include "models/policies/kit.h"
#include "models/workload.h"

enum { TP_MODE, TP_STATIC, TP_QOS, TP_DIVISOR, TP_ALPHA, TP_BETA, TP_MU, TP_PHI, TP_OMEGA,
       TP_INTERVAL, TP_DEMAND, TP_QOS_FROM };
enum { TP_QOS_KEY, TP_QOS_DEADLINE }; /* qos_from: `qos` for every job, or each job's D_i */
enum { TP_TIMER_CHECK = 1 };

/* Seed 003's constants in seconds for the `auto` times, and its mean task time. */
static const double th_seconds[POL_MAX_PARAMS] = {[TP_QOS] = 1.0, [TP_INTERVAL] = 0.1};
#define TP_TYPICAL_TASK_S 0.7

struct threshold {
    int mode, divisor, demand, qos_from;
    double static_th, qos, alpha, beta, mu, phi, omega, interval;
    double *ttc;          /* [S]: the TTCs of one job's running tasks (eq. 7 sorts them) */
    struct candidate {
        int task;
        double ttc;
    } *cand;              /* [S]: those that may still get a replica, and their TTCs */
    unsigned char *marked; /* per task: declared a straggler (once at most) */
    int *queue;           /* the marked tasks in marking order (at most ntasks) */
    int head, len;        /* queue[head .. len): not yet served */
};

static int threshold_init(struct cluster *cl, void *st, const double *param)
{
    struct threshold *t = st;
    t->mode = (int)param[TP_MODE];
    t->static_th = param[TP_STATIC];
    t->qos = param[TP_QOS] > 0 ? param[TP_QOS] : NAN;
    t->divisor = (int)param[TP_DIVISOR];
    t->alpha = param[TP_ALPHA];
    t->beta = param[TP_BETA];
    t->mu = param[TP_MU];
    t->phi = param[TP_PHI];
    t->omega = param[TP_OMEGA];
    t->interval = param[TP_INTERVAL];
    t->demand = (int)param[TP_DEMAND];
    t->qos_from = (int)param[TP_QOS_FROM];
    t->ttc = malloc((size_t)cl->nslots * sizeof *t->ttc);
    t->cand = malloc((size_t)cl->nslots * sizeof *t->cand);
    t->queue = malloc((size_t)(cl->ntasks > 0 ? cl->ntasks : 1) * sizeof *t->queue);
    t->marked = calloc((size_t)(cl->ntasks > 0 ? cl->ntasks : 1), 1);
    if (!t->ttc || !t->cand || !t->queue || !t->marked)
        return -1;
    cl_set_timer(cl, t->interval, TP_TIMER_CHECK, 0);
    return 0;
}

static void threshold_free(void *st)
{
    struct threshold *t = st;
    free(t->ttc);
    free(t->cand);
    free(t->queue);
    free(t->marked);
}

/* eq. 9's requests per server, CPU and memory: those of the running copies (cl_cpu_per_server),
 * and with `demand` = yes also those of the arrived tasks never launched and of the replicas
 * marked and still waiting for a slot (a replica requests what its task does: assumption 1). */
static void requested(const struct cluster *cl, const struct threshold *t, double *cpu,
                      double *mem)
{
    *cpu = cl_cpu_per_server(cl);
    *mem = cl_mem_per_server(cl);
    if (t->demand == 0)
        return;
    const struct cl_spec *sp = cl->spec;
    double c = 0.0, m = 0.0;
    if (srv_drawn(sp)) {
        for (int k = cl->pend_head; k >= 0; k = cl->job[k].pend_next) {
            int waiting = cl->job[k].ntasks - cl->job[k].next_unstarted;
            c += waiting * cl->job[k].cpu;
            m += waiting * cl->job[k].mem;
        }
    } else {
        c = cl->npending_tasks * sp->cpu_request;
        m = cl->npending_tasks * sp->mem_request;
    }
    for (int i = t->head; i < t->len; i++) {
        int task = t->queue[i];
        if (cl->task_running[task] == 1 && cl->task_copies[task] == 1) {
            const struct cl_job *j = &cl->job[cl->task_job[task]];
            c += srv_drawn(sp) ? j->cpu : sp->cpu_request;
            m += srv_drawn(sp) ? j->mem : sp->mem_request;
        }
    }
    *cpu += c / sp->servers;
    *mem += m / sp->servers;
}

/* Job k's TTCs at time `now` into t->ttc (returned: how many), the tasks among them that may
 * still get a replica into t->cand (*m of them), and the sum of their progress scores. */
static int job_ttcs(const struct cluster *cl, struct threshold *t, int k, double now, int *m,
                    double *ps)
{
    const struct cl_job *j = &cl->job[k];
    int n = 0;
    *m = 0;
    *ps = 0.0;
    for (int i = j->first_task; i < j->first_task + j->next_unstarted; i++) {
        if (cl->task_running[i] == 0)
            continue;
        struct pol_progress p = pol_task_progress_at(cl, i, now);
        if (isnan(p.ttc))
            continue;
        t->ttc[n++] = p.ttc;
        *ps += p.score;
        if (cl->task_running[i] == 1 && cl->task_copies[i] == 1 && !t->marked[i])
            t->cand[(*m)++] = (struct candidate){i, p.ttc};
    }
    return n;
}

/* Job k's QoS for eq. 7: the policy's, or its own deadline (none without one: NaN). */
static double job_qos(const struct cluster *cl, const struct threshold *t, int k)
{
    if (t->qos_from == TP_QOS_KEY)
        return t->qos;
    double d = cl->job[k].rel_deadline;
    return d < INFINITY ? d : NAN;
}

/* The job's threshold Th = num / divisor + r over its n TTCs in t->ttc (sorted here) and its
 * QoS: eq. 7's Q and αP + βS (eq. 6), or the static threshold (divisor TH_ONE, r = 0). */
static void job_th(const struct cluster *cl, struct threshold *t, int n, double ps, double qos,
                   double *num, enum th_divisor *by, double *r)
{
    *num = t->static_th;
    *r = 0.0;
    *by = TH_ONE;
    if (t->mode != 1)
        return;
    *num = th_q_num(t->ttc, n, qos); /* eq. 7; sorts t->ttc */
    *by = isnan(qos) ? TH_ONE : (enum th_divisor)t->divisor;
    double p = ps / n - t->mu; /* eq. 8 */
    double s = 0.0;            /* eq. 9 */
    if (t->beta != 0) {
        double cpu, mem;
        requested(cl, t, &cpu, &mem);
        s = fmax(cpu - t->phi, mem - t->omega);
    }
    *r = t->alpha * p + t->beta * s; /* eq. 6 less Q */
}

/* Mark job k's stragglers: TTC > Th × the average TTC of its running tasks (§V). */
static void check_job(struct cluster *cl, struct threshold *t, int k)
{
    int m;
    double ps, num, r;
    int n = job_ttcs(cl, t, k, cl->now, &m, &ps);
    if (m == 0)
        return;
    double qos = job_qos(cl, t, k);
    enum th_divisor by;
    job_th(cl, t, n, ps, qos, &num, &by, &r);
    struct th_bar bar; /* the job's, once for all its candidates */
    th_bar_init(&bar, num, by, qos, r, t->ttc, n);
    for (int c = 0; c < m; c++)
        if (th_bar_exceeds(&bar, t->cand[c].ttc)) {
            t->marked[t->cand[c].task] = 1;
            t->queue[t->len++] = t->cand[c].task;
        }
}

/* The series' state (models/policy.h): the Th a check at time `now` would give the first
 * unfinished job in arrival order — mode static: static_th; dynamic: eq. 6 over the TTCs its
 * running tasks have then (NaN while none has reported progress), whether or not it has a
 * candidate left. Only the scratch t->ttc and t->cand is written, which every check rewrites
 * before it reads. */
static double threshold_state(const struct cluster *cl, void *st, double now)
{
    struct threshold *t = st;
    if (t->mode != 1)
        return t->static_th;
    for (int k = cl->first_active; k < cl->narrived; k++)
        if (isnan(cl->job[k].completion)) {
            int m;
            double ps, num, r;
            enum th_divisor by;
            int n = job_ttcs(cl, t, k, now, &m, &ps);
            if (n == 0)
                return NAN;
            double qos = job_qos(cl, t, k);
            job_th(cl, t, n, ps, qos, &num, &by, &r);
            return num / th_q_div(t->ttc, n, qos, by) + r;
        }
    return NAN;
}

static void threshold_timer(struct cluster *cl, void *st, int tag, int32_t arg)
{
    (void)tag;
    (void)arg;
    struct threshold *t = st;
    for (int k = cl->first_active; k < cl->narrived; k++)
        if (isnan(cl->job[k].completion))
            check_job(cl, t, k);
    if (cl->ndone < cl->njobs)
        cl_set_timer(cl, pol_next_beat(cl, t->interval), TP_TIMER_CHECK, 0);
}

/* Marked replicas take the free slots left, first marked first. With requests drawn per job,
 * one that fits no server waits, holding back those marked after it unless cluster.backfill
 * (as the scheduler's tasks: pol_start_fifo); the ones passed over keep their order. */
static void threshold_slot_free(struct cluster *cl, void *st)
{
    struct threshold *t = st;
    int i = t->head, kept = t->head; /* queue[head .. kept): passed over, still waiting */
    for (; i < t->len && cl->nfree > 0; i++) {
        int task = t->queue[i];
        if (cl->task_running[task] != 1 || cl->task_copies[task] != 1)
            continue; /* done, or its copy was replaced: no replica */
        if (cl_fits(cl, cl->task_job[task]))
            cl_launch_copy(cl, task, 0.0);
        else if (cl_passed_over(cl, cl->task_job[task]))
            t->queue[kept++] = task;
        else
            break;
    }
    if (kept == t->head) {
        t->head = i;
        return;
    }
    memmove(t->queue + kept, t->queue + i, (size_t)(t->len - i) * sizeof *t->queue);
    t->len = kept + (t->len - i);
}

static bool threshold_check(const struct cl_spec *spec, const double *param, char *msg,
                            size_t len)
{
    extern const struct policy pol_threshold;
    if (param[TP_MODE] == 1 && param[TP_BETA] != 0 && spec->servers == 0) {
        snprintf(msg, len, "mode = dynamic (1) weighs the servers' CPU and memory (eq. 9): it "
                           "needs cluster.servers, or beta = 0");
        return false;
    }
    if (param[TP_QOS_FROM] == TP_QOS_DEADLINE) {
        const char *why = !isnan(param[TP_QOS]) ? "qos gives every job the same QoS; leave "
                                                  "it unset"
                          : !wl_deadlines(spec) ? "needs workload.deadline (deadline_max, "
                                                  "deadline_choices) or a trace's deadline "
                                                  "column"
                                                : NULL;
        if (why) {
            snprintf(msg, len, "qos_from = deadline (each job's QoS is its own deadline): %s",
                     why);
            return false;
        }
    }
    return pol_seconds_check(spec, &pol_threshold, param, th_seconds, TP_TYPICAL_TASK_S, msg,
                             len);
}

static void threshold_resolve(const struct cl_spec *spec, double *param)
{
    extern const struct policy pol_threshold;
    pol_seconds_resolve(spec, &pol_threshold, param, th_seconds, TP_TYPICAL_TASK_S);
}

static const char *const tp_mode_names[] = {"static", "dynamic", NULL};
static const char *const tp_qos_from_names[] = {"qos", "deadline", NULL};

/* qos_from is written to the results only where it takes each job's deadline: files of the
 * one-QoS reading stay as they were before it existed. */
static bool qos_from_applies(const struct cl_spec *spec, const double *param)
{
    (void)spec;
    return param[TP_QOS_FROM] != TP_QOS_KEY;
}
static const char *const tp_divisor_names[] = {[TH_MEDIAN] = "median", [TH_AVERAGE] = "average",
                                               [TH_QOS] = "qos", NULL};

static const struct pol_param threshold_params[] = {
    [TP_MODE] = {.key = "mode", .def = 0, .min = 0, .max = 1, .integer = true,
                 .doc = "static: static threshold; dynamic: Th = Q + alpha P + beta S "
                        "(Algorithm 1)",
                 .names = tp_mode_names},
    [TP_STATIC] = {.key = "static_th", .def = 1.5, .min = 0, .max = 1e300,
                   .doc = "mode static: a straggler's TTC exceeds this many times its job's "
                          "average (1.5)"},
    [TP_QOS] = {.key = "qos", .def = NAN, .min = 0, .max = 1e300,
                .doc = "mode dynamic: the jobs' QoS time for eq. 7; 0: none (Q = 1.5); auto: "
                       "1000 ms of seed 003 (a mean task 700 ms)",
                .allow_auto = true, .kind = POL_TIME},
    [TP_DIVISOR] = {.key = "divisor", .def = TH_MEDIAN, .min = 0, .max = 2, .integer = true,
                    .doc = "eq. 7 divides by median: the median TTC (eq. 7), average: the "
                           "average (Algorithm 1), qos: the QoS",
                    .names = tp_divisor_names},
    [TP_ALPHA] = {.key = "alpha", .def = 0.5, .min = -1e300, .max = 1e300,
                  .doc = "mode dynamic: weight of the progress term P"},
    [TP_BETA] = {.key = "beta", .def = 0.5, .min = -1e300, .max = 1e300,
                 .doc = "mode dynamic: weight of the utilisation term S"},
    [TP_MU] = {.key = "mu", .def = 0.5, .min = 0, .max = 1,
               .doc = "mode dynamic: P = mean progress score - mu (eq. 8)"},
    [TP_PHI] = {.key = "phi", .def = 0.5, .min = 0, .max = 1e300,
                .doc = "mode dynamic: S counts CPU per server above phi"},
    [TP_OMEGA] = {.key = "omega", .def = 0.5, .min = 0, .max = 1e300,
                  .doc = "mode dynamic: S counts memory per server above omega"},
    [TP_INTERVAL] = {.key = "interval", .def = NAN, .min = 1e-300, .max = 1e300,
                     .doc = "time between checks; auto: 100 ms of seed 003", .allow_auto = true,
                     .kind = POL_TIME},
    [TP_DEMAND] = {.key = "demand", .def = 0, .min = 0, .max = 1, .integer = true,
                   .doc = "mode dynamic: eq. 9's S counts no: the running copies' requests, yes: "
                          "those and the waiting tasks' and replicas' (the demand)",
                   .names = pol_no_yes},
    [TP_QOS_FROM] = {.key = "qos_from", .def = TP_QOS_KEY, .min = 0, .max = 1, .integer = true,
                     .doc = "mode dynamic: each job's QoS for eq. 7 is qos: the qos key, or "
                            "deadline: its own deadline D_i (a job without one has none)",
                     .names = tp_qos_from_names, .applies = qos_from_applies},
    {0},
};

const struct policy pol_threshold = {
    .name = "threshold",
    .summary = "seed 003: a replica for TTC > Th x its job's average TTC; Th static 1.5 or "
               "Q + aP + bS",
    .source = "seed 003 §III eq. 5, §V eqs. 6-9, Algorithm 1",
    .params = threshold_params,
    .state_size = sizeof(struct threshold),
    .check = threshold_check,
    .resolve = threshold_resolve,
    .init = threshold_init,
    .on_slot_free = threshold_slot_free,
    .on_timer = threshold_timer,
    .free = threshold_free,
    .heartbeat = "interval",
    .memory = {sizeof(int) + 1, sizeof(double) + sizeof(struct candidate), 0},
    .events_per_second = 1.0e7,
    .role = POL_SPECULATOR,
    .state = threshold_state,
    .state_doc = "Th, the time threshold of the first unfinished job (multiples of its "
                 "average TTC): static_th, or eq. 6 at that time",
};

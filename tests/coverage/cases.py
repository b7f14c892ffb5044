"""cases — the coverage meta-experiments: the configs specmc runs and, for each case, the
report row whose interval is judged and the exact truth it should contain.

A Group is one config (scenarios by [zip] and [sweep]) that one `specmc run` per repetition
simulates; a Case picks one row of one report of that run (`report --csv`, `--cdf flowtime
--csv`, `--cdf --within`, `--against-scenario`) by column values and says what the row
estimates. Cases of one
group share their runs, so their coverages are correlated with each other (each is still an
honest estimate). To add a case — e.g. a pooled job quantile once `report` prints one — give
its report's arguments, the columns that pick its row and its truth; its truth is the job
quantile itself:

    Case("jobq99-pooled", BATCH, SUMMARY,   # or the report arguments that print the row
         dict(_scenario(FAMILIES["pareto3"][1], False), policy="fifo", metric="..."),
         T.job_quantile(PARETO3, N_TASKS, 0.99), "G⁻¹(0.99), G = F^N", False)

Not the runner (harness.py) and not the formulas (truths.py).
"""
from dataclasses import dataclass

import truths as T

SUMMARY = ("--csv",)                        # report FILE --csv
CDF = ("--cdf", "flowtime", "--csv")        # report FILE --cdf flowtime --csv
WITHIN = (2.0, 20.0)                        # report --cdf --within LO,HI
CDF_WITHIN = ("--cdf", "flowtime", "--within", f"{WITHIN[0]:g},{WITHIN[1]:g}", "--csv")
AGAINST_0 = ("--csv", "--against-scenario", "0")  # scenario 0: pareto 3, D_MID, 1 job

N_TASKS = 10            # tasks per job
POOL = 30               # measured jobs per replica when pooled (30: specmc's threshold for
                        # a mean over fewer than 50 replicas, engine/stats/intervals.h)
CLONE_R = 1             # clone's extra attempts
D_MID, D_HIGH = 2.5, 10.0   # deadlines: fifo PoCD 0.52 and 0.990 with Pareto(1, 3)
EDGES = (3.0, 10.0)         # report --cdf edges judged: fifo CDF 0.69 and 0.990
P99, P90 = 0.99, 0.90

PARETO3 = T.Pareto(1.0, 3.0)     # finite variance, skewed (tail index 3)
PARETO15 = T.Pareto(1.0, 1.5)    # infinite variance
EXP1 = T.Exponential(1.0)        # light tail


@dataclass
class Group:
    name: str
    config: str     # the INI text; `--replicas` and `--seed` are given per repetition


@dataclass
class Case:
    name: str
    group: Group
    report: tuple           # arguments of `specmc report FILE ...`
    select: dict            # CSV column -> value (numbers compared as numbers)
    truth: float
    derivation: str         # how the truth is derived, for the docs
    single: bool            # one measured job per replica (replicas are Bernoulli trials)
    misread: bool = False   # the truth is not the row's estimand: a warning in the table,
                            # and the quick test's sentinel (it must undercover)
    expect_unreliable: bool = False  # an infinite-variance mean: a valid interval cannot exist


BATCH = Group("batch", f"""\
; tests/coverage/cases.py: batch jobs of {N_TASKS} tasks on enough slots that no copy waits,
; so a job's flowtime is the max of its task times. clone: both attempts start together and
; tau_kill < tmin, so the one kept (best progress) or the one done first is the shorter one:
; a task's time is the min of 2. Scenario 0 (the first zip row, 1 job) is AGAINST_0's base.
[experiment]
name = coverage
confidence = 0.95
[cluster]
slots = {2 * N_TASKS * POOL}
[workload]
arrival = batch
tasks = {N_TASKS}
tmin = 1
mean = 1
[policy]
list = fifo, clone
[policy.clone]
r = {CLONE_R}
tau_kill = 0.5
[histogram]
flowtime = 20
bins = 20
[zip]
workload.task_time = pareto, pareto, pareto, exponential
workload.beta = 3, 3, 1.5, 3
workload.deadline = {D_MID:g}, {D_HIGH:g}, {D_HIGH:g}, {D_HIGH:g}
[sweep]
workload.jobs = 1, {POOL}
""")

def _one_job_group(name, family, shape_key, shapes, law_lines):
    """Fifo on one batch job of N_TASKS tasks per replica on enough slots, the task law's shape
    swept: a replica's flowtime is the max of its task times."""
    return Group(name, f"""\
; tests/coverage/cases.py: one batch job of {N_TASKS} {family} tasks per replica on enough
; slots, {shape_key} swept; a replica's flowtime is the max of its task times.
[experiment]
name = coverage-{name}
confidence = 0.95
[cluster]
slots = {N_TASKS}
[workload]
arrival = batch
jobs = 1
tasks = {N_TASKS}
{law_lines}
[policy]
list = fifo
[sweep]
workload.{shape_key} = {", ".join(f"{v:g}" for v in shapes)}
""")


TAIL_BETAS = (5, 8, 12)      # tail indices around the few-jobs rule's edge (engine/stats/intervals.h
                             # IV_TAIL_SKEWED = 8)
TAILS = _one_job_group("tails", "Pareto(1, beta)", "beta", TAIL_BETAS,
                       "task_time = pareto\ntmin = 1")
LOGNORMAL_SIGMAS = (1, 1.5)  # every moment, yet as skewed as Pareto(4.23) and Pareto(3.15)
LOGNORMAL = _one_job_group("lognormal", "lognormal (mean 1)", "sigma", LOGNORMAL_SIGMAS,
                           "task_time = lognormal\nmean = 1")
TPARETO_TMAXES = (10, 20)    # truncated Pareto(1, 1.5): every moment, as skewed as Pareto(15.8)
                             # and Pareto(6.22), either side of IV_TAIL_SKEWED = 8
TPARETO = _one_job_group("tpareto", "truncated Pareto(1, 1.5)", "tmax", TPARETO_TMAXES,
                         "task_time = pareto\ntmin = 1\nbeta = 1.5")

FAMILIES = {  # label -> (family, columns that pick its scenarios, its deadline-free scenario)
    "pareto3": (PARETO3, {"workload.task_time": "pareto", "workload.beta": "3",
                          "workload.deadline": f"{D_MID:g}"}),
    "pareto1.5": (PARETO15, {"workload.task_time": "pareto", "workload.beta": "1.5"}),
    "exp": (EXP1, {"workload.task_time": "exponential"}),
}


def _scenario(cols, single):
    return dict(cols, **{"workload.jobs": "1" if single else str(POOL)})


def _pooling(single):
    return "single" if single else "pooled"


def _mean_text(task):
    if isinstance(task, T.Pareto):
        return (f"E[max of {N_TASKS} {task.describe()}] = Γ({N_TASKS + 1})Γ(1 − 1/β)/"
                f"Γ({N_TASKS + 1} − 1/β) (seed 000 eqs. 18–19, models/theory/xulau.c)")
    return f"E[max of {N_TASKS} {task.describe()}] = mean · H_{N_TASKS} (Rényi)"


def mean_cases():
    out = []
    for label, (task, cols) in FAMILIES.items():
        clone = task.min_of(CLONE_R + 1)
        for single in (True, False):
            sel = _scenario(cols, single)
            inf_var = isinstance(task, T.Pareto) and task.beta <= 2
            out.append(Case(
                f"mean-{label}-{_pooling(single)}", BATCH, SUMMARY,
                dict(sel, policy="fifo", metric="flowtime"), T.job_mean(task, N_TASKS),
                _mean_text(task) + "; = ∫ 1 − F(x)^N dx by quadrature", single,
                expect_unreliable=inf_var))
            out.append(Case(
                f"dmean-{label}-{_pooling(single)}", BATCH, SUMMARY,
                dict(sel, policy="clone", metric="delta_flowtime"),
                T.job_mean(clone, N_TASKS) - T.job_mean(task, N_TASKS),
                f"clone − fifo: E[max of {N_TASKS} of the min of 2] − E[max of {N_TASKS}]; the min "
                f"of 2 is {clone.describe()} (seed 004 eq. 4), so both are "
                f"{'Γ forms' if isinstance(task, T.Pareto) else 'H_N forms'}, checked by quadrature",
                single, expect_unreliable=inf_var))
    return out


def clone_mean_cases():
    """clone's own mean flowtime with Pareto(1, 3) tasks: a task's time is the least of two
    attempts, Pareto(1, 6), so the mean has a finite variance (tail index 6) and a valid
    interval."""
    clone = PARETO3.min_of(CLONE_R + 1)
    cols = FAMILIES["pareto3"][1]
    return [Case(f"mean-clone-pareto3-{_pooling(single)}", BATCH, SUMMARY,
                 dict(_scenario(cols, single), policy="clone", metric="flowtime"),
                 T.job_mean(clone, N_TASKS),
                 _mean_text(clone) + " (the least of 2 attempts: seed 004 eq. 4)", single)
            for single in (True, False)]


def tail_mean_cases():
    """fifo's mean flowtime of one job per replica at tail indices around the few-jobs rule's
    edge: the per-replica value is skewed (the max of 10 Pareto(1, beta)), and the bootstrap-t
    needs more replicas the heavier its tail."""
    out = []
    for beta in TAIL_BETAS:
        task = T.Pareto(1.0, float(beta))
        out.append(Case(f"mean-pareto{beta}-tail", TAILS, SUMMARY,
                        {"workload.beta": str(beta), "policy": "fifo", "metric": "flowtime"},
                        T.job_mean(task, N_TASKS), _mean_text(task), True))
    for sigma in LOGNORMAL_SIGMAS:
        task = T.LogNormal(1.0, float(sigma))
        out.append(Case(f"mean-lognormal{sigma:g}-tail", LOGNORMAL, SUMMARY,
                        {"workload.sigma": f"{sigma:g}", "policy": "fifo", "metric": "flowtime"},
                        T.job_mean(task, N_TASKS),
                        f"E[max of {N_TASKS} {task.describe()}] = ∫ 1 − F(x)^N dx by quadrature",
                        True))
    for tmax in TPARETO_TMAXES:
        task = T.TruncatedPareto(1.0, 1.5, float(tmax))
        out.append(Case(f"mean-tpareto{tmax}-tail", TPARETO, SUMMARY,
                        {"workload.tmax": f"{tmax:g}", "policy": "fifo", "metric": "flowtime"},
                        T.job_mean(task, N_TASKS),
                        f"E[max of {N_TASKS} {task.describe()}] = ∫ 1 − F(x)^N dx by quadrature",
                        True))
    return out


def job_quantile_cases():
    """job_flowtime_p50/p99: the quantile of a job's flowtime pooled over every replica's
    jobs; truth G⁻¹(q), G = F^N, for any tail."""
    out = []
    for q, metric in ((0.5, "job_flowtime_p50"), (P99, "job_flowtime_p99")):
        for label in ("pareto3", "pareto1.5"):
            task, cols = FAMILIES[label]
            for single in (True, False):
                out.append(Case(
                    f"jobq{round(100 * q)}-{label}-{_pooling(single)}", BATCH, SUMMARY,
                    dict(_scenario(cols, single), policy="fifo", metric=metric),
                    T.job_quantile(task, N_TASKS, q),
                    f"G⁻¹({q:g}) = (1 − {q:g}^(1/{N_TASKS}))^(−1/β), G = F^{N_TASKS}", single))
    return out


def _pocd_text(task, d, r):
    return (f"[1 − (tmin/D)^(β(r+1))]^N at D = {d:g}, r = {r} (seed 004 Theorem 1, "
            f"eq. 3; r = 0 is fifo)")


def pocd_cases():
    """PoCD of fifo and the paired clone − fifo difference at D_MID and D_HIGH, and clone's
    own PoCD at D_HIGH (per-task failure 1e-6: nearly every replica is all successes)."""
    out = []
    clone = PARETO3.min_of(CLONE_R + 1)
    for level, d in (("mid", D_MID), ("high", D_HIGH)):
        cols = dict(FAMILIES["pareto3"][1], **{"workload.deadline": f"{d:g}"})
        fifo_p, clone_p = T.job_cdf(PARETO3, N_TASKS, d), T.job_cdf(clone, N_TASKS, d)
        for single in (True, False):
            sel = _scenario(cols, single)
            out.append(Case(f"pocd-{level}-{_pooling(single)}", BATCH, SUMMARY,
                            dict(sel, policy="fifo", metric="pocd"), fifo_p,
                            _pocd_text(PARETO3, d, 0), single))
            out.append(Case(f"dpocd-{level}-{_pooling(single)}", BATCH, SUMMARY,
                            dict(sel, policy="clone", metric="delta_pocd"), clone_p - fifo_p,
                            f"clone − fifo: Theorem 1 at r = {CLONE_R} minus r = 0, D = {d:g}",
                            single))
            if level == "high":
                out.append(Case(f"pocd-clone-high-{_pooling(single)}", BATCH, SUMMARY,
                                dict(sel, policy="clone", metric="pocd"), clone_p,
                                _pocd_text(PARETO3, d, CLONE_R), single))
    return out


def cdf_cases():
    """report --cdf: the share of a replica's jobs with flowtime <= edge, fifo and the paired
    clone − fifo rows; truth F_job(x) = F(x)^N."""
    out = []
    clone = PARETO3.min_of(CLONE_R + 1)
    cols = FAMILIES["pareto3"][1]
    for x in EDGES:
        fifo_p, clone_p = T.job_cdf(PARETO3, N_TASKS, x), T.job_cdf(clone, N_TASKS, x)
        for single in (True, False):
            sel = _scenario(cols, single)
            out.append(Case(f"cdf-{x:g}-{_pooling(single)}", BATCH, CDF,
                            dict(sel, policy="fifo", quantity="flowtime", at=f"{x:g}"), fifo_p,
                            f"F(x)^N = (1 − x^−3)^{N_TASKS} at x = {x:g}", single))
            out.append(Case(f"dcdf-{x:g}-{_pooling(single)}", BATCH, CDF,
                            dict(sel, policy="clone", quantity="delta_flowtime", at=f"{x:g}"),
                            clone_p - fifo_p,
                            f"(1 − x^−6)^{N_TASKS} − (1 − x^−3)^{N_TASKS} at x = {x:g}", single))
    return out


def within_cases():
    """report --cdf --within LO,HI: a replica's share of its jobs in (LO, HI] with flowtime
    <= x, over the replicas with such a job. Given k >= 1 jobs in range they are i.i.d. from
    the conditional law, so the share's expectation is exactly the conditional CDF."""
    lo, hi = WITHIN
    x = EDGES[0]
    g = lambda t: T.job_cdf(PARETO3, N_TASKS, t)
    truth = (g(x) - g(lo)) / (g(hi) - g(lo))
    return [Case(f"cdfw-{x:g}-{_pooling(single)}", BATCH, CDF_WITHIN,
                 dict(_scenario(FAMILIES["pareto3"][1], single), policy="fifo",
                      quantity="flowtime", at=f"{x:g}"), truth,
                 f"(G(x) − G(LO))/(G(HI) − G(LO)), G = F^{N_TASKS}, at x = {x:g}, "
                 f"(LO, HI] = ({lo:g}, {hi:g}]", single)
            for single in (True, False)]


def scenario_pair_cases():
    """report --against-scenario: the paired difference of two scenarios, replica by replica
    (the same job under two deadlines), a 0/1 difference with one job per replica."""
    cols = dict(FAMILIES["pareto3"][1], **{"workload.deadline": f"{D_HIGH:g}"})
    return [Case("dpocd-scenario-single", BATCH, AGAINST_0,
                 dict(_scenario(cols, True), policy="fifo", metric="delta_pocd"),
                 T.job_cdf(PARETO3, N_TASKS, D_HIGH) - T.job_cdf(PARETO3, N_TASKS, D_MID),
                 f"fifo at D = {D_HIGH:g} minus scenario 0 (D = {D_MID:g}): Theorem 1 at r = 0, "
                 f"twice", True)]


def quantile_cases():
    """flowtime_p99 of a replica of POOL jobs: what it estimates (the mean of a type-7 sample
    p99 of POOL job flowtimes), and what it must not be read as (the job p99)."""
    sel = _scenario(FAMILIES["pareto3"][1], False)
    row = dict(sel, policy="fifo", metric="flowtime_p99")
    h = (POOL - 1) * P99
    k = int(h) + 1
    h90 = (POOL - 1) * P90
    k90 = int(h90) + 1
    return [
        Case("p90-pooled", BATCH, SUMMARY, dict(sel, policy="fifo", metric="flowtime_p90"),
             T.type7_quantile_mean(PARETO3, N_TASKS, P90, POOL),
             f"E[type-7 p90 of {POOL} job flowtimes] = {1 - (h90 - k90 + 1):.2f} E[X_({k90})] + "
             f"{h90 - k90 + 1:.2f} E[X_({k90 + 1})], as for p99 below", False),
        Case("p99-pooled", BATCH, SUMMARY, row, T.type7_quantile_mean(PARETO3, N_TASKS, P99, POOL),
             f"E[type-7 p99 of {POOL} job flowtimes] = {1 - (h - k + 1):.2f} E[X_({k})] + "
             f"{h - k + 1:.2f} E[X_({k + 1})], E[X_(k)] = ∫ G⁻¹(u) Beta(k, {POOL} − k + 1)(u) du, "
             f"G = F^{N_TASKS} (QUADPACK QAWS)", False),
        Case("p99-pooled-vs-job-p99", BATCH, SUMMARY, row, T.job_quantile(PARETO3, N_TASKS, P99),
             f"the job p99 G⁻¹(0.99) = (1 − 0.99^(1/{N_TASKS}))^(−1/3): not what the row "
             "estimates", False, misread=True),
    ]


def verdict_cases():
    """The verdicts of paired replicas against their exact truths. clone − fifo, one job per
    replica: clone's first attempt of each task is fifo's task (common random numbers) and its
    second only shortens it, so the job is never longer; it ties when the longest task's second
    attempt is longer still, with probability E[1 − F(M)] = 1/(N + 1) for M the longest of N
    (M's CDF value is Beta(N, 1)). Scenario pairs (--against-scenario 0): the same job under
    Exp(1) and Pareto(1, 3) task laws, both Q(U) of the longest task's uniform U."""
    out = []
    for label in ("pareto3", "exp"):
        sel = dict(_scenario(FAMILIES[label][1], True), policy="clone")
        out.append(Case(f"win-clone-{label}-single", BATCH, SUMMARY,
                        dict(sel, metric="lower_flowtime"), N_TASKS / (N_TASKS + 1.0),
                        f"P(clone < fifo) = 1 − 1/(N + 1) = {N_TASKS}/{N_TASKS + 1}", True))
        out.append(Case(f"tie-clone-{label}-single", BATCH, SUMMARY,
                        dict(sel, metric="tied_flowtime"), 1.0 / (N_TASKS + 1.0),
                        f"P(clone = fifo) = 1/(N + 1) = 1/{N_TASKS + 1}", True))
    exp_row = dict(_scenario(FAMILIES["exp"][1], True), policy="fifo")
    out.append(Case("win-exp-vs-pareto3", BATCH, AGAINST_0, dict(exp_row, metric="lower_flowtime"),
                    T.share_lower_coupled(EXP1, PARETO3, N_TASKS),
                    f"P(Q_exp(U) < Q_pareto(U)), U ~ Beta({N_TASKS}, 1): the Beta mass where "
                    f"-log(1 − u) < (1 − u)^(-1/3)", True))
    out.append(Case("median-exp-vs-pareto3", BATCH, AGAINST_0,
                    dict(exp_row, metric="median_delta_flowtime"),
                    T.median_difference_coupled(EXP1, PARETO3, N_TASKS),
                    f"the median of Q_exp(U) − Q_pareto(U), U ~ Beta({N_TASKS}, 1), by Brent's "
                    f"method on its Beta mass", True))
    return out


def _clone_slowdown_reference():
    """BATCH's clone slowdowns from an independent numpy simulation (reference.py), computed
    once per process."""
    if not hasattr(_clone_slowdown_reference, "value"):
        import reference
        beta = PARETO3.beta
        _clone_slowdown_reference.value = reference.batch_clone_slowdowns(
            N_TASKS, POOL, lambda u: (1 - u) ** (-1 / beta), SLOWDOWN_REPLICAS, seed=20261128)
    return _clone_slowdown_reference.value


SLOWDOWN_REPLICAS = 200_000     # of the reference simulation, POOL jobs each


def slowdown_cases():
    """The slowdown metrics of clone in BATCH: a job's slowdown is max_i min(X_i, Y_i) /
    max_i X_i, bounded by 1 (the original attempts alone would take max X_i), and Jain's index
    of a replica's POOL slowdowns; the truths from the reference simulation (computed when
    one of these cases is selected)."""
    ref = _clone_slowdown_reference()
    cols = FAMILIES["pareto3"][1]
    sim = (f"numpy simulation of {SLOWDOWN_REPLICAS:,} replicas of {POOL} jobs "
           f"(tests/coverage/reference.py)")
    out = [Case(f"slowdown-clone-pareto3-{_pooling(single)}", BATCH, SUMMARY,
                dict(_scenario(cols, single), policy="clone", metric="slowdown"),
                ref["slowdown"], f"E[max_i min(X_i, Y_i) / max_i X_i], N = {N_TASKS}: {sim}",
                single) for single in (True, False)]
    out.append(Case("jain-clone-pareto3-pooled", BATCH, SUMMARY,
                    dict(_scenario(cols, False), policy="clone", metric="slowdown_jain"),
                    ref["jain"], f"E[Jain's index of a replica's {POOL} slowdowns]: {sim}",
                    False))
    return out


SLOWDOWN_CASES = ("slowdown-clone-pareto3-single", "slowdown-clone-pareto3-pooled",
                  "jain-clone-pareto3-pooled")


# ---------------------------------------------------------------- queues
QUEUE_JOBS = 60     # jobs per replica, all measured: they queue behind each other
MM2 = T.FifoMMc(2, 1.7, 1.0, QUEUE_JOBS)     # load 0.85
MM3 = T.FifoMMc(3, 2.55, 1.0, QUEUE_JOBS)    # load 0.85
D_ALWAYS = 1000.0                            # a deadline every job meets: PoCD 1 exactly
MM_DEADLINES = (6.0, 10.0)                   # M/M/2 PoCD 0.934 and 0.993; M/M/3 at 10: 0.9993
PARETO_QUEUE = dict(slots=2, rate=0.7 * 2 / 3, beta=1.5)   # M/G/2, Pareto(1, 1.5), load 0.7
PARETO_DEADLINES = (20.0, 80.0)                            # PoCD about 0.957 and 0.9974
PARETO_REPLICAS = 2_000_000                                # of the reference simulation
P50 = 0.5


def _queue_group(name, slots, rate, task_lines, deadlines, hist):
    return Group(name, f"""\
; tests/coverage/cases.py: {QUEUE_JOBS} jobs of one task per replica arriving as a Poisson
; process at an empty FIFO queue of {slots} slots, every job measured: a replica's jobs wait
; behind each other, so they are correlated. Scenarios by deadline.
[experiment]
name = coverage-{name}
confidence = 0.95
[cluster]
slots = {slots}
[workload]
arrival = poisson
rate = {rate:.17g}
jobs = {QUEUE_JOBS}
warmup = 0
tasks = 1
{task_lines}
[policy]
list = fifo
[histogram]
flowtime = {hist[0]:g}
bins = {hist[1]}
[sweep]
workload.deadline = {", ".join(f"{d:g}" for d in deadlines)}
""")


MM2_GROUP = _queue_group("mm2", 2, 1.7, "task_time = exponential\nmean = 1",
                         (D_ALWAYS, *MM_DEADLINES), (20, 20))
MM3_GROUP = _queue_group("mm3", 3, 2.55, "task_time = exponential\nmean = 1", (10.0,), (20, 20))
PQ_GROUP = _queue_group("mg2-pareto", PARETO_QUEUE["slots"], PARETO_QUEUE["rate"],
                        f"task_time = pareto\ntmin = 1\nbeta = {PARETO_QUEUE['beta']:g}",
                        PARETO_DEADLINES, (80, 8))


def _pareto_queue_reference():
    """The Pareto queue's pooled law from an independent numpy simulation of many more
    replicas (reference.py), computed once per process."""
    if not hasattr(_pareto_queue_reference, "value"):
        import reference
        beta = PARETO_QUEUE["beta"]
        _pareto_queue_reference.value = reference.pooled(
            PARETO_QUEUE["slots"], PARETO_QUEUE["rate"], QUEUE_JOBS,
            lambda u: (1 - u) ** (-1 / beta), PARETO_REPLICAS, seed=20261127,
            at=(*PARETO_DEADLINES, 40.0), quantiles=(P90, P99))
    return _pareto_queue_reference.value


def queue_cases():
    """Pooled quantities whose jobs queue (docs/methods/statistics.md: the replica is the independent
    unit): PoCD, the CDF at an edge (report --cdf), the pooled job quantiles and the mean
    flowtime of M/M/2 and M/M/3 from their exact chain; the paired PoCD against a scenario that
    meets every deadline (the difference is one replica's misses, the other side is 1); and
    the same pooled quantities with Pareto(1, 1.5) tasks against a reference simulation."""
    out = []
    always = {"workload.deadline": f"{D_ALWAYS:g}", "policy": "fifo"}
    chain = "transient law of FIFO M/M/c from empty by its embedded chain (truths.FifoMMc)"
    for d in MM_DEADLINES:
        sel = {"workload.deadline": f"{d:g}", "policy": "fifo"}
        out.append(Case(f"pocd-mm2-{d:g}", MM2_GROUP, SUMMARY, dict(sel, metric="pocd"),
                        MM2.cdf(d), f"P(T <= {d:g}) pooled over the {QUEUE_JOBS} jobs: {chain}",
                        False))
        out.append(Case(f"dpocd-mm2-{d:g}-vs-always", MM2_GROUP, AGAINST_0,
                        dict(sel, metric="delta_pocd"), MM2.cdf(d) - 1.0,
                        f"P(T <= {d:g}) − 1: scenario 0's deadline {D_ALWAYS:g} is always met",
                        False))
    out.append(Case("cdf-mm2-10", MM2_GROUP, CDF,
                    dict(always, quantity="flowtime", at="10"), MM2.cdf(10.0),
                    f"P(T <= 10) pooled: {chain}", False))
    for q, metric in ((P90, "job_flowtime_p90"), (P99, "job_flowtime_p99")):
        out.append(Case(f"jobq{round(100 * q)}-mm2", MM2_GROUP, SUMMARY,
                        dict(always, metric=metric), MM2.quantile(q),
                        f"the pooled law's {q:g}-quantile, the root of its CDF ({chain})", False))
    out.append(Case("mean-mm2", MM2_GROUP, SUMMARY, dict(always, metric="flowtime"), MM2.mean(),
                    f"E[T] = 1/mu + E[(N − c + 1)+]/(c mu) over the jobs ({chain})", False))
    out.append(Case("pocd-mm3-10", MM3_GROUP, SUMMARY,
                    {"workload.deadline": "10", "policy": "fifo", "metric": "pocd"},
                    MM3.cdf(10.0), f"P(T <= 10) pooled: {chain}", False))
    return out


def pareto_queue_cases():
    """Pareto(1, 1.5) tasks queueing on 2 slots: the truths from the reference simulation
    (computed when one of these cases is selected)."""
    ref = _pareto_queue_reference()
    sim = f"numpy FIFO simulation of {PARETO_REPLICAS:,} replicas (tests/coverage/reference.py)"
    out = []
    for d in PARETO_DEADLINES:
        out.append(Case(f"pocd-mg2-pareto-{d:g}", PQ_GROUP, SUMMARY,
                        {"workload.deadline": f"{d:g}", "policy": "fifo", "metric": "pocd"},
                        ref["cdf"][d], f"P(T <= {d:g}) pooled: {sim}", False))
    sel = {"workload.deadline": f"{PARETO_DEADLINES[0]:g}", "policy": "fifo"}
    out.append(Case("cdf-mg2-pareto-40", PQ_GROUP, CDF, dict(sel, quantity="flowtime", at="40"),
                    ref["cdf"][40.0], f"P(T <= 40) pooled: {sim}", False))
    for q, metric in ((P90, "job_flowtime_p90"), (P99, "job_flowtime_p99")):
        out.append(Case(f"jobq{round(100 * q)}-mg2-pareto", PQ_GROUP, SUMMARY,
                        dict(sel, metric=metric), ref["quantile"][q],
                        f"the pooled {q:g}-quantile: {sim}", False))
    out.append(Case("jain-mg2-pareto", PQ_GROUP, SUMMARY, dict(sel, metric="slowdown_jain"),
                    ref["jain"], f"E[Jain's index of a replica's slowdowns T/S]: {sim}", False))
    return out


PARETO_QUEUE_CASES = ("pocd-mg2-pareto-20", "pocd-mg2-pareto-80", "cdf-mg2-pareto-40",
                      "jobq90-mg2-pareto", "jobq99-mg2-pareto", "jain-mg2-pareto")


def all_cases(with_reference=True, with_slowdowns=True):
    return (mean_cases() + clone_mean_cases() + tail_mean_cases() + pocd_cases() + cdf_cases() + within_cases()
            + scenario_pair_cases() + quantile_cases() + job_quantile_cases() + verdict_cases()
            + (slowdown_cases() if with_slowdowns else [])
            + queue_cases() + (pareto_queue_cases() if with_reference else []))


def select(names):
    """The cases named (all of them for None), in the registry's order; unknown names are an
    error (ValueError naming them)."""
    need_reference = names is None or any(n in PARETO_QUEUE_CASES for n in names)
    need_slowdowns = names is None or any(n in SLOWDOWN_CASES for n in names)
    cases = all_cases(with_reference=need_reference, with_slowdowns=need_slowdowns)
    if names is None:
        return cases
    known = {c.name for c in cases} | set(PARETO_QUEUE_CASES) | set(SLOWDOWN_CASES)
    unknown = [n for n in names if n not in known]
    if unknown:
        raise ValueError(f"unknown case(s): {', '.join(unknown)}; known: {', '.join(sorted(known))}")
    return [c for c in cases if c.name in set(names)]

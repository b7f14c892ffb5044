"""`make bench`: specmc's performance against its peers, measured in one invocation (SPEC §7).

    /usr/bin/python3 bench/bench.py bin/specmc [--quick] [--only SECTION,...]

A benchmark reports; it does not judge. It exits 0 whatever the ratios are, and non-zero only
when a command it runs fails (or the SimPy peer cannot be imported).

Sections run in order (SECTIONS at the bottom); each is one function taking the shared
context and may leave results in it for later sections:

  fifo     task events (starts + ends) per second per core of the FIFO cluster model
           (bench/fifo.ini: 100 slots, 10 Pareto(1, 1.5) tasks per job, load 0.7), specmc with
           one thread against the same model in SimPy (bench/simpy_fifo.py), and their ratio;
           target: specmc >= 50x SimPy. The mean job flowtime of both is printed as a sanity
           check (different random numbers: they agree only statistically).
  threads  replicas/s of the same specmc config at 1, 2, 4, ... threads and at the core
           count, and the parallel efficiency rate_T / (T * rate_1). Weak scaling: T threads
           run T times the fifo section's replicas, so every run lasts about as long and
           process start-up does not swamp the many-thread runs.

  kernel   copy samples per second of the Chronos Clone validation kernel
           (analysis/kernels.c: N = 10 tasks x 3 attempts, Pareto(1, 1.5), D = 3) on one
           thread, run by its own binary (build/release/kernel-bench, or --kernel-bench PATH;
           this script builds nothing), against numpy on /usr/bin/python3 doing the same
           U -> T -> min over attempts -> max over tasks <= D in cache-sized batches: the
           expression as written, and two tuned forms (numpy_clone_peer); the fastest is
           the peer. Target: kernel >= 4x numpy. The two PoCD estimates must agree with each other and
           with Theorem 1's [1 - (tmin/D)^(beta (r+1))]^N (|z| < 4).

  sca      microseconds per SCA decision (seed 000 Algorithm 1 line 6, as the sca policy
           makes it: its copies per job, analysis/xulau.h xl_sca_copies, ADMM's point with the
           paper's rho cut to integers, from bounds on where ADMM stops when they decide it)
           on the Fig. 1 instance of §5.2.3, run by its own binary (build/release/sca-bench,
           or --sca-bench PATH), for gamma = 0.01 (capacity slack) and 0.001 (binding);
           target: the binding decision <= 0.2 ms. Then P2's point itself by ADMM with the
           paper's rho (xl_p2_sca), and per ADMM sweep; beside it the same with rho balanced
           (the sca policy's rho_balance = 1, not the paper's); peers in the same run: the KKT
           bisection (xl_p2_bisect, same binary) and scipy's SLSQP on /usr/bin/python3
           solving the same P2 with the same analytic gradient (scipy_p2_peer). The paper's
           80 ms (ADMM in Matlab, 2.6 GHz i5) is quoted, not measured. Times are the solving
           thread's CPU time. The objectives must agree (1e-5), and the decision's copies
           must be the ADMM point's integer parts.
  scale    seconds per replica at the papers' scale for every policy (bench/scale-000.ini:
           seed 000's 11 000 machines, and 5 000 as its heavy-load runs; bench/scale-002.ini:
           seed 002's 12 000 machines, two phases, 1 s slots), one thread, whole process;
           task events per second of simulation (the results file's wall_seconds: no start-up,
           no output) against the fifo section's specmc rate (same binary, same run; the FIFO
           model there does nothing but events).
  study    wall seconds of the full `specmc validate` on every core; target: <= 15 s.

The model parameters (slots, rate, tasks, tmin, beta) are read from bench/fifo.ini, so both
implementations run the model that file describes; this script owns the run sizes and passes
them to specmc as overrides. The contract with specmc is one command:

    SPECMC run bench/fifo.ini --threads T --quiet --out DIR/NAME.h5 \\
        --set workload.jobs=J --set experiment.replicas=R

which must exit 0 and leave DIR/NAME.h5; its events are 2 * J * tasks * R (one policy). Its
time is the wall time of the whole process (start-up and HDF5 output included), so the ratio
is conservative for specmc. For the flowtime sanity line: `SPECMC report FILE.h5 --csv`
(row policy=fifo, metric=flowtime).

Every measurement is repeated (3 times; once with --quick) and the median is reported. The
fifo section judges a ratio of CPU times (user + system: the kernel's rusage of each specmc
process, this process's process_time for SimPy) over 5 interleaved pairs (SimPy, specmc,
SimPy, ...), the median pair's ratio, and prints every pair's and their spread: a machine
that slows down part way through slows both sides of the pairs it touches.
"""

import argparse
import configparser
import csv
import gc
import io
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

FIFO_INI = os.path.join(HERE, "fifo.ini")
TARGET_RATIO = 50.0      # SPEC §7: specmc task events/s per core >= 50x SimPy's
KERNEL_TARGET = 4.0      # validation kernel copy samples/s per core >= 4x numpy's
KERNEL_BENCH = os.path.join(os.path.dirname(HERE), "build", "release", "kernel-bench")
SCA_BENCH = os.path.join(os.path.dirname(HERE), "build", "release", "sca-bench")
NUMPY_PYTHON = "/usr/bin/python3"
PAPER_SCA_MS = 80.0      # seed 000 §5.2.3: ADMM on Fig. 1's instance, Matlab, 2.6 GHz i5
PAPER_DUAL_MS = 30.0     # the same, its dual approach (over 1000 iterations)
SCALE_RUNS = [           # (label, config, overrides): the papers' scales, bench/scale-*.ini
    ("000: 11 000 slots, 30 s slots", "scale-000.ini", []),
    ("000: 5 000 slots (heavy load)", "scale-000.ini", ["cluster.slots=5000"]),
    ("002: 12 000 slots, 1 s slots", "scale-002.ini", []),
]
SCALE_POLICIES = ["fifo", "psrpt", "mantri", "sca", "ese", "ese-detect", "srptms"]


class BenchError(Exception):
    """A command failed, or its output is not what the contract says."""


# --- helpers ---------------------------------------------------------------------------------

def fmt_int(x):
    return "{:,}".format(int(round(x)))


def fmt_rate(x):
    return "{:,.0f}".format(x)


def median_of(values):
    return statistics.median(values)


def judge(value, target, unit):
    """PASS or BELOW a target of at least `target`, with the margin: "PASS (62.1x, 24% above
    the 50x target)"."""
    margin = 100 * (value / target - 1)
    return "%s (%.1f%s, %.0f%% %s the %g%s target)" % (
        "PASS" if value >= target else "BELOW", value, unit, abs(margin),
        "above" if margin >= 0 else "below", target, unit)


def read_model(path):
    """The FIFO model as bench/fifo.ini defines it (the values both implementations use)."""
    cp = configparser.ConfigParser(comment_prefixes=(";", "#"), inline_comment_prefixes=(";",))
    if not cp.read(path):
        raise BenchError("cannot read %s" % path)
    try:
        w, c = cp["workload"], cp["cluster"]
        model = dict(slots=c.getint("slots"), rate=w.getfloat("rate"), tasks=w.getint("tasks"),
                     tmin=w.getfloat("tmin"), beta=w.getfloat("beta"))
        checks = [(w.get("arrival"), "poisson"), (w.get("task_time"), "pareto"),
                  (cp["policy"].get("list").strip(), "fifo"), (w.getfloat("warmup"), 0.0),
                  (c.getfloat("interval"), 0.0)]
    except (KeyError, ValueError) as e:
        raise BenchError("%s: %s" % (path, e))
    for got, want in checks:
        if got != want:
            raise BenchError("%s: the SimPy peer models %r here, the file says %r"
                             % (path, want, got))
    b = model["beta"]
    model["mean_task"] = model["tmin"] * b / (b - 1.0)
    model["load"] = model["rate"] * model["tasks"] * model["mean_task"] / model["slots"]
    return model


def cpu_count():
    try:
        return len(os.sched_getaffinity(0))   # the cores this process may actually use
    except AttributeError:
        return os.cpu_count() or 1


def thread_counts(ncpu):
    ts, t = [], 1
    while t <= ncpu:
        ts.append(t)
        t *= 2
    if ts[-1] != ncpu:
        ts.append(ncpu)
    return ts


class Specmc(object):
    """Runs `specmc run` (bench/fifo.ini with the sizes overridden, or a config as it is),
    timing the whole process."""

    def __init__(self, binary, workdir):
        self.binary = binary
        self.workdir = workdir
        self.count = 0
        self.last_out = None

    def run(self, threads, jobs, replicas):
        self.count += 1
        out = os.path.join(self.workdir, "fifo-%d.h5" % self.count)
        ini = os.path.relpath(FIFO_INI)
        if ini.startswith(".."):
            ini = FIFO_INI
        cmd = [self.binary, "run", ini, "--threads", str(threads), "--quiet",
               "--out", out,
               "--set", "workload.jobs=%d" % jobs,
               "--set", "experiment.replicas=%d" % replicas]
        return self._timed(cmd, out)

    def _timed(self, cmd, out):
        """The command's wall seconds; its CPU seconds (user + system, from the kernel's
        rusage of that child alone: os.wait4) are left in self.last_cpu."""
        with tempfile.TemporaryFile(mode="w+") as err:
            t0 = time.perf_counter()
            p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err)
            _, status, ru = os.wait4(p.pid, 0)
            seconds = time.perf_counter() - t0
            p.returncode = os.waitstatus_to_exitcode(status)
            self.last_cpu = ru.ru_utime + ru.ru_stime
            if p.returncode != 0:
                err.seek(0)
                raise BenchError("command failed (exit %d): %s\n%s"
                                 % (p.returncode, " ".join(cmd), err.read()))
        if not os.path.isfile(out):
            raise BenchError("command exited 0 but wrote no %s: %s" % (out, " ".join(cmd)))
        if self.last_out:
            os.remove(self.last_out)
        self.last_out = out
        return seconds

    def run_config(self, ini, sets):
        """`SPECMC run INI --replicas 1 --threads 1 --quiet --set ...`, timed; the output is
        self.last_out until the next run."""
        self.count += 1
        out = os.path.join(self.workdir, "run-%d.h5" % self.count)
        cmd = [self.binary, "run", ini, "--replicas", "1", "--threads", "1", "--quiet",
               "--out", out]
        for kv in sets:
            cmd += ["--set", kv]
        return self._timed(cmd, out)

    def report_csv(self, h5):
        cmd = [self.binary, "report", h5, "--csv"]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        if p.returncode != 0:
            raise BenchError("command failed (exit %d): %s\n%s%s"
                             % (p.returncode, " ".join(cmd), p.stdout, p.stderr))
        return p.stdout


def specmc_flowtime(csv_text):
    """(mean, ci_low, ci_high) of FIFO's mean flowtime from `report --csv`, or None."""
    for r in csv.DictReader(io.StringIO(csv_text)):
        if r["policy"] == "fifo" and r["metric"] == "flowtime":
            return float(r["mean"]), float(r["ci_low"]), float(r["ci_high"])
    return None


def expected_max_pareto(n, tmin, beta):
    """E[max of n i.i.d. Pareto(tmin, beta)] = tmin n! Gamma(1 - 1/beta) / Gamma(n + 1 - 1/beta)
    (order statistics of the Pareto law): a job's flowtime with no queueing at all."""
    a = 1.0 / beta
    return tmin * math.exp(math.lgamma(n + 1) + math.lgamma(1 - a) - math.lgamma(n + 1 - a))


# --- sections --------------------------------------------------------------------------------

def section_fifo(ctx):
    """FIFO cluster model: specmc (1 thread) vs SimPy, task events per second per core."""
    import simpy_fifo  # after sys.path is set; exits with a message if SimPy 2 is missing
    import SimPy

    m, reps, quick = ctx["model"], ctx["repeats"], ctx["quick"]
    print("== FIFO cluster model: %d slots, %d Pareto(%g, %g) tasks/job, Poisson arrivals "
          "rate %.4g, load %.2f" % (m["slots"], m["tasks"], m["tmin"], m["beta"], m["rate"],
                                    m["load"]))

    def simpy_run(jobs, seed):
        gc.collect()
        return simpy_fifo.run(m["slots"], jobs, m["tasks"], m["rate"], m["tmin"], m["beta"],
                              seed)

    # SimPy: size the run for ~3 s of simulation (at least 3000 jobs) from a pilot run.
    if quick:
        jobs = 300
    else:
        pilot_jobs = 3000
        pilot = simpy_run(pilot_jobs, 99)
        jobs = max(pilot_jobs, int(round(pilot_jobs * 3.0 / pilot["seconds"], -3)))
    # specmc: the same jobs per replica; replicas sized (pilot runs) for >= 2 s with one thread.
    spec, ncpu = ctx["specmc"], ctx["ncpu"]
    if quick:
        replicas = 2
    else:
        replicas, target = ncpu, 2.5
        while True:
            t = spec.run(1, jobs, replicas)
            if t >= target / 4:
                break
            replicas *= max(2, min(16, int(math.ceil(target / 4 / max(t, 1e-3)))))
        replicas = int(math.ceil(replicas * target / t))

    # Pairs, interleaved (SimPy, then specmc), each side's CPU time (SimPy: this process's
    # process_time; specmc: its own rusage): a machine that slows down or speeds up part way
    # slows both sides of the pairs then, and the ratio of each pair is what is judged.
    pairs = []
    simpy_events = spec_events = 0
    for seed in range(1, ctx["pairs"] + 1):
        c0 = time.process_time()
        r = simpy_run(jobs, seed)
        simpy_cpu = time.process_time() - c0
        spec.run(1, jobs, replicas)
        simpy_events, spec_events = r["events"], 2 * jobs * m["tasks"] * replicas
        pairs.append(dict(simpy_cpu=simpy_cpu, spec_cpu=spec.last_cpu, flow=r["mean_flowtime"],
                          ratio=(spec_events / spec.last_cpu) / (simpy_events / simpy_cpu)))
    simpy_sec = median_of([q["simpy_cpu"] for q in pairs])
    spec_sec = median_of([q["spec_cpu"] for q in pairs])
    simpy_rate, spec_rate = simpy_events / simpy_sec, spec_events / spec_sec
    ratios = sorted(q["ratio"] for q in pairs)
    ratio = median_of(ratios)
    simpy_flow = statistics.mean(q["flow"] for q in pairs)

    flow = specmc_flowtime(spec.report_csv(spec.last_out))

    print("   sizes: %s jobs per run (SimPy) = per replica (specmc), %d specmc replicas; "
          "%d interleaved pairs, CPU time (user + system) of each side, medians"
          % (fmt_int(jobs), replicas, len(pairs)))
    print()
    w = "   {:<26} {:>14} {:>9} {:>18} {:>10}"
    print(w.format("implementation", "task events", "CPU s", "events/s per core",
                   "vs SimPy"))
    print(w.format("SimPy %s (Python %d.%d)" % (SimPy.__version__, sys.version_info[0],
                                                 sys.version_info[1]),
                   fmt_int(simpy_events), "%.3f" % simpy_sec, fmt_rate(simpy_rate), "1.0x"))
    print(w.format("specmc --threads 1", fmt_int(spec_events), "%.3f" % spec_sec,
                   fmt_rate(spec_rate), "%.1fx" % ratio))
    print()
    print("   the pairs' ratios: %s (spread %.1f%% of the median)"
          % (", ".join("%.1fx" % x for x in ratios), 100 * (ratios[-1] - ratios[0]) / ratio))
    print("   target: >= %gx SimPy: %s" % (TARGET_RATIO, judge(ratio, TARGET_RATIO, "x") +
          ("  [--quick: sizes too small to mean anything]" if quick else "")))
    line = "   sanity, mean job flowtime: SimPy %.3f (%d run%s x %s jobs)" % (
        simpy_flow, len(pairs), "" if len(pairs) == 1 else "s", fmt_int(jobs))
    if flow:
        line += "; specmc %.3f [%.3f, %.3f]" % flow
    else:
        raise BenchError("no fifo flowtime row in `specmc report --csv`")
    print(line)
    print("   (no queueing, a job takes E[max of %d task times] = %.3f; with tail index %g the "
          "task times have infinite variance, so sample means converge slowly and mostly "
          "from below)" % (m["tasks"], expected_max_pareto(m["tasks"], m["tmin"], m["beta"]),
                           m["beta"]))
    print()
    ctx["fifo"] = dict(jobs=jobs, replicas=replicas, seconds_t1=spec_sec, ratio=ratio)


def section_threads(ctx):
    """Thread scaling of specmc on the FIFO config: replicas/s and parallel efficiency."""
    spec, reps, ncpu = ctx["specmc"], ctx["repeats"], ctx["ncpu"]
    base = ctx.get("fifo")
    if base is None:
        raise BenchError("the threads section needs the fifo section's sizes")
    jobs, r1 = base["jobs"], base["replicas"]
    print("== thread scaling: specmc on bench/fifo.ini, %s jobs per replica, %d replicas per "
          "thread (weak scaling), %d cores; median of %d" % (fmt_int(jobs), r1, ncpu, reps))
    print()
    w = "   {:>7} {:>9} {:>9} {:>13} {:>11}"
    print(w.format("threads", "replicas", "seconds", "replicas/s", "efficiency"))
    rate1 = None
    for t in thread_counts(ncpu):
        replicas = r1 * t
        if t == 1:
            sec = base["seconds_t1"]
        else:
            sec = median_of([spec.run(t, jobs, replicas) for _ in range(reps)])
        rate = replicas / sec
        if rate1 is None:
            rate1 = rate
        print(w.format(t, replicas, "%.3f" % sec, "%.2f" % rate,
                       "%.0f%%" % (100.0 * rate / (t * rate1))))
    print()


def numpy_clone_peer(seconds, seed, variant, rows=4096):
    """The Clone PoCD workload in numpy (run by NUMPY_PYTHON, see run_numpy_peer): batches of
    `rows` jobs of 10 tasks x 3 attempts, U uniform (PCG64), T = tmin (1-U)^(-1/beta), a job
    meets D iff the max over tasks of the min over attempts is <= D. Loops for `seconds`,
    timing only the computation (generation included). Variants:
      literal  the expression as first written: T = tmin*(1-U)**(-1/beta);
               T.min(axis=2).max(axis=1) <= D (fresh arrays every batch);
      pow      the same, tuned: preallocated buffers (out=), and the minimum over the three
               attempts as two np.minimum of slices (numpy's reduction over a length-3 axis
               is several times slower than the whole transform);
      exp      as pow with T = tmin*exp(log1p(-U)*(-1/beta));
      minfirst the kernel's own shortcut: a Pareto time is increasing in its uniform, so the
               fastest attempt is the one with the smallest U; only that one is transformed
               (one power per task, not per attempt) — PoCD only;
      totals   minfirst computing what the kernel computes: besides PoCD, each job's machine
               time (Clone: (r+1)m if the fastest attempt m ends by tau_kill = 0.5, else
               r tau_kill + m) and completion time, their sums and sums of squares, and the
               tasks' completion times. This is the peer: numpy producing the kernel's results.
    Batches of 4096 jobs fit in cache; fresh arrays also pay page faults (glibc returns
    freed blocks this large to the kernel), which the tuned variants avoid."""
    import numpy as np
    tmin, beta, D = 1.0, 1.5, 3.0
    rng = np.random.default_rng(seed)
    U = np.empty((rows, 10, 3))
    M = np.empty((rows, 10))
    J = np.empty(rows)
    B = np.empty(rows, dtype=bool)

    def literal():
        X = rng.random((rows, 10, 3))
        T = tmin * (1 - X) ** (-1 / beta)
        return int(np.count_nonzero(T.min(axis=2).max(axis=1) <= D))

    def tuned():
        rng.random(out=U)
        if variant == "pow":
            np.subtract(1.0, U, out=U)
            np.power(U, -1.0 / beta, out=U)
        else:
            np.negative(U, out=U)
            np.log1p(U, out=U)
            np.multiply(U, -1.0 / beta, out=U)
            np.exp(U, out=U)
        np.multiply(U, tmin, out=U)
        np.minimum(U[..., 0], U[..., 1], out=M)
        np.minimum(M, U[..., 2], out=M)
        np.max(M, axis=1, out=J)
        np.less_equal(J, D, out=B)
        return int(np.count_nonzero(B))

    def minfirst():
        rng.random(out=U)
        np.minimum(U[..., 0], U[..., 1], out=M)
        np.minimum(M, U[..., 2], out=M)
        np.subtract(1.0, M, out=M)
        np.power(M, -1.0 / beta, out=M)
        np.multiply(M, tmin, out=M)
        np.max(M, axis=1, out=J)
        np.less_equal(J, D, out=B)
        return int(np.count_nonzero(B))

    r, tk = 2, 0.5
    C = np.empty((rows, 10))
    Q = np.empty((rows, 10), dtype=bool)
    sums = np.zeros(6)

    def totals():
        met = minfirst()        # M holds each task's fastest time, J each job's completion
        sums[4] += M.sum()      # the tasks' completion times
        sums[5] += np.vdot(M, M)
        np.less_equal(M, tk, out=Q)
        np.multiply(M, r + 1, out=C)
        np.add(M, r * tk, out=M)  # M is now r tau_kill + m ...
        np.copyto(M, C, where=Q)  # ... or (r + 1) m when m <= tau_kill: the task's cost
        cost = M.sum(axis=1)
        sums[0] += cost.sum()
        sums[1] += np.dot(cost, cost)
        sums[2] += J.sum()
        sums[3] += np.dot(J, J)
        return met

    batch = {"literal": literal, "minfirst": minfirst, "totals": totals}.get(variant, tuned)
    batch()  # warm-up
    jobs = met = 0
    t0 = time.perf_counter()
    while True:
        met += batch()
        jobs += rows
        sec = time.perf_counter() - t0
        if sec >= seconds:
            break
    return dict(variant=variant, numpy=np.__version__, jobs=jobs, jobs_met=met, seconds=sec,
                copy_samples_per_s=jobs * 30 / sec)


def bench_binary(ctx, key):
    """The path of a benchmark binary (ctx[key]: kernel_bench, sca_bench), which must exist."""
    binary = ctx[key]
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        raise BenchError("%s is not an executable file (build it: the Makefile's %s target)"
                         % (binary, key.replace("_", "-")))
    return binary


def run_json_lines(cmd):
    """The JSON objects a command prints, one per line."""
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if p.returncode != 0:
        raise BenchError("command failed (exit %d): %s\n%s%s"
                         % (p.returncode, " ".join(cmd), p.stdout, p.stderr))
    try:
        lines = [json.loads(line) for line in p.stdout.strip().splitlines()]
    except ValueError:
        lines = []
    if not lines:
        raise BenchError("%s: expected JSON lines, got %r" % (" ".join(cmd), p.stdout))
    return lines


def run_json(cmd):
    return run_json_lines(cmd)[-1]


def run_numpy_peer(seconds, seed, variant):
    """numpy_clone_peer in a fresh /usr/bin/python3, whatever Python runs this script."""
    code = ("import json, sys; sys.path.insert(0, %r); import bench; "
            "print(json.dumps(bench.numpy_clone_peer(%r, %d, %r)))" % (HERE, seconds, seed,
                                                                       variant))
    return run_json([NUMPY_PYTHON, "-c", code])


def pocd_z(met1, n1, met2, n2):
    """z statistic of the difference of two proportions (unpooled)."""
    p1, p2 = met1 / float(n1), met2 / float(n2)
    se = math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    return (p1 - p2) / se if se > 0 else 0.0


def section_kernel(ctx):
    """The Clone validation kernel vs numpy: copy samples per second on one core."""
    binary, reps, quick = bench_binary(ctx, "kernel_bench"), ctx["repeats"], ctx["quick"]
    seconds = 0.2 if quick else 1.0
    N, copies, tmin, beta, D = 10, 3, 1.0, 1.5, 3.0
    print("== validation kernel: Chronos Clone, N = %d tasks x %d attempts, Pareto(%g, %g), "
          "D = %g, one thread; ~%g s per run, median of %d" % (N, copies, tmin, beta, D,
                                                              seconds, reps))
    print()
    kern = [run_json([binary, "%g" % seconds, str(seed)]) for seed in range(1, reps + 1)]
    variants = ("literal", "pow", "exp", "minfirst", "totals")
    peers = {}
    for variant in variants:
        peers[variant] = [run_numpy_peer(seconds, 100 + seed, variant)
                          for seed in range(1, reps + 1)]
    k_rate = median_of([r["copy_samples_per_s"] for r in kern])
    rates = {v: median_of([r["copy_samples_per_s"] for r in runs]) for v, runs in peers.items()}
    best = "totals" # the peer: numpy computing what the kernel computes (fastest such variant)
    ratio = k_rate / rates[best]
    pocd_only = max(("literal", "pow", "exp", "minfirst"), key=rates.get)
    label = {"literal": "numpy %s, as written", "pow": "numpy %s, (1-U)**(-1/b), tuned",
             "exp": "numpy %s, exp(log1p(-U)/-b), tuned",
             "minfirst": "numpy %s, min of U first, one power per task, PoCD only",
             "totals": "numpy %s, as minfirst + the kernel's totals"}
    npver = peers[best][0]["numpy"]

    w = "   {:<50} {:>14} {:>10} {:>9}"
    print(w.format("implementation", "copy samples/s", "PoCD", "vs peer"))
    for v in variants:
        runs = peers[v]
        met, n = sum(r["jobs_met"] for r in runs), sum(r["jobs"] for r in runs)
        print(w.format(label[v] % npver + (" (peer)" if v == best else ""), fmt_rate(rates[v]),
                       "%.5f" % (met / float(n)), "%.2fx" % (rates[v] / rates[best])))
    k_met, k_n = sum(r["jobs_met"] for r in kern), sum(r["jobs"] for r in kern)
    print(w.format("specmc kernel (kn_run)", fmt_rate(k_rate), "%.5f" % (k_met / float(k_n)),
                   "%.2fx" % ratio))
    print()
    verdict = "PASS" if ratio >= KERNEL_TARGET else "BELOW"
    print("   target: >= %gx numpy computing the same totals: %s (%.2fx)%s" % (
        KERNEL_TARGET, verdict, ratio,
        "  [--quick: sizes too small to mean anything]" if quick else ""))
    print("   against numpy's fastest PoCD-only variant (%s), which does less: %.2fx" % (
        pocd_only, k_rate / rates[pocd_only]))

    # Sanity: the kernel's PoCD, numpy's and Theorem 1 (exact for Clone's PoCD) agree.
    p_met, p_n = sum(r["jobs_met"] for r in peers[best]), sum(r["jobs"] for r in peers[best])
    closed = (1.0 - (tmin / D) ** (beta * copies)) ** N
    z_peer = pocd_z(k_met, k_n, p_met, p_n)
    pk = k_met / float(k_n)
    z_closed = (pk - closed) / math.sqrt(closed * (1 - closed) / k_n)
    agree = abs(z_peer) < 4 and abs(z_closed) < 4
    print("   sanity, PoCD: kernel %.5f (%s jobs), numpy %.5f (%s jobs), Theorem 1 %.5f: "
          "z = %.2f vs numpy, %.2f vs Theorem 1: %s" % (
              pk, fmt_int(k_n), p_met / float(p_n), fmt_int(p_n), closed, z_peer, z_closed,
              "agree" if agree else "DISAGREE"))
    print()
    ctx["kernel"] = dict(rate=k_rate, peer_rate=rates[best], ratio=ratio, agree=agree)


FIG1 = dict(m=[10, 20, 5, 10], mu=[1.0, 3.0, 4.0, 2.0], alpha=2.0, N=200.0, xi=20.0)


def scipy_p2_peer(seconds, gamma):
    """P2 of seed 000 §5.1 on Fig. 1's instance (FIG1) by scipy's SLSQP (run by NUMPY_PYTHON):
    minimise sum_i E[D_i(c_i)] + gamma m_i c_i E[T_i(c_i)] subject to sum_i m_i c_i <= N,
    1 <= c_i <= xi, with E[D] = mu Gamma(m+1) Gamma(1-b) / Gamma(m+1-b), b = 1/(c alpha)
    (eqs. 18-19), c E[T] = mu c^2 alpha / (c alpha - 1) (eq. 5), and the analytic gradient of
    analysis/xulau_p2.c (xl_p2_df). Solves from c = 1 repeatedly for `seconds` of the thread's
    CPU time (as sca-bench counts: the machine may be shared)."""
    import numpy as np
    import scipy
    from scipy.optimize import minimize
    from scipy.special import gammaln, psi

    m, mu = np.array(FIG1["m"], dtype=float), np.array(FIG1["mu"])
    alpha, N, xi = FIG1["alpha"], FIG1["N"], FIG1["xi"]
    lgm1 = gammaln(m + 1)

    def expected_max(c):
        b = 1.0 / (c * alpha)
        return b, mu * np.exp(lgm1 + gammaln(1 - b) - gammaln(m + 1 - b))

    def f(c):
        a = c * alpha
        return float(np.sum(expected_max(c)[1] + gamma * m * mu * c * c * alpha / (a - 1)))

    def grad(c):
        a = c * alpha
        b, ed = expected_max(c)
        dd = ed * alpha * (psi(1 - b) - psi(m + 1 - b)) * b * b
        return dd + gamma * m * mu * alpha * c * (a - 2) / ((a - 1) * (a - 1))

    cons = [{"type": "ineq", "fun": lambda c: N - m @ c, "jac": lambda c: -m}]
    x0 = np.ones(len(m))

    def solve():
        return minimize(f, x0, jac=grad, bounds=[(1.0, xi)] * len(m), constraints=cons,
                        method="SLSQP", options={"ftol": 1e-10, "maxiter": 1000})

    res = solve()  # warm-up
    n, t0 = 0, time.thread_time()
    while True:
        res = solve()
        n += 1
        sec = time.thread_time() - t0
        if sec >= seconds:
            break
    return dict(scipy=scipy.__version__, gamma=gamma, success=bool(res.success),
                iterations=int(res.nit), objective=float(res.fun), c=[float(x) for x in res.x],
                us_per_solve=1e6 * sec / n)


def run_scipy_peer(seconds, gamma):
    """scipy_p2_peer in a fresh /usr/bin/python3, whatever Python runs this script."""
    code = ("import json, sys; sys.path.insert(0, %r); import bench; "
            "print(json.dumps(bench.scipy_p2_peer(%r, %r)))" % (HERE, seconds, gamma))
    return run_json([NUMPY_PYTHON, "-c", code])


SCA_SOLVERS = [          # (sca-bench's "solver", row label): SCA's decision first
    ("decision", "SCA's decision (copies), paper's rho"),
    ("admm", "P2 by SCA's ADMM, paper's rho"),
    ("admm_balanced", "P2 by SCA's ADMM, rho balanced (rho_balance = 1)"),
    ("bisect", "P2 by KKT bisection (xl_p2_bisect)"),
]
SCA_DECISION_TARGET_MS = 0.2  # issue 17: the binding Fig. 1 decision with the paper's rho


def section_sca(ctx):
    """One SCA decision on seed 000's Fig. 1 instance (the policy's copies, xl_sca_copies), and
    P2's point by specmc's ADMM (the paper's rho, and rho balanced) and bisection vs scipy."""
    binary, reps, quick = bench_binary(ctx, "sca_bench"), ctx["repeats"], ctx["quick"]
    seconds = 0.2 if quick else 1.0
    print("== SCA decision (seed 000 Alg. 1 line 6): P2 on Fig. 1's instance (§5.2.3), K = 4 "
          "jobs, m = %s, mu = %s, alpha = %g, N = %g, xi = %g; one thread, ~%g s per "
          "solver, median of %d" % (", ".join(map(str, FIG1["m"])),
                                    ", ".join("%g" % x for x in FIG1["mu"]), FIG1["alpha"],
                                    FIG1["N"], FIG1["xi"], seconds, reps))
    print()
    runs = [run_json_lines([binary, "%g" % seconds]) for _ in range(reps)]
    w = "   {:<7} {:<50} {:>7} {:>12} {:>9} {:>14} {:>9}"
    print(w.format("gamma", "implementation", "iters", "us/decision", "us/iter", "objective",
                   "vs scipy"))
    agree = same_copies = True
    for gamma in sorted({r["gamma"] for r in runs[0]}, reverse=True):
        rows, us, first = [], {}, {}
        for solver, label in SCA_SOLVERS:
            mine = [[x for x in r if x["gamma"] == gamma and x["solver"] == solver][0]
                    for r in runs]
            us[solver] = median_of([x["us_per_solve"] for x in mine])
            first[solver] = mine[0]
            sweeps = mine[0]["sweeps"] if solver != "bisect" else "-"
            note = "" if mine[0]["converged"] else " (did not converge)"
            objective = ("copies " + " ".join("%d" % k for k in mine[0]["c"])
                         if solver == "decision" else mine[0]["objective"])
            rows.append((label + note, sweeps, us[solver], objective))
        cut = [max(1, math.floor(c + 1e-9)) for c in first["admm"]["c"]]
        same_copies = same_copies and cut == [int(k) for k in first["decision"]["c"]]
        peers = [run_scipy_peer(seconds, gamma) for _ in range(reps)]
        us_s = median_of([p["us_per_solve"] for p in peers])
        sp = peers[0]
        rows.append(("scipy %s SLSQP%s" % (sp["scipy"], "" if sp["success"] else " (FAILED)"),
                     sp["iterations"], us_s, sp["objective"]))
        for k, (name, iters, t, obj) in enumerate(rows):
            per = "%.2f" % (t / iters) if isinstance(iters, int) and iters > 0 else "-"
            print(w.format("%g" % gamma if k == 0 else "", name, iters, "%.1f" % t, per,
                           obj if isinstance(obj, str) else "%.8f" % obj, "%.1fx" % (us_s / t)))
            if not isinstance(obj, str):
                agree = agree and abs(obj - sp["objective"]) <= 1e-5 * abs(sp["objective"])
        ctx.setdefault("sca", {})[gamma] = dict(us=us["admm"], us_balanced=us["admm_balanced"],
                                                us_decision=us["decision"],
                                                us_bisect=us["bisect"], us_scipy=us_s,
                                                sweeps=rows[1][1], sweeps_balanced=rows[2][1],
                                                sweeps_decision=rows[0][1])
    print(w.format("", "paper: ADMM, Matlab, 2.6 GHz i5 (quoted)", 20, "%.0f" % (
        PAPER_SCA_MS * 1e3), "-", "-", "-"))
    print(w.format("", "paper: dual approach, same (quoted)", ">1000", "%.0f" % (
        PAPER_DUAL_MS * 1e3), "-", "-", "-"))
    print()
    for key, what in (("us_decision", "SCA's decision (copies) with the paper's rho"),
                      ("us", "P2's point by ADMM with the paper's rho"),
                      ("us_balanced", "P2's point by ADMM with rho balanced")):
        fast = min(v[key] for v in ctx["sca"].values())
        slow = max(v[key] for v in ctx["sca"].values())
        print("   %s takes %.3f-%.3f ms here against the paper's %g ms (%.0f-%.0fx, different "
              "machines and languages)%s"
              % (what, fast / 1e3, slow / 1e3, PAPER_SCA_MS, PAPER_SCA_MS * 1e3 / slow,
                 PAPER_SCA_MS * 1e3 / fast, "  [--quick]" if quick else ""))
    binding = ctx["sca"][min(ctx["sca"])]["us_decision"] / 1e3
    margin = 100 * (1 - binding / SCA_DECISION_TARGET_MS)
    print("   target: the binding decision (gamma = %g) with the paper's rho <= %g ms: %s "
          "(%.3f ms, %.0f%% %s the target)%s"
          % (min(ctx["sca"]), SCA_DECISION_TARGET_MS,
             "PASS" if binding <= SCA_DECISION_TARGET_MS else "BELOW", binding, abs(margin),
             "under" if margin >= 0 else "over", "  [--quick]" if quick else ""))
    print("   (iters: ADMM sweeps run, SLSQP iterations; us/decision: one solve from c = 1; "
          "us/iter: per sweep or iteration; the decision runs no sweep when the bounds on "
          "where ADMM stops (xl_p2_sca_bounds) give its copies)")
    print("   sanity, P2's optimum: ADMM, bisection and SLSQP objectives within 1e-5: %s"
          % ("agree" if agree else "DISAGREE"))
    print("   sanity, the decision's copies are ADMM's point cut to integers: %s"
          % ("yes" if same_copies else "NO"))
    print()


def h5_events(path):
    """(task_events, wall_seconds) of a results file: the events of the run and the time spent
    simulating them, without start-up and output (docs/file-format.md)."""
    import h5py
    with h5py.File(path, "r") as f:
        return int(f.attrs["task_events"]), float(f.attrs["wall_seconds"])


def section_scale(ctx):
    """One replica per policy at the papers' scale: seconds, and events/s against fifo."""
    spec, reps = ctx["specmc"], ctx["repeats"]
    base = ctx.get("fifo")
    fifo_rate = None
    if base is not None:
        m = ctx["model"]
        fifo_rate = 2.0 * base["jobs"] * m["tasks"] * base["replicas"] / base["seconds_t1"]
    print("== papers' scale: one replica, one thread, whole process (bench/scale-000.ini, "
          "bench/scale-002.ini); median of %d" % reps)
    print()
    w = "   {:<32} {:<11} {:>8} {:>12} {:>15} {:>9}"
    print(w.format("configuration", "policy", "seconds", "task events", "events/s (sim)",
                   "vs fifo"))
    results = {}
    for label, ini, sets in SCALE_RUNS:
        for k, pol in enumerate(SCALE_POLICIES):
            over = sets + ["policy.list=" + pol]
            runs = []
            for _ in range(reps):
                sec = spec.run_config(os.path.join(HERE, ini), over)
                runs.append((sec,) + h5_events(spec.last_out))
            sec, events, sim = median_of([r[0] for r in runs]), runs[0][1], median_of(
                [r[2] for r in runs])
            rate = events / sim
            print(w.format(label if k == 0 else "", pol, "%.2f" % sec, fmt_int(events),
                           fmt_rate(rate),
                           "%.2fx" % (rate / fifo_rate) if fifo_rate else "-"))
            results[(label, pol)] = sec
    print()
    worst = max(results, key=results.get)
    print("   slowest: %s on %s, %.2f s per replica (seconds: the whole process)"
          % (worst[1], worst[0], results[worst]))
    if fifo_rate:
        print("   events/s (sim): over the time spent simulating (the file's wall_seconds); vs "
              "fifo: against the fifo section's specmc rate, %s events/s — what each policy's "
              "decisions cost on top of the event loop%s" % (
                  fmt_rate(fifo_rate), "  [--quick: the fifo rate means nothing]"
                  if ctx["quick"] else ""))
    print()
    ctx["scale"] = results


VALIDATE_TARGET_S = 15.0  # issue 17: the full `specmc validate` on 2 cores, wall seconds


def section_study(ctx):
    """The time a study takes: the full `specmc validate` (every check at full size), wall
    seconds on all cores, against its target. (Every experiment of experiments/ at its
    committed replicas is `make plots`' work: about 25 minutes on 2 cores, docs/performance.md.)"""
    spec, quick = ctx["specmc"], ctx["quick"]
    out = os.path.join(spec.workdir, "validate.h5")
    cmd = [spec.binary, "validate", "--out", out] + (["--quick"] if quick else [])
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    seconds = time.perf_counter() - t0
    if p.returncode not in (0, 1) or not os.path.isfile(out):   # 1: an unexpected verdict
        raise BenchError("command failed (exit %d): %s\n%s" % (p.returncode, " ".join(cmd),
                                                              p.stderr))
    rows = [l for l in p.stdout.splitlines() if " rows: " in l]
    print("== the time a study takes: specmc validate%s on %d cores"
          % (" --quick" if quick else "", ctx["ncpu"]))
    print("   %.1f s wall%s" % (seconds, "; " + rows[0].strip() if rows else ""))
    margin = 100 * (1 - seconds / VALIDATE_TARGET_S)
    print("   target: <= %g s: %s (%.1f s, %.0f%% %s the target)%s"
          % (VALIDATE_TARGET_S, "PASS" if seconds <= VALIDATE_TARGET_S else "BELOW", seconds,
             abs(margin), "under" if margin >= 0 else "over",
             "  [--quick: the reduced grid]" if quick else ""))
    print()


SECTIONS = [
    ("fifo", section_fifo),
    ("threads", section_threads),
    ("kernel", section_kernel),
    ("sca", section_sca),
    ("scale", section_scale),
    ("study", section_study),
]


def main(argv=None):
    ap = argparse.ArgumentParser(description="specmc benchmarks against their peers")
    ap.add_argument("specmc", help="path to the specmc binary (bin/specmc)")
    ap.add_argument("--quick", action="store_true", help="tiny sizes, one repeat: a smoke run")
    ap.add_argument("--only", metavar="S1,S2", default=",".join(n for n, _ in SECTIONS),
                    help="sections to run, in their own order (default: %(default)s)")
    ap.add_argument("--kernel-bench", default=KERNEL_BENCH, metavar="PATH",
                    help="the validation kernel's benchmark binary (default: %(default)s)")
    ap.add_argument("--sca-bench", default=SCA_BENCH, metavar="PATH",
                    help="SCA's P2 benchmark binary (default: %(default)s)")
    a = ap.parse_args(argv)

    binary = os.path.abspath(a.specmc)
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        print("bench: %s is not an executable file" % a.specmc, file=sys.stderr)
        return 2

    try:
        with tempfile.TemporaryDirectory(prefix="specmc-bench-") as tmp:
            ctx = dict(quick=a.quick, repeats=1 if a.quick else 3, pairs=1 if a.quick else 5,
                       ncpu=cpu_count(),
                       model=read_model(FIFO_INI), specmc=Specmc(binary, tmp),
                       kernel_bench=os.path.abspath(a.kernel_bench),
                       sca_bench=os.path.abspath(a.sca_bench))
            print("specmc bench%s: %s, %d cores, %s" % (" (--quick)" if a.quick else "",
                                                        a.specmc, ctx["ncpu"],
                                                        time.strftime("%Y-%m-%d %H:%M:%S")))
            print()
            only = a.only.split(",")
            unknown = set(only) - set(n for n, _ in SECTIONS)
            if unknown:
                raise BenchError("unknown section(s): %s" % ", ".join(sorted(unknown)))
            for name, fn in SECTIONS:
                if name in only:
                    fn(ctx)
    except BenchError as e:
        sys.stdout.flush()
        print("bench: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

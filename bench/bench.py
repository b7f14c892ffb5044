"""`make bench`: specmc's performance against its peers, measured in one invocation
(docs/guide/performance.md).

    /usr/bin/python3 bench/bench.py bin/specmc [--quick] [--only SECTION,...]
        [--simgrid-bench PATH] [--bare-bench PATH] [--kernel-bench PATH] [--sca-bench PATH]

A benchmark reports; it does not judge. It exits 0 whatever the ratios are, and non-zero only
when a command it runs fails (or the SimPy peer cannot be imported).

Sections run in order (SECTIONS at the bottom); each is one function taking the shared
context and may leave results in it for later sections:

  fifo     task events (starts + ends) per second per core of the FIFO cluster model
           (bench/fifo.ini: 100 slots, 10 Pareto(1, 1.5) tasks per job, load 0.7), specmc with
           one thread against the same model in SimPy (bench/simpy_fifo.py) and two compiled
           peers, each its own binary: SimGrid's S4U actors (bench/simgrid_fifo.cpp,
           build/release/simgrid-fifo, or --simgrid-bench PATH) and a bare C event loop
           (bench/bare_fifo.c, build/release/bare-fifo, or --bare-bench PATH); this script
           builds neither. Targets: specmc >= 70x SimPy, >= 1x SimGrid, >= 0.95x the bare loop.
           The mean job flowtime of all four is printed as a sanity check (different random
           numbers: they agree only statistically).
  threads  replicas/s of the same specmc config at 1, 2, 4, ... threads and at the core
           count, and the parallel efficiency rate_T / (T * rate_1). Weak scaling: T threads
           run T times the fifo section's replicas, so every run lasts about as long and
           process start-up does not swamp the many-thread runs.

  kernel   copy samples per CPU second of the Chronos Clone validation kernel
           (analysis/kernels.c: N = 10 tasks x 3 attempts, Pareto(1, 1.5), D = 3) on one
           thread, run by its own binary (build/release/kernel-bench, or --kernel-bench PATH;
           this script builds nothing), against numpy on /usr/bin/python3 doing the same
           U -> T -> min over attempts -> max over tasks <= D in cache-sized batches and the
           kernel's totals (numpy_clone_peer "totals"), in 5 interleaved pairs, each side
           timing its own CPU time; the median pair's ratio is judged. Other numpy forms (as
           written, tuned, PoCD only) run once each for context. Target: kernel >= 4x numpy.
           The two PoCD estimates must agree with each other and with Theorem 1's
           [1 - (tmin/D)^(beta (r+1))]^N (|z| < 4).

  sca      microseconds per SCA decision (seed 000 Algorithm 1 line 6, as the sca policy
           makes it: its copies per job, models/theory/xulau.h xl_sca_copies, ADMM's point with the
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
  scale    CPU seconds (the process's rusage: start-up, simulation, summaries, output) of one
           replica of every policy `specmc list` shows at the papers' scale
           (bench/scale-000.ini: seed 000's 11 000 machines, and 5 000 as its heavy-load runs;
           bench/scale-002.ini: seed 002's 12 000 machines, two phases, 1 s slots), one
           thread, median of 3; target <= 0.25 s each. Policies that need it get a deadline
           (Chronos's), one phase (hopper) or r = 0 (srpt-offline where the variance is
           infinite): scale_overrides. Beside it, task events per second of simulation (the
           results file's wall_seconds) against the fifo section's specmc rate.
  study    wall and CPU seconds (the process's rusage) of the full `specmc validate` on
           every core; targets: <= 15 s wall and <= 30 CPU s (on 2 cores).
  experiments  wall and CPU seconds of every experiments/*.ini at its committed replicas on
           every core, and the total minutes (no target: the figure a study costs).
  growth   for every policy, CPU seconds (the whole process, one thread, least of 3) at x1,
           x2, x4 of bench/growth.ini's slots, tasks per job, jobs and replicas, one at a time
           (load kept at 0.7), and the least-squares exponent of cost against each; an
           exponent above 1.1 is looked at again (x1 .. x8, 5 repeats) and flagged if it
           stays there (the target: every exponent <= 1.1).
The model parameters (slots, rate, tasks, tmin, beta) are read from bench/fifo.ini, so both
implementations run the model that file describes; this script owns the run sizes and passes
them to specmc as overrides. The contract with specmc is one command:

    SPECMC run bench/fifo.ini --threads T --quiet --out DIR/NAME.h5 \\
        --set workload.jobs=J --set experiment.replicas=R

which must exit 0 and leave DIR/NAME.h5; its events are 2 * J * tasks * R (one policy). Its
time is the wall time of the whole process (start-up and HDF5 output included), so the ratio
is conservative for specmc. For the flowtime sanity line: `SPECMC report FILE.h5 --csv`
(row policy=fifo, metric=flowtime).

The compiled peers' contract is one command each, which prints one JSON line with at least
`events` (2 * JOBS * TASKS * REPLICAS) and `mean_flowtime`:

    PEER SLOTS JOBS TASKS RATE TMIN BETA SEED REPLICAS

Every measurement is repeated (3 times; once with --quick) and the median is reported. The
fifo section judges ratios of CPU times (user + system: the kernel's rusage of each specmc
and compiled peer process, this process's process_time for SimPy) over 5 interleaved rounds
(SimPy, specmc, SimGrid, bare C, SimPy, ...), the median round's ratio of specmc to each
peer, and prints every round's and their spread: a machine that slows down part way through
slows every side of the rounds it touches.
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
FIFO_JOBS = 50000        # jobs per SimPy run and per replica of the others (section fifo)
# specmc's task events/s per core >= 70x SimPy's on the same model (bench/simpy_fifo.py): the
# project's goal since the job flowtimes were streamed (50x before); docs/guide/performance.md,
# "The FIFO model against SimPy, SimGrid and a bare C loop".
TARGET_RATIO = 70.0
# specmc's task events/s per core >= SimGrid's (S4U actors, bench/simgrid_fifo.cpp): a
# compiled, general-purpose simulator of the same model, so specmc should be no slower.
SIMGRID_TARGET = 1.0
# specmc's task events/s per core >= 0.95x a bare C event loop of the same model (binary heap,
# FIFO ring, bench/bare_fifo.c): the engine's generality (policy table, per-job statistics,
# HDF5 output, the whole process timed) may cost at most 5 % (0.9x before the job flowtimes
# were streamed; the latest figure is in docs/guide/performance.md, "The FIFO model against
# SimPy, SimGrid and a bare C loop").
BARE_TARGET = 0.95
PEER_TARGET_S = 1.5      # CPU seconds of one compiled peer's run (>= ~1 s: start-up is noise)
KERNEL_TARGET = 4.0      # validation kernel copy samples/s per core >= 4x numpy's
KERNEL_BENCH = os.path.join(os.path.dirname(HERE), "build", "release", "kernel-bench")
SCA_BENCH = os.path.join(os.path.dirname(HERE), "build", "release", "sca-bench")
SIMGRID_FIFO = os.path.join(os.path.dirname(HERE), "build", "release", "simgrid-fifo")
BARE_FIFO = os.path.join(os.path.dirname(HERE), "build", "release", "bare-fifo")
NUMPY_PYTHON = "/usr/bin/python3"
PAPER_SCA_MS = 80.0      # seed 000 §5.2.3: ADMM on Fig. 1's instance, Matlab, 2.6 GHz i5
PAPER_DUAL_MS = 30.0     # the same, its dual approach (over 1000 iterations)
SCALE_RUNS = [           # (label, config, overrides): the papers' scales, bench/scale-*.ini
    ("000: 11 000 slots, 30 s slots", "scale-000.ini", []),
    ("000: 5 000 slots (heavy load)", "scale-000.ini", ["cluster.slots=5000"]),
    ("002: 12 000 slots, 1 s slots", "scale-002.ini", []),
]
# One replica of any policy at these scales in at most this many CPU seconds
# (docs/guide/performance.md, "The papers' scale").
SCALE_TARGET_S = 0.25


class BenchError(Exception):
    """A command failed, or its output is not what the contract says."""


# --- helpers ---------------------------------------------------------------------------------

def fmt_int(x):
    return "{:,}".format(int(round(x)))


def fmt_rate(x):
    return "{:,.0f}".format(x)


def median_of(values):
    return statistics.median(values)


def judge(value, target, unit, digits=1, at_most=False):
    """PASS or BELOW a target of at least `target` (at_most: of at most `target`), with the
    margin: "PASS (62.1x, 24% above the 50x target)"; the value with `digits` decimals."""
    margin = 100 * (value / target - 1)
    ok = value <= target if at_most else value >= target
    return "%s (%.*f%s, %.0f%% %s the %g%s target)" % (
        "PASS" if ok else "BELOW", digits, value, unit, abs(margin),
        "above" if margin >= 0 else "below", target, unit)


def read_ini(path):
    """A specmc config as configparser reads it (';' and '#' comments, inline ';'; a key given
    twice is specmc's error, not this script's)."""
    cp = configparser.ConfigParser(comment_prefixes=(";", "#"), inline_comment_prefixes=(";",),
                                   strict=False)
    if not cp.read(path):
        raise BenchError("cannot read %s" % path)
    return cp


def read_model(path):
    """The FIFO model as bench/fifo.ini defines it (the values both implementations use)."""
    cp = read_ini(path)
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


def run_rusage(cmd, stdout, peak=None):
    """Runs cmd to its end, its output to `stdout` (a file, or subprocess.DEVNULL): its wall
    seconds and its CPU seconds (user + system, from the kernel's rusage of that child alone:
    os.wait4). `peak`, a list, gets its maximum resident size in bytes appended, as
    /usr/bin/time measures it: the kernel's figure for a child forked from this process
    starts at this process's own size (50 MB once h5py is loaded), which would hide the
    child's. A failure raises BenchError with its standard error."""
    if peak is not None:
        with tempfile.NamedTemporaryFile(mode="r") as kb:
            seconds, cpu = run_rusage(["/usr/bin/time", "-f", "%M", "-o", kb.name] + cmd,
                                      stdout)
            peak.append(int(kb.read().split()[-1]) * 1024)
        return seconds, cpu
    with tempfile.TemporaryFile(mode="w+") as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=stdout, stderr=err)
        _, status, ru = os.wait4(p.pid, 0)
        seconds = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        if p.returncode != 0:
            err.seek(0)
            raise BenchError("command failed (exit %d): %s\n%s"
                             % (p.returncode, " ".join(cmd), err.read()))
    return seconds, ru.ru_utime + ru.ru_stime


class Specmc(object):
    """Runs `specmc run` (bench/fifo.ini with the sizes overridden, or a config as it is),
    timing the whole process."""

    def __init__(self, binary, workdir):
        self.binary = binary
        self.workdir = workdir
        self.count = 0
        self.last_out = None
        self.measure_peak = False  # last_peak: the run's peak resident bytes (section memory)

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
        """The command's wall seconds; its CPU seconds (run_rusage) are left in
        self.last_cpu."""
        peak = [] if self.measure_peak else None
        seconds, self.last_cpu = run_rusage(cmd, subprocess.DEVNULL, peak)
        self.last_peak = peak[0] if peak else None
        if not os.path.isfile(out):
            raise BenchError("command exited 0 but wrote no %s: %s" % (out, " ".join(cmd)))
        if self.last_out:
            os.remove(self.last_out)
        self.last_out = out
        return seconds

    def run_config(self, ini, sets, replicas=1):
        """`SPECMC run INI --replicas R --threads 1 --quiet --set ...`, timed; the output is
        self.last_out until the next run."""
        self.count += 1
        out = os.path.join(self.workdir, "run-%d.h5" % self.count)
        cmd = [self.binary, "run", ini, "--replicas", str(replicas), "--threads", "1",
               "--quiet", "--out", out]
        for kv in sets:
            cmd += ["--set", kv]
        return self._timed(cmd, out)

    def run_ini(self, ini, replicas, threads):
        """`SPECMC run INI --replicas R --threads T --quiet`, timed (wall; CPU in last_cpu)."""
        self.count += 1
        out = os.path.join(self.workdir, "exp-%d.h5" % self.count)
        return self._timed([self.binary, "run", ini, "--replicas", str(replicas), "--threads",
                            str(threads), "--quiet", "--out", out], out)

    def report_csv(self, h5):
        cmd = [self.binary, "report", h5, "--csv"]
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        if p.returncode != 0:
            raise BenchError("command failed (exit %d): %s\n%s%s"
                             % (p.returncode, " ".join(cmd), p.stdout, p.stderr))
        return p.stdout


class CompiledPeer(object):
    """Runs a compiled peer of the FIFO model (bench/simgrid_fifo.cpp, bench/bare_fifo.c): one
    process per run, `PEER SLOTS JOBS TASKS RATE TMIN BETA SEED REPLICAS`, timed by its rusage
    as specmc is."""

    def __init__(self, binary, model):
        self.binary = binary
        self.model = model

    def run(self, jobs, replicas, seed):
        """The peer's JSON line, with its CPU seconds (run_rusage) added as "cpu"."""
        m = self.model
        cmd = [self.binary, str(m["slots"]), str(jobs), str(m["tasks"]), "%.17g" % m["rate"],
               "%.17g" % m["tmin"], "%.17g" % m["beta"], str(seed), str(replicas)]
        with tempfile.TemporaryFile(mode="w+") as out:
            _, cpu = run_rusage(cmd, out)
            out.seek(0)
            text = out.read()
        try:
            r = json.loads(text.strip().splitlines()[-1])
            want = 2 * jobs * m["tasks"] * replicas
            if r["events"] != want:
                raise BenchError("%s: %s events, the model has %d" % (" ".join(cmd),
                                                                      r["events"], want))
            float(r["mean_flowtime"])
        except (ValueError, IndexError, KeyError, TypeError):
            raise BenchError("%s: expected a JSON line with events and mean_flowtime, got %r"
                             % (" ".join(cmd), text))
        r["cpu"] = cpu
        return r


def grow_replicas(run_cpu, replicas, target):
    """Replicas for a run of about `target` CPU seconds: run_cpu(R) runs R replicas and returns
    its CPU seconds; pilot runs grow R from `replicas` until one lasts a quarter of the target,
    and the last is scaled up."""
    while True:
        t = run_cpu(replicas)
        if t >= target / 4:
            break
        replicas *= max(2, min(16, int(math.ceil(target / 4 / max(t, 1e-3)))))
    return int(math.ceil(replicas * target / t))


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
    """FIFO cluster model: specmc (1 thread) vs SimPy, SimGrid and a bare C loop, task events
    per second per core."""
    import simpy_fifo  # after sys.path is set; exits with a message if SimPy 2 is missing
    import SimPy

    m, quick = ctx["model"], ctx["quick"]
    simgrid = CompiledPeer(bench_binary(ctx, "simgrid_fifo"), m)
    bare = CompiledPeer(bench_binary(ctx, "bare_fifo"), m)
    print("== FIFO cluster model: %d slots, %d Pareto(%g, %g) tasks/job, Poisson arrivals "
          "rate %.4g, load %.2f" % (m["slots"], m["tasks"], m["tmin"], m["beta"], m["rate"],
                                    m["load"]))

    def simpy_run(jobs, seed):
        gc.collect()
        return simpy_fifo.run(m["slots"], jobs, m["tasks"], m["rate"], m["tmin"], m["beta"],
                              seed)

    # Jobs per run (SimPy) = per replica (the others): fixed, about 3 s of SimPy. Sized by a
    # pilot on the wall clock they depended on the machine's load, and specmc's rate depends on
    # them: a replica's arrays grow with its jobs (the same 21.6 M task events took 1.02 CPU s
    # as 90 replicas of 12 000 jobs, 1.23 s as 20 of 54 000). 50 000 is about what the pilot
    # chose on an idle machine.
    jobs = 300 if quick else FIFO_JOBS
    # The others: the same jobs per replica; replicas sized (pilot runs) for >= 2.5 s of specmc
    # with one thread and PEER_TARGET_S of each compiled peer (SimGrid runs its replicas one
    # after another in one simulation; one of SimPy's runs usually lasts long enough).
    spec, ncpu = ctx["specmc"], ctx["ncpu"]
    def spec_cpu(reps):
        spec.run(1, jobs, reps)
        return spec.last_cpu

    if quick:
        replicas, sg_replicas, bare_replicas = 2, 1, 2
    else:
        replicas = grow_replicas(spec_cpu, ncpu, 2.5)
        sg_replicas = grow_replicas(lambda r: simgrid.run(jobs, r, 99)["cpu"], 1,
                                    PEER_TARGET_S)
        bare_replicas = grow_replicas(lambda r: bare.run(jobs, r, 99)["cpu"], 1, PEER_TARGET_S)
    events = dict(simpy=2 * jobs * m["tasks"], specmc=2 * jobs * m["tasks"] * replicas,
                  simgrid=2 * jobs * m["tasks"] * sg_replicas,
                  bare=2 * jobs * m["tasks"] * bare_replicas)

    # Rounds, interleaved (SimPy, specmc, SimGrid, bare C), each side's CPU time (SimPy: this
    # process's process_time; the others: their own rusage): a machine that slows down or
    # speeds up part way slows every side of the rounds then, and each round's ratios of
    # specmc to each peer are what is judged.
    rounds = []
    for seed in range(1, ctx["pairs"] + 1):
        c0 = time.process_time()
        r = simpy_run(jobs, seed)
        cpu = dict(simpy=time.process_time() - c0)
        spec.run(1, jobs, replicas)
        cpu["specmc"] = spec.last_cpu
        sg = simgrid.run(jobs, sg_replicas, seed)
        cpu["simgrid"] = sg["cpu"]
        b = bare.run(jobs, bare_replicas, seed)
        cpu["bare"] = b["cpu"]
        rounds.append(dict(cpu=cpu, rate=dict((k, events[k] / cpu[k]) for k in cpu),
                           flow=dict(simpy=r["mean_flowtime"], simgrid=sg["mean_flowtime"],
                                     bare=b["mean_flowtime"])))

    def ratios(num, den):
        """Each round's ratio of num's rate to den's, sorted, and their median."""
        rs = sorted(q["rate"][num] / q["rate"][den] for q in rounds)
        return rs, median_of(rs)

    flow = specmc_flowtime(spec.report_csv(spec.last_out))
    if not flow:
        raise BenchError("no fifo flowtime row in `specmc report --csv`")

    print("   sizes: %s jobs per run (SimPy) = per replica (the others); replicas: specmc %d, "
          "SimGrid %d, bare C %d; %d interleaved rounds (SimPy, specmc, SimGrid, bare C), CPU "
          "time (user + system) of each, medians"
          % (fmt_int(jobs), replicas, sg_replicas, bare_replicas, len(rounds)))
    print()
    w = "   {:<30} {:>14} {:>9} {:>18} {:>10}"
    print(w.format("implementation", "task events", "CPU s", "events/s per core",
                   "vs SimPy"))
    rows = [("simpy", "SimPy %s (Python %d.%d)" % (SimPy.__version__, sys.version_info[0],
                                                    sys.version_info[1])),
            ("simgrid", "SimGrid %s (S4U actors)" % sg.get("simgrid", "?")),
            ("bare", "bare C loop (heap + FIFO ring)"),
            ("specmc", "specmc --threads 1")]
    for key, label in rows:
        sec = median_of([q["cpu"][key] for q in rounds])
        print(w.format(label, fmt_int(events[key]), "%.3f" % sec, fmt_rate(events[key] / sec),
                       "%.1fx" % ratios(key, "simpy")[1]))
    print()
    verdicts = {}
    for peer, name, target, digits in [("simpy", "SimPy", TARGET_RATIO, 1),
                                       ("simgrid", "SimGrid", SIMGRID_TARGET, 2),
                                       ("bare", "the bare C loop", BARE_TARGET, 2)]:
        rs, ratio = ratios("specmc", peer)
        verdicts[peer] = ratio
        print("   specmc / %s, each round: %s (spread %.1f%% of the median)"
              % (name, ", ".join("%.*fx" % (digits, x) for x in rs),
                 100 * (rs[-1] - rs[0]) / ratio))
        print("   target: >= %gx %s: %s" % (target, name, judge(ratio, target, "x", digits) +
              ("  [--quick: sizes too small to mean anything]" if quick else "")))
    print("   sanity, mean job flowtime (the peers: mean of the rounds' means, and their range):")
    for key, name, reps in [("simpy", "SimPy", 1), ("simgrid", "SimGrid", sg_replicas),
                            ("bare", "bare C", bare_replicas)]:
        fs = [q["flow"][key] for q in rounds]
        print("     %-8s %.3f  (%d runs x %d replica%s x %s jobs; runs %.3f to %.3f)"
              % (name, statistics.mean(fs), len(rounds), reps, "" if reps == 1 else "s",
                 fmt_int(jobs), min(fs), max(fs)))
    print("     %-8s %.3f  [%.3f, %.3f] (%d replicas x %s jobs, its confidence interval)"
          % ("specmc", flow[0], flow[1], flow[2], replicas, fmt_int(jobs)))
    print("   (no queueing, a job takes E[max of %d task times] = %.3f; with tail index %g the "
          "task times have infinite variance, so sample means converge slowly and mostly "
          "from below)" % (m["tasks"], expected_max_pareto(m["tasks"], m["tmin"], m["beta"]),
                           m["beta"]))
    print()
    ctx["fifo"] = dict(jobs=jobs, replicas=replicas,
                       seconds_t1=median_of([q["cpu"]["specmc"] for q in rounds]),
                       ratio=verdicts["simpy"], ratio_simgrid=verdicts["simgrid"],
                       ratio_bare=verdicts["bare"])


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
    freed blocks this large to the kernel), which the tuned variants avoid. Loops for
    `seconds` of this process's CPU time (process_time), the measure kernel-bench uses."""
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
    t0 = time.process_time()   # CPU time, as kernel-bench measures its own
    while True:
        met += batch()
        jobs += rows
        sec = time.process_time() - t0
        if sec >= seconds:
            break
    return dict(variant=variant, numpy=np.__version__, jobs=jobs, jobs_met=met, seconds=sec,
                copy_samples_per_s=jobs * 30 / sec)


def bench_binary(ctx, key):
    """The path of a benchmark binary (ctx[key]: kernel_bench, sca_bench, bare_fifo,
    simgrid_fifo), which must exist."""
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
    """The Clone validation kernel vs numpy: copy samples per CPU second on one core, judged
    over interleaved pairs (kernel, numpy computing the same totals, kernel, ...)."""
    binary, pairs, quick = bench_binary(ctx, "kernel_bench"), ctx["pairs"], ctx["quick"]
    seconds = 0.2 if quick else 1.0
    N, copies, tmin, beta, D = 10, 3, 1.0, 1.5, 3.0
    print("== validation kernel: Chronos Clone, N = %d tasks x %d attempts, Pareto(%g, %g), "
          "D = %g, one thread; ~%g CPU s per run, %d interleaved pairs with the peer"
          % (N, copies, tmin, beta, D, seconds, pairs))
    print()
    best = "totals"  # the peer: numpy computing what the kernel computes (fastest such variant)
    kern, peer_runs, ratios = [], [], []
    for seed in range(1, pairs + 1):
        k = run_json([binary, "%g" % seconds, str(seed)])
        p = run_numpy_peer(seconds, 100 + seed, best)
        kern.append(k)
        peer_runs.append(p)
        ratios.append(k["copy_samples_per_s"] / p["copy_samples_per_s"])
    # The variants that do less or are written plainly, once each: context, not judged.
    variants = ("literal", "pow", "exp", "minfirst", best)
    peers = {v: [run_numpy_peer(seconds, 100, v)] for v in variants if v != best}
    peers[best] = peer_runs
    k_rate = median_of([r["copy_samples_per_s"] for r in kern])
    rates = {v: median_of([r["copy_samples_per_s"] for r in runs]) for v, runs in peers.items()}
    ratios.sort()
    ratio = median_of(ratios)
    pocd_only = max(("literal", "pow", "exp", "minfirst"), key=rates.get)
    label = {"literal": "numpy %s, as written", "pow": "numpy %s, (1-U)**(-1/b), tuned",
             "exp": "numpy %s, exp(log1p(-U)/-b), tuned",
             "minfirst": "numpy %s, min of U first, one power per task, PoCD only",
             "totals": "numpy %s, as minfirst + the kernel's totals"}
    npver = peers[best][0]["numpy"]

    w = "   {:<60} {:>14} {:>10} {:>9}"
    print(w.format("implementation", "copy samples/s", "PoCD", "vs peer"))
    for v in variants:
        runs = peers[v]
        met, n = sum(r["jobs_met"] for r in runs), sum(r["jobs"] for r in runs)
        print(w.format(label[v] % npver + (" (peer)" if v == best else ""), fmt_rate(rates[v]),
                       "%.5f" % (met / float(n)), "%.2fx" % (rates[v] / rates[best])))
    k_met, k_n = sum(r["jobs_met"] for r in kern), sum(r["jobs"] for r in kern)
    print(w.format("specmc kernel (kn_run)", fmt_rate(k_rate), "%.5f" % (k_met / float(k_n)),
                   "%.2fx" % (k_rate / rates[best])))
    print()
    print("   the pairs' ratios: %s (spread %.1f%% of the median)"
          % (", ".join("%.2fx" % x for x in ratios), 100 * (ratios[-1] - ratios[0]) / ratio))
    print("   target: >= %gx numpy computing the same totals: %s%s" % (
        KERNEL_TARGET, judge(ratio, KERNEL_TARGET, "x"),
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
    models/theory/xulau_p2.c (xl_p2_df). Solves from c = 1 repeatedly for `seconds` of the thread's
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
# SCA's binding decision on seed 000's Fig. 1 instance, with the paper's rho, in at most this
# many ms (docs/guide/performance.md, "SCA's decision").
SCA_DECISION_TARGET_MS = 0.2


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
    sca_table3(ctx, binary)


# Seed 000 Table 3: (scheduling interval s, tasks to schedule, computation time ms), Matlab.
PAPER_TABLE3 = [(10, 43, 130), (20, 86, 220), (30, 129, 300), (40, 172, 370), (50, 215, 380),
                (60, 258, 436)]


def sca_table3(ctx, binary):
    """Seed 000 Table 3: SCA's time per decision against the scheduling interval, on the jobs
    of bench/scale-000.ini (`sca-bench table3`); the paper's claim is that it grows slower than
    the tasks to schedule."""
    seconds = 0.1 if ctx["quick"] else 0.5
    ini = os.path.join(HERE, "scale-000.ini")
    runs = [run_json_lines([binary, "table3", ini, "%g" % seconds])
            for _ in range(ctx["repeats"])]
    print("== seed 000 Table 3: SCA's time per decision against the scheduling interval, the "
          "jobs of bench/scale-000.ini (N = %.0f machines idle, what their load leaves), one "
          "thread, median of %d" % (runs[0][0]["idle"], len(runs)))
    print()
    w = "   {:>9} {:>14} {:>13} {:>13} {:>13} {:>13}"
    print(w.format("interval", "tasks (paper)", "P2 solves", "us/decision", "us/P2 solve",
                   "paper ms"))
    tasks, per_decision, per_solve = [], [], []
    for k, (dt, paper_tasks, paper_ms) in enumerate(PAPER_TABLE3):
        rows = [r[k] for r in runs]
        us = median_of([r["us_per_decision"] for r in rows])
        solve = us * rows[0]["decisions"] / max(rows[0]["p2_solves"], 1)
        tasks.append(rows[0]["tasks_per_decision"])
        per_decision.append(us)
        per_solve.append(solve)
        print(w.format(dt, "%.1f (%d)" % (tasks[-1], paper_tasks), rows[0]["p2_solves"],
                       "%.2f" % us, "%.2f" % solve, paper_ms))
    paper = log_slope([t for _, t, _ in PAPER_TABLE3], [m for _, _, m in PAPER_TABLE3])
    a, b = log_slope(tasks, per_decision), log_slope(tasks, per_solve)
    print()
    print("   growth with the tasks to schedule, exponent of time ~ tasks^a: paper %.2f; here "
          "per decision %.2f, per P2 solve %.2f" % (paper, a, b))
    def verdict(x):  # within 0.05 of 1 is linear growth, not slower
        return "holds" if x < 0.95 else "does not hold (linear)" if x <= 1.05 else \
            "does not hold"
    print("   paper's claim, 'grows slower than the linear increase in the number of tasks': "
          "%s per decision, %s per P2 solve%s" % (verdict(a), verdict(b),
                                                   "  [--quick]" if ctx["quick"] else ""))
    print("   (a decision with no waiting job, or with more tasks than idle machines, runs no "
          "P2: longer intervals have fewer such decisions, so the time per decision grows "
          "with the share that solve as well as with each solve's jobs)")
    print()


def h5_events(path):
    """(task_events, wall_seconds) of a results file: the events of the run and the time spent
    simulating them, without start-up and output (docs/guide/file-format.md)."""
    import h5py
    with h5py.File(path, "r") as f:
        return int(f.attrs["task_events"]), float(f.attrs["wall_seconds"])


def h5_attr(path, name):
    """A root attribute of a results file."""
    import h5py
    with h5py.File(path, "r") as f:
        return f.attrs[name]


def policy_names(binary):
    """Every policy this build lists (`specmc list`, the lines under "policies")."""
    p = subprocess.run([binary, "list"], stdout=subprocess.PIPE, universal_newlines=True)
    names, inside = [], False
    for line in p.stdout.splitlines():
        if line.startswith("policies"):
            inside = True
        elif inside and line.startswith("  ") and not line.startswith("   "):
            names.append(line.split()[0])
        elif inside and names and not line.strip():
            break
    if not names:
        raise BenchError("`%s list` printed no policies" % binary)
    return names


def scale_overrides(pol, ini):
    """(extra --set values, note) a policy needs to run on a scale config: Chronos's policies
    need deadlines (twice the mean task time, as experiments/chronos-*.ini set them: 6 = 2 x
    3 tmin), Hopper one-phase jobs and hopper-dag (Algorithm 3) pipelined ones,
    srpt-offline r = 0 where task times have no finite variance (Pareto beta = 2)."""
    if pol in ("clone", "s-restart", "s-resume"):
        cp = read_ini(os.path.join(HERE, ini))
        tmin, beta = cp["workload"].getfloat("tmin"), cp["workload"].getfloat("beta")
        deadline = 2 * tmin * beta / (beta - 1)   # twice the Pareto mean
        return ["workload.deadline=%.6g" % deadline], "deadline %.0f s" % deadline
    if pol == "srpt-offline" and ini == "scale-000.ini":   # beta = 2: no finite SD to weigh
        return ["policy.srpt-offline.r=0"], "r = 0"
    if pol == "hopper" and ini == "scale-002.ini":
        return ["workload.reduce_fraction=0"], "one phase"
    if pol == "hopper-dag" and ini == "scale-002.ini":   # Algorithm 3 is for pipelined phases
        return ["workload.phases=pipelined"], "pipelined"
    return [], ""


def section_scale(ctx):
    """One replica of every policy at the papers' scale: CPU seconds of the whole process
    against the target, and the simulation's events/s against the fifo section's."""
    spec, reps = ctx["specmc"], ctx["repeats"]
    base = ctx.get("fifo")
    fifo_rate = None
    if base is not None:
        m = ctx["model"]
        fifo_rate = 2.0 * base["jobs"] * m["tasks"] * base["replicas"] / base["seconds_t1"]
    policies = policy_names(spec.binary)
    print("== papers' scale: one replica of each of the %d policies, one thread, whole process "
          "(bench/scale-000.ini, bench/scale-002.ini); CPU seconds, median of %d"
          % (len(policies), reps))
    print()
    w = "   {:<32} {:<13} {:>7} {:>12} {:>15} {:>8}  {}"
    print(w.format("configuration", "policy", "CPU s", "task events", "events/s (sim)",
                   "vs fifo", "target <= %g s" % SCALE_TARGET_S))
    results, below = {}, []
    for label, ini, sets in SCALE_RUNS:
        for k, pol in enumerate(policies):
            extra, note = scale_overrides(pol, ini)
            over = sets + extra + ["policy.list=" + pol]
            runs = []
            for _ in range(reps):
                spec.run_config(os.path.join(HERE, ini), over)
                runs.append((spec.last_cpu,) + h5_events(spec.last_out))
            cpu, events, sim = median_of([r[0] for r in runs]), runs[0][1], median_of(
                [r[2] for r in runs])
            rate = events / sim if sim > 0 else float("nan")
            ok = cpu <= SCALE_TARGET_S
            if not ok:
                below.append("%s (%s) %.2f s" % (pol, label.split(",")[0], cpu))
            print(w.format(label if k == 0 else "", pol + ("*" if note else ""), "%.2f" % cpu,
                           fmt_int(events), fmt_rate(rate),
                           "%.2fx" % (rate / fifo_rate) if fifo_rate else "-",
                           ("PASS" if ok else "BELOW") + ("  (%s)" % note if note else "")))
            results[(label, pol)] = cpu
    print()
    worst = max(results, key=results.get)
    print("   slowest: %s on %s, %.2f CPU s per replica (the whole process: start-up, the "
          "simulation, summaries and output)" % (worst[1], worst[0], results[worst]))
    print("   target: every policy <= %g CPU s per replica at every scale: %s" % (
        SCALE_TARGET_S, "PASS (all %d runs)" % len(results) if not below else
        "BELOW (%d of %d runs: %s)" % (len(below), len(results), "; ".join(below))))
    print("   *: with the override in brackets, which the policy needs to run on this config")
    if fifo_rate:
        print("   events/s (sim): over the time spent simulating (the file's wall_seconds); vs "
              "fifo: against the fifo section's specmc rate, %s events/s — what each policy's "
              "decisions cost on top of the event loop%s" % (
                  fmt_rate(fifo_rate), "  [--quick: the fifo rate means nothing]"
                  if ctx["quick"] else ""))
    print()
    ctx["scale"] = results


# The full `specmc validate` on 2 cores in at most this many wall seconds, and this many CPU
# seconds (user + system) whatever the cores (docs/guide/performance.md, "`specmc validate`").
VALIDATE_TARGET_S = 15.0
VALIDATE_CPU_TARGET_S = 30.0


def section_study(ctx):
    """The time a study takes: the full `specmc validate` (every check at full size), wall
    seconds on all cores and CPU seconds (user + system, the kernel's rusage of that child:
    the figure a shared machine distorts least), against their targets. (Every experiment of
    experiments/ at its committed replicas is the `experiments` section: about 3 minutes on 2
    cores, docs/guide/performance.md, "Every experiment".)"""
    spec, quick = ctx["specmc"], ctx["quick"]
    out = os.path.join(spec.workdir, "validate.h5")
    cmd = [spec.binary, "validate", "--out", out] + (["--quick"] if quick else [])
    with tempfile.TemporaryFile(mode="w+") as so, tempfile.TemporaryFile(mode="w+") as se:
        t0 = time.perf_counter()
        child = subprocess.Popen(cmd, stdout=so, stderr=se, universal_newlines=True)
        _, status, ru = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - t0
        rc = os.waitstatus_to_exitcode(status)
        so.seek(0)
        se.seek(0)
        stdout, stderr = so.read(), se.read()
    cpu = ru.ru_utime + ru.ru_stime
    if rc not in (0, 1) or not os.path.isfile(out):   # 1: an unexpected verdict
        raise BenchError("command failed (exit %d): %s\n%s" % (rc, " ".join(cmd), stderr))
    rows = [l for l in stdout.splitlines() if " rows: " in l]
    print("== the time a study takes: specmc validate%s on %d cores"
          % (" --quick" if quick else "", ctx["ncpu"]))
    print("   %.1f s wall, %.1f CPU s%s" % (seconds, cpu, "; " + rows[0].strip() if rows else ""))
    for what, value, target, unit in [("wall", seconds, VALIDATE_TARGET_S, "s"),
                                      ("CPU", cpu, VALIDATE_CPU_TARGET_S, "CPU s")]:
        margin = 100 * (1 - value / target)
        print("   target: <= %g %s: %s (%.1f %s, %.0f%% %s the target)%s"
              % (target, unit, "PASS" if value <= target else "BELOW", value, unit,
                 abs(margin), "under" if margin >= 0 else "over",
                 "  [--quick: the reduced grid]" if quick else ""))
    print()


EXPERIMENTS = os.path.join(os.path.dirname(HERE), "experiments")


def section_experiments(ctx):
    """The time a study takes, part two: every experiments/*.ini at its committed replicas on
    every core (what `make run` and `make plots` run), wall and CPU seconds each, and the
    total. A figure to watch, with no target of its own (docs/guide/performance.md, "Every
    experiment")."""
    spec, quick = ctx["specmc"], ctx["quick"]
    inis = sorted(f for f in os.listdir(EXPERIMENTS) if f.endswith(".ini"))
    print("== the time a study takes: every experiments/*.ini at its committed replicas%s, "
          "--threads %d" % (" (--quick: 2 replicas each)" if quick else "", ctx["ncpu"]))
    print()
    w = "   {:<26} {:>9} {:>9} {:>9}"
    print(w.format("experiment", "replicas", "wall s", "CPU s"))
    wall = cpu = 0.0
    for ini in inis:
        cp = read_ini(os.path.join(EXPERIMENTS, ini))
        replicas = 2 if quick else cp["experiment"].getint("replicas")
        sec = spec.run_ini(os.path.join(EXPERIMENTS, ini), replicas, ctx["ncpu"])
        wall, cpu = wall + sec, cpu + spec.last_cpu
        print(w.format(ini, replicas, "%.1f" % sec, "%.1f" % spec.last_cpu))
    print(w.format("total", "", "%.1f" % wall, "%.1f" % cpu))
    print()
    print("   %d experiments: %.1f minutes wall on %d cores (%.1f CPU minutes); whole "
          "processes: simulation, summaries and the results file (figures: `make plots` adds "
          "drawing)%s" % (len(inis), wall / 60, ctx["ncpu"], cpu / 60,
                          "  [--quick]" if quick else ""))
    print()


GROWTH_INI = os.path.join(HERE, "growth.ini")
# Flag any cost exponent (how a policy's CPU time grows with slots, tasks, jobs, replicas) above
# this (docs/guide/performance.md, "Cost growth").
GROWTH_FLAG = 1.1
GROWTH_PILOT_S = 0.15    # each policy's base run is sized to at least this much CPU time


def log_slope(xs, ys):
    """Least-squares slope of log y against log x: the exponent of y ~ x^a."""
    lx, ly = [math.log(x) for x in xs], [math.log(y) for y in ys]
    mx, my = statistics.mean(lx), statistics.mean(ly)
    return (sum((a - mx) * (b - my) for a, b in zip(lx, ly)) /
            sum((a - mx) ** 2 for a in lx))


def section_growth(ctx):
    """How each policy's cost grows: the exponent of CPU time against slots, tasks per job,
    jobs and replicas (x1, x2, x4 of bench/growth.ini's base, one at a time), flagged above
    1.1 — after a second look at x1 .. x8 with more repeats, so that noise flags nothing."""
    spec, quick = ctx["specmc"], ctx["quick"]
    cp = read_ini(GROWTH_INI)
    w0, c0 = cp["workload"], cp["cluster"]
    base = dict(slots=c0.getint("slots"), tasks=w0.getint("tasks"), jobs=w0.getint("jobs"),
                replicas=cp["experiment"].getint("replicas"), rate=w0.getfloat("rate"))
    points, recheck = ((1, 2), (1, 2)) if quick else ((1, 2, 4), (1, 2, 4, 8))
    repeats = 1 if quick else 3
    dims = ("slots", "tasks", "jobs", "replicas")
    print("== cost growth: CPU seconds of the whole process (one thread, the least of %d) at "
          "x%s of bench/growth.ini's %s slots, %s tasks/job, jobs, %s replicas, one at a "
          "time (load kept at 0.7); the exponent of cost against each, flagged above %g if a "
          "second look (x%s, %d repeats) confirms it"
          % (repeats, ", x".join(map(str, points)), base["slots"], base["tasks"],
             base["replicas"], GROWTH_FLAG, ", x".join(map(str, recheck)), repeats + 2))
    print()

    def cpu_seconds(pol, size, tries):
        rate = base["rate"] * size["slots"] / base["slots"] * base["tasks"] / size["tasks"]
        sets = ["policy.list=" + pol, "cluster.slots=%d" % size["slots"],
                "workload.tasks=%d" % size["tasks"], "workload.jobs=%d" % size["jobs"],
                "workload.rate=%.17g" % rate]
        best = None
        for _ in range(tries):
            spec.run_config(GROWTH_INI, sets, replicas=size["replicas"])
            best = spec.last_cpu if best is None else min(best, spec.last_cpu)
        return best

    def exponent(pol, size, d, xs, tries, t1):
        ys = [t1]
        for f in xs[1:]:
            bigger = dict(size)
            bigger[d] = size[d] * f
            ys.append(cpu_seconds(pol, bigger, tries))
        return log_slope(xs, ys)

    w = "   {:<13} {:>8} {:>8} {:>8} {:>8} {:>9}  {}"
    print(w.format("policy", "slots", "tasks", "jobs", "replicas", "base s", "verdict"))
    flagged, rechecked = [], []
    for pol in policy_names(spec.binary):
        size = dict(base)
        k, t1 = 1, cpu_seconds(pol, size, repeats)
        while t1 < GROWTH_PILOT_S and k < 256 and not quick:
            k *= 2
            size["jobs"] = base["jobs"] * k
            t1 = cpu_seconds(pol, size, repeats)
        slopes = {d: exponent(pol, size, d, points, repeats, t1) for d in dims}
        for d in [d for d in dims if slopes[d] > GROWTH_FLAG]:
            first = slopes[d]
            slopes[d] = exponent(pol, size, d, recheck, repeats + 2,
                                 cpu_seconds(pol, size, repeats + 2))
            rechecked.append("%s/%s %.2f -> %.2f" % (pol, d, first, slopes[d]))
        high = [d for d in dims if slopes[d] > GROWTH_FLAG]
        flagged += ["%s/%s %.2f" % (pol, d, slopes[d]) for d in high]
        print(w.format(pol, *(["%.2f" % slopes[d] for d in dims] + [
            "%.3f" % t1, "FLAG (%s)" % ", ".join(high) if high else "ok"])))
    print()
    print("   base: CPU seconds at the base size (jobs doubled from %d until a run took >= %g "
          "s); slots and tasks grow with the arrival rate scaled to keep the load; the whole "
          "process is timed, so start-up pulls exponents a little below the simulation's"
          % (base["jobs"], GROWTH_PILOT_S))
    if rechecked:
        print("   looked at again (x%s, %d repeats): %s" % (
            ", x".join(map(str, recheck)), repeats + 2, "; ".join(rechecked)))
    print("   target: every exponent <= %g: %s%s" % (
        GROWTH_FLAG, "PASS" if not flagged else "BELOW (%s)" % "; ".join(flagged),
        "  [--quick: two points, one run each]" if quick else ""))
    print()


SEQ_INI = os.path.join(HERE, "sequential.ini")
SEQ_TARGET = 2.0         # a run that stops by itself costs at most 2x a fixed run of its n


def section_sequential(ctx):
    """Sequential stopping (`[experiment] precision`): the CPU time of a run that stops by
    itself at n replicas against a fixed run of n (bench/sequential.ini), target at most
    SEQ_TARGET: the looks must cost O(total replicas), not a summary after every batch."""
    spec, quick = ctx["specmc"], ctx["quick"]
    precision = "0.02" if quick else "0.006"
    print("== sequential stopping: bench/sequential.ini to precision %s (batches of 30), "
          "then a fixed run of the n it reached; CPU seconds, one thread" % precision)
    spec.run_config(SEQ_INI, ["experiment.precision=" + precision], replicas=30)
    seq_cpu = spec.last_cpu
    n = int(h5_attr(spec.last_out, "replicas"))
    fixed = os.path.join(spec.workdir, "fixed.ini")  # the same run without the stopping rule
    with open(SEQ_INI) as f, open(fixed, "w") as g:
        g.writelines(line for line in f if not line.startswith(("precision", "max_replicas")))
    spec.run_config(fixed, [], replicas=n)
    fixed_cpu = spec.last_cpu
    print("   stopped at %d replicas: %.2f CPU s; a fixed run of %d: %.2f CPU s"
          % (n, seq_cpu, n, fixed_cpu))
    print("   target: at most %gx a fixed run: %s" % (
        SEQ_TARGET, judge(seq_cpu / fixed_cpu, SEQ_TARGET, "x", 2, at_most=True)))
    print()


MEM_PER_REPLICA = 64 * 16  # bytes per replica of a cell: a few per-replica values per metric
MEM_PER_JOB = 1024         # bytes per job of a thread's replica workspace (and no more)


def section_memory(ctx):
    """Peak resident memory against replicas and jobs (bench/fifo.ini, one thread): what each
    added replica and each added job per replica costs, by the slope between the two largest
    runs. Bounded as O(replicas x metrics + threads x jobs): at most MEM_PER_REPLICA bytes
    per replica of a cell, MEM_PER_JOB per job."""
    spec, quick = ctx["specmc"], ctx["quick"]
    reps = (100, 1000, 10000) if quick else (100, 10000, 100000)
    jobs = (1000, 10000) if quick else (10000, 100000, 1000000)
    print("== memory: peak resident size of bench/fifo.ini on one thread (one cell)")
    spec.measure_peak = True
    peaks = []
    for r in reps:
        spec.run(1, 100, r)
        peaks.append(spec.last_peak)
        print("   %7d replicas x 100 jobs: %7.1f MB" % (r, spec.last_peak / 1e6))
    per_rep = (peaks[-1] - peaks[-2]) / (reps[-1] - reps[-2])
    jpeaks = []
    for j in jobs:
        spec.run(1, j, 10)
        jpeaks.append(spec.last_peak)
        print("   10 replicas x %7d jobs: %7.1f MB" % (j, spec.last_peak / 1e6))
    per_job = (jpeaks[-1] - jpeaks[-2]) / (jobs[-1] - jobs[-2])
    spec.measure_peak = False
    print("   target: at most %d bytes per replica: %s" % (
        MEM_PER_REPLICA, judge(per_rep, MEM_PER_REPLICA, " B", 0, at_most=True)))
    print("   target: at most %d bytes per job per thread: %s" % (
        MEM_PER_JOB, judge(per_job, MEM_PER_JOB, " B", 0, at_most=True)))
    print()


SECTIONS = [
    ("fifo", section_fifo),
    ("threads", section_threads),
    ("kernel", section_kernel),
    ("sca", section_sca),
    ("scale", section_scale),
    ("study", section_study),
    ("experiments", section_experiments),
    ("growth", section_growth),
    ("sequential", section_sequential),
    ("memory", section_memory),
]


def main(argv=None):
    ap = argparse.ArgumentParser(description="specmc benchmarks against their peers")
    ap.add_argument("specmc", help="path to the specmc binary (bin/specmc)")
    ap.add_argument("--quick", action="store_true", help="tiny sizes, one repeat: a smoke run")
    ap.add_argument("--only", metavar="S1,S2", default=",".join(n for n, _ in SECTIONS),
                    help="sections to run, in their own order (default: %(default)s)")
    ap.add_argument("--simgrid-bench", default=SIMGRID_FIFO, metavar="PATH",
                    help="the FIFO model's SimGrid peer (default: %(default)s)")
    ap.add_argument("--bare-bench", default=BARE_FIFO, metavar="PATH",
                    help="the FIFO model's bare C loop (default: %(default)s)")
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
                       simgrid_fifo=os.path.abspath(a.simgrid_bench),
                       bare_fifo=os.path.abspath(a.bare_bench),
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

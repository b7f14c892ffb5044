#!/usr/bin/python3
"""sequential — what sequential stopping (`[experiment] precision`) does to coverage.

    sequential.py --bin bin/specmc [--reps R] [--jobs J]

One job of 10 tasks with Exp(1) times on 20 slots, fifo, deadline 4: the job's mean flowtime
is E[max of 10 Exp(1)] = H_10 (Rényi) and its PoCD P(max <= 4) = (1 − e^−4)^10, exactly. Each
repetition runs specmc with its own seed and precision p on one of the two metrics
(batches of 30, max_replicas 20000), and records whether the interval it stopped with covers
the truth and the n it stopped at. Beside it, the same intervals at a fixed n (the median n
the sequential runs reached), the reference. Prints a Markdown table for docs/methods/statistics.md.
"""
import argparse
import concurrent.futures as cf
import csv
import io
import math
import os
import statistics
import subprocess
import sys
import tempfile

from table import clopper_pearson

TASKS, DEADLINE = 10, 4.0
TRUTH = {"flowtime": sum(1.0 / k for k in range(1, TASKS + 1)),
         "pocd": (1.0 - math.exp(-DEADLINE)) ** TASKS}
CONFIG = """[experiment]
seed = 1
[cluster]
slots = 20
[workload]
arrival = batch
jobs = 1
tasks = {tasks}
task_time = exponential
mean = 1
deadline = {deadline}
[policy]
list = fifo
"""


def one(binary, config, workdir, metric, precision, seed, fixed_n):
    out = os.path.join(workdir, f"{metric}-{precision}-{seed}-{fixed_n}.h5")
    args = [binary, "run", config, "--seed", str(seed), "--threads", "1", "--quiet",
            "--checkpoint", "0", "--out", out]
    if fixed_n:
        args += ["--replicas", str(fixed_n)]
    else:
        args += ["--replicas", "30", "--set", f"experiment.precision={precision}",
                 "--set", "experiment.max_replicas=20000",
                 "--set", f"experiment.precision_metrics={metric}"]
    subprocess.run(args, check=True, capture_output=True)
    rows = csv.DictReader(io.StringIO(subprocess.run(
        [binary, "report", out, "--csv"], check=True, capture_output=True, text=True).stdout))
    os.unlink(out)
    row = next(r for r in rows if r["policy"] == "fifo" and r["metric"] == metric)
    covered = float(row["ci_low"]) <= TRUTH[metric] <= float(row["ci_high"])
    return covered, int(row["n"]), row["interval"]


def batch(binary, config, workdir, metric, precision, reps, jobs, fixed_n=0):
    with cf.ThreadPoolExecutor(jobs) as ex:
        futs = [ex.submit(one, binary, config, workdir, metric, precision, 1000 + r, fixed_n)
                for r in range(reps)]
        return [f.result() for f in futs]


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--reps", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--precision", default="0.1,0.05,0.02")
    a = ap.parse_args(argv)
    print("| metric (interval) | precision | stopping | n: median [5 %, 95 %] | coverage "
          "[95 % CI] |")
    print("| --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as work:
        config = os.path.join(work, "seq.ini")
        with open(config, "w") as f:
            f.write(CONFIG.format(tasks=TASKS, deadline=DEADLINE))
        for metric in ("flowtime", "pocd"):
            for p in (float(x) for x in a.precision.split(",")):
                seq = batch(a.bin, config, work, metric, p, a.reps, a.jobs)
                ns = sorted(n for _, n, _ in seq)
                med = int(statistics.median(ns))
                fixed = batch(a.bin, config, work, metric, p, a.reps, a.jobs, fixed_n=med)
                for label, res in (("sequential", seq), (f"fixed n = {med}", fixed)):
                    k = sum(c for c, _, _ in res)
                    lo, hi = clopper_pearson(k, len(res))
                    nn = sorted(n for _, n, _ in res)
                    kind = res[0][2]
                    print(f"| {metric} ({kind}) | {p:g} | {label} | {int(statistics.median(nn))} "
                          f"[{nn[len(nn) // 20]}, {nn[len(nn) * 19 // 20]}] | "
                          f"{k / len(res):.3f} [{lo:.3f}, {hi:.3f}] |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

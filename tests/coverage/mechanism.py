#!/usr/bin/python3
"""mechanism — does a mean flowtime whose tail a policy lightens get an interval that covers?
The measurement behind the tail rules of Mantri's retried copies (docs/methods/statistics.md, "Tail
indices"): Poisson arrivals of jobs of 5 Pareto(1, 1.5) tasks on 20 slots at load 0.6, 80
measured jobs per replica; the truth is the mean of a run of 200 000 replicas (its own
interval printed beside it: the claim tested is that this mean has a light enough tail for
that run to pin it), and each repetition at n replicas asks whether its interval covers it.

    mechanism.py --bin bin/specmc [--reps 1000] [--reference 200000] [--n 20,50,200]

About 30 minutes on 2 cores. Prints one line per n: per policy, the coverage and the interval
kind the binary printed (`unreliable` rows show what their reference t would cover).
"""
import argparse
import csv
import io
import os
import subprocess
import tempfile
import zlib

CONFIG = """\
; tests/coverage/mechanism.py: Mantri's retried copies against LATE's spare-slot backups
[experiment]
name = mechanism
confidence = 0.95
[cluster]
slots = 20
[workload]
arrival = poisson
rate = 0.8
jobs = 100
warmup = 20
tasks = 5
task_time = pareto
tmin = 1
beta = 1.5
[policy]
list = mantri, late, fair+mantri
"""


def rows(binary, h5):
    out = subprocess.run([binary, "report", h5, "--csv"], capture_output=True, text=True,
                         check=True).stdout
    return {(r["policy"], r["metric"]): r for r in csv.DictReader(io.StringIO(out))}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", required=True)
    ap.add_argument("--reps", type=int, default=1000)
    ap.add_argument("--reference", type=int, default=200_000)
    ap.add_argument("--n", default="20,50,200")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="specmc-mechanism-") as tmp:
        ini = os.path.join(tmp, "mechanism.ini")
        with open(ini, "w") as f:
            f.write(CONFIG)
        ref_h5 = os.path.join(tmp, "ref.h5")
        subprocess.run([a.bin, "run", ini, "--replicas", str(a.reference), "--seed", "777",
                        "--out", ref_h5, "--quiet"], check=True)
        ref = rows(a.bin, ref_h5)
        pols = sorted({p for p, _ in ref})
        truth = {p: float(ref[(p, "flowtime")]["mean"]) for p in pols}
        print("reference", {p: (truth[p], ref[(p, "flowtime")]["ci_low"],
                                ref[(p, "flowtime")]["ci_high"]) for p in pols}, flush=True)
        for n in (int(x) for x in a.n.split(",")):
            covered, kinds = {p: 0 for p in pols}, {}
            for r in range(a.reps):
                h5 = os.path.join(tmp, f"{n}.h5")
                seed = str(zlib.crc32(f"{n}:{r}".encode()))
                subprocess.run([a.bin, "run", ini, "--replicas", str(n), "--seed", seed,
                                "--threads", "1", "--out", h5, "--quiet"], check=True)
                got = rows(a.bin, h5)
                for p in pols:
                    x = got[(p, "flowtime")]
                    covered[p] += float(x["ci_low"]) <= truth[p] <= float(x["ci_high"])
                    kinds[p] = x["interval"]
            print(f"n = {n}:", {p: (round(covered[p] / a.reps, 3), kinds[p]) for p in pols},
                  flush=True)


if __name__ == "__main__":
    main()

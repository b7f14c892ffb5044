#!/usr/bin/env python3
"""sensitivity — re-run a paper reproduction under each reading that could flip its headline
claim, and print the paired differences as the tables of docs/reproductions.md.

Each study names an experiment (experiments/NAME.ini, or its "ini"), the metrics of its claim and a list of
readings, each a set of `--set` overrides of the experiment (the first is the paper's own).
Every reading runs the experiment's policies on the same replicas (common random numbers), so
a policy's difference from the experiment's first policy (the paper's baseline) is paired
replica by replica; `specmc report --csv` gives it as the delta_METRIC rows.

    scripts/sensitivity.py STUDY [--bin bin/specmc] [--replicas N] [--only READING,...]
                                 [--set SECTION.KEY=V]...
    scripts/sensitivity.py --list

--set adds an override to every reading (after the study's own: e.g. another sweep value).

Prints one markdown row per reading: for each policy after the first and each metric, the
paired difference, its 95 % interval half-width (marked "*" where specmc says no interval is
valid: a heavy tail) and the relative difference (against the baseline's mean under that
reading). Results depend only on the experiment and its seed.
"""
import argparse
import csv
import io
import math
import os
import subprocess
import sys
import tempfile

MANTRI_000_002 = ["policy.mantri.kill=0"]  # seeds 000 §6 and 002 §VI-A: the duplicate test
MANTRI_KILL = ["policy.mantri.kill=1"]  # Mantri's own paper: keep the fastest copy
NOISE = ["cluster.estimate_noise=0.5"]  # every copy's progress off by a factor e^{0.5 Z}

MANTRI_004 = ["policy.mantri.spare_only=1", "policy.mantri.test=1",
              "policy.mantri.margin=0.025 mean", "policy.mantri.kill=1", "policy.mantri.keep=1",
              "policy.mantri.reports=1"]
SAME_INFORMATION = ["policy.mantri.reports=0"]  # a copy's estimate from its start, as everyone's
HADOOP_REPORTS = ["policy.mantri.report_interval=0.0025 mean"]  # 3 s of a 1180 s mean task

# Mantri's readings in seed 000's experiments (§6 describes the duplicate test alone)
SEED_000_READINGS = [
    ("seed 000's Mantri (kill = 0)", MANTRI_000_002),
    ("Mantri's own kill (kill = 1)", MANTRI_KILL),
    ("kill = 1, keep = best progress", MANTRI_KILL + ["policy.mantri.keep=1"]),
    ("kill = 0, spare_only = 1", MANTRI_000_002 + ["policy.mantri.spare_only=1"]),
    ("kill = 0, noisy estimates (σ = 0.5)", MANTRI_000_002 + NOISE),
    ("kill = 1, noisy estimates (σ = 0.5)", MANTRI_KILL + NOISE),
]

# Seed 000 §7 drew a clone's duration from its job's own trace tasks (copy_time = job_tasks),
# from a trace whose longest task is 22 919.3 s (tmax; tmin 640.78 keeps Table 2's mean task,
# 1246.7 s); how much the trace's tasks vary within a job Table 2 does not say (beta = 4:
# CV 0.35 where alpha = 2 truncated has 0.94; tmin 935.03 keeps the mean, ESE keeps its sigma)
TRUNCATED = ["workload.tmax=22919.3", "workload.tmin=640.78"]
JOB_TASKS = ["workload.copy_time=job_tasks"]
TIGHT_JOBS = ["workload.tmax=22919.3", "workload.tmin=935.03", "workload.beta=4",
              "policy.ese.sigma=1.70711"]

STUDIES = {
    # seed 004 Fig. 3 at θ = 1e-4: Mantri costs 50/67/88 % more than Clone, S-Restart,
    # S-Resume, whose utilities beat Mantri's by 31/43/50 %; S-Resume has the highest PoCD
    "chronos-fig3": {
        "metrics": ["pocd", "machine_time", "utility"],
        "common": ["sweep.utility.theta=1e-4"],
        "readings": [
            ("seed 004's Mantri (spare only, margin 0.025 mean, kill, keep best progress)",
             MANTRI_004),
            ("keep = the earliest estimated end", MANTRI_004 + ["policy.mantri.keep=0"]),
            ("kill = 0", MANTRI_004 + ["policy.mantri.kill=0"]),
            ("spare_only = 0", MANTRI_004 + ["policy.mantri.spare_only=0"]),
            ("margin = 0", MANTRI_004 + ["policy.mantri.margin=0"]),
            ("margin = 1 mean", MANTRI_004 + ["policy.mantri.margin=1 mean"]),
            ("max_extra = 4 (\"larger than 3\" literally)", MANTRI_004 + ["policy.mantri.max_extra=4"]),
            ("the δ test (test = 0)", MANTRI_004 + ["policy.mantri.test=0"]),
            ("Mantri's paper (test 0, kill, keep the earliest end, copies first)",
             ["policy.mantri.spare_only=0", "policy.mantri.test=0", "policy.mantri.kill=1",
              "policy.mantri.keep=0"]),
            ("seed 004's Mantri, noisy estimates (σ = 0.5)", MANTRI_004 + NOISE),
            ("seed 004's Mantri, the same information as Chronos (reports = 0)",
             MANTRI_004 + SAME_INFORMATION),
            ("seed 004's Mantri, reports every 3 s (Hadoop's)", MANTRI_004 + HADOOP_REPORTS),
            ("seed 004's Mantri, reports every 3 s, the same information",
             MANTRI_004 + HADOOP_REPORTS + SAME_INFORMATION),
            ("the same information, keep the earliest estimated end",
             MANTRI_004 + SAME_INFORMATION + ["policy.mantri.keep=0"]),
        ],
    },
    # seed 000 §7.2.2: ESE 71 % below Mantri, Mantri + ESE detection 9 % below it
    "xulau-heavy": {
        "metrics": ["flowtime", "machine_time"],
        "readings": SEED_000_READINGS + [
            ("kill = 0, reports every 90 s", MANTRI_000_002 + ["policy.mantri.report_interval=90"]),
        ],
    },
    # seed 000 §7.1.5: SCA 6 % below Mantri at light load
    "xulau-light": {
        "metrics": ["flowtime", "machine_time"],
        "readings": SEED_000_READINGS,
    },
    # the same comparison under seed 000 §7's own copies and trace (docs/reproductions.md,
    # §7.1.5; experiments/xulau-light-jobtasks.ini is the truncated pair)
    "xulau-light-copies": {
        "ini": "xulau-light",
        "metrics": ["flowtime", "machine_time"],
        "readings": [
            ("i.i.d. Pareto(2) copies, unbounded (specmc's model)", MANTRI_000_002),
            ("copies from the job's own tasks (copy_time = job_tasks)",
             MANTRI_000_002 + JOB_TASKS),
            ("truncated at 22 919.3 s, i.i.d. copies", MANTRI_000_002 + TRUNCATED),
            ("truncated, job's own tasks (§7's reading)", MANTRI_000_002 + TRUNCATED + JOB_TASKS),
            ("jobs' tasks vary less (beta = 4), truncated, i.i.d.",
             MANTRI_000_002 + TIGHT_JOBS),
            ("beta = 4, truncated, job's own tasks", MANTRI_000_002 + TIGHT_JOBS + JOB_TASKS),
        ],
    },
    # seed 002 §VI-C: SRPTMS+C about 25 % below Mantri, weighted and unweighted
    "srptms-compare": {
        "metrics": ["flowtime", "flowtime_weighted", "machine_time"],
        "readings": [
            ("seed 002's Mantri (kill = 0); reduces after the maps complete (prose), "
             "waiting jobs out of ψ", MANTRI_000_002),
            ("prose, waiting jobs kept in ψ (psi = 1)",
             MANTRI_000_002 + ["policy.srptms.psi=1"]),
            ("prose, every alive job in ψ (psi = 2, §V-A)",
             MANTRI_000_002 + ["policy.srptms.psi=2"]),
            ("prose, copies per task rounded to the nearest (round_copies = 1)",
             MANTRI_000_002 + ["policy.srptms.round_copies=1"]),
            ("reduces once the maps are launched (pseudo-code)",
             MANTRI_000_002 + ["policy.srptms.reduce_early=1"]),
            ("Mantri's own kill (kill = 1)", MANTRI_KILL),
            ("kill = 1, pseudo-code (specmc's only reading before 2026-11-23)",
             MANTRI_KILL + ["policy.srptms.reduce_early=1"]),
            ("kill = 0, spare_only = 1", MANTRI_000_002 + ["policy.mantri.spare_only=1"]),
            ("kill = 0, noisy estimates (σ = 0.5)", MANTRI_000_002 + NOISE),
            ("kill = 0, pseudo-code, noisy estimates (σ = 0.5)",
             MANTRI_000_002 + NOISE + ["policy.srptms.reduce_early=1"]),
            ("kill = 0, SRPTMS+C copies capped at 4", MANTRI_000_002 + ["policy.srptms.max_copies=4"]),
            ("kill = 0, SRPTMS+C copies capped at 2", MANTRI_000_002 + ["policy.srptms.max_copies=2"]),
            ("kill = 0, pseudo-code, copies capped at 2",
             MANTRI_000_002 + ["policy.srptms.reduce_early=1", "policy.srptms.max_copies=2"]),
        ],
    },
}


def run(binary, ini, sets, replicas):
    """Run the experiment with the overrides; return its report as CSV rows."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.h5")
        cmd = [binary, "run", ini, "--quiet", "--out", out]
        for s in sets:
            cmd += ["--set", s]
        if replicas:
            cmd += ["--replicas", str(replicas)]
        subprocess.run(cmd, check=True)
        rep = subprocess.run([binary, "report", out, "--csv"], check=True, capture_output=True,
                             text=True).stdout
    return list(csv.DictReader(io.StringIO(rep)))


def fmt(x):
    if not math.isfinite(x):
        return "+∞" if x > 0 else "−∞" if x < 0 else "undefined"
    return f"{x:+.0f}" if abs(x) >= 100 else f"{x:+.3g}"


def cell(mean, lo, hi, base, interval):
    """A paired difference, its 95 % half-width and its size relative to the baseline; "*"
    after an interval that is not valid (specmc's `unreliable`: docs/methods/statistics.md)."""
    if not math.isfinite(mean):  # the utility of a replica whose PoCD is below R_min is −∞
        return f"{fmt(mean)} (a PoCD below R_min)"
    rel = f" ({100 * mean / base:+.0f} %)" if math.isfinite(base) and base != 0 else ""
    mark = "*" if interval == "unreliable" else ""
    return f"{fmt(mean)} ± {abs(hi - lo) / 2:.3g}{mark}{rel}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("study", nargs="?")
    ap.add_argument("--bin", default="bin/specmc")
    ap.add_argument("--replicas", type=int, default=0, help="0: the experiment's own")
    ap.add_argument("--only", default="", help="comma-separated reading numbers (from 1)")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--set", action="append", default=[], help="an override for every reading")
    a = ap.parse_args()
    if a.list or a.study not in STUDIES:
        for name, st in STUDIES.items():
            print(name)
            for i, (label, sets) in enumerate(st["readings"], 1):
                print(f"  {i}. {label}: {' '.join(sets)}")
        return 0 if a.list else 2
    st = STUDIES[a.study]
    only = {int(x) for x in a.only.split(",") if x}
    ini = os.path.join("experiments", st.get("ini", a.study) + ".ini")
    header = None
    for i, (label, sets) in enumerate(st["readings"], 1):
        if only and i not in only:
            continue
        rows = run(a.bin, ini, st.get("common", []) + sets + a.set, a.replicas)
        policies = list(dict.fromkeys(r["policy"] for r in rows))
        base = policies[0]
        cells = []
        for pol in policies[1:]:
            for m in st["metrics"]:
                d = next(r for r in rows if r["policy"] == pol and r["metric"] == "delta_" + m)
                b = next(r for r in rows if r["policy"] == base and r["metric"] == m)
                cells.append(cell(float(d["mean"]), float(d["ci_low"]), float(d["ci_high"]),
                                  float(b["mean"]), d.get("interval", "")))
        if header is None:
            cols = [f"{p} − {base}: {m}" for p in policies[1:] for m in st["metrics"]]
            header = "| reading | " + " | ".join(cols) + " |"
            print(header)
            print("|" + " --- |" * (len(cols) + 1))
        print(f"| {label} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

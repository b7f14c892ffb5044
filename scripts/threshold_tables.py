#!/usr/bin/env python3
"""threshold_tables — seed 003's Tables 1-3 from a results file of experiments/threshold-*.ini,
and the verdict on each of its claims under each reading (docs/reproductions.md, seed 003).

    scripts/threshold_tables.py RESULTS.h5 [--bin SPECMC]
    scripts/threshold_tables.py --readings [--bin SPECMC] [--replicas N] [--only 1,3]
    scripts/threshold_tables.py --list

RESULTS.h5: markdown rows side by side with the paper's layout: per case and threshold, the
job's response time in ms and its replicas, each as the mean over the replicas and the
expected worst and best of five runs (the paper ran each case five times): the mean over
disjoint groups of five replicas of each group's maximum and minimum. The replicas' mean has a
95 % half-width (a bounded count; measured coverage 0.97 at 1000 replicas); the response
time's mean has none: straggling makes it as skewed as a Pareto law of index 3.6, where no
interval of a mean reaches its level (docs/methods/statistics.md; measured 0.89). Beside them the
share of jobs over the QoS (1 - pocd, with workload.deadline = the QoS: a timing violation,
§IV) with its Wilson interval.

Then the paired section: each case's static and dynamic scenarios run the same workloads, and
`specmc report --csv --against-scenario STATIC --scenario DYNAMIC` gives the verdicts valid at
any tail (docs/methods/statistics.md): the dynamic threshold's replicas minus the static one's (95 %
interval) and the shares of replicas in which it makes fewer and more (lower_/higher_
copies_per_task); the replicas in which the job finishes sooner and later (lower_/higher_
flowtime), the sign test's p-value and the median paired difference with its interval; the
replicas in which only the dynamic job meets the QoS and only the static one does (higher_/
lower_pocd) and their sign test.

--readings: runs experiments/threshold-{servers,tasks,params}.ini under each reading that
could flip a claim (--list names their overrides; the first is the paper's as we read it) and
prints, per reading, in which of the 17 cases the dynamic threshold makes more and fewer
replicas (the mean paired difference's 95 % interval excludes 0), is faster and slower, and
has fewer and more jobs over the QoS (a sign test at p < 0.05 on the paired replicas; the
rest are ties or too close), beside the paper's; its replicas at 20 servers against the
static one's (the paper's 58.62 % fewer), the largest relative difference of the mean response
times (the paper's 17.86 %; no valid interval, for reference) and of the share of jobs over the
QoS (the paper's 10.58 %), and the static threshold's replicas at 20, 40, 60 and 100 servers
(the paper: 5.8, 5.4, 3.4, 3.0).

Needs h5py and numpy (python3-h5py) and a specmc binary (--bin, default bin/specmc). The job
arrives at 0, so its flowtime is its response time; its replicas are (copies_per_task - 1) x
its tasks (workload.tasks, swept or not).
"""
import argparse
import configparser
import csv
import io
import os
import subprocess
import sys
import tempfile

import h5py
import numpy as np

EXPERIMENTS = ["threshold-servers", "threshold-tasks", "threshold-params"]

# The paper's Tables 1-3, in the experiments' sweep order: each case's short name, the (static,
# dynamic) mean response time in ms and the mean replicas.
PAPER = {
    "threshold-servers": [("n20", (1080, 980), (5.8, 2.4)), ("n40", (1120, 920), (5.4, 2.8)),
                          ("n60", (900, 740), (3.4, 4.2)), ("n80", (820, 740), (3.4, 4.6)),
                          ("n100", (800, 680), (3.0, 5.0))],
    "threshold-tasks": [("10×0.7", (780, 660), (0.6, 1.2)), ("50×0.3", (820, 740), (1.4, 2.4)),
                        ("50×0.5", (800, 780), (1.8, 2.4)), ("50×0.7", (940, 920), (2.0, 1.8)),
                        ("90×0.3", (980, 860), (3.8, 3.6)), ("90×0.5", (1000, 880), (4.4, 3.4)),
                        ("90×0.7", (1080, 1000), (5.2, 2.8))],
    "threshold-params": [("φ0.4", (960, 940), (4.4, 3.2)), ("φ0.5", (980, 860), (3.8, 3.6)),
                         ("φ0.6", (900, 840), (4.2, 4.6)), ("α0.3", (980, 980), (3.8, 3.0)),
                         ("α0.7", (940, 900), (3.8, 3.6))],
}

DEMAND = ["policy.threshold.demand=1"]
DIV_QOS = ["policy.threshold.divisor=2"]
P_MAX = ["cluster.straggle_p_max=0.15"]
NO_QOS = ["policy.threshold.qos=0"]
LOGN = lambda sigma: ["workload.task_time=lognormal", "workload.sigma=%g" % sigma]
# Readings of the paper's text (§VI sets the QoS, 1000 ms, for every run), then without the QoS
# term: not a reading of §VI but §V-A's fallback, a bound on what eq. 7 costs.
READINGS = [
    ("as printed: QoS 1000 ms, eq. 7 over the median, S of the running copies", []),
    ("S of the demand, waiting tasks included (demand = 1)", DEMAND),
    ("eq. 7 over the average (divisor = 1, Algorithm 1)", ["policy.threshold.divisor=1"]),
    ("eq. 7 over the QoS (divisor = 2)", DIV_QOS),
    ("divisor = 2, demand = 1", DIV_QOS + DEMAND),
    ("assumption 5: straggle_p_max = 0.15 (5 % idle, 15 % full)", P_MAX),
    ("straggle_p_max = 0.15, demand = 1", P_MAX + DEMAND),
    ("straggle_p_max = 0.15, divisor = 2, demand = 1", P_MAX + DIV_QOS + DEMAND),
    ("straggle_rest = none", ["cluster.straggle_rest=none"]),
    ("lognormal tasks, σ = 0.15, mean 700 ms", LOGN(0.15)),
    ("σ = 0.15, divisor = 2, demand = 1", LOGN(0.15) + DIV_QOS + DEMAND),
    ("lognormal tasks, σ = 0.3", LOGN(0.3)),
    ("σ = 0.3, divisor = 2, demand = 1", LOGN(0.3) + DIV_QOS + DEMAND),
    ("without the QoS term: qos = 0 (Q = 1.5)", NO_QOS),
    ("qos = 0, demand = 1", NO_QOS + DEMAND),
    ("qos = 0, demand = 1, σ = 0.15", NO_QOS + DEMAND + LOGN(0.15)),
    ("qos = 0, demand = 1, σ = 0.3", NO_QOS + DEMAND + LOGN(0.3)),
]


def groups_of_five(x):
    """Expected worst (max) and best (min) of five runs, over disjoint groups of five."""
    g = x[: len(x) // 5 * 5].reshape(-1, 5)
    return g.max(axis=1).mean(), g.min(axis=1).mean()


def report(binary, path, against, scenario):
    """`specmc report --csv` rows of one scenario paired with another: {metric: row}."""
    out = subprocess.run([binary, "report", path, "--csv", "--against-scenario", str(against),
                          "--scenario", str(scenario)], check=True, capture_output=True,
                         text=True).stdout
    return {r["metric"]: r for r in csv.DictReader(io.StringIO(out))}


def number(v):
    """A sweep value as the config wrote it: 0.0 -> '0', 0.30000000000000004 -> '0.3'."""
    v = float(v)
    return "%d" % v if v == int(v) else "%.6g" % v


def scenarios(path):
    """The file's experiment name and its scenarios in order: (index, {sweep key: value as
    text}, tasks, QoS)."""
    f = h5py.File(path, "r")
    cfg = configparser.ConfigParser(inline_comment_prefixes=(";",))
    text = lambda d: np.atleast_1d(f[d][()])[0].decode() if len(np.atleast_1d(f[d][()])) else ""
    cfg.read_string(text("/config"))
    sets = dict(line.split("=", 1) for line in text("/overrides").split("\n") if line)
    keys = [k.decode() for k in f["/sweep_keys"][:]]
    out = []
    for s in sorted(f["/scenarios"], key=int):
        attrs = f["/scenarios/%s" % s].attrs
        val = {k: number(attrs[k]) for k in keys}
        tasks = float(val.get("workload.tasks", sets.get("workload.tasks",
                                                         cfg.get("workload", "tasks"))))
        qos = float(sets.get("workload.deadline", cfg.get("workload", "deadline", fallback="nan")))
        out.append((int(s), val, tasks, qos))
    return f, cfg.get("experiment", "name"), out


def label(val):
    return " ".join("%s=%s" % (k.split(".")[-1], v) for k, v in val.items()
                    if k != "policy.threshold.mode")


def pairs(path):
    """(case label, static scenario, dynamic scenario, tasks, QoS) in sweep order."""
    f, name, sc = scenarios(path)
    by_case = {}
    for s, val, tasks, qos in sc:
        by_case.setdefault(label(val), {})[val.get("policy.threshold.mode")] = (s, tasks, qos)
    f.close()
    return [(c, m["0"][0], m["1"][0], m["0"][1], m["0"][2]) for c, m in by_case.items()
            if set(m) == {"0", "1"}]


def paired(binary, path, static, dynamic, tasks):
    """The verdict rows of one case, dynamic against static."""
    r = report(binary, path, static, dynamic)
    get = lambda m, c="mean": float(r[m][c])
    n = get("lower_flowtime", "n")
    count = lambda m: int(round(get(m) * n))
    s = report(binary, path, static, static)
    return {
        "static_rep": (float(s["copies_per_task"]["mean"]) - 1) * tasks,
        "static_rt": float(s["flowtime"]["mean"]) * 1000,
        "dynamic_rt": get("flowtime") * 1000,
        "static_over": 1 - float(s["pocd"]["mean"]) if "pocd" in s else float("nan"),
        "dynamic_over": 1 - get("pocd") if "pocd" in r else float("nan"),
        "d_rep": get("delta_copies_per_task") * tasks,
        "d_rep_lo": get("delta_copies_per_task", "ci_low") * tasks,
        "d_rep_hi": get("delta_copies_per_task", "ci_high") * tasks,
        "fewer": count("lower_copies_per_task"), "more": count("higher_copies_per_task"),
        "sign_rep": get("sign_p_copies_per_task"),
        "faster": count("lower_flowtime"), "slower": count("higher_flowtime"),
        "sign_rt": get("sign_p_flowtime"),
        "med": get("median_delta_flowtime") * 1000,
        "med_lo": get("median_delta_flowtime", "ci_low") * 1000,
        "med_hi": get("median_delta_flowtime", "ci_high") * 1000,
        "meets": count("higher_pocd"), "misses": count("lower_pocd"),
        "sign_v": get("sign_p_pocd") if "sign_p_pocd" in r else float("nan"),
        "n": int(n),
    }


def over_qos(binary, path, s):
    """The share of replicas over the QoS (1 - pocd) and its Wilson interval."""
    r = report(binary, path, s, s)["pocd"]
    return 1 - float(r["mean"]), 1 - float(r["ci_high"]), 1 - float(r["ci_low"])


def tables(path, binary):
    f, name, sc = scenarios(path)
    paper = PAPER.get(name)
    print("| case | threshold | response worst / best | response mean | paper's | "
          "replicas worst / best | replicas mean | paper's | over the QoS |")
    print("|" + " --- |" * 9)
    for k, (s, val, tasks, qos) in enumerate(sc):
        r = f["/scenarios/%d" % s][list(f["/scenarios/%d" % s].keys())[0]]["replicas"]
        rt = r["flowtime"][:] * 1000.0
        rep = (r["copies_per_task"][:] - 1.0) * tasks
        half = 1.96 * rep.std(ddof=1) / np.sqrt(len(rep))
        (rw, rb), (pw, pb) = groups_of_five(rt), groups_of_five(rep)
        v = over_qos(binary, path, s) if qos == qos else (float("nan"),) * 3
        mode = int(val["policy.threshold.mode"])
        pr, pp = ("%g" % paper[k // 2][1][mode], "%g" % paper[k // 2][2][mode]) \
            if paper and len(paper) * 2 == len(sc) else ("", "")
        print("| %s | %s | %.0f / %.0f | %.0f | %s | %.1f / %.1f | %.2f ± %.2f | %s | "
              "%.3f [%.3f, %.3f] |"
              % (label(val), ("static", "dynamic")[mode], rw, rb, rt.mean(), pr, pw, pb,
                 rep.mean(), half, pp, *v))
    f.close()
    print()
    print("| case | replicas, dynamic − static | fewer / more in | faster / slower in "
          "(sign p) | median Δ response, ms | meets / misses the QoS alone in (sign p) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for case, s0, s1, tasks, qos in pairs(path):
        p = paired(binary, path, s0, s1, tasks)
        print("| %s | %+.2f [%+.2f, %+.2f] | %d / %d | %d / %d (%.2g) | %+.0f [%+.0f, %+.0f] | "
              "%d / %d (%.2g) |"
              % (case, p["d_rep"], p["d_rep_lo"], p["d_rep_hi"], p["fewer"], p["more"],
                 p["faster"], p["slower"], p["sign_rt"], p["med"], p["med_lo"], p["med_hi"],
                 p["meets"], p["misses"], p["sign_v"]))


def direction(lower, higher, p):
    """-1 (lower), +1 (higher) where the sign test says so at p < 0.05, else 0."""
    return 0 if not p < 0.05 else (-1 if lower > higher else 1)


def listed(xs):
    return "%d: %s" % (len(xs), " ".join(xs)) if xs else "0"


def readings(binary, replicas, only):
    """Per reading, the cases in which the dynamic threshold makes more and fewer replicas (the
    95 % interval of the mean paired difference excludes 0 and lies within ±1 replica per
    task; † where the sign test on the
    replicas says the other way: the typical replica and the mean disagree), is faster and
    slower (sign test), has fewer and more jobs over the QoS (sign test); its replicas at 20
    servers against the static one's; the largest relative difference of the mean response
    times (no valid interval: for reference), and of the shares of jobs over the QoS (each
    share has a valid interval, their ratio is for reference); the static replicas at 20, 40,
    60, 100 servers."""
    print("| reading | more replicas | fewer replicas | n20: dynamic / static replicas | "
          "faster | slower | largest mean speed-up | fewer over QoS | more over QoS | "
          "largest drop over QoS | static replicas n20 / n40 / n60 / n100 |")
    print("|" + " --- |" * 11)
    for i, (name, sets) in enumerate(READINGS, 1):
        if only and i not in only:
            continue
        cells = {k: [] for k in ("more", "fewer", "faster", "slower", "vfewer", "vmore")}
        static, n20, speedup, drop = [], "", (float("-inf"), ""), (float("-inf"), "")
        with tempfile.TemporaryDirectory() as tmp:
            for e in EXPERIMENTS:
                out = os.path.join(tmp, e + ".h5")
                cmd = [binary, "run", os.path.join("experiments", e + ".ini"), "--quiet",
                       "--out", out]
                for s in sets:
                    cmd += ["--set", s]
                if replicas:
                    cmd += ["--replicas", str(replicas)]
                subprocess.run(cmd, check=True)
                for k, (case, s0, s1, tasks, qos) in enumerate(pairs(out)):
                    p = paired(binary, out, s0, s1, tasks)
                    c = PAPER[e][k][0]
                    # A task gets one replica at most: a bound beyond ±1 per task is no
                    # interval (report's bootstrap where nearly every difference is 0).
                    ok = -tasks <= p["d_rep_lo"] and p["d_rep_hi"] <= tasks
                    d = 0 if not ok else 1 if p["d_rep_lo"] > 0 else -1 if p["d_rep_hi"] < 0 else 0
                    if d:
                        typical = direction(p["fewer"], p["more"], p["sign_rep"])
                        cells["more" if d > 0 else "fewer"].append(c + ("†" if typical == -d
                                                                        else ""))
                    d = direction(p["faster"], p["slower"], p["sign_rt"])
                    if d:
                        cells["faster" if d < 0 else "slower"].append(c)
                    d = direction(p["misses"], p["meets"], p["sign_v"])
                    if d:
                        cells["vfewer" if d > 0 else "vmore"].append(c)
                    up = 1 - p["dynamic_rt"] / p["static_rt"]
                    if up > speedup[0]:
                        speedup = (up, c)
                    if p["static_over"] > 0 and 1 - p["dynamic_over"] / p["static_over"] > drop[0]:
                        drop = (1 - p["dynamic_over"] / p["static_over"], c)
                    if e == "threshold-servers" and k in (0, 1, 2, 4):
                        static.append("%.2f" % p["static_rep"])
                    if e == "threshold-servers" and k == 0:
                        dyn = p["static_rep"] + p["d_rep"]
                        n20 = "%.2f / %.2f (%+.0f %%)" % (dyn, p["static_rep"],
                                                         100 * p["d_rep"] / p["static_rep"])
        print("| %d. %s | %s | %s | %s | %s | %s | %.1f %% (%s) | %s | %s | %.1f %% (%s) | %s |"
              % (i, name, listed(cells["more"]), listed(cells["fewer"]), n20,
                 listed(cells["faster"]), listed(cells["slower"]), 100 * speedup[0],
                 speedup[1], listed(cells["vfewer"]), listed(cells["vmore"]), 100 * drop[0],
                 drop[1], " / ".join(static)), flush=True)
    cases = [c for e in EXPERIMENTS for c in PAPER[e]]
    print("| the paper's Tables 1–3 (means of five runs) | %s | %s | 2.4 / 5.8 (−59 %%) | %s | "
          "%s | 17.9 %% (n40) | — | — | 10.58 %% (Fig. 4) | 5.8 / 5.4 / 3.4 / 3.0 |"
          % (listed([c for c, r, p in cases if p[1] > p[0]]),
             listed([c for c, r, p in cases if p[1] < p[0]]),
             listed([c for c, r, p in cases if r[1] < r[0]]),
             listed([c for c, r, p in cases if r[1] > r[0]])))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results", nargs="?")
    ap.add_argument("--bin", default="bin/specmc")
    ap.add_argument("--readings", action="store_true")
    ap.add_argument("--replicas", type=int, default=0, help="0: the experiments' own")
    ap.add_argument("--only", default="", help="comma-separated reading numbers (from 1)")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    if a.list:
        for i, (name, sets) in enumerate(READINGS, 1):
            print("%d. %s: %s" % (i, name, " ".join(sets) or "(the experiments as committed)"))
        return 0
    if a.readings:
        readings(a.bin, a.replicas, {int(x) for x in a.only.split(",") if x})
        return 0
    if not a.results:
        ap.print_usage()
        return 2
    tables(a.results, a.bin)
    return 0


if __name__ == "__main__":
    sys.exit(main())

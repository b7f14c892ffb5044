#!/usr/bin/env python3
"""threshold_tables — seed 003's Tables 1-3 from a results file of experiments/threshold-*.ini,
as markdown rows side by side with the paper's layout: per case and threshold, the job's
response time in ms and its replicas, each as the mean over the replicas and the expected
worst and best of five runs (the paper ran each case five times): the mean over disjoint groups
of five replicas of each group's maximum and minimum. The replicas' mean has a 95 % half-width
(a bounded count; measured coverage 0.97 at 1000 replicas); the response time's mean has
none: straggling makes it as skewed as a Pareto law of index 3.6, where no interval of a mean
reaches its level (docs/statistics.md; measured 0.89). Its evidence is paired instead: for
each case, the replicas (the same workload under both thresholds) in which dynamic is faster
and slower, and the sign test's two-sided p-value on them (ties left out).

    scripts/threshold_tables.py RESULTS.h5

Needs h5py and numpy (python3-h5py). The job arrives at 0, so its flowtime is its response
time; its replicas are (copies_per_task - 1) x its tasks (workload.tasks, swept or not).
"""
import sys

import h5py
import numpy as np
from scipy.stats import binomtest


def groups_of_five(x):
    """Expected worst (max) and best (min) of five runs, over disjoint groups of five."""
    g = x[: len(x) // 5 * 5].reshape(-1, 5)
    return g.max(axis=1).mean(), g.min(axis=1).mean()


def main(path):
    f = h5py.File(path, "r")
    by_case = {}
    keys = [k.decode() for k in f["/sweep_keys"][:]]
    for s in sorted(f["/scenarios"], key=int):
        g = f["/scenarios/%s" % s]
        pol = list(g.keys())[0]
        r = g[pol]["replicas"]
        attrs = dict(g.attrs)
        val = {k: attrs[k].decode() if isinstance(attrs[k], bytes) else attrs[k] for k in keys}
        label = " ".join("%s=%s" % (k.split(".")[-1], val[k]) for k in keys)
        tasks = float(val.get("workload.tasks", 90))
        rt = r["flowtime"][:] * 1000.0
        rep = (r["copies_per_task"][:] - 1.0) * tasks
        n = len(rt)
        half = lambda x: 1.96 * x.std(ddof=1) / np.sqrt(n)
        (rw, rb), (pw, pb) = groups_of_five(rt), groups_of_five(rep)
        print("| %s | %.0f | %.0f | %.0f | %.1f | %.1f | %.2f ± %.2f |"
              % (label, rw, rb, rt.mean(), pw, pb, rep.mean(), half(rep)))
        case = " ".join(x for x in label.split() if not x.startswith("mode="))
        by_case.setdefault(case, {})[val.get("policy.threshold.mode")] = rt
    print()
    for case, rts in by_case.items():
        if set(rts) != {"0", "1"}:
            continue
        d = rts["1"] - rts["0"]
        faster, slower = int((d < 0).sum()), int((d > 0).sum())
        p = binomtest(faster, faster + slower).pvalue if faster + slower else 1.0
        print("| %s | dynamic − static %+.0f ms | faster in %d, slower in %d of %d | p = %.2g |"
              % (case, d.mean(), faster, slower, len(d), p))


if __name__ == "__main__":
    main(sys.argv[1])

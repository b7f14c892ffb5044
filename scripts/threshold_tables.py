#!/usr/bin/env python3
"""threshold_tables — seed 003's Tables 1-3 from a results file of experiments/threshold-*.ini,
as markdown rows side by side with the paper's layout: per case and threshold, the job's
response time in ms and its replicas, each as the mean over the replicas (± the 95 % interval
half-width) and the expected worst and best of five runs (the paper ran each case five times):
the mean over disjoint groups of five replicas of each group's maximum and minimum.

    scripts/threshold_tables.py RESULTS.h5

Needs h5py and numpy (python3-h5py). The job arrives at 0, so its flowtime is its response
time; its replicas are (copies_per_task - 1) x its tasks (workload.tasks, swept or not).
"""
import sys

import h5py
import numpy as np


def groups_of_five(x):
    """Expected worst (max) and best (min) of five runs, over disjoint groups of five."""
    g = x[: len(x) // 5 * 5].reshape(-1, 5)
    return g.max(axis=1).mean(), g.min(axis=1).mean()


def main(path):
    f = h5py.File(path, "r")
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
        print("| %s | %.0f | %.0f | %.0f ± %.0f | %.1f | %.1f | %.2f ± %.2f |"
              % (label, rw, rb, rt.mean(), half(rt), pw, pb, rep.mean(), half(rep)))


if __name__ == "__main__":
    main(sys.argv[1])

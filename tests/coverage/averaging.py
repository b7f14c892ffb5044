#!/usr/bin/python3
"""averaging — when does a replica's mean over many jobs earn an interval at a heavy tail?
The measurement behind the averaging rule of engine/stats/intervals.h (docs/methods/statistics.md,
"Tail indices"): the bootstrap-t (999 resamples; t below 10 replicas) of the mean over n
replicas of a replica's mean over J jobs, 1000 repetitions per n, against the exact truth.

    averaging.py independent BETA J     jobs of 10 Pareto(1, BETA) tasks on slots of their
                                        own: a job is the max of its tasks, jobs are i.i.d.;
                                        truth E[max of 10] (seed 000 eqs. 18-19)
    averaging.py queue C RHO BETA J     J jobs of one Pareto(1, BETA) task arriving as a
                                        Poisson process at an empty FIFO queue of C slots at
                                        load RHO (reference.py); truth the mean of 2 000 000
                                        replicas of the same simulation

Numpy only; deterministic (fixed seeds). A few minutes per line on 2 cores.
"""
import math
import sys

import numpy as np

import reference

B = 999


def bootstrap_t(x, rng):
    """The studentized bootstrap interval of the mean (Efron & Tibshirani 1993, §12.5), as
    engine/stats/bootstrap.c makes it; t below 10 values."""
    n, m, s = len(x), x.mean(), x.std(ddof=1)
    if n < 10:
        from scipy import stats
        h = stats.t.ppf(0.975, n - 1) * s / math.sqrt(n)
        return m - h, m + h
    xs = x[rng.integers(0, n, (B, n))]
    ms, ss = xs.mean(axis=1), xs.std(axis=1, ddof=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(ss > 0, (ms - m) / (ss / math.sqrt(n)),
                     np.where(ms == m, 0.0, np.sign(ms - m) * np.inf))
    t.sort()
    return m - t[974] * s / math.sqrt(n), m - t[24] * s / math.sqrt(n)


def independent(beta, jobs, reps=1000, ns=(5, 20, 50, 200)):
    b = 1.0 / beta
    truth = math.exp(math.lgamma(11) + math.lgamma(1 - b) - math.lgamma(11 - b))
    rng = np.random.default_rng(int(beta * 100 + jobs))
    out = []
    for n in ns:
        cov = 0
        for _ in range(reps):
            x = ((1 - rng.random((n, jobs, 10))) ** (-b)).max(axis=2).mean(axis=1)
            lo, hi = bootstrap_t(x, rng)
            cov += lo <= truth <= hi
        out.append(f"n = {n}: {cov / reps:.3f}")
    print(f"independent: beta = {beta:g}, {jobs} jobs per replica;", "  ".join(out), flush=True)


def queue(slots, rho, beta, jobs, reps=1000, ns=(20, 50, 200)):
    rate = rho * slots * (beta - 1) / beta
    ppf = lambda u: (1 - u) ** (-1 / beta)
    total = count = 0.0
    for block, _ in reference.flowtimes(slots, rate, jobs, ppf, 2_000_000, seed=99):
        total += block.mean(axis=1, dtype=np.float64).sum()
        count += block.shape[0]
    truth = total / count
    rng = np.random.default_rng(5)
    out = []
    for n in ns:
        vals = np.concatenate([b.mean(axis=1, dtype=np.float64) for b, _ in
                               reference.flowtimes(slots, rate, jobs, ppf, n * reps,
                                                   seed=1000 + n)]).reshape(reps, n)
        cov = sum(lo <= truth <= hi for lo, hi in (bootstrap_t(v, rng) for v in vals))
        out.append(f"n = {n}: {cov / reps:.3f}")
    print(f"queue: M/G/{slots} at load {rho:g}, Pareto(1, {beta:g}) tasks, {jobs} jobs per "
          f"replica, truth {truth:.4f};", "  ".join(out), flush=True)


if __name__ == "__main__":
    kind, args = sys.argv[1], sys.argv[2:]
    if kind == "independent":
        independent(float(args[0]), int(args[1]))
    elif kind == "queue":
        queue(int(args[0]), float(args[1]), float(args[2]), int(args[3]))
    else:
        sys.exit(__doc__)

"""reference — independent simulations in numpy of cases with no closed form. The queue cases:
FIFO on c slots from empty, J jobs of one task each arriving as a Poisson process (the queue
groups' configs in cases.py), every replica a row of arrays advanced job by job
(Kiefer–Wolfowitz: each job takes the slot that frees first); also the cross-check of the
exact chain of truths.FifoMMc. The batch clone's slowdowns: jobs of N tasks on enough slots,
two attempts per task, the shorter kept. Each truth comes from many more replicas than any
repetition has. It shares no code with specmc. Deterministic: numpy's PCG64 from a fixed
seed.
"""
import math

import numpy as np

BATCH = 100_000   # replicas per array pass


def jain(x):
    """Jain's index of each row of x: (Σ x)² / (n Σ x²)."""
    return x.sum(axis=1) ** 2 / (x.shape[1] * (x * x).sum(axis=1))


def flowtimes(slots, rate, jobs, ppf, replicas, seed):
    """Yields (flowtimes, sizes): (batch, jobs) float32 arrays of the jobs' flowtimes and
    float64 arrays of their task sizes, `replicas` rows in all."""
    rng = np.random.default_rng(seed)
    done = 0
    while done < replicas:
        r = min(BATCH, replicas - done)
        arrive = np.cumsum(rng.exponential(1.0 / rate, (r, jobs)), axis=1)
        size = ppf(rng.random((r, jobs)))
        free = np.zeros((r, slots))
        rows = np.arange(r)
        out = np.empty((r, jobs), dtype=np.float32)
        for j in range(jobs):
            k = free.argmin(axis=1)
            end = np.maximum(arrive[:, j], free[rows, k]) + size[:, j]
            free[rows, k] = end
            out[:, j] = end - arrive[:, j]
        done += r
        yield out, size


def pooled(slots, rate, jobs, ppf, replicas, seed, at=(), quantiles=()):
    """The pooled law of a measured job's flowtime over `replicas` replicas: the share at or
    below each x in `at`, each q-quantile (the ⌈qN⌉-th smallest of the N values, as specmc
    takes it), the mean, the replicas' standard error of each share, and the mean over replicas
    of Jain's index of a replica's slowdowns (flowtime / task size: alone, a job takes its
    task)."""
    values, below, fair = [], {x: [] for x in at}, []
    for block, size in flowtimes(slots, rate, jobs, ppf, replicas, seed):
        values.append(block.ravel())
        for x in at:
            below[x].append((block <= x).mean(axis=1))
        fair.append(jain(block / size))
    v = np.concatenate(values)
    out = {"mean": float(v.mean(dtype=np.float64)), "cdf": {}, "cdf_se": {}, "quantile": {},
           "jain": float(np.concatenate(fair).mean())}
    for x in at:
        share = np.concatenate(below[x])
        out["cdf"][x] = float(share.mean())
        out["cdf_se"][x] = float(share.std(ddof=1) / math.sqrt(len(share)))
    for q in quantiles:
        k = math.ceil(q * len(v)) - 1
        out["quantile"][q] = float(np.partition(v, k)[k])
    return out


def batch_clone_slowdowns(tasks, jobs, ppf, replicas, seed):
    """Batch jobs of `tasks` tasks on enough slots under clone with two attempts, the shorter
    kept: a job's slowdown is max_i min(X_i, Y_i) / max_i X_i (X_i the original attempt, which
    alone it would run). The mean slowdown of a job, and the mean over replicas of `jobs`
    jobs of Jain's index of their slowdowns."""
    rng = np.random.default_rng(seed)
    slow, fair, done = 0.0, 0.0, 0
    per = max(1, BATCH // (jobs * tasks) * 10)
    while done < replicas:
        r = min(per, replicas - done)
        x = ppf(rng.random((r, jobs, tasks)))
        y = ppf(rng.random((r, jobs, tasks)))
        s = np.minimum(x, y).max(axis=2) / x.max(axis=2)
        slow += float(s.sum())
        fair += float(jain(s).sum())
        done += r
    return {"slowdown": slow / (replicas * jobs), "jain": fair / replicas}

"""reference — an independent simulation of the queue cases, in numpy: FIFO on c slots from
empty, J jobs of one task each arriving as a Poisson process (the queue groups' configs in
cases.py), every replica a row of arrays advanced job by job (Kiefer–Wolfowitz: each job takes
the slot that frees first). Two uses: the truth of a case with no closed form (Pareto tasks in
a queue), from many more replicas than any repetition has; and the cross-check of the exact
chain of truths.FifoMMc. It shares no code with specmc. Deterministic: numpy's PCG64 from a
fixed seed.
"""
import math

import numpy as np

BATCH = 100_000   # replicas per array pass


def flowtimes(slots, rate, jobs, ppf, replicas, seed):
    """Yields (batch, jobs) float32 arrays of job flowtimes, `replicas` rows in all."""
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
        yield out


def pooled(slots, rate, jobs, ppf, replicas, seed, at=(), quantiles=()):
    """The pooled law of a measured job's flowtime over `replicas` replicas: the share at or
    below each x in `at`, each q-quantile (the ⌈qN⌉-th smallest of the N values, as specmc
    takes it), the mean, and the replicas' standard error of each share."""
    values, below = [], {x: [] for x in at}
    for block in flowtimes(slots, rate, jobs, ppf, replicas, seed):
        values.append(block.ravel())
        for x in at:
            below[x].append((block <= x).mean(axis=1))
    v = np.concatenate(values)
    out = {"mean": float(v.mean(dtype=np.float64)), "cdf": {}, "cdf_se": {}, "quantile": {}}
    for x in at:
        share = np.concatenate(below[x])
        out["cdf"][x] = float(share.mean())
        out["cdf_se"][x] = float(share.std(ddof=1) / math.sqrt(len(share)))
    for q in quantiles:
        k = math.ceil(q * len(v)) - 1
        out["quantile"][q] = float(np.partition(v, k)[k])
    return out

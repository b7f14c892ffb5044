"""results — a specmc results file (or validate file) as tidy pandas frames.

Every frame is long ("tidy"): one row per observation, the scenario's swept values as columns
of their own (numbers where they are numbers), so that `df.query`, `groupby` and plotting
libraries take them as they are. Nothing here computes a statistic: the intervals are the ones
specmc wrote (docs/methods/statistics.md says how each was made).
"""
import h5py
import numpy as np
import pandas as pd

RESULTS_FORMAT = "specmc-results"
VALIDATE_FORMAT = "specmc-validate"
FORMATS = (3, 4, 5, 6, 7)  # 7: the slowdown metrics appended
# The verdict rows of format 5 (engine/stats/verdict.h), named VERDICT_METRIC in the file.
VERDICTS = ("lower", "higher", "tied", "sign_p", "median_delta")


def _text(x):
    """A fixed-length string from h5py (bytes or numpy bytes) as str; other values as they are.
    Bytes that are not UTF-8 (an experiment name or a config comment in Latin-1, which specmc
    wrote before it refused such names) read as U+FFFD rather than failing."""
    if isinstance(x, (bytes, np.bytes_)):
        return x.decode("utf-8", "replace")
    if isinstance(x, np.ndarray) and x.shape == (1,):   # format 3's one-element attributes
        return _text(x[0])
    if isinstance(x, np.generic):
        return x.item()
    return x


def _number_or_text(text):
    try:
        return float(text)
    except ValueError:
        return text


class Results:
    """A `specmc run` results file. Attributes:

    provenance  dict of the root attributes (seed, replicas, confidence, version, times, ...)
    config      the INI text the run read; overrides: its --set lines
    metrics     metric names, in the file's order; policies: in [policy] list order (the first
                is the baseline of the paired rows)
    sweep_keys  the swept keys, in file order
    scenarios   DataFrame: scenario, measured_jobs, one column per swept key
    summary     DataFrame: scenario, <sweep keys>, policy, metric, unit, n, mean, stddev,
                ci_low, ci_high, interval, caveat, tail_index
    paired      the same, for (policy − baseline) replica by replica, with a `baseline` column
    verdicts    DataFrame: scenario, <sweep keys>, policy, metric, verdict, n, mean, ci_low,
                ci_high, interval, baseline — what holds at any tail, policy against baseline
                replica by replica: `lower`, `higher`, `tied` (the share of replicas, with its
                Clopper–Pearson interval), `sign_p` (the sign test's p-value in `mean`; n the
                replicas not tied), `median_delta` (the median paired difference with its
                order-statistic interval). Empty for files before format 5
    units       dict metric -> unit
    """

    def __init__(self, path):
        self.path = path
        with h5py.File(path, "r") as f:
            fmt = _text(f.attrs.get("format", b""))
            if fmt != RESULTS_FORMAT:
                raise ValueError(f"{path}: not a specmc results file (format {fmt!r})")
            version = int(_text(f.attrs["format_version"]))
            if version not in FORMATS:
                raise ValueError(f"{path}: results format version {version}; this reader knows "
                                 f"{FORMATS}")
            self.provenance = {k: _text(v) for k, v in f.attrs.items()}
            self.config = _text(f["config"][0])
            self.overrides = _text(f["overrides"][0])
            self.metrics = [_text(m) for m in f["metrics"][:]]
            self.policies = [_text(p) for p in f["policies"][:]]
            self.sweep_keys = [_text(k) for k in f["sweep_keys"][:]]
            nscen = int(_text(f.attrs["scenarios"]))
            if version >= 4:
                text = [_text(v) for v in f["sweep_values"][:]]
            else:
                text = [_text(f[f"scenarios/{s}"].attrs[k])
                        for s in range(nscen) for k in self.sweep_keys]
            k = len(self.sweep_keys)
            rows = []
            for s in range(nscen):
                g = f[f"scenarios/{s}"]
                row = {"scenario": s, "measured_jobs": int(_text(g.attrs["measured_jobs"]))}
                for a, key in enumerate(self.sweep_keys):
                    row[key] = _number_or_text(text[s * k + a])
                rows.append(row)
            self.scenarios = pd.DataFrame(rows, columns=["scenario", "measured_jobs",
                                                         *self.sweep_keys])
            self.units = {}
            summary, paired, verdicts = [], [], []
            for s in range(nscen):
                for p in self.policies:
                    g = f[f"scenarios/{s}/{p}"]
                    for m in self.metrics:
                        d = g[f"replicas/{m}"]
                        if "unit" in d.attrs:
                            self.units[m] = _text(d.attrs["unit"])
                    summary += self._table(g["summary"][:], s, p)
                    if "paired" in g:
                        paired += [dict(r, baseline=self.policies[0])
                                   for r in self._table(g["paired"][:], s, p)]
                    if "verdicts" in g:
                        verdicts += self._verdicts(g["verdicts"][:], s, p)
            self.summary = self._frame(summary)
            self.paired = self._frame(paired, ["baseline"])
            cols = ["scenario", "policy", "metric", "verdict", "n", "mean", "ci_low", "ci_high",
                    "interval", "baseline"]
            self.verdicts = self.scenarios.drop(columns="measured_jobs").merge(
                pd.DataFrame(verdicts, columns=cols), on="scenario", how="right")

    def _verdicts(self, rows, s, p):
        """The rows of a verdicts table that hold data, split into metric and verdict."""
        out = []
        for r in rows:
            name, interval = _text(r["metric"]), _text(r["interval"])
            if interval == "-":
                continue
            verdict = next(v for v in VERDICTS if name.startswith(v + "_"))
            out.append({"scenario": s, "policy": p, "metric": name[len(verdict) + 1:],
                        "verdict": verdict, "n": int(r["n"]), "mean": float(r["mean"]),
                        "ci_low": float(r["ci_low"]), "ci_high": float(r["ci_high"]),
                        "interval": interval, "baseline": self.policies[0]})
        return out

    def _table(self, rows, s, p):
        out = []
        for r in rows:
            m = _text(r["metric"])
            out.append({"scenario": s, "policy": p, "metric": m, "unit": self.units.get(m, ""),
                        "n": int(r["n"]), "mean": float(r["mean"]),
                        "stddev": float(r["stddev"]), "ci_low": float(r["ci_low"]),
                        "ci_high": float(r["ci_high"]), "interval": _text(r["interval"]),
                        "caveat": _text(r["caveat"]), "tail_index": float(r["tail_index"])})
        return out

    def _frame(self, rows, extra=()):
        cols = ["scenario", "policy", "metric", "unit", "n", "mean", "stddev", "ci_low",
                "ci_high", "interval", "caveat", "tail_index", *extra]
        df = pd.DataFrame(rows, columns=cols)
        return self.scenarios.drop(columns="measured_jobs").merge(df, on="scenario",
                                                                  how="right")

    def replicas(self, wide=False):
        """Every replica's value of every metric: long (scenario, <sweep keys>, policy,
        replica, metric, value), or with wide=True one column per metric."""
        frames = []
        with h5py.File(self.path, "r") as f:
            for s in range(len(self.scenarios)):
                for p in self.policies:
                    g = f[f"scenarios/{s}/{p}/replicas"]
                    cols = {m: g[m][:] for m in self.metrics}
                    df = pd.DataFrame(cols)
                    df.insert(0, "replica", np.arange(len(df)))
                    df.insert(0, "policy", p)
                    df.insert(0, "scenario", s)
                    frames.append(df)
        wide_df = pd.concat(frames, ignore_index=True)
        wide_df = self.scenarios.drop(columns="measured_jobs").merge(wide_df, on="scenario")
        if wide:
            return wide_df
        ids = ["scenario", *self.sweep_keys, "policy", "replica"]
        return wide_df.melt(id_vars=ids, value_vars=self.metrics, var_name="metric",
                            value_name="value")

    def _cells(self, name):
        """(scenario, policy, the group or dataset scenarios/S/POLICY/name) for every cell
        whose file has one, the file open while the caller reads it."""
        with h5py.File(self.path, "r") as f:
            for s in range(len(self.scenarios)):
                for p in self.policies:
                    path = f"scenarios/{s}/{p}/{name}"
                    if path in f:
                        yield s, p, f[path]

    def histograms(self, quantity="flowtime"):
        """The per-job histograms a run kept ([histogram] in its config): one row per
        (scenario, policy, replica, bin) with the bin's edges (lo, hi] (the last bin: above the
        top edge, hi = inf) and its count of measured jobs. Empty when none was kept."""
        frames = []
        for s, p, d in self._cells(f"histograms/{quantity}"):
            counts = d[:]
            edges = d.attrs["edges"]
            lo = np.concatenate(([-np.inf], edges[1:]))
            hi = np.concatenate((edges[1:], [np.inf]))
            reps, bins = counts.shape
            frames.append(pd.DataFrame({
                "scenario": s, "policy": p,
                "replica": np.repeat(np.arange(reps), bins),
                "lo": np.tile(lo, reps), "hi": np.tile(hi, reps),
                "count": counts.ravel()}))
        cols = ["scenario", "policy", "replica", "lo", "hi", "count"]
        if not frames:
            return pd.DataFrame(columns=cols)
        return pd.concat(frames, ignore_index=True)

    def choices(self):
        """The values policies chose per job (a parameter they choose for each job, Chronos'
        r = auto): one row per (scenario, policy, key, value) that some measured job got, with
        `jobs`, how many over every replica. Empty when no policy chose."""
        rows = []
        for s, p, g in self._cells("per_job"):
            for key, d in g.items():
                for v, n in enumerate(d[:].sum(axis=0)):
                    if n > 0:
                        rows.append({"scenario": s, "policy": p, "key": key, "value": v,
                                     "jobs": int(n)})
        return pd.DataFrame(rows, columns=["scenario", "policy", "key", "value", "jobs"])

    def by_job(self):
        """The warm-up diagnostic's data: the geometric mean over replicas of job i's flowtime
        (the median in files before format 6), every job in arrival order (scenario, policy,
        job, flowtime). Empty when not kept."""
        frames = []
        for s, p, d in self._cells("by_job/flowtime"):
            v = d[:]
            frames.append(pd.DataFrame({"scenario": s, "policy": p, "job": np.arange(len(v)),
                                        "flowtime": v}))
        if not frames:
            return pd.DataFrame(columns=["scenario", "policy", "job", "flowtime"])
        return pd.concat(frames, ignore_index=True)

    def series(self):
        """The series of each policy's state a run kept ([series] times in its config): one
        row per (scenario, <sweep keys>, policy, replica, time) with its value (NaN while no
        job was unfinished, or for a policy without a state). Times in the scenario's time
        units, from the origin series_info() gives. Empty when none was kept."""
        frames = []
        for s, p, d in self._cells("series"):
            v = d[:]
            reps, n = v.shape
            frames.append(pd.DataFrame({"scenario": s, "policy": p,
                                        "replica": np.repeat(np.arange(reps), n),
                                        "time": np.tile(d.attrs["times"], reps),
                                        "value": v.ravel()}))
        cols = ["scenario", "policy", "replica", "time", "value"]
        df = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=cols)
        return self.scenarios.drop(columns="measured_jobs").merge(df, on="scenario",
                                                                  how="right")

    def series_info(self):
        """What each kept series is: scenario, policy, state (one line; empty for a policy
        without one), origin (`arrival`: the first job's arrival; `zero`)."""
        rows = [{"scenario": s, "policy": p, "state": _text(d.attrs["state"]),
                 "origin": _text(d.attrs["origin"])} for s, p, d in self._cells("series")]
        return pd.DataFrame(rows, columns=["scenario", "policy", "state", "origin"])


class ValidateResults:
    """`specmc validate`'s file: `rows`, one per check and parameter point (id, params,
    closed_form, estimate, ci_low, ci_high, n, agrees, expected, ...), and `provenance`."""

    def __init__(self, path):
        self.path = path
        with h5py.File(path, "r") as f:
            self.provenance = {k: _text(v) for k, v in f.attrs.items()}
            rows = f["rows"][:]
            self.rows = pd.DataFrame({name: [_text(v) for v in rows[name]]
                                      for name in rows.dtype.names})


def load(path):
    """A results file (Results) or a validate file (ValidateResults), by its format."""
    with h5py.File(path, "r") as f:
        fmt = _text(f.attrs.get("format", b""))
    if fmt == VALIDATE_FORMAT:
        return ValidateResults(path)
    if fmt == RESULTS_FORMAT:
        return Results(path)
    if fmt == "specmc-shard":
        raise ValueError(f"{path}: a shard of a run: merge the shards first (specmc merge)")
    if fmt == "specmc-checkpoint":
        raise ValueError(f"{path}: the checkpoint of an unfinished run: resume the run first "
                         "(its command again, with --resume)")
    raise ValueError(f"{path}: not a specmc file (format {fmt!r})")

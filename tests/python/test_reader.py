"""The Python reader (analysis/python/specmc) against what specmc itself prints: the summary,
paired and verdict rows equal `report --csv`'s, the per-replica values and histograms add up,
format 3 reads as format 6 does, text that is not UTF-8 reads with replacement characters,
and files that are not results are refused by name."""
import csv
import io
import math
import os

import numpy as np
import pandas as pd
import pytest

import specmc
from conftest import FORMAT3, SMALL, renamed, specmc as run_specmc


def report_rows(path):
    return list(csv.DictReader(io.StringIO(run_specmc("report", path, "--csv"))))


def close(a, b):
    return (math.isnan(a) and math.isnan(b)) or a == pytest.approx(b, rel=1e-12, abs=1e-300)


def test_summary_paired_and_verdicts_equal_report_csv(sweep):
    r = specmc.load(sweep)
    rows = report_rows(sweep)
    pooled = {m for m in r.metrics if m.startswith("job_")}  # no replicas to pair
    assert len(r.summary) + len(r.paired[~r.paired.metric.isin(pooled)]) + len(r.verdicts) == len(rows)
    for row in rows:
        s, p, m = int(row["scenario"]), row["policy"], row["metric"]
        verdict = next((v for v in specmc.results.VERDICTS if m.startswith(v + "_")), None)
        if verdict:
            frame, metric = r.verdicts[r.verdicts.verdict == verdict], m[len(verdict) + 1:]
        elif m.startswith("delta_"):
            frame, metric = r.paired, m[len("delta_"):]
        else:
            frame, metric = r.summary, m
        got = frame[(frame.scenario == s) & (frame.policy == p) & (frame.metric == metric)]
        assert len(got) == 1, (s, p, m)
        g = got.iloc[0]
        for col in ("mean", "ci_low", "ci_high"):
            assert close(g[col], float(row[col])), (s, p, m, col)
        assert g["interval"] == row["interval"]
        assert g["workload.rate"] == float(row["workload.rate"])


def test_tidy_columns_and_types(sweep):
    r = specmc.load(sweep)
    assert list(r.scenarios["workload.rate"]) == [1.0, 2.0]
    assert r.summary["workload.rate"].dtype.kind == "f"
    assert set(r.summary.policy) == {"fifo", "psrpt", "mantri", "clone"}
    assert set(r.paired.policy) == {"psrpt", "mantri", "clone"}
    assert (r.paired.baseline == "fifo").all()
    assert r.units["flowtime"] == "time" and r.units["pocd"] == "fraction of jobs"
    assert r.provenance["seed"] == 7 and r.provenance["replicas"] == 6


def test_replicas_long_and_wide(sweep):
    r = specmc.load(sweep)
    long = r.replicas()
    wide = r.replicas(wide=True)
    assert len(wide) == 2 * 4 * 6
    assert len(long) == len(wide) * len(r.metrics)
    fifo0 = wide[(wide.scenario == 0) & (wide.policy == "fifo")]
    mean = r.summary.query("scenario == 0 and policy == 'fifo' and metric == 'flowtime'")["mean"]
    assert fifo0.flowtime.mean() == pytest.approx(float(mean.iloc[0]), rel=1e-12)


def test_histograms_count_every_measured_job(sweep):
    r = specmc.load(sweep)
    for q in ("flowtime", "machine_time"):
        h = r.histograms(q)
        per_replica = h.groupby(["scenario", "policy", "replica"])["count"].sum()
        assert (per_replica == r.scenarios.measured_jobs.iloc[0]).all(), q
        assert h.hi.max() == math.inf
    assert r.histograms("nothing").empty


def test_by_job(sweep):
    b = specmc.load(sweep).by_job()
    assert len(b) == 2 * 4 * 60 and (b.flowtime > 0).all()


def test_choices_are_the_values_report_shares(per_job, sweep):
    """Every value some measured job got is one of report --csv's share_r_V rows, and the jobs
    add up to the measured jobs of every replica."""
    r = specmc.load(per_job)
    ch = r.choices()
    rows = report_rows(per_job)
    for (s, p), d in ch.groupby(["scenario", "policy"]):
        shares = sorted(int(row["metric"][len("share_r_"):]) for row in rows
                        if int(row["scenario"]) == s and row["policy"] == p
                        and row["metric"].startswith("share_r_"))
        assert sorted(d.value) == shares, (s, p)
        measured = int(r.scenarios.measured_jobs[s])
        assert d.jobs.sum() == measured * int(r.provenance["replicas"]), (s, p)
    assert set(ch.policy) == {"clone", "s-restart", "s-resume"} and set(ch.key) == {"r"}
    assert specmc.load(sweep).choices().empty


def test_verdicts(sweep):
    r = specmc.load(sweep)
    v = r.verdicts
    assert set(v.policy) == {"psrpt", "mantri", "clone"} and (v.baseline == "fifo").all()
    assert set(v.verdict) == set(specmc.results.VERDICTS)
    wide = r.replicas(wide=True)
    for (s, p), g in v[v.metric == "flowtime"].groupby(["scenario", "policy"]):
        x = wide[(wide.scenario == s) & (wide.policy == p)].flowtime.to_numpy()
        y = wide[(wide.scenario == s) & (wide.policy == "fifo")].flowtime.to_numpy()
        share = g.set_index("verdict")["mean"]
        assert share["lower"] == pytest.approx((x < y).mean(), rel=1e-12)
        assert share["higher"] == pytest.approx((x > y).mean(), rel=1e-12)


def test_format3_reads_as_format5(work):
    old = specmc.load(FORMAT3)
    config = work / "fix.ini"
    config.write_text(old.config)
    new_path = str(work / "new.h5")
    # Mantri as it was when the fixture was written: reports every time unit, a copy seen from
    # its first, margin 30
    run_specmc("run", str(config), "--replicas", "3", "--quiet", "--out", new_path,
               "--set", "policy.mantri.reports=1", "--set", "policy.mantri.report_interval=1",
               "--set", "policy.mantri.margin=30")
    new = specmc.load(new_path)
    # format 7 appended the slowdowns, which the fixture lacks
    assert not old.summary.metric.str.startswith("slowdown").any()
    new.summary = new.summary[new.summary.metric.isin(old.summary.metric.unique())]
    new.summary = new.summary.reset_index(drop=True)
    cols = ["scenario", "workload.rate", "policy", "metric", "n", "mean"]
    pooled = new.summary.metric.isin(["job_flowtime_p50", "job_flowtime_p90",
                                      "job_flowtime_p99"])
    pd.testing.assert_frame_equal(old.summary[~pooled][cols], new.summary[~pooled][cols])
    # format 6 reports the pooled quantiles at their bins: within 0.55 %
    ratio = new.summary[pooled]["mean"].values / old.summary[pooled]["mean"].values
    assert (abs(ratio - 1) <= 0.0055).all(), ratio
    # the ends agree but where format 5 changed the rule (pooled proportions and quantiles)
    same = ~new.summary.metric.isin(["pocd", "job_flowtime_p50", "job_flowtime_p90",
                                     "job_flowtime_p99"])
    # and a mean's ends are clipped to its metric's range now (models/metrics.c): the
    # fixture's reference t ends below 0 of a time read 0
    lo = old.summary.metric.map(lambda m: -np.inf if m == "utility" else 0.0)
    hi = old.summary.metric.map(lambda m: 1.0 if m == "utilization" else np.inf)
    ends = old.summary[["ci_low", "ci_high"]].clip(lower=lo, upper=hi, axis=0)
    pd.testing.assert_frame_equal(ends[same], new.summary[same][["ci_low", "ci_high"]])
    assert old.provenance["format_version"] == 3 and new.provenance["format_version"] == 7
    assert old.verdicts.empty and not new.verdicts.empty


def test_text_that_is_not_utf8(work, sweep):
    """A Latin-1 experiment name (which specmc wrote before it refused one) or config
    comment failed the reader with UnicodeDecodeError; it reads, each such byte as U+FFFD."""
    path = renamed(sweep, str(work / "latin1.h5"), b"caf\xe9 \xff",
                   config=b"; caf\xe9\n[experiment]\n")
    r = specmc.load(path)
    assert r.provenance["experiment"] == "caf\ufffd \ufffd"
    assert r.config == "; caf\ufffd\n[experiment]\n"
    assert not r.summary.empty


def test_validate_file(validate_file):
    v = specmc.load(validate_file)
    assert isinstance(v, specmc.ValidateResults)
    assert len(v.rows) > 0 and {"id", "closed_form", "estimate"} <= set(v.rows.columns)
    assert all(i.startswith("dist.") for i in v.rows["id"])


def test_refuses_other_files(work, sweep):
    shard = str(work / "shard.h5")
    run_specmc("run", SMALL, "--replicas", "4", "--shard", "0/2", "--quiet", "--out", shard)
    with pytest.raises(ValueError, match="a shard of a run"):
        specmc.load(shard)
    import h5py
    other = str(work / "other.h5")
    with h5py.File(other, "w") as f:
        f["x"] = [1, 2]
    with pytest.raises(ValueError, match="not a specmc file"):
        specmc.load(other)
    ckpt = str(work / "out.h5.ckpt")  # what the loader reads of a checkpoint: its format
    with h5py.File(ckpt, "w") as f:
        f.attrs["format"] = b"specmc-checkpoint"
    with pytest.raises(ValueError, match="checkpoint of an unfinished run: resume"):
        specmc.load(ckpt)


def test_series_equals_report_and_replicas(series, sweep):
    """series() holds every replica's sample, whose median over the replicas with a value is
    report --series's; files without a series give empty frames."""
    r = specmc.load(series)
    df = r.series()
    assert len(df) == 4 * 7 * 13 and set(df.policy) == {"threshold"}
    assert list(df.columns) == ["scenario", "cluster.servers", "policy", "replica", "time",
                                "value"]
    info = r.series_info()
    assert list(info.origin) == ["arrival"] * 4 and info.state[0].startswith("Th,")
    rows = [row for row in csv.DictReader(io.StringIO(run_specmc("report", series, "--series",
                                                                 "--csv")))
            if row["quantity"] == "state_median"]
    assert len(rows) == 4 * 13
    for row in rows:
        v = df[(df.scenario == int(row["scenario"])) & (df.time == float(row["at"]))].value
        v = v.dropna()
        assert len(v) == int(row["n"])
        assert close(float(v.median()) if len(v) else math.nan, float(row["mean"]))
    assert df[df.time == 0].value.isna().all()   # no task has reported progress at 0
    empty = specmc.load(sweep)
    assert empty.series().empty and empty.series_info().empty

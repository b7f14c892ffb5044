"""harness — runs the coverage repetitions against a specmc binary and records, for every
case, repetition and n (replicas per repetition), the row's interval kind and whether its
interval contains the case's truth.

One repetition of a group is one `specmc run CONFIG --replicas n --seed S --threads 1
--quiet` with a seed fixed by (group, n, repetition), then each report the group's selected
cases read. The interval kind is the row's `interval` column where the binary prints one;
an older binary's rows are labelled by what its code does (legacy_label). Nothing here is
random: the results depend only on the binary, the cases and the seeds. Not the aggregation
or the verdicts (table.py).
"""
import concurrent.futures
import csv
import io
import math
import os
import subprocess
import tempfile
import zlib
from dataclasses import dataclass

import cases as C


@dataclass
class Record:
    case: str
    n: int
    rep: int
    label: str          # interval kind: the `interval` column (t, bootstrap, wilson, betting, ...)
    from_binary: bool   # the label came from the binary's `interval` column
    covered: bool       # ci_low <= truth <= ci_high (a NaN end never covers)
    low: float
    high: float


def seed_for(group, n, rep):
    """The seed of repetition rep (0-based, < 2^20) of group at n replicas: distinct for
    every rep, in ranges of 2^20 that differ for every (group, n) whose CRC-32s differ, the
    same on every machine and in every run of the harness."""
    return (zlib.crc32(f"{group}:{n}".encode()) << 20) + rep


def legacy_label(case):
    """The interval kind of a binary that prints no `interval` column (specmc's first builds,
    before 2026-11-23: docs/methods/statistics.md, "specmc's first intervals"): Wilson for
    `pocd` when every replica holds one measured job, Student-t for the rest
    (engine/run/summarise.c run_summarise; report --cdf and every delta_ row are t)."""
    if "--cdf" not in case.report and case.select.get("metric") == "pocd" and case.single:
        return "wilson"
    return "t"


def _same(cell, want):
    try:
        return math.isclose(float(cell), float(want), rel_tol=1e-12, abs_tol=1e-300)
    except ValueError:
        return cell == want


def find_row(rows, case):
    """The one row matching every column of case.select; anything else is a harness error."""
    hits = [r for r in rows
            if all(k in r and _same(r[k], v) for k, v in case.select.items())]
    if len(hits) != 1:
        cols = ", ".join(rows[0].keys()) if rows else "no rows"
        raise RuntimeError(f"case {case.name}: {len(hits)} rows match {case.select} ({cols})")
    return hits[0]


def judge(case, row, n, rep):
    lo, hi = float(row["ci_low"]), float(row["ci_high"])
    kind = row.get("interval")
    return Record(case.name, n, rep, kind or legacy_label(case), bool(kind),
                  lo <= case.truth <= hi, lo, hi)


def _specmc(args):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: exit {p.returncode}: {p.stderr.strip()[:400]}")
    return p.stdout


def run_unit(binary, workdir, group, config, group_cases, n, rep):
    """One repetition: run, report, judge every case of the group. Returns its Records."""
    out = os.path.join(workdir, f"{group.name}-{n}-{rep}.h5")
    _specmc([binary, "run", config, "--replicas", str(n), "--seed", str(seed_for(group.name, n, rep)),
             "--threads", "1", "--quiet", "--out", out])
    try:
        rows = {}
        for args in dict.fromkeys(c.report for c in group_cases):
            rows[args] = list(csv.DictReader(io.StringIO(_specmc([binary, "report", out, *args]))))
        return [judge(c, find_row(rows[c.report], c), n, rep) for c in group_cases]
    finally:
        os.unlink(out)


def run_all(binary, selected, ns, reps, jobs, progress=None):
    """Every repetition of every group the selected cases need, at every n, on `jobs`
    worker threads (each runs one specmc process at a time). Records come back in
    (group, n, rep, case) order whatever the scheduling."""
    groups = list(dict.fromkeys(c.group.name for c in selected))
    by_group = {g: [c for c in selected if c.group.name == g] for g in groups}
    with tempfile.TemporaryDirectory(prefix="specmc-coverage-") as tmp:
        configs = {}
        for g in groups:
            configs[g] = os.path.join(tmp, f"{g}.ini")
            with open(configs[g], "w") as f:
                f.write(by_group[g][0].group.config)
        units = [(g, n, r) for g in groups for n in ns for r in range(reps)]
        pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
        try:
            futures = [pool.submit(run_unit, binary, tmp, by_group[g][0].group, configs[g],
                                   by_group[g], n, r) for g, n, r in units]
            records = []
            for i, fut in enumerate(futures):
                records.extend(fut.result())
                if progress:
                    progress(i + 1, len(units))
        finally:
            pool.shutdown(cancel_futures=True)
    return records

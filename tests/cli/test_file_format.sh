# The results file as h5py users expect it (docs/guide/file-format.md, format 6): scalar attributes
# read as numbers, swept values as numbers (their text as written in /sweep_values), every
# metric dataset with its unit and description; a format-3 file (tests/cli/fixtures, written by
# the specmc before format 4) still reads, and reports as the same run does today; a format
# newer than this specmc is refused with a message saying so.
. "$(dirname "$0")/lib.sh"

ini=$(write_ini small)
expect_ok "a run" "$SPECMC" run "$ini" --out "$WORK/f.h5" --quiet --replicas 4
CURRENT="h5py: scalars, numbers, units"
if /usr/bin/python3 - "$WORK/f.h5" >"$WORK/py" 2>&1 <<'PY'; then pass; else fail "$(tail -5 "$WORK/py")"; fi
import sys, h5py, numpy as np
f = h5py.File(sys.argv[1], "r")
for k in ("seed", "replicas", "format_version", "confidence", "scenarios", "threads", "ranks",
          "shards", "task_events", "wall_seconds"):
    a = f.attrs[k]
    assert np.ndim(a) == 0, (k, a)
assert f.attrs["format_version"] == 7 and f.attrs["seed"] == 7 and f.attrs["replicas"] == 4
assert isinstance(f.attrs["seed"], np.uint64)
rates = [f[f"scenarios/{s}"].attrs["workload.rate"] for s in range(2)]
assert all(isinstance(r, np.float64) for r in rates) and rates == [1.0, 2.0], rates
assert list(f["sweep_values"][:]) == [b"1.0", b"2.0"], f["sweep_values"][:]
for name in (m.decode() for m in f["metrics"][:]):
    d = f[f"scenarios/0/fifo/replicas/{name}"]
    assert d.attrs["unit"] and d.attrs["description"], name
assert f["scenarios/0/fifo/replicas/pocd"].attrs["unit"] == b"fraction of jobs"
assert f["scenarios/0/fifo/replicas/flowtime"].attrs["unit"] == b"time"
PY

# by_job/flowtime is the geometric mean over replicas of each job's flowtime: with one job per
# replica and no warm-up, exp of the mean of ln of replicas/flowtime (each replica's one job).
one=$(write_ini small 's/^jobs = 60/jobs = 1/; s/^warmup = 5/warmup = 0/')
expect_ok "one job per replica" "$SPECMC" run "$one" --out "$WORK/one.h5" --quiet --replicas 50
CURRENT="by_job: the geometric mean of the replicas' flowtimes"
if /usr/bin/python3 - "$WORK/one.h5" >"$WORK/py" 2>&1 <<'PY'; then pass; else fail "$(tail -5 "$WORK/py")"; fi
import sys, h5py, numpy as np
f = h5py.File(sys.argv[1], "r")
for s in range(2):
    for p in ("fifo", "clone"):
        v = f[f"scenarios/{s}/{p}/replicas/flowtime"][:]
        g = f[f"scenarios/{s}/{p}/by_job/flowtime"][:]
        assert len(g) == 1 and abs(g[0] / np.exp(np.log(v).mean()) - 1) < 1e-9, (s, p, g, v)
PY

# The format-3 fixture reports as its own config does when run today: the same rows, the
# verdicts (which format 3 does not keep) computed from its replicas, every number the same
# but the ends of the intervals whose rule format 5 changed: pooled proportions (a
# `wilson-cluster` or `newcombe-cluster` then, a `bootstrap` or `betting` now) and pooled
# quantiles (`woodruff` then, `betting` now: the config's jobs queue — at the fixture's 3
# replicas, no finite end), and the means that had a t interval from 3 replicas, which jobs
# that queue behind each other no longer earn (`unreliable`, few-replicas); and the pooled
# quantiles' estimates, which format 6 reports at their bins (within 0.55 %); format 7's
# slowdown rows aside.
fix="$TESTS_DIR/fixtures/format3-small.h5"
/usr/bin/python3 -c "import h5py,sys; sys.stdout.write(h5py.File('$fix','r')['config'][0].decode())" \
    >"$WORK/fix.ini"
expect_ok "format 3: report --warmup" "$SPECMC" report "$fix" --warmup
expect_grep "format 3: by_job read as the medians it holds" "^experiment small: median flowtime by job" "$WORK/out"
expect_ok "format 6: report --warmup" "$SPECMC" report "$WORK/one.h5" --warmup
expect_grep "format 6: by_job read as geometric means" ": geometric mean flowtime by job" "$WORK/out"
expect_ok "format 3: report" "$SPECMC" report "$fix" --csv
cp "$WORK/out" "$WORK/old.csv"
# (Mantri as it was then: reports every time unit, a copy seen from its first, margin 30)
"$SPECMC" run "$WORK/fix.ini" --replicas 3 --out "$WORK/new.h5" --quiet \
    --set policy.mantri.reports=1 --set policy.mantri.report_interval=1 \
    --set policy.mantri.margin=30
"$SPECMC" report "$WORK/new.h5" --csv >"$WORK/new.csv"
CURRENT="format 3 and 5: the same report of the same run"
if /usr/bin/python3 - "$WORK/old.csv" "$WORK/new.csv" >"$WORK/py" 2>&1 <<'PY'; then pass; else fail "$(tail -5 "$WORK/py")"; fi
import csv, sys
old, new = (list(csv.DictReader(open(p))) for p in sys.argv[1:])
# format 7 appended the slowdown metrics, which the fixture lacks: every other row the same
new = [r for r in new if "slowdown" not in r["metric"]]
assert not any("slowdown" in r["metric"] for r in old)
assert len(old) == len(new) > 0, (len(old), len(new))
retired = 0
for a, b in zip(old, new):
    if a["interval"] in ("wilson-cluster", "newcombe-cluster", "woodruff", "t"):
        assert b["interval"] in ("betting", "unreliable"), (a, b)
        assert a["interval"] != "t" or b["interval"] == "unreliable", (a, b)
        for k in ("ci_low", "ci_high", "interval"):
            a.pop(k), b.pop(k)
        retired += 1
    if a["metric"].startswith("job_flowtime_p"):
        x, y = float(a.pop("mean")), float(b.pop("mean"))
        assert abs(y / x - 1) <= 0.0055, (a, b, x, y)
    # a mean's ends are clipped to its metric's range now (models/metrics.c): a reference t
    # end below 0 of a time reads 0 (utility unbounded, utilization and PoCD in [0, 1])
    m = a["metric"][len("delta_"):] if a["metric"].startswith("delta_") else a["metric"]
    inf = float("inf")
    lo, hi = {"utility": (-inf, inf), "utilization": (0.0, 1.0), "pocd": (0.0, 1.0)}.get(
        m, (0.0, inf))
    if a["metric"].startswith("delta_"):
        lo, hi = lo - hi, hi - lo
    for k in ("ci_low", "ci_high"):
        if k in a and a[k] not in ("", "nan"):
            a[k] = repr(min(max(float(a[k]), lo), hi))
    for k in a:  # the same numbers but for the last bits (a paired proportion's mean is now
        # the mean of the differences, not the difference of the means; task times are drawn
        # through log(1 - u), not log1p(-u), whose results differ in the last bit of a few %)
        try:
            x, y = float(a[k]), float(b[k])
            assert x == y or abs(x - y) <= max(1e-12, 1e-9 * max(abs(x), abs(y))) or \
                x != x and y != y, (k, a, b)
        except ValueError:
            assert a[k] == b[k], (k, a, b)
assert retired > 0, "the fixture has pooled proportions"
PY

# A newer format: refused, saying so.
cp "$WORK/f.h5" "$WORK/newer.h5"
/usr/bin/python3 -c "import h5py; f = h5py.File('$WORK/newer.h5', 'a'); f.attrs['format_version'] = 8"
expect_error "a newer format" "results format version 8; this specmc reads versions 3 to 7 \(a newer specmc wrote it" \
    "$SPECMC" report "$WORK/newer.h5"

finish

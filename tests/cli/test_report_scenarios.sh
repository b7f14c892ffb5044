# `report --against-scenario S`: each scenario paired with scenario S, policy by policy and
# replica by replica, recomputed here from the per-replica datasets; and its errors.
. "$(dirname "$0")/lib.sh"

ini=$(write_ini small)
expect_ok "run" "$SPECMC" run "$ini" --replicas 12 --out "$WORK/s.h5" --quiet
expect_ok "--against-scenario 1 --csv" "$SPECMC" report "$WORK/s.h5" --against-scenario 1 --csv
cp "$WORK/out" "$WORK/pairs.csv"
CURRENT="delta rows are scenario 0 minus scenario 1, every policy and metric"
if /usr/bin/python3 - "$WORK/s.h5" "$WORK/pairs.csv" >"$WORK/py" 2>&1 <<'PY'; then pass; else fail "$(tail -5 "$WORK/py")"; fi
import csv, sys, h5py, numpy as np
from scipy import stats
f = h5py.File(sys.argv[1], "r")
rows = [r for r in csv.DictReader(open(sys.argv[2])) if r["metric"].startswith("delta_")]
assert {r["scenario"] for r in rows} == {"0"}, "only scenario 0 is paired against 1"
assert len(rows) == 4 * len(f["metrics"]), len(rows)  # every policy, fifo included
for r in rows:
    m = r["metric"][len("delta_"):]
    d = f[f"scenarios/0/{r['policy']}/replicas/{m}"][:] - f[f"scenarios/1/{r['policy']}/replicas/{m}"][:]
    d = d[~np.isnan(d)]
    assert int(r["n"]) == len(d), r
    if len(d) == 0:
        continue
    assert abs(float(r["mean"]) - d.mean()) <= 1e-9 * max(1, abs(d.mean())), (r, d.mean())
    lo, hi, how = float(r["ci_low"]), float(r["ci_high"]), r["interval"]
    if how in ("t", "unreliable") and len(d) > 1 and d.std() > 0:  # unreliable keeps a t
        h = stats.t.ppf(0.975, len(d) - 1) * d.std(ddof=1) / np.sqrt(len(d))
        assert abs(hi - (d.mean() + h)) <= 1e-6 * max(1, abs(h)), (r, h)
    elif how == "bootstrap":  # around the mean, not of zero width
        assert lo < d.mean() < hi, r
    elif how.startswith("newcombe"):  # a paired proportion: inside [-1, 1], never zero width
        assert -1 <= lo < hi <= 1 and m == "pocd", r
    else:
        assert how == "constant" and d.std() == 0 and lo == hi, r  # the same in every replica
print("ok")
PY
expect_ok "--against-scenario table" "$SPECMC" report "$WORK/s.h5" --against-scenario 0
expect_grep "table header" 'flowtime - scenario 0' "$WORK/out"
expect_grep "its baseline rows" '^  mantri .*\(baseline\)' "$WORK/out"
expect_error "a scenario the file lacks" "--against-scenario 2: .* has scenarios 0 to 1" \
    "$SPECMC" report "$WORK/s.h5" --against-scenario 2
expect_error "not a number" "--against-scenario 'x': expected a scenario number" \
    "$SPECMC" report "$WORK/s.h5" --against-scenario x
expect_error "with --cdf" "do not go together" \
    "$SPECMC" report "$WORK/s.h5" --against-scenario 0 --cdf flowtime

finish

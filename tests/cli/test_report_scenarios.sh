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
every = list(csv.DictReader(open(sys.argv[2])))
rows = [r for r in every if r["metric"].startswith("delta_")]
pooled = [m.decode() for m in f["metrics"][:] if m.decode().startswith("job_")]
metrics = [m.decode() for m in f["metrics"][:] if m.decode() not in pooled]
assert {r["scenario"] for r in rows} == {"0"}, "only scenario 0 is paired against 1"
assert len(rows) == 4 * len(metrics), len(rows)  # every policy, fifo included; no pooled one
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
    elif how in ("newcombe", "betting"):  # a paired proportion: inside [-1, 1], never zero width
        assert -1 <= lo < hi <= 1 and m == "pocd", r
    else:
        assert how == "constant" and d.std() == 0 and lo == hi, r  # the same in every replica
# the verdicts, recomputed: shares with Clopper-Pearson, the sign test, the median difference
# with the order statistics the binomial law at 1/2 picks; scenario 1's rate differs, so its
# machine time adds the same task times in another order: ties to 12 digits matter here
verdicts = {(r["policy"], r["metric"]): r for r in every
            if r["metric"].split("_")[0] in ("lower", "higher", "tied", "sign", "median")}
assert len(verdicts) == 4 * 5 * len(metrics), len(verdicts)
for p in ("fifo", "psrpt", "mantri", "clone"):
    for m in metrics:
        x = f[f"scenarios/0/{p}/replicas/{m}"][:]
        y = f[f"scenarios/1/{p}/replicas/{m}"][:]
        ok = ~(np.isnan(x) | np.isnan(y))
        x, y = x[ok], y[ok]
        # tied: equal to 12 significant digits (engine/stats/verdict.h), rounding aside
        with np.errstate(invalid="ignore"):
            gap = np.abs(x - y)  # infinite unless both are finite: then never a tie
            tie = (x == y) | (np.isfinite(gap) & (gap <= 1e-12 * np.maximum(np.abs(x), np.abs(y))))
        n, lower, higher = len(x), int((~tie & (x < y)).sum()), int((~tie & (x > y)).sum())
        for name, k in (("lower", lower), ("higher", higher), ("tied", n - lower - higher)):
            r = verdicts[(p, f"{name}_{m}")]
            assert int(r["n"]) == n and r["interval"] == ("clopper-pearson" if n else "-"), r
            if n:
                lo = stats.beta.ppf(0.025, k, n - k + 1) if k else 0.0
                hi = stats.beta.ppf(0.975, k + 1, n - k) if k < n else 1.0
                assert abs(float(r["mean"]) - k / n) < 1e-12, r
                assert abs(float(r["ci_low"]) - lo) < 1e-9 and abs(float(r["ci_high"]) - hi) < 1e-9, (r, lo, hi)
        r = verdicts[(p, f"sign_p_{m}")]
        if n:
            want = min(1.0, 2 * stats.binom.cdf(min(lower, higher), lower + higher, 0.5)) if lower + higher else 1.0
            assert int(r["n"]) == lower + higher and abs(float(r["mean"]) - want) < 1e-12, (r, want)
        r = verdicts[(p, f"median_delta_{m}")]
        if n:
            d = np.where(tie, 0.0, x - y)
            d.sort()
            l = int(stats.binom.ppf(0.025, n, 0.5))
            u = int(stats.binom.ppf(0.975, n, 0.5)) + 1
            assert abs(float(r["mean"]) - np.median(d)) <= 1e-12 * max(1, abs(np.median(d))), r
            assert float(r["ci_low"]) == (d[l - 1] if l >= 1 else -np.inf), (r, l)
            assert float(r["ci_high"]) == (d[u - 1] if u <= n else np.inf), (r, u)
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

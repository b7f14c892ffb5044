# Per-job histograms ([histogram], docs/guide/file-format.md) and `report --cdf`: the counts add up
# to the measured jobs, the CDF at the deadline is pocd replica by replica, the median lies
# in the bin where the CDF crosses 1/2, thread counts do not change a count, and bad requests
# are clear errors.
. "$(dirname "$0")/lib.sh"

H="--set histogram.flowtime=30 --set histogram.machine_time=200 --set histogram.bins=60"
ini=$(write_ini small)
# shellcheck disable=SC2086
expect_ok "run, 1 thread" "$SPECMC" run "$ini" $H --out "$WORK/h1.h5" --threads 1 --quiet
# shellcheck disable=SC2086
expect_ok "run, 2 threads" "$SPECMC" run "$ini" $H --out "$WORK/h2.h5" --threads 2 --quiet
CURRENT="histograms identical for 1 and 2 threads"
if h5diff "$WORK/h1.h5" "$WORK/h2.h5" /scenarios /scenarios >"$WORK/diff" 2>&1; then pass
else fail "$(head -5 "$WORK/diff")"; fi

CURRENT="counts, CDF at the deadline = pocd, median bin"
if /usr/bin/python3 - "$WORK/h1.h5" >"$WORK/py" 2>&1 <<'PY'; then pass; else fail "$(tail -5 "$WORK/py")"; fi
import sys, h5py, numpy as np
f = h5py.File(sys.argv[1], "r")
measured = 60 - 5
for s in f["scenarios"]:
    for pol in f["scenarios"][s]:
        g = f["scenarios"][s][pol]
        for q in ("flowtime", "machine_time"):
            h = g["histograms"][q]
            assert h.shape == (40, 61), h.shape
            assert (h[:].sum(axis=1) == measured).all(), (s, pol, q)
            assert np.allclose(h.attrs["edges"], np.linspace(0, h.attrs["edges"][-1], 61))
        h = g["histograms/flowtime"][:]
        edges = g["histograms/flowtime"].attrs["edges"]
        cdf = np.cumsum(h, axis=1) / measured       # cdf[:, k] = P(F <= edges[k + 1])
        k15 = int(np.argmin(abs(edges - 15))) - 1   # deadline 15
        assert np.array_equal(cdf[:, k15], g["replicas/pocd"][:]), (s, pol)
        p50 = g["replicas/flowtime_p50"][:]
        for r in range(40):
            k = int(np.searchsorted(cdf[r], 0.5))   # first edge with CDF >= 1/2
            assert edges[k] <= p50[r] <= edges[k + 1] or p50[r] > edges[-1], (s, pol, r)
        mt = g["histograms/machine_time"][:]
        assert mt[:, 0].sum() == 0  # every job holds a slot for some time
print("ok")
PY

"$SPECMC" report "$WORK/h1.h5" --csv >"$WORK/summary.csv"
expect_ok "report --cdf --csv" "$SPECMC" report "$WORK/h1.h5" --cdf flowtime --csv
cp "$WORK/out" "$WORK/cdf.csv"
expect_grep "CSV header" '^scenario,policy,quantity,at,n,mean,stddev,ci_low,ci_high,interval,workload.rate$' "$WORK/cdf.csv"
CURRENT="the CDF at 15 is the pocd of the summary, every cell"
want=$(grep ',pocd,' "$WORK/summary.csv" | cut -d, -f1,2,5 | sort)
got=$(awk -F, '$3 == "flowtime" && $4 == 15 {print $1 "," $2 "," $6}' "$WORK/cdf.csv" | sort)
[ "$(grep -c ',delta_flowtime,15,' "$WORK/cdf.csv")" -eq 6 ] || got="no 6 delta rows at 15"
if [ -n "$want" ] && [ "$want" = "$got" ]; then pass; else fail "pocd: $want; cdf: $got"; fi

expect_ok "report --cdf --within" "$SPECMC" report "$WORK/h1.h5" --cdf flowtime --within 5,20 --csv
cp "$WORK/out" "$WORK/within.csv"
CURRENT="--within: replica means of the conditional CDF and its paired differences"
if /usr/bin/python3 - "$WORK/h1.h5" "$WORK/within.csv" >"$WORK/py" 2>&1 <<'PY'; then pass; else fail "$(tail -5 "$WORK/py")"; fi
import csv, sys, h5py, numpy as np
f = h5py.File(sys.argv[1], "r")
rows = [r for r in csv.DictReader(open(sys.argv[2]))]
assert [float(r["at"]) for r in rows[:30]] == [5.5 + 0.5 * i for i in range(30)], rows[0]
def cdf(scenario, policy, k):                     # per replica, NaN without jobs in range
    h = f["scenarios"][scenario][policy]["histograms/flowtime"][:]
    inside = h[:, 10:40].sum(axis=1)                 # 5 < F <= 20
    with np.errstate(invalid="ignore"):
        return h[:, 10:k].sum(axis=1) / inside
deltas = 0
for r in rows:
    k = int(round(float(r["at"]) / 0.5))            # edge index
    x = cdf(r["scenario"], r["policy"], k)
    if r["quantity"] == "delta_flowtime":           # paired against the first policy
        x = x - cdf(r["scenario"], "fifo", k)
        deltas += 1
    else:
        assert r["quantity"] == "flowtime", r
    x = x[~np.isnan(x)]
    assert int(r["n"]) == len(x), r
    if len(x) == 0:                                 # no replica has a job in range
        assert r["mean"] == "nan", r
        continue
    assert abs(float(r["mean"]) - x.mean()) < 1e-12, (r, x.mean())
assert deltas == 2 * 3 * 30, deltas                 # 2 scenarios, 3 policies after fifo
assert abs(float(rows[29]["mean"]) - 1) < 1e-12     # the CDF ends at 1 within the range
print("ok")
PY
expect_ok "report --cdf table" "$SPECMC" report "$WORK/h1.h5" --cdf machine_time
expect_grep "table heading" 'P\(machine_time <= x\)' "$WORK/out"

expect_error "--within off the edges" "--within '5,20.2'.*multiples of 0.5 from 0 to 30" \
    "$SPECMC" report "$WORK/h1.h5" --cdf flowtime --within 5,20.2
expect_error "--within reversed" "LO < HI" "$SPECMC" report "$WORK/h1.h5" --cdf flowtime --within 20,5
expect_error "--within without --cdf" "--within needs --cdf" "$SPECMC" report "$WORK/h1.h5" --within 5,20
expect_error "--cdf of an unknown quantity" "valid: flowtime, machine_time" \
    "$SPECMC" report "$WORK/h1.h5" --cdf cost
expect_error "--cdf with --metrics" "do not go together" \
    "$SPECMC" report "$WORK/h1.h5" --cdf flowtime --metrics pocd
expect_ok "run without histograms" "$SPECMC" run "$ini" --replicas 2 --out "$WORK/none.h5" --quiet
expect_error "--cdf of a file without histograms" "keeps no flowtime histogram; run with \[histogram\] flowtime = MAX" \
    "$SPECMC" report "$WORK/none.h5" --cdf flowtime
expect_error "bad upper edge" "histogram.flowtime: must be a number > 0, got '-1'" \
    "$SPECMC" run "$ini" --set histogram.flowtime=-1 --out "$WORK/x.h5" --quiet
expect_error "unknown [histogram] key" "histogram.cost: unknown key; valid in \[histogram\]: flowtime, machine_time, bins" \
    "$SPECMC" run "$ini" --set histogram.cost=5 --out "$WORK/x.h5" --quiet
expect_error "zero bins" "histogram.bins: must be an integer" \
    "$SPECMC" run "$ini" --set histogram.flowtime=5 --set histogram.bins=0 --out "$WORK/x.h5" --quiet
expect_ok "bins alone" "$SPECMC" run "$ini" --replicas 2 --set histogram.bins=10 --out "$WORK/y.h5" --quiet
expect_grep "bins alone warns" "histogram.bins is set but no histogram is" "$WORK/err"
# the most bins the file can hold, and one more refused before the run (8183 once failed
# after the whole run, on HDF5's 64 KiB attribute limit)
expect_ok "8000 bins" "$SPECMC" run "$ini" --replicas 2 --set histogram.flowtime=5 --set histogram.bins=8000 --out "$WORK/b8000.h5" --quiet
expect_ok "8000 bins read back" "$SPECMC" report "$WORK/b8000.h5" --cdf flowtime --csv
expect_error "8001 bins" "histogram.bins: must be an integer in \[1, 8000\], got '8001'" \
    "$SPECMC" run "$ini" --set histogram.flowtime=5 --set histogram.bins=8001 --out "$WORK/x.h5" --quiet
printf '[sweep]\nhistogram.flowtime = 10, 20\n' >>"$ini"
expect_error "a histogram key cannot be swept" "histogram.flowtime" \
    "$SPECMC" run "$ini" --out "$WORK/x.h5" --quiet

finish

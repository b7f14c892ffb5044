# The series of a policy's state ([series] times; docs/guide/config.md): sampling moves no
# other result — every dataset of a run with a series but `series` itself equals the run
# without, byte for byte — and the series is the same bits however the run is split: 1 or 2
# threads, 3 shards merged, an interrupted run resumed. report --series prints it; bad values
# of the keys are refused naming file, line, key and what is valid.
. "$(dirname "$0")/lib.sh"
same() { /usr/bin/python3 "$TESTS_DIR/same_results.py" "$@" >"$WORK/diff" 2>&1; }

# threshold (static and dynamic: the latter's Th reads the cluster) beside fifo, jobs queueing
ini=$(write_ini small 's/^list = .*/list = fifo, threshold, fair+threshold/' \
      '/^\[sweep\]/i [policy.threshold]\nmode = dynamic\nbeta = 0\n\n[series]\ntimes = 0:0.5:20, 25, 30:10:90\n')
opts="--replicas 13 --quiet"
# shellcheck disable=SC2086
expect_ok "a run with a series, 1 thread" "$SPECMC" run "$ini" --threads 1 --out "$WORK/one.h5" $opts
# shellcheck disable=SC2086
expect_ok "the same, 2 threads" "$SPECMC" run "$ini" --threads 2 --out "$WORK/two.h5" $opts
CURRENT="1 and 2 threads: the same file, series included"
if same "$WORK/one.h5" "$WORK/two.h5"; then pass; else fail "$(head -5 "$WORK/diff")"; fi
CURRENT="the file keeps the series, [replicas][times], with its times"
if h5dump -H -d /scenarios/1/threshold/series "$WORK/one.h5" | grep -q "( 13, 49 )" &&
   h5dump -a /scenarios/1/threshold/series/times "$WORK/one.h5" | grep -q "25, 30, 40"; then
    pass; else fail "no series of 13 x 49"; fi

for k in 0 1 2; do
    # shellcheck disable=SC2086
    expect_ok "shard $k of 3" "$SPECMC" run "$ini" --shard "$k/3" --threads $((k % 2 + 1)) \
        --out "$WORK/s$k.h5" $opts
done
expect_ok "merge" "$SPECMC" merge "$WORK/merged.h5" "$WORK/s1.h5" "$WORK/s2.h5" "$WORK/s0.h5" --quiet
CURRENT="3 shards merged = the whole run, series included"
if same "$WORK/one.h5" "$WORK/merged.h5"; then pass; else fail "$(head -5 "$WORK/diff")"; fi

# without the key: every other dataset as with it (the series dropped from the copy)
plain=$(write_ini small 's/^list = .*/list = fifo, threshold, fair+threshold/' \
        '/^\[sweep\]/i [policy.threshold]\nmode = dynamic\nbeta = 0\n')
# shellcheck disable=SC2086
expect_ok "the run without a series" "$SPECMC" run "$plain" --out "$WORK/plain.h5" $opts
CURRENT="a series moves no other result"
/usr/bin/python3 - "$WORK/one.h5" "$WORK/plain.h5" >"$WORK/diff" 2>&1 <<'PY'
import sys, h5py, numpy as np
a, b = h5py.File(sys.argv[1], "r"), h5py.File(sys.argv[2], "r")
names = []
a.visititems(lambda n, o: names.append(n) if isinstance(o, h5py.Dataset) else None)
bad = [n for n in names if not n.endswith("/series") and n not in ("config",) and
       a[n][()].tobytes() != b[n][()].tobytes()]
assert len([n for n in names if n.endswith("/series")]) == 6, names
assert not bad, bad
PY
if [ $? -eq 0 ]; then pass; else fail "$(tail -3 "$WORK/diff")"; fi

# resume: interrupted once after its first checkpoint, then resumed
ckpt_id() { stat -c %i "$1" 2>/dev/null || echo none; }
saved_or_gone() { [ "$(ckpt_id "$1")" != none ] || ! kill -0 "$2" 2>/dev/null; }
long="--replicas 3000 --threads 2 --quiet"
# shellcheck disable=SC2086
expect_ok "the uninterrupted long run" "$SPECMC" run "$ini" --out "$WORK/ref.h5" $long
# shellcheck disable=SC2086
"$SPECMC" run "$ini" --out "$WORK/out.h5" $long --checkpoint 0.2 2>"$WORK/err" &
pid=$!
wait_until 120 saved_or_gone "$WORK/out.h5.ckpt" "$pid"
kill -s INT "$pid" 2>/dev/null
{ wait "$pid"; } 2>/dev/null
if [ -e "$WORK/out.h5.ckpt" ]; then
    # shellcheck disable=SC2086
    expect_ok "resume" "$SPECMC" run "$ini" --out "$WORK/out.h5" $long --resume
fi
CURRENT="resumed (or finished first) = uninterrupted, series included"
if same "$WORK/ref.h5" "$WORK/out.h5"; then pass; else fail "$(head -5 "$WORK/diff")"; fi

expect_ok "report --series" "$SPECMC" report "$WORK/one.h5" --series --policy threshold --scenario 1
expect_grep "the table names the state and its times" "Th, the time threshold.*" "$WORK/out"
"$SPECMC" report "$WORK/one.h5" --series --csv >"$WORK/series.csv"
expect_grep "CSV rows: the median with its order-statistic interval" \
    "^1,threshold,state_median,25,[0-9]+,.*,order-statistic,2.0$" "$WORK/series.csv"
expect_error "report --series of a file without one" "keeps no series" \
    "$SPECMC" report "$WORK/plain.h5" --series

# bad input: file, line, key and what is valid
for bad in "1, 0.5|the times must be ascending" "-1|a time must be >= 0" \
           "0:0:3|a range is FROM:STEP:TO" "a, b|expected a number" \
           "0:1:9000|more than 8000 times" "0:1:3 hours|a range is FROM:STEP:TO" ; do
    value=${bad%%|*}; why=${bad#*|}
    f=$(write_ini small "\$a [series]\ntimes = $value")
    expect_error "series.times = $value" "$(basename "$f"):[0-9]+: series.times: $why" \
        "$SPECMC" run "$f" --out "$WORK/bad.h5" --quiet
done
f=$(write_ini small '$a [series]\ntimes = 0:1:5\norigin = first')
expect_error "series.origin = first" "series.origin: unknown value 'first'; valid: arrival\|zero" \
    "$SPECMC" run "$f" --out "$WORK/bad.h5" --quiet
f=$(write_ini small '$a [series]\ntimes = 0:1:5 tmin' 's/^task_time = pareto/task_time = exponential\nmean = 1/' 's/^beta = 1.5//' 's/^tmin = 1//')
expect_error "a unit the workload has not" "series.times: .*tmin" \
    "$SPECMC" run "$f" --out "$WORK/bad.h5" --quiet
f=$(write_ini small '$a [sweep]\nseries.times = 1, 2')
expect_error "series.times cannot be swept" "series.times" \
    "$SPECMC" run "$f" --out "$WORK/bad.h5" --quiet
finish

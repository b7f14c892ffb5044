# Sequential stopping ([experiment] precision; docs/methods/statistics.md, "Sequential
# stopping"): batches until every interval asked is
# within the relative half-width asked, or max_replicas. On a known case it stops once the
# interval is that narrow, the same n and file on 1 and 2 threads and after an interruption,
# and the values and report of a fixed run of the n it reached; a target no valid interval can
# meet runs to max_replicas and says why; bad settings are refused by name.
. "$(dirname "$0")/lib.sh"
same() { /usr/bin/python3 "$TESTS_DIR/same_results.py" "$@" >"$WORK/diff" 2>&1; }
attr() { h5dump -a "/$1" "$2" | sed -n 's/^ *(0): //p' | tr -d '"'; }

# One job of 10 Exp(1) tasks: flowtime's relative half-width is about 0.83/sqrt(n) (a 5 %
# target needs about 280 replicas) and pocd's, deadline 4, about 1.07/sqrt(n).
cat >"$WORK/fixed.ini" <<'INI'
[experiment]
seed = 3
[cluster]
slots = 20
[workload]
arrival = batch
jobs = 1
tasks = 10
task_time = exponential
mean = 1
deadline = 4
[policy]
list = fifo, clone
INI
{ cat "$WORK/fixed.ini"; printf '[experiment]\nreplicas = 30\nmax_replicas = 5000\n'
  printf 'precision = 0.05\nprecision_metrics = flowtime, pocd\n'; } >"$WORK/seq.ini"
expect_ok "a sequential run" "$SPECMC" run "$WORK/seq.ini" --out "$WORK/s2.h5" --quiet
n=$(attr replicas "$WORK/s2.h5")
expect_grep "it says it reached the precision" "precision 0.05 reached at $n replicas" "$WORK/err"
CURRENT="n is a whole number of batches, past the first, short of max_replicas"
if [ $((n % 30)) -eq 0 ] && [ "$n" -gt 30 ] && [ "$n" -lt 5000 ]; then pass; else fail "n = $n"; fi
CURRENT="every interval asked is within 5 %"
"$SPECMC" report "$WORK/s2.h5" --csv >"$WORK/s2.csv"
if awk -F, '$3 == "flowtime" || $3 == "pocd" { h = ($8 - $7) / 2 / ($5 < 0 ? -$5 : $5);
            if (h > 0.05) bad = bad " " $2 "/" $3 "=" h } END { if (bad) { print bad; exit 1 } }' \
        "$WORK/s2.csv" >"$WORK/wide"; then pass; else fail "$(cat "$WORK/wide")"; fi
CURRENT="one batch fewer would not have done (the interval at n - 30 is wider than 5 %)"
"$SPECMC" run "$WORK/fixed.ini" --out "$WORK/before.h5" --quiet --replicas $((n - 30))
"$SPECMC" report "$WORK/before.h5" --csv >"$WORK/before.csv"
if awk -F, '($3 == "flowtime" || $3 == "pocd") && ($8 - $7) / 2 / $5 > 0.05 { w = 1 }
            END { exit !w }' "$WORK/before.csv"; then pass; else fail "all within 5 % at n - 30"; fi
expect_ok "1 thread" "$SPECMC" run "$WORK/seq.ini" --out "$WORK/s1.h5" --quiet --threads 1
CURRENT="1 and 2 threads: the same file"
if same "$WORK/s1.h5" "$WORK/s2.h5"; then pass; else fail "$(head -5 "$WORK/diff")"; fi
expect_ok "a fixed run of n" "$SPECMC" run "$WORK/fixed.ini" --out "$WORK/f.h5" --quiet \
    --replicas "$n"
CURRENT="the fixed run of n: the same values and intervals (h5diff /scenarios)"
if h5diff "$WORK/s2.h5" "$WORK/f.h5" /scenarios /scenarios >"$WORK/h5diff" 2>&1; then pass
else fail "$(head -5 "$WORK/h5diff")"; fi
"$SPECMC" report "$WORK/f.h5" --csv >"$WORK/f.csv"
expect_same "the fixed run of n: the same report" "$WORK/s2.csv" "$WORK/f.csv"

# Looks, not a summary after every batch: 1 % takes about 6 900 replicas, 230 batches of 30;
# the run looks when the running moments predict the target (and when n doubles), a few dozen
# times at most, and still stops where the intervals meet it.
expect_ok "a long sequential run" "$SPECMC" run "$WORK/seq.ini" --out "$WORK/s01.h5" --quiet \
    --set experiment.precision=0.01 --set experiment.precision_metrics=flowtime \
    --set experiment.max_replicas=20000
CURRENT="it looked a few times, not after each of its batches"
looks=$(sed -n 's/.*precision 0.01 reached at \([0-9]*\) replicas (\([0-9]*\) looks).*/\1 \2/p' "$WORK/err")
read -r n01 looks01 _ <<<"$looks 0 0"
if [ -n "$looks" ] && [ "$looks01" -le 40 ] && [ "$n01" -gt 3000 ]; then pass
else fail "n, looks = '$looks': $(cat "$WORK/err")"; fi
"$SPECMC" report "$WORK/s01.h5" --csv >"$WORK/s01.csv"
CURRENT="at 1 %: every flowtime interval within 1 %"
if awk -F, '$3 == "flowtime" && ($8 - $7) / 2 / $5 > 0.01 { w = 1 } END { exit w }' \
        "$WORK/s01.csv"; then pass; else fail "$(grep ',flowtime,' "$WORK/s01.csv")"; fi

# A target out of reach: max_replicas, and why.
expect_ok "a target out of reach" "$SPECMC" run "$WORK/seq.ini" --out "$WORK/far.h5" --quiet \
    --set experiment.precision=0.001 --set experiment.max_replicas=90
expect_grep "it says max_replicas stopped it, and which interval was short" \
    "max_replicas 90 reached; still short: flowtime of fifo in scenario 0: relative half-width" \
    "$WORK/err"
CURRENT="the file records n = 90 and why"
if [ "$(attr replicas "$WORK/far.h5")" = 90 ] && attr stopped "$WORK/far.h5" | grep -q "max_replicas 90"
then pass; else fail "replicas $(attr replicas "$WORK/far.h5"), stopped $(attr stopped "$WORK/far.h5")"; fi
expect_ok "an interval that is not valid" "$SPECMC" run "$WORK/seq.ini" --out "$WORK/nv.h5" \
    --quiet --set workload.task_time=pareto --set workload.beta=1.5 --set workload.tmin=1 \
    --set experiment.max_replicas=60 --set experiment.precision_metrics=flowtime
expect_grep "an interval that is not valid never meets the target" \
    "flowtime of fifo in scenario 0: its interval is not valid" "$WORK/err"

# Interrupted and resumed: the same file. A pooled job quantile among the metrics asked: its
# stream holds every replica done, so the resumed run must go on from the batch it was in
# (the checkpoint says where) rather than look again at fewer replicas.
{ cat "$WORK/fixed.ini" | sed 's/^jobs = 1/jobs = 40/; s/^arrival = batch/arrival = poisson\nrate = 1/'
  printf '[experiment]\nreplicas = 200\nmax_replicas = 4000\nprecision = 0.006\n'
  printf 'precision_metrics = flowtime, job_flowtime_p90\n'; } >"$WORK/long.ini"
expect_ok "the long sequential run" "$SPECMC" run "$WORK/long.ini" --out "$WORK/l.h5" --quiet
"$SPECMC" run "$WORK/long.ini" --out "$WORK/li.h5" --quiet --checkpoint 0 2>/dev/null &
pid=$!
wait_until 60 writing "$WORK/li.h5"
kill -s INT "$pid" 2>/dev/null
{ wait "$pid"; } 2>/dev/null
expect_ok "resumed" "$SPECMC" run "$WORK/long.ini" --out "$WORK/li.h5" --quiet --resume
CURRENT="interrupted and resumed: the same file"
if same "$WORK/l.h5" "$WORK/li.h5"; then pass; else fail "$(head -5 "$WORK/diff")"; fi

# Bad settings.
printf '[experiment]\nprecision = 0.01\n[workload]\nrate = 1\n' >"$WORK/nomax.ini"
expect_error "precision without max_replicas" "nomax.ini:2: experiment.precision: needs experiment.max_replicas" \
    "$SPECMC" run "$WORK/nomax.ini"
expect_error "a first batch under 30" "--replicas = 10: with experiment.precision it is the first batch" \
    "$SPECMC" run "$WORK/seq.ini" --replicas 10
expect_error "a first batch over max_replicas" "experiment.replicas = 30 is more than experiment.max_replicas = 20" \
    "$SPECMC" run "$WORK/seq.ini" --set experiment.max_replicas=20
expect_error "with --shard" "--shard cannot split a run with experiment.precision" \
    "$SPECMC" run "$WORK/seq.ini" --shard 0/2
expect_error "a precision no pooled quantile can reach" \
    "--set: experiment.precision = 0.001 is less than a pooled job quantile's interval can reach \(job_flowtime_p99: its ends fall on bins 0.27 % wide, so its relative half-width is at least 0.00135" \
    "$SPECMC" run "$WORK/seq.ini" --set experiment.precision=0.001 \
    --set experiment.precision_metrics=flowtime,job_flowtime_p99
expect_error "an unknown metric" "experiment.precision_metrics: unknown metric 'speed'; valid: flowtime" \
    "$SPECMC" run "$WORK/seq.ini" --set experiment.precision_metrics=flowtime,speed

finish

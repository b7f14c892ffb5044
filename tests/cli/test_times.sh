# Times relative to the workload (docs/guide/config.md, "Times") and Hadoop's constants in seconds
# (docs/methods/policies.md, "Production speculators"): hadoop-s's default min_age is Hadoop's 60 s,
# 1.8 on the default experiment (a mean task of 3 is 100 s), and it speculates, the resolved
# values shown and kept; the old default, 60 time units, is still reachable as min_age = 60,
# nearly FIFO there (0.22 % of tasks run 60), and says so; with min_age = 1 mean it speculates,
# and the value it resolved to is shown and kept.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTS_DIR/../.." && pwd)
ini="$ROOT/experiments/default.ini"

# hadoop-s's copies per task in every scenario of a results file, one per line
copies() {
    "$SPECMC" report "$1" --csv | awk -F, '$2 == "hadoop-s" && $3 == "copies_per_task" {print $5}'
}
# all_copies NAME FILE AWK-TEST: every scenario's copies per task passes the test
all_copies() {
    CURRENT=$1
    got=$(copies "$2" | tr '\n' ' ')
    if [ -n "$got" ] && copies "$2" | awk "{ if (!($3)) bad = 1 } END { exit bad }"; then pass
    else fail "copies per task: $got"; fi
}
# attr FILE PATH: an attribute's value as h5dump prints it
attr() {
    h5dump -a "$2" "$1" | sed -n 's/^ *(0): //p'
}

# The defaults: auto, seconds of the real system. 1000 replicas give 1.197 and 1.187 copies
# per task at the two loads (docs/methods/policies.md); 60 time units gave 1.0014.
expect_ok "hadoop-s defaults run" "$SPECMC" run "$ini" --set policy.list=fifo,hadoop-s \
    --replicas 10 --out "$WORK/auto.h5" --metrics copies_per_task
CURRENT="the defaults do not warn about hadoop-s"
if grep "warning" "$WORK/err" | grep -q "hadoop-s"; then fail "$(head -c 300 "$WORK/err")"; else pass; fi
all_copies "the defaults speculate: Hadoop's 60 s is 1.8 here" "$WORK/auto.h5" '$1 > 1.1'
expect_grep "the resolved values are shown" "^  auto: hadoop-s min_age = 1\.8, period = 0\.09$" \
    "$WORK/out"
CURRENT="the resolved values are kept in the file"
v=$(attr "$WORK/auto.h5" /scenarios/0/hadoop-s/min_age)
p=$(attr "$WORK/auto.h5" /scenarios/0/hadoop-s/period)
note=$(attr "$WORK/auto.h5" /scenarios/0/hadoop-s/auto)
if [ "$v" = 1.8 ] && [ "$p" = 0.09 ] && [ "$note" = '"min_age = 1.8, period = 0.09"' ]; then pass
else fail "min_age '$v', period '$p', auto $note"; fi

# The old default, given: 60 time units, as before
expect_ok "min_age = 60 runs" "$SPECMC" run "$ini" --set policy.list=fifo,hadoop-s \
    --set policy.hadoop-s.min_age=60 --set policy.hadoop-s.period=1 --replicas 10 \
    --out "$WORK/abs.h5" --quiet
expect_grep "min_age = 60 warns" "warning: --set: policy\.hadoop-s\.min_age = 60: rule = progress-score backs up only a task that has run min_age, and only 0\.22% of this scenario's tasks get that far \(under 1%\): the policy acts on almost none" "$WORK/err"
expect_grep "the warning says where 1% lies" "min_age reaches 1% of them at 21\.54 \(21\.5 tmin, 7\.18 mean\)" "$WORK/err"
expect_grep "the warning suggests auto and the relative form" "leave it auto \(its system's constant in seconds of the real system\) or give min_age relative to the workload, e\.g\. 'min_age = 1 mean'" "$WORK/err"
all_copies "min_age = 60 backs up almost nothing" "$WORK/abs.h5" '$1 < 1.01'
CURRENT="numbers given are kept as given, not noted as auto"
v=$(attr "$WORK/abs.h5" /scenarios/0/hadoop-s/min_age)
if [ "$v" = 60 ] && ! h5dump -a /scenarios/0/hadoop-s/auto "$WORK/abs.h5" >/dev/null 2>&1; then
    pass; else fail "min_age '$v', auto $(attr "$WORK/abs.h5" /scenarios/0/hadoop-s/auto)"; fi

expect_ok "min_age = 1 mean runs" "$SPECMC" run "$ini" --set policy.list=fifo,hadoop-s \
    --set "policy.hadoop-s.min_age=1 mean" --replicas 10 --out "$WORK/rel.h5" \
    --metrics copies_per_task
CURRENT="min_age = 1 mean does not warn"
if grep -v "intervals are not valid\|is not in \[policy\] list" "$WORK/err" | grep -q "warning"; then
    fail "$(head -c 300 "$WORK/err")"; else pass; fi
expect_grep "the resolved value is shown" "^  auto: hadoop-s period = 0\.09, min_age = 3 \(1 mean\)$" "$WORK/out"
all_copies "min_age = 1 mean speculates" "$WORK/rel.h5" '$1 > 1.05'
CURRENT="the resolved value is kept in the file"
v=$(attr "$WORK/rel.h5" /scenarios/0/hadoop-s/min_age)
note=$(attr "$WORK/rel.h5" /scenarios/0/hadoop-s/auto)
if [ "$v" = 3 ] && [ "$note" = '"period = 0.09, min_age = 3 (1 mean)"' ]; then pass; else fail "min_age '$v', auto $note"; fi

# resolved per scenario: a sweep of tmin moves it
expect_ok "relative time in a sweep" "$SPECMC" run "$ini" --set policy.list=fifo,hadoop-s \
    --set "policy.hadoop-s.min_age=2 tmin" --set sweep.workload.tmin=1,2 --set workload.jobs=60 \
    --set workload.warmup=5 --replicas 2 --out "$WORK/sweep.h5" --metrics copies_per_task
expect_grep "tmin = 1" "^  auto: hadoop-s period = 0\.09, min_age = 2 \(2 tmin\)$" "$WORK/out"
expect_grep "tmin = 2: the auto period follows the mean too" "^  auto: hadoop-s period = 0\.18, min_age = 4 \(2 tmin\)$" "$WORK/out"

# rule 1 has no min_age (seed 004 Fig. 4 runs hadoop-s so): nothing to warn about
expect_ok "rule 1 runs" "$SPECMC" run "$ini" --set policy.list=fifo,hadoop-s \
    --set policy.hadoop-s.rule=1 --replicas 2 --out "$WORK/rule1.h5" --quiet
CURRENT="rule 1 does not warn about hadoop-s's times"
if grep "warning" "$WORK/err" | grep -q "hadoop-s"; then fail "$(head -c 300 "$WORK/err")"; else pass; fi
CURRENT="settings of policies --set took out of the list: warned (mantri's two, clone's two)"
if [ "$(grep -c "policy.\(mantri\|clone\).* is set, but .* is not in \[policy\] list" "$WORK/err")" = 4 ]
then pass; else fail "$(head -c 300 "$WORK/err")"; fi

# list and list --keys say which parameters are times
expect_ok "list" "$SPECMC" list
expect_grep "list marks times" "tau_kill = 0\.5 tmin, a time \(N, N tmin or N mean\)" "$WORK/out"
expect_grep "list explains times" "^times: a number of time units, or relative" "$WORK/out"
expect_ok "list --keys" "$SPECMC" list --keys
expect_grep "keys mark times" "^  min_age +default 0 +time: " "$WORK/out"
expect_grep "keys show auto times with their seconds" "^  min_age +default auto +time: rule progress-score: a task must have run this long; auto: 60 s \(SPECULATIVE_LAG" "$WORK/out"
expect_grep "keys show the heartbeat's seconds" "^  period +default auto +time: heartbeat between speculation decisions; auto: 3 s" "$WORK/out"
expect_grep "keys show relative defaults" "^  tau_est +default 0\.3 tmin +time: " "$WORK/out"

finish

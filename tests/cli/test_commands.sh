# The command line itself: help, version, list, run and report on a small experiment.
. "$(dirname "$0")/lib.sh"

expect_ok "help" "$SPECMC" --help
expect_grep "help names run" "^  run CONFIG.ini" "$WORK/out"
expect_ok "version" "$SPECMC" --version
expect_grep "version format" "^specmc [0-9]+\.[0-9]+\.[0-9]+ \(" "$WORK/out"
expect_error "no command" "usage: specmc COMMAND" "$SPECMC"
expect_error "unknown command" "unknown command 'frobnicate'" "$SPECMC" frobnicate

expect_ok "list" "$SPECMC" list
for p in fifo psrpt mantri clone; do
    expect_grep "list shows $p" "^  $p " "$WORK/out"
done
expect_grep "list shows metrics" "^  flowtime_p99 " "$WORK/out"
expect_ok "list --keys" "$SPECMC" list --keys
expect_grep "keys: workload.deadline" "^  deadline " "$WORK/out"
expect_grep "keys: policy parameters" "^\[policy.clone\]" "$WORK/out"
CURRENT="keys: every description starts in one column, named defaults (progress-score) too"
cols=$(awk 'match($0, /^  [a-z_]+ +default [^ ]+( tmin)? +/) { print RLENGTH }' "$WORK/out" | sort -u)
if [ "$(echo "$cols" | wc -l)" = 1 ] && grep -q "default progress-score " "$WORK/out"; then pass
else fail "description columns: $(echo $cols)"; fi

ini=$(write_ini small)
expect_ok "run small" "$SPECMC" run "$ini" --out "$WORK/small.h5" --threads 2
expect_grep "run prints the table" "^  clone +[0-9.]+ ± [0-9.]+\*? " "$WORK/out"
expect_grep "run warns once of the invalid intervals" \
    "warning: [0-9]+ intervals are not valid \(marked '\*'.*tail index 1.5 <= 2" "$WORK/err"
expect_grep "run says where it wrote" "wrote .*small.h5" "$WORK/err"

expect_ok "report table" "$SPECMC" report "$WORK/small.h5"
expect_grep "table header" "policy +flowtime +job_flowtime_p99 +pocd +machine_time" "$WORK/out"
expect_grep "table notes the invalid intervals" "^  \* flowtime, machine_time: tail index 1.5 <= 2" "$WORK/out"
expect_grep "table scenario line" "^scenario 1: workload.rate = 2.0" "$WORK/out"

expect_ok "report csv" "$SPECMC" report "$WORK/small.h5" --csv
CURRENT="csv header"
if [ "$(head -n 1 "$WORK/out")" = "scenario,policy,metric,n,mean,stddev,ci_low,ci_high,interval,workload.rate" ]; then
    pass; else fail "header: $(head -n 1 "$WORK/out")"; fi
# every metric of every policy; for the 3 policies after the baseline, each of the 13 metrics
# with per-replica values paired (delta_) and its 5 verdict rows (lower_, higher_, tied_,
# sign_p_, median_delta_); the 3 pooled job quantiles have no replicas to pair
CURRENT="csv rows: 2 scenarios x (4 policies x 16 metrics + 3 x 13 x (1 paired + 5 verdicts))"
rows=$(($(wc -l <"$WORK/out") - 1))
if [ "$rows" -eq 596 ]; then pass; else fail "$rows rows"; fi
expect_no_grep "csv: no paired row of a pooled quantile" "^[01],[a-z]+,[a-z_]+job_flowtime_p" "$WORK/out"
expect_grep "csv: a verdict's share, exact" \
    "^0,mantri,lower_flowtime,40,[^,]+,[^,]+,[^,]+,[^,]+,clopper-pearson,1.0$" "$WORK/out"
expect_grep "csv: the sign test" "^0,mantri,sign_p_flowtime,[0-9]+,[^,]+,nan,nan,nan,sign-test,1.0$" \
    "$WORK/out"
expect_grep "csv: the median difference" \
    "^0,mantri,median_delta_flowtime,40,[^,]+,nan,[^,]+,[^,]+,order-statistic,1.0$" "$WORK/out"
# a replica's jobs queue behind each other: the pooled quantile by betting, valid for any
# dependence between them (engine/stats/intervals.h)
expect_grep "csv: a pooled job quantile" \
    "^1,fifo,job_flowtime_p99,[0-9]+,[^,]+,[^,]*,[^,]+,[^,]+,betting,2.0$" "$WORK/out"
for m in flowtime flowtime_p99 pocd machine_time; do
    expect_grep "csv has $m" "^1,clone,$m,40," "$WORK/out"
done
expect_grep "csv has paired rows" "^0,mantri,delta_flowtime,40," "$WORK/out"
expect_grep "csv sweep column" "^1,fifo,flowtime,40,[^,]+,[^,]+,[^,]+,[^,]+,unreliable,2.0$" "$WORK/out"
# a pooled proportion of jobs that queue: the betting interval of the replicas' fractions
expect_grep "csv: a pooled proportion" "^1,fifo,pocd,40,[^,]+,[^,]+,[^,]+,[^,]+,betting,2.0$" "$WORK/out"
# a replica's quantile is one order statistic, not an average of its jobs: under 50 replicas
# it has no valid interval, whatever its job count (engine/stats/intervals.h, few-jobs)
expect_grep "csv: a replica's quantile at 40 replicas" "^1,fifo,flowtime_p50,40,[^,]+,[^,]+,[^,]+,[^,]+,unreliable,2.0$" "$WORK/out"
expect_grep "csv: a paired proportion" "^1,clone,delta_pocd,40,[^,]+,[^,]+,[^,]+,[^,]+,betting,2.0$" "$WORK/out"

# --warmup: the geometric mean job flowtime by arrival order, MSER-5 beside the configured warm-up
expect_ok "report --warmup" "$SPECMC" report "$WORK/small.h5" --warmup
expect_grep "warmup header" "policy +warmup +mser5 +10% +20%" "$WORK/out"
expect_grep "warmup row" "^  fifo +[0-9]+ +[0-9]+!? +[0-9.]+" "$WORK/out"
expect_ok "report --warmup --csv" "$SPECMC" report "$WORK/small.h5" --warmup --csv
expect_grep "warmup csv header" "^scenario,policy,jobs,warmup,mser5,tenth1,.*,tenth10,workload.rate$" "$WORK/out"
CURRENT="warmup csv: a row per scenario and policy, 60 jobs with 5 of warm-up, 10 tenths"
rows=$(awk -F, 'NR > 1 && $3 == 60 && $4 == 5 && NF == 16' "$WORK/out" | wc -l)
if [ "$rows" -eq 8 ]; then pass; else fail "$rows rows"; fi
CURRENT="by_job/flowtime: every job's geometric mean over replicas, tenths as printed"
if /usr/bin/python3 - "$WORK/small.h5" "$WORK/out" >"$WORK/py" 2>&1 <<'PY'; then pass; else fail "$(tail -3 "$WORK/py")"; fi
import csv, sys, h5py, numpy as np
f = h5py.File(sys.argv[1], "r")
for r in csv.DictReader(open(sys.argv[2])):
    med = f[f"scenarios/{r['scenario']}/{r['policy']}/by_job/flowtime"][:]
    assert med.shape == (60,) and np.all(med > 0), med.shape
    for t in range(10):
        want = med[6 * t:6 * (t + 1)].mean()
        assert abs(float(r[f"tenth{t + 1}"]) - want) <= 1e-12 * want, (r, t, want)
print("ok")
PY
expect_error "--warmup goes alone" "--warmup goes alone" "$SPECMC" report "$WORK/small.h5" \
    --warmup --cdf flowtime

# --metrics chooses the table's columns; the paired column follows the first
expect_ok "report --metrics" "$SPECMC" report "$WORK/small.h5" --metrics pocd,utility
expect_grep "metrics header" "policy +pocd +utility +pocd - fifo$" "$WORK/out"
expect_ok "run --metrics" "$SPECMC" run "$ini" --out "$WORK/m.h5" --replicas 3 --metrics copies_per_task
expect_grep "run metrics header" "policy +copies_per_task +copies_per_task - fifo$" "$WORK/out"

# r = auto: resolved once per scenario, shown under the table and kept in the file
expect_ok "r = auto" "$SPECMC" run "$ini" --out "$WORK/auto.h5" --replicas 3 --set policy.clone.r=auto \
    --set utility.theta=1e-3
expect_grep "auto shown" "^  auto: .*clone r = [0-9]+$" "$WORK/out"
CURRENT="auto recorded in the file"
r=$(h5dump -a /scenarios/0/clone/r "$WORK/auto.h5" | sed -n 's/^ *(0): //p')
shown=$(sed -n 's/^  auto: .*clone r = //p' "$WORK/out" | head -n 1)
if [ -n "$r" ] && [ "$r" = "$shown" ]; then pass; else fail "attribute r '$r', shown '$shown'"; fi

# r = auto per job: jobs of different sizes (job_spread) get their own r; the table gives the
# distribution over the measured jobs, the file the counts per replica, the CSV the shares
expect_ok "r = auto per job" "$SPECMC" run "$ini" --out "$WORK/perjob.h5" --replicas 3 \
    --set policy.clone.r=auto --set utility.theta=1e-3 --set workload.job_spread=1
expect_grep "per-job distribution shown" \
    "^  auto: clone r per job: [0-9]+ \([0-9.]+ %\)(, [0-9]+ \([0-9.]+ %\))+$" "$WORK/out"
CURRENT="per-job counts: each replica's sum to its measured jobs (60 - 5 warm-up)"
sums=$(h5dump -d /scenarios/1/clone/per_job/r -y -w 0 "$WORK/perjob.h5" |
    awk '/DATA \{/{on=1; next} /\}/{on=0} on{s=0; n=split($0, a, ","); for (i = 1; i <= n; i++) s += a[i]; printf "%d ", s}')
if [ "$sums" = "55 55 55 " ]; then pass; else fail "row sums '$sums'"; fi
CURRENT="r attribute NaN when jobs got different r"
r=$(h5dump -a /scenarios/1/clone/r "$WORK/perjob.h5" | sed -n 's/^ *(0): //p')
if [ "$r" = "nan" ]; then pass; else fail "r = '$r'"; fi
expect_ok "report --csv per job" "$SPECMC" report "$WORK/perjob.h5" --csv
CURRENT="csv shares of r sum to 1"
total=$(awk -F, '$1 == 1 && $2 == "clone" && $3 ~ /^share_r_[0-9]+$/ {s += $5} END {printf "%.9f", s}' "$WORK/out")
if [ "$total" = "1.000000000" ]; then pass; else fail "shares sum to $total"; fi
expect_grep "csv share rows of clone" "^0,clone,share_r_1,3," "$WORK/out"
CURRENT="no share rows without r = auto"
if grep -q "^[01],mantri,share_" "$WORK/out"; then fail "mantri has share rows"; else pass; fi

# --replicas, --seed and --set reach the run
expect_ok "overrides" "$SPECMC" run "$ini" --out "$WORK/o.h5" --quiet --replicas 3 --seed 99 \
    --set workload.jobs=20 --set policy.clone.r=2
expect_ok "report overrides" "$SPECMC" report "$WORK/o.h5" --csv
expect_grep "replicas override" "^0,fifo,flowtime,3," "$WORK/out"
CURRENT="quiet prints nothing on stdout"
"$SPECMC" run "$ini" --out "$WORK/q.h5" --quiet --replicas 2 >"$WORK/q.out" 2>&1
if [ ! -s "$WORK/q.out" ]; then pass; else fail "$(head -c 200 "$WORK/q.out")"; fi
CURRENT="default output name"
(cd "$WORK" && "$SPECMC" run "$ini" --quiet --replicas 2) && [ -f "$WORK/$(basename "$ini" .ini).h5" ] && pass || fail "no $(basename "$ini" .ini).h5 in the working directory"

# An option takes its name or its number (docs/guide/config.md, "[policy.NAME]"): the same run, the
# same report byte for byte; list and the errors show the names
for v in no 0; do
    expect_ok "mantri kill = $v" "$SPECMC" run "$ini" --out "$WORK/kill-$v.h5" --quiet --replicas 4 \
        --set policy.mantri.kill=$v
    expect_ok "report kill = $v" "$SPECMC" report "$WORK/kill-$v.h5" --csv
    cp "$WORK/out" "$WORK/kill-$v.csv"
done
expect_same "kill = no is kill = 0" "$WORK/kill-no.csv" "$WORK/kill-0.csv"
expect_error "an unknown name names the valid ones" \
    "--set: policy\.mantri\.kill: unknown value 'nein'; valid: no, yes \(or 0, 1\)" \
    "$SPECMC" run "$ini" --out "$WORK/x.h5" --set policy.mantri.kill=nein
expect_ok "list" "$SPECMC" list
expect_grep "list names an option's values" "^ +kill = yes, one of no, yes \(or 0, 1\)  \(yes: " \
    "$WORK/out"

# Idle OpenMP threads sleep (engine/run/wait_policy.c): unless OMP_WAIT_POLICY is set, specmc
# sets it to passive and runs itself again, so the runtime it then runs with spins 0 times; a
# policy the user set stands, and the program is not run again.
expect_ok "passive by default" env -u OMP_WAIT_POLICY OMP_DISPLAY_ENV=verbose "$SPECMC" --version
CURRENT="passive by default: the runtime that runs spins 0"
last=$(grep "GOMP_SPINCOUNT" "$WORK/err" | tail -n 1)
case "$last" in *"'0'"*) pass ;; *) fail "${last:-no GOMP_SPINCOUNT line}" ;; esac
expect_ok "a set policy stands" env OMP_WAIT_POLICY=active OMP_DISPLAY_ENV=verbose "$SPECMC" --version
CURRENT="a set policy stands, run once"
spins=$(grep "GOMP_SPINCOUNT" "$WORK/err")
if [ "$(printf '%s\n' "$spins" | wc -l)" -eq 1 ] && [ "${spins#*30000000000}" != "$spins" ]; then
    pass; else fail "$spins"; fi
# One thread is never idle: --threads 1 runs once, with the runtime's default (start-up once).
expect_ok "one thread" env -u OMP_WAIT_POLICY OMP_DISPLAY_ENV=verbose "$SPECMC" run "$ini" \
    --threads 1 --quiet --out "$WORK/one.h5"
CURRENT="one thread: run once"
spins=$(grep "GOMP_SPINCOUNT" "$WORK/err")
if [ "$(printf '%s\n' "$spins" | wc -l)" -eq 1 ] && [ "${spins#*\'0\'}" = "$spins" ]; then
    pass; else fail "$spins"; fi

finish

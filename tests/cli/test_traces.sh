# The sample traces of data/ replayed by `specmc run`, one per workload.trace_format: each run
# succeeds, and the number of jobs the reader kept is the one the unit tests pin (asking for one
# more names it). The 2019 sample is also named relative to its config's directory.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTS_DIR/../.." && pwd)

replay() { # replay FORMAT FILE JOBS
    ini=$(write_ini small "s|^tasks = 5|trace = $ROOT/data/$2\ntrace_format = $1|" \
        's/^jobs = 60/; all jobs/' 's/^warmup = 5/warmup = 0/')
    expect_ok "$1: $2 runs" "$SPECMC" run "$ini" --replicas 4 --out "$WORK/$1.h5" --quiet
    expect_ok "$1: report" "$SPECMC" report "$WORK/$1.h5"
    expect_grep "$1: report shows the scenarios" "^scenario 1: workload\.rate = 2" "$WORK/out"
    expect_error "$1: $3 jobs read" "workload\.jobs: the trace has $3 jobs, got '$(($3 + 1))'" \
        "$SPECMC" run "$ini" --set "workload.jobs=$(($3 + 1))" --out "$WORK/never.h5" --quiet
}
replay csv trace-sample.csv 30
replay google google-task-events-sample.csv 20
replay google2019 google2019-instance-events-sample.csv 17

mkdir -p "$WORK/cell"
cp "$ROOT/data/google2019-instance-events-sample.csv" "$WORK/cell/instance_events.csv"
sed -e 's|^tasks = 5|trace = instance_events.csv\ntrace_format = google2019|' \
    -e 's/^jobs = 60/jobs = 10/' -e 's/^warmup = 5/warmup = 2/' \
    "$CONFIGS/small.ini" >"$WORK/cell/run.ini"
expect_ok "google2019: a trace beside the config, its first 10 jobs" \
    "$SPECMC" run "$WORK/cell/run.ini" --replicas 4 --out "$WORK/cell.h5" --quiet
# Deadline and price columns (seed 004's D_i and γ_i per job): without workload.deadline the
# jobs' own give the PoCD and let s-restart run; the utility weighs each job's machine time by
# its own price (an empty one: utility.price).
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean,deadline,price\n0,1,3,0,2,,8,2\n1,1,3,0,2,,30,\n2,1,3,0,2,,5,40\n' \
    >"$WORK/deadlines.csv"
ini=$(write_ini small "s|^tasks = 5|trace = $WORK/deadlines.csv|" 's/^jobs = 60/; all jobs/' \
    's/^warmup = 5/warmup = 0/' 's/^deadline = 15/; deadlines from the trace/' \
    's/^list = .*/list = fifo, s-restart/')
expect_ok "csv: deadline and price columns, no workload.deadline" \
    "$SPECMC" run "$ini" --replicas 4 --out "$WORK/deadlines.h5" --metrics pocd,utility
expect_grep "csv: PoCD and utility from the jobs' own deadlines and prices" \
    "^  fifo +[01]\.[0-9]+ .* +-0\.[0-9]+ " "$WORK/out"
CURRENT="no output file after a failed run"
if [ -e "$WORK/never.h5" ]; then fail "never.h5 written"; else pass; fi

finish

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
# Request columns (seed 003 §VI's servers): on servers a job's own requests place its copies,
# strict or with backfill; a file whose request columns are empty is the file without them, to
# the byte; without servers they are not used, with a warning.
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean\n0,1,3,0,2,\n0.5,1,3,0,2,\n1,1,3,0,2,\n' \
    >"$WORK/plain.csv"
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean,cpu,mem\n0,1,3,0,2,,,\n0.5,1,3,0,2,,,\n1,1,3,0,2,,,\n' \
    >"$WORK/empty-req.csv"
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean,cpu,mem\n0,1,3,0,2,,0.8,0.2\n0.5,1,3,0,2,,0.9,\n1,1,3,0,2,,,0.1\n' \
    >"$WORK/req.csv"
for f in plain empty-req req; do
    cp "$WORK/$f.csv" "$WORK/t.csv" # one path: the config and inputs name it
    for b in no yes; do
        ini=$(write_ini small "s|^tasks = 5|trace = $WORK/t.csv|" 's/^jobs = 60/; all jobs/' \
            's/^warmup = 5/warmup = 0/' "s/^slots = 20/servers = 2\nbackfill = $b/" \
            's/^list = .*/list = fifo, psrpt/')
        expect_ok "csv: $f requests on servers, backfill $b" \
            "$SPECMC" run "$ini" --replicas 4 --out "$WORK/$f-$b.h5" --quiet
    done
done
CURRENT="csv: empty request columns change nothing"
if /usr/bin/python3 "$TESTS_DIR/same_results.py" "$WORK/plain-no.h5" "$WORK/empty-req-no.h5" \
    >"$WORK/same" 2>&1; then pass; else fail "$(head -c 300 "$WORK/same")"; fi
CURRENT="csv: a trace's requests are placed"
if /usr/bin/python3 "$TESTS_DIR/same_results.py" "$WORK/plain-no.h5" "$WORK/req-no.h5" \
    >"$WORK/same" 2>&1; then fail "same results with and without requests"; else pass; fi
CURRENT="csv: strict and backfill differ with a trace's requests"
if /usr/bin/python3 "$TESTS_DIR/same_results.py" "$WORK/req-no.h5" "$WORK/req-yes.h5" \
    >"$WORK/same" 2>&1; then fail "backfill changed nothing"; else pass; fi
ini=$(write_ini small "s|^tasks = 5|trace = $WORK/req.csv|" 's/^jobs = 60/; all jobs/' \
    's/^warmup = 5/warmup = 0/')
expect_ok "csv: requests without servers run" "$SPECMC" run "$ini" --replicas 2 --out "$WORK/noserv.h5" --quiet
expect_grep "csv: requests without servers warn" \
    "workload\.trace: its requests \(columns cpu and mem\) are not used without cluster\.servers" \
    "$WORK/err"
ini=$(write_ini small "s|^tasks = 5|trace = $ROOT/data/google-task-events-sample.csv\ntrace_format = google|" \
    's/^jobs = 60/; all jobs/' 's/^warmup = 5/warmup = 0/' 's/^slots = 20/servers = 4/')
expect_ok "google: the table's requests on servers" \
    "$SPECMC" run "$ini" --replicas 2 --out "$WORK/google-servers.h5" --quiet
expect_error "google: a request above a smaller server names its line" \
    "google-task-events-sample\.csv:[0-9]+: column 'CPU request': a copy requesting [0-9.]+ fits no server of 0\.01 \(cluster\.server_cpu\)" \
    "$SPECMC" run "$ini" --set cluster.server_cpu=0.01 --set workload.cpu_request=0.005 \
    --out "$WORK/never.h5" --quiet
CURRENT="no output file after a failed run"
if [ -e "$WORK/never.h5" ]; then fail "never.h5 written"; else pass; fi

finish

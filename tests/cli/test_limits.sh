# The numeric limits of a run (docs/guide/config.md, "Limits"): a config whose simulated
# quantities would overflow, lose all precision or never finish is an error before the run,
# naming file, line and key, with the valid range and why; one that merely loses precision
# or runs long gets a warning. No failing run touches an existing output file.
. "$(dirname "$0")/lib.sh"

good=$(write_ini small)
"$SPECMC" run "$good" --out "$WORK/keep.h5" --quiet --replicas 2 || fail "setup run"
sum_before=$(md5sum <"$WORK/keep.h5")

limit() { # limit NAME PATTERN SED-EXPR...: an error against the existing output
    name=$1; pattern=$2; shift 2
    ini=$(write_ini small "$@")
    expect_error "$name" "$pattern" "$SPECMC" run "$ini" --out "$WORK/keep.h5" --quiet
}
warns() { # warns NAME PATTERN SED-EXPR...: runs, with a warning
    name=$1; pattern=$2; shift 2
    ini=$(write_ini small "$@")
    expect_ok "$name runs" "$SPECMC" run "$ini" --out "$WORK/w.h5" --quiet --replicas 2
    expect_grep "$name warns" "$pattern" "$WORK/err"
}

# --- the clock: jobs arriving over 6e301 time units leave no bit of a task's duration (the run
# used to exit 0 with every flowtime 0)
limit "rate 1e-300" "small-[0-9]+\.ini:31: workload\.rate: must be >= 1\.68e-14 here, got '1e-300': the clock keeps 0\.0 bits of the median task time, 1\.59, .* when the last job arrives .*: a task's end would round onto its start" \
    's/^workload.rate = 1.0, 2.0/workload.rate = 1.0, 1e-300/'
limit "task times too short for the arrivals" "small-[0-9]+\.ini:14: workload\.rate: must be >= .* \(or the task times .* as long: workload\.tmin >= 1\.68e-14\)" \
    's/^tmin = 1/tmin = 1e-300/' 's/^workload.rate = 1.0, 2.0/workload.jobs = 60/'
warns "rate 1e-10" "workload\.rate = 1e-10: the clock keeps 1[0-9]\.[0-9] bits of the median task time, 1\.59, .*rate >= 8\.8e-09 keeps 20 bits" \
    's/^workload.rate = 1.0, 2.0/workload.rate = 1e-10/' 's/^list = .*/list = fifo, clone/'

# --- the sampler's reach: lognormal sigma = 30 put the mean at e^450 times the median, beyond
# any draw (every flowtime was 0)
limit "lognormal sigma 30" "small-[0-9]+\.ini:20: workload\.sigma: must be a number in \(0, 8\.2\], got '30': the sampler's normal draws end at 8\.21 standard deviations" \
    's/^task_time = pareto/task_time = lognormal\nmean = 3/' 's/^beta = 1.5/sigma = 30/'
limit "lognormal sigma and job spread together" "small-[0-9]+\.ini:21: workload\.job_spread: must be <= 5\.78 here, got '8': .*leaves [0-9.]+% of the mean task time above every draw" \
    's/^task_time = pareto/task_time = lognormal\nmean = 3/' 's/^beta = 1.5/sigma = 8.2\njob_spread = 8/' \
    's/^workload.rate = 1.0, 2.0/workload.rate = 1e6/'
limit "job spread 10" "workload\.job_spread: must be a number in \[0, 8\.2\], got '10': the sampler's normal draws" \
    's/^beta = 1.5/beta = 1.5\njob_spread = 10/'
limit "estimation noise" "small-[0-9]+\.ini:10: cluster\.estimate_noise: must be a number in \[0, 44\], got '100': epsilon = exp\(sigma Z\) reaches exp\(8\.21 sigma\)" \
    's/^interval = 0/estimate_noise = 100/'
warns "Pareto beta 1.01" "workload\.beta = 1\.01: the Pareto mean, 101, lies mostly above the longest draw, tmin 2\^\(53/beta\) = 6\.26e\+15 .* the draws average 30\.8" \
    's/^beta = 1.5/beta = 1.01/'

# --- the longest time: beyond 1e149 the summaries' squares overflow (beta = 0.01 drew inf task
# times, one in 1200, and the run failed at its end with a policy "stall")
limit "Pareto beta 0.01" "small-[0-9]+\.ini:19: workload\.beta: must be >= 0\.107 here, got '0\.01': the longest task time the sampler can draw would be inf, and a time beyond 1e149" \
    's/^beta = 1.5/beta = 0.01/'
limit "tmin beyond 1e149" "workload\.tmin: must be a number in \(0, 1e\+149\], got '1e200': a time beyond 1e149 \(2\^496\) would overflow the summaries" \
    's/^tmin = 1/tmin = 1e200/'
limit "reduce scale" "workload\.reduce_scale: must be <= 2\.31e\+138 here, got '1e200': the longest task time" \
    's/^tasks = 5/tasks = 5\nreduce_fraction = 0.5\nreduce_scale = 1e200/'

# --- periodic work in an idle cluster: the ticks and heartbeats between jobs that arrive a
# million time units apart are skipped (bit for bit the results of running them), so this
# finishes at once; it used to run 3e9 empty ticks and heartbeats
ini=$(write_ini small 's/^workload.rate = 1.0, 2.0/workload.rate = 1e-6/' 's/^interval = 0/interval = 0.01/' \
    's/^list = .*/list = fifo, mantri, hadoop-s/')
expect_ok "sparse arrivals with ticks and heartbeats" timeout 60 "$SPECMC" run "$ini" --out "$WORK/sparse.h5" --quiet --replicas 10

# --- runs that would never end: a period the clock cannot step through (config), more than
# 1e12 events in all (estimated before the run, against the key that makes them)
limit "interval 1e-300" "small-[0-9]+\.ini:10: cluster\.interval: must be >= 2\.66e-14 here, got '1e-300': the run reaches about 60 time units, where one step of the clock is up to 2\^-52 of that: .*fire forever at one instant" \
    's/^interval = 0/interval = 1e-300/' 's/^workload.rate = 1.0, 2.0/workload.rate = 1.0/'
limit "hadoop-s period below the clock's step" "small-[0-9]+\.ini:27: policy\.hadoop-s\.period: must be >= 2\.66e-05 here, got '1e-6': the run reaches about 6e\+10 time units" \
    's/^workload.rate = 1.0, 2.0/workload.rate = 1e-9/' 's/^list = .*/list = hadoop-s/' \
    's/^\[policy.clone\]/[policy.hadoop-s]\nperiod = 1e-6/' 's/^r = 1//' 's/^tau_kill = 0.5//'
limit "interval 1e-9" "small-[0-9]+\.ini:10: cluster\.interval: must be >= [0-9.e-]+ here, got '1e-09': the run would simulate about [0-9.e+]+ events \([0-9.e+]+ task events, [0-9.e+]+ ticks of cluster\.interval, .*\), more than 1e\+12, which no run gets through \(roughly .* days on 2 threads\)" \
    's/^interval = 0/interval = 1e-9/'
# mantri over a simulated span of 1e15 time units: its heartbeat every time unit while busy
limit "mantri heartbeats over 1e15 time units" "small-[0-9]+\.ini:27: policy\.mantri\.report_interval: must be >= [0-9.e+]+ here, got '1': the run would simulate about .* heartbeats of policy\.mantri\.report_interval" \
    's/^tmin = 1/tmin = 1e13/' 's/^deadline = 15/deadline = 1e15/' 's/^list = .*/list = mantri/' \
    's/^\[policy.clone\]/[policy.mantri]\nreport_interval = 1/' 's/^r = 1//' 's/^tau_kill = 0.5//' \
    's/^workload.rate = 1.0, 2.0/workload.rate = 1e-12/'
expect_error "replicas beyond the bound" "--replicas: experiment\.replicas: must be <= [0-9]+ here, got '2000000000': the run would simulate about" \
    "$SPECMC" run "$good" --replicas 2000000000 --out "$WORK/keep.h5" --quiet --threads 2
# a long run is announced with its estimate (here it then stops at its unwritable output)
expect_error "a long run is announced" "specmc: warning: small: about [0-9.e+]+ events \([0-9.e+]+ task events, [0-9.e+]+ ticks of cluster\.interval, .*\): roughly .* on 2 threads" \
    "$SPECMC" run "$good" --set cluster.interval=1e-4 --replicas 20000 --out "$WORK/nodir/x.h5" --quiet --threads 2

# --- memory, estimated before anything is allocated (1e8 slots are 11.8 GB of slot arrays per
# thread; here on 4096 threads), against the machine's physical memory
expect_error "slots beyond memory" "--set: cluster\.slots: the run needs about [0-9.]+ TB of memory \(a replica's state, [0-9.]+ GB, on each of 4096 threads, and [0-9.]+ [MG]B of results kept for every replica\) and this machine has [0-9.]+ [GT]B; " \
    "$SPECMC" run "$good" --set cluster.slots=100000000 --threads 4096 --out "$WORK/keep.h5" --quiet
expect_error "histograms beyond memory" "--replicas: experiment\.replicas: must be <= [0-9]+ on this machine, got '4000000': the run needs about [0-9.]+ TB of memory" \
    "$SPECMC" run "$good" --replicas 4000000 --set histogram.flowtime=100 --set histogram.machine_time=100 \
    --set histogram.bins=8000 --set policy.list=fifo --set sweep.workload.rate=1,1.1,1.2,1.3,1.4,1.5,1.6,1.7,1.8,1.9 \
    --out "$WORK/keep.h5" --quiet --threads 2

# --- set-up at scale: a [sweep] range's duplicate check and the search for cells equal
# to another (engine/run/runner.c, run_twins) are hashed; they compared every pair, so a range
# of 100 000 values took some 25 minutes before any message, and a 300x300 sweep held SIGTERM
# off for over a minute while its preallocated output waited. A SIGINT/SIGTERM before the run
# starts ends it at once with a message, leaving no file; the output is begun only after.
expect_error "a range of 100 000 values is set up in well under 2 minutes" \
    "nodir/x\.h5: cannot write the output file" \
    timeout 120 "$SPECMC" run "$good" --set sweep.workload.rate=1:100000:1 --set policy.list=fifo \
    --replicas 1 --out "$WORK/nodir/x.h5" --quiet
expect_error "a value repeating one of 100 000 is found as fast" \
    "--set: sweep\.workload\.rate: the value 99999\.0 is in the list twice \(as '99999' and '99999\.0'\)" \
    timeout 120 "$SPECMC" run "$good" --set sweep.workload.rate=1:100000:1,99999.0 \
    --out "$WORK/keep.h5" --quiet
"$SPECMC" run "$good" --set sweep.workload.rate=1:300:1 --set sweep.cluster.slots=1:300:1 \
    --replicas 1 --out "$WORK/big.h5" 2>"$WORK/err" &
pid=$!
wait_until 60 handles "$pid" 15
kill -TERM "$pid" 2>/dev/null
wait_exit "$pid" 30
CURRENT="SIGTERM while a 300x300 sweep is set up: ends it at once (exit 143)"
if [ "$STATUS" = 143 ]; then pass; else fail "exit $STATUS: $(head -c 300 "$WORK/err")"; fi
expect_grep "SIGTERM while a 300x300 sweep is set up: says so" \
    "^specmc: interrupted by SIGTERM before the run started: nothing was simulated or written$" \
    "$WORK/err"
CURRENT="SIGTERM while a 300x300 sweep is set up: no output, checkpoint or temporary file"
if ls "$WORK" | grep -q '^big\.h5'; then fail "$(ls "$WORK" | grep '^big\.h5')"; else pass; fi

CURRENT="existing output untouched"
if [ "$(md5sum <"$WORK/keep.h5")" = "$sum_before" ]; then pass; else fail "keep.h5 changed"; fi
CURRENT="no temporary files left"
if ls "$WORK" | grep -q '\.tmp\.'; then fail "$(ls "$WORK" | grep '\.tmp\.')"; else pass; fi

finish

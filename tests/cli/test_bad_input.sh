# Bad input: each case gives a clear message naming file, line and key, a non-zero exit, and
# leaves an existing output file untouched.
. "$(dirname "$0")/lib.sh"

# An existing results file that no failing run may touch.
good=$(write_ini small)
"$SPECMC" run "$good" --out "$WORK/keep.h5" --quiet --replicas 2 || fail "setup run"
sum_before=$(md5sum <"$WORK/keep.h5")

bad() { # bad NAME PATTERN SED-EXPR...
    name=$1; pattern=$2; shift 2
    ini=$(write_ini small "$@")
    expect_error "$name" "$pattern" "$SPECMC" run "$ini" --out "$WORK/keep.h5" --quiet
}

bad "negative slots" "small-[0-9]+\.ini:9: cluster\.slots: must be an integer in \[1, 100000000\], got '-3'" \
    's/^slots = 20/slots = -3/'
bad "unknown policy" "small-[0-9]+\.ini:24: policy\.list: unknown policy 'nosuch'; known policies: hadoop-s, clone, .*; job schedulers: fifo, psrpt, fair; speculators: mantri, late, hadoop2, spark, threshold; or a pair SCHEDULER\+SPECULATOR, e\.g\. fair\+late" \
    's/^list = .*/list = fifo, nosuch/'
bad "unknown key" "small-[0-9]+\.ini:15: workload\.jobz: unknown key \(did you mean 'jobs'\?\); valid in \[workload\]: arrival, rate, jobs" \
    's/^jobs = 60/jobz = 60/'
bad "malformed number" "small-[0-9]+\.ini:15: workload\.jobs: must be an integer in \[1, 100000000\], got '60x'" \
    's/^jobs = 60/jobs = 60x/'
bad "malformed value a sweep overrides" "small-[0-9]+\.ini:14: workload\.rate: must be a number > 0, got '1\.0x'" \
    's/^rate = 1.0/rate = 1.0x/'
bad "unknown policy key" "policy\.clone\.rr: unknown key \(did you mean 'r'\?\); valid in \[policy\.clone\]: r, tau_kill" \
    's/^r = 1/rr = 1/'
bad "policy parameter range" "policy\.clone\.r: must be an integer in \[0, " 's/^r = 1/r = -1/'
bad "beta zero" "workload\.beta: must be a number > 0, got '0'" 's/^beta = 1.5/beta = 0/'
bad "tmin negative" "workload\.tmin: must be a number in \(0, 1e\+149\], got '-1'$" 's/^tmin = 1/tmin = -1/'
bad "warmup too large" "workload\.warmup: must be smaller than workload\.jobs \(60\)" 's/^warmup = 5/warmup = 60/'
bad "key twice" "small-[0-9]+\.ini:10: cluster\.slots: given twice \(first at line 9\)" 's/^interval = 0/slots = 4/'
bad "unknown section" "\[clustre\]: unknown section" 's/^\[cluster\]/[clustre]/'
bad "syntax error" "small-[0-9]+\.ini:9: syntax error" 's/^slots = 20/slots 20/'
bad "bad choice" "workload\.task_time: unknown value 'gauss'; valid: pareto\|exponential" 's/^task_time = pareto/task_time = gauss/'
bad "exponential needs mean" "workload\.mean: required by task_time = exponential" 's/^task_time = pareto/task_time = exponential/'
bad "bad sweep value" "small-[0-9]+\.ini:31: workload\.rate: must be a number > 0, got '-2'" 's/^workload.rate = 1.0, 2.0/workload.rate = 1.0, -2/'
bad "sweep unknown key" "sweep\.workload\.nope: unknown key" 's/^workload.rate = 1.0, 2.0/workload.nope = 1, 2/'
bad "sweep experiment key" "sweep\.experiment\.seed: this key cannot be swept" 's/^workload.rate = 1.0, 2.0/experiment.seed = 1, 2/'
bad "s-restart needs deadlines" "small-[0-9]+\.ini:24: policy\.list: s-restart needs workload\.deadline" \
    's/^deadline = 15/; no deadline/' 's/^list = .*/list = fifo, s-restart/'
bad "tau_kill before tau_est" "policy\.list: s-resume needs tau_kill \(0\.2\) > tau_est \+ cluster\.launch_delay \(0\.3 \+ 0\)" \
    's/^list = .*/list = fifo, s-resume/' 's/^\[policy.clone\]/[policy.s-resume]\ntau_kill = 0.2/' 's/^r = 1//' 's/^tau_kill = 0.5//'
# the attempts launched at tau_est start processing launch_delay later: before, no estimate
bad "tau_kill within the launch delay" "small-[0-9]+\.ini:25: policy\.list: s-restart needs tau_kill \(0\.4\) > tau_est \+ cluster\.launch_delay \(0\.3 \+ 0\.2\): the attempts launched at tau_est have no estimate" \
    's/^list = .*/list = fifo, s-restart/' 's/^interval = 0/interval = 0\nlaunch_delay = 0.2/' \
    's/^\[policy.clone\]/[policy.s-restart]\ntau_kill = 0.4/' 's/^r = 1//' 's/^tau_kill = 0.5//'
bad "tau_est within the launch delay" "policy\.list: s-resume needs tau_est \(0\.3\) > cluster\.launch_delay \(0\.3\): a copy has no estimate before it starts processing" \
    's/^list = .*/list = fifo, s-resume/' 's/^interval = 0/interval = 0\nlaunch_delay = 0.3/'
# times relative to the workload: units the scenario has, on parameters that are times
bad "hopper beta auto on exponential" "small-[0-9]+\.ini:25: policy\.list: hopper beta = auto needs workload\.task_time = pareto .*give beta a number" \
    's/^task_time = pareto/task_time = exponential\nmean = 2/' 's/^list = .*/list = fifo, hopper/'
bad "hopper two-phase jobs" "policy\.list: hopper needs one-phase jobs \(workload\.reduce_fraction = 0, no reduce tasks in a trace\): Algorithm 3 of seed 001, for DAGs of pipelined phases, is policy hopper-dag \(with workload\.phases = pipelined\)" \
    's/^tasks = 5/tasks = 5\nreduce_fraction = 0.4/' 's/^list = .*/list = fifo, hopper/'
bad "hopper-dag barrier two-phase jobs" "small-[0-9]+\.ini:25: policy\.list: hopper-dag needs workload\.phases = pipelined with two-phase jobs" \
    's/^tasks = 5/tasks = 5\nreduce_fraction = 0.4/' 's/^list = .*/list = fifo, hopper-dag/'
bad "unknown phases" "small-[0-9]+\.ini:[0-9]+: workload\.phases: .*unknown value 'piped'; valid: barrier\|pipelined" \
    's/^tasks = 5/tasks = 5\nreduce_fraction = 0.4\nphases = piped/'
bad "pipeline_start out of range" "small-[0-9]+\.ini:[0-9]+: workload\.pipeline_start: .*1.*got '1\.5'" \
    's/^tasks = 5/tasks = 5\nreduce_fraction = 0.4\nphases = pipelined\npipeline_start = 1.5/'
bad "unknown pipeline_feed" "small-[0-9]+\.ini:[0-9]+: workload\.pipeline_feed: .*unknown value 'first'; valid: shares\|last" \
    's/^tasks = 5/tasks = 5\nreduce_fraction = 0.4\nphases = pipelined\npipeline_feed = first/'
bad "unknown hopper-dag alpha" "policy\.hopper-dag\.alpha: .*'ratio'.*tasks, work, one" \
    's/^list = .*/list = fifo, hopper-dag\n[policy.hopper-dag]\nalpha = ratio/'
bad "tmin of a family without one" "small-[0-9]+\.ini:29: policy\.clone\.tau_kill: 'tmin' is the Pareto minimum workload\.tmin, and task_time = exponential has none; use 'mean' or an absolute time" \
    's/^task_time = pareto/task_time = exponential\nmean = 2/' 's/^tau_kill = 0.5/tau_kill = 0.5 tmin/'
bad "mean of a family without one" "policy\.clone\.tau_kill: 'mean' is the family's mean task time, infinite for pareto with beta = 0\.9 <= 1; use 'tmin'" \
    's/^beta = 1.5/beta = 0.9/' 's/^tau_kill = 0.5/tau_kill = 0.1 mean/'
bad "unknown time unit" "small-[0-9]+\.ini:28: policy\.clone\.tau_kill: must be a time: a number >= 0, alone or followed by tmin or mean \(relative to the workload\), got '0\.5 s'" \
    's/^tau_kill = 0.5/tau_kill = 0.5 s/'
bad "relative form of a number" "policy\.clone\.r: must be an integer in \[0, [0-9]+\], got '1 mean' \(or auto\)" \
    's/^r = 1/r = 1 mean/'
bad "tasks_beta at most one" "workload\.tasks_beta: must be 0 \(fixed task counts\) or > 1" \
    's/^tasks = 5/tasks = 5\ntasks_beta = 0.5/'
bad "missing trace" "small-[0-9]+\.ini:16: workload\.trace: .*no-such-trace\.csv: cannot open" \
    's/^tasks = 5/trace = no-such-trace.csv/'
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean\n0,1,2,0,5,\n3,1,x,0,5,\n' \
    >"$WORK/bad-trace.csv"
bad "malformed trace row" "workload\.trace: .*bad-trace\.csv:3: column 'map_tasks'" \
    "s|^tasks = 5|trace = $WORK/bad-trace.csv|"
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean,map_sd,reduce_sd\n0,1,2,0,5,,0,\n' \
    >"$WORK/bad-sd.csv"
bad "trace SD of zero" "workload\.trace: .*bad-sd\.csv:2: column 'map_sd': expected a number > 0 and <= 1e15 \(seconds\), or nothing" \
    "s|^tasks = 5|trace = $WORK/bad-sd.csv|"
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean,map_sd,reduce_sd\n0,1,2,0,5,,2,\n' \
    >"$WORK/sd.csv"
bad "trace SDs need a shape" "small-[0-9]+\.ini:17: workload\.task_time: the trace gives task-time SDs, .* got 'exponential'" \
    "s|^tasks = 5|trace = $WORK/sd.csv|" 's/^jobs = 60/; all jobs/' 's/^warmup = 5/warmup = 0/' \
    's/^task_time = pareto/task_time = exponential\nmean = 1/'
# Task counts summing past 2^31 once overflowed an int, then SIGSEGV; 1e308 means gave inf
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean\n0,1,2000000000,0,5,\n1,1,2000000000,0,5,\n' \
    >"$WORK/huge-trace.csv"
bad "trace tasks past 2^31" "small-[0-9]+\.ini:16: workload\.trace: its first 2 jobs have 4000000000 tasks, more than 1073741823 per replica; set workload\.jobs" \
    "s|^tasks = 5|trace = $WORK/huge-trace.csv|" 's/^jobs = 60/; all jobs/' 's/^warmup = 5/warmup = 0/'
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean\n0,1,2,0,1e308,\n' >"$WORK/vast-mean.csv"
bad "trace mean of 1e308" "workload\.trace: .*vast-mean\.csv:2: column 'map_mean': expected a number > 0 and <= 1e15 \(seconds\)" \
    "s|^tasks = 5|trace = $WORK/vast-mean.csv|" 's/^jobs = 60/; all jobs/' 's/^warmup = 5/warmup = 0/'
# the 2019 layout (instance_events): a bad event type, and a file without its header line
awk -F, -v OFS=, 'NR == 3 { $2 = 11 } 1' "$TESTS_DIR/../../data/google2019-instance-events-sample.csv" \
    >"$WORK/bad19.csv"
bad "google2019 bad event type" "workload\.trace: .*bad19\.csv:3: column 'type': expected an integer 0\.\.10 \(0 SUBMIT, 1 QUEUE, 2 ENABLE, 3 SCHEDULE, .*10 UPDATE_RUNNING\), got '11'" \
    "s|^tasks = 5|trace = $WORK/bad19.csv\ntrace_format = google2019|"
tail -n +2 "$TESTS_DIR/../../data/google2019-instance-events-sample.csv" >"$WORK/headless19.csv"
bad "google2019 without a header" "workload\.trace: .*headless19\.csv:1: expected the header line of a clusterdata-2019 instance_events export, naming the columns time, type, collection_id, instance_index and priority .*no column 'time'" \
    "s|^tasks = 5|trace = $WORK/headless19.csv\ntrace_format = google2019|"
bad "unknown trace format" "workload\.trace_format: unknown value 'google2011'; valid: csv\|google\|google2019" \
    "s|^tasks = 5|trace = $WORK/bad19.csv\ntrace_format = google2011|"
head -2 "$WORK/bad-trace.csv" >"$WORK/one-job.csv"
bad "trace jobs beyond the file" "workload\.jobs: the trace has 1 jobs, got '60'" \
    "s|^tasks = 5|trace = $WORK/one-job.csv|"
bad "relative time with a trace" "policy\.clone\.tau_kill: 'mean' is the task-time family's, which workload\.trace rescales to every job's own mean; give an absolute time" \
    "s|^tasks = 5|trace = $WORK/one-job.csv|" 's/^jobs = 60/; all jobs/' 's/^warmup = 5/warmup = 0/' 's/^tau_kill = 0.5/tau_kill = 0.1 mean/'
# per-job deadlines (deadline_max, a trace's deadline column): above deadline, finite, with
# deadline set; the column's values checked with line and column; a trace that leaves some jobs
# without one needs workload.deadline
# threshold's qos_from = deadline takes each job's own deadline as its QoS: it needs deadlines
bad "qos_from without deadlines" "small-[0-9]+\.ini:24: policy\.list: threshold qos_from = deadline \(each job's QoS is its own deadline\): needs workload\.deadline" \
    's/^deadline = 15//' 's/^list = fifo, psrpt, mantri, clone/list = threshold\n[policy.threshold]\nqos_from = deadline/'
bad "deadline_max at most deadline" "small-[0-9]+\.ini:21: workload\.deadline_max: must be > workload\.deadline \(15\), got '15'" \
    's/^deadline = 15/deadline = 15\ndeadline_max = 15/'
bad "deadline_max without deadline" "small-[0-9]+\.ini:20: workload\.deadline_max: each job's deadline is drawn between workload\.deadline and it; set workload\.deadline too" \
    's/^deadline = 15/deadline_max = 30/'
bad "deadline_choices with deadline" "small-[0-9]+\.ini:21: workload\.deadline_choices: gives each job's deadline, instead of workload\.deadline \(.*small-[0-9]+\.ini:20\): set one of them" \
    's/^deadline = 15/deadline = 15\ndeadline_choices = 100, 150/'
bad "deadline_choices value" "small-[0-9]+\.ini:20: workload\.deadline_choices: value 2: must be a number > 0, got '1 50'" \
    's/^deadline = 15/deadline_choices = 100, 1 50/'
bad "deadline_max infinite" "small-[0-9]+\.ini:21: workload\.deadline_max: must be a number > 0, got 'inf'" \
    's/^deadline = 15/deadline = 15\ndeadline_max = inf/'
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean,deadline\n0,1,2,0,5,,100\n3,1,2,0,5,,-1\n' \
    >"$WORK/bad-deadline.csv"
bad "trace deadline negative" "workload\.trace: .*bad-deadline\.csv:3: column 'deadline': expected a number > 0 and <= 1e15 \(seconds after the job's arrival\), or 0 or nothing \(workload\.deadline\), got '-1'" \
    "s|^tasks = 5|trace = $WORK/bad-deadline.csv|"
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean,deadline\n0,1,2,0,5,,100\n3,1,2,0,5,,\n' \
    >"$WORK/some-deadlines.csv"
bad "trace deadlines for some jobs only" "small-[0-9]+\.ini:16: workload\.trace: its deadline column gives some jobs a deadline and leaves others without \(0 or empty\); set workload\.deadline" \
    "s|^tasks = 5|trace = $WORK/some-deadlines.csv|" 's/^jobs = 60/; all jobs/' 's/^warmup = 5/warmup = 0/' \
    's/^deadline = 15/; no deadline/'
bad "price_max at most price" "small-[0-9]+\.ini:[0-9]+: utility\.price_max: must be > utility\.price \(1\), got '0\.5'" \
    's/^\[policy\]$/[utility]\nprice_max = 0.5\n\n[policy]/'
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean,deadline,price\n0,1,2,0,5,,100,x\n' \
    >"$WORK/bad-price.csv"
bad "trace price not a number" "workload\.trace: .*bad-price\.csv:2: column 'price': expected a number > 0 and <= 1e15 \(per unit of machine time\), or 0 or nothing \(utility\.price\), got 'x'" \
    "s|^tasks = 5|trace = $WORK/bad-price.csv|"
# a price history (utility.price_history) instead of the jobs' prices; its file checked by
# line and column
printf 'time,price\n0,1\n' >"$WORK/prices.csv"
bad "price_history with price_max" "small-[0-9]+\.ini:[0-9]+: utility\.price_history: prices every copy by the time it runs, instead of utility\.price_max \(.*small-[0-9]+\.ini:[0-9]+\): set one of them" \
    "s|^\\[policy\\]\$|[utility]\\nprice_max = 3\\nprice_history = $WORK/prices.csv\\n\\n[policy]|"
printf 'time,price\n0,1\n10,1\n5,2\n' >"$WORK/bad-prices.csv"
bad "price_history times out of order" "small-[0-9]+\.ini:[0-9]+: utility\.price_history: .*bad-prices\.csv:4: column 'time': expected a number > 10 \(the line before's; times strictly increase\)" \
    "s|^\\[policy\\]\$|[utility]\\nprice_history = $WORK/bad-prices.csv\\n\\n[policy]|"
# A trace's requests: a number > 0 (0 or empty: the scenario's), in the header's one order, at
# most a server's capacity (checked with cluster.servers, naming the trace's line and column).
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean,cpu,mem\n0,1,2,0,5,,0.5,0.5\n1,1,2,0,5,,half,\n' \
    >"$WORK/bad-cpu.csv"
bad "trace cpu not a number" "workload\.trace: .*bad-cpu\.csv:3: column 'cpu': expected a number > 0 and <= 1e15 \(the units of cluster\.server_cpu\), or 0 or nothing \(workload\.cpu_request\), got 'half'" \
    "s|^tasks = 5|trace = $WORK/bad-cpu.csv|"
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean,price,mem\n0,1,2,0,5,,,-0.3\n' \
    >"$WORK/neg-mem.csv"
bad "trace mem negative" "workload\.trace: .*neg-mem\.csv:2: column 'mem': expected a number > 0 .*, got '-0\.3'" \
    "s|^tasks = 5|trace = $WORK/neg-mem.csv|"
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean,mem,cpu\n0,1,2,0,5,,0.5,0.5\n' \
    >"$WORK/swapped.csv"
bad "trace request columns out of order" "workload\.trace: .*swapped\.csv:1: expected the header line .*',deadline', ',price', ',cpu' and ',mem' \(each optional, in this order\)" \
    "s|^tasks = 5|trace = $WORK/swapped.csv|"
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean,cpu,mem\n0,1,2,0,5,,0.5,0.5\n# c\n1,1,2,0,5,,0.2,1.25\n' \
    >"$WORK/big-mem.csv"
bad "trace request above a server" "small-[0-9]+\.ini:[0-9]+: workload\.trace: .*big-mem\.csv:4: column 'mem': a copy requesting 1\.25 fits no server of 1 \(cluster\.server_mem\); expected at most 1" \
    "s|^tasks = 5|trace = $WORK/big-mem.csv|" 's/^slots = 20/servers = 4/' 's/^jobs = 60/; all jobs/' \
    's/^warmup = 5/warmup = 0/'
# per-job shapes (sigma_max, beta_max): the family's own shape parameter only, and what
# assumes one shape for every job refuses them
bad "sigma_max with pareto" "small-[0-9]+\.ini:20: workload\.sigma_max: each job's own sigma of log T, for task_time = lognormal only, got task_time = pareto" \
    's/^beta = 1.5/beta = 1.5\nsigma_max = 1/'
bad "beta_max with exponential" "small-[0-9]+\.ini:21: workload\.beta_max: each job's own Pareto tail index, for task_time = pareto only, got task_time = exponential" \
    's/^task_time = pareto/task_time = exponential\nmean = 1/' 's/^beta = 1.5/beta = 1.5\nbeta_max = 3/'
bad "beta_max below beta" "small-[0-9]+\.ini:20: workload\.beta_max: must be >= workload\.beta \(1\.5\), got '1\.2'" \
    's/^beta = 1.5/beta = 1.5\nbeta_max = 1.2/'
bad "beta_max needs a finite mean" "workload\.beta_max: each job keeps the family's mean, which needs workload\.beta > 1 \(or workload\.tmax\), got beta = 0\.9" \
    's/^beta = 1.5/beta = 0.9\nbeta_max = 3/'
bad "tmax at most tmin" "small-[0-9]+\.ini:20: workload\.tmax: must be greater than workload\.tmin \(1\), got '0\.5'" \
    's/^beta = 1.5/beta = 1.5\ntmax = 0.5/'
bad "tmax with exponential" "small-[0-9]+\.ini:21: workload\.tmax: the upper end of a truncated Pareto, for task_time = pareto only, got task_time = exponential" \
    's/^task_time = pareto/task_time = exponential\nmean = 1/' 's/^beta = 1.5/beta = 1.5\ntmax = 30/'
bad "tmax beyond the summaries" "small-[0-9]+\.ini:20: workload\.tmax: must be a number in \(0, 1e\+149\], got '1e200'" \
    's/^beta = 1.5/beta = 1.5\ntmax = 1e200/'
bad "copy_time unknown" "small-[0-9]+\.ini:20: workload\.copy_time: unknown value 'jobtasks'.*iid\|job_tasks" \
    's/^beta = 1.5/beta = 1.5\ncopy_time = jobtasks/'
bad "ese sigma auto with per-job shapes" "small-[0-9]+\.ini:25: policy\.list: ese sigma = auto minimises E\[R\]/E\[X\] .* for one tail index" \
    's/^beta = 1.5/beta = 2\nbeta_max = 4/' 's/^list = .*/list = fifo, ese/'
# Two-phase jobs: r per stage, timed from the reduce stage's start, which pipelined phases lack
bad "chronos r auto with pipelined phases" "small-[0-9]+\.ini:26: policy\.list: clone r = auto chooses r per stage .*phases = pipelined.*; use phases = barrier or give r a number" \
    's/^tasks = 5/tasks = 5\nreduce_fraction = 0.4\nphases = pipelined/' 's/^r = 1/r = auto/'
bad "chronos split unknown" "small-[0-9]+\.ini:[0-9]+: policy\.clone\.split: .*'halves'.*expected.*fraction.*joint" \
    's/^r = 1/r = auto\nsplit = halves/'
bad "chronos map_share out of range" "policy\.clone\.map_share: must be a number in \[0, 1\], got '1.5'" \
    's/^r = 1/r = auto\nmap_share = 1.5/'
bad "chronos map_share at an end" "small-[0-9]+\.ini:[0-9]+: policy\.list: clone map_share must be in \(0, 1\).*got 0" \
    's/^r = 1/r = auto\nsplit = fraction\nmap_share = 0/'
bad "chronos r auto with exponential times" "policy\.list: clone r = auto needs workload\.task_time = pareto and workload\.deadline" \
    's/^task_time = pareto/task_time = exponential\nmean = 1/' 's/^r = 1/r = auto/'
# Algorithm 1 weighs the expected machine time E(T), infinite at r = 0 for Pareto beta <= 1
# (GSL's "integral is divergent" was once swallowed and some r picked), for each policy
for p in clone s-restart s-resume; do
    bad "chronos r auto with beta <= 1, $p" "small-[0-9]+\.ini:24: policy\.list: $p r = auto needs workload\.beta > 1: .*E\(T\).* infinite.*here beta = 0\.9; give r a number" \
        's/^beta = 1.5/beta = 0.9/' "s/^list = .*/list = fifo, $p/" "s/^\\[policy.clone\\]/[policy.$p]/" 's/^r = 1/r = auto/' 's/^tau_kill = 0.5//'
done
bad "srptms r with infinite variances" "policy\.list: srptms r = 3 weighs the standard deviation of task times, which is infinite" \
    's/^beta = 1.5/beta = 1.5\nbeta_max = 4/' 's/^list = .*/list = fifo, srptms/'
bad "empty policy list" "policy\.list: (empty|unknown policy '')" 's/^list = .*/list = /'

expect_error "missing config" "nope\.ini: cannot open: No such file" \
    "$SPECMC" run "$WORK/nope.ini" --out "$WORK/keep.h5"
expect_error "set without dot" "--set 'slots=3': expected section\.key=value" \
    "$SPECMC" run "$good" --set slots=3 --out "$WORK/keep.h5"
expect_error "set bad value" "--set: cluster\.slots: must be an integer in \[1, 100000000\], got 'x'" \
    "$SPECMC" run "$good" --set cluster.slots=x --out "$WORK/keep.h5"
expect_error "bad --threads" "--threads must be an integer in \[1, 4096\], got '0'" \
    "$SPECMC" run "$good" --threads 0 --out "$WORK/keep.h5"
expect_error "bad --replicas" "--replicas must be an integer" \
    "$SPECMC" run "$good" --replicas abc --out "$WORK/keep.h5"
expect_error "unknown option" "unknown option '--fast'" "$SPECMC" run "$good" --fast
expect_error "unwritable output directory" "nodir/x\.h5: cannot write the output file: No such file or directory" \
    "$SPECMC" run "$good" --out "$WORK/nodir/x.h5" --quiet
mkdir -p "$WORK/ro" && chmod 555 "$WORK/ro"
if [ "$(id -u)" -ne 0 ]; then
    expect_error "read-only output directory" "ro/x\.h5: cannot write the output file: Permission denied" \
        "$SPECMC" run "$good" --out "$WORK/ro/x.h5" --quiet
fi

# What inih would misread silently: a key after a section header on its line (the
# key was dropped and slots stayed 100), CR-only line endings (the file read as one line).
bad "key on a section header's line" "small-[0-9]+\.ini:8: text after a section header's '\]': a header stands alone on its line" \
    's/^\[cluster\]/[cluster] slots = -3/' 's/^slots = 20//'
tr '\n' '\r' <"$good" >"$WORK/cr.ini"
expect_error "CR-only line endings" "cr\.ini:1: a carriage return inside the line: the file has CR-only" \
    "$SPECMC" run "$WORK/cr.ini" --out "$WORK/keep.h5" --quiet
ini=$(write_ini small 's/^\[cluster\]/[cluster]   ; the slots/')
expect_ok "a comment after a section header" "$SPECMC" run "$ini" --out "$WORK/c.h5" --quiet --replicas 2
# Seeds are decimal: 010 is ten (strtoull's base 0 read it as octal eight).
ini=$(write_ini small 's/^seed = 7/seed = 010/')
expect_ok "seed 010" "$SPECMC" run "$ini" --out "$WORK/s010.h5" --quiet --replicas 2
expect_ok "seed 010, report" "$SPECMC" report "$WORK/s010.h5"
expect_grep "seed 010 is ten" "seed 10," "$WORK/out"
expect_ok "--seed 010" "$SPECMC" run "$good" --seed 010 --out "$WORK/s010b.h5" --quiet --replicas 2
expect_ok "--seed 010, report" "$SPECMC" report "$WORK/s010b.h5"
expect_grep "--seed 010 is ten" "seed 10," "$WORK/out"
expect_error "hexadecimal seed" "--seed must be a decimal integer in \[0, 2\^64\), got '0x10'" \
    "$SPECMC" run "$good" --seed 0x10 --out "$WORK/keep.h5" --quiet

# --out that rename() would misuse: refused before the run, nothing touched.
mkdir -p "$WORK/adir"
expect_error "--out a directory" "adir: cannot write the output file: it is a directory, and only a regular file is ever replaced" \
    "$SPECMC" run "$good" --out "$WORK/adir" --quiet
ln -s "$WORK/keep.h5" "$WORK/link.h5"
expect_error "--out a symbolic link" "link\.h5: cannot write the output file: it is a symbolic link" \
    "$SPECMC" run "$good" --out "$WORK/link.h5" --quiet
expect_error "--out a device" "/dev/null: cannot write the output file: it is a device" \
    "$SPECMC" run "$good" --out /dev/null --quiet
cp "$good" "$WORK/self.ini"
self_before=$(md5sum <"$WORK/self.ini")
expect_error "--out the config itself" "self\.ini: cannot write the output file: it is the input .*self\.ini itself" \
    "$SPECMC" run "$WORK/self.ini" --out "$WORK/self.ini" --quiet
CURRENT="the config untouched"
if [ "$(md5sum <"$WORK/self.ini")" = "$self_before" ]; then pass; else fail "self.ini changed"; fi

# Pareto with beta <= 1 runs, with a warning that means do not converge, once Mantri's period
# is a time: 3 s of the real system is a hundredth of a mean task, which has none.
ini=$(write_ini small 's/^beta = 1.5/beta = 0.9/')
expect_error "beta below one: a second of the real system" \
    "policy.list: mantri report_interval = auto \(3 s of the real system\) needs a finite mean task time.*give report_interval a time" \
    "$SPECMC" run "$ini" --out "$WORK/b.h5" --quiet --replicas 2
expect_ok "beta below one runs" "$SPECMC" run "$ini" --out "$WORK/b.h5" --quiet --replicas 2 \
    --set policy.mantri.report_interval=0.03
expect_grep "beta below one warns" "warning: workload\.beta = 0\.9 <= 1: the Pareto mean is infinite" "$WORK/err"

# report on bad files
expect_error "report missing file" "nothere\.h5: No such file" "$SPECMC" report "$WORK/nothere.h5"
echo "not hdf5" >"$WORK/text.h5"
expect_error "report non-HDF5" "text\.h5: not an HDF5 file" "$SPECMC" report "$WORK/text.h5"
expect_error "report no file" "report: no file given" "$SPECMC" report
expect_error "report unknown metric" "report: --metrics: unknown metric 'flowtim'; valid: flowtime," \
    "$SPECMC" report "$WORK/keep.h5" --metrics pocd,flowtim
CURRENT="run --metrics checked before the run"
if "$SPECMC" run "$good" --out "$WORK/never.h5" --metrics nope >/dev/null 2>"$WORK/err"; then
    fail "exit 0"
elif grep -q "unknown metric 'nope'" "$WORK/err" && [ ! -e "$WORK/never.h5" ]; then pass
else fail "$(head -c 200 "$WORK/err")"; fi

# Names: an experiment name that was not UTF-8 once went into the file's UTF-8
# attribute, and the Python reader and plot failed on it; one is text now: 1 to 200 bytes of
# UTF-8, no control characters, the default (the config's base name) too.
NAME_RULE="must be 1 to 200 bytes of UTF-8 text without control characters"
bad "a Latin-1 name" "small-[0-9]+\.ini:3: experiment\.name: $NAME_RULE, got 'caf\\\\xe9' \(4 bytes\)$" \
    's/^name = small/name = caf\xe9/'
bad "a name with a terminal escape" "small-[0-9]+\.ini:3: experiment\.name: $NAME_RULE, got 'a\\\\x1b\[31mb'" \
    's/^name = small/name = a\x1b[31mb/'
n201=$(printf 'n%.0s' $(seq 201))
expect_error "a name of 201 bytes" "^specmc: error: --set: experiment\.name: $NAME_RULE, got 'n{48}\.\.\.' \(201 bytes\)$" \
    "$SPECMC" run "$good" --set "experiment.name=$n201" --out "$WORK/keep.h5" --quiet
expect_error "an empty name" "--set: experiment\.name: $NAME_RULE, got '' \(0 bytes\)" \
    "$SPECMC" run "$good" --set "experiment.name=" --out "$WORK/keep.h5" --quiet
latin1="$WORK/$(printf 'caf\xe9').ini"
grep -v '^name = ' "$good" >"$latin1"
expect_error "a Latin-1 file name as the default name" "caf\\\\xe9\.ini: experiment\.name: the default, the file's base name, $NAME_RULE, got 'caf\\\\xe9' \(4 bytes\); set experiment\.name" \
    "$SPECMC" run "$latin1" --out "$WORK/keep.h5" --quiet
expect_ok "a name of 200 bytes of UTF-8" "$SPECMC" run "$good" --out "$WORK/utf8.h5" --quiet \
    --replicas 2 --set "experiment.name=$(printf '\xc3\xa9%.0s' $(seq 100))"

# Quoted text: what a message quotes from a config or a trace is printable: \xNN
# for a control character or a byte that is not UTF-8, valid UTF-8 as it is.
bad "a config value's bytes escaped" "small-[0-9]+\.ini:9: cluster\.slots: must be an integer in \[1, 100000000\], got '2\\\\x1b\[2J0\\\\xe9'$" \
    's/^slots = 20/slots = 2\x1b[2J0\xe9/'
printf 'arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean\n0,1,2,0,5,\n3,1,\xff\x1b[31mred\xe2\x82\xac,0,5,\n' \
    >"$WORK/bytes-trace.csv"
bad "a trace value's bytes escaped" "bytes-trace\.csv:3: column 'map_tasks': expected an integer >= 1 .*, got '\\\\xff\\\\x1b\[31mred€'$" \
    "s|^tasks = 5|trace = $WORK/bytes-trace.csv|"
CURRENT="no control character or stray byte reaches stderr"
if LC_ALL=C grep -q $'[\x01-\x09\x0b-\x1f\x7f\xff]' "$WORK/err"; then fail "$(od -c "$WORK/err" | head -4)"
else pass; fi

CURRENT="existing output untouched"
if [ "$(md5sum <"$WORK/keep.h5")" = "$sum_before" ]; then pass; else fail "keep.h5 changed"; fi
CURRENT="no temporary files left"
if ls "$WORK" | grep -q '\.tmp\.'; then fail "$(ls "$WORK" | grep '\.tmp\.')"; else pass; fi

# Guidance: "did you mean" for a typo of a command, section, key or policy; inline
# '#' and ';' comments after a value.
expect_error "a command typo" "unknown command 'rnu' \(did you mean 'run'\?\)" "$SPECMC" rnu
expect_error "a far-off command: no guess" "unknown command 'frobnicate'; commands: run" \
    "$SPECMC" frobnicate
printf '[experimnt]\nreplicas = 3\n' >"$WORK/sec.ini"
expect_error "a section typo" "\[experimnt\]: unknown section \(did you mean 'experiment'\?\)" \
    "$SPECMC" run "$WORK/sec.ini"
printf '[workload]\nrate = 1\n[policy]\nlist = fifo, mantr\n' >"$WORK/pol.ini"
expect_error "a policy typo" "unknown policy 'mantr' \(did you mean 'mantri'\?\)" \
    "$SPECMC" run "$WORK/pol.ini"
printf '[experiment]\nreplicas = 2 # two\n[workload]\nrate = 1.0 ; one\njobs = 20   # jobs\n' \
    >"$WORK/comments.ini"
expect_ok "inline # and ; comments" "$SPECMC" run "$WORK/comments.ini" --quiet \
    --out "$WORK/comments.h5"
CURRENT="inline comments: the values without them"
if [ "$(h5dump -a /replicas "$WORK/comments.h5" | sed -n 's/^ *(0): //p')" = 2 ]; then pass
else fail "replicas $(h5dump -a /replicas "$WORK/comments.h5")"; fi

# Sweep ranges LO:HI:STEP, mixed with values; a value twice is an error.
expect_ok "a sweep range" "$SPECMC" run "$(write_ini small)" --replicas 2 --quiet \
    --out "$WORK/range.h5" --set "sweep.workload.rate=0.1:0.3:0.1, 0.5"
CURRENT="the range expands to 0.1, 0.2, 0.3 and the value 0.5"
if "$SPECMC" report "$WORK/range.h5" | grep "^scenario" | tr '\n' ' ' |
    grep -q "rate = 0.1 .*rate = 0.2 .*rate = 0.3 .*rate = 0.5 $"; then pass
else fail "$("$SPECMC" report "$WORK/range.h5" | grep "^scenario")"; fi
expect_error "a sweep value twice" "the value 1.0 is in the list twice \(as '1' and '1.0'\)" \
    "$SPECMC" run "$(write_ini small)" --set "sweep.workload.rate=1, 2, 1.0"
expect_error "a range upside down" "a range is LO:HI:STEP with LO <= HI, STEP > 0" \
    "$SPECMC" run "$(write_ini small)" --set "sweep.workload.rate=3:1:0.5"

finish

#!/bin/sh
# Seed corpora and the INI dictionary of the fuzz harnesses (tests/fuzz/fuzz_*.c), made anew
# from the tree and the freshly built binary rather than committed:
#   DIR/seeds/config        every .ini of experiments/, tests/cli/configs/, tests/regress/cases/
#                           and bench/, and small.ini replaying the traces fuzz_config writes
#                           beside its input (trace.csv, google.csv, google2019.csv)
#   DIR/seeds/trace_csv     data/trace-sample.csv, whole and its first rows
#   DIR/seeds/trace_google  data/google-task-events-sample.csv and
#                           data/google2019-instance-events-sample.csv, whole and their first
#                           rows
#   DIR/seeds/report        small results files written by `SPECMC run`
#   DIR/seeds/shard         a shard (`run --shard 1/2`) and a checkpoint (a run interrupted
#                           by SIGINT) written by `SPECMC run`
#   DIR/config.dict         sections, keys, section.key names, choices and policies as
#                           `SPECMC list --keys` and `SPECMC list` print them, in libFuzzer's
#                           dictionary format
# usage: tests/fuzz/seeds.sh SPECMC DIR   (run from the repository root; `make fuzz` does)
set -eu
SPECMC=$1
DIR=$2
S=$DIR/seeds
rm -rf "$S"
mkdir -p "$S/config" "$S/trace_csv" "$S/trace_google" "$S/report" "$S/shard"

cp experiments/*.ini tests/cli/configs/*.ini tests/regress/cases/*.ini bench/*.ini "$S/config/"
replay() { # replay NAME LINES: small.ini taking all its jobs from a trace
    sed -e "s/^tasks = 5/$2/" -e 's/^jobs = 60/; all jobs/' -e 's/^warmup = 5/warmup = 0/' \
        tests/cli/configs/small.ini >"$S/config/$1.ini"
}
replay trace-csv 'trace = trace.csv'
replay trace-google 'trace = google.csv\ntrace_format = google'
replay trace-google2019 'trace = google2019.csv\ntrace_format = google2019'

for n in 6 12; do
    head -n "$n" data/trace-sample.csv >"$S/trace_csv/head-$n.csv"
done
cp data/trace-sample.csv "$S/trace_csv/"
for n in 20 100; do
    head -n "$n" data/google-task-events-sample.csv >"$S/trace_google/head-$n.csv"
    head -n "$n" data/google2019-instance-events-sample.csv >"$S/trace_google/head2019-$n.csv"
done
cp data/google-task-events-sample.csv data/google2019-instance-events-sample.csv \
    "$S/trace_google/"

# One scenario and policy, the least a results file holds; and two scenarios, a policy with an
# `auto` parameter chosen per job, histograms and the job flowtimes (report --cdf, --warmup).
printf '[experiment]\nreplicas = 2\n[cluster]\nslots = 4\n' >"$S/minimal.ini"
printf '[workload]\nrate = 1\njobs = 20\ntasks = 2\n' >>"$S/minimal.ini"
"$SPECMC" run "$S/minimal.ini" --threads 1 --quiet --out "$S/report/minimal.h5"
"$SPECMC" run tests/cli/configs/small.ini --replicas 2 --threads 1 --quiet \
    --set policy.list=fifo,clone --set policy.clone.r=auto --set workload.jobs=20 \
    --set workload.warmup=2 --set histogram.flowtime=40 --set histogram.machine_time=60 \
    --set histogram.bins=4 --out "$S/report/small.h5"
"$SPECMC" run "$S/minimal.ini" --threads 1 --quiet --shard 1/2 --out "$S/shard/shard.h5"
# a checkpoint: a slow run (Mantri's heartbeats every 1e-5 time units: about 3 minutes)
# interrupted once it has started (its first line on stderr)
"$SPECMC" run "$S/minimal.ini" --threads 1 --replicas 500 --set policy.list=mantri \
    --set policy.mantri.report_interval=0.00001 --checkpoint 0 --out "$S/ckpt.h5" \
    2>"$S/ckpt.err" &
pid=$!
tries=0
until grep -q " x .* replicas on " "$S/ckpt.err" || [ "$tries" -ge 1200 ]; do
    sleep 0.05
    tries=$((tries + 1))
done
kill -s INT "$pid"
wait "$pid" || true
mv "$S/ckpt.h5.ckpt" "$S/shard/checkpoint.h5"
rm -f "$S/minimal.ini" "$S/ckpt.err"

{
    "$SPECMC" list --keys | awk '
        /^\[policy\.NAME\]/ { next }
        /^\[[a-z.-]+\]$/ { sec = substr($0, 2, length($0) - 2); print "\"[" sec "]\""; next }
        /^  [a-z_]+ +default / { print "\"" $1 " = \""; if (sec != "") print "\"" sec "." $1 "\"" }
        /one of: / { s = $0; sub(/.*one of: /, "", s); sub(/ \(or .*/, "", s)
                     n = split(s, c, /\||, /); for (i = 1; i <= n; i++) print "\"" c[i] "\"" }'
    "$SPECMC" list | awk '/^policies/ { p = 1; next } /^$/ { p = 0 }
                          p && /^  [a-z]/ { print "\"" $1 "\"" }'
    printf '"%s"\n' "[sweep]" "[zip]" auto " tmin" " mean" trace.csv google.csv google2019.csv ", " "; " "1e300"
} | sort -u >"$DIR/config.dict"

for d in "$S"/*; do
    printf '  seeds  %-13s %s inputs\n' "$(basename "$d")" "$(ls "$d" | wc -l)"
done
printf '  dict   config        %s entries\n' "$(wc -l <"$DIR/config.dict")"

#!/bin/bash
# bench/scaling.sh — thread and shard scaling of a run, for the cost model of
# docs/guide/performance.md ("Beyond two cores"): default.ini on 1-16 threads, a
# summaries-bound run of 10^5 replicas, 4 shards x 4 threads and their merge; wall, user and
# system seconds of each, and the simulation's own seconds from specmc's last line.
#
#   bench/scaling.sh                 bin/specmc
#   bench/scaling.sh DIR             DIR/specmc through DIR's own loader and libraries (a copy
#                                    of a build, run on a machine without its packages)
if [ -n "${1:-}" ]; then
    D=$(cd "$1" && pwd)
    S() { "$D/ld-linux-x86-64.so.2" --library-path "$D" "$D/specmc" "$@"; }
    export OMP_WAIT_POLICY=passive # else specmc executes /proc/self/exe again: the loader
else
    S() { bin/specmc "$@"; }
fi
TIMEFORMAT="%R %U %S"
W=$(mktemp -d)
echo "== machine"; uname -m; nproc; grep -m1 "model name" /proc/cpuinfo; free -g | head -2
cat > $W/small.ini <<'INI'
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
[policy]
list = fifo, clone
INI
echo "== A: default.ini --replicas 2000 (8 cells), threads: wall user sys | simulation seconds"
for t in 1 2 4 8 16; do
  { time S run experiments/default.ini --replicas 2000 --threads $t --out $W/a$t.h5 >$W/a$t.out 2>$W/a$t.err; } 2>$W/t
  echo "t=$t $(cat $W/t) | $(grep -o 'wrote .*' $W/a$t.err)"
done
S report $W/a1.h5 --csv > $W/a1.csv; S report $W/a16.h5 --csv > $W/a16.csv
cmp -s $W/a1.csv $W/a16.csv && echo "A: 1 and 16 threads: identical report" || echo "A: DIFFER"
echo "== B: 10-task job x 100000 replicas, 2 cells (summaries dominate)"
for t in 1 2 16; do
  { time S run $W/small.ini --replicas 100000 --threads $t --out $W/b$t.h5 >/dev/null 2>$W/b$t.err; } 2>$W/t
  echo "t=$t $(cat $W/t) | $(grep -o 'wrote .*' $W/b$t.err)"
done
echo "== C: default.ini 2000 replicas as 4 shards x 4 threads at once, then merge"
{ time { for i in 0 1 2 3; do S run experiments/default.ini --replicas 2000 --threads 4 --shard $i/4 --out $W/s$i.h5 --quiet 2>/dev/null & done; wait; }; } 2>$W/t
echo "shards: $(cat $W/t)"
{ time S merge $W/m.h5 $W/s0.h5 $W/s1.h5 $W/s2.h5 $W/s3.h5 --quiet >/dev/null 2>$W/merr; } 2>$W/t
echo "merge: $(cat $W/t) $(tail -1 $W/merr)"
S report $W/m.h5 --csv > $W/m.csv; cmp -s $W/m.csv $W/a16.csv && echo "C: merged = single run" || echo "C: DIFFER"
echo "== D: default.ini 16 threads, replicas 2000 / 8000"
for n in 8000; do
  { time S run experiments/default.ini --replicas $n --threads 16 --out $W/d$n.h5 --quiet 2>$W/d.err; } 2>$W/t
  echo "n=$n $(cat $W/t)"
done

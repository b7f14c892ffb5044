#!/bin/bash
# The Slurm example for real (make test-slurm; README, Scale-out): start a one-node Slurm on
# this machine (Debian's slurm-wlm and munge, a config written here, private sockets, ports
# and directories, as root), submit a run as an array of 3 shards and a merge job depending on
# it with scripts/slurm/submit.sh, wait, compare the merged file with a single run (every
# dataset and attribute but provenance), and stop the daemons this script started.
#
# Then a run of 2 shards that outlives its time limit (1 minute, each shard about 70 s of
# work): Slurm's warning makes each save a checkpoint and requeue itself; while they wait,
# shard 1's checkpoint is made to look like another build's (as after a rebuild) and the limit
# raised; shard 0 resumes, shard 1 starts afresh, and the merge equals the single run. Bad
# arguments to submit.sh submit nothing. About 5 minutes in all.
#
#   tests/slurm/run.sh bin/specmc
set -u
SPECMC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
export SPECMC
WORK=$(mktemp -d)
export WORK
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=tests/cli/lib.sh
. "$ROOT/tests/cli/lib.sh"
TESTS_DIR=$ROOT/tests/cli
CONFIGS=$TESTS_DIR/configs

daemons=()
stop_all() {
    [ -n "${SLURM_CONF:-}" ] && scancel --quiet --user=root 2>/dev/null
    for pidfile in "${daemons[@]}"; do
        [ -s "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
    done
    for pidfile in "${daemons[@]}"; do # gone before their files are
        for _ in $(seq 100); do
            pid=$(cat "$pidfile" 2>/dev/null) && [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
    done
    rm -rf "$WORK"
}
trap stop_all EXIT

# munge, with its own key and socket.
S=$WORK/slurm
mkdir -p "$S/munge" "$S/state" "$S/spool" "$S/log"
chmod 700 "$S/munge"
mungekey -c -f -k "$S/munge/munge.key" || { CURRENT="mungekey"; fail "could not make a key"; finish; exit 1; }
munged -S "$S/munge/socket" --key-file="$S/munge/munge.key" --pid-file="$S/munge/munged.pid" \
    --log-file="$S/log/munged.log" --seed-file="$S/munge/seed" --force
daemons+=("$S/munge/munged.pid")

# slurmctld and slurmd on this host, on ports no system Slurm uses.
host=$(hostname)
cat >"$S/slurm.conf" <<CONF
ClusterName=specmctest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$S/munge/socket,cred_expire=10
SlurmctldPort=26817
SlurmdPort=26818
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/log/slurmctld.log
SlurmdLogFile=$S/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SwitchType=switch/none
PlugStackConfig=/dev/null
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$S/slurm.conf
slurmctld -f "$SLURM_CONF" -i
daemons+=("$S/slurmctld.pid")
slurmd -f "$SLURM_CONF"
daemons+=("$S/slurmd.pid")
CURRENT="a one-node Slurm is up"
up=0
for _ in $(seq 30); do
    if sinfo -h -o %T 2>/dev/null | grep -q idle; then up=1; break; fi
    sleep 1
done
if [ $up = 1 ]; then pass; else fail "$(tail -3 "$S/log/slurmctld.log" "$S/log/slurmd.log")"; finish; exit 1; fi

ini=$(write_ini small)
opts=(--replicas 12 --set histogram.flowtime=60)
expect_ok "the single run" "$SPECMC" run "$ini" --out "$WORK/single.h5" --quiet "${opts[@]}"
cd "$WORK" || exit 1
expect_ok "submit the array and the merge" "$ROOT/scripts/slurm/submit.sh" "$ini" \
    "$WORK/merged.h5" 3 --cpus-per-task=1 -- "${opts[@]}"
CURRENT="submit.sh names both jobs"
if grep -Eq "^shards: job [0-9]+ \(array of 3\); merge: job [0-9]+ -> " "$WORK/out"; then pass
else fail "$(cat "$WORK/out" "$WORK/err")"; fi
CURRENT="the jobs finish within a minute"
done=0
for _ in $(seq 60); do
    if [ -z "$(squeue -h 2>/dev/null)" ]; then done=1; break; fi
    sleep 1
done
if [ $done = 1 ]; then pass; else fail "$(squeue)"; fi
CURRENT="the merged file = the single run, every dataset and attribute but provenance"
if /usr/bin/python3 "$TESTS_DIR/same_results.py" "$WORK/single.h5" "$WORK/merged.h5" >"$WORK/diff" 2>&1
then pass; else fail "$(head -5 "$WORK/diff"; cat "$WORK"/merged.h5.shards/*.log 2>/dev/null | head -10)"; fi
CURRENT="the merged file says 3 shards"
if h5dump -a /shards "$WORK/merged.h5" 2>/dev/null | grep -q "(0): 3"; then pass; else fail "no shards = 3"; fi

# submit.sh checks K before it submits anything.
for k in 0 -2 x; do
    expect_error "submit.sh K = $k" "K \(the number of shards\) must be a whole number from 1 to 1000000, got '$k'" \
        "$ROOT/scripts/slurm/submit.sh" "$ini" "$WORK/k.h5" "$k"
done
CURRENT="a bad K submits nothing"
if [ -z "$(squeue -h)" ] && [ ! -e "$WORK/k.h5.shards" ]; then pass; else fail "$(squeue)"; fi

# The time limit and a rebuild. The shards' size is measured here: about 70 s of work each on
# one CPU, past Slurm's warning (--signal=B:USR1@20 on a 1-minute limit: sent at slurmctld's
# first check of time limits, every 30 s, past 60 - 20 - 30 = 10 s in, so 10 to 40 s in).
opts=(--set workload.jobs=600)
start=$(date +%s%N)
"$SPECMC" run "$ini" --replicas 200 --threads 1 --quiet --out "$WORK/speed.h5" "${opts[@]}"
ns=$(($(date +%s%N) - start))
opts+=(--replicas $((2 * 200 * 70 * 1000000000 / ns + 1)))
expect_ok "the single run" "$SPECMC" run "$ini" --out "$WORK/single2.h5" --quiet --threads 2 "${opts[@]}"
expect_ok "submit a run with a 1-minute limit" "$ROOT/scripts/slurm/submit.sh" "$ini" "$WORK/limit.h5" 2 \
    --cpus-per-task=1 --time=1 --signal=B:USR1@20 -- "${opts[@]}"
array=$(sed -n 's/^shards: job \([0-9]*\) .*/\1/p' "$WORK/out")
logs=$WORK/limit.h5.shards
# tasks_at STATE: the array's tasks are all in STATE after a requeue.
tasks_at() {
    [ "$(scontrol -o show job "$array" 2>/dev/null | grep -c "JobState=$1 .*Restarts=[1-9]")" = 2 ]
}
CURRENT="both shards warned, checkpointed and requeued within 2 minutes"
if wait_until 120 tasks_at PENDING; then pass
else fail "$(squeue; cat "$logs"/shard-*.log)"; finish; exit 1; fi
# Held while shard 1's checkpoint is made another build's and the limit raised.
CURRENT="the requeued shards held"
if scontrol hold "$array"; then pass; else fail "$(squeue)"; fi
/usr/bin/python3 -c "import h5py, sys
with h5py.File(sys.argv[1], 'r+') as f: f.attrs.modify('git_revision', b'0000000-old')" \
    "$logs/shard-1-of-2.h5.ckpt"
scontrol update JobId="$array" TimeLimit=10
scontrol release "$array"
CURRENT="the resumed shards and the merge finish within 3 minutes"
queue_empty() { [ -z "$(squeue -h 2>/dev/null)" ]; }
if wait_until 180 queue_empty; then pass; else fail "$(squeue)"; fi
for i in 0 1; do
    expect_grep "shard $i: the warning saves a checkpoint" \
        "shard $i of 2, start 1\): time limit near: saving a checkpoint" "$logs/shard-$i.log"
    expect_grep "shard $i: saved at SIGTERM" "interrupted by SIGTERM: saved [0-9]+ of" "$logs/shard-$i.log"
    expect_grep "shard $i: requeued itself" "start 1\): requeued before the time limit" "$logs/shard-$i.log"
    expect_grep "shard $i: started again, from its checkpoint" "start 2\): resuming from" "$logs/shard-$i.log"
    expect_grep "shard $i: done" "start 2\): done: " "$logs/shard-$i.log"
done
expect_grep "shard 1: another build's checkpoint: starts afresh, saying so" \
    "is of another specmc build \(rebuilt since it was saved\): starting afresh" "$logs/shard-1.log"
expect_no_grep "shard 0: its own checkpoint resumed" "starting afresh" "$logs/shard-0.log"
CURRENT="the merged file = the single run, every dataset and attribute but provenance"
if /usr/bin/python3 "$TESTS_DIR/same_results.py" "$WORK/single2.h5" "$WORK/limit.h5" >"$WORK/diff" 2>&1
then pass; else fail "$(head -5 "$WORK/diff"; cat "$logs"/*.log | head -20)"; fi
CURRENT="no checkpoint or stray file is left"
stray=$(find "$logs" -name "*.ckpt*" -o -name "*.err" -o -name "*.tmp*")
if [ -z "$stray" ]; then pass; else fail "$stray"; fi

finish

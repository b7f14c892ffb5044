#!/bin/bash
# The Slurm example for real (make test-slurm; README, Scale-out): start a one-node Slurm on
# this machine (Debian's slurm-wlm and munge, a config written here, private sockets, ports
# and directories, as root), submit a run as an array of 3 shards and a merge job depending on
# it with scripts/slurm/submit.sh, wait, compare the merged file with a single run (every
# dataset and attribute but provenance), and stop the daemons this script started.
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
    sleep 1
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
AuthInfo=socket=$S/munge/socket
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

finish

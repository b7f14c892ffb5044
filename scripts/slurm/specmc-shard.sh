#!/bin/bash
# specmc-shard.sh — one shard of a specmc run per Slurm array task (README, Scale-out).
#
#   sbatch --array=0-$((K - 1)) [--cpus-per-task=T] [--time=...] scripts/slurm/specmc-shard.sh \
#          CONFIG.ini SHARD_DIR [run options...]
#
# Array task I of K runs `specmc run CONFIG --shard I/K` on its allotted CPUs into
# SHARD_DIR/shard-I-of-K.h5; specmc-merge.sh (a job depending on the whole array) puts the K
# shards together. $SPECMC names the binary (default: bin/specmc under the directory sbatch
# was called from).
#
# A task outlives its time limit and being requeued:
# - Slurm does not requeue a task that reaches its time limit, so it asks for a warning
#   instead (--signal=B:USR1@300: SIGUSR1 to this shell 300 to 330 s before the limit, at
#   slurmctld's first check of time limits, every 30 s, past limit - 330 s; give more with
#   sbatch --signal=B:USR1@SECONDS when a replica can take longer, and a --time well above
#   SECONDS + 30, or the warning comes at once). At the warning the run is sent SIGTERM, saves
#   SHARD_DIR/shard-I-of-K.h5.ckpt once its replicas under way are done, and the task
#   requeues itself (scontrol requeue); the next start resumes.
# - A task requeued by Slurm (--requeue: pre-emption, a failed node) resumes from its
#   checkpoint the same way. When --resume refuses the checkpoint because another specmc build
#   wrote it (bin/specmc was rebuilt meanwhile), the task says so in its log and starts afresh:
#   should other shards have finished with the old build, merge refuses them by name.
# Scancel, pre-emption and the limit itself send SIGTERM to specmc directly: it saves its
# checkpoint then too, and this shell waits for it.
#SBATCH --job-name=specmc-shard
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --signal=B:USR1@300
set -eu
# Slurm's warning (USR1) can come as soon as the task starts (below), so this shell hears it
# from its first lines: it passes the warning on to the run as SIGTERM, and a TERM of its own
# only interrupts its wait (specmc has it too: Slurm signals every process of the task).
warned=0 pid='' job='?' i='?' k='?' start=1
say() { echo "specmc-shard.sh: job $job (shard $i of $k, start $start): $*" >&2; }
# shellcheck disable=SC2317 # a trap runs it
warn() {
    warned=1
    if [ -z "$pid" ]; then
        say "time limit near before the run began: give --time more than the warning's" \
            "seconds + 30"
    else
        say "time limit near: saving a checkpoint"
        kill -TERM "$pid" 2>/dev/null || true
    fi
}
trap warn USR1
trap ':' TERM
if [ $# -lt 2 ] || [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
    echo "usage: sbatch --array=0-<K-1> $0 CONFIG.ini SHARD_DIR [specmc run options]" >&2
    exit 2
fi
config=$1 dir=$2
shift 2
k=$SLURM_ARRAY_TASK_COUNT
i=$((SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-0}))
out="$dir/shard-$i-of-$k.h5"
err="$dir/shard-$i-of-$k.err" # an attempt's stderr, copied into the log
specmc=${SPECMC:-${SLURM_SUBMIT_DIR:-.}/bin/specmc}
# This task as scontrol names it: ARRAY_TASK (the last task's SLURM_JOB_ID is the array's own
# id, which scontrol takes for every task of the array, done ones included).
job=${SLURM_ARRAY_JOB_ID}_$SLURM_ARRAY_TASK_ID
start=$((${SLURM_RESTART_COUNT:-0} + 1)) # 2 after the first requeue
mkdir -p "$dir"
trap 'rm -f "$err"' EXIT

# The run in the background, so that this shell hears the warning. Sets $status.
run() {
    "$specmc" run "$config" --shard "$i/$k" --threads "${SLURM_CPUS_PER_TASK:-1}" \
        --out "$out" --quiet "$@" 2>"$err" &
    pid=$!
    while kill -0 "$pid" 2>/dev/null; do wait "$pid" || true; done
    wait "$pid" && status=0 || status=$?
    cat "$err" >&2
}

if [ -e "$out.ckpt" ]; then
    say "resuming from $out.ckpt"
    run --resume "$@"
    if [ "$status" -eq 2 ] && grep -q "was written by another specmc build" "$err"; then
        say "$out.ckpt is of another specmc build (rebuilt since it was saved): starting afresh"
        run "$@"
    fi
else
    run "$@"
fi
if [ "$status" -eq 143 ] && [ "$warned" = 1 ]; then # stopped at the warning
    say "requeued before the time limit; the next start resumes"
    scontrol requeue "$job" && exit 0
    say "scontrol requeue $job failed: resubmit the shard to resume it"
fi
[ "$status" -eq 0 ] && say "done: $out"
exit "$status"

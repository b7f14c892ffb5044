#!/bin/bash
# specmc-shard.sh — one shard of a specmc run per Slurm array task (README, Scale-out).
#
#   sbatch --array=0-$((K - 1)) [--cpus-per-task=T] scripts/slurm/specmc-shard.sh \
#          CONFIG.ini SHARD_DIR [run options...]
#
# Array task I of K runs `specmc run CONFIG --shard I/K` on its allotted CPUs into
# SHARD_DIR/shard-I-of-K.h5; specmc-merge.sh (a job depending on the whole array) puts the K
# shards together. A task killed by pre-emption or its time limit gets SIGTERM first: specmc
# saves SHARD_DIR/shard-I-of-K.h5.ckpt, and the task, requeued, resumes from it. $SPECMC names
# the binary (default: bin/specmc under the directory sbatch was called from).
#SBATCH --job-name=specmc-shard
#SBATCH --requeue
#SBATCH --open-mode=append
set -eu
if [ $# -lt 2 ] || [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
    echo "usage: sbatch --array=0-<K-1> $0 CONFIG.ini SHARD_DIR [specmc run options]" >&2
    exit 2
fi
config=$1 dir=$2
shift 2
k=$SLURM_ARRAY_TASK_COUNT
i=$((SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-0}))
out="$dir/shard-$i-of-$k.h5"
specmc=${SPECMC:-${SLURM_SUBMIT_DIR:-.}/bin/specmc}
resume=()
if [ -e "$out.ckpt" ]; then resume=(--resume); fi
mkdir -p "$dir"
exec "$specmc" run "$config" --shard "$i/$k" --threads "${SLURM_CPUS_PER_TASK:-1}" \
    --out "$out" --quiet "${resume[@]}" "$@"

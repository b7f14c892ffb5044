#!/bin/bash
# specmc-merge.sh — the merge job after specmc-shard.sh's array (README, Scale-out).
#
#   sbatch --dependency=afterok:ARRAY_JOB_ID scripts/slurm/specmc-merge.sh OUT.h5 SHARD_DIR K
#
# Puts SHARD_DIR/shard-0-of-K.h5 ... shard-(K-1)-of-K.h5 together into OUT.h5, the file a
# single run writes (specmc merge checks that they are all the shards of one run).
#SBATCH --job-name=specmc-merge
set -eu
if [ $# -ne 3 ]; then
    echo "usage: sbatch --dependency=afterok:ARRAY_JOB_ID $0 OUT.h5 SHARD_DIR K" >&2
    exit 2
fi
out=$1 dir=$2 k=$3
specmc=${SPECMC:-${SLURM_SUBMIT_DIR:-.}/bin/specmc}
shards=()
for ((i = 0; i < k; i++)); do shards+=("$dir/shard-$i-of-$k.h5"); done
exec "$specmc" merge "$out" "${shards[@]}" --quiet

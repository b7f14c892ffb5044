#!/bin/bash
# submit.sh — a specmc run as a Slurm array of K shards and a merge job after it.
#
#   scripts/slurm/submit.sh CONFIG.ini OUT.h5 K [sbatch options for the shards] [-- run options]
#
# e.g. scripts/slurm/submit.sh experiments/hopper-load.ini data/hopper-load.h5 16 \
#          --cpus-per-task=4 --time=02:00:00
# Shards go to OUT.h5.shards/; prints the two job ids. Run from the specmc directory, or set
# $SPECMC to the binary. The arguments are checked before anything is submitted: K is a whole
# number from 1 to 1000000 (an array task per shard; Slurm's MaxArraySize, 1001 by default,
# may allow fewer, and sbatch says so).
set -eu
usage="usage: $0 CONFIG.ini OUT.h5 K [sbatch options...] [-- specmc run options...]"
die() { echo "submit.sh: $*" >&2; echo "$usage" >&2; exit 2; }
[ $# -ge 3 ] || die "give the config, the output file and the number of shards K"
config=$1 out=$2 k=$3
shift 3
if ! [[ $k =~ ^[1-9][0-9]{0,6}$ ]] || [ "$k" -gt 1000000 ]; then
    die "K (the number of shards) must be a whole number from 1 to 1000000, got '$k'"
fi
if ! [ -f "$config" ] || ! [ -r "$config" ]; then
    die "$config: no such config file (or not readable)"
fi
[ -n "$out" ] || die "the output file is empty"
command -v sbatch >/dev/null || die "sbatch not found: run this where Slurm's commands are"
opts=() run=()
while [ $# -gt 0 ]; do
    if [ "$1" = -- ]; then shift; run=("$@"); break; fi
    opts+=("$1")
    shift
done
here=$(cd "$(dirname "$0")" && pwd)
dir="$out.shards"
mkdir -p "$dir"
array=$(sbatch --parsable --array=0-$((k - 1)) --output="$dir/shard-%a.log" "${opts[@]}" \
    "$here/specmc-shard.sh" "$config" "$dir" "${run[@]}")
array=${array%%;*}
merge=$(sbatch --parsable --dependency=afterok:"$array" --output="$dir/merge.log" \
    "$here/specmc-merge.sh" "$out" "$dir" "$k")
echo "shards: job $array (array of $k); merge: job ${merge%%;*} -> $out"

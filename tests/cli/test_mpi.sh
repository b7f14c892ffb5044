# MPI (SPEC §6): `mpirun -np 3 bin/specmc-mpi run CONFIG` splits the replicas across ranks
# (threads inside each) and rank 0 writes the file a one-process run writes — every dataset and
# attribute byte for byte, provenance aside (ranks = 3) — with histograms, per-job choices and
# job flowtimes in play; bad input is reported once and fails every rank. $SPECMC_MPI is the
# MPI binary (make test builds it: make mpi); runs as root where CI does.
. "$(dirname "$0")/lib.sh"
same() { /usr/bin/python3 "$TESTS_DIR/same_results.py" "$@" >"$WORK/diff" 2>&1; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
mpi() { mpirun --oversubscribe -np "$@"; }

CURRENT="SPECMC_MPI names the MPI binary"
if [ -x "${SPECMC_MPI:-}" ]; then pass; else fail "SPECMC_MPI='${SPECMC_MPI:-}' (make test sets it)"; finish; exit; fi
ini=$(write_ini small)
opts="--replicas 11 --set histogram.flowtime=60 --set policy.clone.r=auto
      --set workload.job_spread=0.8 --set utility.theta=1e-3"
# shellcheck disable=SC2086
expect_ok "one process" "$SPECMC" run "$ini" --out "$WORK/one.h5" --quiet $opts
for k in 1 3; do
    # shellcheck disable=SC2086
    expect_ok "$k ranks" mpi "$k" "$SPECMC_MPI" run "$ini" --out "$WORK/r$k.h5" --quiet --threads 1 $opts
    CURRENT="$k ranks = one process, every dataset and attribute but provenance"
    if same "$WORK/one.h5" "$WORK/r$k.h5"; then pass; else fail "$(head -5 "$WORK/diff")"; fi
done
CURRENT="the file says 3 ranks"
if h5dump -a /ranks "$WORK/r3.h5" | grep -q "(0): 3"; then pass; else fail "no ranks = 3"; fi
"$SPECMC" report "$WORK/one.h5" --csv >"$WORK/one.csv"
"$SPECMC" report "$WORK/r3.h5" --csv >"$WORK/r3.csv"
expect_same "3 ranks: report --csv identical" "$WORK/one.csv" "$WORK/r3.csv"
# shellcheck disable=SC2086
expect_ok "3 ranks, progress and table on rank 0" mpi 3 "$SPECMC_MPI" run "$ini" --out "$WORK/t.h5" $opts
CURRENT="the table is printed once"
if [ "$(grep -c '^experiment small' "$WORK/out")" = 1 ]; then pass; else fail "$(grep -c '^experiment' "$WORK/out") tables"; fi

expect_error "bad input: once, from rank 0" "cluster.slots: must be an integer" \
    mpi 3 "$SPECMC_MPI" run "$ini" --set cluster.slots=-1
CURRENT="bad input: said once"
if [ "$(grep -c 'cluster.slots: must be' "$WORK/err")" = 1 ]; then pass; else fail "$(cat "$WORK/err")"; fi
expect_error "an unwritable output: before the run" "it is a directory" \
    mpi 3 "$SPECMC_MPI" run "$ini" --out "$WORK"
expect_error "--shard with ranks" "--shard is not built for MPI runs" \
    mpi 2 "$SPECMC_MPI" run "$ini" --shard 0/2

finish

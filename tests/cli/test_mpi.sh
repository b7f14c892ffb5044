# MPI (README.md, "Scale-out"): `mpirun -np 3 bin/specmc-mpi run CONFIG` splits the replicas
# across ranks (threads inside each) and rank 0 writes the file a one-process run writes — every
# dataset and attribute byte for byte, provenance aside (ranks = 3) — with histograms, per-job
# choices and job flowtimes in play; bad input is reported once and fails every rank. Every
# other command (merge, validate, report, --help) runs on rank 0 alone: one file written, one
# message, and rank 0's exit status. $SPECMC_MPI is the MPI binary (make test builds it:
# make mpi); runs as root where CI does.
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

# The commands that do not split their work: rank 0 alone runs them.
for i in 0 1; do
    # shellcheck disable=SC2086
    "$SPECMC" run "$ini" --shard "$i/2" --out "$WORK/s$i.h5" --quiet $opts
done
expect_ok "merge under 2 ranks" mpi 2 "$SPECMC_MPI" merge "$WORK/m.h5" "$WORK/s0.h5" "$WORK/s1.h5"
CURRENT="merge under 2 ranks: merged once, one table, and says rank 0 alone did it"
if [ "$(grep -c '^specmc: merged 2 shards' "$WORK/err")" = 1 ] &&
    [ "$(grep -c '^experiment small' "$WORK/out")" = 1 ] &&
    grep -q "merge runs on rank 0 alone" "$WORK/err"; then pass; else fail "$(cat "$WORK/err")"; fi
CURRENT="merge under 2 ranks = one process, every dataset and attribute but provenance"
if same "$WORK/one.h5" "$WORK/m.h5"; then pass; else fail "$(head -5 "$WORK/diff")"; fi
expect_error "merge under 2 ranks, a missing shard: rank 0's failure is mpirun's" \
    "nothing.h5: No such file" mpi 2 "$SPECMC_MPI" merge "$WORK/m2.h5" "$WORK/nothing.h5"
CURRENT="merge under 2 ranks, a missing shard: said once"
if [ "$(grep -c 'nothing.h5: No such file' "$WORK/err")" = 1 ]; then pass; else fail "$(cat "$WORK/err")"; fi
expect_ok "validate under 2 ranks" mpi 2 "$SPECMC_MPI" validate --quick --only dist --threads 1 \
    --out "$WORK/v.h5"
CURRENT="validate under 2 ranks: wrote once, one summary"
if [ "$(grep -c '^specmc: wrote' "$WORK/err")" = 1 ] &&
    [ "$(grep -c ' rows: ' "$WORK/out")" = 1 ]; then pass
else fail "$(grep -c '^specmc: wrote' "$WORK/err") wrote, $(grep -c ' rows: ' "$WORK/out") summaries"; fi
expect_ok "report under 2 ranks" mpi 2 "$SPECMC_MPI" report "$WORK/one.h5"
CURRENT="report under 2 ranks: one table"
if [ "$(grep -c '^experiment small' "$WORK/out")" = 1 ]; then pass; else fail "$(grep -c '^experiment' "$WORK/out") tables"; fi
expect_ok "--help under 2 ranks" mpi 2 "$SPECMC_MPI" run --help
CURRENT="run --help under 2 ranks: printed once"
if [ "$(grep -c '^usage: specmc run' "$WORK/out")" = 1 ]; then pass; else fail "$(grep -c '^usage' "$WORK/out") times"; fi

finish

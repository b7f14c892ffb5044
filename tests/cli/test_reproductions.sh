# The seed 004 reproductions (experiments/chronos-*.ini) run, and the comparisons
# docs/reproductions.md reports still hold at 40 replicas: orderings and trends, not values.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTS_DIR/../.." && pwd)

for e in table1 table2 fig3 fig4; do
    expect_ok "chronos-$e runs" "$SPECMC" run "$ROOT/experiments/chronos-$e.ini" \
        --out "$WORK/$e.h5" --replicas 40 --quiet
    expect_ok "chronos-$e report" "$SPECMC" report "$WORK/$e.h5" --csv
    CURRENT="chronos-$e: the paper's comparisons"
    if python3 "$TESTS_DIR/reproduction_claims.py" "$e" "$WORK/out" >"$WORK/claims"; then pass
    else fail "$(cat "$WORK/claims")"; fi
done

finish

# specmc validate: the CSV contract, the exit status (0 exactly when every verdict matches its
# expectation), a deliberately wrong closed form reported as a disagreement, the HDF5 rows,
# and the same rows for any thread count.
. "$(dirname "$0")/lib.sh"

expect_ok "list" "$SPECMC" validate --list
expect_grep "list shows sources" "^queue\.erlang_c$" "$WORK/out"
expect_grep "list shows assumptions" "^  assumptions: " "$WORK/out"

expect_ok "quick dist and queue" "$SPECMC" validate --quick --only dist --csv --out "$WORK/d.h5"
CURRENT="csv header"
if [ "$(head -n 1 "$WORK/out")" = "id,params,closed_form,estimate,ci_low,ci_high,n,agrees,expected" ]; then
    pass; else fail "$(head -n 1 "$WORK/out")"; fi
CURRENT="every dist row has 9 fields and agrees as expected"
bad=$(awk -F, 'NR > 1 && (NF != 9 || $8 != $9)' "$WORK/out" | head -3)
rows=$(($(wc -l <"$WORK/out") - 1))
if [ -z "$bad" ] && [ "$rows" -ge 15 ]; then pass; else fail "$rows rows; $bad"; fi
CURRENT="HDF5 rows table"
if h5dump -H "$WORK/d.h5" | grep -q 'DATASET "rows"' &&
   [ "$(h5dump -a /format "$WORK/d.h5" | grep -c specmc-validate)" -ge 1 ]; then pass
else fail "$(h5dump -H "$WORK/d.h5" | head -20)"; fi

run_cmd "$SPECMC" validate --quick --only selftest --out "$WORK/s.h5"
expect_grep "a wrong closed form is a disagreement" "^DISAGREE selftest\.wrong_mean" "$WORK/out"
CURRENT="the failure is listed in the summary"
if grep -q "^unexpected verdicts:" "$WORK/out" && grep -q "1 unexpected" "$WORK/out"; then pass
else fail "$(tail -5 "$WORK/out")"; fi
CURRENT="exit status 1 for an unexpected verdict"
if [ "$STATUS" -eq 1 ]; then pass; else fail "exit $STATUS"; fi

expect_error "unknown check" "--only 'nosuch' matches no check" "$SPECMC" validate --only nosuch
expect_error "bad seed" "--seed must be a decimal integer" "$SPECMC" validate --seed x
expect_error "unwritable output" "nodir/v\.h5: cannot write the output file" \
    "$SPECMC" validate --quick --only dist --out "$WORK/nodir/v.h5"

"$SPECMC" validate --quick --only queue --csv --threads 1 --out "$WORK/t1.h5" >"$WORK/t1.csv" 2>/dev/null
"$SPECMC" validate --quick --only queue --csv --threads 2 --out "$WORK/t2.h5" >"$WORK/t2.csv" 2>/dev/null
expect_same "rows identical for 1 and 2 threads" "$WORK/t1.csv" "$WORK/t2.csv"
# The xulau.* driver too (rejection sampling: a varying number of draws per sample).
"$SPECMC" validate --quick --only xulau.th2 --csv --threads 1 --out "$WORK/x1.h5" >"$WORK/x1.csv" 2>/dev/null
"$SPECMC" validate --quick --only xulau.th2 --csv --threads 2 --out "$WORK/x2.h5" >"$WORK/x2.csv" 2>/dev/null
expect_same "xulau rows identical for 1 and 2 threads" "$WORK/x1.csv" "$WORK/x2.csv"

# The whole quick suite: every verdict as expected (exit 0), the chronos and xulau findings
# among the expected disagreements.
expect_ok "validate --quick" "$SPECMC" validate --quick --csv --out "$WORK/q.h5"
CURRENT="quick suite: no unexpected verdict"
if awk -F, 'NR > 1 && $8 != $9 {bad = 1} END {exit bad}' "$WORK/out"; then pass
else fail "$(awk -F, 'NR > 1 && $8 != $9' "$WORK/out" | head -3)"; fi
expect_grep "quick suite: th6 as printed disagrees" "^chronos\.th6,N=1 r=1 .*,0,0$" "$WORK/out"
expect_grep "quick suite: th6 corrected agrees" "^chronos\.th6\.corrected,N=1 r=1 .*,1,1$" "$WORK/out"
expect_grep "quick suite: kernels equal the policies" "^kernel\.s-resume,.*,0,0,0,0\.00[0-9]+,2000,1,1$" "$WORK/out"
expect_grep "quick suite: eq. 10's printed machine time disagrees" "^xulau\.eq5\.printed,.*,0,0$" "$WORK/out"
expect_grep "quick suite: ADMM reaches P2's optimum" "^xulau\.admm\.random\.gap,.*,1,1$" "$WORK/out"
expect_grep "quick suite: sigma_opt is not exactly two" "^xulau\.sigma\.claim,.*claim=exactly_2,.*,0,0$" "$WORK/out"
# 0 mismatches in 200 instances: the rate's upper bound is 1 - (5e-5)^(1/200) = 0.0483114...
expect_grep "quick suite: Hopper's Theorem 2 holds" "^hopper\.th2,beta=1\.5 epsilon=0\.5 .*,0,0,0,0\.048311[0-9]*,200,1,1$" "$WORK/out"
expect_grep "quick suite: Hopper serves jobs in increasing T_i" "^hopper\.th1\.order,S=1 .*T_by_arrival=5:1:3 .*,1,1$" "$WORK/out"
expect_grep "quick suite: eq. 3 over-promises for beta > 2" "^hopper\.k_below_1,beta=3 .*,0,0$" "$WORK/out"
expect_grep "quick suite: eq. 7's median gives the printed 150 %" "^threshold\.eq7,ttc=[^,]* qos=450ms divisor=median .*,1,1$" "$WORK/out"
expect_grep "quick suite: Algorithm 1's average does not" "^threshold\.eq7,ttc=[^,]* qos=450ms divisor=average .*,0,0$" "$WORK/out"
expect_grep "quick suite: replicas straggle like originals" "^straggle\.replicas,.*,1,1$" "$WORK/out"

# The README states the quick suite's row count (and the full suite's, which make test does not
# run: about 31 s of CPU). Checked here, where the quick rows are at hand, so that it cannot drift.
rows=$(($(wc -l <"$WORK/out") - 1))
CURRENT="README states the quick suite's $rows rows"
if grep -Eq "(^|[^0-9])$rows rows in a few" "$TESTS_DIR/../../README.md"; then pass
else fail "README: $(grep -o '[0-9]* rows in a few' "$TESTS_DIR/../../README.md")"; fi

finish

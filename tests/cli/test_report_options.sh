# report's options: --baseline POLICY pairs against another policy, --scenario and
# --policy filter, --replicas --csv gives every replica's value; one policy gets no paired
# column; a far-from-symmetric interval prints as [lo, hi]; a validate file reports as validate
# printed it, and validate says where it wrote.
. "$(dirname "$0")/lib.sh"

ini=$(write_ini small)
"$SPECMC" run "$ini" --out "$WORK/r.h5" --quiet --replicas 8
expect_ok "--baseline mantri --csv" "$SPECMC" report "$WORK/r.h5" --csv --baseline mantri
cp "$WORK/out" "$WORK/base.csv"
CURRENT="--baseline: no delta rows for mantri, delta rows for the others"
if ! grep -q "^[01],mantri,delta_" "$WORK/base.csv" && grep -q "^0,fifo,delta_flowtime," "$WORK/base.csv"
then pass; else fail "$(grep -c delta_ "$WORK/base.csv") delta rows"; fi
"$SPECMC" report "$WORK/r.h5" --replicas --csv >"$WORK/reps.csv"
CURRENT="--replicas --csv: a row per scenario, policy, replica and metric"
rows=$(($(wc -l <"$WORK/reps.csv") - 1))
if [ "$rows" = $((2 * 4 * 8 * 16)) ] && head -1 "$WORK/reps.csv" | grep -q "^scenario,policy,replica,metric,value,workload.rate$"
then pass; else fail "$rows rows, header $(head -1 "$WORK/reps.csv")"; fi
CURRENT="--baseline: fifo - mantri's mean is the mean of the replica differences"
if awk -F, 'FNR == NR { if ($4 == "flowtime" && $1 == 0) v[$2, $3] = $5; next }
    $1 == 0 && $2 == "fifo" && $3 == "delta_flowtime" {
        for (r = 0; r < 8; r++) d += v["fifo", r] - v["mantri", r]
        d /= 8; x = $5 - d; exit !(x < 1e-9 && x > -1e-9) }' "$WORK/reps.csv" "$WORK/base.csv"
then pass; else fail "$(grep '^0,fifo,delta_flowtime' "$WORK/base.csv")"; fi
expect_ok "--scenario 1 --policy clone" "$SPECMC" report "$WORK/r.h5" --scenario 1 --policy clone
CURRENT="--scenario 1 --policy clone: only that row"
if grep -q "^scenario 1" "$WORK/out" && ! grep -q "^scenario 0" "$WORK/out" &&
    grep -q "^  clone " "$WORK/out" && ! grep -q "^  fifo " "$WORK/out"; then pass
else fail "$(head -8 "$WORK/out")"; fi
expect_error "--policy unknown, with a guess" "--policy 'clon' \(did you mean 'clone'\?\): .* has the policies fifo, psrpt, mantri, clone" \
    "$SPECMC" report "$WORK/r.h5" --policy clon
expect_error "--replicas without --csv" "--replicas needs --csv" "$SPECMC" report "$WORK/r.h5" --replicas
expect_error "--scenario out of range" "--scenario 5: .* has scenarios 0 to 1" \
    "$SPECMC" report "$WORK/r.h5" --scenario 5
expect_ok "the table" "$SPECMC" report "$WORK/r.h5"
expect_grep "a score interval near 1 prints as [lo, hi]" "1\.0+ \[0\.[0-9]+, 1\.0+\]" "$WORK/out"

"$SPECMC" run "$ini" --out "$WORK/one.h5" --quiet --replicas 4 --set policy.list=fifo
expect_ok "one policy" "$SPECMC" report "$WORK/one.h5"
CURRENT="one policy: no paired column, no baseline"
if ! grep -q "baseline\|flowtime - \|last column pairs" "$WORK/out"; then pass
else fail "$(head -6 "$WORK/out")"; fi

expect_ok "validate, quick, one family" "$SPECMC" validate --quick --only dist. --out "$WORK/v.h5"
expect_grep "validate says where it wrote" "^specmc: wrote .*v.h5 " "$WORK/err"
cp "$WORK/out" "$WORK/validate.out"
expect_ok "report a validate file" "$SPECMC" report "$WORK/v.h5"
expect_same "report prints the validate file as validate printed it" "$WORK/validate.out" "$WORK/out"
expect_ok "report --csv a validate file" "$SPECMC" report "$WORK/v.h5" --csv
expect_grep "report --csv a validate file: validate's CSV" "^id,params,closed_form,estimate,ci_low,ci_high,n,agrees,expected$" "$WORK/out"
expect_error "a validate file takes no filters" "is a validate file: only --csv applies" \
    "$SPECMC" report "$WORK/v.h5" --policy fifo

finish

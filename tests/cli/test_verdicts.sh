# Verdicts valid at any tail (docs/methods/statistics.md, "Verdicts"): every paired comparison
# gets them, in the CSV and in the table wherever the mean difference's interval does not decide
# the sign. The "certain win" that asked for them: fair+mantri meets every deadline in every
# replica and is never worse than fifo, yet the valid interval of the mean PoCD difference holds
# 0 (a valid interval must allow a rare replica where every job misses); the verdict reads it as
# the win it is. And the default experiment: every policy's flowtime has a valid verdict against
# fifo.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTS_DIR/../.." && pwd)

cat >"$WORK/win.ini" <<'INI'
[experiment]
name = win
replicas = 200
seed = 1
[cluster]
slots = 200
[workload]
rate = 4
jobs = 120
warmup = 20
tasks = 20
task_time = lognormal
mean = 2
sigma = 0.8
deadline = 20
[policy]
list = fifo, fair+mantri
INI
expect_ok "the certain win runs" "$SPECMC" run "$WORK/win.ini" --out "$WORK/win.h5" --quiet
expect_ok "its CSV" "$SPECMC" report "$WORK/win.h5" --csv
expect_grep "PoCD never lower in a replica" \
    "^0,fair\+mantri,lower_pocd,200,0,0,0,0\.01[0-9]+,clopper-pearson$" "$WORK/out"
expect_grep "... and higher in most (139 of 200; tied in the rest)" \
    "^0,fair\+mantri,higher_pocd,200,0\.6[0-9]+,[^,]+,[^,]+,[^,]+,clopper-pearson$" "$WORK/out"
CURRENT="the sign test says it is no chance (p = 2^-138)"
p=$(awk -F, '$2 == "fair+mantri" && $3 == "sign_p_pocd" {print $5}' "$WORK/out")
if awk -v p="$p" 'BEGIN { exit !(p > 0 && p < 1e-30) }'; then pass; else fail "p = $p"; fi
CURRENT="the mean difference's valid interval holds 0: betting, no assumption on a replica"
if awk -F, '$2 == "fair+mantri" && $3 == "delta_pocd" { ok = $9 == "betting" && $7 < 0 && $8 > 0 }
            END { exit !ok }' "$WORK/out"; then pass; else fail "$(grep delta_pocd "$WORK/out")"; fi
expect_ok "its table" "$SPECMC" report "$WORK/win.h5" --metrics pocd
expect_grep "the table reads it as a win" \
    "^  fair\+mantri .* · higher in [0-9]+/200, tied in [0-9]+ · median " "$WORK/out"
expect_grep "and names the valid rows" "valid at any tail: .*sign_p_pocd" "$WORK/out"
expect_ok "flowtime: its valid interval decides" "$SPECMC" report "$WORK/win.h5" --metrics flowtime
CURRENT="no verdict where the mean difference's interval is valid and excludes 0"
if grep -q "·" "$WORK/out"; then fail "$(grep fair "$WORK/out")"; else pass; fi

# The default experiment (fewer replicas): a valid flowtime verdict for every policy.
"$SPECMC" run "$ROOT/experiments/default.ini" --replicas 60 --out "$WORK/d.h5" --quiet
expect_ok "default: CSV" "$SPECMC" report "$WORK/d.h5" --csv
for p in psrpt mantri clone; do
    for s in 0 1; do
        expect_grep "default: $p, scenario $s, lower_flowtime" \
            "^$s,$p,lower_flowtime,60,[^,]+,[^,]+,[^,]+,[^,]+,clopper-pearson,[0-9.]+$" "$WORK/out"
        expect_grep "default: $p, scenario $s, median_delta_flowtime" \
            "^$s,$p,median_delta_flowtime,60,[^,]+,nan,[^,]+,[^,]+,order-statistic,[0-9.]+$" \
            "$WORK/out"
    done
done
finish

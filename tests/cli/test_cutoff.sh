# specmc cutoff: seed 000's cut-off load per scenario — the CSV contract, the aggregates taken
# from the generated jobs (two phases count every task; job_spread makes k > 1), the heavy-
# tailed case alpha <= 2 where lambda_U = lambda1 = M(2 alpha - 1)/(4 alpha mu m) (eq. 12),
# and bad input.
. "$(dirname "$0")/lib.sh"

CFG=experiments/default.ini
expect_ok "csv" "$SPECMC" cutoff "$CFG" --csv
CURRENT="csv header and one row per scenario"
if [ "$(head -n 1 "$WORK/out")" = "scenario,workload.rate,slots,alpha,m_bar,mu_bar,k,lambda,lambda1,lambda_t_star,lambda2,lambda_u,cutoff_machines,regime" ] &&
   [ "$(wc -l <"$WORK/out")" -eq 3 ]; then pass; else fail "$(cat "$WORK/out")"; fi
CURRENT="alpha 1.5: lambda_U = lambda1 = 100*2/(6*10), light at rate 2 and 3"
if awk -F, 'NR > 1 { if ($12 + 0 < 3.3333 || $12 + 0 > 3.3334 || $10 != "inf" ||
       $14 != "light") bad = 1 } END { exit bad }' "$WORK/out"; then pass
else fail "$(cat "$WORK/out")"; fi

expect_ok "alpha 3, two phases, spread jobs" "$SPECMC" cutoff "$CFG" --csv \
    --set workload.beta=3 --set workload.reduce_fraction=0.5 --set workload.job_spread=0.8
CURRENT="every task counted, k > 1, finite lambda_t*, lambda_U = lambda2 < lambda1, regimes"
if awk -F, 'NR > 1 { if ($5 != 10 || !($7 > 1.2) || $10 == "inf" || !($11 < $9) ||
       $12 != $11 || $14 != ($8 < $12 ? "light" : "heavy")) bad = 1 }
       END { exit bad }' "$WORK/out"; then pass
else fail "$(cat "$WORK/out")"; fi

expect_ok "table" "$SPECMC" cutoff "$CFG"
expect_grep "table names the regime" "light regime \(cloning pays: SCA\)" "$WORK/out"
expect_error "not Pareto" "default\.ini: scenario 0: the cut-off .* needs Pareto task times" \
    "$SPECMC" cutoff "$CFG" --set workload.task_time=exponential --set workload.mean=3
expect_error "per-job tail indices" "default\.ini: scenario 0: the cut-off .* takes one tail index for every job" \
    "$SPECMC" cutoff "$CFG" --set workload.beta_max=3
expect_error "bad seed" "cutoff: --seed must be a decimal integer" "$SPECMC" cutoff "$CFG" --seed x
expect_error "no config" "cutoff: give exactly one CONFIG" "$SPECMC" cutoff
finish

# The reproductions run, and the comparisons docs/reproductions.md marks ✓ still hold:
# orderings and trends, not values. Seed 004 (experiments/chronos-*.ini) at 40 replicas (Fig. 5
# at its committed 20);
# seeds 000 and 002 (experiments/xulau-*.ini, srptms-compare.ini: thousands of machines and
# jobs) at 3 replicas, with the claims whose effects are large against that noise; seed 001
# (experiments/hopper-*.ini) at 10, with the same information for all and with Mantri
# waiting for its first report (hopper-dag.ini: no claim of the paper's, what was measured); seed 003's Tables 1 and 2 (experiments/threshold-servers.ini,
# threshold-tasks.ini) at 200, Table 1 also under assumption 5 (straggle_p_max) and with eq. 7
# divided by the QoS.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTS_DIR/../.." && pwd)

# reproduce CONFIG CLAIMS REPLICAS [--set K=V]...: run experiments/CONFIG.ini (with the
# overrides) and check the claims CLAIMS of reproduction_claims.py (with the CDFs of its
# histograms when it keeps any).
reproduce() {
    local config=$1 claims=$2 replicas=$3
    shift 3
    expect_ok "$claims runs" "$SPECMC" run "$ROOT/experiments/$config.ini" --out "$WORK/$config.h5" \
        --replicas "$replicas" --quiet "$@"
    : >"$WORK/cdf.csv"
    if grep -q '^\[histogram\]' "$ROOT/experiments/$config.ini"; then
        "$SPECMC" report "$WORK/$config.h5" --cdf flowtime --csv >"$WORK/cdf.csv"
        "$SPECMC" report "$WORK/$config.h5" --cdf machine_time --csv | tail -n +2 >>"$WORK/cdf.csv"
    fi
    if grep -q '^\[series\]' "$ROOT/experiments/$config.ini"; then # the same columns
        "$SPECMC" report "$WORK/$config.h5" --series --csv >"$WORK/cdf.csv"
    fi
    expect_ok "$claims report" "$SPECMC" report "$WORK/$config.h5" --csv
    CURRENT="$claims: the paper's comparisons"
    if python3 "$TESTS_DIR/reproduction_claims.py" "$claims" "$WORK/out" "$WORK/cdf.csv" \
        >"$WORK/claims"; then pass
    else fail "$(cat "$WORK/claims")"; fi
}

for e in table1 table2 fig3 fig4; do reproduce "chronos-$e" "$e" 40; done
reproduce chronos-fig5 fig5 20
reproduce chronos-stages stages 40
reproduce chronos-fig2 fig2 40
reproduce chronos-fig3 fig3-same-information 40 --set policy.mantri.reports=0
for e in load beta threshold fairness dag; do reproduce "hopper-$e" "hopper-$e" 10; done
for e in load beta; do  # seed 001's verdict holds only while Mantri alone waits for a report
    reproduce "hopper-$e" "hopper-$e-reports" 10 --set policy.mantri.reports=1 \
        --set policy.mantri.report_interval=1
done
reproduce threshold-servers threshold-servers 200
reproduce threshold-servers threshold-servers-p-max 200 --set cluster.straggle_p_max=0.15
reproduce threshold-servers threshold-servers-qos 200 --set policy.threshold.divisor=2
reproduce threshold-tasks threshold-tasks 200
reproduce threshold-fig6 threshold-fig6 200
for e in xulau-sca-gamma xulau-sca-xi xulau-sca-alpha xulau-sca-interval xulau-cutoff \
         xulau-sigma xulau-light xulau-light-jobtasks xulau-heavy xulau-regime \
         xulau-regime-steps srptms-compare; do
    reproduce "$e" "$e" 3
done

finish

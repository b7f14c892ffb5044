# The quick coverage meta-experiment (tests/coverage/, docs/methods/coverage.md): the cases of
# tests/coverage/quick-cases.txt, 100 repetitions at n = 5 and 20 replicas, fail when an
# interval kind covers its truth less than 0.95 − 3 binomial SDs (xfail cases must, as must
# the misread sentinel). Not the full table (`make coverage`). Overrides: COVERAGE_CASE_FILE,
# COVERAGE_REPS, COVERAGE_N (e.g. COVERAGE_N=5 COVERAGE_REPS=200).
. "$(dirname "$0")/lib.sh"

COV="$TESTS_DIR/../coverage"
CURRENT="coverage of the quick cases"
if /usr/bin/python3 "$COV/coverage.py" --bin "$SPECMC" --quiet --check --jobs 2 \
       --reps "${COVERAGE_REPS:-100}" --n "${COVERAGE_N:-5,20}" \
       --case-file "${COVERAGE_CASE_FILE:-$COV/quick-cases.txt}" >"$WORK/cov" 2>&1; then
    pass
    grep -c '^  xfail' "$WORK/cov" | xargs printf '  %s cases xfail (undercover as expected)\n'
else
    fail "$(grep -E '^  (FAIL|XPASS|SENTINEL)|^coverage:' "$WORK/cov" | head -20)"
fi
finish

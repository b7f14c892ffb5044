# Shared helpers for the command-line tests (sourced by each test_*.sh).
# $SPECMC is the binary under test; $WORK a fresh scratch directory per test file.
set -u
FAILS=0
PASSES=0
TESTS_DIR=$(cd "$(dirname "$0")" && pwd)
CONFIGS="$TESTS_DIR/configs"

pass() { PASSES=$((PASSES + 1)); }
fail() { FAILS=$((FAILS + 1)); printf '  FAIL %s: %s\n' "$CURRENT" "$1"; }

# run_cmd: run a command, capturing stdout, stderr and the exit status.
run_cmd() {
    "$@" >"$WORK/out" 2>"$WORK/err"
    STATUS=$?
}

# expect_ok NAME CMD...: exit 0.
expect_ok() {
    CURRENT=$1; shift
    run_cmd "$@"
    if [ "$STATUS" -eq 0 ]; then pass; else fail "exit $STATUS, stderr: $(head -c 400 "$WORK/err")"; fi
}

# expect_error NAME PATTERN CMD...: non-zero exit, stderr matches the extended regex PATTERN.
expect_error() {
    CURRENT=$1; PATTERN=$2; shift 2
    run_cmd "$@"
    if [ "$STATUS" -eq 0 ]; then
        fail "expected failure, got exit 0"
    elif ! grep -Eq -- "$PATTERN" "$WORK/err"; then
        fail "stderr does not match /$PATTERN/: $(head -c 400 "$WORK/err")"
    else
        pass
    fi
}

# expect_grep NAME PATTERN FILE: FILE matches the extended regex.
expect_grep() {
    CURRENT=$1
    if grep -Eq -- "$2" "$3"; then pass; else fail "no /$2/ in $(basename "$3"): $(head -c 300 "$3")"; fi
}

# expect_no_grep NAME PATTERN FILE: no line of FILE matches the extended regex.
expect_no_grep() {
    CURRENT=$1
    if grep -Eq -- "$2" "$3"; then fail "/$2/ in $(basename "$3"): $(grep -Em 2 -- "$2" "$3")"; else pass; fi
}

# PAIRED_ROWS: the extended regex of the metric column of a report's paired rows: the
# difference (delta_) and the verdict rows against the baseline (engine/stats/verdict.h).
PAIRED_ROWS='^(delta|lower|higher|tied|sign_p|median_delta)_'

# expect_same NAME FILE1 FILE2: byte-identical files.
expect_same() {
    CURRENT=$1
    if cmp -s "$2" "$3"; then pass; else fail "$2 and $3 differ: $(diff "$2" "$3" | head -5)"; fi
}

# write_ini NAME: copy a config from tests/cli/configs into $WORK, editing it with sed
# expressions given as further arguments; prints the path.
write_ini() {
    src="$CONFIGS/$1.ini"; shift
    dst="$WORK/$(basename "$src" .ini)-$RANDOM.ini"
    cp "$src" "$dst"
    for expr in "$@"; do sed -i -e "$expr" "$dst"; done
    printf '%s\n' "$dst"
}

# wait_until SECONDS CMD...: poll CMD every 0.05 s until it succeeds (0) or SECONDS pass (1):
# tests wait for what they can observe (a file, a line on stderr), never for a fixed time;
# SECONDS is only the bound after which the test gives up and fails.
wait_until() {
    limit=$(( $1 * 20 )); shift
    while [ "$limit" -gt 0 ]; do
        "$@" && return 0
        sleep 0.05
        limit=$((limit - 1))
    done
    return 1
}

# handles PID SIGNUM: whether process PID has a handler installed for signal number SIGNUM
# (SigCgt in /proc/PID/status): to signal a program once it is ready for it.
handles() {
    mask=$(sed -n 's/^SigCgt:[[:space:]]*//p' "/proc/$1/status" 2>/dev/null)
    [ -n "$mask" ] && [ $(( (0x$mask >> ($2 - 1)) & 1 )) -eq 1 ]
}

# writing OUT: whether a run has begun writing OUT (its temporary file OUT.tmp.* exists): the
# set-up is over and the simulation is under way.
writing() {
    ls "$1".tmp.* >/dev/null 2>&1
}

# interrupt_when SIG PRED [ARG...]: once PRED ARG... holds (wait_until, at most 60 s), send SIG
# to the background run $pid and wait for it; STATUS is its exit status.
interrupt_when() {
    sig=$1; shift
    wait_until 60 "$@"
    kill -s "$sig" "$pid" 2>/dev/null
    wait "$pid"
    STATUS=$?
}

# ended PID: whether process PID has ended (gone, or a zombie its parent has not reaped yet).
ended() {
    state=$(sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' "/proc/$1/status" 2>/dev/null)
    [ -z "$state" ] || [ "$state" = Z ]
}

# wait_exit PID SECONDS: wait for the background job PID to end, at most SECONDS (wait_until);
# STATUS is its exit status, or "still running after SECONDS s" (then it is killed).
wait_exit() {
    if wait_until "$2" ended "$1"; then
        wait "$1" 2>/dev/null
        STATUS=$?
    else
        kill -9 "$1" 2>/dev/null
        wait "$1" 2>/dev/null
        STATUS="still running after $2 s"
    fi
}

finish() {
    printf '  %d passed, %d failed\n' "$PASSES" "$FAILS"
    [ "$FAILS" -eq 0 ]
}

#!/bin/sh
# Runs each named libFuzzer harness DIR/fuzz_NAME for SECONDS on its corpus DIR/corpus/NAME
# (grown run after run) and its seeds DIR/seeds/NAME (tests/fuzz/seeds.sh), with the
# dictionary DIR/NAME.dict where there is one, and prints one row per harness: executions,
# executions per second, coverage (cov: edges reached, ft: features), corpus size, result.
# A crash, sanitizer report, leak, timeout (FUZZ_TIMEOUT seconds for one input, default 10) or
# out-of-memory fails the harness: its report is printed with the path of the input that
# caused it (kept in DIR/findings) and the command that reproduces it; the script then exits
# 1 once every harness has run. Logs: DIR/logs/NAME.log. Each harness writes its inputs under
# a scratch directory (TMPDIR for it; /dev/shm unless TMPDIR is set) removed when it exits, so
# that one killed by a sanitizer leaves nothing behind.
# usage: tests/fuzz/run.sh DIR SECONDS NAME...   (`make fuzz` passes FUZZ_SECONDS, FUZZ_TARGETS)
set -u
DIR=$1
SECS=$2
shift 2
TIMEOUT=${FUZZ_TIMEOUT:-10}
mkdir -p "$DIR/findings" "$DIR/logs"
tmp=${TMPDIR:-/dev/shm}
[ -d "$tmp" ] && [ -w "$tmp" ] || tmp=/tmp
scratch=$(mktemp -d "$tmp/specmc-fuzz-run.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM
passed=0
failed=0
row() { printf '  %-13s %7s %10s %7s %6s %7s %-14s %s\n' "$@"; }
row harness seconds executions exec/s cov ft corpus result
for name in "$@"; do
    log=$DIR/logs/$name.log
    mkdir -p "$DIR/corpus/$name"
    set -- -max_total_time="$SECS" -timeout="$TIMEOUT" -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$DIR/findings/$name-"
    [ -f "$DIR/$name.dict" ] && set -- "$@" -dict="$DIR/$name.dict"
    start=$(date +%s)
    TMPDIR=$scratch "$DIR/fuzz_$name" "$@" "$DIR/corpus/$name" "$DIR/seeds/$name" \
        </dev/null >"$log" 2>&1
    rc=$?
    rm -rf "${scratch:?}"/*
    took=$(($(date +%s) - start))
    stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -n 1; }
    last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -n 1)
    field() { printf '%s\n' "$last" | sed -n "s/.* $1: \([^ ]*\).*/\1/p"; }
    corp=$(field corp)
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
    if [ "$rc" -eq 0 ]; then
        result=ok
        passed=$((passed + 1))
    else
        what='ERROR: libFuzzer: [a-z-]+|ERROR: [A-Za-z]+Sanitizer: [a-z-]+|runtime error'
        result=$(grep -Eo "$what|fuzz_[a-z]+: [^:]*" "$log" | head -n 1)
        result="FAILED (${result:-exit $rc})"
        failed=$((failed + 1))
    fi
    row "$name" "$took" "$(stat number_of_executed_units)" "$(stat average_exec_per_sec)" \
        "$(field cov)" "$(field ft)" "${corp:+${corp%%/*} (${corp#*/})}" "$result"
    if [ "$rc" -ne 0 ]; then
        echo "  --- $log, from the first report on:"
        report=$(sed -n '/ERROR: \|runtime error\|fuzz_[a-z]*: \|==[0-9]*==/,$p' "$log" |
            head -n 60)
        printf '%s\n' "${report:-$(tail -n 20 "$log")}" | sed 's/^/  | /'
        if [ -n "$artifact" ]; then
            echo "  reproducer: $artifact"
            echo "  reproduce:  $DIR/fuzz_$name $artifact"
        fi
    fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]

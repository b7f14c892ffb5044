# Checkpoint and resume (SPEC §6): a run interrupted by SIGINT, SIGTERM and kill -9 at random
# moments, resumed each time with --resume, ends with the file the uninterrupted run writes —
# every dataset and attribute byte for byte, provenance aside — and its report byte for byte.
# A signal saves before stopping (exit 128 + signal, a message saying how to go on), never
# touches an existing output, and a checkpoint of another run is refused.
. "$(dirname "$0")/lib.sh"
same() { /usr/bin/python3 "$TESTS_DIR/same_results.py" "$@" >"$WORK/diff" 2>&1; }

ini=$(write_ini small)
# Long enough (about 8 s on 2 cores, checked build) that the six interruptions below, 0.3-0.7 s
# of progress each, cannot take the run to its end: at 12 000 replicas (4 s) they sometimes did,
# and then no checkpoint was left to test.
opts="--replicas 24000 --threads 2 --quiet"
# shellcheck disable=SC2086
expect_ok "the uninterrupted run" "$SPECMC" run "$ini" --out "$WORK/ref.h5" $opts
echo "not a result" >"$WORK/out.h5" # an existing output, to be replaced only at the very end
cp "$WORK/out.h5" "$WORK/before"

# Six interruptions, two of each kind, at random moments; each resumed from the last.
resume=""
for sig in INT TERM KILL INT KILL TERM; do
    # shellcheck disable=SC2086
    "$SPECMC" run "$ini" --out "$WORK/out.h5" $opts --checkpoint 0.3 $resume 2>"$WORK/err" &
    pid=$!
    sleep "0.$(( RANDOM % 5 + 3 ))"
    kill -s "$sig" "$pid" 2>/dev/null
    { wait "$pid"; } 2>/dev/null
    status=$?
    CURRENT="SIG$sig: exit status"
    case "$sig:$status" in
        INT:130 | TERM:143 | KILL:137) pass ;;
        *:0) pass ;; # it finished first: nothing to interrupt
        *) fail "exit $status: $(head -c 300 "$WORK/err")" ;;
    esac
    if [ "$sig" != KILL ] && [ "$status" -ne 0 ]; then
        expect_grep "SIG$sig: says what was saved and how to go on" \
            "interrupted by SIG$sig: saved [0-9]+ of 192000 replicas in .*out.h5.ckpt; go on .*--resume" \
            "$WORK/err"
        expect_same "SIG$sig: the existing output is untouched" "$WORK/before" "$WORK/out.h5"
    fi
    [ -e "$WORK/out.h5.ckpt" ] && resume="--resume"
    [ "$status" -eq 0 ] && break
done
if [ ! -e "$WORK/out.h5.ckpt" ] || ! cmp -s "$WORK/before" "$WORK/out.h5"; then
    CURRENT="a checkpoint was written"; fail "no checkpoint after the interruptions"
fi
# shellcheck disable=SC2086
expect_ok "resume to the end" "$SPECMC" run "$ini" --out "$WORK/out.h5" $opts --resume
CURRENT="resumed = uninterrupted, every dataset and attribute but provenance"
if same "$WORK/ref.h5" "$WORK/out.h5"; then pass; else fail "$(head -5 "$WORK/diff")"; fi
"$SPECMC" report "$WORK/ref.h5" --csv >"$WORK/ref.csv"
"$SPECMC" report "$WORK/out.h5" --csv >"$WORK/out.csv"
expect_same "report --csv identical" "$WORK/ref.csv" "$WORK/out.csv"
CURRENT="the checkpoint is removed once the output is written"
if [ -e "$WORK/out.h5.ckpt" ]; then fail "out.h5.ckpt is still there"; else pass; fi
CURRENT="no temporary file is left"
if ls "$WORK" | grep -q "tmp"; then fail "$(ls "$WORK")"; else pass; fi

# Refusals.
expect_error "--resume without a checkpoint" "out.h5.ckpt: no checkpoint to resume" \
    "$SPECMC" run "$ini" --out "$WORK/out.h5" --replicas 12000 --resume
# shellcheck disable=SC2086
"$SPECMC" run "$ini" --out "$WORK/o2.h5" $opts --checkpoint 0.2 2>/dev/null &
pid=$!
sleep 0.6
kill -s INT "$pid" 2>/dev/null
{ wait "$pid"; } 2>/dev/null
if [ -e "$WORK/o2.h5.ckpt" ]; then
    expect_error "a checkpoint of other overrides" "o2.h5.ckpt is of a run with other --set" \
        "$SPECMC" run "$ini" --out "$WORK/o2.h5" $opts --resume --set workload.rate=0.9
    expect_error "a checkpoint of another seed" "o2.h5.ckpt is of a run with another seed" \
        "$SPECMC" run "$ini" --out "$WORK/o2.h5" $opts --resume --seed 99
    expect_error "a checkpoint of another replica count" "another replica count" \
        "$SPECMC" run "$ini" --out "$WORK/o2.h5" --replicas 500 --quiet --resume
    expect_error "a checkpoint of the whole run, resumed as a shard" "another shard" \
        "$SPECMC" run "$ini" --out "$WORK/o2.h5" $opts --resume --shard 0/2
    expect_error "--checkpoint not a number" "--checkpoint must be a number of seconds" \
        "$SPECMC" run "$ini" --checkpoint soon
fi

finish

# Checkpoint and resume (README.md, "Scale-out"): a run interrupted by SIGINT, SIGTERM and
# kill -9 at random moments, resumed each time with --resume, ends with the file the
# uninterrupted run writes — every dataset and attribute byte for byte, provenance aside — and
# its report byte for byte. A signal saves before stopping (exit 128 + signal, a message saying
# how to go on), never touches an existing output, and a checkpoint of another run is refused.
#
# A signal is sent only once the run has saved a checkpoint of its own, so its handlers are in
# place, however slowly it started on a loaded machine; never after a fixed time, which can
# come before them and end the run with no checkpoint and no message.
. "$(dirname "$0")/lib.sh"
same() { /usr/bin/python3 "$TESTS_DIR/same_results.py" "$@" >"$WORK/diff" 2>&1; }

# The checkpoint FILE's identity (its inode: each save renames a new file into place).
ckpt_id() { stat -c %i "$1" 2>/dev/null || echo none; }

# saved_or_gone FILE PID ID: process PID has saved FILE (its identity is no longer ID, what it
# was when PID started) or has ended.
saved_or_gone() { [ "$(ckpt_id "$1")" != "$3" ] || ! kill -0 "$2" 2>/dev/null; }

ini=$(write_ini small)
# Long enough (about 8 s on 2 cores, checked build) that the six interruptions below, 0.3-0.6 s
# of progress each, cannot take the run to its end: at 12 000 replicas (4 s) they sometimes did,
# and then no checkpoint was left to test.
opts="--replicas 24000 --threads 2 --quiet"
# shellcheck disable=SC2086
expect_ok "the uninterrupted run" "$SPECMC" run "$ini" --out "$WORK/ref.h5" $opts
echo "not a result" >"$WORK/out.h5" # an existing output, to be replaced only at the very end
cp "$WORK/out.h5" "$WORK/before"

# Six interruptions, two of each kind, each resumed from the last: once the run has saved a
# checkpoint (0.3 s of simulation), at a random moment of the next 0.3 s.
resume=""
for sig in INT TERM KILL INT KILL TERM; do
    id=$(ckpt_id "$WORK/out.h5.ckpt")
    # shellcheck disable=SC2086
    "$SPECMC" run "$ini" --out "$WORK/out.h5" $opts --checkpoint 0.3 $resume 2>"$WORK/err" &
    pid=$!
    if ! wait_until 120 saved_or_gone "$WORK/out.h5.ckpt" "$pid" "$id"; then
        CURRENT="SIG$sig: a checkpoint within 120 s"; fail "none: $(head -c 300 "$WORK/err")"
    fi
    sleep "$(printf '0.%02d' $((RANDOM % 30)))"
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
wait_until 120 saved_or_gone "$WORK/o2.h5.ckpt" "$pid" none
kill -s INT "$pid" 2>/dev/null
{ wait "$pid"; } 2>/dev/null
CURRENT="a checkpoint to refuse"
if [ -e "$WORK/o2.h5.ckpt" ]; then pass; else fail "no o2.h5.ckpt"; fi
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

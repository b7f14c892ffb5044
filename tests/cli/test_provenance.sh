# Provenance read back (docs/guide/file-format.md; README.md, "Scale-out"): merge and --resume
# carry a shard's or checkpoint's threads, wall time, task events, times and host into the file
# they write, so a value no run writes (threads = -7, wall_seconds = nan, ...) is refused with a
# message naming the file and the attribute, and nothing is written. A reader given another kind
# of specmc file says what it is and what to do with it (report on a checkpoint: resume it).
. "$(dirname "$0")/lib.sh"

# tamper FILE ATTRIBUTE PYTHON-VALUE: rewrite one root attribute with h5py (checksums kept).
tamper() {
    /usr/bin/python3 - "$@" <<'PY'
import sys
import h5py
import numpy as np
path, name, value = sys.argv[1:]
with h5py.File(path, "r+") as f:
    f.attrs.modify(name, eval(value, {"np": np}))
PY
}

ini=$(write_ini small)
for i in 0 1; do
    "$SPECMC" run "$ini" --shard "$i/2" --replicas 10 --out "$WORK/s$i.h5" --quiet
done
expect_ok "the shards merge" "$SPECMC" merge "$WORK/m.h5" "$WORK/s0.h5" "$WORK/s1.h5" --quiet

while read -r attr value message; do
    cp "$WORK/s1.h5" "$WORK/bad.h5"
    tamper "$WORK/bad.h5" "$attr" "$value"
    rm -f "$WORK/out.h5"
    expect_error "merge: $attr = $value" "bad.h5: damaged shard file: its '$attr' attribute $message" \
        "$SPECMC" merge "$WORK/out.h5" "$WORK/s0.h5" "$WORK/bad.h5" --quiet
    CURRENT="merge: $attr = $value: nothing written"
    if [ -e "$WORK/out.h5" ]; then fail "out.h5 is there"; else pass; fi
done <<'EOF'
threads np.int32(-7) is -7, not a thread count in \[1, 4096\]
threads np.int32(0) is 0, not a thread count
wall_seconds np.nan is nan, not a number of seconds
wall_seconds np.inf is inf, not a number of seconds
wall_seconds -1.0 is -1, not a number of seconds
task_events np.int64(-5) is -5, not a count
task_events np.int64(2**62) is 4611686018427387904, not a count in \[0, 4611686018427387903\]
start_time b'2026-13-01T00:00:00Z' is missing or not a UTC time
end_time b'yesterday' is missing or not a UTC time
host b'a\nb' is missing, empty, over 255 bytes or holds control characters
EOF

# A checkpoint: saved every 0.2 s of a run long enough to be interrupted.
"$SPECMC" run "$ini" --replicas 24000 --threads 2 --checkpoint 0.2 --out "$WORK/c.h5" \
    --quiet 2>/dev/null &
pid=$!
wait_until 120 test -e "$WORK/c.h5.ckpt"
kill -s INT "$pid" 2>/dev/null
{ wait "$pid"; } 2>/dev/null
CURRENT="a checkpoint to read"
if [ -e "$WORK/c.h5.ckpt" ]; then pass; else fail "no c.h5.ckpt"; fi
cp "$WORK/c.h5.ckpt" "$WORK/c2.h5.ckpt"
tamper "$WORK/c2.h5.ckpt" wall_seconds np.nan
expect_error "--resume: wall_seconds = nan" \
    "c2.h5.ckpt: damaged checkpoint: its 'wall_seconds' attribute is nan" \
    "$SPECMC" run "$ini" --replicas 24000 --threads 2 --out "$WORK/c2.h5" --quiet --resume
expect_error "report on a checkpoint: what it is and how to go on" \
    "c.h5.ckpt: the checkpoint of an unfinished run .*, not a results file: resume the run: its command again, with --resume" \
    "$SPECMC" report "$WORK/c.h5.ckpt"
expect_no_grep "report on a checkpoint: not 'no format attribute'" "no 'format'" "$WORK/err"
expect_error "merge of a checkpoint: what it is" \
    "c.h5.ckpt: the checkpoint of an unfinished run .*, not a shard: resume the run" \
    "$SPECMC" merge "$WORK/out.h5" "$WORK/c.h5.ckpt"
expect_error "report on a shard: merge it" \
    "s0.h5: a shard of a run \(run --shard\), not a results file: put all its shards together with 'specmc merge" \
    "$SPECMC" report "$WORK/s0.h5"
expect_error "merge of a results file" "m.h5: a results file, not a shard: merge takes the files of run --shard" \
    "$SPECMC" merge "$WORK/out.h5" "$WORK/m.h5"
expect_ok "the untouched checkpoint resumes" \
    "$SPECMC" run "$ini" --replicas 24000 --threads 2 --out "$WORK/c.h5" --quiet --resume

finish

# Faults lose nothing: a full disk is one clear error — before the run when the
# expected size does not fit, after it when the disk fills while writing — with no crash, no
# temporary file left and the existing output untouched; a temporary file left by kill -9 is
# removed by the next run to the same output (a checkpoint's by the run that ends the work; a
# requeued Slurm job's from another node too). A checkpoint that cannot be saved (a full disk,
# a directory in its place) is a warning: the run goes on and writes its results;
# a signal then says what is kept. The full-disk cases mount a small tmpfs, which
# needs root (CI runs as root); without it they are reported as skipped.
. "$(dirname "$0")/lib.sh"

ini=$(write_ini small)

# kill -9 mid-run leaves OUT.tmp.HOST.PID; the next run to OUT removes it and says so.
"$SPECMC" run "$ini" --out "$WORK/k.h5" --quiet --replicas 200000 --threads 1 &
pid=$!
has_tmp() { ls "$WORK" | grep -q "^k\.h5\.tmp\..*\.$pid\$"; }
wait_until 60 has_tmp
kill -9 "$pid"
wait "$pid" 2>/dev/null
CURRENT="kill -9 leaves its temporary file"
if ls "$WORK" | grep -q "^k\.h5\.tmp\..*\.$pid\$"; then pass; else fail "$(ls "$WORK")"; fi
expect_ok "the next run succeeds" "$SPECMC" run "$ini" --out "$WORK/k.h5" --quiet --replicas 2
expect_grep "and says it removed the stale file" "removed .*k\.h5\.tmp\..*\.$pid, left by process $pid, which no longer runs" "$WORK/err"
CURRENT="no temporary file left after the next run"
if ls "$WORK" | grep -q '\.tmp\.'; then fail "$(ls "$WORK")"; else pass; fi
# a live process's temporary file is not touched
touch "$WORK/k.h5.tmp.$(hostname).$$"
expect_ok "a live process's temporary file" "$SPECMC" run "$ini" --out "$WORK/k.h5" --quiet --replicas 2
CURRENT="is left alone"
if [ -e "$WORK/k.h5.tmp.$(hostname).$$" ]; then pass; else fail "it was removed"; fi
rm -f "$WORK/k.h5.tmp.$(hostname).$$"

# A checkpoint's save cut short by kill -9 leaves OUT.ckpt.tmp.HOST.PID: the run that ends
# the work (here a run that never saves a checkpoint itself) removes it with the checkpoint.
dead=$(sh -c 'echo $$')
touch "$WORK/c.h5.ckpt.tmp.$(hostname).$dead"
expect_ok "a run after a save cut short" "$SPECMC" run "$ini" --out "$WORK/c.h5" --replicas 2
CURRENT="removes the checkpoint's stale temporary file"
if [ -e "$WORK/c.h5.ckpt.tmp.$(hostname).$dead" ]; then fail "$(ls "$WORK")"; else pass; fi
expect_grep "and says so" "removed .*c\.h5\.ckpt\.tmp\..*\.$dead, left by process $dead" "$WORK/err"

# A Slurm job requeued on another node: its earlier run's temporary file (another host, the
# same SLURM_JOB_ID) is removed; another job's, or one outside Slurm, is left alone.
touch "$WORK/s.h5.tmp.othernode.4242.j777" "$WORK/s.h5.tmp.othernode.4243.j778" \
      "$WORK/s.h5.tmp.othernode.4244"
expect_ok "a requeued Slurm job" env SLURM_JOB_ID=777 "$SPECMC" run "$ini" --out "$WORK/s.h5" \
    --quiet --replicas 2
CURRENT="removes its earlier run's temporary file from another node"
if [ -e "$WORK/s.h5.tmp.othernode.4242.j777" ]; then fail "$(ls "$WORK")"; else pass; fi
expect_grep "and says so" "removed .*s\.h5\.tmp\.othernode\.4242\.j777, left by process 4242 of host othernode" "$WORK/err"
CURRENT="leaves another job's and another host's alone"
if [ -e "$WORK/s.h5.tmp.othernode.4243.j778" ] && [ -e "$WORK/s.h5.tmp.othernode.4244" ]; then pass
else fail "$(ls "$WORK")"; fi
rm -f "$WORK"/s.h5.tmp.*

# A checkpoint that cannot be saved is a warning: the run goes on and writes its results.
mkdir "$WORK/d.h5.ckpt"
expect_ok "a checkpoint path that is a directory" "$SPECMC" run "$ini" --out "$WORK/d.h5" \
    --quiet --replicas 400 --threads 1 --checkpoint 0.001
expect_grep "warns that the checkpoint was not saved" \
    "warning: the checkpoint was not saved: .*d\.h5\.ckpt: .*it is a directory.*; the run goes on" "$WORK/err"
expect_ok "and the results are written" "$SPECMC" report "$WORK/d.h5"
CURRENT="the directory in the checkpoint's place is left as it was"
if [ -d "$WORK/d.h5.ckpt" ]; then pass; else fail "$(ls -l "$WORK")"; fi
# ... and a signal then ends the run saying that nothing could be kept
"$SPECMC" run "$ini" --out "$WORK/d.h5" --replicas 200000 --threads 1 --checkpoint 0.001 \
    2>"$WORK/err" &
pid=$!
warned() { grep -q "the checkpoint was not saved" "$WORK/err"; }
interrupt_when TERM warned
CURRENT="SIGTERM while the checkpoint cannot be saved: exit 143"
if [ "$STATUS" -eq 143 ]; then pass; else fail "exit $STATUS: $(cat "$WORK/err")"; fi
expect_grep "says nothing is kept" "interrupted by SIGTERM: the checkpoint could not be saved .*nothing is kept" "$WORK/err"
CURRENT="and leaves no temporary file"
if ls "$WORK" | grep -q '^d\.h5.*\.tmp\.'; then fail "$(ls "$WORK")"; else pass; fi

disk="$WORK/disk"
mkdir -p "$disk"
if ! mount -t tmpfs -o size=8m tmpfs "$disk" 2>/dev/null; then
    echo "  skipped: the full-disk cases need root to mount a tmpfs"
    finish
    exit $?
fi
trap 'umount "$disk" 2>/dev/null' EXIT

"$SPECMC" run "$ini" --out "$WORK/size.h5" --quiet --replicas 3 || fail "setup run"
size=$(stat -c %s "$WORK/size.h5")
"$SPECMC" run "$ini" --out "$disk/keep.h5" --quiet --replicas 2 || fail "setup run on tmpfs"
before=$(md5sum <"$disk/keep.h5")

# fill_to BYTES: fill the tmpfs until BYTES remain free (to the page).
fill_to() {
    rm -f "$disk/fill"
    free=$(( $(stat -f -c '%a * %S' "$disk") ))
    dd if=/dev/zero of="$disk/fill" bs=4096 count=$(( (free - $1) / 4096 )) status=none 2>/dev/null
}

# after_fault NAME: no crash (exit 1 or 2), no temporary file, keep.h5 as it was.
after_fault() {
    CURRENT="$1: exit 1 or 2, no crash"
    if [ "$STATUS" -eq 1 ] || [ "$STATUS" -eq 2 ]; then pass; else fail "exit $STATUS"; fi
    CURRENT="$1: no temporary file left"
    if ls "$disk" | grep -q '\.tmp\.'; then fail "$(ls "$disk")"; else pass; fi
    CURRENT="$1: the existing output unchanged"
    if [ "$(md5sum <"$disk/keep.h5")" = "$before" ]; then pass; else fail "keep.h5 changed"; fi
}

fill_to 0
expect_error "full disk before the run" \
    "keep\.h5: cannot write the output file: no room for the 0\.[0-9]+ MB it will take: No space left on device" \
    "$SPECMC" run "$ini" --out "$disk/keep.h5" --replicas 3
after_fault "full disk before the run"
CURRENT="full disk before the run: refused before simulating"
if grep -q "scenarios x" "$WORK/err"; then fail "the run started: $(cat "$WORK/err")"; else pass; fi

# room at the start, filled by another writer while the run simulates (HDF5 truncates the
# reserved file when it creates it, so the space is free for the taking)
rm -f "$disk/fill"
"$SPECMC" run "$ini" --out "$disk/keep.h5" --quiet --replicas 3000 --threads 1 2>"$WORK/err" &
pid=$!
wait_until 60 writing "$disk/keep.h5"
dd if=/dev/zero of="$disk/fill" bs=4096 status=none 2>/dev/null
wait "$pid"
STATUS=$?
CURRENT="disk full while writing: the message"
if grep -Eq "keep\.h5: cannot write the results: the file system is full" "$WORK/err"; then pass
else fail "exit $STATUS: $(cat "$WORK/err")"; fi
after_fault "disk full while writing"

# A checkpoint larger than the room left (every job's flowtime), of a run whose results fit:
# a warning, and the results are written; a checkpoint saved before stays as it was.
rm -f "$disk/fill"
fill_to $(( 2 * 1024 * 1024 ))
expect_ok "a full disk at the checkpoint" "$SPECMC" run "$ini" --out "$disk/big.h5" \
    --set workload.jobs=2000 --replicas 150 --threads 1 --checkpoint 0.001
expect_grep "warns that the checkpoint was not saved" \
    "warning: the checkpoint was not saved: .*big\.h5\.ckpt.*the run goes on" "$WORK/err"
expect_ok "and the results are written" "$SPECMC" report "$disk/big.h5"
CURRENT="a full disk at the checkpoint: no temporary file left"
if ls "$disk" | grep -q '\.tmp\.'; then fail "$(ls "$disk")"; else pass; fi
rm -f "$disk/big.h5"

fill_to $(( size + 65536 ))
expect_ok "room enough" "$SPECMC" run "$ini" --out "$disk/keep.h5" --quiet --replicas 3
expect_ok "the new output reads" "$SPECMC" report "$disk/keep.h5"

finish

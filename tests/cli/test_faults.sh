# Faults lose nothing (issue 12): a full disk is one clear error — before the run when the
# expected size does not fit, after it when the disk fills while writing — with no crash, no
# temporary file left and the existing output untouched; a temporary file left by kill -9 is
# removed by the next run to the same output. The full-disk cases mount a small tmpfs, which
# needs root (CI runs as root); without it they are reported as skipped.
. "$(dirname "$0")/lib.sh"

ini=$(write_ini small)

# kill -9 mid-run leaves OUT.tmp.HOST.PID; the next run to OUT removes it and says so.
"$SPECMC" run "$ini" --out "$WORK/k.h5" --quiet --replicas 200000 --threads 1 &
pid=$!
sleep 0.5
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
sleep 1
dd if=/dev/zero of="$disk/fill" bs=4096 status=none 2>/dev/null
wait "$pid"
STATUS=$?
CURRENT="disk full while writing: the message"
if grep -Eq "keep\.h5: cannot write the results: the file system is full" "$WORK/err"; then pass
else fail "exit $STATUS: $(cat "$WORK/err")"; fi
after_fault "disk full while writing"

fill_to $(( size + 65536 ))
expect_ok "room enough" "$SPECMC" run "$ini" --out "$disk/keep.h5" --quiet --replicas 3
expect_ok "the new output reads" "$SPECMC" report "$disk/keep.h5"

finish

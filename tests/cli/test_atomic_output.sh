# The results file is written atomically (temporary file, then rename): an interrupted run
# leaves no file under the final name, no temporary file, and an existing file as it was; report
# rejects HDF5 files that are not specmc results.
. "$(dirname "$0")/lib.sh"

ini=$(write_ini small)
"$SPECMC" run "$ini" --out "$WORK/r.h5" --quiet --replicas 2 || fail "setup run"
before=$(md5sum <"$WORK/r.h5")

interrupt() { # interrupt NAME OUT: start a long run, SIGINT it mid-way
    "$SPECMC" run "$ini" --out "$2" --quiet --replicas 200000 --threads 1 2>/dev/null &
    pid=$!
    wait_until 60 writing "$2"
    kill -INT "$pid"
    wait "$pid"
    STATUS=$?
    CURRENT="$1: the run was interrupted"
    if [ "$STATUS" -ne 0 ]; then pass; else fail "it finished before the signal"; fi
    CURRENT="$1: no temporary file left"
    if ls "$WORK" | grep -q '\.tmp\.'; then fail "$(ls "$WORK")"; else pass; fi
}

interrupt "new output" "$WORK/new.h5"
CURRENT="new output: nothing under the final name"
if [ -e "$WORK/new.h5" ]; then fail "new.h5 exists"; else pass; fi

interrupt "existing output" "$WORK/r.h5"
CURRENT="existing output: unchanged"
if [ "$(md5sum <"$WORK/r.h5")" = "$before" ]; then pass; else fail "r.h5 changed"; fi
expect_ok "existing output still reads" "$SPECMC" report "$WORK/r.h5"

# An HDF5 file that is not a specmc results file.
/usr/bin/python3 -c "import h5py; h5py.File('$WORK/other.h5', 'w').create_dataset('x', data=[1, 2])"
expect_error "report on foreign HDF5" "other\.h5: not a specmc results file" "$SPECMC" report "$WORK/other.h5"
# A specmc file with a scenario group removed.
cp "$WORK/r.h5" "$WORK/damaged.h5"
/usr/bin/python3 -c "import h5py; del h5py.File('$WORK/damaged.h5', 'a')['scenarios/1']"
expect_error "report on damaged file" "damaged\.h5: damaged results file" "$SPECMC" report "$WORK/damaged.h5"

finish

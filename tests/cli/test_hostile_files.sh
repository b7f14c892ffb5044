# report on damaged and hostile results files: every one is refused with a message
# and an exit status of 1 or 2 — never a crash, a hang or a silently different table. Hostile
# attributes and datasets come from hostile/make_hostile.py, the fuzzer's findings from
# hostile/found/; byte flips hit a real file at 300 places, where the checksums of the 1.10
# format and the Fletcher-32 chunks must catch every flip that would change what report prints.
. "$(dirname "$0")/lib.sh"

ini=$(write_ini small)
"$SPECMC" run "$ini" --out "$WORK/good.h5" --quiet --replicas 3 || fail "setup run"
"$SPECMC" report "$WORK/good.h5" --csv >"$WORK/good.csv" || fail "setup report"

# refused NAME FILE: exit 1 or 2 (not a signal, not 0) within 20 s, with a message naming FILE.
refused() {
    CURRENT=$1
    timeout 20 "$SPECMC" report "$2" --csv >"$WORK/out" 2>"$WORK/err"
    STATUS=$?
    if [ "$STATUS" -eq 1 ] || [ "$STATUS" -eq 2 ]; then
        if grep -q "$(basename "$2")" "$WORK/err"; then pass; else fail "message: $(cat "$WORK/err")"; fi
    else
        fail "exit $STATUS: $(head -c 300 "$WORK/err")"
    fi
}

mkdir -p "$WORK/hostile"
for name in $(/usr/bin/python3 "$TESTS_DIR/hostile/make_hostile.py" "$WORK/good.h5" "$WORK/hostile"); do
    refused "hostile $name" "$WORK/hostile/$name.h5"
done

# What the fuzzer found (docs/developer/fuzzing.md): files that crashed, leaked, hung or exhausted memory
# in report or inside libhdf5, kept gzip'ed. Each must be refused now.
for gz in "$TESTS_DIR"/hostile/found/*.h5.gz; do
    name=$(basename "$gz" .gz)
    gunzip -c "$gz" >"$WORK/$name"
    refused "fuzz finding $name" "$WORK/$name"
done

# Byte flips: each must be refused or leave report's output exactly as it was (a flip in
# unused bytes of the file changes nothing).
size=$(stat -c %s "$WORK/good.h5")
refusals=0 same=0 changed=0 crashed=0 i=0
while [ $i -lt 300 ]; do
    off=$(( (i * 7919 + 13) % size ))
    cp "$WORK/good.h5" "$WORK/flip.h5"
    byte=$(od -An -tu1 -j "$off" -N1 "$WORK/flip.h5" | tr -d ' ')
    printf "$(printf '\\%03o' $(( byte ^ 0x5a )))" |
        dd of="$WORK/flip.h5" bs=1 seek="$off" conv=notrunc status=none
    timeout 20 "$SPECMC" report "$WORK/flip.h5" --csv >"$WORK/flip.csv" 2>"$WORK/err"
    rc=$?
    case $rc in
        0) if cmp -s "$WORK/flip.csv" "$WORK/good.csv"; then same=$((same + 1))
           else changed=$((changed + 1)); echo "  changed by a flip at byte $off"; fi ;;
        1 | 2) refusals=$((refusals + 1)) ;;
        *) crashed=$((crashed + 1)); echo "  exit $rc after a flip at byte $off" ;;
    esac
    i=$((i + 1))
done
CURRENT="300 byte flips: refused ($refusals) or harmless ($same), none changed or crashed"
if [ $changed -eq 0 ] && [ $crashed -eq 0 ] && [ $refusals -gt 0 ]; then pass
else fail "$changed changed the output, $crashed crashed"; fi
echo "  byte flips: $refusals refused, $same harmless, $changed changed, $crashed crashed"

finish

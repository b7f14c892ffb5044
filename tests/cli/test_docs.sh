# The docs cannot drift from the binary: every config key `specmc list --keys` prints is in
# docs/guide/config.md, every policy `specmc list` prints has its section in docs/methods/policies.md and its
# row in the README's table, every metric is in docs/guide/file-format.md, every command of
# `specmc --help` is in the README's command table and answers --help. (The README's count of
# validate rows is checked by test_validate.sh, which runs the quick suite anyway.)
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTS_DIR/../.." && pwd)

"$SPECMC" list --keys >"$WORK/keys"
section=""
while IFS= read -r line; do
    case "$line" in
        "["*"]") section=$(printf '%s' "$line" | tr -d '[]') ;;
        "  "[a-z]*)
            key=$(printf '%s' "$line" | awk '{print $1}')
            [ "$section" = sweep ] && continue
            CURRENT="docs/guide/config.md documents $section.$key"
            if grep -q "\`$key\`" "$ROOT/docs/guide/config.md"; then pass; else fail "missing"; fi ;;
    esac
done <"$WORK/keys"

"$SPECMC" list >"$WORK/list"
for p in $(awk '/^policies/{on=1; next} /^$/{on=0} on && /^  [a-z]/{print $1}' "$WORK/list"); do
    CURRENT="docs/methods/policies.md has a section for $p"
    if grep -q "^## \`$p\`" "$ROOT/docs/methods/policies.md"; then pass; else fail "missing"; fi
    CURRENT="README feature table lists $p as built"
    if grep -Eq "^\| \`$p\` .*\| built" "$ROOT/README.md"; then pass; else fail "missing"; fi
done
for m in $(awk '/^metrics/{on=1; next} /^$/{on=0} on && /^  [a-z]/{print $1}' "$WORK/list"); do
    CURRENT="docs/guide/file-format.md defines metric $m"
    if grep -q "$m" "$ROOT/docs/guide/file-format.md"; then pass; else fail "missing"; fi
done
# Every command `specmc --help` lists has a row in the README's command table and its own --help.
"$SPECMC" --help >"$WORK/help"
for cmd in $(awk '/^usage:/{on=1; next} on && /^  [a-z]/{print $1}' "$WORK/help"); do
    CURRENT="README's command table has specmc $cmd"
    if grep -Eq '^\| `(specmc|mpirun .* bin/specmc-mpi) '"$cmd"'( |`)' "$ROOT/README.md"; then pass
    else fail "missing"; fi
    CURRENT="specmc $cmd --help prints its usage"
    if "$SPECMC" "$cmd" --help 2>&1 | grep -q "^usage: specmc $cmd"; then pass; else fail "no usage"; fi
done
# ... and every option of every command: both come from the command's one usage table.
for cmd in $(awk '/^usage:/{on=1; next} on && /^  [a-z]/{print $1}' "$WORK/help"); do
    for flag in $("$SPECMC" "$cmd" --help | awk '/^  --/{print $1}'); do
        CURRENT="specmc --help shows $cmd's $flag"
        if awk -v c="$cmd" '/^  [a-z]/{on = ($1 == c)} on' "$WORK/help" | grep -q -- "\[$flag[] ]"
        then pass; else fail "missing"; fi
    done
done
CURRENT="specmc --help lists every command (run merge report plot validate cutoff list)"
if [ "$(awk '/^usage:/{on=1; next} on && /^  [a-z]/{printf "%s ", $1}' "$WORK/help")" = \
    "run merge report plot validate cutoff list " ]; then pass; else fail "$(cat "$WORK/help")"; fi
CURRENT="README opens with make run and make test"
if head -5 "$ROOT/README.md" | grep -q "^make run" && head -5 "$ROOT/README.md" | grep -q "^make test"; then
    pass; else fail "first lines: $(head -5 "$ROOT/README.md")"; fi

# The layers include downwards only: no include circle between modules (a .c and its .h).
CURRENT="no include circles (scripts/include_graph.py --cycles)"
if (cd "$ROOT" && python3 scripts/include_graph.py --cycles) >"$WORK/cycles" 2>&1; then pass
else fail "$(cat "$WORK/cycles")"; fi
CURRENT="every include points down the layers (scripts/include_graph.py --layers)"
if (cd "$ROOT" && python3 scripts/include_graph.py --layers) >"$WORK/layers" 2>&1; then pass
else fail "$(cat "$WORK/layers")"; fi

finish

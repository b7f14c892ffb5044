# The docs cannot drift from the binary: every config key `specmc list --keys` prints is in
# docs/config.md, every policy `specmc list` prints has its section in docs/policies.md and its
# row in the README's table, every metric is in docs/file-format.md.
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
            CURRENT="docs/config.md documents $section.$key"
            if grep -q "\`$key\`" "$ROOT/docs/config.md"; then pass; else fail "missing"; fi ;;
    esac
done <"$WORK/keys"

"$SPECMC" list >"$WORK/list"
for p in $(awk '/^policies/{on=1; next} /^$/{on=0} on && /^  [a-z]/{print $1}' "$WORK/list"); do
    CURRENT="docs/policies.md has a section for $p"
    if grep -q "^## \`$p\`" "$ROOT/docs/policies.md"; then pass; else fail "missing"; fi
    CURRENT="README feature table lists $p as built"
    if grep -Eq "^\| \`$p\` .*\| built" "$ROOT/README.md"; then pass; else fail "missing"; fi
done
for m in $(awk '/^metrics/{on=1; next} /^$/{on=0} on && /^  [a-z]/{print $1}' "$WORK/list"); do
    CURRENT="docs/file-format.md defines metric $m"
    if grep -q "$m" "$ROOT/docs/file-format.md"; then pass; else fail "missing"; fi
done
CURRENT="README opens with make run and make test"
if head -5 "$ROOT/README.md" | grep -q "^make run" && head -5 "$ROOT/README.md" | grep -q "^make test"; then
    pass; else fail "first lines: $(head -5 "$ROOT/README.md")"; fi

finish

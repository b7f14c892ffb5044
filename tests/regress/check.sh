#!/bin/sh
# Regression cases (OpenMC's results_true.dat habit): each tests/regress/cases/NAME.ini is run
# with a fixed seed and its `report --csv` compared with tests/regress/expected/NAME.csv.
# Numbers are compared to a relative 1e-9 (libm variants on other CPUs may differ in the last
# bit); text fields must match exactly. `check.sh BIN --update` rewrites the references —
# review the diff before committing it (make update-refs).
set -u
BIN=$1
UPDATE=${2:-}
DIR=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d) || exit 1
trap 'rm -rf "$TMP"' EXIT
status=0
for ini in "$DIR"/cases/*.ini; do
    name=$(basename "$ini" .ini)
    if ! "$BIN" run "$ini" --quiet --threads 2 --out "$TMP/$name.h5" ||
       ! "$BIN" report "$TMP/$name.h5" --csv >"$TMP/$name.csv"; then
        echo "regress: $name: run failed"; status=1; continue
    fi
    if [ "$UPDATE" = "--update" ]; then
        cp "$TMP/$name.csv" "$DIR/expected/$name.csv"
        echo "regress: $name: reference updated"
    elif /usr/bin/python3 "$DIR/compare.py" "$DIR/expected/$name.csv" "$TMP/$name.csv"; then
        echo "regress: $name: ok"
    else
        echo "regress: $name: differs from tests/regress/expected/$name.csv"; status=1
    fi
done
exit $status

#!/bin/sh
# Runs every tests/cli/test_*.sh against the specmc binary given as $1; fails if any fails.
set -u
SPECMC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
export SPECMC
status=0
for t in "$(dirname "$0")"/test_*.sh; do
    echo "cli: $(basename "$t" .sh)"
    WORK=$(mktemp -d) || exit 1
    export WORK
    if ! bash "$t"; then status=1; fi
    rm -rf "$WORK"
done
exit $status

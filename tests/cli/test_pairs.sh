# Job schedulers, speculators and their pairs on the command line (docs/methods/policies.md,
# "Schedulers and speculators"): `A+B` items in [policy] list, each half's own section and
# sweep keys applying wherever the half runs, a speculator alone = fifo+it, and clear errors
# for what cannot pair.
. "$(dirname "$0")/lib.sh"

# rows POLICY FILE: the report's CSV rows of one policy, the policy column and the paired
# rows (against the first policy, which has none) dropped
rows() { awk -F, -v p="$1" -v paired="$PAIRED_ROWS" '$2 == p && $3 !~ paired' "$2" | cut -d, -f1,3-; }

ini=$(write_ini small 's/^list = .*/list = late, fifo+late, fair+late, psrpt+mantri, mantri, fifo+mantri/')
expect_ok "pairs run" "$SPECMC" run "$ini" --out "$WORK/p.h5" --quiet --replicas 8
expect_ok "pairs report" "$SPECMC" report "$WORK/p.h5" --csv
cp "$WORK/out" "$WORK/p.csv"
rows late "$WORK/p.csv" >"$WORK/late"
rows fifo+late "$WORK/p.csv" >"$WORK/fifo+late"
rows mantri "$WORK/p.csv" >"$WORK/mantri"
rows fifo+mantri "$WORK/p.csv" >"$WORK/fifo+mantri"
CURRENT="rows found"; if [ -s "$WORK/late" ] && [ -s "$WORK/mantri" ]; then pass; else fail "no rows"; fi
expect_same "a speculator alone is fifo+it (late)" "$WORK/late" "$WORK/fifo+late"
expect_same "a speculator alone is fifo+it (mantri)" "$WORK/mantri" "$WORK/fifo+mantri"
rows fair+late "$WORK/p.csv" >"$WORK/fair+late"
CURRENT="fair+late is another policy"; if cmp -s "$WORK/late" "$WORK/fair+late"; then fail "same rows"; else pass; fi

# both_items NAME INI: INI (list = late, fifo+late) runs and gives both items the same rows,
# left in $WORK/NAME-late
both_items() {
    expect_ok "$1: run" "$SPECMC" run "$2" --out "$WORK/$1.h5" --quiet --replicas 8
    "$SPECMC" report "$WORK/$1.h5" --csv >"$WORK/$1.csv"
    rows late "$WORK/$1.csv" >"$WORK/$1-late"
    rows fifo+late "$WORK/$1.csv" >"$WORK/$1-fifo+late"
    expect_same "$1: both items alike" "$WORK/$1-late" "$WORK/$1-fifo+late"
}

# [policy.late] applies to late and to fifo+late alike: equal rows, unlike the defaults'
both_items section "$(write_ini small 's/^list = .*/list = late, fifo+late/' \
    '$a [policy.late]\ncap = 1\nslow_task = 1')"
CURRENT="the section changes LATE"; if cmp -s "$WORK/section-late" "$WORK/late"; then fail "no effect"; else pass; fi

# a sweep of the half's key moves every item it is a half of
both_items sweep "$(write_ini small 's/^list = .*/list = late, fifo+late/' \
    's/^workload.rate = 1.0, 2.0/policy.late.cap = 0.1, 1/')"

# what cannot pair
pair_error() { # pair_error NAME PATTERN LIST
    ini=$(write_ini small "s/^list = .*/list = $3/")
    expect_error "$1" "$2" "$SPECMC" run "$ini" --out "$WORK/bad.h5" --quiet
}
pair_error "speculator first" "small-[0-9]+\.ini:[0-9]+: policy\.list: 'late\+fair': 'late' is not a job scheduler \(a pair is SCHEDULER\+SPECULATOR\); .*job schedulers: fifo, psrpt, fair; speculators: .*late" "late+fair"
pair_error "two schedulers" "'fair\+psrpt': 'psrpt' is not a speculator" "fair+psrpt"
pair_error "a whole policy in a pair" "'clone\+late': 'clone' is not a job scheduler" "clone+late"
pair_error "unknown half" "'fair\+nope': unknown policy 'nope'" "fair+nope"
pair_error "listed twice" "'fair\+late' is listed twice" "fair+late, fair+late"
ini=$(write_ini small 's/^list = .*/list = fair+late/' '$a [policy.fair+late]\ncap = 1')
expect_error "a pair's section" "\[policy\.fair\+late\]: unknown policy 'fair\+late' .*set each half of a pair in its own section, e\.g\. \[policy\.fair\] and \[policy\.late\]" \
    "$SPECMC" run "$ini" --out "$WORK/bad.h5" --quiet
ini=$(write_ini small 's/^list = .*/list = fair+late/' '$a [policy.late]\nbogus = 1')
expect_error "a half's unknown key" "policy\.late\.bogus: unknown key; valid in \[policy\.late\]: slow_task, cap, min_age, scope, period" \
    "$SPECMC" run "$ini" --out "$WORK/bad.h5" --quiet
ini=$(write_ini small 's/^list = .*/list = fair+late/' '$a [policy.late]\ncap = 2')
expect_error "a half's range" "policy\.late\.cap: .*\[0, 1\]" "$SPECMC" run "$ini" --out "$WORK/bad.h5" --quiet

# specmc list says which is which
expect_ok "list" "$SPECMC" list
expect_grep "list: fair is a job scheduler" "^  fair +job scheduler: " "$WORK/out"
expect_grep "list: late is a speculator" "^  late +speculator: " "$WORK/out"
expect_grep "list: how to pair" "SCHEDULER\+SPECULATOR pairs a job scheduler with a speculator" "$WORK/out"

finish

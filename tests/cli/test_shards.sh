# Shards and merge (README.md, "Scale-out"): a run split into K blocks (--shard I/K), each on
# its own thread count, merged, is the file the single run writes — every dataset and attribute
# byte for byte, provenance aside (same_results.py), and the report byte for byte; the order of
# the inputs does not matter. Every bad set of inputs is refused by name and writes nothing.
. "$(dirname "$0")/lib.sh"
same() { /usr/bin/python3 "$TESTS_DIR/same_results.py" "$@" >"$WORK/diff" 2>&1; }

ini=$(write_ini small)
# histograms, a per-job choice (clone r = auto) and job flowtimes: every array a shard carries
opts="--replicas 11 --set histogram.flowtime=60 --set histogram.machine_time=40
      --set policy.clone.r=auto --set workload.job_spread=0.8 --set utility.theta=1e-3"
# shellcheck disable=SC2086
expect_ok "the whole run" "$SPECMC" run "$ini" --out "$WORK/whole.h5" --quiet $opts
for k in 0 1 2; do
    # shellcheck disable=SC2086
    expect_ok "shard $k of 3" "$SPECMC" run "$ini" --shard "$k/3" --threads $((k % 2 + 1)) \
        --out "$WORK/s$k.h5" --quiet $opts
done
expect_ok "merge" "$SPECMC" merge "$WORK/merged.h5" "$WORK/s2.h5" "$WORK/s0.h5" "$WORK/s1.h5" \
    --quiet
CURRENT="merged = whole, every dataset and attribute but provenance"
if same "$WORK/whole.h5" "$WORK/merged.h5"; then pass; else fail "$(head -5 "$WORK/diff")"; fi
"$SPECMC" report "$WORK/whole.h5" --csv >"$WORK/whole.csv"
"$SPECMC" report "$WORK/merged.h5" --csv >"$WORK/merged.csv"
expect_same "report --csv identical" "$WORK/whole.csv" "$WORK/merged.csv"
CURRENT="the merged file says it had 3 shards"
if h5dump -a /shards "$WORK/merged.h5" | grep -q "(0): 3"; then pass; else fail "no shards = 3"; fi
# shellcheck disable=SC2086
expect_ok "one shard of one" "$SPECMC" run "$ini" --shard 0/1 --out "$WORK/one.h5" --quiet $opts
expect_ok "merge of one" "$SPECMC" merge "$WORK/m1.h5" "$WORK/one.h5" --quiet
CURRENT="a single shard merged = whole"
if same "$WORK/whole.h5" "$WORK/m1.h5"; then pass; else fail "$(head -5 "$WORK/diff")"; fi
CURRENT="the comparison can fail (another seed)"
# shellcheck disable=SC2086
"$SPECMC" run "$ini" --out "$WORK/seed8.h5" --quiet --seed 8 $opts
if same "$WORK/whole.h5" "$WORK/seed8.h5"; then fail "seeds 7 and 8 compare equal"; else pass; fi

# Bad sets: each an error naming the problem; OUT is neither created nor touched.
cp "$WORK/whole.h5" "$WORK/keep.h5"
# shellcheck disable=SC2086
"$SPECMC" run "$ini" --shard 2/3 --seed 8 --out "$WORK/foreign-seed.h5" --quiet $opts
# shellcheck disable=SC2086
"$SPECMC" run "$ini" --shard 2/3 --out "$WORK/foreign-set.h5" --quiet $opts --set workload.rate=0.9
# shellcheck disable=SC2086
"$SPECMC" run "$ini" --shard 1/4 --out "$WORK/four.h5" --quiet $opts
head -c 20000 "$WORK/s1.h5" >"$WORK/truncated.h5"
expect_error "a shard missing" "s0.h5 is shard 0 of 3, but 2 files are given" \
    "$SPECMC" merge "$WORK/keep.h5" "$WORK/s0.h5" "$WORK/s1.h5"
expect_error "a shard twice" "s1.h5 and .*s1.h5 are both shard 1 of 3" \
    "$SPECMC" merge "$WORK/keep.h5" "$WORK/s0.h5" "$WORK/s1.h5" "$WORK/s1.h5"
expect_error "another seed" "foreign-seed.h5 was run with another seed" \
    "$SPECMC" merge "$WORK/keep.h5" "$WORK/s0.h5" "$WORK/s1.h5" "$WORK/foreign-seed.h5"
expect_error "other overrides" "foreign-set.h5 was run with other --set overrides" \
    "$SPECMC" merge "$WORK/keep.h5" "$WORK/s0.h5" "$WORK/s1.h5" "$WORK/foreign-set.h5"
expect_error "another shard count" "four.h5 is one of another number of shards" \
    "$SPECMC" merge "$WORK/keep.h5" "$WORK/s0.h5" "$WORK/s1.h5" "$WORK/four.h5"
expect_error "a truncated shard" "truncated.h5: (cannot open|not a shard|damaged)" \
    "$SPECMC" merge "$WORK/keep.h5" "$WORK/s0.h5" "$WORK/truncated.h5" "$WORK/s2.h5"
expect_error "a results file" "whole.h5: a results file, not a shard" \
    "$SPECMC" merge "$WORK/keep.h5" "$WORK/s0.h5" "$WORK/whole.h5" "$WORK/s2.h5"
expect_error "a missing file" "nothere.h5: No such file" \
    "$SPECMC" merge "$WORK/keep.h5" "$WORK/s0.h5" "$WORK/nothere.h5" "$WORK/s2.h5"
expect_error "an input as the output" "it is the input .*s0.h5 itself" \
    "$SPECMC" merge "$WORK/s0.h5" "$WORK/s0.h5" "$WORK/s1.h5" "$WORK/s2.h5"
expect_same "no bad merge touched the output" "$WORK/whole.h5" "$WORK/keep.h5"
CURRENT="no bad merge left a file"
if ls "$WORK" | grep -q "tmp"; then fail "$(ls "$WORK")"; else pass; fi
expect_error "report on a shard" "a shard of a run .*specmc merge" \
    "$SPECMC" report "$WORK/s0.h5"
expect_error "--shard I = K" "--shard must be I/K with 0 <= I < K" \
    "$SPECMC" run "$ini" --shard 3/3
expect_error "--shard not a fraction" "--shard must be I/K" "$SPECMC" run "$ini" --shard 2
expect_error "more shards than replicas" "100 shards of 11 replicas" \
    "$SPECMC" run "$ini" --shard 1/100 --replicas 11

finish

# The files a config names are part of what results depend on: every output records
# a digest of each (the `inputs` attribute), and merge and --resume refuse shards or a
# checkpoint made from other contents, naming the file — here a trace edited between the
# shards of a run, after them, and before a resume. A config or trace that is a device, a
# FIFO or a directory, or a trace line without end, is refused with a message.
. "$(dirname "$0")/lib.sh"
ROOT=$(cd "$TESTS_DIR/../.." && pwd)

cp "$ROOT/data/trace-sample.csv" "$WORK/t.csv"
ini=$(write_ini small "s|^tasks = 5|trace = t.csv\ntrace_format = csv|" 's/^jobs = 60/jobs = 20/' \
    's/^warmup = 5/warmup = 0/')
edit_trace() { sed -i -e 's/^3629\.2,0,118,29,86\.6,154$/3629.2,0,118,29,8660,154/' "$WORK/t.csv"; }
restore_trace() { cp "$ROOT/data/trace-sample.csv" "$WORK/t.csv"; }

expect_ok "the whole run" "$SPECMC" run "$ini" --replicas 6 --out "$WORK/whole.h5" --quiet
expect_ok "its inputs are recorded" h5dump -a /inputs "$WORK/whole.h5"
expect_grep "as key, path and digest" 'workload\.trace .*t\.csv fnv1a64:[0-9a-f]{16}' "$WORK/out"

# a price history is an input too, recorded beside the trace
printf 'time,price\n0,1\n3000,2.5\n' >"$WORK/p.csv"
pini=$(write_ini small "s|^tasks = 5|trace = t.csv\ntrace_format = csv|" 's/^jobs = 60/jobs = 20/' \
    's/^warmup = 5/warmup = 0/' 's|^\[policy\]$|[utility]\nprice_history = p.csv\n\n[policy]|')
expect_ok "a run with a price history" "$SPECMC" run "$pini" --replicas 2 --out "$WORK/p.h5" --quiet
expect_ok "its inputs" h5dump -a /inputs "$WORK/p.h5"
expect_grep "the history's key, path and digest" 'utility\.price_history .*p\.csv fnv1a64:[0-9a-f]{16}' "$WORK/out"

# shards of one trace merge into the whole run's file
expect_ok "shard 0 of 2" "$SPECMC" run "$ini" --replicas 6 --shard 0/2 --out "$WORK/a0.h5" --quiet
expect_ok "shard 1 of 2" "$SPECMC" run "$ini" --replicas 6 --shard 1/2 --out "$WORK/a1.h5" --quiet
expect_ok "they merge" "$SPECMC" merge "$WORK/a.h5" "$WORK/a0.h5" "$WORK/a1.h5" --quiet

# the trace edited between the shards: refused, naming the file
edit_trace
expect_ok "shard 1 of 2 after an edit" "$SPECMC" run "$ini" --replicas 6 --shard 1/2 \
    --out "$WORK/b1.h5" --quiet
expect_error "merge refuses shards of two traces" \
    "b1\.h5 was run on other input files \(.*t\.csv \(workload\.trace\) has other contents\)" \
    "$SPECMC" merge "$WORK/b.h5" "$WORK/a0.h5" "$WORK/b1.h5"
CURRENT="and writes nothing"
if [ -e "$WORK/b.h5" ]; then fail "b.h5 written"; else pass; fi
# the trace edited after both shards ran: the merged file would not be what its config says
expect_error "merge refuses shards of a trace edited since" \
    "the shards were run on other input files than are there now \(.*t\.csv \(workload\.trace\) has other contents\)" \
    "$SPECMC" merge "$WORK/b.h5" "$WORK/a0.h5" "$WORK/a1.h5"
restore_trace

# a checkpoint of one trace, resumed after an edit: refused, naming the file
"$SPECMC" run "$ini" --replicas 200000 --threads 1 --out "$WORK/c.h5" --checkpoint 0 \
    2>"$WORK/err" &
pid=$!
interrupt_when INT writing "$WORK/c.h5"
CURRENT="an interrupted run saves its checkpoint"
if [ "$STATUS" -eq 130 ] && [ -e "$WORK/c.h5.ckpt" ]; then pass
else fail "exit $STATUS: $(cat "$WORK/err")"; fi
edit_trace
expect_error "--resume refuses a checkpoint of another trace" \
    "c\.h5\.ckpt was saved from other input files \(.*t\.csv \(workload\.trace\) has other contents now\): it cannot be resumed here" \
    "$SPECMC" run "$ini" --replicas 200000 --threads 1 --out "$WORK/c.h5" --resume
CURRENT="and leaves the checkpoint as it was"
if [ -e "$WORK/c.h5.ckpt" ]; then pass; else fail "the checkpoint is gone"; fi

# Input files that never end or never come: refused with a message, without reading them.
mkfifo "$WORK/fifo"
head -c 2100000 /dev/zero | tr '\0' 'x' >"$WORK/oneline.csv"
for bad in "/dev/zero:a device" "$WORK/fifo:a FIFO" "$WORK:a directory"; do
    path=${bad%%:*} what=${bad#*:}
    bini=$(write_ini small "s|^tasks = 5|trace = $path\ntrace_format = csv|")
    expect_error "a trace that is $what" "workload\.trace: .*: not a regular file \($what\): give a file" \
        timeout 60 "$SPECMC" run "$bini" --replicas 2 --out "$WORK/never.h5"
    expect_error "a config that is $what" "not a regular file \($what\): give a file" \
        timeout 60 "$SPECMC" run "$path" --replicas 2 --out "$WORK/never.h5"
done
bini=$(write_ini small "s|^tasks = 5|trace = oneline.csv\ntrace_format = csv|")
expect_error "a trace without newlines" "oneline\.csv:1: a line longer than 1024 KiB" \
    timeout 60 "$SPECMC" run "$bini" --replicas 2 --out "$WORK/never.h5"
CURRENT="no output file after the refusals"
if [ -e "$WORK/never.h5" ]; then fail "never.h5 written"; else pass; fi

finish

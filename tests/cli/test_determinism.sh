# Reproducibility (docs/methods/model.md, "Random numbers and common random numbers"): the same
# config and seed give identical results with 1 and 2 threads — the report byte for byte, and
# every per-replica dataset.
. "$(dirname "$0")/lib.sh"

ini=$(write_ini small)
expect_ok "1 thread" "$SPECMC" run "$ini" --out "$WORK/t1.h5" --threads 1 --quiet
expect_ok "2 threads" "$SPECMC" run "$ini" --out "$WORK/t2.h5" --threads 2 --quiet
"$SPECMC" report "$WORK/t1.h5" --csv >"$WORK/t1.csv"
"$SPECMC" report "$WORK/t2.h5" --csv >"$WORK/t2.csv"
expect_same "report --csv identical" "$WORK/t1.csv" "$WORK/t2.csv"
CURRENT="per-replica datasets identical (h5diff /scenarios)"
if h5diff "$WORK/t1.h5" "$WORK/t2.h5" /scenarios /scenarios >"$WORK/diff" 2>&1; then pass
else fail "$(head -5 "$WORK/diff")"; fi

# Chronos r = auto chosen per job (jobs of different sizes and task counts): the same r for
# every job on any number of threads, and the same counts in the file.
auto="--set policy.list=fifo,clone,s-resume --set policy.clone.r=auto --set policy.s-resume.r=auto
      --set workload.job_spread=0.8 --set workload.tasks_beta=1.5 --set utility.theta=1e-3"
# shellcheck disable=SC2086
expect_ok "per-job r, 1 thread" "$SPECMC" run "$ini" --out "$WORK/a1.h5" --threads 1 --quiet $auto
# shellcheck disable=SC2086
expect_ok "per-job r, 2 threads" "$SPECMC" run "$ini" --out "$WORK/a2.h5" --threads 2 --quiet $auto
CURRENT="per-job r: datasets identical (h5diff /scenarios)"
if h5diff "$WORK/a1.h5" "$WORK/a2.h5" /scenarios /scenarios >"$WORK/diff" 2>&1; then pass
else fail "$(head -5 "$WORK/diff")"; fi
CURRENT="per-job r: the file keeps the counts"
if h5ls -r "$WORK/a1.h5" | grep -q "^/scenarios/1/s-resume/per_job/r "; then pass
else fail "no /scenarios/1/s-resume/per_job/r"; fi

# A sweep of one policy's parameter simulates the other policies once (engine/run/runner.c,
# run_twins) and copies them: every point's fifo has the per-replica values of a run of
# that point alone, and so does its clone. (The summaries' bootstrap streams come from the
# cell's place in the file, so a point's intervals may differ in the last digits from a run
# of it alone; its values may not.)
sweep="--set policy.list=fifo,clone --replicas 30"
# shellcheck disable=SC2086
"$SPECMC" run "$ini" --out "$WORK/sw.h5" --quiet $sweep --set sweep.policy.clone.tau_kill=0.5,2 \
    --set sweep.workload.rate=1.0
for k in 0 1; do
    tk=$([ $k = 0 ] && echo 0.5 || echo 2)
    # shellcheck disable=SC2086
    "$SPECMC" run "$ini" --out "$WORK/pt$k.h5" --quiet $sweep --set policy.clone.tau_kill=$tk \
        --set workload.rate=1.0
    for p in fifo clone; do
        CURRENT="sweep point tau_kill = $tk: $p's replicas as in a run of that point alone"
        if h5diff "$WORK/sw.h5" "$WORK/pt$k.h5" /scenarios/$k/$p/replicas /scenarios/0/$p/replicas \
            >"$WORK/diff" 2>&1; then pass; else fail "$(head -5 "$WORK/diff")"; fi
    done
done

# A different seed must change the results (the comparison above can fail).
expect_ok "other seed" "$SPECMC" run "$ini" --out "$WORK/t3.h5" --threads 2 --quiet --seed 8
"$SPECMC" report "$WORK/t3.h5" --csv >"$WORK/t3.csv"
CURRENT="another seed differs"
if cmp -s "$WORK/t1.csv" "$WORK/t3.csv"; then fail "identical output for seeds 7 and 8"; else pass; fi

finish

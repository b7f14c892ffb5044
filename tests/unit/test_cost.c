/* The run's cost estimate before it starts (engine/run/cost.h, run_cost): events per replica,
 * ticks and heartbeats while the cluster is busy, and the memory of the threads' workspaces
 * and of the results. The figures' agreement with real runs is measured in
 * docs/guide/performance.md; here, that they add up as documented. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/config/config.h"
#include "engine/config/config_limits.h"
#include "engine/run/cost.h"
#include "engine/run/preflight.h"
#include "engine/stats/bootstrap.h"
#include "engine/stats/pooled.h"
#include "models/replica.h"
#include "tests/unit/config_text.h"


/* fifo: two task events per task and replica; ticks every interval while busy (here the
 * whole span: load 0.6); mantri's heartbeats every report_interval likewise. */
Test(cost, events)
{
    struct cfg c;
    load(&c, "[experiment]\nreplicas = 10\n[workload]\nrate = 2\njobs = 400\ntasks = 10\n"
             "[cluster]\nslots = 100\ninterval = 0.5\n[policy]\nlist = fifo, mantri\n"
             "[policy.mantri]\nreport_interval = 0.25\n");
    struct run_cost k;
    run_cost(&c, 2, &k);
    struct cfg_extent x;
    cfg_extent(&c.scen[0].spec, &x);
    cr_assert_float_eq(x.busy, 200.0, 1e-9); /* jobs / rate: busy throughout */
    cr_assert_float_eq(k.task_events, 2 * 10 * 2 * 4000.0, 1e-6);
    cr_assert_float_eq(k.ticks, 2 * 10 * 200 / 0.5, 1e-6); /* both policies tick */
    cr_assert_float_eq(k.beats, 10 * 200 / 0.25, 1e-6);
    cr_assert_eq(k.beat_pol, 1);
    cr_assert_eq(k.tick_scen, 0);
    /* time: task events at the loop's 2.5e7 per second, 1e-7 s per tick and beat, and mantri's
       decision (1/8.2e6 - 1/2.5e7 s: its rate beyond the loop's) at each tick and beat, not at
       each event, as there is an interval */
    double decision = 1 / 8.2e6 - 1 / 2.5e7;
    double want = 10 * (2 * 8000 / 2.5e7 + (400 + 400 + 800) * 1e-7 + (400 + 800) * decision) / 2;
    cr_assert_float_eq(k.seconds, want, 1e-9 * want);
    cfg_free(&c);
}

/* The summaries: B resamples of n values per bootstrapped metric, for its summary and its
 * paired difference; the values cost more once they leave the cache (2^17 doubles), and the
 * looks of sequential stopping add about 2n replicas of the asked metrics. */
Test(cost, summaries)
{
    struct cfg c;
    load(&c, "[experiment]\nreplicas = 100000\n[workload]\nrate = 1\njobs = 1\ntasks = 10\n"
             "[policy]\nlist = fifo, clone\n");
    int boot = 0;
    for (int m = 0; m < M_COUNT; m++)
        boot += !metric_info[m].proportion && metric_info[m].pooled == 0;
    struct run_cost k;
    run_cost(&c, 1, &k);
    double cached = 2 * ST_BOOT_RESAMPLES * 1e5 * 2 * boot * RUN_BOOT_SECONDS;
    cr_assert_float_eq(k.summary_seconds, cached, 1e-9 * cached);
    run_cost(&c, 2, &k); /* split by (cell, metric) over the threads */
    cr_assert_float_eq(k.summary_seconds, cached / 2, 1e-9 * cached);
    run_cost(&c, 64, &k); /* no more threads than (cell, metric) units */
    cr_assert_float_eq(k.summary_seconds, cached / (2 * boot), 1e-9 * cached);
    c.replicas = 1000000;
    run_cost(&c, 1, &k);
    double far = 2 * ST_BOOT_RESAMPLES * 1e6 * 2 * boot * RUN_BOOT_SECONDS_FAR;
    cr_assert_float_eq(k.summary_seconds, far, 1e-9 * far);
    c.precision = 0.01; /* flowtime alone asked: its looks, 2 cells x 2n more */
    memset(c.precision_metric, 0, sizeof c.precision_metric);
    c.precision_metric[M_FLOWTIME] = true;
    run_cost(&c, 1, &k);
    double looks = 2 * ST_BOOT_RESAMPLES * 1e6 * 2 * RUN_BOOT_SECONDS_FAR;
    cr_assert_float_eq(k.summary_seconds, far + looks, 1e-9 * far);
    cfg_free(&c);
}

/* The estimate a long run announces says how much of it the summaries take when they are
 * most of it (10^6 replicas of a cheap model: minutes of bootstraps, seconds of events). */
Test(cost, warning_names_the_summaries, .init = cr_redirect_stderr)
{
    struct cfg c;
    load(&c, "[experiment]\nreplicas = 1000000\n[workload]\narrival = batch\njobs = 1\n"
             "tasks = 10\ntask_time = exponential\nmean = 1\n[cluster]\nslots = 20\n"
             "[policy]\nlist = fifo, clone\n");
    struct run_cost k;
    run_cost(&c, 2, &k);
    cr_assert(k.summary_seconds > 60 && k.summary_seconds > 10 * k.seconds);
    cr_assert(preflight_work(&c, &k, 2, false));
    fflush(stderr);
    char text[1024] = "";
    size_t got = fread(text, 1, sizeof text - 1, cr_get_redirected_stderr());
    text[got] = 0;
    cr_assert(strstr(text, "warning: ") && strstr(text, "of it the summaries' bootstraps"),
              "%s", text);
    cfg_free(&c);
}

/* Memory: the threads' workspaces scale with the threads; 2^20 slots take 96 bytes each in
 * the cluster's arrays; the results hold M_COUNT doubles per (scenario, policy, replica) and
 * the histograms (bins + 1) counts. */
Test(cost, memory)
{
    struct cfg c;
    load(&c, "[experiment]\nreplicas = 1000\n[workload]\nrate = 2\njobs = 10\ntasks = 1\n"
             "[cluster]\nslots = 1048576\n[histogram]\nflowtime = 10\nbins = 99\n");
    struct run_cost one, four;
    run_cost(&c, 1, &one);
    run_cost(&c, 4, &four);
    cr_assert_float_eq(four.bytes - one.bytes, 3 * one.replica_bytes, 1e-6 * four.bytes);
    cr_assert_float_eq(one.slot_bytes, 96.0 * 1048575, 1e-9 * one.slot_bytes); /* S - 1 more */
    cr_assert(one.replica_bytes > 96.0 * 1048576 && one.replica_bytes < 97.0 * 1048576);
    /* the pooled stream: 1000 replicas of 10 jobs kept as their bins (4 bytes a value and one
       per replica, twice over for the growth) */
    double values = M_COUNT * 1000 * 8.0, hist = 1000 * 100 * 4.0, stream = 2 * 1000 * 11 * 4.0;
    cr_assert(one.results_bytes > values + hist + stream &&
                  one.results_bytes < 2 * (values + hist) + stream,
              "%g", one.results_bytes);
    cfg_free(&c);
}

/* Past PQ_RAW_MAX values a cell's pooled stream is counted as bins summed: 16 octaves of
 * rows, whatever the replicas (10 000 replicas of 100 jobs). */
Test(cost, streams_binned_past_the_raw_limit)
{
    struct cfg c;
    load(&c, "[experiment]\nreplicas = 10000\n[workload]\nrate = 2\njobs = 100\ntasks = 1\n");
    struct run_cost one;
    run_cost(&c, 1, &one);
    double rows = (1 + 3 * PQ_TESTS) * 16 * LH_PER_OCTAVE * 8.0, values = M_COUNT * 10000 * 8.0;
    cr_assert(one.results_bytes > values + rows && one.results_bytes < 1.5 * (values + rows),
              "%g", one.results_bytes);
    cfg_free(&c);
}

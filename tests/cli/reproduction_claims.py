"""The comparisons that experiments/*.ini reproduce (docs/reproductions.md), checked on
`specmc report --csv` output: orderings and trends, not values.

usage: reproduction_claims.py EXPERIMENT CSV [CDF_CSV]
  EXPERIMENT: table1, table2, fig2, fig3, fig4, fig5, stages (seed 004, experiments/chronos-*.ini) or the name of
  a seed 000 / 002 experiment (xulau-sca-gamma, ..., xulau-heavy, srptms-compare) or seed 001's
  (hopper-load, hopper-beta, hopper-threshold, hopper-fairness, hopper-dag) or seed 003's
  (threshold-servers, and under other readings threshold-servers-p-max and threshold-servers-qos;
  threshold-tasks; threshold-fig6)
  CDF_CSV: `specmc report --cdf Q --csv` rows (any quantities), for claims about CDFs, or
  `specmc report --series --csv` rows (the same columns), for claims about a series
Prints one line per claim that fails and exits 1 if any does."""
import csv
import sys
from collections import defaultdict


def load(path):
    """{scenario: {policy: {metric: mean}}} and the sweep values of each scenario."""
    means = defaultdict(lambda: defaultdict(dict))
    sweeps = {}
    with open(path, newline="") as f:
        rows = csv.reader(f)
        header = next(rows)
        for row in rows:
            s, policy, metric, mean = int(row[0]), row[1], row[2], float(row[4])
            means[s][policy][metric] = mean
            sweeps[s] = dict(zip(header[8:], row[8:]))
    return means, sweeps


def load_cdf(path):
    """{policy: {(quantity, at): mean}} of scenario 0; empty without a file."""
    cdf = defaultdict(dict)
    if path:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                if row["scenario"] == "0":
                    cdf[row["policy"]][(row["quantity"], float(row["at"]))] = float(row["mean"])
    return cdf


CDF = {}


def by_estimator(sweeps, estimator):
    return [s for s in sorted(sweeps) if sweeps[s].get("cluster.estimator") == estimator]


CHRONOS = ("clone", "s-restart", "s-resume")


def table1(m, sweeps, claim):
    for est in ("hadoop", "chronos"):
        ss = by_estimator(sweeps, est)  # tau_est = 0.1, 0.3, 0.5
        copies = [m[s]["s-restart"]["copies_per_task"] for s in ss]
        if est == "hadoop":
            claim(copies[0] > copies[1] > copies[2],
                  f"{est}: fewer tasks flagged as tau_est grows (copies/task {copies})")
        else:
            claim(max(copies) - min(copies) < 1e-9,
                  f"{est}: exact estimates flag the same tasks at every tau_est ({copies})")
        for s in ss:
            p = m[s]
            claim(p["s-resume"]["machine_time"] < p["s-restart"]["machine_time"],
                  f"scenario {s}: S-Resume costs less than S-Restart")
            claim(p["clone"]["pocd"] < p["s-resume"]["pocd"],
                  f"scenario {s}: Clone has the lowest PoCD")
            claim(p["s-resume"]["utility"] > p["s-restart"]["utility"] > p["clone"]["utility"],
                  f"scenario {s}: utility S-Resume > S-Restart > Clone")


def table2(m, sweeps, claim):
    for est in ("hadoop", "chronos"):
        ss = by_estimator(sweeps, est)  # tau_kill = 0.4, 0.6, 0.8
        for p in CHRONOS:
            cost = [m[s][p]["machine_time"] for s in ss]
            claim(cost[0] < cost[1] < cost[2], f"{est}: {p} costs more as tau_kill grows {cost}")
        for s in ss:
            claim(m[s]["s-resume"]["machine_time"] < m[s]["s-restart"]["machine_time"],
                  f"scenario {s}: S-Resume costs less than S-Restart")


def fig3(m, sweeps, claim):  # seed 004's Mantri; theta = 1e-5 ... 1e-4
    for s in sorted(m):
        p = m[s]
        for q in ("s-restart", "s-resume"):
            claim(p["mantri"]["machine_time"] > p[q]["machine_time"],
                  f"scenario {s}: Mantri costs more than {q}")
        claim(max(p, key=lambda q: p[q]["utility"]) == "s-resume",
              f"scenario {s}: S-Resume has the highest utility")
        claim(max(p, key=lambda q: p[q]["pocd"]) in ("s-resume", "s-restart"),
              f"scenario {s}: a speculative strategy has the highest PoCD")
    first, last = min(m), max(m)
    claim(m[last]["mantri"]["machine_time"] > m[last]["clone"]["machine_time"],
          "theta = 1e-4: Mantri costs more than Clone")
    claim(m[last]["clone"]["pocd"] < m[first]["clone"]["pocd"],
          "Clone's PoCD falls as theta grows")
    drop = {q: m[first][q]["pocd"] - m[last][q]["pocd"] for q in CHRONOS}
    claim(max(drop, key=drop.get) == "clone", f"Clone's PoCD falls the most {drop}")


def fig3_same_information(m, sweeps, claim):  # seed 004's Mantri with reports = 0
    """The cost claim reverses when Mantri sees a copy from its start, as Chronos' strategies
    do (docs/reproductions.md, Fig. 3): Mantri costs less than S-Restart and S-Resume."""
    for s in sorted(m):
        p = m[s]
        for q in ("s-restart", "s-resume"):
            claim(p["mantri"]["machine_time"] < p[q]["machine_time"],
                  f"scenario {s}: with the same information Mantri costs less than {q}")


def fig4(m, sweeps, claim):
    for s in sorted(m):
        p = m[s]
        for q in CHRONOS:
            claim(p[q]["utility"] > p["hadoop-s"]["utility"] > p["fifo"]["utility"],
                  f"scenario {s}: utility {q} > Hadoop-S > Hadoop-NS")
    ss = sorted(m)  # beta = 1.1 ... 1.9
    for q in ("fifo", "s-restart", "s-resume"):
        cost = [m[s][q]["machine_time"] for s in ss]
        claim(all(a > b for a, b in zip(cost, cost[1:])), f"{q}'s cost falls as beta grows {cost}")


def fig2(m, sweeps, claim):  # seed 004 Fig. 2, the testbed: deadline 100 s, 150 s
    for s in sorted(m):
        p = m[s]
        claim(min(p[q]["pocd"] for q in p) == p["fifo"]["pocd"],
              f"scenario {s}: Hadoop-NS has the lowest PoCD")
        claim(max(p[q]["machine_time"] for q in p) == p["clone"]["machine_time"],
              f"scenario {s}: Clone costs the most")
        claim(min(p["s-resume"]["pocd"], p["s-restart"]["pocd"]) >= 0.995 and
              p["s-resume"]["machine_time"] < p["s-restart"]["machine_time"],
              f"scenario {s}: S-Resume meets nearly every deadline, as S-Restart, at a lower cost")
        for q in ("s-restart", "s-resume"):
            claim(p[q]["utility"] > p["hadoop-s"]["utility"] > p["fifo"]["utility"],
                  f"scenario {s}: utility {q} > Hadoop-S > Hadoop-NS")
        claim(p["clone"]["utility"] < p["hadoop-s"]["utility"],
              f"scenario {s}: Clone below Hadoop-S in utility (the paper: above)")


def close(a, b, tol):
    """a and b within a relative tolerance of each other."""
    return abs(a - b) <= tol * max(abs(a), abs(b))


def sweep_of(m, policy, metric):
    return [m[s][policy][metric] for s in sorted(m)]


def sca_gamma(m, sweeps, claim):  # gamma = 0.001, 0.01, 0.1, 1
    f = sweep_of(m, "sca", "flowtime")
    cost = sweep_of(m, "sca", "machine_time")
    psrpt = m[0]["psrpt"]["flowtime"]
    claim(f[1] < 0.8 * psrpt, f"gamma 0.01: SCA well below PSRPT ({f[1]:.0f} vs {psrpt:.0f})")
    claim(all(close(x, psrpt, 0.01) for x in f[2:]), f"gamma >= 0.1: SCA is PSRPT {f}")
    claim(all(a > b for a, b in zip(cost, cost[1:3])), f"cost falls as gamma grows {cost}")


def sca_xi(m, sweeps, claim):  # xi = 1, 2, 3, 4, 8, 16
    f = sweep_of(m, "sca", "flowtime")
    claim(close(f[0], m[0]["psrpt"]["flowtime"], 0.02), "xi = 1: SCA makes no clones, ~PSRPT")
    claim(f[0] > f[1] > f[2], f"flowtime falls from xi = 1 to 3 {f}")
    claim(all(close(x, f[2], 0.01) for x in f[3:]), f"flat from xi = 3 {f}")


def sca_alpha(m, sweeps, claim):  # alpha estimate 1.3, 1.6, 2.0, 2.2
    cost = sweep_of(m, "sca", "machine_time")
    copies = sweep_of(m, "sca", "copies_per_task")
    claim(all(a > b for a, b in zip(copies, copies[1:])), f"fewer copies as alpha grows {copies}")
    claim(cost[0] > cost[-1], f"cost falls as the estimated alpha grows {cost}")


def sca_interval(m, sweeps, claim):  # interval 10 ... 60 s
    f = sweep_of(m, "sca", "flowtime")
    cost = sweep_of(m, "sca", "machine_time")
    claim(max(f) < 1.1 * min(f), f"flowtime insensitive to the interval {f}")
    claim(max(cost) < 1.02 * min(cost), f"cost insensitive to the interval {cost}")


def cutoff(m, sweeps, claim):  # slots 4000 ... 11000
    by_slots = {int(sweeps[s]["cluster.slots"]): m[s] for s in m}
    gain = {k: 1 - v["sca"]["flowtime"] / v["psrpt"]["flowtime"] for k, v in by_slots.items()}
    claim(abs(gain[4000]) < 0.1, f"4000 machines: SCA ~ PSRPT (gain {gain[4000]:.2f})")
    claim(all(gain[k] > 0.3 for k in gain if k >= 7000), f"from 7000 machines SCA wins {gain}")
    ks = sorted(gain)
    claim(all(gain[a] < gain[b] for a, b in zip(ks, ks[1:])), f"the gain grows with M {gain}")


def sigma(m, sweeps, claim):  # sigma = 0.5, auto, 3
    cost = sweep_of(m, "ese", "machine_time")
    f = sweep_of(m, "ese", "flowtime")
    claim(cost[1] < cost[0] and cost[1] < cost[2], f"the optimum costs least {cost}")
    claim(f[1] < f[2], f"the optimum is faster than sigma = 3 {f}")


def light(m, sweeps, claim):  # 11 000 machines: Mantri, PSRPT, SCA, ESE
    p = m[0]
    claim(p["sca"]["pocd"] > p["ese"]["pocd"], "SCA finishes more jobs within 300 s than ESE")
    claim(p["sca"]["machine_time"] > p["ese"]["machine_time"], "SCA costs more than ESE")
    claim(p["sca"]["flowtime"] < 0.5 * p["psrpt"]["flowtime"], "SCA far below PSRPT")
    cost = ("machine_time", 10000.0)
    claim(CDF["sca"][cost] < CDF["mantri"][cost],
          "fewer jobs cost under 10 000 under SCA than under Mantri (Fig. 8b)")


def light_jobtasks(m, sweeps, claim):  # the light regime under seed 000 §7's copies
    for s in sorted(sweeps):  # copy_time = iid, job_tasks; both truncated at 22 919.3 s
        p, how = m[s], sweeps[s].get("workload.copy_time")
        claim(p["sca"]["pocd"] > p["ese"]["pocd"], f"{how}: SCA finishes more jobs within 300 s")
        claim(p["sca"]["machine_time"] > p["ese"]["machine_time"], f"{how}: SCA costs more than ESE")
        claim(p["sca"]["flowtime"] < 0.5 * p["psrpt"]["flowtime"], f"{how}: SCA far below PSRPT")
    cost = ("machine_time", 10000.0)
    claim(CDF["sca"][cost] < CDF["mantri"][cost],
          "fewer jobs cost under 10 000 under SCA than under Mantri (Fig. 8b)")


def heavy(m, sweeps, claim):  # 5 000 machines: Mantri (seed 000's), ese-detect, ESE, PSRPT, SCA
    p = m[0]
    claim(p["ese"]["flowtime"] < p["mantri"]["flowtime"], "ESE below seed 000's Mantri")
    claim(p["ese"]["machine_time"] < p["mantri"]["machine_time"], "ESE costs less than Mantri")
    claim(p["ese-detect"]["flowtime"] < p["mantri"]["flowtime"],
          "ESE's detection alone below Mantri")
    claim(p["ese"]["flowtime"] < p["ese-detect"]["flowtime"],
          "SRPT scheduling cuts ESE-detect's flowtime")
    claim(p["ese"]["flowtime"] < p["sca"]["flowtime"], "ESE beats SCA in the heavy regime")
    claim(p["ese"]["machine_time"] < p["psrpt"]["machine_time"],
          "ESE's detection costs no more than no copies at all")


def compare(m, sweeps, claim):  # seed 002 §VI-C: Mantri (seed 002's), SCA, SRPTMS+C
    p = m[0]
    for metric in ("flowtime", "flowtime_weighted"):
        claim(p["srptms"][metric] < p["mantri"][metric], f"SRPTMS+C below Mantri in {metric}")
        claim(p["srptms"][metric] < p["sca"][metric], f"SRPTMS+C below SCA in {metric}")
    within = ("flowtime", 100.0)
    claim(CDF["srptms"][within] > max(CDF["sca"][within], CDF["mantri"][within]),
          "SRPTMS+C finishes the most jobs within 100 s")


def unaware(policies):
    """The speculation-unaware pairs of a seed 001 experiment: every policy but hopper."""
    return [p for p in policies if p != "hopper"]


def advantage(p):
    """Hopper's mean flowtime below the best unaware pair's, relative to that pair's."""
    best = min(p[q]["flowtime"] for q in unaware(p))
    return 1.0 - p["hopper"]["flowtime"] / best


def below_hadoop(m, claim, what):
    """Hopper below Hadoop's default, fifo+hadoop2, in every scenario."""
    h = [m[s]["hopper"]["flowtime"] < m[s]["fifo+hadoop2"]["flowtime"] for s in sorted(m)]
    claim(all(h), f"Hopper below Hadoop's default fifo+hadoop2 at every {what} ({h})")


def hopper_load(m, sweeps, claim):  # seed 001: load 0.3 ... 0.95, beta = 1.5, same information
    adv = [advantage(m[s]) for s in sorted(m)]
    claim(adv[0] > 0, f"Hopper below every unaware pair at load 0.3 (advantage {adv})")
    claim(max(adv[2:]) < 0, f"an unaware pair below Hopper from load 0.7 on ({adv})")
    claim(adv[0] > adv[-1], f"Hopper's advantage shrinks from light to heavy load ({adv})")
    below_hadoop(m, claim, "load")


def hopper_load_reports(m, sweeps, claim):  # the same, Mantri waiting one time unit
    adv = [advantage(m[s]) for s in sorted(m)]
    claim(min(adv) > 0, f"Hopper below every unaware pair at every load ({adv})")
    claim(adv[0] > adv[-1], f"Hopper's advantage shrinks from light to heavy load ({adv})")


def hopper_beta(m, sweeps, claim):  # seed 001: beta = 1.1, 1.3, 1.5, 2, 2.5 at load 0.7
    adv = [advantage(m[s]) for s in sorted(m)]
    claim(adv[0] > 0, f"Hopper below every unaware pair at beta = 1.1 ({adv})")
    claim(max(adv[2:]) < 0, f"an unaware pair below Hopper from beta = 1.5 on ({adv})")
    claim(adv[0] == max(adv), f"Hopper's advantage largest at the heaviest tail ({adv})")
    below_hadoop(m, claim, "beta")


def hopper_beta_reports(m, sweeps, claim):  # the same, Mantri waiting one time unit
    adv = [advantage(m[s]) for s in sorted(m)]
    claim(min(adv[:3]) > 0, f"Hopper below every unaware pair for beta <= 1.5 ({adv})")
    claim(adv[-1] < 0, f"at beta = 2.5 (k = 2/beta < 1) an unaware pair beats Hopper ({adv})")


def hopper_threshold(m, sweeps, claim):  # the scheduler's beta: 1.1, 1.5, 2.5, 5, 100
    f = [m[s]["hopper"]["flowtime"] for s in sorted(m)]
    claim(f[1] < f[-1], f"the true tail's virtual sizes beat proportional sharing alone ({f})")


def hopper_fairness(m, sweeps, claim):  # seed 001 §3.1: epsilon 0 ... 1 x loads 0.7, 0.95
    """Scenarios in sweep order: (epsilon, load) = (0, 0.7), (0, 0.95), (0.25, 0.7), ..."""
    for at, load in ((0, 0.7), (1, 0.95)):
        h = [m[2 * k + at]["hopper"] for k in range(5)]
        jain = [p["slowdown_jain"] for p in h]
        claim(m[at]["fair"]["slowdown_jain"] > max(jain),
              f"load {load}: Fair's slowdowns more even than Hopper's at any epsilon ({jain})")
        claim(jain[1] > jain[4], f"load {load}: epsilon 0.25 fairer than 1 ({jain})")
        p90 = [p["flowtime_p90"] for p in h]
        claim(p90[1] < p90[4], f"load {load}: epsilon 0.25 faster than 1 at the p90 ({p90})")
        if load == 0.7:
            claim(h[0]["flowtime_p50"] < h[4]["flowtime_p50"] and jain[0] > jain[4],
                  "load 0.7: epsilon 0 fairer and faster at the median than epsilon 1")
        else:
            claim(p90[0] > p90[1],
                  "load 0.95: perfect fairness (epsilon 0) slower at the p90 than epsilon 0.25")


def threshold_servers(m, sweeps, claim):  # seed 003 Table 1: servers 20 ... 100, mode 0 / 1
    """Scenarios in sweep order: (servers, mode) = (20, 0), (20, 1), (40, 0), ..."""
    get = lambda metric: [m[s]["threshold"][metric] for s in sorted(m)]
    copies, flow, pocd = get("copies_per_task"), get("flowtime"), get("pocd")
    static, dynamic = copies[0::2], copies[1::2]
    claim(dynamic[0] - 1 < 0.7 * (static[0] - 1),
          f"dynamic makes at least 30 % fewer replicas at 20 servers ({static[0]}, {dynamic[0]})")
    claim(all(d < t for d, t in zip(dynamic, static)),
          f"dynamic makes fewer replicas at every server count ({static}, {dynamic})")
    claim(all(a < b for a, b in zip(dynamic, dynamic[1:])),
          f"dynamic's replicas grow with the servers ({dynamic})")
    claim(max(static[1:]) == min(static[1:]),
          f"static's replicas do not depend on the servers from 40 on: every task runs at once "
          f"({static})")
    claim(all(d > t for d, t in zip(flow[1::2], flow[0::2])),
          f"dynamic is slower at every server count, against the paper ({flow})")
    claim(all(d <= t for d, t in zip(pocd[1::2], pocd[0::2])) and pocd[3] < pocd[2] - 0.3,
          f"dynamic misses the QoS as often or more at every server count, far more at 40 "
          f"servers, against the paper ({pocd})")


def threshold_servers_p_max(m, sweeps, claim):  # Table 1 with assumption 5: straggle_p_max
    copies = [m[s]["threshold"]["copies_per_task"] for s in sorted(m)]
    static, dynamic = copies[0::2], copies[1::2]
    claim(all(a > b for a, b in zip(static[1:], static[2:])),
          f"static's replicas fall from 40 to 100 servers, as the paper's ({static})")
    claim(all(d < t for d, t in zip(dynamic, static)),
          f"dynamic still makes fewer replicas at every server count ({static}, {dynamic})")


def threshold_servers_qos(m, sweeps, claim):  # Table 1 with eq. 7 divided by the QoS
    copies = [m[s]["threshold"]["copies_per_task"] for s in sorted(m)]
    flow = [m[s]["threshold"]["flowtime"] for s in sorted(m)]
    static, dynamic = copies[0::2], copies[1::2]
    claim(all(d > t for d, t in zip(dynamic, static)),
          f"divisor = 2: dynamic makes more replicas at every server count, 20 too ({static}, "
          f"{dynamic})")
    claim(all(d < t for d, t in zip(flow[3::2], flow[2::2])),
          f"divisor = 2: dynamic is faster from 60 servers on ({flow})")


def threshold_tasks(m, sweeps, claim):  # Table 2: (tasks, request) zipped, mode 0 / 1
    """Scenarios: (10, 0.7), (50, 0.3), (50, 0.5), (50, 0.7), (90, 0.3), (90, 0.5), (90, 0.7)."""
    copies = [m[s]["threshold"]["copies_per_task"] for s in sorted(m)]
    static, dynamic = copies[0::2], copies[1::2]
    claim(all(d < t for d, t in zip(dynamic, static)),
          f"dynamic makes fewer replicas in every case, the paper's low-utilisation ones "
          f"(10 x 0.7, 50 x 0.3, 50 x 0.5) too ({static}, {dynamic})")
    claim(dynamic[1] > dynamic[2] > dynamic[3],
          f"50 tasks: dynamic's replicas fall as the requests grow (Fig. 5) ({dynamic[1:4]})")


def threshold_fig6(m, sweeps, claim):  # Fig. 6: the median Th over time, 20 servers
    th = {round(at, 9): v for (q, at), v in CDF["threshold"].items() if q == "state_median"}
    claim(th[0.05] < th[0.35] < th[0.65],
          f"Th rises over the first wave of tasks ({th[0.05]}, {th[0.35]}, {th[0.65]})")
    claim(th[0.7] < th[0.65] / 5,
          f"Th falls mid-job, as the first wave completes ({th[0.65]} -> {th[0.7]})")


def stages(m, sweeps, claim):  # seed 004 abstract: map and reduce stages optimised separately
    # scenarios 0, 1, 2: split = expected, fraction, joint (experiments/chronos-stages.ini)
    for pol in ("clone", "s-restart", "s-resume"):
        u = [m[s][pol]["utility"] for s in range(3)]
        claim(u[2] > u[0] > u[1], f"{pol}: utility joint > expected > fraction, got {u}")
        claim(all(m[s][pol]["pocd"] > m[s]["fifo"]["pocd"] for s in range(3)),
              f"{pol}: PoCD above fifo's under every split")


def fig5(m, sweeps, claim):  # seed 004 Fig. 5: theta = 1e-5, 1e-4, the r each job got
    def median_r(s, pol):
        shares = sorted((int(k[len("share_r_"):]), v) for k, v in m[s][pol].items()
                        if k.startswith("share_r_"))
        total = 0.0
        for r, v in shares:
            total += v
            if total >= 0.5:
                return r
    def mode_r(s, pol):
        return max((v, int(k[len("share_r_"):])) for k, v in m[s][pol].items()
                   if k.startswith("share_r_"))[1]
    lo, hi = sorted(m)
    med = {p: (median_r(lo, p), median_r(hi, p)) for p in CHRONOS}
    claim(med["clone"] == (2, 1) and mode_r(lo, "clone") == 2 and mode_r(hi, "clone") == 1,
          f"Clone's r 2 -> 1, median and mode ({med['clone']})")
    claim(med["s-resume"] == (4, 3), f"S-Resume's median job's r 4 -> 3 ({med['s-resume']})")
    claim(mode_r(lo, "s-resume") == mode_r(hi, "s-resume") == 3,
          "S-Resume's most common r stays at 3, against the paper's 4 -> 3")
    claim(med["s-restart"] == (5, 4), f"S-Restart's median job's r 5 -> 4 ({med['s-restart']})")


def regime(m, sweeps, claim):  # seed 000 §8: rates 0.33 ... 1.65 lambda_U, sca, ese, regime
    f = lambda pol: [m[s][pol]["flowtime"] for s in sorted(m)]
    sca, ese, rg = f("sca"), f("ese"), f("regime")
    claim(all(s < e for s, e in zip(sca[:2], ese[:2])),
          f"SCA below ESE up to 0.66 lambda_U ({sca[:2]}, {ese[:2]})")
    claim(all(e < s for s, e in zip(sca[3:], ese[3:])),
          f"ESE below SCA from 0.99 lambda_U on ({sca[3:]}, {ese[3:]})")
    claim(rg[:2] == sca[:2] and rg[-1] == ese[-1],
          f"regime runs SCA's decisions well below the cut-off, ESE's well above ({rg})")
    claim(all(r <= max(s, e) for r, s, e in zip(rg, sca, ese)),
          f"regime never above the worse of the two ({rg})")


def regime_steps(m, sweeps, claim):  # seed 000 §8: 0.5, 1.5, 0.5 lambda_U in one replica
    f = {p: m[0][p]["flowtime"] for p in ("sca", "ese", "regime")}
    claim(f["regime"] < min(f["sca"], f["ese"]),
          f"regime below SCA and ESE when the load changes within a replica ({f})")


def hopper_dag(m, sweeps, claim):  # seed 001 §3.2, Algorithm 3: alpha = tasks, work, one
    """No claim of the paper's: what docs/reproductions.md measured on pipelined phases."""
    for s in sorted(m):
        h, alpha = m[s]["hopper-dag"], sweeps[s]
        claim(h["flowtime_p50"] < m[s]["fair"]["flowtime_p50"],
              f"{alpha}: Algorithm 3's median flowtime below Fair's ({h['flowtime_p50']})")
        claim(m[s]["fifo+hadoop2"]["flowtime_p90"] < h["flowtime_p90"],
              f"{alpha}: fifo+hadoop2's p90 flowtime below Algorithm 3's ({h['flowtime_p90']})")


def main(experiment, path, cdf_path=None):
    means, sweeps = load(path)
    CDF.update(load_cdf(cdf_path))
    failures = []

    def claim(ok, what):
        if not ok:
            failures.append(what)

    checks = {"threshold-fig6": threshold_fig6, "table1": table1, "table2": table2, "fig2": fig2, "fig3": fig3, "fig5": fig5, "stages": stages,
              "fig3-same-information": fig3_same_information, "fig4": fig4,
              "xulau-sca-gamma": sca_gamma, "xulau-sca-xi": sca_xi,
              "xulau-sca-alpha": sca_alpha, "xulau-sca-interval": sca_interval,
              "xulau-cutoff": cutoff, "xulau-sigma": sigma, "xulau-light": light,
              "xulau-light-jobtasks": light_jobtasks,
              "xulau-heavy": heavy, "xulau-regime": regime,
              "xulau-regime-steps": regime_steps, "srptms-compare": compare,
              "hopper-load": hopper_load,
              "hopper-load-reports": hopper_load_reports, "hopper-beta": hopper_beta,
              "hopper-beta-reports": hopper_beta_reports, "hopper-threshold": hopper_threshold,
              "hopper-fairness": hopper_fairness, "hopper-dag": hopper_dag,
              "threshold-servers": threshold_servers,
              "threshold-servers-p-max": threshold_servers_p_max,
              "threshold-servers-qos": threshold_servers_qos, "threshold-tasks": threshold_tasks}
    checks[experiment](means, sweeps, claim)
    for f in failures:
        print(f"  claim fails: {f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))

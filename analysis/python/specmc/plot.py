"""plot — pictures of a specmc file, as `specmc plot FILE [--out DIR] [--format png|svg|pdf]`
draws them (or `python3 -m specmc.plot FILE ...`).

    a sweep        each metric against the first numeric swept key (else the first swept key,
                   its values in order), one line per policy, its
                   interval as a band (a dashed line and no band where specmc marks the
                   interval not valid); one panel per value of any other swept key. Where
                   that would leave a panel of one point (a [zip] whose keys do not move with
                   the x key), the zip's cases are the x axis, one panel per crossed key
    paired         each policy minus the baseline against the same key, zero marked
    verdicts       the shares of replicas in which each policy is lower than, tied with and
                   higher than the baseline (a row of panels each) against the same key, with
                   their exact intervals, ½ marked (valid at any tail); for one scenario,
                   each policy's shares lower / tied / higher as a bar, the intervals of
                   lower and higher at their edges, with the median paired difference and
                   its interval
    one scenario   each metric as points with interval bars, one per policy (hollow, no
                   bar, where the interval is not valid)
    histograms     the CDF of job flowtime / machine time of each scenario, one line per
                   policy, with the intervals `specmc report --cdf` computes
    per-job r      where a policy chose a parameter per job (Chronos' r = auto): the share of
                   the measured jobs that got each value, one panel per policy, one bar per
                   scenario (`specmc report --csv`'s share_KEY_V rows give each share with
                   its interval)
    series         where the run kept a series of a policy's state ([series] times): one
                   figure per policy, a panel per scenario, the median over replicas with
                   its interval as a band and the 10-90 % quantiles as a lighter one (the
                   rows `specmc report --series --csv` computes)
    validate       per check, each point's estimate with its interval against the closed
                   form (both divided by |closed form|), coloured by verdict; expected
                   disagreements labelled

A policy has the same colour and marker in every figure (STYLES). Where lines coincide
(s-restart and s-resume at PoCD 1), the one drawn first has the wider line and the larger
hollow marker, so each shows around the next (_layers); no point is moved.

Each figure is a file in --out named after the experiment, NAME-METRIC.png and the like
(validate-CHECK.png for a validate file). NAME is the file's experiment name made safe: only
[A-Za-z0-9._-] kept, others '_', no leading '.' or '-', at most 100 characters; a name that
had to change ends in '-' and 8 hex digits of a hash of it, so names stay distinct. Nothing a
file holds can place a figure outside --out. The titles show the name as it is (a control
character as \\xNN).

Statistics are specmc's own (the file's intervals; report --cdf's); this only draws them.
Needs python3-matplotlib. Prints the paths it wrote.
"""
import argparse
import csv
import hashlib
import io
import math
import os
import re
import shutil
import subprocess
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from .results import Results, ValidateResults, load  # noqa: E402

DEFAULT_METRICS = ("flowtime", "job_flowtime_p99", "pocd", "machine_time")
WIDTH, HEIGHT = 6.4, 4.0   # inches: legible at the width docs show a figure
LEGEND_WIDTH = 1.8   # inches beside the last panel for the legend, out of the lines' way


# Each policy's colour and marker, the same in every figure: the registered policies
# (`specmc list`) and the pairs the experiments run. Policies that share a figure in
# experiments/ differ in colour; any two names here differ in colour or marker. Another name
# gets a look from a hash of it: the same in every figure, though it may repeat one here.
STYLES = {
    "fifo": ("#7f7f7f", "o"), "psrpt": ("#8c564b", "v"), "fair": ("#bcbd22", "<"),
    "hadoop-s": ("#e377c2", "P"), "mantri": ("#1f77b4", "s"), "late": ("#17becf", ">"),
    "hadoop2": ("#9467bd", "X"), "spark": ("#ff7f0e", "*"), "threshold": ("#1f77b4", "o"),
    "clone": ("#ff7f0e", "D"), "s-restart": ("#2ca02c", "^"), "s-resume": ("#d62728", "v"),
    "srptms": ("#2ca02c", "h"), "srpt-offline": ("#7f7f7f", "d"), "sca": ("#9467bd", "D"),
    "ese": ("#bcbd22", "p"), "ese-detect": ("#17becf", "H"), "dolly": ("#e377c2", "*"),
    "hopper": ("#d62728", "*"), "hopper-dag": ("#d62728", "h"), "regime": ("#1f77b4", "X"),
    "fair+late": ("#17becf", "<"), "psrpt+late": ("#8c564b", ">"),
    "fair+mantri": ("#bcbd22", "s"), "psrpt+mantri": ("#1f77b4", "v"),
    "fifo+hadoop2": ("#9467bd", "P"), "fifo+spark": ("#ff7f0e", "p"),
}
_FALLBACK_COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b",
                     "#e377c2", "#7f7f7f", "#bcbd22", "#17becf")
_FALLBACK_MARKERS = ("o", "s", "^", "v", "D", "<", ">", "p", "h", "X")


def style(policy):
    """(colour, marker) of a policy, the same in every figure."""
    if policy in STYLES:
        return STYLES[policy]
    h = int(hashlib.sha1(policy.encode("utf-8", "surrogatepass")).hexdigest(), 16)
    return (_FALLBACK_COLOURS[h % len(_FALLBACK_COLOURS)],
            _FALLBACK_MARKERS[h // len(_FALLBACK_COLOURS) % len(_FALLBACK_MARKERS)])


def _layers(series):
    """Marker size and line width of each line of a panel, given as (xs, ys) in the order
    drawn: a line that a later one covers (equal within 2 % of the panel's height at half
    their common x values or more: s-restart under s-resume at PoCD 1, fair+late under
    psrpt+late) is drawn wider, its hollow marker larger, one step for each line over it, so
    that each shows around the next; the others all alike. No point moves."""
    ys = [y for _, v in series for y in v if math.isfinite(y)]
    tol = 0.02 * (max(ys) - min(ys) if ys and max(ys) > min(ys) else 1.0)
    out = []
    for i, (xi, yi) in enumerate(series):
        at = dict(zip(xi, yi))
        depth = 0
        for xj, yj in series[i + 1:]:
            common = [(at[x], y) for x, y in zip(xj, yj) if x in at]
            if common and sum(abs(a - b) <= tol for a, b in common) * 2 >= len(common):
                depth += 1
        depth = min(depth, 3)
        out.append((5.5 + 2.0 * depth, 1.3 + 0.7 * depth))
    return out


def _label(metric, unit):
    name = metric.replace("_", " ")
    return f"{name} ({unit})" if unit and unit != metric else name


STEM_MAX = 100   # characters of an experiment name kept in file names
FILE_MAX = 200   # characters of a file name before its extension (a system allows 255 bytes)


def _stem(text, limit=STEM_MAX):
    """A part of a file name made from text a file holds: [A-Za-z0-9._-] kept, any other
    character '_', no leading '.' or '-', at most `limit` characters. Text that had to change
    ends in '-' and 8 hex digits of a hash of it, so that different texts stay different.
    It holds no '/' and is not '..': joined to a folder, it names a file in that folder."""
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", text)
    if safe[:1] in (".", "-"):
        safe = "_" + safe[1:]
    if safe == text and 0 < len(safe) <= limit:
        return safe
    digest = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{safe[:limit - 9]}-{digest}" if safe else digest


def _experiment(r):
    """The experiment's name for titles (as the file holds it, but a control character as
    \\xNN, as specmc's messages show it, and a '$' as itself rather than starting mathtext)
    and its _stem, which starts the file name of every figure."""
    name = str(r.provenance.get("experiment", "run"))
    title = re.sub(r"[\x00-\x1f\x7f-\x9f]", lambda c: f"\\x{ord(c.group()):02x}", name)
    return title.replace("$", r"\$"), _stem(name)


def _save(fig, out_dir, name, fmt, written):
    """Save fig as out_dir/NAME.FMT, NAME passed through _stem: it stays in out_dir whatever the
    file's names and metrics are."""
    path = os.path.join(out_dir, f"{_stem(name, FILE_MAX)}.{fmt}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    written.append(path)


CASE = "case"   # the x column of a sweep drawn against its zipped cases (_sweep_axes)


def _crossed(scenarios, key, varying):
    """Whether every value of key meets every combination of the other varying keys (a
    [sweep] key crossed with the rest), rather than moving with some of them (a [zip])."""
    rest = [k for k in varying if k != key]
    n_rest = len(scenarios[rest].drop_duplicates()) if rest else 1
    return len(scenarios[varying].drop_duplicates()) == n_rest * scenarios[key].nunique()


def _sweep_axes(r):
    """The x key (the first numeric swept key that varies, else the first that varies), the
    other keys that vary (one panel per combination of their values) and, where that would
    leave a panel of a single point (a [zip] whose keys do not move with x, as
    threshold-params' alpha, beta, phi, omega) or split the panels by keys zipped with x, the
    keys that make x its cases instead: x is then CASE, one tick per case in the file's order,
    and the panels the crossed keys."""
    sc = r.scenarios
    varying = [k for k in r.sweep_keys if sc[k].nunique() > 1]
    numeric = [k for k in varying if sc[k].map(lambda v: isinstance(v, float)).all()]
    if not varying:
        return None, [], []
    x = (numeric or varying)[0]   # a non-numeric key (`auto` among numbers): its values in order
    # a key that varies with x in lockstep ([zip]) is not a panel of its own
    others = [k for k in varying if k != x and sc.groupby(x)[k].nunique().max() > 1]
    crossed = [k for k in varying if _crossed(sc, k, varying)]
    # a panel of one point, or panels split by keys zipped with x (threshold-tasks' requests,
    # zipped with its tasks): the zip's cases are the axis, the crossed keys the panels
    if others and ((sc.groupby(others)[x].nunique() < 2).any() or
                   any(k not in crossed for k in others)):
        return CASE, crossed, [k for k in varying if k not in crossed]
    return x, others, []


def _short(k, v):
    """A key's last part and a value, "mode = 1"."""
    k = k.rsplit(".", 1)[-1]
    return f"{k} = {v:g}" if isinstance(v, float) else f"{k} = {v}"


def _with_case(df, case):
    """df with the CASE column: each row's values of the case keys, one line each, in the
    order the x label names them (names in every tick would overlap their neighbours)."""
    if not case:
        return df
    return df.assign(**{CASE: ["\n".join(f"{v:g}" if isinstance(v, float) else str(v)
                                         for v in row)
                               for row in df[case].itertuples(index=False)]})


def _x_label(x, case, log_x=False):
    if not case:
        return x + (" (log scale)" if log_x else "")
    heads = {k.rsplit(".", 1)[0] for k in case if "." in k}
    head = f" of {heads.pop()}" if len(heads) == 1 and all("." in k for k in case) else ""
    return f"case, top to bottom: {', '.join(k.rsplit('.', 1)[-1] for k in case)}{head}"


def _panels(df, others):
    if not others:
        return [("", df)]
    by = others[0] if len(others) == 1 else others   # a one-key list warns in pandas 1.5
    return [("\n".join(_short(k, v) for k, v in
                       zip(others, key if isinstance(key, tuple) else (key,))), group)
            for key, group in df.groupby(by, sort=False)]


def _lines(ax, df, x, policies, zero=False, interval=True):
    """One line per policy in its colour and marker (policies: the file's order, which is the
    order drawn). A band for the interval where it is valid; where a policy has none valid, a
    dashed line and no band."""
    categorical = not df[x].map(lambda v: isinstance(v, float)).all()
    if categorical:   # the values in the file's order, evenly spaced
        order = list(dict.fromkeys(df[x]))
        df = df.assign(**{x: df[x].map(order.index)})
        ax.set_xticks(range(len(order)), [f"{v:g}" if isinstance(v, float) else str(v)
                                          for v in order],
                      fontsize=7 if x == CASE else None)
        ax.margins(x=0.12)   # room for the first and last labels within the panel
    drawn = [(p, df[df.policy == p].sort_values(x)) for p in policies
             if (df.policy == p).any()]
    layers = _layers([(list(d[x]), list(d["mean"])) for _, d in drawn])
    for (policy, d), (ms, lw) in zip(drawn, layers):
        colour, marker = style(policy)
        valid = d.interval != "unreliable"
        ax.plot(d[x], d["mean"], marker=marker, ms=ms, lw=lw, color=colour, label=policy,
                markerfacecolor="none", markeredgewidth=1.3,
                linestyle="-" if valid.all() or not interval else "--")
        if interval and valid.any():
            v = d[valid]
            ax.fill_between(v[x], v["ci_low"], v["ci_high"], alpha=0.15, color=colour,
                            linewidth=0)
    if zero:
        ax.axhline(0.0, color="black", linewidth=0.8)


def _legend(ax, title):
    ax.legend(fontsize=8, title=title, title_fontsize=7, loc="upper left",
              bbox_to_anchor=(1.02, 1.0), borderaxespad=0.0)


def _sweep_figure(r, df, x, others, case, rows=1, height=HEIGHT):
    """A figure of one panel per combination of the other swept keys (and `rows` rows of
    them), x on a log axis where it spans more than 1.5 decades and, where it is numeric, the
    same in every panel (threshold-tasks' panels span 10-90 or 50-90 tasks); returns it, its
    axes (a rows x panels array) and (axes column, rows) per panel."""
    panels = _panels(df, others)
    width = WIDTH * min(len(panels), 3) / 1.5 if len(panels) > 1 else WIDTH
    xs = r.scenarios[x] if x != CASE else df[x]
    numeric = xs.map(lambda v: isinstance(v, float)).all()
    fig, axes = plt.subplots(rows, len(panels), figsize=(width + LEGEND_WIDTH, height),
                             squeeze=False, sharey="row", sharex="all" if numeric else "col")
    log_x = numeric and (xs > 0).all() and xs.max() >= 30 * xs.min()
    if case and len(panels) > 1:  # a case label is long: once under every panel
        fig.supxlabel(_x_label(x, case, log_x), fontsize=10)
    for col, (title, _) in enumerate(panels):
        if not (case and len(panels) > 1):
            axes[-1][col].set_xlabel(_x_label(x, case, log_x))
        axes[0][col].set_title(title, fontsize=8)
        for ax in axes[:, col]:
            if log_x:
                ax.set_xscale("log")
            ax.grid(alpha=0.3)
    return fig, axes, [(axes[:, col], d) for col, (_, d) in enumerate(panels)]


def plot_sweep(r, metrics, out_dir, fmt, written, paired_too=True):
    x, others, case = _sweep_axes(r)
    name, stem = _experiment(r)
    for paired in (False, True) if paired_too else (False,):
        frame = _with_case(r.paired if paired else r.summary, case)
        for m in metrics:
            df = frame[(frame.metric == m) & frame["mean"].notna()]
            if df.empty:
                continue
            fig, axes, panels = _sweep_figure(r, df, x, others, case)
            for (ax,), d in panels:
                _lines(ax, d, x, r.policies, zero=paired)
            unit = r.units.get(m, "")
            base = r.policies[0]
            axes[0][0].set_ylabel(f"{m.replace('_', ' ')} − {base}" +
                                  (f" ({unit})" if unit else "") if paired else _label(m, unit))
            _legend(axes[0][-1], "policy (dashed: no\nvalid interval)")
            fig.suptitle(f"{name}: {'paired difference from ' + base if paired else m}"
                         f" — mean and {r.provenance['confidence']:.0%} interval", fontsize=10)
            _save(fig, out_dir, f"{stem}-{'paired-' if paired else ''}{m}", fmt, written)


VERDICT_ROWS = (("lower", "lower than"), ("tied", "tied with"), ("higher", "higher than"))


def plot_verdict_sweep(r, metrics, out_dir, fmt, written):
    """The shares of replicas in which each policy's metric is lower than, tied with and
    higher than the baseline's (a row of panels each), against the sweep's key, with their
    Clopper–Pearson bands."""
    x, others, case = _sweep_axes(r)
    (name, stem), base = _experiment(r), r.policies[0]
    verdicts = _with_case(r.verdicts, case)
    for m in metrics:
        df = verdicts[(verdicts.metric == m)
                      & verdicts.verdict.isin([k for k, _ in VERDICT_ROWS])]
        if df.empty:
            continue
        fig, axes, panels = _sweep_figure(r, df, x, others, case, rows=len(VERDICT_ROWS),
                                          height=HEIGHT * 1.6)
        for column, d in panels:
            for ax, (kind, _) in zip(column, VERDICT_ROWS):
                _lines(ax, d[d.verdict == kind], x, r.policies)
                if kind != "tied":
                    ax.axhline(0.5, color="black", linewidth=0.8)
                ax.set_ylim(-0.04, 1.04)
        for ax, (_, words) in zip(axes[:, 0], VERDICT_ROWS):
            ax.set_ylabel(f"share {words}\n{base}", fontsize=9)
        _legend(axes[0][-1], "policy")
        fig.suptitle(f"{name}: is {m.replace('_', ' ')} lower or higher than {base}'s? Share of "
                     f"paired replicas,\nexact {r.provenance['confidence']:.0%} interval",
                     fontsize=10)
        _save(fig, out_dir, f"{stem}-verdict-{m}", fmt, written)


# The verdict kinds' colours: not a policy's (STYLES), so that no bar reads as a policy.
VERDICT_COLOURS = {"lower": "#4575b4", "tied": "#d9d9d9", "higher": "#d73027"}


def plot_verdict_points(r, metrics, out_dir, fmt, written):
    """One scenario: each policy's shares of replicas lower, tied and higher than the
    baseline, stacked, each share's exact interval drawn at its edge of the bar (lower's at
    the lower|tied edge, higher's at the tied|higher edge), with the median paired difference
    and its interval written beside."""
    (name, stem), base = _experiment(r), r.policies[0]
    for s in r.scenarios.scenario:
        for m in metrics:
            v = r.verdicts[(r.verdicts.scenario == s) & (r.verdicts.metric == m)]
            if v.empty:
                continue
            pols = list(dict.fromkeys(v.policy))
            fig, ax = plt.subplots(figsize=(WIDTH, 0.6 * len(pols) + 1.6))
            for i, p in enumerate(pols):
                share = v[v.policy == p].set_index("verdict")
                left = 0.0
                for kind in ("lower", "tied", "higher"):
                    w = float(share.loc[kind, "mean"])
                    ax.barh(i, w, left=left, color=VERDICT_COLOURS[kind],
                            label=kind if i == 0 else None)
                    left += w
                low, high = share.loc["lower"], share.loc["higher"]
                for at, lo, hi in ((low["mean"], low["ci_low"], low["ci_high"]),
                                   (1 - high["mean"], 1 - high["ci_high"], 1 - high["ci_low"])):
                    ax.errorbar([at], [i], xerr=[[at - lo], [hi - at]], fmt="none",
                                ecolor="black", elinewidth=1, capsize=4)
                med = share.loc["median_delta"]
                ax.annotate(f"median Δ {med['mean']:.4g} [{med['ci_low']:.4g}, "
                            f"{med['ci_high']:.4g}]", (1.01, i), fontsize=7, va="center",
                            annotation_clip=False)
            ax.set_yticks(range(len(pols)), pols)
            for tick, p in zip(ax.get_yticklabels(), pols):
                tick.set_color(style(p)[0])
            ax.invert_yaxis()   # the policies top to bottom in the file's order
            ax.set_xlim(0, 1)
            ax.set_xlabel(f"share of replicas: {m.replace('_', ' ')} lower, tied, higher than "
                          f"{base}'s\n(bars at the edges: exact "
                          f"{r.provenance['confidence']:.0%} intervals of lower and higher)")
            ax.legend(fontsize=7, ncol=3, loc="lower left", bbox_to_anchor=(0, 1.0))
            ax.set_title(f"{name}, scenario {s}: paired replicas against {base}", fontsize=10,
                         pad=22)
            fig.subplots_adjust(right=0.72)
            _save(fig, out_dir, f"{stem}-s{s}-verdict-{m}", fmt, written)


def plot_points(r, metrics, out_dir, fmt, written):
    """One scenario: each policy's mean as its marker, its interval as a bar where valid (a
    hollow marker and no bar where not)."""
    name, stem = _experiment(r)
    for s in r.scenarios.scenario:
        for m in metrics:
            df = r.summary[(r.summary.scenario == s) & (r.summary.metric == m)
                           & r.summary["mean"].notna()]
            if df.empty:
                continue
            fig, ax = plt.subplots(figsize=(WIDTH, HEIGHT))
            for i, row in enumerate(df.itertuples()):
                valid = row.interval != "unreliable"
                colour, marker = style(row.policy)
                bar = [[row.mean - row.ci_low], [row.ci_high - row.mean]] if valid else None
                ax.errorbar([i], [row.mean], yerr=bar, fmt=marker, ms=8, color=colour,
                            capsize=4, markerfacecolor=colour if valid else "none",
                            markeredgewidth=1.5)
            ax.set_xticks(range(len(df)), df.policy)
            for tick, p in zip(ax.get_xticklabels(), df.policy):
                tick.set_color(style(p)[0])
            ax.set_xlim(-0.5, len(df) - 0.5)
            ax.set_ylabel(_label(m, r.units.get(m, "")))
            ax.grid(alpha=0.3)
            ax.set_title(f"{name}, scenario {s}: mean and {r.provenance['confidence']:.0%} "
                         f"interval (hollow: no valid interval)", fontsize=10)
            _save(fig, out_dir, f"{stem}-s{s}-{m}", fmt, written)


def plot_choices(r, out_dir, fmt, written):
    """The values a policy chose per job: one panel per policy that chose, the share of all
    measured jobs (every replica's) that got each value, one bar per scenario side by side;
    values beyond those covering 99 % of the jobs of every scenario are left off (the panel
    says how many jobs that is)."""
    ch = r.choices()
    if ch.empty:
        return
    name, stem = _experiment(r)
    for key, dk in ch.groupby("key", sort=False):
        pols = list(dict.fromkeys(dk.policy))
        fig, axes = plt.subplots(1, len(pols), figsize=(WIDTH * len(pols) / 2 + LEGEND_WIDTH,
                                                        HEIGHT), squeeze=False)
        scen = sorted(dk.scenario.unique())
        for ax, p in zip(axes[0], pols):
            d = dk[dk.policy == p]
            top = 0
            for s in scen:
                e = d[d.scenario == s].sort_values("value")
                share = e.jobs.cumsum() / e.jobs.sum()
                top = max(top, int(e.value[share.values >= 0.99].iloc[0]))
            width = 0.8 / len(scen)
            left = 0
            for i, s in enumerate(scen):
                e = d[(d.scenario == s) & (d.value <= top)]
                total = d[d.scenario == s].jobs.sum()
                left = max(left, 1 - e.jobs.sum() / total)
                label = ", ".join(f"{k} = {r.scenarios.loc[s, k]}" for k in r.sweep_keys) \
                    or f"scenario {s}"
                ax.bar(e.value + (i - (len(scen) - 1) / 2) * width, e.jobs / total, width,
                       label=label, color=_FALLBACK_COLOURS[i % len(_FALLBACK_COLOURS)])
            ax.set_xticks(range(int(d.value.min()), top + 1))
            ax.set_xlabel(f"{key} chosen for a job" + (f" (jobs above {top}: {left:.1%})"
                                                       if left > 0 else ""))
            ax.set_title(p, color=style(p)[0], fontsize=10)
            ax.grid(alpha=0.3, axis="y")
        axes[0][0].set_ylabel("share of the measured jobs")
        _legend(axes[0][-1], "scenario")
        fig.suptitle(f"{name}: the {key} each job got (all replicas' measured jobs)",
                     fontsize=10)
        _save(fig, out_dir, f"{stem}-per-job-{key}", fmt, written)


def _specmc_binary():
    for cand in (os.environ.get("SPECMC"), shutil.which("specmc"),
                 os.path.join(os.path.dirname(__file__), "..", "..", "..", "bin", "specmc")):
        if cand and os.access(cand, os.X_OK):
            return cand
    raise RuntimeError("the CDFs need the specmc binary: set $SPECMC")


def plot_cdfs(r, out_dir, fmt, written):
    """Each scenario's CDF of job flowtime / machine time, one line per policy in its colour,
    its markers a few along the line, each policy's at other places, so that coinciding CDFs
    all show; the band of report --cdf's interval where valid (dashed, no band, where not)."""
    name, stem = _experiment(r)
    for q in ("flowtime", "machine_time"):
        if r.histograms(q).empty:
            continue
        text = subprocess.run([_specmc_binary(), "report", r.path, "--cdf", q, "--csv"],
                              check=True, capture_output=True, text=True).stdout
        rows = list(csv.DictReader(io.StringIO(text)))
        for s in r.scenarios.scenario:
            fig, ax = plt.subplots(figsize=(WIDTH + LEGEND_WIDTH, HEIGHT))
            n = len(r.policies)
            cdfs = [[row for row in rows if int(row["scenario"]) == s and row["policy"] == p
                     and row["quantity"] == q]   # not the delta_ rows of the paired CDFs
                    for p in r.policies]
            layers = _layers([([float(row["at"]) for row in d],
                               [float(row["mean"]) for row in d]) for d in cdfs])
            for i, (p, d, (ms, lw)) in enumerate(zip(r.policies, cdfs, layers)):
                at = [float(row["at"]) for row in d]
                valid = all(row["interval"] != "unreliable" for row in d)
                colour, marker = style(p)
                ax.plot(at, [float(row["mean"]) for row in d], label=p, color=colour,
                        marker=marker, ms=ms, lw=lw, markerfacecolor="none",
                        markeredgewidth=1.3, linestyle="-" if valid else "--",
                        markevery=(0.1 * (i + 0.5) / n, 0.1))
                if valid:
                    ax.fill_between(at, [float(row["ci_low"]) for row in d],
                                    [float(row["ci_high"]) for row in d], alpha=0.15,
                                    color=colour, linewidth=0)
            ax.set_xlabel(_label(q, "time" if q == "flowtime" else "slot time"))
            ax.set_ylabel("P(job ≤ x)")
            ax.set_ylim(0, 1.02)
            ax.grid(alpha=0.3)
            _legend(ax, "policy (dashed: no\nvalid interval)")
            ax.set_title(f"{name}, scenario {s}: CDF of job {q.replace('_', ' ')} with "
                         f"{r.provenance['confidence']:.0%} intervals", fontsize=10)
            _save(fig, out_dir, f"{stem}-s{s}-cdf-{q}", fmt, written)


def plot_series(r, out_dir, fmt, written):
    """Each policy's state over time ([series]): a panel per scenario (titled by its swept
    values), the median over replicas with its order-statistic interval as a band and the
    10-90 % quantiles of the replicas as a lighter band, from report --series --csv."""
    info = r.series_info()
    if info.empty:
        return
    name, stem = _experiment(r)
    text = subprocess.run([_specmc_binary(), "report", r.path, "--series", "--csv"],
                          check=True, capture_output=True, text=True).stdout
    rows = list(csv.DictReader(io.StringIO(text)))
    origin = "the first job's arrival" if info.origin.iloc[0] == "arrival" else "0"
    for p in r.policies:
        scen = list(info[info.policy == p].scenario)
        if not scen or not info[info.policy == p].state.iloc[0]:
            continue
        cols = min(len(scen), 2)
        nrows = (len(scen) + cols - 1) // cols
        fig, axes = plt.subplots(nrows, cols, figsize=(WIDTH * cols * 0.75 + 0.5,
                                                       HEIGHT * nrows * 0.8 + 0.6),
                                 squeeze=False, sharex=True)
        colour, _ = style(p)
        state = info[info.policy == p].state.iloc[0]
        for i, s in enumerate(scen):
            ax = axes[i // cols][i % cols]
            q = {k: [row for row in rows if int(row["scenario"]) == s and row["policy"] == p
                     and row["quantity"] == k] for k in ("state_median", "state_p10",
                                                         "state_p90")}
            at = [float(row["at"]) for row in q["state_median"]]

            def val(k, c="mean"):
                return [float(row[c]) if row["n"] != "0" else math.nan for row in q[k]]
            ax.fill_between(at, val("state_p10"), val("state_p90"), color=colour, alpha=0.12,
                            linewidth=0, label="10-90 % of replicas")
            ax.fill_between(at, val("state_median", "ci_low"), val("state_median", "ci_high"),
                            color=colour, alpha=0.35, linewidth=0, label="median's interval")
            ax.plot(at, val("state_median"), color=colour, lw=1.4, label="median")
            sc = r.scenarios[r.scenarios.scenario == s].iloc[0]
            ax.set_title(", ".join(_short(k, sc[k]) for k in r.sweep_keys) or f"scenario {s}",
                         fontsize=9)
            if all(v > 0 for v in val("state_p10") + val("state_p90") if v == v):
                ax.set_yscale("log")   # a state such as QoS / median TTC spans decades
            ax.grid(alpha=0.3, which="both")
            if i // cols == nrows - 1:
                ax.set_xlabel(f"time from {origin}")
            if i % cols == 0:
                ax.set_ylabel(f"{state.split(',')[0]} ({p})")
        for j in range(len(scen), nrows * cols):
            axes[j // cols][j % cols].set_visible(False)
        axes[0][0].legend(fontsize=7, loc="upper right")
        fig.suptitle(f"{name}: {p}'s state over {r.provenance['replicas']} replicas\n"
                     f"({state.split(':')[0]}; {r.provenance['confidence']:.0%} intervals)",
                     fontsize=9)
        fig.tight_layout()
        _save(fig, out_dir, f"{stem}-{p}", fmt, written)


COLOURS = {(True, True): "tab:green", (False, False): "tab:orange", (False, True): "tab:red",
           (True, False): "tab:purple"}


def plot_validate(v, out_dir, fmt, written):
    for check, d in v.rows.groupby("id", sort=False):
        d = d.reset_index(drop=True)
        params = [r["params"][:60] for _, r in d.iterrows()]
        # the axes keep HEIGHT whatever the labels below them take (6 pt text, turned)
        below = 0.05 * max(len(p) for p in params) + 0.4
        fig, ax = plt.subplots(figsize=(max(WIDTH, 0.3 * len(d) + 2) + LEGEND_WIDTH,
                                        HEIGHT + below))
        for i, row in d.iterrows():
            agrees, expected = bool(row["agrees"]), bool(row["expected"])
            closed, est = float(row["closed_form"]), float(row["estimate"])
            scale = abs(closed) if closed not in (0.0,) and math.isfinite(closed) else 1.0
            lo, hi = float(row["ci_low"]), float(row["ci_high"])
            colour = COLOURS[(agrees, expected)]
            if math.isfinite(lo) and math.isfinite(hi):
                ax.errorbar([i], [est / scale], yerr=[[max(est - lo, 0) / scale],
                                                      [max(hi - est, 0) / scale]],
                            fmt="o", color=colour, capsize=3, ms=4)
            else:
                ax.plot([i], [est / scale], "o", color=colour, ms=4)
            ax.plot([i], [closed / scale], "_", color="black", ms=12, mew=2)
            if not expected:
                ax.annotate("expected: off", (i, est / scale), fontsize=6, rotation=90,
                            xytext=(3, 6), textcoords="offset points", color=colour)
        ax.set_xticks(range(len(d)), params, rotation=90, fontsize=6)
        ax.set_ylabel("estimate / |closed form|")
        ax.margins(y=0.25)
        ax.grid(alpha=0.3)
        handles = [plt.Line2D([], [], marker="o", linestyle="", color=c, label=l)
                   for c, l in ((COLOURS[(True, True)], "agrees, as expected"),
                                (COLOURS[(False, False)], "disagrees, as expected"),
                                (COLOURS[(False, True)], "disagrees: unexpected"),
                                (COLOURS[(True, False)], "agrees: unexpected"))]
        handles.append(plt.Line2D([], [], marker="_", linestyle="", color="black", ms=12,
                                  mew=2, label="closed form"))
        ax.legend(handles=handles, fontsize=7, loc="upper left", bbox_to_anchor=(1.02, 1.0),
                  borderaxespad=0.0)
        ax.set_title(f"specmc validate {check}:\nestimate with its interval against the "
                     f"closed form", fontsize=10)
        _save(fig, out_dir, f"validate-{check}", fmt, written)


def plot_file(path, out_dir=".", fmt="png", metrics=None, paired=True, cdfs=True):
    """Every figure of a file (without the paired differences or the CDFs when asked);
    returns the paths written."""
    os.makedirs(out_dir, exist_ok=True)
    written = []
    r = load(path)
    if isinstance(r, ValidateResults):
        plot_validate(r, out_dir, fmt, written)
        return written
    if metrics is None:
        metrics = [m for m in DEFAULT_METRICS if m in r.metrics]
    x, _, _ = _sweep_axes(r)
    if x:
        plot_sweep(r, metrics, out_dir, fmt, written, paired)
    else:
        plot_points(r, metrics, out_dir, fmt, written)
    if paired and len(r.policies) > 1:
        (plot_verdict_sweep if x else plot_verdict_points)(r, metrics, out_dir, fmt, written)
    if cdfs:
        plot_cdfs(r, out_dir, fmt, written)
    plot_choices(r, out_dir, fmt, written)
    plot_series(r, out_dir, fmt, written)
    return written


def main(argv):
    ap = argparse.ArgumentParser(prog="specmc plot", description=__doc__.split("\n")[0])
    ap.add_argument("file")
    ap.add_argument("--out", default=".", help="directory for the figures (default: here)")
    ap.add_argument("--format", default="png", choices=("png", "svg", "pdf"))
    ap.add_argument("--metrics", help="comma-separated metrics (default: " +
                    ",".join(DEFAULT_METRICS) + ")")
    a = ap.parse_args(argv)
    if not os.path.isfile(a.file):
        print(f"specmc: error: plot: {a.file}: no such file", file=sys.stderr)
        return 2
    try:
        paths = plot_file(a.file, a.out, a.format,
                          a.metrics.split(",") if a.metrics else None)
    except (OSError, ValueError, RuntimeError, KeyError) as e:
        print(f"specmc: error: plot: {e}", file=sys.stderr)
        return 1 if not isinstance(e, ValueError) else 2
    for p in paths:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

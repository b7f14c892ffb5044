"""plot — pictures of a specmc file, as `specmc plot FILE [--out DIR] [--format png|svg|pdf]`
draws them (or `python3 -m specmc.plot FILE ...`).

    a sweep        each metric against the first numeric swept key (else the first swept key,
                   its values in order), one line per policy, its
                   interval as a band (a dashed line and no band where specmc marks the
                   interval not valid); one panel per value of any other swept key
    paired         each policy minus the baseline against the same key, zero marked
    verdicts       the share of replicas in which each policy is lower than the baseline
                   against the same key, with its exact interval, ½ marked (valid at any
                   tail); for one scenario, each policy's shares lower / tied / higher as a
                   bar, with the median paired difference and its interval
    one scenario   each metric as points with interval bars, one per policy
    histograms     the CDF of job flowtime / machine time of each scenario, one line per
                   policy, with the intervals `specmc report --cdf` computes
    validate       per check, each point's estimate with its interval against the closed
                   form (both divided by |closed form|), coloured by verdict; expected
                   disagreements labelled

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


def _sweep_axes(r):
    """The x key (the first numeric swept key that varies, else the first that varies) and
    the other keys that vary (one panel per combination of their values)."""
    varying = [k for k in r.sweep_keys if r.scenarios[k].nunique() > 1]
    numeric = [k for k in varying
               if r.scenarios[k].map(lambda v: isinstance(v, float)).all()]
    if not varying:
        return None, []
    x = (numeric or varying)[0]   # a non-numeric key (`auto` among numbers): its values in order
    # a key that varies with x in lockstep ([zip]) is not a panel of its own
    return x, [k for k in r.sweep_keys if k != x and r.scenarios[k].nunique() > 1
               and r.scenarios.groupby(x)[k].nunique().max() > 1]


def _panels(df, others):
    if not others:
        return [("", df)]
    by = others[0] if len(others) == 1 else others   # a one-key list warns in pandas 1.5

    def short(k, v):   # a panel title line: the key's last part, "mode = 1"
        k = k.rsplit(".", 1)[-1]
        return f"{k} = {v:g}" if isinstance(v, float) else f"{k} = {v}"
    return [("\n".join(short(k, v) for k, v in
                       zip(others, key if isinstance(key, tuple) else (key,))), group)
            for key, group in df.groupby(by, sort=False)]


def _lines(ax, df, x, zero=False):
    categorical = not df[x].map(lambda v: isinstance(v, float)).all()
    if categorical:   # the values in the file's order, evenly spaced
        order = list(dict.fromkeys(df[x]))
        df = df.assign(**{x: df[x].map(order.index)})
        ax.set_xticks(range(len(order)), [f"{v:g}" if isinstance(v, float) else str(v)
                                          for v in order])
    for policy, d in df.groupby("policy", sort=False):
        d = d.sort_values(x)
        valid = d.interval != "unreliable"
        line, = ax.plot(d[x], d["mean"], marker="o", ms=3, label=policy,
                        linestyle="-" if valid.all() else "--")
        if valid.any():
            v = d[valid]
            ax.fill_between(v[x], v["ci_low"], v["ci_high"], alpha=0.2, color=line.get_color(),
                            linewidth=0)
    if zero:
        ax.axhline(0.0, color="black", linewidth=0.8)


def _sweep_figure(r, df, x, others):
    """A figure of one panel per combination of the other swept keys, x on a log axis where it
    spans more than 1.5 decades; returns it, its row of axes and (axis, rows) per panel."""
    panels = _panels(df, others)
    fig, axes = plt.subplots(1, len(panels), figsize=(WIDTH * min(len(panels), 3) / 1.5
                             if len(panels) > 1 else WIDTH, HEIGHT), squeeze=False,
                             sharey=True)
    xs = r.scenarios[x]
    log_x = (xs.map(lambda v: isinstance(v, float)).all() and (xs > 0).all()
             and xs.max() >= 30 * xs.min())
    for ax, (title, _) in zip(axes[0], panels):
        ax.set_xlabel(x + (" (log scale)" if log_x else ""))
        if log_x:
            ax.set_xscale("log")
        ax.set_title(title, fontsize=8)
        ax.grid(alpha=0.3)
    return fig, axes[0], [(ax, d) for ax, (_, d) in zip(axes[0], panels)]


def plot_sweep(r, metrics, out_dir, fmt, written, paired_too=True):
    x, others = _sweep_axes(r)
    name, stem = _experiment(r)
    for paired in (False, True) if paired_too else (False,):
        frame = r.paired if paired else r.summary
        for m in metrics:
            df = frame[(frame.metric == m) & frame["mean"].notna()]
            if df.empty:
                continue
            fig, axes, panels = _sweep_figure(r, df, x, others)
            for ax, d in panels:
                _lines(ax, d, x, zero=paired)
            unit = r.units.get(m, "")
            base = r.policies[0]
            axes[0].set_ylabel(f"{m.replace('_', ' ')} − {base}" + (f" ({unit})" if unit else "")
                               if paired else _label(m, unit))
            axes[-1].legend(fontsize=8, title="policy (dashed: no valid interval)",
                               title_fontsize=7)
            fig.suptitle(f"{name}: {'paired difference from ' + base if paired else m}"
                         f" — mean and {r.provenance['confidence']:.0%} interval", fontsize=10)
            _save(fig, out_dir, f"{stem}-{'paired-' if paired else ''}{m}", fmt, written)


def plot_verdict_sweep(r, metrics, out_dir, fmt, written):
    """The share of replicas in which each policy's metric is lower than the baseline's,
    against the sweep's key, with its Clopper–Pearson band."""
    x, others = _sweep_axes(r)
    (name, stem), base = _experiment(r), r.policies[0]
    for m in metrics:
        df = r.verdicts[(r.verdicts.metric == m) & (r.verdicts.verdict == "lower")]
        if df.empty:
            continue
        fig, axes, panels = _sweep_figure(r, df, x, others)
        for ax, d in panels:
            _lines(ax, d, x)
            ax.axhline(0.5, color="black", linewidth=0.8)
            ax.set_ylim(-0.02, 1.02)
        axes[0].set_ylabel(f"share of replicas with {m.replace('_', ' ')} below {base}'s")
        axes[-1].legend(fontsize=8, title="policy", title_fontsize=7)
        fig.suptitle(f"{name}: is {m.replace('_', ' ')} lower than {base}'s? Share of paired "
                     f"replicas, exact {r.provenance['confidence']:.0%} interval", fontsize=10)
        _save(fig, out_dir, f"{stem}-verdict-{m}", fmt, written)


def plot_verdict_points(r, metrics, out_dir, fmt, written):
    """One scenario: each policy's shares of replicas lower, tied and higher than the
    baseline, stacked, with the median paired difference and its interval written beside."""
    (name, stem), base = _experiment(r), r.policies[0]
    colours = {"lower": "tab:blue", "tied": "0.75", "higher": "tab:orange"}
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
                    ax.barh(i, w, left=left, color=colours[kind],
                            label=kind if i == 0 else None)
                    left += w
                med = share.loc["median_delta"]
                ax.annotate(f"median Δ {med['mean']:.4g} [{med['ci_low']:.4g}, "
                            f"{med['ci_high']:.4g}]", (1.01, i), fontsize=7, va="center",
                            annotation_clip=False)
            ax.set_yticks(range(len(pols)), pols)
            ax.invert_yaxis()   # the policies top to bottom in the file's order
            ax.set_xlim(0, 1)
            ax.set_xlabel(f"share of replicas: {m.replace('_', ' ')} lower, tied, higher than "
                          f"{base}'s")
            ax.legend(fontsize=7, ncol=3, loc="lower left", bbox_to_anchor=(0, 1.0))
            ax.set_title(f"{name}, scenario {s}: paired replicas against {base}", fontsize=10,
                         pad=22)
            fig.subplots_adjust(right=0.72)
            _save(fig, out_dir, f"{stem}-s{s}-verdict-{m}", fmt, written)


def plot_points(r, metrics, out_dir, fmt, written):
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
                ax.errorbar([i], [row.mean], yerr=[[row.mean - row.ci_low], [row.ci_high - row.mean]]
                            if valid else None, fmt="o" if valid else "x", capsize=4)
            ax.set_xticks(range(len(df)), df.policy)
            ax.set_ylabel(_label(m, r.units.get(m, "")))
            ax.grid(alpha=0.3)
            ax.set_title(f"{name}, scenario {s}: mean and {r.provenance['confidence']:.0%} "
                         f"interval (x: no valid interval)", fontsize=10)
            _save(fig, out_dir, f"{stem}-s{s}-{m}", fmt, written)


def _specmc_binary():
    for cand in (os.environ.get("SPECMC"), shutil.which("specmc"),
                 os.path.join(os.path.dirname(__file__), "..", "..", "..", "bin", "specmc")):
        if cand and os.access(cand, os.X_OK):
            return cand
    raise RuntimeError("the CDFs need the specmc binary: set $SPECMC")


def plot_cdfs(r, out_dir, fmt, written):
    name, stem = _experiment(r)
    for q in ("flowtime", "machine_time"):
        if r.histograms(q).empty:
            continue
        text = subprocess.run([_specmc_binary(), "report", r.path, "--cdf", q, "--csv"],
                              check=True, capture_output=True, text=True).stdout
        rows = list(csv.DictReader(io.StringIO(text)))
        for s in r.scenarios.scenario:
            fig, ax = plt.subplots(figsize=(WIDTH, HEIGHT))
            for p in r.policies:
                d = [row for row in rows if int(row["scenario"]) == s and row["policy"] == p
                     and row["quantity"] == q]  # not the delta_ rows of the paired CDFs
                at = [float(row["at"]) for row in d]
                line, = ax.plot(at, [float(row["mean"]) for row in d], label=p)
                ax.fill_between(at, [float(row["ci_low"]) for row in d],
                                [float(row["ci_high"]) for row in d], alpha=0.2,
                                color=line.get_color(), linewidth=0)
            ax.set_xlabel(_label(q, "time" if q == "flowtime" else "slot time"))
            ax.set_ylabel("P(job ≤ x)")
            ax.set_ylim(0, 1.02)
            ax.grid(alpha=0.3)
            ax.legend(fontsize=8)
            ax.set_title(f"{name}, scenario {s}: CDF of job {q.replace('_', ' ')} with "
                         f"{r.provenance['confidence']:.0%} intervals", fontsize=10)
            _save(fig, out_dir, f"{stem}-s{s}-cdf-{q}", fmt, written)


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
    x, _ = _sweep_axes(r)
    if x:
        plot_sweep(r, metrics, out_dir, fmt, written, paired)
    else:
        plot_points(r, metrics, out_dir, fmt, written)
    if paired and len(r.policies) > 1:
        (plot_verdict_sweep if x else plot_verdict_points)(r, metrics, out_dir, fmt, written)
    if cdfs:
        plot_cdfs(r, out_dir, fmt, written)
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

#!/usr/bin/python3
"""plots — the figures of the reproductions in docs/reproductions.md (`make plots`).

    scripts/plots.py [--bin bin/specmc] [--only NAME,...] [--work build/plots]

Runs each experiment below at its committed replica count (into build/plots/NAME.h5, kept:
a second call re-plots without re-running unless the config is newer) and draws the metrics
the paper's figure shows with analysis/python/specmc (small PNGs in docs/figures/, named
NAME-METRIC.png; docs/reproductions.md shows them beside the paper's numbers). Prints each
figure's path.
"""
import argparse
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "analysis", "python"))
from specmc import plot  # noqa: E402

# experiment -> the metrics its paper's figure or table shows (and, where the run keeps
# histograms, the CDFs of job flowtime and machine time)
FIGURES = {
    "hopper-load": ["flowtime"],
    "hopper-beta": ["flowtime"],
    "hopper-threshold": ["flowtime"],
    "hopper-fairness": ["slowdown_jain", "flowtime_p90"],
    "chronos-fig2": ["pocd"],
    "chronos-fig3": ["pocd", "utility"],
    "chronos-fig4": ["pocd"],
    "chronos-table1": ["pocd"],
    "chronos-table2": ["pocd"],
    "threshold-servers": ["copies_per_task"],
    "threshold-tasks": ["copies_per_task"],
    "threshold-params": ["copies_per_task"],
    "threshold-fig6": [],       # its figure is the threshold's series
    "srptms-epsilon": ["flowtime_weighted"],
    "srptms-r": ["flowtime_weighted"],
    "srptms-machines": ["flowtime_weighted"],
    "srptms-compare": ["flowtime_weighted"],
    "xulau-sca-gamma": ["flowtime"],
    "xulau-sca-xi": ["flowtime"],
    "xulau-sca-alpha": ["flowtime"],
    "xulau-sca-interval": ["flowtime"],
    "xulau-cutoff": ["flowtime"],
    "xulau-sigma": ["flowtime"],
    "xulau-light": [],          # its figures are the CDFs
    "xulau-heavy": [],
}


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "bin", "specmc"))
    ap.add_argument("--only", help="comma-separated experiment names")
    ap.add_argument("--work", default=os.path.join(ROOT, "build", "plots"))
    a = ap.parse_args(argv)
    os.makedirs(a.work, exist_ok=True)
    out_dir = os.path.join(ROOT, "docs", "figures")
    names = a.only.split(",") if a.only else list(FIGURES)
    os.environ.setdefault("SPECMC", a.bin)
    for name in names:
        config = os.path.join(ROOT, "experiments", f"{name}.ini")
        h5 = os.path.join(a.work, f"{name}.h5")
        if not os.path.exists(h5) or os.path.getmtime(h5) < os.path.getmtime(config):
            subprocess.run([a.bin, "run", config, "--out", h5, "--quiet"], check=True)
        for path in plot.plot_file(h5, out_dir, "png", FIGURES[name], paired=False):
            print(os.path.relpath(path, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The figures (analysis/python/specmc/plot.py and `specmc plot`): every kind of file gives
its figures, each a real image of the format asked, in the folder asked whatever the file's
names; a file that is not there is an error."""
import configparser
import glob
import os
import re
import subprocess

import pytest

import specmc
from conftest import ROOT, SMALL, SPECMC, renamed, specmc as run_specmc
from specmc import plot

PNG = b"\x89PNG\r\n\x1a\n"


def images(paths, magic=PNG):
    for p in paths:
        with open(p, "rb") as f:
            assert f.read(len(magic)) == magic, p
        assert os.path.getsize(p) > 5000, p


def test_sweep_paired_and_cdfs(sweep, tmp_path, monkeypatch):
    monkeypatch.setenv("SPECMC", SPECMC)
    paths = plot.plot_file(sweep, str(tmp_path))
    names = {os.path.basename(p) for p in paths}
    assert {"small-flowtime.png", "small-paired-flowtime.png", "small-pocd.png",
            "small-verdict-flowtime.png", "small-verdict-pocd.png",
            "small-s0-cdf-flowtime.png", "small-s1-cdf-machine_time.png"} <= names, names
    images(paths)


def test_one_scenario(work, tmp_path):
    one = str(work / "one.h5")
    run_specmc("run", SMALL, "--replicas", "5", "--quiet", "--out", one,
               "--set", "sweep.workload.rate=1.0")
    paths = plot.plot_file(one, str(tmp_path), metrics=["flowtime", "pocd"])
    assert sorted(os.path.basename(p) for p in paths) == [
        "small-s0-flowtime.png", "small-s0-pocd.png", "small-s0-verdict-flowtime.png",
        "small-s0-verdict-pocd.png"]
    images(paths)


def test_per_job_choices(per_job, tmp_path):
    paths = plot.plot_file(per_job, str(tmp_path), metrics=["pocd"], paired=False, cdfs=False)
    assert [os.path.basename(p) for p in paths] == ["chronos-fig5-pocd.png",
                                                    "chronos-fig5-per-job-r.png"]
    images(paths)


def test_series(series, tmp_path, monkeypatch):
    monkeypatch.setenv("SPECMC", SPECMC)
    paths = plot.plot_file(series, str(tmp_path), metrics=[], paired=False, cdfs=False)
    assert [os.path.basename(p) for p in paths] == ["threshold-fig6-threshold.png"]
    images(paths)


def test_validate(validate_file, tmp_path):
    paths = plot.plot_file(validate_file, str(tmp_path))
    assert paths and all(os.path.basename(p).startswith("validate-dist.") for p in paths)
    images(paths)


def test_the_command(sweep, tmp_path):
    out = subprocess.run([SPECMC, "plot", sweep, "--out", str(tmp_path), "--format", "svg",
                          "--metrics", "flowtime"], check=True, capture_output=True, text=True)
    paths = out.stdout.split()
    assert os.path.join(str(tmp_path), "small-flowtime.svg") in paths
    images(paths, magic=b"<?xml")
    bad = subprocess.run([SPECMC, "plot", str(tmp_path / "nothere.h5")], capture_output=True,
                         text=True)
    assert bad.returncode == 2 and "nothere.h5: no such file" in bad.stderr


def test_names_from_the_file_stay_in_out(sweep, tmp_path, monkeypatch):
    """Figure names were the experiment name as the file held it: `../../x` wrote
    beside the folder asked, an absolute name wrote there, 300 characters failed with "File
    name too long", a Latin-1 name failed to decode, `$\\frac$` failed in mathtext. Each
    now gives its figures in --out, under names of safe characters, distinct for each name."""
    monkeypatch.setenv("SPECMC", SPECMC)
    out = tmp_path / "a" / "b" / "out"
    names = [b"../../x", str(tmp_path / "abs").encode(), b"..", b".hidden", b"-rf",
             b"n" * 300, b"n" * 299 + b"m", b"caf\xe9/\x1b[31m", b"$\\frac$", b""]
    written = []
    for i, name in enumerate(names):
        paths = plot.plot_file(renamed(sweep, str(tmp_path / f"{i}.h5"), name), str(out),
                               metrics=["flowtime"])
        assert len(paths) == 7, (name, paths)   # 3 of flowtime, 4 CDFs
        for p in paths:
            base = os.path.basename(p)
            assert os.path.dirname(p) == str(out), p
            assert re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,250}\.png", base), base
        written += paths
    images(written)
    assert sorted(os.listdir(out)) == sorted(os.path.basename(p) for p in written)
    assert sorted(os.listdir(tmp_path)) == sorted(["a"] + [f"{i}.h5" for i in range(len(names))])
    assert os.listdir(tmp_path / "a") == ["b"] and os.listdir(tmp_path / "a" / "b") == ["out"]
    # a name that is safe as it is stays as it is
    assert plot._stem("chronos-fig3") == "chronos-fig3"


def _policy_lists():
    """Each experiment's [policy] list, as its config names them."""
    lists = {}
    for path in sorted(glob.glob(os.path.join(ROOT, "experiments", "*.ini"))):
        ini = configparser.ConfigParser(inline_comment_prefixes=(";",), strict=False)
        ini.read(path)
        if ini.has_option("policy", "list"):
            lists[path] = [p.strip() for p in ini.get("policy", "list").split(",")]
    return lists


def test_a_policy_looks_the_same_in_every_figure():
    """A policy's colour came from its place in the file's list, so clone was
    orange in one figure and blue in the next. Each registered policy and each pair the
    experiments run has its own (colour, marker); the policies of one experiment differ in
    colour; another name gets the same look every time."""
    looks = list(plot.STYLES.values())
    assert len(set(looks)) == len(looks)
    policies = run_specmc("list").split("\n\n")[0]   # the first section: the registry
    listed = re.findall(r"^  ([a-z0-9+-]+) {2,}", policies, re.M)
    assert "s-resume" in listed and set(listed) <= set(plot.STYLES), listed
    for path, policies in _policy_lists().items():
        assert set(policies) <= set(plot.STYLES), path
        colours = [plot.style(p)[0] for p in policies]
        assert len(set(colours)) == len(colours), (path, policies)
    assert plot.style("fair+hadoop-s") == plot.style("fair+hadoop-s")
    assert plot.style("fair+hadoop-s")[1] in plot._FALLBACK_MARKERS


def _saved(monkeypatch):
    """Record each figure's name and axes as plot saves it."""
    seen = {}
    save = plot._save

    def record(fig, out_dir, name, fmt, written):
        seen[name] = [(ax.get_title(), [t.get_text() for t in ax.get_xticklabels()],
                       [line.get_label() for line in ax.get_lines()],
                       [line.get_marker() for line in ax.get_lines()]) for ax in fig.axes]
        save(fig, out_dir, name, fmt, written)
    monkeypatch.setattr(plot, "_save", record)
    return seen


def test_zipped_cases_are_one_axis(work, tmp_path, monkeypatch):
    """threshold-params zips alpha, beta, phi, omega (5 cases) and sweeps the mode;
    its figure had a panel per (phi, omega, mode), four of them a single point. The cases are
    now the x axis, a panel per mode."""
    out = str(work / "params.h5")
    run_specmc("run", os.path.join(ROOT, "experiments", "threshold-params.ini"),
               "--replicas", "20", "--quiet", "--out", out)
    r = specmc.load(out)
    x, panels, case = plot._sweep_axes(r)
    assert (x, panels) == (plot.CASE, ["policy.threshold.mode"])
    assert [k.rsplit(".", 1)[1] for k in case] == ["alpha", "beta", "phi", "omega"]
    seen = _saved(monkeypatch)
    plot.plot_file(out, str(tmp_path), metrics=["copies_per_task"], paired=False)
    axes = seen["threshold-params-copies_per_task"]
    assert [a[0] for a in axes] == ["mode = 0", "mode = 1"]
    for _, ticks, labels, markers in axes:
        assert len(ticks) == 5 and ticks[0] == "0.5\n0.5\n0.4\n0.4"
        assert markers[labels.index("threshold")] == plot.style("threshold")[1]


def test_keys_zipped_with_x_are_not_panels(work):
    """threshold-tasks zips its tasks with the CPU and memory requests (7 cases) and sweeps
    the mode; its figure had a panel per (request, mode), six of them, each a part of one
    line. The cases are the x axis, a panel per mode."""
    out = str(work / "tasks.h5")
    run_specmc("run", os.path.join(ROOT, "experiments", "threshold-tasks.ini"),
               "--replicas", "4", "--quiet", "--out", out)
    x, panels, case = plot._sweep_axes(specmc.load(out))
    assert (x, panels) == (plot.CASE, ["policy.threshold.mode"])
    assert [k.rsplit(".", 1)[1] for k in case] == ["tasks", "cpu_request", "mem_request"]


def test_verdicts_of_every_kind(sweep, tmp_path, monkeypatch):
    """The verdict figure drew only the share lower; the shares tied and higher
    (a PoCD ties often) are rows of their own, each policy in its own marker."""
    monkeypatch.setenv("SPECMC", SPECMC)
    seen = _saved(monkeypatch)
    plot.plot_file(sweep, str(tmp_path), metrics=["pocd"], cdfs=False)
    axes = seen["small-verdict-pocd"]
    policies = specmc.load(sweep).policies[1:]
    assert len(axes) == 3   # lower, tied, higher: one panel each (small sweeps one key)
    for _, _, labels, markers in axes:
        drawn = [(lab, m) for lab, m in zip(labels, markers) if lab in policies]
        assert drawn == [(p, plot.style(p)[1]) for p in policies]

"""The figures (analysis/python/specmc/plot.py and `specmc plot`): every kind of file gives
its figures, each a real image of the format asked, in the folder asked whatever the file's
names; a file that is not there is an error."""
import os
import re
import subprocess

import pytest

from conftest import SMALL, SPECMC, renamed, specmc as run_specmc
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
    """issue 26: figure names were the experiment name as the file held it: `../../x` wrote
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

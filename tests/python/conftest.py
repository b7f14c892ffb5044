"""Fixtures for the Python reader's tests: results files written by the specmc under test
($SPECMC, default build/check/specmc), once per session, in a temporary directory."""
import os
import shutil
import subprocess
import sys

import h5py
import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "analysis", "python"))
SPECMC = os.environ.get("SPECMC", os.path.join(ROOT, "build", "check", "specmc"))
SMALL = os.path.join(ROOT, "tests", "cli", "configs", "small.ini")
FORMAT3 = os.path.join(ROOT, "tests", "cli", "fixtures", "format3-small.h5")


def specmc(*args):
    return subprocess.run([SPECMC, *args], check=True, capture_output=True, text=True).stdout


def renamed(src, dst, name, config=None):
    """A copy of results file src at dst whose experiment attribute holds the bytes `name` (and
    whose config text, given bytes, `config`): what an older specmc wrote for any name, one
    that this one refuses included."""
    shutil.copyfile(src, dst)
    with h5py.File(dst, "r+") as f:
        f.attrs["experiment"] = np.bytes_(name)
        if config is not None:
            f["config"][0] = config
    return dst


@pytest.fixture(scope="session")
def work(tmp_path_factory):
    return tmp_path_factory.mktemp("specmc")


@pytest.fixture(scope="session")
def sweep(work):
    """small.ini (2 scenarios x 4 policies) with histograms of both job quantities."""
    out = str(work / "sweep.h5")
    specmc("run", SMALL, "--replicas", "6", "--quiet", "--out", out,
           "--set", "histogram.flowtime=60", "--set", "histogram.machine_time=40")
    return out


@pytest.fixture(scope="session")
def per_job(work):
    """experiments/chronos-fig5.ini (Algorithm 1 chooses r per job) at 3 replicas."""
    out = str(work / "per_job.h5")
    specmc("run", os.path.join(ROOT, "experiments", "chronos-fig5.ini"), "--replicas", "3",
           "--quiet", "--out", out)
    return out


@pytest.fixture(scope="session")
def series(work):
    """experiments/threshold-fig6.ini (the threshold's series) at 7 replicas, times 0 to 3."""
    out = str(work / "series.h5")
    specmc("run", os.path.join(ROOT, "experiments", "threshold-fig6.ini"), "--replicas", "7",
           "--quiet", "--out", out, "--set", "series.times=0:0.25:3")
    return out


@pytest.fixture(scope="session")
def validate_file(work):
    out = str(work / "validate.h5")
    subprocess.run([SPECMC, "validate", "--quick", "--only", "dist.", "--out", out],
                   check=True, capture_output=True)
    return out

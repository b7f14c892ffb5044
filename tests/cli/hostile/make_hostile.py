"""Hostile variants of a good results file, for tests/cli/test_hostile_files.sh.

Each variant changes one thing a damaged or malicious file could: an attribute of the wrong
rank, size or class, a variable-length string where specmc writes fixed-length ones, a count
the data cannot back, a dataset of the wrong type or shape. `report` must refuse every one
with a message (such files once overflowed buffers, corrupted memory or crashed). Usage:
make_hostile.py GOOD.h5 OUTDIR; writes OUTDIR/NAME.h5 and prints the names."""
import shutil
import sys

import h5py
import numpy as np

good, outdir = sys.argv[1], sys.argv[2]
FIXED = lambda n: h5py.string_dtype("ascii", n)


def reps(f):
    return int(np.ravel(f.attrs["replicas"])[0])


def variant(name, change):
    path = f"{outdir}/{name}.h5"
    shutil.copy(good, path)
    with h5py.File(path, "a") as f:
        change(f)
    print(name)


def put_attr(obj, key, value, dtype=None):
    if key in obj.attrs:
        del obj.attrs[key]
    obj.attrs.create(key, value, dtype=dtype)


def replace(f, path, data, dtype=None):
    del f[path]
    f.create_dataset(path, data=data, dtype=dtype)


fmt = np.array(b"specmc-results", dtype=FIXED(15))
variant("version-array", lambda f: put_attr(f, "format_version", np.array([3, 3, 3], "i4")))
variant("version-rank32", lambda f: put_attr(f, "format_version", np.full((1,) * 32, 3, "i4")))
variant("version-string", lambda f: put_attr(f, "format_version", np.array(b"3", dtype=FIXED(2))))
variant("format-array", lambda f: put_attr(f, "format", np.array([fmt] * 4)))
variant("format-rank32", lambda f: put_attr(f, "format", np.full((1,) * 32, fmt)))
variant("format-vlen", lambda f: put_attr(f, "format", "specmc-results", h5py.string_dtype()))
variant("format-int", lambda f: put_attr(f, "format", np.int32(7)))
variant("experiment-huge", lambda f: put_attr(f, "experiment", np.array(b"x" * 100000, dtype=FIXED(100000))))
variant("experiment-vlen", lambda f: put_attr(f, "experiment", "x", h5py.string_dtype()))
variant("seed-string", lambda f: put_attr(f, "seed", np.array(b"1", dtype=FIXED(2))))
variant("replicas-vast", lambda f: put_attr(f, "replicas", np.int32(2**31 - 1)))
variant("replicas-zero", lambda f: put_attr(f, "replicas", np.int32(0)))
variant("scenarios-vast", lambda f: put_attr(f, "scenarios", np.int32(2**31 - 1)))
variant("confidence-array", lambda f: put_attr(f, "confidence", np.array([0.95] * 64)))
variant("policies-vlen", lambda f: replace(f, "policies", [b"fifo"] * 4, h5py.string_dtype()))
variant("metrics-vlen", lambda f: replace(f, "metrics", [b"flowtime"], h5py.string_dtype()))
variant("sweep-keys-vlen", lambda f: replace(f, "sweep_keys", [b"workload.rate"], h5py.string_dtype()))
variant("policies-2d", lambda f: replace(f, "policies", np.array([[b"fifo"] * 2] * 2, dtype=FIXED(8))))
variant("policies-slash", lambda f: replace(f, "policies", np.array([b"../../x"], dtype=FIXED(8))))
variant("policies-ints", lambda f: replace(f, "policies", np.arange(4, dtype="i4")))
variant("values-strings", lambda f: replace(f, "scenarios/0/fifo/replicas/flowtime",
                                            np.array([b"1"] * reps(f), dtype=FIXED(4))))
variant("values-short", lambda f: replace(f, "scenarios/0/fifo/replicas/flowtime", np.zeros(1)))
variant("values-2d", lambda f: replace(f, "scenarios/0/fifo/replicas/flowtime",
                                       np.zeros((reps(f), 2))))
variant("summary-ints", lambda f: replace(f, "scenarios/0/fifo/summary", np.zeros(16, "i4")))
variant("summary-vlen-metric", lambda f: replace(
    f, "scenarios/0/fifo/summary",
    np.array([(b"flowtime",)] * 16, dtype=[("metric", h5py.string_dtype())])))
variant("measured-jobs-array", lambda f: put_attr(f["scenarios/0"], "measured_jobs",
                                                  np.arange(40, dtype="i4")))
variant("auto-vlen", lambda f: put_attr(f["scenarios/0/fifo"], "auto", "r = 1", h5py.string_dtype()))

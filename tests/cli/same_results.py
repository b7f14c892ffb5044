"""same_results — whether two specmc HDF5 files hold the same results, byte for byte.

usage: same_results.py A.h5 B.h5

Every group, dataset and attribute must be in both, with the same type, shape and bytes
(NaNs where NaNs are), except the provenance of how the run went, which differs between a
single run, its shards merged, its MPI ranks or its resumption: start_time, end_time, host,
threads, ranks, shards, wall_seconds. Exit 0 when they agree; else 1 and the first
differences."""
import sys

import h5py
import numpy as np

PROVENANCE = {"start_time", "end_time", "host", "threads", "ranks", "shards", "wall_seconds"}


def same_value(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def walk(f):
    items = {"/": f}
    f.visititems(lambda name, obj: items.__setitem__("/" + name, obj))
    return items


def compare(pa, pb):
    diffs = []
    with h5py.File(pa, "r") as fa, h5py.File(pb, "r") as fb:
        a, b = walk(fa), walk(fb)
        for name in sorted(set(a) ^ set(b)):
            diffs.append(f"{name}: only in {'A' if name in a else 'B'}")
        for name in sorted(set(a) & set(b)):
            oa, ob = a[name], b[name]
            if isinstance(oa, h5py.Dataset) != isinstance(ob, h5py.Dataset):
                diffs.append(f"{name}: a group in one, a dataset in the other")
                continue
            if isinstance(oa, h5py.Dataset) and not same_value(oa[()], ob[()]):
                diffs.append(f"{name}: data differ")
            keys = (set(oa.attrs) | set(ob.attrs)) - (PROVENANCE if name == "/" else set())
            for k in sorted(keys):
                if k not in oa.attrs or k not in ob.attrs:
                    diffs.append(f"{name}@{k}: only in {'A' if k in oa.attrs else 'B'}")
                elif not same_value(oa.attrs[k], ob.attrs[k]):
                    diffs.append(f"{name}@{k}: {oa.attrs[k]!r} != {ob.attrs[k]!r}")
    return diffs


if __name__ == "__main__":
    found = compare(sys.argv[1], sys.argv[2])
    for d in found[:10]:
        print(d)
    sys.exit(1 if found else 0)

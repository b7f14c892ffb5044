"""specmc — read specmc's HDF5 files into tidy pandas frames, and plot them.

    import specmc
    r = specmc.load("data/default.h5")      # a run, a sweep, or `specmc validate`'s file
    r.summary                                # one row per (scenario, policy, metric)
    r.replicas()                             # one row per (scenario, policy, replica, metric)

Needs Debian's python3-h5py and python3-pandas (python3-matplotlib for specmc.plot). The
layout it reads is docs/guide/file-format.md's; format versions 3 and 4.
"""
from .results import Results, ValidateResults, load

__all__ = ["load", "Results", "ValidateResults"]

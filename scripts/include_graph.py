#!/usr/bin/env python3
"""include_graph — the include graph of specmc's C sources, by module (a .c and its .h are one
module) and by folder: prints the module cycles (an include circle: none should remain) and
every edge between two folders with how many includes make it, so that an upward edge — a
lower layer including a higher one — shows.

    scripts/include_graph.py [--cycles] [--layers]

--cycles prints only the cycles and exits 1 when there is one. --layers prints every include
that points up LAYERS, the folders bottom to top (docs/developer/guide.md, "The house"), and
exits 1 when there is one: a folder may include its own and those below it.
"""
import collections
import os
import re
import sys

ROOTS = ("engine", "models", "analysis")
LAYERS = ("engine/base", "engine/stats", "models/theory", "models", "models/policies",
          "engine/config", "engine/run", "analysis", "engine/results", "engine/session",
          "engine/cli")


def graph():
    """Module -> the modules it includes (itself left out)."""
    g = collections.defaultdict(set)
    for root in ROOTS:
        for dirpath, _, names in os.walk(root):
            for name in names:
                if not name.endswith((".c", ".h")):
                    continue
                path = os.path.join(dirpath, name)
                with open(path, encoding="utf-8") as f:
                    for line in f:
                        m = re.match(r'#include "([^"]+)"', line)
                        if m and os.path.exists(m.group(1)) and m.group(1)[:-2] != path[:-2]:
                            g[path[:-2]].add(m.group(1)[:-2])
    return g


def cycles(g):
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in g.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in list(g):
        if v not in index:
            visit(v)
    return out


def main():
    g = graph()
    found = cycles(g)
    for c in found:
        print("cycle: " + " -> ".join(c))
    if "--cycles" in sys.argv[1:]:
        return 1 if found else 0
    if "--layers" in sys.argv[1:]:
        up = [(a, b) for a, targets in g.items() for b in targets
              if LAYERS.index(os.path.dirname(b)) > LAYERS.index(os.path.dirname(a))]
        for a, b in sorted(up):
            print(f"upward: {a} -> {b}")
        return 1 if up else 0
    edges = collections.Counter()
    for a, targets in g.items():
        for b in targets:
            if os.path.dirname(a) != os.path.dirname(b):
                edges[(os.path.dirname(a), os.path.dirname(b))] += 1
    for (a, b), n in sorted(edges.items()):
        print(f"{a} -> {b}: {n}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

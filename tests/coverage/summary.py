"""summary — the coverage table by interval kind, spliced into docs/methods/statistics.md.

Reads the per-case table that coverage.py wrote (docs/methods/coverage.md) and, for each interval kind
specmc prints, counts its rows by verdict and gives the least and the greatest coverage among
them; the result replaces what lies between the markers COVERAGE SUMMARY BEGIN and END in the
target file. `make coverage` runs it after coverage.py. Not the runs (harness.py) nor the
per-case table (table.py).

    summary.py docs/methods/coverage.md docs/methods/statistics.md
"""
import re
import sys

BEGIN = "<!-- COVERAGE SUMMARY BEGIN: tests/coverage/summary.py writes this block -->"
END = "<!-- COVERAGE SUMMARY END -->"
ROW = re.compile(r"^\| (\S+) \| (\d+) \| ([^|]+?) \| (\d+) \| ([0-9.]+) \| \[[^]]*\] \| [0-9.]+ \| ([^|]+?) \|$")


def rows(text):
    for line in text.splitlines():
        m = ROW.match(line)
        if m:
            case, n, kind, reps, cov, verdict = m.groups()
            yield case, int(n), kind.rstrip("\\*"), int(reps), float(cov), verdict.split()[0]


def summarise(text):
    """Rows judged, by kind; `unreliable` rows (no verdict) kept to show what they would
    cover; misread rows and rows without data (`-`) left out."""
    kinds = {}
    for case, n, kind, reps, cov, verdict in rows(text):
        if verdict == "misread" or kind == "-":
            continue
        k = kinds.setdefault(kind, {"rows": 0, "ok": 0, "over": 0, "UNDER": 0, "excluded": 0,
                                    "lo": (2.0, ""), "hi": (-1.0, "")})
        k["rows"] += 1
        k[verdict] += 1
        k["lo"] = min(k["lo"], (cov, f"{case}, n = {n}"))
        k["hi"] = max(k["hi"], (cov, f"{case}, n = {n}"))
    out = ["| interval | rows | ok | over | UNDER | least coverage | greatest coverage |",
           "| --- | ---: | ---: | ---: | ---: | --- | --- |"]
    for kind, k in sorted(kinds.items(), key=lambda kv: kv[0] == "unreliable"):
        name = f"`{kind}` (no valid interval: what its reference t would cover)" \
            if kind == "unreliable" else f"`{kind}`"
        out.append(f"| {name} | {k['rows']} | {k['ok']} | {k['over']} | {k['UNDER']} | "
                   f"{k['lo'][0]:.3f} ({k['lo'][1]}) | {k['hi'][0]:.3f} ({k['hi'][1]}) |")
    return "\n".join(out)


def splice(target, block):
    with open(target) as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        sys.exit(f"summary.py: {target}: the markers are missing ({BEGIN} ... {END})")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(target, "w") as f:
        f.write(f"{head}{BEGIN}\n{block}\n{END}{tail}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1].strip())
    with open(sys.argv[1]) as f:
        splice(sys.argv[2], summarise(f.read()))

"""table — turns the harness's records into the coverage table: per case, n and interval
kind the share of repetitions whose interval covered the truth, its Clopper–Pearson 95 %
interval, the share of the case's repetitions marked `unreliable`, a verdict, and the
one-sided failure test of the quick run. Markdown out. Not the runs (harness.py).
"""
import math
from dataclasses import dataclass

from scipy import stats


@dataclass
class Row:
    case: object        # cases.Case
    n: int
    label: str
    reps: int           # repetitions whose row had this interval kind
    covered: int
    unreliable: float   # share of the case's repetitions at this n marked `unreliable`
    from_binary: bool   # labels printed by the binary (else legacy labels)

    @property
    def coverage(self):
        return self.covered / self.reps


def clopper_pearson(k, n, conf=0.95):
    """Exact binomial interval for k successes in n trials (scipy.stats.beta quantiles)."""
    a = (1 - conf) / 2
    lo = 0.0 if k == 0 else stats.beta.ppf(a, k, n - k + 1)
    hi = 1.0 if k == n else stats.beta.ppf(1 - a, k + 1, n - k)
    return lo, hi


def band(level, reps, z=1.96):
    """Where the coverage of an exact level-`level` interval falls in 95 % of runs of `reps`
    repetitions (normal approximation): [0.936, 0.964] for 0.95 and 1000."""
    h = z * math.sqrt(level * (1 - level) / reps)
    return level - h, level + h


def floor(level, reps, sigmas=3.0):
    """The quick test's bar: coverage below level − 3 binomial SDs fails (one-sided)."""
    return level - sigmas * math.sqrt(level * (1 - level) / reps)


NO_DATA = "-"   # the interval column of a row without data (e.g. --within with no job in range)


def aggregate(records, selected, ns):
    out = []
    for c in selected:
        for n in ns:
            mine = [r for r in records if r.case == c.name and r.n == n]
            if not mine:
                continue
            unrel = sum(r.label == "unreliable" for r in mine) / len(mine)
            for label in dict.fromkeys(sorted(r.label for r in mine)):
                these = [r for r in mine if r.label == label]
                out.append(Row(c, n, label, len(these), sum(r.covered for r in these),
                               unrel, all(r.from_binary for r in these)))
    return out


def verdict(row, level):
    if row.case.misread:
        return "misread (not its estimand)"
    if row.label == "unreliable":
        return "excluded (unreliable)"
    if row.label == NO_DATA:
        return "excluded (no data: no interval printed)"
    lo, hi = band(level, row.reps)
    cov = row.coverage
    return "ok" if lo <= cov <= hi else ("UNDER" if cov < lo else "over")


def failures(rows, level):
    """What the quick test fails on, as (case name, message): a coverage below floor() for an
    interval not marked unreliable, and an infinite-variance mean the binary labels but does
    not mark unreliable. A misread case fails too (coverage.py requires it to)."""
    bad = []
    for r in rows:  # a misread row is judged even when marked: it tests the harness itself
        judged = r.label not in ("unreliable", NO_DATA) or r.case.misread
        if judged and r.coverage < floor(level, r.reps):
            bad.append((r.case.name, f"n={r.n} {r.label}: coverage {r.coverage:.3f} < "
                                     f"{floor(level, r.reps):.3f} ({r.covered}/{r.reps})"))
        if r.case.expect_unreliable and r.from_binary and r.label != "unreliable":
            bad.append((r.case.name, f"n={r.n}: {r.reps} infinite-variance intervals labelled "
                                     f"{r.label}, not unreliable"))
    return bad


def markdown(rows, level):
    lines = ["| case | n | interval | reps | coverage | Clopper–Pearson 95 % | unreliable | verdict |",
             "| --- | ---: | --- | ---: | ---: | --- | ---: | --- |"]
    for r in rows:
        lo, hi = clopper_pearson(r.covered, r.reps)
        label = r.label if r.from_binary else f"{r.label}\\*"
        lines.append(f"| {r.case.name} | {r.n} | {label} | {r.reps} | {r.coverage:.3f} | "
                     f"[{lo:.3f}, {hi:.3f}] | {r.unreliable:.2f} | {verdict(r, level)} |")
    return "\n".join(lines)


def cases_markdown(selected):
    lines = ["| case | row | truth | derivation |", "| --- | --- | ---: | --- |"]
    for c in selected:
        sel = ", ".join(f"{k.removeprefix('workload.')}={v}" for k, v in c.select.items())
        lines.append(f"| {c.name} | `report {' '.join(c.report)}`: {sel} | {c.truth:.10g} | "
                     f"{c.derivation} |")
    return "\n".join(lines)

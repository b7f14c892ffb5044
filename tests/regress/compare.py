"""Compare two `specmc report --csv` outputs: same header and rows, text fields equal, numbers
equal to a relative tolerance (1e-9, or absolute 1e-12 near zero; infinities exactly). Prints the first
differences and exits 1 if any."""
import csv
import math
import sys

REL, ABS = 1e-9, 1e-12


def same(a, b):
    try:
        x, y = float(a), float(b)
    except ValueError:
        return a == b
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    if math.isinf(x) or math.isinf(y):
        return x == y
    return abs(x - y) <= max(ABS, REL * max(abs(x), abs(y)))


def main(expected_path, actual_path):
    with open(expected_path, newline="") as f:
        expected = list(csv.reader(f))
    with open(actual_path, newline="") as f:
        actual = list(csv.reader(f))
    problems = []
    if len(expected) != len(actual):
        problems.append(f"{len(expected)} rows expected, {len(actual)} found")
    for i, (e, a) in enumerate(zip(expected, actual)):
        if len(e) != len(a) or not all(same(x, y) for x, y in zip(e, a)):
            problems.append(f"row {i}: expected {','.join(e)}\n          got      {','.join(a)}")
    for p in problems[:5]:
        print("  " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))

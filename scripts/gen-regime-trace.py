#!/usr/bin/python3
"""Write data/regime-steps.csv, the job trace of experiments/xulau-regime-steps.ini: a load that
changes within a replica, for seed 000 §8's online switch (docs/reproductions.md, §8).

    scripts/gen-regime-trace.py     write data/regime-steps.csv

4500 jobs of 10 tasks of mean 1.5 (the Pareto(1, 3) tasks of experiments/xulau-regime.ini), one
phase each, weight 1; Poisson arrivals whose rate steps from 0.5 lambda_U (1500 jobs) to 1.5
lambda_U (1500) and back to 0.5 lambda_U (1500), lambda_U = 1.21403 jobs per unit time being
seed 000 eq. 14 for these jobs on 50 machines (`specmc cutoff
experiments/xulau-regime-steps.ini`). Fixed seed: rerunning rewrites the same file."""

import random

PATH = "data/regime-steps.csv"
LAMBDA_U = 1.21403
PHASES = [(1500, 0.5), (1500, 1.5), (1500, 0.5)]   # (jobs, rate / lambda_U)


def main():
    rng = random.Random(70031)
    t, rows = 0.0, []
    for jobs, share in PHASES:
        for _ in range(jobs):
            t += rng.expovariate(share * LAMBDA_U)
            rows.append(t)
    with open(PATH, "w") as f:
        f.write("# specmc job trace (docs/guide/traces.md), written by "
                "scripts/gen-regime-trace.py:\n# Poisson arrivals at 0.5, 1.5, then 0.5 times "
                "seed 000's cut-off load, 1500 jobs each.\n\n")
        f.write("arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean\n")
        for a in rows:
            f.write(f"{a:.6f},1,10,0,1.5,\n")
    print(f"wrote {PATH}: {len(rows)} jobs over {rows[-1]:.1f} time units")


if __name__ == "__main__":
    main()

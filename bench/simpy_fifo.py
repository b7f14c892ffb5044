"""SimPy peer of specmc's FIFO cluster model, for `make bench`.

The same model as specmc's `fifo` policy, written as a plain, idiomatic SimPy program
(Debian's python3-simpy, i.e. the classic SimPy 2.3 process-interaction API, used through a
`Simulation()` instance):

  - `slots` identical slots: one SimPy Resource of that capacity with its default FIFO queue;
  - jobs arrive as a Poisson process of rate `rate`; a job has `tasks` tasks whose durations
    are i.i.d. Pareto(tmin, beta), drawn as tmin * (1 - U) ** (-1 / beta);
  - at its arrival a job starts one process per task, in task order, and each task requests
    a slot at once; the Resource's FIFO queue therefore serves tasks in order of job arrival,
    then task index: a free slot takes the oldest waiting task;
  - the run ends when all `jobs` jobs have arrived and every task has finished.

Task events = 2 x number of tasks (one start, one end each). The mean job flowtime (finish of
the job's last task minus its arrival) is reported as a sanity check against specmc; the two
use different random numbers, so they agree only statistically.

Must run under /usr/bin/python3 (the interpreter Debian's python3-simpy is installed for).

    /usr/bin/python3 bench/simpy_fifo.py --jobs 2000      # prints one JSON line
"""

import argparse
import json
import random
import sys
import time

try:
    from SimPy.Simulation import Process, Resource, Simulation, hold, release, request
except ImportError:  # pragma: no cover - depends on the interpreter
    sys.exit("simpy_fifo: cannot import SimPy 2 (Debian python3-simpy); run it with "
             "/usr/bin/python3, not %s" % sys.executable)


class Job(object):
    """Book-keeping shared by a job's tasks: arrival time and tasks still unfinished."""

    __slots__ = ("arrival", "remaining")

    def __init__(self, arrival, ntasks):
        self.arrival = arrival
        self.remaining = ntasks


class Task(Process):
    """One task: wait for a slot (FIFO), hold it for the duration, release it."""

    def run(self, job, duration, cluster, model):
        yield request, self, cluster
        yield hold, self, duration
        yield release, self, cluster
        job.remaining -= 1
        if job.remaining == 0:
            model.job_finished(job)


class Arrivals(Process):
    """The Poisson job source: after each exponential gap, a job with its tasks arrives."""

    def generate(self, model):
        rng = model.rng
        sim = self.sim
        for _ in range(model.jobs):
            yield hold, self, rng.expovariate(model.rate)
            job = Job(sim.now(), model.tasks)
            for _ in range(model.tasks):
                task = Task(name="task", sim=sim)
                sim.activate(task, task.run(job, model.task_time(), model.cluster, model))


class FifoModel(object):
    def __init__(self, slots, jobs, tasks, rate, tmin, beta, seed):
        self.jobs = jobs
        self.tasks = tasks
        self.rate = rate
        self.tmin = tmin
        self.inv_beta = 1.0 / beta
        self.rng = random.Random(seed)
        self.sim = Simulation()
        self.cluster = Resource(capacity=slots, name="cluster", sim=self.sim)
        self.jobs_done = 0
        self.flowtime_sum = 0.0

    def task_time(self):
        return self.tmin * (1.0 - self.rng.random()) ** (-self.inv_beta)

    def job_finished(self, job):
        self.jobs_done += 1
        self.flowtime_sum += self.sim.now() - job.arrival

    def start(self):
        source = Arrivals(name="arrivals", sim=self.sim)
        self.sim.activate(source, source.generate(self))

    def simulate(self):
        self.sim.simulate(until=float("inf"))


def run(slots=100, jobs=2000, tasks=10, rate=7.0 / 3.0, tmin=1.0, beta=1.5, seed=1):
    """Simulate the model once; time only the simulation (not imports or set-up)."""
    model = FifoModel(slots, jobs, tasks, rate, tmin, beta, seed)
    model.start()
    t0 = time.perf_counter()
    model.simulate()
    seconds = time.perf_counter() - t0
    if model.jobs_done != jobs:
        raise RuntimeError("simpy_fifo: only %d of %d jobs finished" % (model.jobs_done, jobs))
    return dict(events=2 * jobs * tasks,
                seconds=seconds,
                mean_flowtime=model.flowtime_sum / jobs)


def main(argv=None):
    ap = argparse.ArgumentParser(description="SimPy peer of specmc's FIFO model")
    ap.add_argument("--slots", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=2000)
    ap.add_argument("--tasks", type=int, default=10)
    ap.add_argument("--rate", type=float, default=7.0 / 3.0, help="job arrival rate")
    ap.add_argument("--tmin", type=float, default=1.0)
    ap.add_argument("--beta", type=float, default=1.5)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    res = run(a.slots, a.jobs, a.tasks, a.rate, a.tmin, a.beta, a.seed)
    res["events_per_s"] = res["events"] / res["seconds"]
    print(json.dumps(res))


if __name__ == "__main__":
    main()

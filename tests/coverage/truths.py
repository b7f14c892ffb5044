"""truths — the exact values the coverage cases' intervals should contain.

Most cases run batch jobs of N tasks on enough slots that no copy ever waits, so a job's
flowtime is the maximum of its N task times and jobs are i.i.d.; clone (r = 1, tau_kill
below every task time's minimum) makes a task's time the minimum of its two attempts. The
truths below are closed forms for those quantities, and numerical integrals (scipy.integrate)
where there is none; check() recomputes each closed form by an independent integral. Paired
verdicts compare two scenarios of the same draws: a job's flowtime is Q(U) under each task
law, U the largest of its N tasks' uniforms (common random numbers), so their order and
difference are functions of one Beta(N, 1) variable. The queue cases (FifoMMc) start M/M/c
FIFO queues empty and let J jobs in: the number a job finds in the system is an embedded
Markov chain, and its transient law gives each job's flowtime law exactly. Pure functions:
no simulation, no I/O, no randomness (reference.py holds the simulations that cross-check
the queue's chain and stand in for truths without a closed form). Not the cases themselves
(cases.py).
"""
import math

import numpy as np
from scipy import integrate, linalg, optimize, special, stats


# ---------------------------------------------------------------- task-time families
class Pareto:
    """Pareto(tmin, beta): F(x) = 1 - (tmin/x)^beta for x >= tmin (seed 000 eq. 10)."""

    def __init__(self, tmin, beta):
        self.tmin, self.beta = tmin, beta

    def sf(self, x):
        return 1.0 if x <= self.tmin else (self.tmin / x) ** self.beta

    def cdf(self, x):
        return 0.0 if x <= self.tmin else -math.expm1(self.beta * math.log(self.tmin / x))

    def min_of(self, c):
        """The minimum of c i.i.d. copies: Pareto(tmin, c beta) (seed 004 eq. 4, Lemma 1)."""
        return Pareto(self.tmin, c * self.beta)

    def max_mean(self, m):
        """E[max of m] = tmin Gamma(m+1) Gamma(1 - 1/beta) / Gamma(m + 1 - 1/beta): seed 000
        eqs. 18-19 (models/theory/xulau.c xl_max_mean); infinite for beta <= 1."""
        if self.beta <= 1:
            return math.inf
        b = 1.0 / self.beta
        return self.tmin * math.exp(math.lgamma(m + 1) + math.lgamma(1 - b) - math.lgamma(m + 1 - b))

    def max_quantile(self, m, u):
        """The u-quantile of the max of m: F^{-1}(u^{1/m}) = tmin (1 - u^{1/m})^{-1/beta}."""
        return self.tmin * (-math.expm1(math.log(u) / m)) ** (-1.0 / self.beta)

    def ppf(self, u):
        """F^{-1}(u) = tmin (1 - u)^{-1/beta}: specmc's sampler, increasing in u
        (engine/stats/dist.c)."""
        return self.tmin * (1.0 - u) ** (-1.0 / self.beta)

    def describe(self):
        return f"Pareto(tmin = {self.tmin:g}, beta = {self.beta:g})"


class Exponential:
    """Exponential with the given mean: F(x) = 1 - exp(-x/mean)."""

    def __init__(self, mean):
        self.mean = mean

    def sf(self, x):
        return 1.0 if x <= 0 else math.exp(-x / self.mean)

    def cdf(self, x):
        return 0.0 if x <= 0 else -math.expm1(-x / self.mean)

    def min_of(self, c):
        return Exponential(self.mean / c)

    def max_mean(self, m):
        """E[max of m] = mean * H_m (Renyi's representation: the gaps between order statistics
        are independent exponentials of means mean/m, mean/(m-1), ..., mean)."""
        return self.mean * sum(1.0 / k for k in range(1, m + 1))

    def max_quantile(self, m, u):
        return -self.mean * math.log(-math.expm1(math.log(u) / m))

    def ppf(self, u):
        """F^{-1}(u) = -mean log(1 - u), as specmc samples it."""
        return -self.mean * math.log1p(-u)

    def describe(self):
        return f"Exponential(mean = {self.mean:g})"


class LogNormal:
    """LogNormal with E[T] = mean and sigma of log T (engine/config/config.c: mu = ln mean − σ²/2):
    every moment finite (tail index ∞), yet as skewed as a Pareto of small index when σ is
    large."""

    def __init__(self, mean, sigma):
        self.mean, self.sigma = mean, sigma
        self.mu = math.log(mean) - 0.5 * sigma * sigma

    def sf(self, x):
        return 1.0 if x <= 0 else 0.5 * math.erfc((math.log(x) - self.mu) / (self.sigma * math.sqrt(2)))

    def cdf(self, x):
        return 0.0 if x <= 0 else 0.5 * math.erfc(-(math.log(x) - self.mu) / (self.sigma * math.sqrt(2)))

    def max_mean(self, m):
        """E[max of m] has no closed form: the integral of 1 − F(x)^m (job_mean_by_integral)."""
        return job_mean_by_integral(self, m)

    def describe(self):
        return f"LogNormal(mean = {self.mean:g}, sigma = {self.sigma:g})"


class TruncatedPareto:
    """Pareto(tmin, beta) truncated at tmax and renormalised (engine/stats/tpareto.h; Aban,
    Meerschaert & Panorska 2006): every moment finite, as skewed as a Pareto of small index
    when tmax/tmin is large."""

    def __init__(self, tmin, beta, tmax):
        self.tmin, self.beta, self.tmax = tmin, beta, tmax
        self.r = (tmin / tmax) ** beta

    def sf(self, x):
        if x <= self.tmin:
            return 1.0
        return 0.0 if x >= self.tmax else ((self.tmin / x) ** self.beta - self.r) / (1 - self.r)

    def cdf(self, x):
        return 1.0 - self.sf(x)

    def max_mean(self, m):
        """E[max of m] = tmin + ∫_tmin^tmax 1 − F(x)^m dx (seed 000 eq. 19), by QUADPACK."""
        return self.tmin + integrate.quad(lambda x: 1.0 - self.cdf(x) ** m, self.tmin, self.tmax,
                                          limit=400, epsabs=1e-13, epsrel=1e-12)[0]

    def describe(self):
        return f"Pareto(tmin = {self.tmin:g}, beta = {self.beta:g}) truncated at {self.tmax:g}"


# ---------------------------------------------------------------- job-level truths
def job_cdf(task, n_tasks, x):
    """P(job flowtime <= x) = F(x)^N: the job ends with its last task (seed 004 eq. 5)."""
    return task.cdf(x) ** n_tasks


def job_mean(task, n_tasks):
    """E[job flowtime] = E[max of N task times]."""
    return task.max_mean(n_tasks)


def job_mean_by_integral(task, n_tasks):
    """E[max of N] = integral_0^inf 1 - F(x)^N dx (seed 000 eq. 19), by QUADPACK: the
    independent check of the closed forms."""
    def tail(x):  # 1 - (1 - sf)^N, exact in both tails
        s = task.sf(x)
        return 1.0 if s >= 1 else -math.expm1(n_tasks * math.log1p(-s))
    lo = getattr(task, "tmin", 0.0)
    head = integrate.quad(tail, lo, lo + 50, limit=400, epsabs=1e-13, epsrel=1e-12)[0]
    rest = integrate.quad(tail, lo + 50, math.inf, limit=400, epsabs=1e-13, epsrel=1e-12)[0]
    return lo + head + rest


def order_stat_mean(task, n_tasks, k, j):
    """E[X_(k)] of j i.i.d. job flowtimes, X_(1) <= ... <= X_(j):
    integral_0^1 G^{-1}(u) u^{k-1} (1-u)^{j-k} du / B(k, j-k+1), G the job CDF F^N.
    For Pareto G^{-1}(u) = tmin [(1-u) h(u)]^{-1/beta} with h(u) = (1 - u^{1/N})/(1 - u)
    smooth (h(1) = 1/N), so the singular factor (1-u)^{-1/beta} goes into QUADPACK's
    algebraic weight (QAWS) and the integrand left is smooth."""
    if isinstance(task, Pareto):
        def h(u):
            if u >= 1.0:
                return 1.0 / n_tasks
            return -math.expm1(math.log(u) / n_tasks) / (1.0 - u) if u > 0 else 1.0
        f = lambda u: task.tmin * h(u) ** (-1.0 / task.beta)
        wvar = (k - 1, j - k - 1.0 / task.beta)
    else:
        f = lambda u: task.max_quantile(n_tasks, u) if 0 < u < 1 else 0.0
        wvar = (k - 1, j - k)
    val = integrate.quad(f, 0.0, 1.0, weight="alg", wvar=wvar, limit=400,
                         epsabs=1e-13, epsrel=1e-12)[0]
    return val / special.beta(k, j - k + 1)


def type7_quantile_mean(task, n_tasks, p, j):
    """E[type-7 sample p-quantile of j job flowtimes] (Hyndman & Fan type 7, the replica's
    flowtime_pXX): h = (j-1)p, the quantile is (1-g) X_(i+1) + g X_(i+2) with i = floor(h),
    g = h - i; its expectation is linear in the two order statistics' means."""
    h = (j - 1) * p
    i = math.floor(h)
    g = h - i
    lo = order_stat_mean(task, n_tasks, i + 1, j)
    return lo if g == 0 else (1 - g) * lo + g * order_stat_mean(task, n_tasks, i + 2, j)


def job_quantile(task, n_tasks, p):
    """The true p-quantile of one job's flowtime, G^{-1}(p) = F^{-1}(p^{1/N})."""
    return task.max_quantile(n_tasks, p)


# ---------------------------------------------------------------- paired verdicts
def _crossings(g, lo=1e-12, hi=1 - 1e-12, grid=4000):
    """The u in (lo, hi) where g changes sign, by a fine log-odds grid and Brent's method."""
    z = np.linspace(math.log(lo / (1 - lo)), math.log(hi / (1 - hi)), grid)
    u = 1 / (1 + np.exp(-z))
    v = [g(x) for x in u]
    return [optimize.brentq(g, u[i], u[i + 1], xtol=1e-15)
            for i in range(grid - 1) if v[i] == 0 or (v[i] < 0) != (v[i + 1] < 0)]


def _prob_where(g, n_tasks, negative=True):
    """P(g(U) < 0) (or > 0) for U the largest of N uniforms (CDF u^N), g continuous with
    finitely many sign changes: the Beta(N, 1) mass of the stretches where it holds."""
    edges = [0.0, *_crossings(g), 1.0]
    total = 0.0
    for a, b in zip(edges, edges[1:]):
        mid = g(0.5 * (a + b))
        if (mid < 0) == negative and mid != 0:
            total += b ** n_tasks - a ** n_tasks
    return total


def share_lower_coupled(task_a, task_b, n_tasks):
    """P(A < B) for one job of N tasks under two task laws drawn from the same uniforms:
    A = Q_a(U), B = Q_b(U), U the largest of the N tasks' uniforms (both inverse CDFs
    increase, so the same task is the longest under both)."""
    return _prob_where(lambda u: task_a.ppf(u) - task_b.ppf(u), n_tasks, negative=True)


def median_difference_coupled(task_a, task_b, n_tasks):
    """The median of A − B for the same coupling: the m with P(Q_a(U) − Q_b(U) <= m) = 1/2,
    by Brent's method on the Beta(N, 1) mass below m."""
    d = lambda u: task_a.ppf(u) - task_b.ppf(u)
    below = lambda m: 1.0 - _prob_where(lambda u: d(u) - m, n_tasks, negative=False)
    lo, hi = d(0.5 ** (1 / n_tasks)) - 10.0, d(0.5 ** (1 / n_tasks)) + 10.0
    while below(lo) > 0.5:
        lo -= 10.0
    while below(hi) < 0.5:
        hi += 10.0
    return optimize.brentq(lambda m: below(m) - 0.5, lo, hi, xtol=1e-12)


# ---------------------------------------------------------------- queues
class FifoMMc:
    """J jobs of one Exp(mu) task each, arriving as a Poisson process of rate lam at an empty
    FIFO queue of c slots (the queue cases' config). Job k finds N_k in the system (N_1 = 0);
    between arrivals the system only empties, a pure-death chain of rates mu·min(n, c), so
    N_{k+1} is N_k + 1 less the departures in an Exp(lam) time: the transition matrix
    lam (lam I − Q)^{-1}, Q the death generator (a Laplace transform at lam). A job that
    finds n >= c waits for n − c + 1 departures at rate c mu (Erlang), then runs Exp(mu).
    Pooled over the J jobs (each replica's measured jobs, warm-up 0), the law of a job's
    flowtime is the mixture of those."""

    def __init__(self, c, lam, mu, jobs):
        self.c, self.lam, self.mu, self.jobs = c, lam, mu, jobs
        states = jobs + 1
        q = np.zeros((states, states))
        for n in range(1, states):
            q[n, n - 1] = mu * min(n, c)
            q[n, n] = -mu * min(n, c)
        step = lam * linalg.inv(lam * np.eye(states) - q)
        found, d = [], np.zeros(states)
        d[0] = 1.0
        for _ in range(jobs):
            found.append(d.copy())
            d = np.concatenate(([0.0], d[:-1])) @ step   # one more arrives, then the gap
        self.found = np.array(found).mean(axis=0)         # pooled over the jobs

    def _cdf_given(self, n, x):
        if x <= 0:
            return 0.0
        if n < self.c:
            return -math.expm1(-self.mu * x)
        wait = stats.gamma(a=n - self.c + 1, scale=1 / (self.c * self.mu))
        return integrate.quad(lambda s: wait.cdf(x - s) * self.mu * math.exp(-self.mu * s),
                              0, x, limit=200, epsabs=1e-14, epsrel=1e-12)[0]

    def cdf(self, x):
        """P(flowtime <= x) of a job drawn from the J measured jobs."""
        return sum(p * self._cdf_given(n, x) for n, p in enumerate(self.found) if p > 1e-16)

    def mean(self):
        """E[flowtime] over the J jobs: 1/mu + (n − c + 1)/(c mu) for those that wait."""
        n = np.arange(len(self.found))
        return float(self.found @ (1 / self.mu + np.maximum(n - self.c + 1, 0) / (self.c * self.mu)))

    def quantile(self, q):
        """The q-quantile of the pooled law (continuous: the root of cdf(x) = q)."""
        hi = 1.0
        while self.cdf(hi) < q:
            hi *= 2
        return optimize.brentq(lambda x: self.cdf(x) - q, 0.0, hi, xtol=1e-12)

    def describe(self):
        return (f"FIFO M/M/{self.c} from empty, lam = {self.lam:g}, mu = {self.mu:g}, "
                f"{self.jobs} jobs (load {self.lam / (self.c * self.mu):g})")


# ---------------------------------------------------------------- self-check
def check(families, n_tasks, jobs, rtol=1e-6):
    """Each closed form against its independent integral. Returns a list of failures
    (strings); empty when every one agrees to rtol (1e-6: QUADPACK reaches about 1e-7 on the
    middle order statistics of 30 jobs; the intervals judged are wider by far)."""
    bad = []
    for fam in families:
        for task in (fam, fam.min_of(2)):
            a, b = job_mean(task, n_tasks), job_mean_by_integral(task, n_tasks)
            if not math.isclose(a, b, rel_tol=rtol):
                bad.append(f"E[max of {n_tasks}] of {task.describe()}: {a!r} vs integral {b!r}")
            # the largest of `jobs` jobs is the max of jobs * N tasks: closed form again
            a, b = order_stat_mean(task, n_tasks, jobs, jobs), job_mean(task, n_tasks * jobs)
            if not math.isclose(a, b, rel_tol=rtol):
                bad.append(f"E[X_({jobs}:{jobs})] of {task.describe()}: {a!r} vs {b!r}")
            # the mean of the order statistics is the mean of one job
            s = sum(order_stat_mean(task, n_tasks, k, jobs) for k in range(1, jobs + 1)) / jobs
            if not math.isclose(s, job_mean(task, n_tasks), rel_tol=rtol):
                bad.append(f"mean of E[X_(k)] of {task.describe()}: {s!r} vs {job_mean(task, n_tasks)!r}")
    return bad

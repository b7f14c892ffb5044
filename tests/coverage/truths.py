"""truths — the exact values the coverage cases' intervals should contain.

Every case runs batch jobs of N tasks on enough slots that no copy ever waits, so a job's
flowtime is the maximum of its N task times and jobs are i.i.d.; clone (r = 1, tau_kill
below every task time's minimum) makes a task's time the minimum of its two attempts. The
truths below are closed forms for those quantities, and numerical integrals (scipy.integrate)
where there is none; check() recomputes each closed form by an independent integral. Pure
functions: no simulation, no I/O, no randomness. Not the cases themselves (cases.py).
"""
import math

from scipy import integrate, special


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
        eqs. 18-19 (analysis/xulau.c xl_max_mean); infinite for beta <= 1."""
        if self.beta <= 1:
            return math.inf
        b = 1.0 / self.beta
        return self.tmin * math.exp(math.lgamma(m + 1) + math.lgamma(1 - b) - math.lgamma(m + 1 - b))

    def max_quantile(self, m, u):
        """The u-quantile of the max of m: F^{-1}(u^{1/m}) = tmin (1 - u^{1/m})^{-1/beta}."""
        return self.tmin * (-math.expm1(math.log(u) / m)) ** (-1.0 / self.beta)

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

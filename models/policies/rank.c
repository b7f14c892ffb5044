/* rank — order the jobs that still have tasks to launch by a policy's key: the size-based
 * schedulers of seeds 000 and 002 (PSRPT order in SCA and ESE, w_i/U_i in SRPTMS+C,
 * w_i/φ_i in the offline algorithm) all start from such a ranking, sorted at each decision
 * or, where keys change seldom (SRPTMS+C), kept sorted as entries come and go. See policy.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models/cluster.h"
#include "models/policies/kit.h"
#include "models/spec.h"
#include "models/workload.h"

int pol_rank_reserve(struct pol_ranking *rk, int n)
{
    if (n <= rk->cap)
        return 0;
    struct pol_rank *r = realloc(rk->r, (size_t)n * sizeof *r);
    if (!r)
        return -1;
    rk->r = r;
    struct pol_rank *tmp = realloc(rk->tmp, (size_t)n * sizeof *tmp);
    if (!tmp)
        return -1;
    rk->tmp = tmp;
    rk->cap = n;
    return 0;
}

void pol_rank_free(struct pol_ranking *rk)
{
    free(rk->r);
    free(rk->tmp);
    rk->r = rk->tmp = NULL;
    rk->n = rk->cap = 0;
}

/* The ranking's order: key, then job (models/policies/kit.h). Inline: the sort below and the
 * binary search compare with it. */
static inline bool before(const struct pol_rank *x, const struct pol_rank *y)
{
    return x->key < y->key || (x->key == y->key && x->job < y->job);
}

bool pol_rank_before(const struct pol_rank *a, const struct pol_rank *b)
{
    return before(a, b);
}

/* (key, job) is a total order — keys are never NaN and jobs differ — so every correct sort
 * gives the same array, the qsort this replaced included. A bottom-up merge sort with the
 * comparison inline, runs of RANK_RUN by insertion first: qsort's call per comparison made it
 * 11 % of the CPU of srpt-offline's replicas (validate's srptms.th1), and every SCA and ESE
 * decision sorts. */
enum { RANK_RUN = 16 };

static void insertion(struct pol_rank *a, int n)
{
    for (int i = 1; i < n; i++) {
        struct pol_rank x = a[i];
        int j = i;
        for (; j > 0 && before(&x, &a[j - 1]); j--)
            a[j] = a[j - 1];
        a[j] = x;
    }
}

void pol_rank_sort(struct pol_ranking *rk)
{
    int n = rk->n;
    struct pol_rank *src = rk->r, *dst = rk->tmp;
#ifdef SPECMC_CHECK
    for (int i = 0; i < n; i++)
        CL_ASSERT(!isnan(src[i].key));
#endif
    for (int i = 0; i < n; i += RANK_RUN)
        insertion(src + i, n - i < RANK_RUN ? n - i : RANK_RUN);
    for (int w = RANK_RUN; w < n; w *= 2) {
        for (int lo = 0; lo < n; lo += 2 * w) {
            int mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                dst[k++] = before(&src[j], &src[i]) ? src[j++] : src[i++];
            while (i < mid)
                dst[k++] = src[i++];
            while (j < hi)
                dst[k++] = src[j++];
        }
        struct pol_rank *t = src;
        src = dst;
        dst = t;
    }
    if (src != rk->r)
        memcpy(rk->r, src, (size_t)n * sizeof *src);
}

/* The first position whose entry is not before x (binary search). */
static int lower_bound(const struct pol_ranking *rk, const struct pol_rank *x)
{
    int lo = 0, hi = rk->n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (before(&rk->r[mid], x))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void pol_rank_insert(struct pol_ranking *rk, double key, int job)
{
    CL_ASSERT(rk->n < rk->cap && !isnan(key));
    struct pol_rank x = {key, job};
    int i = lower_bound(rk, &x);
    memmove(rk->r + i + 1, rk->r + i, (size_t)(rk->n - i) * sizeof *rk->r);
    rk->r[i] = x;
    rk->n++;
}

void pol_rank_remove(struct pol_ranking *rk, double key, int job)
{
    struct pol_rank x = {key, job};
    int i = lower_bound(rk, &x);
    CL_ASSERT(i < rk->n && rk->r[i].job == job && rk->r[i].key == key);
    rk->n--;
    memmove(rk->r + i, rk->r + i + 1, (size_t)(rk->n - i) * sizeof *rk->r);
}

int pol_rank_pending(const struct cluster *cl, struct pol_ranking *rk, pol_rank_key key,
                     const void *ctx)
{
    int n = 0;
    for (int j = cl->pend_head; j >= 0; j = cl->job[j].pend_next)
        rk->r[n++] = (struct pol_rank){key(cl, j, ctx), j};
    rk->n = n;
    pol_rank_sort(rk);
    return n;
}

double pol_effective_work(const struct cl_job *j, int m, int n, double r)
{
    double map = j->task_mean[CL_MAP], reduce = j->task_mean[CL_REDUCE];
    if (r != 0) {
        map += r * j->task_sd[CL_MAP];
        reduce += r * j->task_sd[CL_REDUCE];
    }
    return m * map + n * reduce;
}

bool pol_check_finite_sd(const struct cl_spec *spec, double r, char *msg, size_t len)
{
    if (r > 0 && !wl_finite_variance(spec)) {
        snprintf(msg, len, "r = %g weighs the standard deviation of task times, which is "
                 "infinite for this workload.task_time (Pareto needs beta > 2%s); use r = 0 or "
                 "a distribution with a finite variance", r,
                 spec->trace && spec->trace_fit ? ", or an SD in the trace for every phase" : "");
        return false;
    }
    return true;
}

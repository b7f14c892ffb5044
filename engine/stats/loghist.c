/* loghist — log-spaced histograms (see loghist.h). */
#include "engine/stats/loghist.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 2^(j/256), j = 0..256, correctly rounded (computed to 80 digits and rounded once). */
static const double edge_table[LH_PER_OCTAVE + 1] = {
    0x1.0000000000000p+0, 0x1.00b1afa5abcbfp+0, 0x1.0163da9fb3335p+0, 0x1.02168143b0281p+0,
    0x1.02c9a3e778061p+0, 0x1.037d42e11bbccp+0, 0x1.04315e86e7f85p+0, 0x1.04e5f72f654b1p+0,
    0x1.059b0d3158574p+0, 0x1.0650a0e3c1f89p+0, 0x1.0706b29ddf6dep+0, 0x1.07bd42b72a836p+0,
    0x1.0874518759bc8p+0, 0x1.092bdf66607e0p+0, 0x1.09e3ecac6f383p+0, 0x1.0a9c79b1f3919p+0,
    0x1.0b5586cf9890fp+0, 0x1.0c0f145e46c85p+0, 0x1.0cc922b7247f7p+0, 0x1.0d83b23395decp+0,
    0x1.0e3ec32d3d1a2p+0, 0x1.0efa55fdfa9c5p+0, 0x1.0fb66affed31bp+0, 0x1.1073028d7233ep+0,
    0x1.11301d0125b51p+0, 0x1.11edbab5e2ab6p+0, 0x1.12abdc06c31ccp+0, 0x1.136a814f204abp+0,
    0x1.1429aaea92de0p+0, 0x1.14e95934f312ep+0, 0x1.15a98c8a58e51p+0, 0x1.166a45471c3c2p+0,
    0x1.172b83c7d517bp+0, 0x1.17ed48695bbc0p+0, 0x1.18af9388c8deap+0, 0x1.1972658375d2fp+0,
    0x1.1a35beb6fcb75p+0, 0x1.1af99f8138a1cp+0, 0x1.1bbe084045cd4p+0, 0x1.1c82f95281c6bp+0,
    0x1.1d4873168b9aap+0, 0x1.1e0e75eb44027p+0, 0x1.1ed5022fcd91dp+0, 0x1.1f9c18438ce4dp+0,
    0x1.2063b88628cd6p+0, 0x1.212be3578a819p+0, 0x1.21f49917ddc96p+0, 0x1.22bdda27912d1p+0,
    0x1.2387a6e756238p+0, 0x1.2451ffb82140ap+0, 0x1.251ce4fb2a63fp+0, 0x1.25e85711ece75p+0,
    0x1.26b4565e27cddp+0, 0x1.2780e341ddf29p+0, 0x1.284dfe1f56381p+0, 0x1.291ba7591bb70p+0,
    0x1.29e9df51fdee1p+0, 0x1.2ab8a66d10f13p+0, 0x1.2b87fd0dad990p+0, 0x1.2c57e39771b2fp+0,
    0x1.2d285a6e4030bp+0, 0x1.2df961f641589p+0, 0x1.2ecafa93e2f56p+0, 0x1.2f9d24abd886bp+0,
    0x1.306fe0a31b715p+0, 0x1.31432edeeb2fdp+0, 0x1.32170fc4cd831p+0, 0x1.32eb83ba8ea32p+0,
    0x1.33c08b26416ffp+0, 0x1.3496266e3fa2dp+0, 0x1.356c55f929ff1p+0, 0x1.36431a2de883bp+0,
    0x1.371a7373aa9cbp+0, 0x1.37f26231e754ap+0, 0x1.38cae6d05d866p+0, 0x1.39a401b7140efp+0,
    0x1.3a7db34e59ff7p+0, 0x1.3b57fbfec6cf4p+0, 0x1.3c32dc313a8e5p+0, 0x1.3d0e544ede173p+0,
    0x1.3dea64c123422p+0, 0x1.3ec70df1c5175p+0, 0x1.3fa4504ac801cp+0, 0x1.40822c367a024p+0,
    0x1.4160a21f72e2ap+0, 0x1.423fb2709468ap+0, 0x1.431f5d950a897p+0, 0x1.43ffa3f84b9d4p+0,
    0x1.44e086061892dp+0, 0x1.45c2042a7d232p+0, 0x1.46a41ed1d0057p+0, 0x1.4786d668b3237p+0,
    0x1.486a2b5c13cd0p+0, 0x1.494e1e192aed2p+0, 0x1.4a32af0d7d3dep+0, 0x1.4b17dea6db7d7p+0,
    0x1.4bfdad5362a27p+0, 0x1.4ce41b817c114p+0, 0x1.4dcb299fddd0dp+0, 0x1.4eb2d81d8abffp+0,
    0x1.4f9b2769d2ca7p+0, 0x1.508417f4531eep+0, 0x1.516daa2cf6642p+0, 0x1.5257de83f4eefp+0,
    0x1.5342b569d4f82p+0, 0x1.542e2f4f6ad27p+0, 0x1.551a4ca5d920fp+0, 0x1.56070dde910d2p+0,
    0x1.56f4736b527dap+0, 0x1.57e27dbe2c4cfp+0, 0x1.58d12d497c7fdp+0, 0x1.59c0827ff07ccp+0,
    0x1.5ab07dd485429p+0, 0x1.5ba11fba87a03p+0, 0x1.5c9268a5946b7p+0, 0x1.5d84590998b93p+0,
    0x1.5e76f15ad2148p+0, 0x1.5f6a320dceb71p+0, 0x1.605e1b976dc09p+0, 0x1.6152ae6cdf6f4p+0,
    0x1.6247eb03a5585p+0, 0x1.633dd1d1929fdp+0, 0x1.6434634ccc320p+0, 0x1.652b9febc8fb7p+0,
    0x1.6623882552225p+0, 0x1.671c1c70833f6p+0, 0x1.68155d44ca973p+0, 0x1.690f4b19e9538p+0,
    0x1.6a09e667f3bcdp+0, 0x1.6b052fa75173ep+0, 0x1.6c012750bdabfp+0, 0x1.6cfdcddd47645p+0,
    0x1.6dfb23c651a2fp+0, 0x1.6ef9298593ae5p+0, 0x1.6ff7df9519484p+0, 0x1.70f7466f42e87p+0,
    0x1.71f75e8ec5f74p+0, 0x1.72f8286ead08ap+0, 0x1.73f9a48a58174p+0, 0x1.74fbd35d7cbfdp+0,
    0x1.75feb564267c9p+0, 0x1.77024b1ab6e09p+0, 0x1.780694fde5d3fp+0, 0x1.790b938ac1cf6p+0,
    0x1.7a11473eb0187p+0, 0x1.7b17b0976cfdbp+0, 0x1.7c1ed0130c132p+0, 0x1.7d26a62ff86f0p+0,
    0x1.7e2f336cf4e62p+0, 0x1.7f3878491c491p+0, 0x1.80427543e1a12p+0, 0x1.814d2add106d9p+0,
    0x1.82589994cce13p+0, 0x1.8364c1eb941f7p+0, 0x1.8471a4623c7adp+0, 0x1.857f4179f5b21p+0,
    0x1.868d99b4492edp+0, 0x1.879cad931a436p+0, 0x1.88ac7d98a6699p+0, 0x1.89bd0a478580fp+0,
    0x1.8ace5422aa0dbp+0, 0x1.8be05bad61778p+0, 0x1.8cf3216b5448cp+0, 0x1.8e06a5e0866d9p+0,
    0x1.8f1ae99157736p+0, 0x1.902fed0282c8ap+0, 0x1.9145b0b91ffc6p+0, 0x1.925c353aa2fe2p+0,
    0x1.93737b0cdc5e5p+0, 0x1.948b82b5f98e5p+0, 0x1.95a44cbc8520fp+0, 0x1.96bdd9a7670b3p+0,
    0x1.97d829fde4e50p+0, 0x1.98f33e47a22a2p+0, 0x1.9a0f170ca07bap+0, 0x1.9b2bb4d53fe0dp+0,
    0x1.9c49182a3f090p+0, 0x1.9d674194bb8d5p+0, 0x1.9e86319e32323p+0, 0x1.9fa5e8d07f29ep+0,
    0x1.a0c667b5de565p+0, 0x1.a1e7aed8eb8bbp+0, 0x1.a309bec4a2d33p+0, 0x1.a42c980460ad8p+0,
    0x1.a5503b23e255dp+0, 0x1.a674a8af46052p+0, 0x1.a799e1330b358p+0, 0x1.a8bfe53c12e59p+0,
    0x1.a9e6b5579fdbfp+0, 0x1.ab0e521356ebap+0, 0x1.ac36bbfd3f37ap+0, 0x1.ad5ff3a3c2774p+0,
    0x1.ae89f995ad3adp+0, 0x1.afb4ce622f2ffp+0, 0x1.b0e07298db666p+0, 0x1.b20ce6c9a8952p+0,
    0x1.b33a2b84f15fbp+0, 0x1.b468415b749b1p+0, 0x1.b59728de5593ap+0, 0x1.b6c6e29f1c52ap+0,
    0x1.b7f76f2fb5e47p+0, 0x1.b928cf22749e4p+0, 0x1.ba5b030a1064ap+0, 0x1.bb8e0b79a6f1fp+0,
    0x1.bcc1e904bc1d2p+0, 0x1.bdf69c3f3a207p+0, 0x1.bf2c25bd71e09p+0, 0x1.c06286141b33dp+0,
    0x1.c199bdd85529cp+0, 0x1.c2d1cd9fa652cp+0, 0x1.c40ab5fffd07ap+0, 0x1.c544778fafb22p+0,
    0x1.c67f12e57d14bp+0, 0x1.c7ba88988c933p+0, 0x1.c8f6d9406e7b5p+0, 0x1.ca3405751c4dbp+0,
    0x1.cb720dcef9069p+0, 0x1.ccb0f2e6d1675p+0, 0x1.cdf0b555dc3fap+0, 0x1.cf3155b5bab74p+0,
    0x1.d072d4a07897cp+0, 0x1.d1b532b08c968p+0, 0x1.d2f87080d89f2p+0, 0x1.d43c8eacaa1d6p+0,
    0x1.d5818dcfba487p+0, 0x1.d6c76e862e6d3p+0, 0x1.d80e316c98398p+0, 0x1.d955d71ff6075p+0,
    0x1.da9e603db3285p+0, 0x1.dbe7cd63a8315p+0, 0x1.dd321f301b460p+0, 0x1.de7d5641c0658p+0,
    0x1.dfc97337b9b5fp+0, 0x1.e11676b197d17p+0, 0x1.e264614f5a129p+0, 0x1.e3b333b16ee12p+0,
    0x1.e502ee78b3ff6p+0, 0x1.e653924676d76p+0, 0x1.e7a51fbc74c83p+0, 0x1.e8f7977cdb740p+0,
    0x1.ea4afa2a490dap+0, 0x1.eb9f4867cca6ep+0, 0x1.ecf482d8e67f1p+0, 0x1.ee4aaa2188510p+0,
    0x1.efa1bee615a27p+0, 0x1.f0f9c1cb6412ap+0, 0x1.f252b376bba97p+0, 0x1.f3ac948dd7274p+0,
    0x1.f50765b6e4540p+0, 0x1.f6632798844f8p+0, 0x1.f7bfdad9cbe14p+0, 0x1.f91d802243c89p+0,
    0x1.fa7c1819e90d8p+0, 0x1.fbdba3692d514p+0, 0x1.fd3c22b8f71f1p+0, 0x1.fe9d96b2a23d9p+0,
    0x1.0000000000000p+1,
};

/* For t in [1 + m/256, 1 + (m + 1)/256), the least j whose edge 2^(j/256) can hold it: the
 * least with 2^(j/256) >= 1 + m/256 (from the table above; a cell of this linear grid spans
 * at most three of its bins, so lh_index steps at most twice from here). */
static const unsigned short first_bin[256] = {
      0,   2,   3,   5,   6,   8,   9,  10,  12,  13,  15,  16,  17,  19,  20,  22,
     23,  24,  26,  27,  28,  30,  31,  32,  34,  35,  36,  38,  39,  40,  41,  43,
     44,  45,  47,  48,  49,  50,  52,  53,  54,  55,  57,  58,  59,  60,  62,  63,
     64,  65,  66,  68,  69,  70,  71,  72,  74,  75,  76,  77,  78,  79,  81,  82,
     83,  84,  85,  86,  88,  89,  90,  91,  92,  93,  94,  95,  97,  98,  99, 100,
    101, 102, 103, 104, 105, 106, 107, 109, 110, 111, 112, 113, 114, 115, 116, 117,
    118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 132, 133, 134,
    135, 136, 137, 138, 139, 140, 141, 141, 142, 143, 144, 145, 146, 147, 148, 149,
    150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 163, 164,
    165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 174, 175, 176, 177, 178, 179,
    180, 181, 182, 182, 183, 184, 185, 186, 187, 188, 189, 189, 190, 191, 192, 193,
    194, 195, 195, 196, 197, 198, 199, 200, 201, 201, 202, 203, 204, 205, 206, 206,
    207, 208, 209, 210, 210, 211, 212, 213, 214, 215, 215, 216, 217, 218, 219, 219,
    220, 221, 222, 223, 223, 224, 225, 226, 226, 227, 228, 229, 230, 230, 231, 232,
    233, 233, 234, 235, 236, 236, 237, 238, 239, 240, 240, 241, 242, 243, 243, 244,
    245, 246, 246, 247, 248, 248, 249, 250, 251, 251, 252, 253, 254, 254, 255, 256,
};

int lh_index(double x)
{
    if (!(x > 0))
        return LH_ZERO;
    if (isinf(x))
        return LH_INF;
    int e;
    double t = 2.0 * frexp(x, &e); /* x = t · 2^(e − 1), t in [1, 2), exactly */
    int j = first_bin[(int)((t - 1.0) * 256.0)]; /* the least j with t <= 2^(j/256) */
    while (t > edge_table[j])
        j++;
    return LH_PER_OCTAVE * (e - 1) + j;
}

double lh_edge(int k)
{
    int oct = k >= 0 ? k / LH_PER_OCTAVE : -((-k + LH_PER_OCTAVE - 1) / LH_PER_OCTAVE);
    return ldexp(edge_table[k - oct * LH_PER_OCTAVE], oct);
}

double lh_value(int k)
{
    if (k == LH_ZERO)
        return 0.0;
    if (k == LH_INF)
        return INFINITY;
    return sqrt(lh_edge(k - 1)) * sqrt(lh_edge(k)); /* IEEE operations: the same bits anywhere */
}

double lh_low(int k)
{
    return k == LH_ZERO ? -INFINITY : k == LH_INF ? INFINITY : lh_edge(k - 1);
}

double lh_high(int k)
{
    return k == LH_ZERO ? 0.0 : k == LH_INF ? INFINITY : lh_edge(k);
}

void lh_grown(int lo, int n, int k, long *new_lo, long *new_hi)
{
    long a = n ? lo : k, b = n ? (long)lo + n : (long)k + 1, room = n / 2 > 16 ? n / 2 : 16;
    if (k < a)
        a = (long)k - room;
    if (k >= b)
        b = (long)k + 1 + room;
    *new_lo = a <= LH_ZERO ? (long)LH_ZERO + 1 : a;
    *new_hi = b > LH_INF ? LH_INF : b;
}

/* Grow h's range to hold bin k. */
static int grow(struct lh *h, int k)
{
    long lo, hi;
    lh_grown(h->lo, h->n, k, &lo, &hi);
    int64_t *c = calloc((size_t)(hi - lo), sizeof *c);
    if (!c)
        return -1;
    if (h->n)
        memcpy(c + (h->lo - lo), h->count, (size_t)h->n * sizeof *c);
    free(h->count);
    h->count = c;
    h->lo = (int)lo;
    h->n = (int)(hi - lo);
    return 0;
}

int lh_add(struct lh *h, int k, int64_t n)
{
    if (k == LH_ZERO)
        h->zero += n;
    else if (k == LH_INF)
        h->inf += n;
    else {
        if ((h->n == 0 || k < h->lo || (long)k >= (long)h->lo + h->n) && grow(h, k))
            return -1;
        h->count[k - h->lo] += n;
    }
    return 0;
}

int64_t lh_count(const struct lh *h, int k)
{
    if (k == LH_ZERO)
        return h->zero;
    if (k == LH_INF)
        return h->inf;
    return h->n && k >= h->lo && (long)k < (long)h->lo + h->n ? h->count[k - h->lo] : 0;
}

int64_t lh_total(const struct lh *h)
{
    int64_t t = h->zero + h->inf;
    for (int i = 0; i < h->n; i++)
        t += h->count[i];
    return t;
}

int64_t lh_at_most(const struct lh *h, int k)
{
    int64_t t = h->zero;
    for (int i = 0; i < h->n && (long)h->lo + i <= (long)k; i++)
        t += h->count[i];
    return t;
}

bool lh_range(const struct lh *h, int *first, int *last)
{
    int a = 0, b = h->n - 1;
    while (a <= b && h->count[a] == 0)
        a++;
    while (b >= a && h->count[b] == 0)
        b--;
    if (a > b)
        return false;
    *first = h->lo + a;
    *last = h->lo + b;
    return true;
}

int lh_rank_bin(const struct lh *h, int64_t rank)
{
    int64_t seen = h->zero;
    if (rank <= seen)
        return LH_ZERO;
    for (int i = 0; i < h->n; i++)
        if ((seen += h->count[i]) >= rank)
            return h->lo + i;
    return LH_INF;
}

/* *to += n for counts (both >= 0); -1 where the sum would pass INT64_MAX (a damaged file's). */
static int add_count(int64_t *to, int64_t n)
{
    if (n > INT64_MAX - *to)
        return -1;
    *to += n;
    return 0;
}

int lh_merge(struct lh *into, const struct lh *from)
{
    int a, b;
    if (lh_range(from, &a, &b) && (lh_add(into, a, 0) || lh_add(into, b, 0)))
        return -1; /* the whole range first: no growth in the loop */
    if (add_count(&into->zero, from->zero) || add_count(&into->inf, from->inf))
        return -1;
    for (int i = 0; i < from->n; i++)
        if (from->count[i] && add_count(&into->count[from->lo + i - into->lo], from->count[i]))
            return -1;
    return 0;
}

void lh_free(struct lh *h)
{
    free(h->count);
    memset(h, 0, sizeof *h);
}

size_t lh_encoded_len(const struct lh *h)
{
    int a, b;
    return 4 + (lh_range(h, &a, &b) ? (size_t)((long)b - a + 1) : 0);
}

int64_t *lh_encode(const struct lh *h, int64_t *out)
{
    int a = 0, b = -1;
    lh_range(h, &a, &b);
    if (b < a)
        a = 0, b = -1;
    *out++ = h->zero;
    *out++ = h->inf;
    *out++ = a;
    *out++ = (long)b - a + 1;
    for (long k = a; k <= b; k++)
        *out++ = h->count[k - h->lo];
    return out;
}

const int64_t *lh_decode_add(struct lh *h, const int64_t *p, const int64_t *end)
{
    if (end - p < 4 || p[0] < 0 || p[1] < 0 || p[3] < 0 || p[3] > end - p - 4 ||
        p[2] <= (int64_t)LH_ZERO || p[2] + p[3] > (int64_t)LH_INF)
        return NULL;
    int64_t first = p[2], n = p[3];
    for (int64_t i = 0; i < n; i++)
        if (p[4 + i] < 0)
            return NULL;
    if (n > 0 && (lh_add(h, (int)first, 0) || lh_add(h, (int)(first + n - 1), 0)))
        return NULL;
    if (add_count(&h->zero, p[0]) || add_count(&h->inf, p[1]))
        return NULL;
    for (int64_t i = 0; i < n; i++)
        if (add_count(&h->count[first + i - h->lo], p[4 + i]))
            return NULL;
    return p + 4 + n;
}

/* shard — write and read a shard file (see shard.h and docs/guide/file-format.md). */
#include "engine/results/shard.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hdf5.h>
#include <hdf5_hl.h>

#include "engine/results/h5read.h"
#include "engine/results/h5write.h"
#include "engine/results/provenance.h"
#include "models/metrics.h"

/* The longest config text a shard carries (a config is a few kilobytes). */
#define SHARD_TEXT_MAX ((size_t)1 << 22)

/* The stream of one (scenario, policy) of a block (run_stream_encode), the dataset
 * "stream" of int64 under loc: written, or read and added into res (a checkpoint's block is
 * empty before, a merge adds the shards' one by one). */
static int stream_cell(hid_t loc, struct run_result *res, int s, int p, int read)
{
    hsize_t dims[1] = {run_stream_len(res, s, p)};
    if (read && (h5r_dataset_dims(loc, "stream", H5T_INTEGER, 1, dims) < 0 ||
                 dims[0] > ((hsize_t)1 << 40)))
        return -1;
    int64_t *v = malloc(((size_t)dims[0] + 1) * sizeof *v);
    if (!v)
        return -1;
    int rc;
    if (read)
        rc = h5r_dataset(loc, "stream", H5T_INTEGER, 1, dims, H5T_NATIVE_INT64, v) < 0 ||
                     run_stream_decode_add(res, s, p, v, (size_t)dims[0])
                 ? -1
                 : 0;
    else {
        run_stream_encode(res, s, p, v);
        rc = h5w_array(loc, "stream", H5T_NATIVE_INT64, 1, dims, v);
    }
    free(v);
    return rc;
}

/* The datasets of one (scenario, policy) of a block (run_arrays, and its stream), under its
 * group loc: written, or read into the block's place in res. */
static int block_cell(hid_t loc, const struct cfg *c, struct run_result *res, int s, int p,
                      int first, int nrep, int read)
{
    struct run_array a[RUN_ARRAYS_MAX];
    int n = run_arrays(c, res, s, p, first, a);
    for (int i = 0; i < n; i++) {
        hsize_t dims[2] = {(hsize_t)nrep, a[i].width};
        hid_t type = a[i].real ? H5T_NATIVE_DOUBLE : H5T_NATIVE_INT;
        int rc = read ? h5r_dataset(loc, a[i].name, a[i].real ? H5T_FLOAT : H5T_INTEGER, a[i].rank,
                                    dims, type, a[i].data)
                      : h5w_array(loc, a[i].name, type, a[i].rank, dims, a[i].data);
        if (rc)
            return -1;
    }
    return stream_cell(loc, res, s, p, read);
}

/* Every (scenario, policy) of the block, under /scenarios/S/POLICY. */
static int block_all(hid_t f, const struct cfg *c, struct run_result *res, int first, int nrep,
                     int read)
{
    int rc = 0;
    for (int s = 0; s < c->nscenarios && rc == 0; s++)
        for (int p = 0; p < c->npolicies && rc == 0; p++) {
            char path[64 + 32];
            snprintf(path, sizeof path, "/scenarios/%d/%s", s, c->policies[p]->name);
            hid_t g = -1;
            if (read)
                g = H5Gopen2(f, path, H5P_DEFAULT);
            else {
                hid_t lcpl = H5Pcreate(H5P_LINK_CREATE);
                if (lcpl >= 0 && H5Pset_create_intermediate_group(lcpl, 1) >= 0)
                    g = H5Gcreate2(f, path, lcpl, H5P_DEFAULT, H5P_DEFAULT);
                if (lcpl >= 0)
                    H5Pclose(lcpl);
            }
            if (g < 0)
                return -1;
            if (!read) {
                hid_t sub[2] = {H5Gcreate2(g, "replicas", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                                res->hist_bins > 0 ? H5Gcreate2(g, "histograms", H5P_DEFAULT,
                                                                H5P_DEFAULT, H5P_DEFAULT)
                                                   : 0};
                rc = sub[0] < 0 || sub[1] < 0 ? -1 : 0;
                for (int i = 0; i < 2; i++)
                    if (sub[i] > 0)
                        H5Gclose(sub[i]);
            }
            if (rc == 0)
                rc = block_cell(g, c, res, s, p, first, nrep, read);
            H5Gclose(g);
        }
    return rc;
}

/* The /done dataset of a checkpoint: [cells][n]. */
static int done_io(hid_t f, const struct cfg *c, int nrep, unsigned char *done, int read)
{
    hsize_t dims[2] = {(hsize_t)c->nscenarios * (hsize_t)c->npolicies, (hsize_t)nrep};
    if (read)
        return h5r_dataset(f, "done", H5T_INTEGER, 2, dims, H5T_NATIVE_UCHAR, done);
    return h5w_array(f, "done", H5T_NATIVE_UCHAR, 2, dims, done);
}

int shard_commit(struct outfile *o, enum shard_kind kind, const struct cfg *c,
                 const char *config_path, int index, int count, const struct run_result *res,
                 const unsigned char *done, const struct shard_extra *extra,
                 const struct rs_provenance *pv, char *err, size_t errlen)
{
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    hid_t f = h5w_create(o, err, errlen);
    if (f < 0)
        return -1;
    struct rs_provenance spv = *pv;
    spv.shards = count;
    int rc = rs_write_root(f, kind == SHARD_FILE ? SHARD_FORMAT : CHECKPOINT_FORMAT,
                           SHARD_FORMAT_VERSION, c, res, &spv);
    rc |= h5w_attr(f, "/", "shard", H5T_NATIVE_INT, &index);
    rc |= h5w_attr(f, "/", "first_replica", H5T_NATIVE_INT, &res->first);
    rc |= h5w_attr(f, "/", "shard_replicas", H5T_NATIVE_INT, &res->nrep);
    rc |= H5LTset_attribute_string(f, "/", "config_path", config_path);
    if (rc == 0)
        rc = block_all(f, c, (struct run_result *)res, 0, res->nrep, 0);
    if (rc == 0 && kind == SHARD_CHECKPOINT)
        rc = done_io(f, c, res->nrep, (unsigned char *)done, 0);
    if (rc == 0 && extra) {
        hsize_t dims[1] = {(hsize_t)extra->n};
        rc = h5w_array(f, "sequential", H5T_NATIVE_DOUBLE, 1, dims, extra->v);
    }
    return h5w_finish(f, rc == 0, o, kind == SHARD_FILE ? "the shard" : "the checkpoint", err,
                      errlen);
}

/* The most values an extra may hold: a place of 2^20 cells. */
#define SHARD_EXTRA_MAX ((hsize_t)1 << 24)

int shard_read_extra(const char *path, struct shard_extra *out, char *err, size_t errlen)
{
    *out = (struct shard_extra){0};
    hid_t h = h5r_open(path, "not a checkpoint (an HDF5 file without checksums)", err, errlen);
    if (h < 0)
        return -1;
    int rc = 1;
    hsize_t dims[1];
    if (H5Lexists(h, "sequential", H5P_DEFAULT) > 0) {
        rc = -1;
        if (h5r_dataset_dims(h, "sequential", H5T_FLOAT, 1, dims) == 0 &&
            dims[0] <= SHARD_EXTRA_MAX && (out->v = malloc((dims[0] + 1) * sizeof *out->v)) &&
            h5r_dataset(h, "sequential", H5T_FLOAT, 1, dims, H5T_NATIVE_DOUBLE, out->v) == 0) {
            out->n = (size_t)dims[0];
            rc = 0;
        }
    }
    H5Fclose(h);
    if (rc < 0) {
        free(out->v);
        *out = (struct shard_extra){0};
        h5r_fail(err, errlen, path, "damaged checkpoint: its 'sequential' dataset");
    }
    return rc;
}

static char *one_string(hid_t h, const char *name)
{
    int n = 0;
    char **v = h5r_strings(h, name, SHARD_TEXT_MAX, 1, &n);
    char *s = v && n == 1 ? v[0] : NULL;
    if (v && n == 1)
        v[0] = NULL;
    if (v)
        for (int i = 0; i < n; i++)
            free(v[i]);
    free(v);
    return s;
}

/* String attribute `name` into buf; "" when it is missing or does not fit. */
static void copy_attr(hid_t h, const char *name, char *buf, size_t len)
{
    char *s = h5r_attr_string(h, "/", name);
    snprintf(buf, len, "%s", s && strlen(s) < len ? s : "");
    free(s);
}

/* The most wall time a shard or checkpoint may say it took: 31 years, so that the sum over
 * any number of shards stays finite. */
#define SHARD_WALL_MAX 1e9

/* What is wrong with the provenance that merge and --resume carry into their file (threads,
 * wall time, task events, times, host), naming the attribute, into buf; NULL when nothing.
 * Task events are at most 2^63 / K, so that merge's sum over the K shards fits. */
static const char *bad_provenance(const struct shard_info *in, const char *what, char *buf,
                                  size_t len)
{
    const char *text = !prov_utc_valid(in->start) ? "start_time"
                       : !prov_utc_valid(in->end) ? "end_time"
                                                  : NULL;
    if (in->threads < 1 || in->threads > RUN_THREADS_MAX)
        snprintf(buf, len, "damaged %s: its 'threads' attribute is %d, not a thread count in "
                 "[1, %d]", what, in->threads, RUN_THREADS_MAX);
    else if (!(in->wall_seconds >= 0 && in->wall_seconds <= SHARD_WALL_MAX))
        snprintf(buf, len, "damaged %s: its 'wall_seconds' attribute is %g, not a number of "
                 "seconds in [0, %g]", what, in->wall_seconds, SHARD_WALL_MAX);
    else if (in->task_events < 0 || in->task_events > INT64_MAX / in->count)
        snprintf(buf, len, "damaged %s: its 'task_events' attribute is %lld, not a count in "
                 "[0, %lld]", what, (long long)in->task_events,
                 (long long)(INT64_MAX / in->count));
    else if (text)
        snprintf(buf, len, "damaged %s: its '%s' attribute is missing or not a UTC time as "
                 "specmc writes them (2026-11-22T10:00:00Z)", what, text);
    else if (!prov_host_valid(in->host))
        snprintf(buf, len, "damaged %s: its 'host' attribute is missing, empty, over 255 bytes "
                 "or holds control characters", what);
    else
        return NULL;
    return buf;
}

int shard_read_info(const char *path, enum shard_kind kind, struct shard_info *in, char *err,
                    size_t errlen)
{
    memset(in, 0, sizeof *in);
    hid_t h = h5r_open(path, "not a shard or checkpoint (an HDF5 file without checksums)", err,
                       errlen);
    if (h < 0)
        return -1;
    const char *want = kind == SHARD_FILE ? SHARD_FORMAT : CHECKPOINT_FORMAT;
    const char *what = kind == SHARD_FILE ? "shard file" : "checkpoint";
    char why[512];
    int version = 0, rc = -1;
    long long events = 0;
    char *format = h5r_attr_string(h, "/", "format");
    const char *problem = rs_format_refusal(
        why, sizeof why, format, kind == SHARD_FILE ? "shard" : "checkpoint",
        kind == SHARD_FILE ? "merge takes the files of run --shard" : NULL);
    if (!format || strcmp(format, want))
        goto done;
    problem = "shard format version unknown to this specmc (merge with the specmc that wrote it)";
    if (h5r_attr_int(h, "/", "format_version", &version) < 0 || version != SHARD_FORMAT_VERSION)
        goto done;
    problem = "damaged shard file: its description is incomplete";
    in->version = h5r_attr_string(h, "/", "specmc_version");
    in->git_rev = h5r_attr_string(h, "/", "git_revision");
    in->config_path = h5r_attr_string(h, "/", "config_path");
    in->config = one_string(h, "config");
    in->overrides = one_string(h, "overrides");
    in->inputs = h5r_attr_string(h, "/", "inputs");
    if (!in->version || !in->git_rev || !in->config_path || !in->config || !in->overrides ||
        !in->inputs ||
        h5r_attr_u64(h, "/", "seed", &in->seed) < 0 ||
        h5r_attr_int(h, "/", "replicas", &in->replicas) < 0 ||
        h5r_attr_int(h, "/", "shard", &in->index) < 0 ||
        h5r_attr_int(h, "/", "shards", &in->count) < 0 ||
        h5r_attr_int(h, "/", "first_replica", &in->first) < 0 ||
        h5r_attr_int(h, "/", "shard_replicas", &in->nrep) < 0 ||
        h5r_attr_int(h, "/", "threads", &in->threads) < 0 ||
        h5r_attr_double(h, "/", "wall_seconds", &in->wall_seconds) < 0 ||
        H5LTget_attribute_long_long(h, "/", "task_events", &events) < 0)
        goto done;
    in->task_events = events;
    copy_attr(h, "start_time", in->start, sizeof in->start);
    copy_attr(h, "end_time", in->end, sizeof in->end);
    copy_attr(h, "host", in->host, sizeof in->host);
    problem = "damaged shard file: its block is not block shard/shards of replicas";
    if (in->replicas < 1 || in->count < 1 || in->count > in->replicas || in->index < 0 ||
        in->index >= in->count ||
        in->first != shard_first(in->replicas, in->index, in->count) ||
        in->nrep != shard_first(in->replicas, in->index + 1, in->count) - in->first)
        goto done;
    if ((problem = bad_provenance(in, what, why, sizeof why)))
        goto done;
    rc = 0;
done:
    free(format);
    H5Fclose(h);
    if (rc) {
        h5r_fail(err, errlen, path, problem);
        shard_info_free(in);
    }
    return rc;
}

enum shard_diff shard_compare(const struct shard_info *a, const struct shard_info *b)
{
    return strcmp(a->version, b->version) || strcmp(a->git_rev, b->git_rev) ? SHARD_BUILD
           : strcmp(a->config, b->config)                                   ? SHARD_CONFIG
           : strcmp(a->overrides, b->overrides)                             ? SHARD_OVERRIDES
           : strcmp(a->inputs, b->inputs)                                   ? SHARD_INPUTS
           : a->seed != b->seed                                             ? SHARD_SEED
           : a->replicas != b->replicas                                     ? SHARD_REPLICAS
           : a->count != b->count                                           ? SHARD_COUNT
                                                                            : SHARD_SAME;
}

/* One line of an inputs text, "KEY PATH DIGEST". */
struct input_line {
    char key[64], path[1024], digest[64];
};

/* Line `i` of an inputs text into *l; false when there is no such line. */
static bool input_line(const char *text, int i, struct input_line *l)
{
    for (; i > 0 && text; i--)
        text = strchr(text, '\n') ? strchr(text, '\n') + 1 : NULL;
    if (!text || !*text)
        return false;
    const char *sp1 = strchr(text, ' '), *end = strchr(text, '\n');
    end = end ? end : text + strlen(text);
    const char *sp2 = sp1 ? sp1 + 1 : NULL;
    for (const char *q = sp2; q && q < end; q++)
        if (*q == ' ')
            sp2 = q; /* the last space: paths may hold spaces */
    if (!sp1 || sp1 > end || sp2 <= sp1 + 1 || sp2 >= end)
        return false;
    snprintf(l->key, sizeof l->key, "%.*s", (int)(sp1 - text), text);
    snprintf(l->path, sizeof l->path, "%.*s", (int)(sp2 - sp1 - 1), sp1 + 1);
    snprintf(l->digest, sizeof l->digest, "%.*s", (int)(end - sp2 - 1), sp2 + 1);
    return true;
}

const char *shard_inputs_diff(const char *a, const char *b, char *buf, size_t len)
{
    struct input_line x, y;
    for (int i = 0;; i++) {
        bool hx = input_line(a, i, &x), hy = input_line(b, i, &y);
        if (!hx && !hy)
            break;
        bool same_file = hx && hy && !strcmp(x.key, y.key) && !strcmp(x.path, y.path);
        if (same_file && strcmp(x.digest, y.digest)) {
            snprintf(buf, len, "%s (%s) has other contents", x.path, x.key);
            return buf;
        }
        if (!same_file) {
            snprintf(buf, len, "%s (%s) is not read by both", hx ? x.path : y.path,
                     hx ? x.key : y.key);
            return buf;
        }
    }
    snprintf(buf, len, "the files the config names differ");
    return buf;
}

int shard_load_config(const struct shard_info *in, struct cfg *c, char *err, size_t errlen)
{
    char *sets_text = strdup(in->overrides);
    int nsets = 0;
    const char **sets = calloc(strlen(in->overrides) + 1, sizeof *sets);
    if (!sets_text || !sets) {
        free(sets_text), free(sets);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (char *line = strtok(sets_text, "\n"); line; line = strtok(NULL, "\n"))
        sets[nsets++] = line;
    int rc = cfg_load_text(c, in->config_path, in->config, sets, nsets, err, errlen);
    free(sets_text), free(sets);
    if (rc)
        return -1;
    c->seed = in->seed;
    c->replicas = in->replicas;
    return 0;
}

void shard_info_free(struct shard_info *in)
{
    free(in->version), free(in->git_rev), free(in->config_path);
    free(in->config), free(in->overrides), free(in->inputs);
    memset(in, 0, sizeof *in);
}

int shard_read_block(const char *path, const struct cfg *c, const struct shard_info *info,
                     struct run_result *res, unsigned char *done, char *err, size_t errlen)
{
    hid_t h = h5r_open(path, "not a shard or checkpoint (an HDF5 file without checksums)", err,
                       errlen);
    if (h < 0)
        return -1;
    int rc = block_all(h, c, res, info->first - res->first, info->nrep, 1);
    if (rc == 0 && done)
        rc = done_io(h, c, info->nrep, done, 1);
    H5Fclose(h);
    if (rc)
        return h5r_fail(err, errlen, path, "damaged shard file: its replicas' data are "
                                            "missing, of the wrong shape, or fail their checksums");
    return 0;
}

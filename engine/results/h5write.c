/* h5write — checksummed HDF5 files, cleanly failing (see h5write.h). */
#include "engine/results/h5write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>

/* Chunks of at most this many bytes (HDF5's limit is 4 GiB; smaller chunks keep a checksum
 * failure local and the chunk cache small). */
#define CHUNK_BYTES ((size_t)1 << 20)

void h5w_init(void)
{
    H5dont_atexit();
}

hid_t h5w_create(struct outfile *o, char *err, size_t errlen)
{
    hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
    hid_t f = -1;
    if (fapl >= 0 && H5Pset_libver_bounds(fapl, H5F_LIBVER_V110, H5F_LIBVER_V110) >= 0)
        f = H5Fcreate(o->tmp_path, H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
    if (fapl >= 0)
        H5Pclose(fapl);
    if (f < 0)
        snprintf(err, errlen, "%s: cannot write the output file: HDF5 cannot create %s",
                 o->final_path, o->tmp_path);
    return f;
}

/* Why writing failed, as far as the file system can tell. */
static const char *write_failure(const char *path)
{
    struct statvfs fs;
    if (statvfs(path, &fs) == 0 && fs.f_bavail == 0)
        return "the file system is full";
    return "a write failed (the file system is full, or an I/O error)";
}

int h5w_finish(hid_t f, int ok, struct outfile *o, const char *what, char *err, size_t errlen)
{
    if (H5Fclose(f) < 0)
        ok = 0;
    if (!ok) {
        snprintf(err, errlen, "%s: cannot write %s: %s", o->final_path, what,
                 write_failure(o->tmp_path));
        return -1;
    }
    return outfile_commit(o, err, errlen);
}

hid_t h5w_string_type(size_t size)
{
    hid_t t = H5Tcopy(H5T_C_S1);
    if (t >= 0 && (H5Tset_size(t, size) < 0 || H5Tset_cset(t, H5T_CSET_UTF8) < 0)) {
        H5Tclose(t);
        return -1;
    }
    return t;
}

hid_t h5w_compound(size_t row_size, int n, const char *const *names, const size_t *offsets,
                   const hid_t *types)
{
    hid_t t = H5Tcreate(H5T_COMPOUND, row_size);
    for (int i = 0; t >= 0 && i < n; i++)
        if (H5Tinsert(t, names[i], offsets[i], types[i]) < 0) {
            H5Tclose(t);
            t = -1;
        }
    return t;
}

int h5w_array(hid_t loc, const char *name, hid_t type, int rank, const hsize_t *dims,
              const void *data)
{
    hsize_t max[2], chunk[2];
    size_t row = H5Tget_size(type);
    for (int i = 0; i < rank; i++) {
        max[i] = dims[i] ? dims[i] : H5S_UNLIMITED; /* an empty extent needs room to chunk */
        chunk[i] = dims[i] ? dims[i] : 1;
        if (i > 0)
            row *= chunk[i];
    }
    hsize_t rows = CHUNK_BYTES / (row ? row : 1);
    chunk[0] = rows < 1 ? 1 : rows < chunk[0] ? rows : chunk[0];
    hid_t space = H5Screate_simple(rank, dims, max), dcpl = H5Pcreate(H5P_DATASET_CREATE);
    hid_t ds = -1;
    if (space >= 0 && dcpl >= 0 && H5Pset_chunk(dcpl, rank, chunk) >= 0 &&
        H5Pset_fletcher32(dcpl) >= 0)
        ds = H5Dcreate2(loc, name, type, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
    int empty = H5Sget_simple_extent_npoints(space) == 0;
    int ok = ds >= 0 && (empty || H5Dwrite(ds, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data) >= 0);
    if (ds >= 0)
        H5Dclose(ds);
    if (dcpl >= 0)
        H5Pclose(dcpl);
    if (space >= 0)
        H5Sclose(space);
    return ok ? 0 : -1;
}

int h5w_strings(hid_t loc, const char *name, const char *const *strs, int n)
{
    size_t width = 1;
    for (int i = 0; i < n; i++)
        if (strlen(strs[i]) + 1 > width)
            width = strlen(strs[i]) + 1;
    char *buf = calloc((size_t)(n ? n : 1), width);
    hid_t type = buf ? h5w_string_type(width) : -1;
    for (int i = 0; buf && i < n; i++)
        memcpy(buf + (size_t)i * width, strs[i], strlen(strs[i]));
    hsize_t dims[1] = {(hsize_t)n};
    int rc = type >= 0 ? h5w_array(loc, name, type, 1, dims, buf) : -1;
    if (type >= 0)
        H5Tclose(type);
    free(buf);
    return rc;
}

int h5w_attr(hid_t loc, const char *obj, const char *name, hid_t type, const void *value)
{
    hid_t o = H5Oopen(loc, obj, H5P_DEFAULT);
    hid_t space = o >= 0 ? H5Screate(H5S_SCALAR) : -1;
    hid_t a = space >= 0 ? H5Acreate2(o, name, type, space, H5P_DEFAULT, H5P_DEFAULT) : -1;
    int rc = a >= 0 && H5Awrite(a, type, value) >= 0 ? 0 : -1;
    if (a >= 0)
        H5Aclose(a);
    if (space >= 0)
        H5Sclose(space);
    if (o >= 0)
        H5Oclose(o);
    return rc;
}

/* h5read — checked reads of HDF5 attributes and datasets (see h5read.h). */
#include "engine/results/h5read.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A dataspace holding one value: scalar, or one-dimensional of extent 1. */
static int one_value(hid_t space)
{
    H5S_class_t kind = H5Sget_simple_extent_type(space);
    if (kind == H5S_SCALAR)
        return 1;
    hsize_t d[H5S_MAX_RANK];
    return kind == H5S_SIMPLE && H5Sget_simple_extent_ndims(space) == 1 &&
           H5Sget_simple_extent_dims(space, d, NULL) == 1 && d[0] == 1;
}

/* A one-dimensional dataspace of extent exactly n. */
static int extent_is(hid_t space, size_t n)
{
    hsize_t d[H5S_MAX_RANK];
    return H5Sget_simple_extent_type(space) == H5S_SIMPLE &&
           H5Sget_simple_extent_ndims(space) == 1 &&
           H5Sget_simple_extent_dims(space, d, NULL) == 1 && d[0] == (hsize_t)n;
}

/* Read attribute name of obj when its class is c1 or c2 and it holds n values (n == 1: one
 * value in any of the forms one_value accepts). */
static int attr_read(hid_t loc, const char *obj, const char *name, H5T_class_t c1,
                     H5T_class_t c2, size_t n, hid_t memtype, void *out)
{
    hid_t a = H5Aopen_by_name(loc, obj, name, H5P_DEFAULT, H5P_DEFAULT);
    if (a < 0)
        return -1;
    hid_t type = H5Aget_type(a), space = H5Aget_space(a);
    H5T_class_t cls = type < 0 ? H5T_NO_CLASS : H5Tget_class(type);
    int ok = type >= 0 && space >= 0 && (cls == c1 || cls == c2) &&
             (n == 1 ? one_value(space) : extent_is(space, n)) && H5Aread(a, memtype, out) >= 0;
    if (type >= 0)
        H5Tclose(type);
    if (space >= 0)
        H5Sclose(space);
    H5Aclose(a);
    return ok ? 0 : -1;
}

int h5r_attr_int(hid_t loc, const char *obj, const char *name, int *out)
{
    return attr_read(loc, obj, name, H5T_INTEGER, H5T_INTEGER, 1, H5T_NATIVE_INT, out);
}

int h5r_attr_u64(hid_t loc, const char *obj, const char *name, uint64_t *out)
{
    return attr_read(loc, obj, name, H5T_INTEGER, H5T_INTEGER, 1, H5T_NATIVE_UINT64, out);
}

int h5r_attr_double(hid_t loc, const char *obj, const char *name, double *out)
{
    return attr_read(loc, obj, name, H5T_FLOAT, H5T_INTEGER, 1, H5T_NATIVE_DOUBLE, out);
}

int h5r_attr_doubles(hid_t loc, const char *obj, const char *name, size_t n, double *out)
{
    return attr_read(loc, obj, name, H5T_FLOAT, H5T_FLOAT, n, H5T_NATIVE_DOUBLE, out);
}

/* A memory type for the fixed-length strings of file type ftype: the same size, character
 * set and padding, so HDF5 copies the bytes as they are. -1 for anything but such a string
 * of at most max bytes. */
static hid_t fixed_string_type(hid_t ftype, size_t max)
{
    size_t size = H5Tget_size(ftype);
    if (H5Tget_class(ftype) != H5T_STRING || H5Tis_variable_str(ftype) != 0 || size < 1 ||
        size > max)
        return -1;
    hid_t t = H5Tcopy(H5T_C_S1);
    if (t < 0 || H5Tset_size(t, size) < 0 || H5Tset_cset(t, H5Tget_cset(ftype)) < 0 ||
        H5Tset_strpad(t, H5Tget_strpad(ftype)) < 0) {
        if (t >= 0)
            H5Tclose(t);
        return -1;
    }
    return t;
}

char *h5r_attr_string(hid_t loc, const char *obj, const char *name)
{
    hid_t a = H5Aopen_by_name(loc, obj, name, H5P_DEFAULT, H5P_DEFAULT);
    if (a < 0)
        return NULL;
    hid_t ftype = H5Aget_type(a), space = H5Aget_space(a);
    hid_t mtype = ftype < 0 ? -1 : fixed_string_type(ftype, H5R_STRING_MAX);
    char *buf = NULL;
    if (mtype >= 0 && space >= 0 && one_value(space)) {
        buf = calloc(H5Tget_size(mtype) + 1, 1);
        if (buf && H5Aread(a, mtype, buf) < 0) {
            free(buf);
            buf = NULL;
        }
    }
    if (mtype >= 0)
        H5Tclose(mtype);
    if (ftype >= 0)
        H5Tclose(ftype);
    if (space >= 0)
        H5Sclose(space);
    H5Aclose(a);
    return buf;
}

/* Open dataset path when it has class cls and rank `rank`, and its storage holds every value
 * its extent claims: the dataset (its extent in dims, its file type in *ftype), or -1. */
static hid_t open_checked(hid_t loc, const char *path, H5T_class_t cls, int rank, hsize_t *dims,
                          hid_t *ftype)
{
    if (rank < 1 || rank > 2)
        return -1;
    hid_t ds = H5Dopen2(loc, path, H5P_DEFAULT);
    if (ds < 0)
        return -1;
    hid_t space = H5Dget_space(ds);
    *ftype = H5Dget_type(ds);
    hsize_t d[H5S_MAX_RANK];
    int ok = space >= 0 && *ftype >= 0 && H5Tget_class(*ftype) == cls &&
             H5Sget_simple_extent_type(space) == H5S_SIMPLE &&
             H5Sget_simple_extent_ndims(space) == rank &&
             H5Sget_simple_extent_dims(space, d, NULL) == rank;
    if (ok) {
        double bytes = (double)H5Tget_size(*ftype);
        for (int i = 0; i < rank; i++) {
            dims[i] = d[i];
            bytes *= (double)d[i];
        }
        ok = (double)H5Dget_storage_size(ds) >= bytes;
    }
    if (space >= 0)
        H5Sclose(space);
    if (!ok) {
        if (*ftype >= 0)
            H5Tclose(*ftype);
        H5Dclose(ds);
        return -1;
    }
    return ds;
}

int h5r_dataset_dims(hid_t loc, const char *path, H5T_class_t cls, int rank, hsize_t *dims)
{
    hid_t ftype;
    hid_t ds = open_checked(loc, path, cls, rank, dims, &ftype);
    if (ds < 0)
        return -1;
    H5Tclose(ftype);
    H5Dclose(ds);
    return 0;
}

int h5r_dataset(hid_t loc, const char *path, H5T_class_t cls, int rank, const hsize_t *dims,
                hid_t memtype, void *buf)
{
    hid_t ftype;
    hsize_t d[2];
    hid_t ds = open_checked(loc, path, cls, rank, d, &ftype);
    if (ds < 0)
        return -1;
    int ok = 1;
    for (int i = 0; i < rank; i++)
        ok = ok && d[i] == dims[i];
    ok = ok && H5Dread(ds, memtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) >= 0;
    H5Tclose(ftype);
    H5Dclose(ds);
    return ok ? 0 : -1;
}

char **h5r_strings(hid_t loc, const char *path, size_t width, hsize_t max_n, int *n)
{
    hid_t ftype;
    hsize_t d[2];
    *n = -1;
    hid_t ds = open_checked(loc, path, H5T_STRING, 1, d, &ftype);
    if (ds < 0)
        return NULL;
    hid_t mtype = d[0] <= max_n ? fixed_string_type(ftype, width) : -1;
    size_t size = mtype >= 0 ? H5Tget_size(mtype) : 0;
    char *buf = mtype >= 0 ? calloc(d[0] * size + 1, 1) : NULL;
    char **out = buf ? calloc(d[0] + 1, sizeof *out) : NULL;
    int ok = out && (d[0] == 0 || H5Dread(ds, mtype, H5S_ALL, H5S_ALL, H5P_DEFAULT, buf) >= 0);
    for (hsize_t i = 0; ok && i < d[0]; i++)
        ok = (out[i] = strndup(buf + i * size, size)) != NULL;
    if (ok)
        *n = (int)d[0];
    else if (out) {
        for (hsize_t i = 0; i < d[0]; i++)
            free(out[i]);
        free(out);
        out = NULL;
    }
    free(buf);
    if (mtype >= 0)
        H5Tclose(mtype);
    H5Tclose(ftype);
    H5Dclose(ds);
    return out;
}

int h5r_table_rows(hid_t loc, const char *path, int n, const char *const *names,
                   const H5T_class_t *classes, hsize_t *rows)
{
    hid_t ftype;
    hid_t ds = open_checked(loc, path, H5T_COMPOUND, 1, rows, &ftype);
    if (ds < 0)
        return -1;
    int ok = H5Tget_nmembers(ftype) == n;
    for (int i = 0; ok && i < n; i++) {
        char *name = H5Tget_member_name(ftype, (unsigned)i);
        hid_t mt = H5Tget_member_type(ftype, (unsigned)i);
        ok = name && strcmp(name, names[i]) == 0 && mt >= 0 && H5Tget_class(mt) == classes[i] &&
             (classes[i] != H5T_STRING || H5Tis_variable_str(mt) == 0);
        if (name)
            H5free_memory(name);
        if (mt >= 0)
            H5Tclose(mt);
    }
    H5Tclose(ftype);
    H5Dclose(ds);
    return ok ? 0 : -1;
}

int h5r_exists(hid_t loc, const char *path)
{
    char prefix[256];
    size_t n = strlen(path);
    if (n >= sizeof prefix)
        return -1;
    for (size_t i = 0; i <= n; i++) {
        if (path[i] != '/' && path[i] != '\0')
            continue;
        memcpy(prefix, path, i);
        prefix[i] = '\0';
        htri_t here = H5Lexists(loc, prefix, H5P_DEFAULT);
        if (here <= 0)
            return here < 0 ? -1 : 0;
    }
    return 1;
}

int h5r_attr_exists(hid_t loc, const char *name)
{
    htri_t here = H5Aexists(loc, name);
    return here < 0 ? -1 : here > 0;
}

int h5r_superblock_version(const char *path)
{
    static const unsigned char sig[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};
    unsigned char head[9];
    FILE *f = fopen(path, "rb");
    size_t got = f ? fread(head, 1, sizeof head, f) : 0;
    if (f)
        fclose(f);
    if (got < sizeof head || memcmp(head, sig, sizeof sig) != 0)
        return -1;
    return head[8];
}

hid_t h5r_open(const char *path, const char *no_checksums, char *err, size_t errlen)
{
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    struct stat st;
    const char *why = NULL;
    int superblock = -1;
    if (stat(path, &st) != 0)
        why = strerror(errno);
    else if (!S_ISREG(st.st_mode))
        why = "not a regular file";
    else if ((superblock = h5r_superblock_version(path)) < 0 || H5Fis_hdf5(path) <= 0)
        why = "not an HDF5 file";
    else if (superblock < 2)
        why = no_checksums;
    hid_t h = why ? -1 : H5Fopen(path, H5F_ACC_RDONLY, H5P_DEFAULT);
    if (!why && h < 0)
        why = "cannot open as HDF5 (damaged, or unreadable)";
    if (why)
        h5r_fail(err, errlen, path, why);
    return why ? -1 : h;
}

int h5r_fail(char *err, size_t errlen, const char *path, const char *what)
{
    snprintf(err, errlen, "%s: %s", path, what);
    return -1;
}

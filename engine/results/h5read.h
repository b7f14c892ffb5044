/* h5read — reads of an HDF5 file that trust nothing in it. Every attribute and dataset is
 * checked for its class, rank and extent before a byte is read into memory of ours, and a
 * dataset must also hold the bytes its extent claims (a damaged header cannot make us allocate
 * gigabytes). Variable-length strings are refused: libhdf5 1.10 crashes or hangs on damaged
 * ones, and specmc writes none. All return 0 (or a pointer) on success and -1 (NULL) on any
 * mismatch or library error; HDF5's error printing should be off (H5Eset_auto2). */
#ifndef SPECMC_H5READ_H
#define SPECMC_H5READ_H

#include <stddef.h>
#include <stdint.h>

#include <hdf5.h>

/* The longest single string attribute accepted. */
#define H5R_STRING_MAX 65536

/* One-value attributes (a scalar, or an array of one) of object `obj` under loc: integer
 * class for the ints, integer or float class for the double. Values out of the type's range
 * are clipped by HDF5's conversion; callers check ranges. */
int h5r_attr_int(hid_t loc, const char *obj, const char *name, int *out);
int h5r_attr_u64(hid_t loc, const char *obj, const char *name, uint64_t *out);
int h5r_attr_double(hid_t loc, const char *obj, const char *name, double *out);

/* A fixed-length string attribute of at most H5R_STRING_MAX bytes, as a new NUL-terminated
 * string (text after an embedded NUL is dropped). */
char *h5r_attr_string(hid_t loc, const char *obj, const char *name);

/* A one-dimensional float attribute of exactly n values. */
int h5r_attr_doubles(hid_t loc, const char *obj, const char *name, size_t n, double *out);

/* The extent of dataset `path` under loc when it has class cls and rank `rank` (at most 2):
 * dims[0 .. rank-1]. */
int h5r_dataset_dims(hid_t loc, const char *path, H5T_class_t cls, int rank, hsize_t *dims);

/* Read dataset `path` when it has class cls, rank `rank` and exactly the extent dims, as
 * memtype (a native type; the buffer holds the product of dims elements of it). */
int h5r_dataset(hid_t loc, const char *path, H5T_class_t cls, int rank, const hsize_t *dims,
                hid_t memtype, void *buf);

/* A one-dimensional compound dataset whose members are exactly names[0 .. n-1], in that
 * order, of classes classes[] (strings of fixed length): its number of rows in *rows. Read it
 * with h5r_dataset and a compound memory type of the same member names. */
int h5r_table_rows(hid_t loc, const char *path, int n, const char *const *names,
                   const H5T_class_t *classes, hsize_t *rows);

/* A one-dimensional dataset of fixed-length strings, each at most `width` bytes, at most
 * max_n of them: a new array of *n new strings plus a NULL. */
char **h5r_strings(hid_t loc, const char *path, size_t width, hsize_t max_n, int *n);

/* Whether the link path (its every component) exists under loc: 1, 0, or -1 when libhdf5
 * cannot tell (a damaged group is an error, not an absence). */
int h5r_exists(hid_t loc, const char *path);
/* The same for attribute `name` of loc itself. */
int h5r_attr_exists(hid_t loc, const char *name);

/* The superblock version of an HDF5 file with no user block (its signature at byte 0): 2 and 3
 * carry checksums, 0 and 1 do not (libhdf5 1.10 can crash on damaged ones). -1 when the file
 * does not start with the HDF5 signature. */
int h5r_superblock_version(const char *path);

/* Open `path` read-only once it is a regular file holding HDF5 with checksums (superblock 2
 * or 3); HDF5's error printing is turned off. The file, or -1 with "PATH: reason" in err —
 * `no_checksums` the reason for an HDF5 file without them (an older format, or not ours). */
hid_t h5r_open(const char *path, const char *no_checksums, char *err, size_t errlen);

/* "PATH: what" into err; returns -1, for the readers' error paths. */
int h5r_fail(char *err, size_t errlen, const char *path, const char *what);

#endif

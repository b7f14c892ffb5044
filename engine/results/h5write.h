/* h5write — HDF5 files that can be validated when read back, and whose failures are clean.
 *
 * Files use the 1.10 format, whose metadata — superblock, object headers, B-trees, heaps —
 * carries checksums, and every dataset is chunked with the Fletcher-32 filter, so its data
 * does too. A failed write (a full disk) is reported once, clearly, and the half-written file
 * is left for engine/results/outfile.h to remove; h5w_init keeps libhdf5 1.10 from crashing in its
 * exit handler after such a failure. Needs HDF5's error printing off (H5Eset_auto2). */
#ifndef SPECMC_H5WRITE_H
#define SPECMC_H5WRITE_H

#include <stddef.h>

#include <hdf5.h>

#include "engine/results/outfile.h"

/* Call once before any other HDF5 call: libhdf5 1.10's exit handler (H5_term_library)
 * dereferences a file whose H5Fclose failed and crashes, so it is not installed; every file
 * specmc opens is closed explicitly. */
void h5w_init(void);

/* Create o's temporary file as HDF5 (it exists already: outfile_begin made it); -1 with a
 * message on failure. */
hid_t h5w_create(struct outfile *o, char *err, size_t errlen);

/* Close f and commit o (outfile_commit); `ok` false when writing it failed. 0, or -1 with a
 * message naming o's final path and `what` ("the results"; then call outfile_abort). */
int h5w_finish(hid_t f, int ok, struct outfile *o, const char *what, char *err, size_t errlen);

/* A fixed-length string type of `size` bytes (NUL-terminated, UTF-8). */
hid_t h5w_string_type(size_t size);

/* A compound type of n members, for rows of row_size bytes. The member types are copied; the
 * caller still closes its own. */
hid_t h5w_compound(size_t row_size, int n, const char *const *names, const size_t *offsets,
                   const hid_t *types);

/* Dataset `name` under loc of type `type` (memory and file alike), rank 1 or 2, extent dims,
 * chunked with Fletcher-32 checksums. 0 or -1. */
int h5w_array(hid_t loc, const char *name, hid_t type, int rank, const hsize_t *dims,
              const void *data);

/* A scalar attribute `name` of object `obj` under loc, of native type `type` (the file keeps
 * it as given: h5py reads it as a number, not a one-element array). 0 or -1. */
int h5w_attr(hid_t loc, const char *obj, const char *name, hid_t type, const void *value);

/* A one-dimensional dataset of n fixed-length strings, as wide as the longest. 0 or -1. */
int h5w_strings(hid_t loc, const char *name, const char *const *strs, int n);

#endif

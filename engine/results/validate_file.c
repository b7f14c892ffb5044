/* validate_file — HDF5 output of `specmc validate` (see validate_file.h). */
#include "engine/results/validate_file.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <hdf5.h>
#include <hdf5_hl.h>

#include "engine/base/text.h"
#include "engine/results/h5read.h"
#include "engine/results/h5write.h"
#include "engine/results/provenance.h"

/* One row of the table, as stored. */
struct stored_row {
    char id[48];
    char params[192];
    char kind[12];
    double closed_form, estimate, ci_low, ci_high;
    uint64_t n;
    double gap_se;
    int32_t agrees, expected;
};

#define NFIELDS 11
static const char *const field_names[NFIELDS] = {"id",      "params", "kind",   "closed_form",
                                           "estimate", "ci_low", "ci_high", "n",
                                           "gap_se",   "agrees", "expected"};
static const size_t field_offsets[NFIELDS] = {
    offsetof(struct stored_row, id),       offsetof(struct stored_row, params),
    offsetof(struct stored_row, kind),     offsetof(struct stored_row, closed_form),
    offsetof(struct stored_row, estimate), offsetof(struct stored_row, ci_low),
    offsetof(struct stored_row, ci_high),  offsetof(struct stored_row, n),
    offsetof(struct stored_row, gap_se),   offsetof(struct stored_row, agrees),
    offsetof(struct stored_row, expected)};

static const char *const kind_names[] = {"interval", "order", "exact", "below"};

/* The row's compound type, in memory as in the file (the caller closes it). */
static hid_t row_type(void)
{
    hid_t t_id = h5w_string_type(48), t_params = h5w_string_type(192),
          t_kind = h5w_string_type(12);
    hid_t types[NFIELDS] = {t_id, t_params, t_kind, H5T_NATIVE_DOUBLE, H5T_NATIVE_DOUBLE,
                            H5T_NATIVE_DOUBLE, H5T_NATIVE_DOUBLE, H5T_NATIVE_UINT64,
                            H5T_NATIVE_DOUBLE, H5T_NATIVE_INT32, H5T_NATIVE_INT32};
    hid_t row = h5w_compound(sizeof(struct stored_row), NFIELDS, field_names, field_offsets,
                             types);
    H5Tclose(t_id), H5Tclose(t_params), H5Tclose(t_kind);
    return row;
}

static int write_rows(hid_t f, const struct vd_rows *rows)
{
    struct stored_row *buf = calloc(rows->n ? (size_t)rows->n : 1, sizeof *buf);
    if (!buf)
        return -1;
    for (int i = 0; i < rows->n; i++) {
        const struct vd_row *r = &rows->row[i];
        struct stored_row *s = &buf[i];
        snprintf(s->id, sizeof s->id, "%s", r->id);
        snprintf(s->params, sizeof s->params, "%s", r->params);
        snprintf(s->kind, sizeof s->kind, "%s", kind_names[r->kind]);
        s->closed_form = r->closed_form;
        s->estimate = r->estimate;
        s->ci_low = r->ci_low;
        s->ci_high = r->ci_high;
        s->n = r->n;
        s->gap_se = r->gap_se;
        s->agrees = r->agrees;
        s->expected = r->expected;
    }
    hid_t row = row_type();
    hsize_t dims[1] = {(hsize_t)rows->n};
    int rc = row >= 0 ? h5w_array(f, "rows", row, 1, dims, buf) : -1;
    if (row >= 0)
        H5Tclose(row);
    free(buf);
    return rc;
}

int vd_write_file(struct outfile *o, const struct vd_rows *rows, const struct vd_provenance *pv,
                  char *err, size_t errlen)
{
    H5Eset_auto2(H5E_DEFAULT, NULL, NULL);
    hid_t f = h5w_create(o, err, errlen);
    if (f < 0)
        return -1;
    unsigned long seed = (unsigned long)pv->seed;
    int quick = pv->quick, version = 2; /* 2: scalar attributes */
    double level = VD_LEVEL;
    int rc = 0;
    rc |= H5LTset_attribute_string(f, "/", "format", "specmc-validate");
    rc |= h5w_attr(f, "/", "format_version", H5T_NATIVE_INT, &version);
    rc |= H5LTset_attribute_string(f, "/", "specmc_version", SPECMC_VERSION);
    rc |= H5LTset_attribute_string(f, "/", "git_revision", prov_git_rev());
    rc |= h5w_attr(f, "/", "seed", H5T_NATIVE_ULONG, &seed);
    rc |= h5w_attr(f, "/", "quick", H5T_NATIVE_INT, &quick);
    rc |= H5LTset_attribute_string(f, "/", "only", pv->only ? pv->only : "");
    rc |= h5w_attr(f, "/", "interval_level", H5T_NATIVE_DOUBLE, &level);
    rc |= h5w_attr(f, "/", "threads", H5T_NATIVE_INT, &pv->threads);
    rc |= h5w_attr(f, "/", "wall_seconds", H5T_NATIVE_DOUBLE, &pv->wall_seconds);
    rc |= H5LTset_attribute_string(f, "/", "start_time", pv->start);
    rc |= H5LTset_attribute_string(f, "/", "end_time", pv->end);
    rc |= H5LTset_attribute_string(f, "/", "host", pv->host);
    if (rc == 0)
        rc = write_rows(f, rows);
    return h5w_finish(f, rc == 0, o, "the validation rows", err, errlen);
}

int vd_read_file(const char *path, struct vd_rows *rows, char *err, size_t errlen)
{
    memset(rows, 0, sizeof *rows);
    hid_t h = h5r_open(path, "not a specmc validate file (an HDF5 file without checksums)", err,
                       errlen);
    if (h < 0)
        return -1;
    static const H5T_class_t classes[NFIELDS] = {
        H5T_STRING, H5T_STRING,  H5T_STRING,  H5T_FLOAT, H5T_FLOAT,  H5T_FLOAT,
        H5T_FLOAT,  H5T_INTEGER, H5T_FLOAT,   H5T_INTEGER, H5T_INTEGER};
    const char *problem = "not a specmc validate file of format 2 (validate writes them)";
    char *format = h5r_attr_string(h, "/", "format");
    int version = 0;
    hsize_t n = 0;
    struct stored_row *buf = NULL;
    hid_t type = -1;
    if (!format || strcmp(format, "specmc-validate") ||
        h5r_attr_int(h, "/", "format_version", &version) < 0 || version != 2)
        goto done;
    problem = "damaged validate file: its table of rows is missing or malformed";
    if (h5r_table_rows(h, "rows", NFIELDS, field_names, classes, &n) < 0 || n > (1u << 24))
        goto done;
    buf = calloc(n ? n : 1, sizeof *buf);
    rows->row = calloc(n ? n : 1, sizeof *rows->row);
    type = row_type();
    if (!buf || !rows->row || type < 0 || h5r_dataset(h, "rows", H5T_COMPOUND, 1, &n, type, buf))
        goto done;
    for (hsize_t i = 0; i < n; i++, rows->n++) {
        struct stored_row *b = &buf[i];
        b->id[sizeof b->id - 1] = b->params[sizeof b->params - 1] = b->kind[sizeof b->kind - 1] = 0;
        int kind = text_index(kind_names, 4, b->kind);
        if (kind < 0)
            goto done;
        struct vd_row *r = &rows->row[i];
        *r = (struct vd_row){.kind = (enum vd_kind)kind, .closed_form = b->closed_form,
                             .estimate = b->estimate, .ci_low = b->ci_low, .ci_high = b->ci_high,
                             .n = b->n, .gap_se = b->gap_se, .agrees = b->agrees != 0,
                             .expected = b->expected != 0};
        snprintf(r->id, sizeof r->id, "%s", b->id);
        snprintf(r->params, sizeof r->params, "%s", b->params);
    }
    problem = NULL;
done:
    if (type >= 0)
        H5Tclose(type);
    free(buf);
    free(format);
    H5Fclose(h);
    if (problem) {
        vd_rows_free(rows);
        return h5r_fail(err, errlen, path, problem);
    }
    return 0;
}

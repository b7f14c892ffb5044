/* validate_print — the rows of `specmc validate` as a table or CSV, and their summary: what
 * `validate` prints after its checks and `report` prints from a validate file. */
#include <math.h>
#include <stdio.h>

#include "analysis/validate.h"
#include "engine/cli/commands.h"
#include "engine/base/text.h"

static const char *verdict(const struct vd_row *r)
{
    if (r->agrees == r->expected)
        return r->agrees ? "agree" : "off*";
    return r->agrees ? "AGREE?" : "DISAGREE";
}

static void print_row(const struct vd_row *r)
{
    char ci[64] = "", gap[32] = "";
    if (!isnan(r->ci_low))
        snprintf(ci, sizeof ci, "[%.6g, %.6g]", r->ci_low, r->ci_high);
    if (isfinite(r->gap_se))
        snprintf(gap, sizeof gap, "%+.1f se", r->gap_se);
    printf("%-8s %-26s %-40s %12.6g %12.6g %-26s n=%-10llu %s\n", verdict(r), r->id, r->params,
           r->closed_form, r->estimate, ci, (unsigned long long)r->n, gap);
}

static void print_csv(const struct vd_rows *rows)
{
    puts("id,params,closed_form,estimate,ci_low,ci_high,n,agrees,expected");
    for (int i = 0; i < rows->n; i++) {
        const struct vd_row *r = &rows->row[i];
        text_csv_field(r->id, stdout);
        putchar(',');
        text_csv_field(r->params, stdout);
        printf(",%.17g,%.17g,%.17g,%.17g,%llu,%d,%d\n", r->closed_form, r->estimate, r->ci_low,
               r->ci_high, (unsigned long long)r->n, r->agrees, r->expected);
    }
}

/* The summary; returns the number of verdicts that do not match their expectation. */
static int summarise(const struct vd_rows *rows, FILE *out)
{
    int agree = 0, off = 0, bad = 0;
    for (int i = 0; i < rows->n; i++) {
        const struct vd_row *r = &rows->row[i];
        if (r->agrees != r->expected)
            bad++;
        else if (r->agrees)
            agree++;
        else
            off++;
    }
    fprintf(out, "\n%d rows: %d agree, %d disagree as expected (off*: outside the theorem's "
                 "assumptions or a formula printed wrong, docs/methods/validation.md), %d unexpected\n",
            rows->n, agree, off, bad);
    fprintf(out, "intervals at %.4g%% each: a false alarm anywhere has probability <= %.2g\n",
            100 * VD_LEVEL, rows->n * (1 - VD_LEVEL));
    if (bad) {
        fprintf(out, "unexpected verdicts:\n");
        for (int i = 0; i < rows->n; i++) {
            const struct vd_row *r = &rows->row[i];
            if (r->agrees != r->expected)
                fprintf(out, "  %s %s %s: closed form %.6g, estimate %.6g [%.6g, %.6g], %+.1f se\n",
                        verdict(r), r->id, r->params, r->closed_form, r->estimate, r->ci_low,
                        r->ci_high, r->gap_se);
        }
    }
    return bad;
}

int validate_print(const struct vd_rows *rows, bool csv)
{
    if (csv) {
        print_csv(rows);
    } else {
        printf("%-8s %-26s %-40s %12s %12s %-26s %-12s %s\n", "verdict", "id", "params",
               "closed form", "estimate", "interval", "n", "gap");
        for (int i = 0; i < rows->n; i++)
            print_row(&rows->row[i]);
    }
    return summarise(rows, csv ? stderr : stdout);
}

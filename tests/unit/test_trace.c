/* The trace readers (models/trace*.c): the sample files in data/ against values computed by
 * the script that generated them (scripts/gen-trace-samples.py prints them, from its own
 * numbers, not by parsing), the arrival sort and shift, the Google layouts' rules (which jobs
 * are left out, which SCHEDULE starts a run, which SUBMIT gives the weight), the 2019 layout's
 * columns, event codes and order of events at one microsecond, and the message of every class
 * of bad input, line and column included. Small files go to a fresh temporary directory per
 * test. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/config/traces.h"

static char dir[64];
static char path[128];
static char err[1024];
static struct tr_trace tr;

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/specmc-trace-XXXXXX");
    cr_assert(mkdtemp(dir), "mkdtemp");
    memset(&tr, 0, sizeof tr);
}

static void teardown(void)
{
    tr_free(&tr);
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        char p[512];
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
            unlink(p);
        }
    }
    closedir(d);
    rmdir(dir);
}

TestSuite(trace, .init = setup, .fini = teardown);

/* Write text to DIR/name; path names it. */
static void write_file(const char *name, const char *text)
{
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    cr_assert(f, "cannot write %s", path);
    fputs(text, f);
    fclose(f);
}

static int load(const char *text, enum tr_format fmt)
{
    write_file(fmt == TR_CSV ? "t.csv" : "task_events.csv", text);
    err[0] = '\0';
    return tr_read(path, fmt, &tr, err, sizeof err);
}

/* The read failed, left tr empty, and err starts with "PATH:LINE: " (LINE 0: "PATH: ") and
 * holds each of the NULL-terminated needles. */
static void expect_error(int rc, int line, ...)
{
    cr_assert_eq(rc, -1, "accepted; expected an error at line %d", line);
    cr_assert_eq(tr.njobs, 0);
    cr_assert_null(tr.job);
    char want[256];
    if (line)
        snprintf(want, sizeof want, "%s:%d: ", path, line);
    else
        snprintf(want, sizeof want, "%s: ", path);
    cr_assert(!strncmp(err, want, strlen(want)), "'%s' does not start with '%s'", err, want);
    va_list ap;
    va_start(ap, line);
    for (const char *s; (s = va_arg(ap, const char *));)
        cr_assert(strstr(err, s), "'%s' lacks '%s'", err, s);
    va_end(ap);
}

static void expect_job(int i, double arrival, double weight, int maps, int reduces, double mmean,
                       double rmean)
{
    cr_assert_lt(i, tr.njobs);
    const struct tr_job *j = &tr.job[i];
    cr_assert_float_eq(j->arrival, arrival, 1e-9, "job %d arrival %.17g", i, j->arrival);
    cr_assert_eq(j->weight, weight, "job %d weight %g", i, j->weight);
    cr_assert_eq(j->tasks[TR_MAP], maps, "job %d map tasks %d", i, j->tasks[TR_MAP]);
    cr_assert_eq(j->tasks[TR_REDUCE], reduces, "job %d reduce tasks %d", i, j->tasks[TR_REDUCE]);
    cr_assert_float_eq(j->mean[TR_MAP], mmean, 1e-9, "job %d map mean %.17g", i, j->mean[0]);
    cr_assert_float_eq(j->mean[TR_REDUCE], rmean, 1e-9, "job %d reduce mean %.17g", i,
                       j->mean[1]);
}

/* The job's per-phase SDs (0: not given). */
static void expect_sd(int i, double msd, double rsd)
{
    cr_assert_lt(i, tr.njobs);
    const struct tr_job *j = &tr.job[i];
    cr_assert_float_eq(j->sd[TR_MAP], msd, 1e-9 * (1 + msd), "job %d map SD %.17g", i,
                       j->sd[TR_MAP]);
    cr_assert_float_eq(j->sd[TR_REDUCE], rsd, 1e-9 * (1 + rsd), "job %d reduce SD %.17g", i,
                       j->sd[TR_REDUCE]);
}

static void expect_sorted(void)
{
    cr_assert_eq(tr.job[0].arrival, 0.0, "first arrival shifted to 0");
    for (int i = 1; i < tr.njobs; i++)
        cr_assert_geq(tr.job[i].arrival, tr.job[i - 1].arrival, "job %d out of order", i);
}

/* ---------------------------------------------------------------- the project's CSV layout */

Test(trace, csv_sample)
{
    cr_assert_eq(tr_read("data/trace-sample.csv", TR_CSV, &tr, err, sizeof err), 0, "%s", err);
    cr_assert_eq(tr.njobs, 30);
    cr_assert_eq(tr.skipped, 0);
    expect_sorted();
    expect_job(0, 0.0, 0, 118, 29, 86.6, 154);        /* file row 0, arrival 3629.2 */
    expect_job(1, 4.7, 11, 1, 0, 312.6, 0);           /* row 2: reduce_mean empty */
    expect_job(3, 126.4, 7, 5, 0, 123.5, 0);          /* row 9 */
    expect_job(7, 291.4, 3, 16, 0, 1396.5, 0);        /* row 7: spaces around every value */
    expect_job(9, 366.2, 11, 2, 0, 226.7, 0);         /* row 3 */
    expect_job(16, 863.0, 11, 10, 5, 189.1, 352.9);   /* rows 16 and 17 arrive together: */
    expect_job(17, 863.0, 1, 6, 0, 279, 0);           /* file order */
    expect_job(20, 907.6, 8, 500, 0, 137.3, 0);       /* row 12 */
    expect_job(25, 1153.6, 7, 23, 5, 68.3, 83.6);     /* row 28, after the second comment */
    expect_job(29, 1273.0, 5, 1, 0, 193.9, 0);
    long maps = 0, reduces = 0;
    for (int i = 0; i < tr.njobs; i++) {
        maps += tr.job[i].tasks[TR_MAP], reduces += tr.job[i].tasks[TR_REDUCE];
        expect_sd(i, 0, 0); /* the six-column layout gives no SDs */
    }
    cr_assert_eq(maps, 1621);
    cr_assert_eq(reduces, 69);
}

Test(trace, csv_sorted_stably_and_shifted)
{
    /* Arrivals 50 10 30 10 20: sorted 10 10 20 30 50 with the tied pair in file order (weights
     * 1 then 3), shifted by 10. CRLF line ends, a byte-order mark, comments, blank lines. */
    cr_assert_eq(load("\xEF\xBB\xBF# a trace\r\n\r\n"
                      "arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean\r\n"
                      "50,5,1,0,10,\r\n"
                      "  # indented comment\r\n"
                      "10,1,2,0,10,0\r\n"
                      "30,4,3,1,10,20\r\n"
                      "10,3,4,0,10,\r\n"
                      "\r\n"
                      "20,2,5,0,1e1,\r\n",
                      TR_CSV),
                 0, "%s", err);
    cr_assert_eq(tr.njobs, 5);
    expect_job(0, 0, 1, 2, 0, 10, 0);
    expect_job(1, 0, 3, 4, 0, 10, 0);
    expect_job(2, 10, 2, 5, 0, 10, 0);
    expect_job(3, 20, 4, 3, 1, 10, 20);
    expect_job(4, 40, 5, 1, 0, 10, 0);
}

Test(trace, csv_one_job_at_a_late_time)
{
    cr_assert_eq(load("arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean\n"
                      "86400.25,0,3,0,2.5,\n",
                      TR_CSV),
                 0, "%s", err);
    cr_assert_eq(tr.njobs, 1);
    expect_job(0, 0, 0, 3, 0, 2.5, 0);
}

#define HDR "arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean"
#define H HDR "\n"
#define HDR8 HDR ",map_sd,reduce_sd"
#define H8 HDR8 "\n"

/* The eight-column layout: each phase's SD where given, nothing (0) where not; an empty reduce
 * phase takes nothing or 0. */
Test(trace, csv_with_sds)
{
    cr_assert_eq(load(H8 "0,1,20,5,50,80,100,8\n"
                         "2, 3, 4, 0, 10, , 2.5, \n"
                         "1,2,3,2,10,20,,4\n"
                         "3,1,1,0,7,0,,0\n",
                      TR_CSV),
                 0, "%s", err);
    cr_assert_eq(tr.njobs, 4);
    expect_job(0, 0, 1, 20, 5, 50, 80);
    expect_sd(0, 100, 8);
    expect_job(1, 1, 2, 3, 2, 10, 20);
    expect_sd(1, 0, 4);
    expect_job(2, 2, 3, 4, 0, 10, 0);
    expect_sd(2, 2.5, 0);
    expect_sd(3, 0, 0);
}

/* A deadline column after either layout: each job's own relative deadline where given,
 * nothing or 0 (the scenario's) where not; sorted with its job. */
Test(trace, csv_with_deadlines)
{
    cr_assert_eq(load(HDR ",deadline\n"
                          "5,1,2,0,10,,150\n"
                          "0,1,2,0,10,,100\n"
                          "7,1,2,0,10,,\n"
                          "9,1,2,0,10,, 0 \n",
                      TR_CSV),
                 0, "%s", err);
    cr_assert_eq(tr.njobs, 4);
    expect_job(0, 0, 1, 2, 0, 10, 0);
    cr_assert_eq(tr.job[0].deadline, 100);
    cr_assert_eq(tr.job[1].deadline, 150);
    cr_assert_eq(tr.job[2].deadline, 0);
    cr_assert_eq(tr.job[3].deadline, 0);
    uint64_t with = tr_digest(&tr);
    tr_free(&tr);
    cr_assert_eq(load(H8 "0,1,2,0,10,,3,\n", TR_CSV), 0, "%s", err);
    uint64_t eight = tr_digest(&tr);
    tr_free(&tr);
    cr_assert_eq(load(HDR8 ",deadline\n0,1,2,0,10,,3,,12.5\n", TR_CSV), 0, "%s", err);
    expect_sd(0, 3, 0);
    cr_assert_eq(tr.job[0].deadline, 12.5);
    cr_assert_neq(tr_digest(&tr), eight, "the digest sees the deadline");
    tr_free(&tr);
    cr_assert_eq(load(HDR8 ",deadline\n0,1,2,0,10,,3,,\n", TR_CSV), 0, "%s", err);
    cr_assert_eq(tr_digest(&tr), eight, "no deadline: the digest of the file without the column");
    cr_assert_neq(with, eight);
}

/* A price column, after the deadline or alone: each job's own price γ_i where given, nothing or
 * 0 (utility.price) where not; the digest tells a price from a deadline of the same value. */
Test(trace, csv_with_prices)
{
    cr_assert_eq(load(HDR ",deadline,price\n0,1,2,0,10,,100,3\n1,1,2,0,10,,,\n", TR_CSV), 0,
                 "%s", err);
    cr_assert_eq(tr.job[0].deadline, 100);
    cr_assert_eq(tr.job[0].price, 3);
    cr_assert_eq(tr.job[1].deadline, 0);
    cr_assert_eq(tr.job[1].price, 0);
    tr_free(&tr);
    cr_assert_eq(load(HDR8 ",price\n0,1,2,0,10,,,,7.5\n", TR_CSV), 0, "%s", err);
    cr_assert_eq(tr.job[0].price, 7.5);
    cr_assert_eq(tr.job[0].deadline, 0);
    uint64_t priced = tr_digest(&tr);
    tr_free(&tr);
    cr_assert_eq(load(HDR8 ",deadline\n0,1,2,0,10,,,,7.5\n", TR_CSV), 0, "%s", err);
    cr_assert_neq(tr_digest(&tr), priced);
}

/* Request columns, alone or after the deadline and price: each job's own CPU and memory per
 * copy where given, nothing or 0 (the scenario's) where not; on the line the job came from. The
 * digest sees each request, and a file whose request columns are empty keeps the digest of the
 * file without them. */
Test(trace, csv_with_requests)
{
    cr_assert_eq(load(HDR ",cpu,mem\n"
                          "5,1,2,0,10,,0.5,\n"
                          "0,1,2,0,10,,0.25,0.75\n"
                          "# a comment\n"
                          "7,1,2,0,10,,0,0.1\n",
                      TR_CSV),
                 0, "%s", err);
    cr_assert_eq(tr.njobs, 3);
    cr_assert_str_eq(tr.cpu_col, "cpu");
    cr_assert_str_eq(tr.mem_col, "mem");
    cr_assert_eq(tr.job[0].cpu, 0.25);
    cr_assert_eq(tr.job[0].mem, 0.75);
    cr_assert_eq(tr.job[0].cpu_line, 3, "its line, not its place after the sort");
    cr_assert_eq(tr.job[0].mem_line, 3);
    cr_assert_eq(tr.job[1].cpu, 0.5);
    cr_assert_eq(tr.job[1].mem, 0, "empty: the scenario's");
    cr_assert_eq(tr.job[1].cpu_line, 2);
    cr_assert_eq(tr.job[2].cpu, 0, "0: the scenario's");
    cr_assert_eq(tr.job[2].mem, 0.1);
    cr_assert_eq(tr.job[2].cpu_line, 5);
    tr_free(&tr);
    cr_assert_eq(load(HDR8 ",deadline,price,cpu,mem\n0,1,2,0,10,,3,,100,2,0.3,0.4\n", TR_CSV), 0,
                 "%s", err);
    const struct tr_job *j = &tr.job[0];
    cr_assert(j->deadline == 100 && j->price == 2 && j->cpu == 0.3 && j->mem == 0.4,
              "each column its field");
    tr_free(&tr);
    cr_assert_eq(load(H8 "0,1,2,0,10,,3,\n", TR_CSV), 0, "%s", err);
    uint64_t none = tr_digest(&tr);
    tr_free(&tr);
    cr_assert_eq(load(HDR8 ",cpu,mem\n0,1,2,0,10,,3,,,\n", TR_CSV), 0, "%s", err);
    cr_assert_eq(tr_digest(&tr), none, "empty requests: the digest of the file without them");
    tr_free(&tr);
    cr_assert_eq(load(HDR8 ",mem\n0,1,2,0,10,,3,,0.5\n", TR_CSV), 0, "%s", err);
    uint64_t mem = tr_digest(&tr);
    cr_assert_neq(mem, none, "the digest sees a request");
    tr_free(&tr);
    cr_assert_eq(load(HDR8 ",cpu\n0,1,2,0,10,,3,,0.5\n", TR_CSV), 0, "%s", err);
    cr_assert_neq(tr_digest(&tr), mem, "a CPU request is told from a memory one");
    cr_assert_neq(tr_digest(&tr), none);
    tr_free(&tr);
    cr_assert_eq(load(HDR8 ",price\n0,1,2,0,10,,3,,0.5\n", TR_CSV), 0, "%s", err);
    cr_assert_neq(tr_digest(&tr), mem, "and from a price");
}

struct bad {
    const char *text;
    int line;
    const char *needle[3];
};

static void expect_errors(const struct bad *b, size_t n, enum tr_format fmt)
{
    for (size_t i = 0; i < n; i++) {
        tr_free(&tr);
        int rc = load(b[i].text, fmt);
        cr_assert_eq(rc, -1, "case %zu accepted:\n%s", i, b[i].text);
        expect_error(rc, b[i].line, b[i].needle[0], b[i].needle[1], b[i].needle[2], NULL);
    }
}

Test(trace, csv_errors)
{
    static const struct bad bad[] = {
        {H "1,0,x,0,10,\n", 2, {"column 'map_tasks': expected an integer >= 1", "got 'x'"}},
        {H "1,0,0,0,10,\n", 2, {"column 'map_tasks'", "got '0'"}},
        {H "1,0,2.5,0,10,\n", 2, {"column 'map_tasks'", "got '2.5'"}},
        {H "1,0,3000000000,0,10,\n", 2, {"column 'map_tasks'", "got '3000000000'"}},
        {H "1,0,,0,10,\n", 2, {"column 'map_tasks'", "got ''"}},
        {H "12s,0,1,0,10,\n", 2, {"column 'arrival': expected a number >= 0 and <= 1e15", "'12s'"}},
        {H "-1,0,1,0,10,\n", 2, {"column 'arrival'", "got '-1'"}},
        {H "inf,0,1,0,10,\n", 2, {"column 'arrival'", "got 'inf'"}},
        {H "nan,0,1,0,10,\n", 2, {"column 'arrival'"}},
        {H "1 2,0,1,0,10,\n", 2, {"column 'arrival'", "got '1 2'"}},
        {H "1,-0.5,1,0,10,\n", 2, {"column 'weight': expected a number >= 0 and <= 1e15"}},
        {H "1,heavy,1,0,10,\n", 2, {"column 'weight'", "got 'heavy'"}},
        {H "1,0,1,-1,10,\n", 2, {"column 'reduce_tasks': expected an integer >= 0"}},
        {H "1,0,1,1.0,10,5\n", 2, {"column 'reduce_tasks'", "got '1.0'"}},
        {H "1,0,1,0,0,\n", 2, {"column 'map_mean': expected a number > 0 and <= 1e15", "got '0'"}},
        {H "1,0,1,0,-3,\n", 2, {"column 'map_mean'"}},
        {H "1,0,1,0,,\n", 2, {"column 'map_mean'", "got ''"}},
        {H "1,0,1,2,10,\n", 2, {"column 'reduce_mean'", "> 0", "got ''"}},
        {H "1,0,1,2,10,0\n", 2, {"column 'reduce_mean'", "got '0'"}},
        {H "1,0,1,0,10,5\n", 2, {"column 'reduce_mean'", "0 or nothing", "got '5'"}},
        {H "1,0,1,0,10\n", 2, {"expected 6 columns", "got 5"}},
        {H "1,0,1,0,10,,\n", 2, {"expected 6 columns", "got 7"}},
        {H "1,0,1,0,10,0 # inline comment\n", 2, {"column 'reduce_mean'"}},
        /* the line counts comments and blank lines */
        {"# c\n\n" H "# c\n1,0,1,0,10,\n\n2,0,y,0,10,\n", 7, {"column 'map_tasks'", "'y'"}},
        /* the header */
        {"1,0,1,0,10,\n", 1, {"expected the header line '" HDR "'", "got '1,0,1,0,10,'"}},
        {"# c\nweight,arrival,map_tasks,reduce_tasks,map_mean,reduce_mean\n1,0,1,0,10,\n", 2,
         {"in this order", "got 'weight,arrival"}},
        {"arrival,weight,map_tasks,reduce_tasks,map_mean\n", 1, {"expected the header line"}},
        {"Arrival,weight,map_tasks,reduce_tasks,map_mean,reduce_mean\n", 1, {"got 'Arrival,"}},
        /* the eight-column layout */
        {H8 "1,0,1,0,10,,0,\n", 2, {"column 'map_sd': expected a number > 0 and <= 1e15",
                                     "or nothing", "got '0'"}},
        {H8 "1,0,1,0,10,,-2,\n", 2, {"column 'map_sd'", "got '-2'"}},
        {H8 "1,0,1,0,10,,x,\n", 2, {"column 'map_sd'", "got 'x'"}},
        {H8 "1,0,1,0,10,,inf,\n", 2, {"column 'map_sd'", "got 'inf'"}},
        {H8 "1,0,1,2,10,5,1,0\n", 2, {"column 'reduce_sd': expected a number > 0 and <= 1e15"}},
        {H8 "1,0,1,0,10,,1,3\n", 2, {"column 'reduce_sd'", "0 or nothing", "got '3'"}},
        {H8 "1,0,1,0,10,\n", 2, {"expected 8 columns (" HDR8 ")", "got 6"}},
        {H "1,0,1,0,10,,1,\n", 2, {"expected 6 columns (" HDR ")", "got 8"}},
        {HDR ",map_sd\n1,0,1,0,10,,1\n", 1, {"expected the header line '" HDR "' or '" HDR8
                                              "'", "(these columns, in this order)"}},
        {HDR ",reduce_sd,map_sd\n", 1, {"in this order"}},
        /* the deadline column */
        {HDR ",deadline\n1,0,1,0,10,,-5\n", 2, {"column 'deadline': expected a number > 0 "
                                                  "and <= 1e15", "or 0 or nothing", "got '-5'"}},
        {HDR ",deadline\n1,0,1,0,10,,soon\n", 2, {"column 'deadline'", "got 'soon'"}},
        {HDR ",deadline\n1,0,1,0,10,,inf\n", 2, {"column 'deadline'", "got 'inf'"}},
        {HDR ",deadline\n1,0,1,0,10,,1e16\n", 2, {"column 'deadline'", "got '1e16'"}},
        {HDR ",deadline\n1,0,1,0,10,\n", 2, {"expected 7 columns (" HDR ",deadline)", "got 6"}},
        {HDR8 ",deadline\n1,0,1,0,10,,,\n", 2, {"expected 9 columns (" HDR8 ",deadline)"}},
        {HDR ",deadline,map_sd,reduce_sd\n", 1, {"optionally followed by ',deadline'"}},
        {HDR ",deadline,deadline\n", 1, {"expected the header line"}},
        /* the price column */
        {HDR ",price\n1,0,1,0,10,,-2\n", 2, {"column 'price': expected a number > 0 and <= "
                                               "1e15 (per unit of machine time), or 0 or "
                                               "nothing (utility.price)", "got '-2'"}},
        {HDR ",deadline,price\n1,0,1,0,10,,5,cheap\n", 2, {"column 'price'", "got 'cheap'"}},
        {HDR ",deadline,price\n1,0,1,0,10,,-5,cheap\n", 2, {"column 'deadline'", "got '-5'"}},
        {HDR ",deadline,price\n1,0,1,0,10,,5\n", 2, {"expected 8 columns (" HDR
                                                       ",deadline,price)", "got 7"}},
        {HDR ",price,deadline\n", 1, {"',deadline', ',price', ',cpu' and ',mem' (each optional, "
                                      "in this order)"}},
        /* the request columns */
        {HDR ",cpu\n1,0,1,0,10,,x\n", 2, {"column 'cpu': expected a number > 0 and <= 1e15 "
                                           "(the units of cluster.server_cpu), or 0 or nothing "
                                           "(workload.cpu_request)", "got 'x'"}},
        {HDR ",cpu,mem\n1,0,1,0,10,,0.5,-0.1\n", 2, {"column 'mem'", "(workload.mem_request)",
                                                      "got '-0.1'"}},
        {HDR ",price,cpu,mem\n1,0,1,0,10,,2,0.5\n", 2, {"expected 9 columns (" HDR
                                                         ",price,cpu,mem)", "got 8"}},
        {HDR ",mem,cpu\n", 1, {"expected the header line"}},
        {HDR ",cpu,price\n", 1, {"expected the header line"}},
        {HDR ",cpu,mem,deadline\n", 1, {"expected the header line"}},
        /* no jobs */
        {"", 0, {"no jobs", "no header line"}},
        {"# only a comment\n\n", 0, {"no jobs"}},
        {"# c\n" H "# c\n", 0, {"no jobs", "header (line 2) is followed by no rows"}},
    };
    expect_errors(bad, sizeof bad / sizeof *bad, TR_CSV);
}

Test(trace, csv_long_value_quoted_in_part)
{
    char v[101], line[512];
    memset(v, 'x', 100);
    v[100] = '\0';
    snprintf(line, sizeof line, H "1,0,%s,0,10,\n", v);
    expect_error(load(line, TR_CSV), 2, "column 'map_tasks'", "xxx...'", NULL);
    cr_assert_lt(strlen(err), 300, "%s", err);
}

/* A bad value was once quoted byte for byte, terminal escapes and Latin-1 included; it is
 * quoted printable (\xNN), valid UTF-8 kept, cut after TR_QUOTE_MAX characters, not bytes. */
Test(trace, bad_bytes_quoted_printable)
{
    expect_error(load(H "1,0,\xff\x1b[2J\xe2\x82\xac,0,10,\n", TR_CSV), 2, "column 'map_tasks'",
                 "got '\\xff\\x1b[2J\xe2\x82\xac'", NULL);
    char v[3 * 60 + 1] = "", line[512];
    for (int i = 0; i < 60; i++)
        strcat(v, "\xe2\x82\xac");
    snprintf(line, sizeof line, H "1,0,%s,0,10,\n", v);
    expect_error(load(line, TR_CSV), 2, "column 'map_tasks'", NULL);
    char want[3 * 48 + 8];
    snprintf(want, sizeof want, "'%.*s...'", 3 * 48, v); /* 48 whole characters */
    cr_assert(strstr(err, want), "%s", err);
    /* a header line that is not one, in both layouts that have one */
    expect_error(load("arrival\x07,weight\n", TR_CSV), 1, "got 'arrival\\x07,weight'", NULL);
    expect_error(load("time,ty\x01pe\n", TR_GOOGLE2019), 1, "got 'time,ty\\x01pe'", NULL);
}

Test(trace, missing_file)
{
    snprintf(path, sizeof path, "%s/no-such-file.csv", dir);
    int rc = tr_read(path, TR_CSV, &tr, err, sizeof err);
    expect_error(rc, 0, "cannot open", NULL);
    rc = tr_read(path, TR_GOOGLE, &tr, err, sizeof err);
    expect_error(rc, 0, "cannot open", NULL);
    rc = tr_read(path, TR_GOOGLE2019, &tr, err, sizeof err);
    expect_error(rc, 0, "cannot open", NULL);
}

Test(trace, format_names)
{
    enum tr_format f = TR_GOOGLE;
    cr_assert_eq(tr_format_parse("csv", &f), 0);
    cr_assert_eq(f, TR_CSV);
    cr_assert_eq(tr_format_parse("google", &f), 0);
    cr_assert_eq(f, TR_GOOGLE);
    cr_assert_eq(tr_format_parse("google2019", &f), 0);
    cr_assert_eq(f, TR_GOOGLE2019);
    cr_assert_eq(tr_format_parse("Google", &f), -1);
    cr_assert_eq(tr_format_parse("google2011", &f), -1);
    cr_assert_eq(tr_format_parse("", &f), -1);
    cr_assert_str_eq(TR_FORMAT_NAMES, "csv|google|google2019");
}

/* ---------------------------------------------------------------- Google task_events */

enum { SUBMIT, SCHEDULE, EVICT, FAIL, FINISH, KILL, LOST, UPD_PENDING, UPD_RUNNING };
#define T_MAX "9223372036854775807"

static char text[16384];

/* Append one task_events row: seconds t (as microseconds), job, task, event, priority (-1:
 * empty); the optional columns are empty or filler. */
static void ev(double t, long long job, int task, int event, int prio)
{
    size_t n = strlen(text);
    char p[8] = "";
    if (prio >= 0)
        snprintf(p, sizeof p, "%d", prio);
    snprintf(text + n, sizeof text - n, "%lld,,%lld,%d,%s,%d,aGFzaA==,1,%s,0.06,0.03,,\n",
             (long long)(t * 1e6), job, task, event == SUBMIT ? "" : "4820285", event, p);
}

/* Append a raw line. */
static void raw(const char *line)
{
    strncat(text, line, sizeof text - strlen(text) - 1);
}

Test(trace, google_sample)
{
    cr_assert_eq(tr_read("data/google-task-events-sample.csv", TR_GOOGLE, &tr, err, sizeof err),
                 0, "%s", err);
    cr_assert_eq(tr.njobs, 20);
    cr_assert_eq(tr.skipped, 5, "killed, failed, lost, unfinished and before-the-window jobs");
    expect_sorted();
    expect_job(0, 0.0, 4, 1, 0, 963.174252, 0);
    expect_job(3, 533.163710, 11, 24, 0, 1424.0880434583332, 0);
    /* job 6251245678: task 0 evicted and rescheduled; its duration runs from the second
     * SCHEDULE (507.743618 s, not 704.552048 s from the first) */
    expect_job(4, 907.451834, 4, 4, 0, 868.70066575, 0);
    /* two jobs submitted at the same microsecond: file order */
    expect_job(7, 1343.678290, 9, 2, 0, 1495.176466, 0);
    expect_job(8, 1343.678290, 0, 1, 0, 751.201259, 0);
    /* job 6251638255: task 1 failed, was resubmitted and finished: kept */
    expect_job(10, 1898.443984, 10, 24, 0, 1420.4467215, 0);
    expect_job(12, 2265.590435, 1, 1, 0, 1494.04671, 0); /* the job with the smallest ID */
    expect_job(19, 4277.218402, 9, 3, 0, 1496.8665793333332, 0);
    /* the sample SD (n − 1) of each job's task durations; 0 (not given) for one task */
    expect_sd(0, 0, 0);
    expect_sd(3, 792.6108161290728, 0);
    expect_sd(4, 1179.9364341050245, 0);
    expect_sd(7, 2006.960242438414, 0);
    expect_sd(8, 0, 0);
    expect_sd(15, 188.43530573474712, 0);
    expect_sd(19, 1049.8957494534961, 0);
}

Test(trace, google_evict_then_reschedule_uses_last_schedule)
{
    /* Job 7, task 0: scheduled at 2, evicted at 5, resubmitted, scheduled at 7, finished at 10:
     * 3 s. Task 1: 3 → 4, 1 s. Mean 2 s. Rows not in time order, job 9 interleaved. */
    text[0] = '\0';
    ev(7, 7, 0, SCHEDULE, 2);
    ev(1, 7, 0, SUBMIT, 2);
    ev(1, 9, 0, SUBMIT, 5);
    ev(10, 7, 0, FINISH, 2);
    ev(5, 7, 0, EVICT, 2);
    ev(1.5, 7, 1, SUBMIT, 2);
    ev(5, 7, 0, SUBMIT, 2);
    ev(2, 7, 0, SCHEDULE, 2);
    ev(3, 7, 1, SCHEDULE, 2);
    ev(2, 9, 0, SCHEDULE, 5);
    ev(4, 7, 1, FINISH, 2);
    ev(2.25, 9, 0, FINISH, 5);
    /* Task 2: two SCHEDULEs with no event between (a record missing): the later one counts,
     * 4 → 5, 1 s. Mean (3 + 1 + 1) / 3. */
    ev(1, 7, 2, SUBMIT, 2), ev(3, 7, 2, SCHEDULE, 2), ev(4, 7, 2, SCHEDULE, 2);
    ev(5, 7, 2, FINISH, 2);
    cr_assert_eq(load(text, TR_GOOGLE), 0, "%s", err);
    cr_assert_eq(tr.njobs, 2);
    cr_assert_eq(tr.skipped, 0);
    expect_job(0, 0, 2, 3, 0, 5.0 / 3, 0); /* job 7, submitted at 1 */
    expect_job(1, 0, 5, 1, 0, 0.25, 0); /* job 9, also at 1: later in the file */
    expect_sd(0, sqrt(4.0 / 3), 0);      /* durations 3, 1, 1: ((4/3)² + 2 (2/3)²) / 2 */
    expect_sd(1, 0, 0);                  /* one task: no SD */
}

Test(trace, google_left_out_jobs_are_counted)
{
    text[0] = '\0';
    /* job 1: kept (one task, 10 s) */
    ev(100, 1, 0, SUBMIT, 3), ev(101, 1, 0, SCHEDULE, 3), ev(111, 1, 0, FINISH, 3);
    /* job 2: one task finished, one killed */
    ev(100, 2, 0, SUBMIT, 3), ev(101, 2, 0, SCHEDULE, 3), ev(111, 2, 0, FINISH, 3);
    ev(100, 2, 1, SUBMIT, 3), ev(101, 2, 1, SCHEDULE, 3), ev(105, 2, 1, KILL, 3);
    /* job 3: failed; job 4: lost; job 5: evicted and never rescheduled */
    ev(100, 3, 0, SUBMIT, 3), ev(101, 3, 0, SCHEDULE, 3), ev(105, 3, 0, FAIL, 3);
    ev(100, 4, 0, SUBMIT, 3), ev(101, 4, 0, SCHEDULE, 3), ev(105, 4, 0, LOST, 3);
    ev(100, 5, 0, SUBMIT, 3), ev(101, 5, 0, SCHEDULE, 3), ev(105, 5, 0, EVICT, 3);
    /* job 6: still running; job 7: never scheduled */
    ev(100, 6, 0, SUBMIT, 3), ev(101, 6, 0, SCHEDULE, 3), ev(102, 6, 0, UPD_RUNNING, 3);
    ev(100, 7, 0, SUBMIT, 3), ev(100.5, 7, 0, UPD_PENDING, 3);
    /* job 8: FINISH with no SCHEDULE since its eviction */
    ev(100, 8, 0, SUBMIT, 3), ev(101, 8, 0, SCHEDULE, 3), ev(103, 8, 0, EVICT, 3);
    ev(104, 8, 0, FINISH, 3);
    /* job 9: finished, then resubmitted and never finished again */
    ev(100, 9, 0, SUBMIT, 3), ev(101, 9, 0, SCHEDULE, 3), ev(103, 9, 0, FINISH, 3);
    ev(104, 9, 0, SUBMIT, 3);
    /* job 10: submitted and scheduled before the window (time 0) */
    raw("0,,10,0,,0,aGFzaA==,1,3,,,,\n0,,10,0,77,1,aGFzaA==,1,3,,,,\n");
    ev(150, 10, 0, FINISH, 3);
    /* job 11: finished after the window (2^63 - 1) */
    ev(100, 11, 0, SUBMIT, 3), ev(101, 11, 0, SCHEDULE, 3);
    raw(T_MAX ",,11,0,77,4,aGFzaA==,1,3,,,,\n");
    /* job 12: no SUBMIT in the file (arrival unknown) */
    ev(101, 12, 0, SCHEDULE, 3), ev(111, 12, 0, FINISH, 3);
    /* job 13: every duration 0 (mean must be > 0) */
    ev(100, 13, 0, SUBMIT, 3), ev(101, 13, 0, SCHEDULE, 3), ev(101, 13, 0, FINISH, 3);
    /* job 14: task 0 submitted before the window, task 1 inside it: the job's arrival is
     * unknown, not 100 */
    raw("0,,14,0,,0,aGFzaA==,1,3,,,,\n");
    ev(101, 14, 0, SCHEDULE, 3), ev(111, 14, 0, FINISH, 3);
    ev(100, 14, 1, SUBMIT, 3), ev(101, 14, 1, SCHEDULE, 3), ev(111, 14, 1, FINISH, 3);
    /* job 15: task 1 has no SUBMIT in the file (cut off before it, say) */
    ev(100, 15, 0, SUBMIT, 3), ev(101, 15, 0, SCHEDULE, 3), ev(111, 15, 0, FINISH, 3);
    ev(101, 15, 1, SCHEDULE, 3), ev(111, 15, 1, FINISH, 3);
    cr_assert_eq(load(text, TR_GOOGLE), 0, "%s", err);
    cr_assert_eq(tr.njobs, 1);
    cr_assert_eq(tr.skipped, 14);
    expect_job(0, 0, 3, 1, 0, 10, 0);
}

Test(trace, google_failed_then_finished_is_kept)
{
    text[0] = '\0';
    ev(10, 5, 0, SUBMIT, 9), ev(11, 5, 0, SCHEDULE, 9), ev(20, 5, 0, FAIL, 9);
    ev(21, 5, 0, SUBMIT, 9), ev(22, 5, 0, SCHEDULE, 9), ev(26, 5, 0, FINISH, 9);
    ev(10, 5, 1, SUBMIT, 9), ev(12, 5, 1, SCHEDULE, 9), ev(14, 5, 1, UPD_RUNNING, 9);
    ev(18, 5, 1, FINISH, 9);
    cr_assert_eq(load(text, TR_GOOGLE), 0, "%s", err);
    cr_assert_eq(tr.skipped, 0);
    expect_job(0, 0, 9, 2, 0, 5.0, 0); /* (26 - 22 + 18 - 12) / 2 */
    expect_sd(0, sqrt(2.0), 0);        /* durations 4 and 6 */
}

Test(trace, google_weight_and_arrival_from_the_earliest_submit)
{
    /* Job 3's earliest SUBMIT (task 1, at 4 s, priority 7) comes after a later one in the file;
     * job 2 arrives at 6 s: arrivals 0 and 2. An empty priority on a row other than SUBMIT is
     * fine. */
    text[0] = '\0';
    ev(5, 3, 0, SUBMIT, 2), ev(6, 3, 0, SCHEDULE, -1), ev(8, 3, 0, FINISH, -1);
    ev(6, 2, 0, SUBMIT, 11), ev(6, 2, 0, SCHEDULE, 11), ev(9, 2, 0, FINISH, 11);
    ev(4, 3, 1, SUBMIT, 7), ev(6, 3, 1, SCHEDULE, 7), ev(10, 3, 1, FINISH, 7);
    /* Job 4: tasks 1 and 0 submitted at the same microsecond; the first row in the file
     * (task 1, priority 6) gives the weight. */
    ev(20, 4, 1, SUBMIT, 6), ev(20, 4, 0, SUBMIT, 1), ev(21, 4, 0, SCHEDULE, 1);
    ev(21, 4, 1, SCHEDULE, 6), ev(22, 4, 0, FINISH, 1), ev(22, 4, 1, FINISH, 6);
    cr_assert_eq(load(text, TR_GOOGLE), 0, "%s", err);
    cr_assert_eq(tr.njobs, 3);
    expect_job(0, 0, 7, 2, 0, 3.0, 0);
    expect_job(1, 2, 11, 1, 0, 3.0, 0);
    expect_job(2, 16, 6, 2, 0, 1.0, 0);
}

/* Priority 12, the 2011 trace's "monitoring" tier (ClusterData2011_2.md: "12 is a 'monitoring'
 * priority", beside "range from 0 to 11 inclusive"), is read like any other. */
Test(trace, google_monitoring_priority_12)
{
    text[0] = '\0';
    ev(1, 4, 0, SUBMIT, 12), ev(2, 4, 0, SCHEDULE, 12), ev(5, 4, 0, FINISH, -1);
    ev(3, 8, 0, SUBMIT, 0), ev(4, 8, 0, SCHEDULE, -1), ev(5, 8, 0, FINISH, 12);
    cr_assert_eq(load(text, TR_GOOGLE), 0, "%s", err);
    cr_assert_eq(tr.njobs, 2);
    expect_job(0, 0, 12, 1, 0, 3.0, 0);
    expect_job(1, 2, 0, 1, 0, 1.0, 0);
}

Test(trace, google_microseconds_kept_late_in_the_trace)
{
    /* 29 days in, one microsecond apart: the shift is done before the conversion */
    text[0] = '\0';
    raw("2505600000001,,1,0,,0,u,0,0,,,,\n2505600000002,,1,0,9,1,u,0,0,,,,\n"
        "2505600000003,,1,0,9,4,u,0,0,,,,\n"
        "2505600000002,,2,0,,0,u,0,0,,,,\n2505600000003,,2,0,9,1,u,0,0,,,,\n"
        "2505600000005,,2,0,9,4,u,0,0,,,,\n");
    cr_assert_eq(load(text, TR_GOOGLE), 0, "%s", err);
    cr_assert_eq(tr.njobs, 2);
    cr_assert_eq(tr.job[1].arrival, 1e-6);
    cr_assert_eq(tr.job[0].mean[TR_MAP], 1e-6);
    cr_assert_eq(tr.job[1].mean[TR_MAP], 2e-6);
}

#define GOOD "1000000,,6,0,,0,u,0,3,,,,\n2000000,,6,0,17,1,u,0,3,,,,\n"

Test(trace, google_errors)
{
    static const struct bad bad[] = {
        {GOOD "3000000,,6,0,17,4,u,0,3,,,\n", 3, {"expected 13 columns", "got 12"}},
        {"1000000,,6,0,,0,u,0,3,,,,,\n", 1, {"expected 13 columns", "got 14"}},
        {"1000000 6 0 0\n", 1, {"expected 13 columns", "got 1"}},
        {GOOD "abc,,6,0,17,4,u,0,3,,,,\n", 3, {"column 'timestamp'", "got 'abc'"}},
        {"-5,,6,0,,0,u,0,3,,,,\n", 1, {"column 'timestamp': expected an integer >= 0"}},
        {"1.5e6,,6,0,,0,u,0,3,,,,\n", 1, {"column 'timestamp'", "got '1.5e6'"}},
        {"9223372036854775808,,6,0,,0,u,0,3,,,,\n", 1, {"column 'timestamp'"}},
        {",,6,0,,0,u,0,3,,,,\n", 1, {"column 'timestamp'", "got ''"}},
        {"1000000,,,0,,0,u,0,3,,,,\n", 1, {"column 'job ID'", "got ''"}},
        {"1000000,,j6,0,,0,u,0,3,,,,\n", 1, {"column 'job ID'", "got 'j6'"}},
        {"1000000,,6,1.5,,0,u,0,3,,,,\n", 1, {"column 'task index'", "got '1.5'"}},
        {"1000000,,6,-1,,0,u,0,3,,,,\n", 1, {"column 'task index'"}},
        {"1000000,,6,0,,9,u,0,3,,,,\n", 1, {"column 'event type': expected an integer 0..8",
                                              "got '9'"}},
        {"1000000,,6,0,,,u,0,3,,,,\n", 1, {"column 'event type'", "got ''"}},
        {"1000000,,6,0,,0,u,0,,,,,\n", 1, {"column 'priority'", "required on SUBMIT rows"}},
        {"1000000,,6,0,,0,u,0,13,,,,\n", 1, {"column 'priority': expected an integer 0..12"}},
        {"1000000,,6,0,,0,u,0,-1,,,,\n", 1, {"column 'priority'", "got '-1'"}},
        {GOOD "3000000,,6,0,17,4,u,0,high,,,,\n", 3, {"column 'priority'", "got 'high'"}},
        {"\n" GOOD "\n3000000,,6,0,17,x,u,0,3,,,,\n", 5, {"column 'event type'"}},
        {"", 0, {"no jobs", "no task events"}},
        {GOOD, 0, {"no jobs", "none of the 1 jobs in the file is complete"}},
    };
    expect_errors(bad, sizeof bad / sizeof *bad, TR_GOOGLE);
}

/* Requests: a job's CPU and memory are the largest its rows give (an update may raise a
 * task's), each on the line it came from; rows with an empty or 0 request give none, and a job
 * of none has 0 (the scenario's). A request must be a number >= 0. */
Test(trace, google_requests_are_each_jobs_largest)
{
    text[0] = '\0';
    raw("1000000,,7,0,,0,u,0,3,0.25,0.0159,,\n"     /* 1: job 7 task 0 */
        "1000000,,7,1,,0,u,0,3,0.125,,,\n"          /* 2: task 1, no memory given */
        "1500000,,7,0,,7,u,0,3,0.5,0.0159,,\n"      /* 3: an update raises task 0's CPU */
        "2000000,,7,0,9,1,u,0,3,0.5,0.0318,,\n"     /* 4: and the memory on its SCHEDULE */
        "2000000,,7,1,9,1,u,0,3,0.125,0,,\n"
        "5000000,,7,0,9,4,u,0,3,0.5,0.0318,,\n"
        "6000000,,7,1,9,4,u,0,3,0.125,,,\n"
        "1000000,,8,0,,0,u,0,3,,,,\n"                /* job 8: no requests */
        "3000000,,8,0,9,1,u,0,3,,0,,\n"
        "4000000,,8,0,9,4,u,0,3,,,,\n");
    cr_assert_eq(load(text, TR_GOOGLE), 0, "%s", err);
    cr_assert_eq(tr.njobs, 2);
    cr_assert_str_eq(tr.cpu_col, "CPU request");
    cr_assert_str_eq(tr.mem_col, "memory request");
    cr_assert_eq(tr.job[0].cpu, 0.5);
    cr_assert_eq(tr.job[0].cpu_line, 3, "the first line of the largest");
    cr_assert_eq(tr.job[0].mem, (double)0.0318f, "read to single precision");
    cr_assert_eq(tr.job[0].mem_line, 4);
    cr_assert_eq(tr.job[1].cpu, 0);
    cr_assert_eq(tr.job[1].mem, 0);
    static const struct bad bad[] = {
        {GOOD "3000000,,6,0,17,4,u,0,3,lots,,,\n", 3, {"column 'CPU request': expected a "
                                                       "number >= 0", "got 'lots'"}},
        {GOOD "3000000,,6,0,17,4,u,0,3,0.1,-0.2,,\n", 3, {"column 'memory request'",
                                                          "got '-0.2'"}},
    };
    expect_errors(bad, sizeof bad / sizeof *bad, TR_GOOGLE);
}

Test(trace, google_csv_header_is_not_a_row)
{
    /* a project CSV given as the Google layout fails on its first line */
    expect_error(load(H "1,0,1,0,10,\n", TR_GOOGLE), 1, "expected 13 columns", "got 6", NULL);
}

/* ---------------------------------------------------------------- Google 2019 instance_events */

/* clusterdata_trace_format_v3.proto's EventType */
enum {
    I_SUBMIT, I_QUEUE, I_ENABLE, I_SCHEDULE, I_EVICT, I_FAIL, I_FINISH, I_KILL, I_LOST,
    I_UPD_PENDING, I_UPD_RUNNING
};

/* The header ev19 writes rows for: the columns read, in another order than the proto's, with
 * columns that are not read between them. */
#define H19 "machine_id,collection_id,type,time,scheduling_class,instance_index,priority," \
            "collection_type,resource_request_cpus\n"

/* Append one instance_events row under H19: seconds t (as microseconds), collection, instance,
 * event type, priority (-1: empty), collection_type. */
static void ev19k(double t, long long coll, int inst, int type, long long prio, int kind)
{
    size_t n = strlen(text);
    char p[24] = "";
    if (prio >= 0)
        snprintf(p, sizeof p, "%lld", prio);
    snprintf(text + n, sizeof text - n, "%s,%lld,%d,%lld,2,%d,%s,%d,0.0625\n",
             type == I_SCHEDULE ? "4820285" : "0", coll, type, (long long)(t * 1e6), inst, p,
             kind);
}

static void ev19(double t, long long coll, int inst, int type, long long prio)
{
    ev19k(t, coll, inst, type, prio, 0);
}

static int load19(const char *s)
{
    write_file("instance_events.csv", s);
    err[0] = '\0';
    return tr_read(path, TR_GOOGLE2019, &tr, err, sizeof err);
}

Test(trace, google2019_sample)
{
    cr_assert_eq(tr_read("data/google2019-instance-events-sample.csv", TR_GOOGLE2019, &tr, err,
                         sizeof err),
                 0, "%s", err);
    cr_assert_eq(tr.njobs, 17);
    cr_assert_eq(tr.skipped, 7, "an alloc set; killed, failed, finished after the window, lost, "
                                "unfinished and before-the-window jobs");
    expect_sorted();
    /* job, arrival, weight, instances, mean and SD of their durations (0: one instance) */
    static const struct {
        int i;
        double arrival, weight;
        int tasks;
        double mean, sd;
    } want[] = {
        {0, 0.0, 25, 22, 1555.5557442272727, 843.693617433064},
        /* #2: QUEUEd and ENABLEd before each SCHEDULE: those change nothing */
        {2, 455.131171, 103, 4, 736.55313825, 738.0684294764263},
        /* #4: instance 0 evicted and resubmitted at the same microsecond, then rescheduled */
        {4, 793.038963, 120, 4, 1582.713661, 1108.3985283242841},
        /* two collections submitted at the same microsecond: the first SUBMIT in the file
           first */
        {6, 1277.637626, 103, 1, 1445.340952, 0},
        {7, 1277.637626, 200, 18, 1279.1368221666667, 937.4004797944949},
        /* #11: instance 1 failed, was resubmitted and finished: kept */
        {9, 1470.642332, 0, 4, 1478.816768, 1076.382400695698},
        {11, 1773.403920, 119, 1, 2996.234416, 0}, /* the smallest collection ID */
        {12, 1981.213068, 360, 1, 2182.147709, 0}, /* a monitoring priority */
        {16, 2928.743339, 0, 4, 1456.3133255, 991.2447976796071},
    };
    for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
        expect_job(want[k].i, want[k].arrival, want[k].weight, want[k].tasks, 0, want[k].mean, 0);
        expect_sd(want[k].i, want[k].sd, 0);
    }
    long tasks = 0;
    for (int i = 0; i < tr.njobs; i++)
        tasks += tr.job[i].tasks[TR_MAP] + tr.job[i].tasks[TR_REDUCE];
    cr_assert_eq(tasks, 85);
}

/* The 2019 codes, not 2011's: 3 SCHEDULE, 6 FINISH; 1 QUEUE, 2 ENABLE and the updates change
 * nothing; 4 (2011's FINISH) is EVICT. Columns found by the header's names, in any order;
 * the others ignored. */
Test(trace, google2019_columns_and_codes)
{
    strcpy(text, H19);
    ev19(10, 7, 0, I_SUBMIT, 200), ev19(11, 7, 0, I_QUEUE, 200), ev19(12, 7, 0, I_ENABLE, 200);
    ev19(12.5, 7, 0, I_UPD_PENDING, 200), ev19(13, 7, 0, I_SCHEDULE, -1);
    ev19(14, 7, 0, I_UPD_RUNNING, -1), ev19(19, 7, 0, I_FINISH, -1);
    ev19(10, 7, 3, I_SUBMIT, 200), ev19(11, 7, 3, I_SCHEDULE, 200), ev19(12, 7, 3, I_FINISH, 200);
    /* collection 8: its instance is EVICTed (4) and never rescheduled: left out */
    ev19(10, 8, 0, I_SUBMIT, 0), ev19(11, 8, 0, I_SCHEDULE, 0), ev19(12, 8, 0, I_EVICT, 0);
    /* a priority far beyond 2011's range: the proto's int32 */
    ev19(20, 9, 0, I_SUBMIT, 2147483647), ev19(21, 9, 0, I_SCHEDULE, 0);
    ev19(22.5, 9, 0, I_FINISH, 0);
    cr_assert_eq(load19(text), 0, "%s", err);
    cr_assert_eq(tr.njobs, 2);
    cr_assert_eq(tr.skipped, 1);
    expect_job(0, 0, 200, 2, 0, 3.5, 0);       /* (19 - 13 + 12 - 11) / 2 */
    expect_sd(0, sqrt(12.5), 0);               /* durations 6 and 1 */
    expect_job(1, 10, 2147483647, 1, 0, 1.5, 0);

    /* the fewest columns: the five read, nothing else; no collection_type: every collection a
       job */
    tr_free(&tr);
    strcpy(text, "priority,instance_index,collection_id,type,time\r\n"
                 "5,0,1,0,1000000\r\n5,0,1,3,2000000\r\n,0,1,6,4500000\r\n");
    cr_assert_eq(load19(text), 0, "%s", err);
    cr_assert_eq(tr.njobs, 1);
    expect_job(0, 0, 5, 1, 0, 2.5, 0);
}

/* An export's rows come in no order: one instance's events at the same microsecond are taken in
 * life-cycle order (an end, SUBMIT, pending events, SCHEDULE, UPDATE_RUNNING, FINISH), whatever
 * their order in the file. */
Test(trace, google2019_same_microsecond_in_lifecycle_order)
{
    strcpy(text, H19);
    /* submitted and scheduled at once, SCHEDULE first in the file: 5 → 9, 4 s */
    ev19(9, 1, 0, I_FINISH, -1), ev19(5, 1, 0, I_SCHEDULE, 3), ev19(5, 1, 0, I_SUBMIT, 3);
    /* instance 1: evicted at 8 and resubmitted at once (SUBMIT first in the file), scheduled
       again at 10, finished at 12: 2 s from the last SCHEDULE */
    ev19(12, 1, 1, I_FINISH, 3), ev19(10, 1, 1, I_SCHEDULE, 3), ev19(8, 1, 1, I_SUBMIT, 3);
    ev19(8, 1, 1, I_EVICT, 3), ev19(6, 1, 1, I_SCHEDULE, 3), ev19(5, 1, 1, I_SUBMIT, 3);
    /* instance 2: SUBMIT, QUEUE, ENABLE, SCHEDULE all at 7, backwards, and FINISH at 13 */
    ev19(13, 1, 2, I_FINISH, 3), ev19(7, 1, 2, I_SCHEDULE, 3), ev19(7, 1, 2, I_ENABLE, 3);
    ev19(7, 1, 2, I_QUEUE, 3), ev19(7, 1, 2, I_SUBMIT, 3);
    cr_assert_eq(load19(text), 0, "%s", err);
    cr_assert_eq(tr.njobs, 1);
    cr_assert_eq(tr.skipped, 0);
    expect_job(0, 0, 3, 3, 0, 4.0, 0); /* (4 + 2 + 6) / 3 */
    expect_sd(0, 2.0, 0);
}

Test(trace, google2019_left_out_collections_are_counted)
{
    strcpy(text, H19);
    /* collection 1: kept (one instance, 10 s) */
    ev19(100, 1, 0, I_SUBMIT, 3), ev19(101, 1, 0, I_SCHEDULE, 3), ev19(111, 1, 0, I_FINISH, 3);
    /* 2: an alloc set (collection_type 1): not a job, however complete */
    ev19k(100, 2, 0, I_SUBMIT, 3, 1), ev19k(101, 2, 0, I_SCHEDULE, 3, 1);
    ev19k(111, 2, 0, I_FINISH, 3, 1);
    /* 3: killed (7); 4: failed (5); 5: lost (8) */
    ev19(100, 3, 0, I_SUBMIT, 3), ev19(101, 3, 0, I_SCHEDULE, 3), ev19(105, 3, 0, I_KILL, 3);
    ev19(100, 4, 0, I_SUBMIT, 3), ev19(101, 4, 0, I_SCHEDULE, 3), ev19(105, 4, 0, I_FAIL, 3);
    ev19(100, 5, 0, I_SUBMIT, 3), ev19(101, 5, 0, I_SCHEDULE, 3), ev19(105, 5, 0, I_LOST, 3);
    /* 6: queued and never scheduled; 7: still running */
    ev19(100, 6, 0, I_SUBMIT, 3), ev19(101, 6, 0, I_QUEUE, 3);
    ev19(100, 7, 0, I_SUBMIT, 3), ev19(101, 7, 0, I_SCHEDULE, 3), ev19(102, 7, 0, I_UPD_RUNNING, 3);
    /* 8: one of two instances has no SUBMIT in the file */
    ev19(100, 8, 0, I_SUBMIT, 3), ev19(101, 8, 0, I_SCHEDULE, 3), ev19(111, 8, 0, I_FINISH, 3);
    ev19(101, 8, 1, I_SCHEDULE, 3), ev19(111, 8, 1, I_FINISH, 3);
    /* 9: submitted before the window (time 0); 10: finished after it (2^63 - 1) */
    raw("0,9,0,0,2,0,3,0,\n0,9,3,0,2,0,3,0,\n");
    ev19(150, 9, 0, I_FINISH, 3);
    ev19(100, 10, 0, I_SUBMIT, 3), ev19(101, 10, 0, I_SCHEDULE, 3);
    raw("0,10,6," T_MAX ",2,0,3,0,\n");
    cr_assert_eq(load19(text), 0, "%s", err);
    cr_assert_eq(tr.njobs, 1);
    cr_assert_eq(tr.skipped, 9);
    expect_job(0, 0, 3, 1, 0, 10, 0);
}

#define GOOD19 H19 "0,6,0,1000000,2,0,3,0,\n4820285,6,3,2000000,2,0,3,0,\n"

Test(trace, google2019_errors)
{
    static const struct bad bad[] = {
        /* the header */
        {"1000000,0,6,0,3\n", 1, {"expected the header line of a clusterdata-2019 "
                                  "instance_events export", "got '1000000,0,6,0,3'",
                                  "no column 'time'"}},
        {"time,type,collection_id,instance_index\n", 1, {"naming the columns time, type, "
                                                         "collection_id, instance_index and "
                                                         "priority", "no column 'priority'"}},
        {"\n\ntime,type,collection_id,instance,priority\n", 3, {"no column 'instance_index'"}},
        {"Time,type,collection_id,instance_index,priority\n", 1, {"got 'Time,type,",
                                                                   "no column 'time'"}},
        {"time,type,collection_id,instance_index,priority,time\n", 1,
         {"column 'time' twice (columns 1 and 6)"}},
        {"\"time\",type,collection_id,instance_index,priority\n", 1, {"no column 'time'"}},
        /* the rows */
        {GOOD19 "0,6,6,3000000,2,0,3\n", 4, {"expected 9 columns (as the header on line 1 "
                                             "names), got 7"}},
        {GOOD19 "0,6,6,3000000,2,0,3,0,,\n", 4, {"expected 9 columns", "got 10"}},
        {H19 "0,6,11,1000000,2,0,3,0,\n", 2, {"column 'type': expected an integer 0..10 "
                                              "(0 SUBMIT, 1 QUEUE, 2 ENABLE, 3 SCHEDULE",
                                              "10 UPDATE_RUNNING)", "got '11'"}},
        {H19 "0,6,,1000000,2,0,3,0,\n", 2, {"column 'type'", "got ''"}},
        {H19 "0,6,0,-1,2,0,3,0,\n", 2, {"column 'time': expected an integer >= 0", "got '-1'"}},
        {H19 "0,6,0,1e6,2,0,3,0,\n", 2, {"column 'time'", "got '1e6'"}},
        {H19 "0,x,0,1000000,2,0,3,0,\n", 2, {"column 'collection_id'", "got 'x'"}},
        {H19 "0,6,0,1000000,2,2147483648,3,0,\n", 2, {"column 'instance_index'"}},
        {H19 "0,6,0,1000000,2,0,,0,\n", 2, {"column 'priority': expected an integer "
                                            "0..2147483647 (required on SUBMIT rows)"}},
        {H19 "0,6,0,1000000,2,0,2147483648,0,\n", 2, {"column 'priority'"}},
        {GOOD19 "0,6,3,3000000,2,0,-1,0,\n", 4, {"column 'priority'", "or nothing", "'-1'"}},
        {H19 "0,6,0,1000000,2,0,3,2,\n", 2, {"column 'collection_type': expected 0 (a job) or "
                                             "1 (an alloc set)", "got '2'"}},
        {H19 "0,6,0,1000000,2,0,3,,\n", 2, {"column 'collection_type'", "got ''"}},
        /* no jobs */
        {"", 0, {"no jobs", "no instance events"}},
        {H19, 0, {"no jobs", "no instance events"}},
        {GOOD19, 0, {"no jobs", "none of the 1 collections in the file is complete (each is an "
                     "alloc set, or has an instance that does not finish"}},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        tr_free(&tr);
        int rc = load19(bad[i].text);
        cr_assert_eq(rc, -1, "case %zu accepted:\n%s", i, bad[i].text);
        expect_error(rc, bad[i].line, bad[i].needle[0], bad[i].needle[1], bad[i].needle[2],
                     NULL);
    }
}

/* A 2011 task_events file given as the 2019 layout fails on its first line, and the 2019 sample
 * (13 columns too) given as the 2011 layout on its header. */
Test(trace, google2019_and_2011_files_are_told_apart)
{
    expect_error(load19("1000000,,6,0,,0,u,0,3,,,,\n"), 1, "expected the header line",
                 "no column 'time'", NULL);
    int rc = tr_read("data/google2019-instance-events-sample.csv", TR_GOOGLE, &tr, err,
                     sizeof err);
    cr_assert_eq(rc, -1);
    cr_assert(strstr(err, ":1: column 'timestamp'"), "%s", err);
    cr_assert(strstr(err, "got 'time'"), "%s", err);
}

/* The 2019 export's flattened resource_request columns, when it has them: the same rule. */
Test(trace, google2019_requests_when_exported)
{
    text[0] = '\0';
    raw("time,type,collection_id,instance_index,priority,resource_request_memory,"
        "resource_request_cpus\n"
        "1000000,0,6,0,3,0.25,0.0625\n"
        "1000000,0,6,1,3,0.125,0.125\n"
        "2000000,3,6,0,3,,\n"
        "2000000,3,6,1,3,,\n"
        "4000000,6,6,0,3,,\n"
        "4000000,6,6,1,3,,\n");
    cr_assert_eq(load19(text), 0, "%s", err);
    cr_assert_str_eq(tr.cpu_col, "resource_request_cpus");
    cr_assert_eq(tr.job[0].cpu, 0.125);
    cr_assert_eq(tr.job[0].cpu_line, 3);
    cr_assert_eq(tr.job[0].mem, 0.25);
    cr_assert_eq(tr.job[0].mem_line, 2);
    tr_free(&tr);
    cr_assert_eq(load19("time,type,collection_id,instance_index,priority,resource_request_cpus\n"
                        "1000000,0,6,0,3,-1\n"),
                 -1);
    cr_assert(strstr(err, ":2: column 'resource_request_cpus': expected a number >= 0"), "%s",
              err);
}

/* The trace readers (models/trace*.c): both sample files in data/ against values computed by
 * the script that generated them (scripts/gen-trace-samples.py prints them, from its own
 * numbers, not by parsing), the arrival sort and shift, the Google layout's rules (which jobs
 * are left out, which SCHEDULE starts a run, which SUBMIT gives the weight), and the message of
 * every class of bad input, line and column included. Small files go to a fresh temporary
 * directory per test. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "models/trace.h"

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

Test(trace, missing_file)
{
    snprintf(path, sizeof path, "%s/no-such-file.csv", dir);
    int rc = tr_read(path, TR_CSV, &tr, err, sizeof err);
    expect_error(rc, 0, "cannot open", NULL);
    rc = tr_read(path, TR_GOOGLE, &tr, err, sizeof err);
    expect_error(rc, 0, "cannot open", NULL);
}

Test(trace, format_names)
{
    enum tr_format f = TR_GOOGLE;
    cr_assert_eq(tr_format_parse("csv", &f), 0);
    cr_assert_eq(f, TR_CSV);
    cr_assert_eq(tr_format_parse("google", &f), 0);
    cr_assert_eq(f, TR_GOOGLE);
    cr_assert_eq(tr_format_parse("Google", &f), -1);
    cr_assert_eq(tr_format_parse("", &f), -1);
    cr_assert_str_eq(TR_FORMAT_NAMES, "csv|google");
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

Test(trace, google_csv_header_is_not_a_row)
{
    /* a project CSV given as the Google layout fails on its first line */
    expect_error(load(H "1,0,1,0,10,\n", TR_GOOGLE), 1, "expected 13 columns", "got 6", NULL);
}

/* progress — terminal progress bar (see progress.h). */
#include "engine/run/progress.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void progress_start(struct progress *pg, uint64_t total, uint64_t done, bool wanted)
{
    pg->on = wanted && isatty(STDERR_FILENO);
    pg->total = total;
    pg->first = done;
    pg->start = pg->last_draw = wall_now();
}

void progress_update(struct progress *pg, uint64_t done)
{
    if (!pg->on)
        return;
    double now = wall_now();
    if (now - pg->last_draw < 0.1 && done < pg->total)
        return;
    pg->last_draw = now;
    double elapsed = now - pg->start;
    double rate = elapsed > 0 && done > pg->first ? (double)(done - pg->first) / elapsed : 0;
    double eta = rate > 0 ? (double)(pg->total - done) / rate : 0;
    enum { WIDTH = 30 };
    int fill = pg->total ? (int)(WIDTH * done / pg->total) : WIDTH;
    char bar[WIDTH + 1];
    for (int i = 0; i < WIDTH; i++)
        bar[i] = i < fill ? '=' : (i == fill ? '>' : ' ');
    bar[WIDTH] = '\0';
    fprintf(stderr, "\r[%s] %3d%%  %llu/%llu replicas  %.0f/s  ETA %d:%02d ", bar,
            pg->total ? (int)(100 * done / pg->total) : 100, (unsigned long long)done,
            (unsigned long long)pg->total, rate, (int)eta / 60, (int)eta % 60);
    fflush(stderr);
}

void progress_finish(struct progress *pg)
{
    if (!pg->on)
        return;
    progress_update(pg, pg->total);
    fputs("\r\033[K", stderr); /* clear the line */
    fflush(stderr);
}

/* progress — a one-line progress bar with rate and ETA on stderr, drawn only when stderr is
 * a terminal. Not thread-safe: one thread draws. */
#ifndef SPECMC_PROGRESS_H
#define SPECMC_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

struct progress {
    bool on;           /* drawing enabled (stderr is a tty and not --quiet) */
    uint64_t total;    /* units of work */
    uint64_t first;    /* of them, done before the start (a resumed run's): not in the rate */
    double start;      /* wall clock at start */
    double last_draw;  /* wall clock of the last draw */
};

void progress_start(struct progress *pg, uint64_t total, uint64_t done, bool wanted);
void progress_update(struct progress *pg, uint64_t done); /* at most ~10 draws per second */
void progress_finish(struct progress *pg);

#endif

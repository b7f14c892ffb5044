/* preflight — the checks `specmc run` makes before it simulates (see preflight.c). */
#ifndef SPECMC_PREFLIGHT_H
#define SPECMC_PREFLIGHT_H

#include <stdbool.h>

#include "engine/config/config.h"
#include "engine/run/cost.h"

/* The run's work, estimated before it starts: false after an error naming the key to change
 * when it passes RUN_EVENTS_MAX; a one-line estimate when it will take a while. */
bool preflight_work(const struct cfg *c, const struct run_cost *cost, int threads,
                    bool replicas_given);

/* The run's peak memory, estimated before anything is allocated, against the machine's
 * physical memory: false after an error above it, naming what drives it and what would fit;
 * a warning above half of it. */
bool preflight_memory(const struct cfg *c, const struct run_cost *cost, int threads,
                      bool replicas_given);

#endif

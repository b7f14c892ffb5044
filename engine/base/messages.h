/* messages — the one format of what specmc tells its user on stderr, and who says it (as
 * git's usage.c): "specmc: error: ...", "specmc: warning: ...", "specmc: ..." for a note.
 * Every layer prints through these. Under MPI only rank 0 speaks (the ranks read the same
 * input and would say the same thing K times) until msg_every_rank: then each rank runs
 * replicas of its own and reports its own failures. */
#ifndef SPECMC_MESSAGES_H
#define SPECMC_MESSAGES_H

void msg_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void msg_warning(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void msg_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* This process is MPI rank `rank` (engine/session/ranks.c): only rank 0 speaks. */
void msg_set_rank(int rank);
/* From now on every rank speaks. */
void msg_every_rank(void);

#endif

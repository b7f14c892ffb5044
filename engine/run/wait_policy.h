/* wait_policy — idle OpenMP threads sleep instead of spinning (see wait_policy.c). */
#ifndef SPECMC_WAIT_POLICY_H
#define SPECMC_WAIT_POLICY_H

/* Unless OMP_WAIT_POLICY is set, or argv asks for one thread (--threads 1), set it to passive
 * and execute this program again with argv (argv[0] included, NULL-terminated); returns only
 * when it is set already, for one thread, or when exec fails. Call first thing in main(),
 * before anything else has run. */
void wait_policy_passive(char **argv);

#endif

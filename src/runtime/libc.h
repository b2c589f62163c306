/* Per-rank copies of what libc keeps for a process (libc_state.c,
 * libc_rand.c, libc_getopt.c, exit.c): the state of functions that libc
 * hides in static storage, kept in the rank that uses them. Internal to
 * src/runtime. */
#ifndef SIMPI_RT_LIBC_H
#define SIMPI_RT_LIBC_H
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

/* getopt's position between calls (libc_getopt.c) */
typedef struct rt_getopt {
  const char *next;    /* rest of the option cluster being scanned ("-abc"), or NULL */
  int first, last;     /* argv[first..last) are non-options already skipped (permutation) */
  int seen_optind;     /* optind as getopt left it: another value means the program reset it */
  int initialized;
} rt_getopt_t;

typedef struct rt_libc {
  char *strtok_pos;
  int random_ready;
  struct random_data random;
  int32_t random_state[32]; /* the 128-byte default state of random() */
  struct drand48_data d48;
  struct tm tm;
  char asc[32];
  rt_getopt_t getopt;
} rt_libc_t;

/* The calling rank's state (created on first use), or the process's own
 * outside the ranks (constructors, the simulator). */
rt_libc_t *rt_libc(void);
/* 1 when the caller is a rank's program (not the simulator before or after
 * the run): the replaced functions then act per rank. */
int rt_in_rank(void);
/* The real libc function that one of ours replaces. */
void *rt_libc_next(const char *name);

#endif

/* Per-rank random number generators: rand/srand, random/srandom/initstate/
 * setstate and the drand48 family keep their state in the rank, on top of
 * glibc's reentrant versions, so that every rank draws the sequence a
 * process of its own would (the same as under MPICH, seed for seed). */
#define _GNU_SOURCE
#include "libc.h"
#include "runtime.h"
#include <string.h>

#define EXPORT __attribute__((visibility("default")))

/* glibc's random() starts as if initstate(1, buf, 128) had been called */
static struct random_data *rnd(void)
{
  rt_libc_t *l = rt_libc();
  if (!l->random_ready) {
    memset(&l->random, 0, sizeof l->random);
    initstate_r(1, (char *)l->random_state, sizeof l->random_state, &l->random);
    l->random_ready = 1;
  }
  return &l->random;
}

EXPORT long random(void)
{
  int32_t v;
  random_r(rnd(), &v);
  return v;
}

EXPORT void srandom(unsigned seed) { srandom_r(seed, rnd()); }

EXPORT int rand(void) { return (int)random(); }

EXPORT void srand(unsigned seed) { srandom(seed); }

/* The buffer a state array lives in: its first word holds the generator's type. */
static char *state_buffer(struct random_data *d) { return (char *)(d->state - 1); }

EXPORT char *initstate(unsigned seed, char *state, size_t n)
{
  struct random_data *d = rnd();
  char *old = state_buffer(d);
  return initstate_r(seed, state, n, d) ? NULL : old;
}

EXPORT char *setstate(char *state)
{
  struct random_data *d = rnd();
  char *old = state_buffer(d);
  return setstate_r(state, d) ? NULL : old;
}

/* drand48 and friends: a zeroed drand48_data is glibc's initial state */

EXPORT double drand48(void)
{
  double v;
  drand48_r(&rt_libc()->d48, &v);
  return v;
}

EXPORT double erand48(unsigned short x[3])
{
  double v;
  erand48_r(x, &rt_libc()->d48, &v);
  return v;
}

EXPORT long lrand48(void)
{
  long v;
  lrand48_r(&rt_libc()->d48, &v);
  return v;
}

EXPORT long nrand48(unsigned short x[3])
{
  long v;
  nrand48_r(x, &rt_libc()->d48, &v);
  return v;
}

EXPORT long mrand48(void)
{
  long v;
  mrand48_r(&rt_libc()->d48, &v);
  return v;
}

EXPORT long jrand48(unsigned short x[3])
{
  long v;
  jrand48_r(x, &rt_libc()->d48, &v);
  return v;
}

EXPORT void srand48(long seed) { srand48_r(seed, &rt_libc()->d48); }

EXPORT unsigned short *seed48(unsigned short seed[3])
{
  struct drand48_data *d = &rt_libc()->d48;
  seed48_r(seed, d);
  return d->__old_x;
}

EXPORT void lcong48(unsigned short p[7]) { lcong48_r(p, &rt_libc()->d48); }

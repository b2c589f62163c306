/* Mutual exclusion: critical sections, atomic updates and the lock API. A thread takes a
 * lock at its turn in simulated time (its computation so far is simulated first) and gives
 * it back once the computation inside is simulated, so that contention costs what it would.
 * A lock is a word in the program's memory holding its owner (0: free): omp_lock_t has 4
 * bytes (the owner's id), omp_nest_lock_t uses 8 of its 16 (owner, depth), as the Fortran
 * kinds allow. Waiters queue by the lock's address within the rank.
 * GOMP_atomic_start/end bracket an update GCC cannot make with one instruction: only one
 * thread of the simulation runs at a time and none can be switched out inside an update, so
 * they have nothing to do. */
#include "omprt.h"
#include <omp.h>
#include <string.h>

static int held(void *word) { return *(volatile int *)word != 0; }

/* Takes the lock word for owner id (the caller's turn is already taken). */
static void take(int *word, int id, const char *what, void *pc)
{
  rt_rank_t *r = om_hold();
  while (*word) {
    if (*word == id)
      om_fatal(pc, "%s: the thread already holds this lock (a deadlock)", what);
    thr_wait(thr_queue_at(word), held, word, what, pc);
  }
  *word = id;
  om_unhold(r);
}

static void give(int *word)
{
  om_settle(); /* the computation under the lock is part of holding it */
  rt_rank_t *r = om_hold();
  *word = 0;
  thr_wake(thr_queue_at(word));
  om_unhold(r);
}

/* --- critical ------------------------------------------------------------------------ */

EXPORT void GOMP_critical_start(void)
{
  om_settle();
  take((int *)&om_rank()->unnamed_critical, om_self()->id, "an OpenMP critical section", OM_CALLER());
}

EXPORT void GOMP_critical_end(void) { give((int *)&om_rank()->unnamed_critical); }

/* A named critical section's lock is the pointer-sized word GCC gives for its name (in the
 * program's data, so each rank's own). */
EXPORT void GOMP_critical_name_start(void **pptr)
{
  om_settle();
  take((int *)pptr, om_self()->id, "an OpenMP critical section", OM_CALLER());
}

EXPORT void GOMP_critical_name_end(void **pptr) { give((int *)pptr); }

EXPORT void GOMP_atomic_start(void) {}
EXPORT void GOMP_atomic_end(void) {}

/* --- locks --------------------------------------------------------------------------- */

typedef struct nest {
  int owner, depth;
} nest_t;

_Static_assert(sizeof(omp_lock_t) >= sizeof(int), "omp_lock_t holds an owner");
_Static_assert(sizeof(omp_nest_lock_t) >= sizeof(nest_t), "omp_nest_lock_t holds an owner and a depth");

EXPORT void omp_init_lock(omp_lock_t *l) { memset(l, 0, sizeof(int)); }
EXPORT void omp_init_lock_with_hint(omp_lock_t *l, omp_sync_hint_t hint)
{
  (void)hint;
  omp_init_lock(l);
}
EXPORT void omp_destroy_lock(omp_lock_t *l)
{
  if (*(int *)l)
    om_fatal(OM_CALLER(), "omp_destroy_lock of a lock that is held");
}

EXPORT void omp_set_lock(omp_lock_t *l)
{
  om_settle();
  take((int *)l, om_self()->id, "omp_set_lock", OM_CALLER());
}

EXPORT void omp_unset_lock(omp_lock_t *l)
{
  if (*(int *)l != om_self()->id)
    om_fatal(OM_CALLER(), "omp_unset_lock of a lock the thread does not hold");
  give((int *)l);
}

EXPORT int omp_test_lock(omp_lock_t *l)
{
  om_settle();
  if (*(int *)l)
    return 0;
  *(int *)l = om_self()->id;
  return 1;
}

EXPORT void omp_init_nest_lock(omp_nest_lock_t *l) { memset(l, 0, sizeof(nest_t)); }
EXPORT void omp_init_nest_lock_with_hint(omp_nest_lock_t *l, omp_sync_hint_t hint)
{
  (void)hint;
  omp_init_nest_lock(l);
}
EXPORT void omp_destroy_nest_lock(omp_nest_lock_t *l)
{
  if (((nest_t *)l)->owner)
    om_fatal(OM_CALLER(), "omp_destroy_nest_lock of a lock that is held");
}

EXPORT void omp_set_nest_lock(omp_nest_lock_t *l)
{
  nest_t *n = (nest_t *)l;
  int me = om_self()->id;
  om_settle();
  if (n->owner != me)
    take(&n->owner, me, "omp_set_nest_lock", OM_CALLER());
  n->depth++;
}

EXPORT void omp_unset_nest_lock(omp_nest_lock_t *l)
{
  nest_t *n = (nest_t *)l;
  if (n->owner != om_self()->id)
    om_fatal(OM_CALLER(), "omp_unset_nest_lock of a lock the thread does not hold");
  if (--n->depth == 0)
    give(&n->owner);
}

EXPORT int omp_test_nest_lock(omp_nest_lock_t *l)
{
  nest_t *n = (nest_t *)l;
  int me = om_self()->id;
  om_settle();
  if (n->owner && n->owner != me)
    return 0;
  n->owner = me;
  return ++n->depth;
}

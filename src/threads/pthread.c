/* POSIX threads in a rank: pthread_create starts a thread of the rank (an actor on its host,
 * threads.h), and every way threads wait for each other waits in the simulation: mutexes,
 * condition variables, barriers, read-write locks, spin locks, semaphores, once, join, and
 * sched_yield. The objects keep their state in their own bytes (a mutex's lock word holds its
 * owner's id, its count and kind stay where glibc keeps them, so the static initializers
 * work); waiters queue by the object's address within the rank. Thread-specific data keys
 * made during the simulation hold a value per thread. Outside the simulation (constructors
 * before main, exit handlers after it) the same objects work on the process's one thread, and
 * pthread_create starts a real thread, as libc would.
 * Not supported, with a clear error: pthread_cancel, and pthread_kill of a rank's thread with a
 * signal. */
#define _GNU_SOURCE
#include "threads.h"
#include "../compute/compute.h"
#include "../kernel/kernel.h"
#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EXPORT __attribute__((visibility("default")))
#define CALLER() __builtin_return_address(0)
#define OUTSIDE 0x40000000 /* the owner id of the process's own thread, outside the simulation */
#define KEY_BASE 4096      /* keys made in the simulation: above libc's (PTHREAD_KEYS_MAX 1024) */

static void *real(const char *name)
{
  void *f = dlsym(RTLD_NEXT, name);
  if (!f)
    rt_fatal(1, "cannot find libc's %s", name);
  return f;
}

/* In a rank's thread (the simulation runs it). */
static int in_rank(void) { return rt_self && rt_thr; }

typedef struct pth pth_t;
static pth_t *pth_of(rt_thread_t *t);

/* The calling thread's id in lock words: unique in the process (from 16: glibc's own lock
 * words hold 1 or 2 when locked). */
static int my_id(void);

static void fatal_at(void *pc, const char *fmt, const char *what)
{
  char loc[600] = "", msg[300];
  rt_srcloc(pc, loc, sizeof loc);
  snprintf(msg, sizeof msg, fmt, what);
  if (rt_self && rt_thr && rt_thr->num > 0)
    rt_fatal(1, "rank %d, thread %d: %s%s%s", rt_self->id, rt_thr->num, msg, loc[0] ? " at " : "", loc);
  if (rt_self)
    rt_fatal(1, "rank %d: %s%s%s", rt_self->id, msg, loc[0] ? " at " : "", loc);
  rt_fatal(1, "%s%s%s", msg, loc[0] ? " at " : "", loc);
}

/* Waits while still(arg): in the simulation, or by yielding the process's thread outside. */
static int wait_while(const void *obj, int (*still)(void *), void *arg, const char *what, void *pc, double deadline)
{
  if (!in_rank()) {
    while (still(arg))
      sched_yield();
    return 0;
  }
  return thr_wait_until(thr_queue_at(obj), still, arg, what, pc, deadline);
}

static void wake(const void *obj)
{
  thr_queue_t *q = in_rank() ? thr_queue_find(obj) : NULL;
  if (q)
    thr_wake(q);
}

/* The thread takes its turn at a shared object (its computation so far counted first), when
 * the program's own code (pc) does: a library's internal locks are not points of the simulation
 * (a library holding one lock while it takes another must not let other ranks run then; they
 * share the library's globals). */
static void turn_at(void *pc)
{
  if (in_rank() && rt_in_program(pc))
    cmp_burst_settle(rt_self);
}
#define turn() turn_at(CALLER())

/* Simulated seconds of an absolute time on clock c (a date: the run's start plus simulated time). */
static double deadline_of(const struct timespec *abs, clockid_t c)
{
  double t = (double)abs->tv_sec + 1e-9 * (double)abs->tv_nsec;
  if (c == CLOCK_MONOTONIC)
    return t;
  return t - cmp_clock_epoch();
}

/* --- threads ------------------------------------------------------------------------- */

struct pth {
  int id;                  /* in lock words */
  double yield_at, yield_step; /* sched_yield's back-off */
  int detached, joined;
  jmp_buf *exit;           /* where pthread_exit leaves to */
  void **keys;             /* values of the keys made in the simulation */
  int nkeys;
};

static pth_t *pth_of(rt_thread_t *t)
{
  if (!t->user) {
    t->user = calloc(1, sizeof(pth_t));
    if (!t->user)
      rt_fatal(1, "out of memory (threads)");
  }
  return t->user;
}

static int *id_ranks; /* the rank of each id */
static int ids = 15;

static int my_id(void)
{
  if (!in_rank())
    return OUTSIDE;
  pth_t *p = pth_of(rt_thr);
  if (!p->id) {
    int *r = realloc(id_ranks, (size_t)(ids + 2) * sizeof *r);
    if (!r)
      rt_fatal(1, "out of memory (threads)");
    id_ranks = r;
    p->id = ++ids;
    id_ranks[p->id] = rt_self->id;
  }
  return p->id;
}

static int rank_of_id(int id) { return id > 15 && id <= ids ? id_ranks[id] : -1; }

static pthread_t id_of(const rt_thread_t *t) { return t->tp ? (pthread_t)t->tp : (pthread_t)t; }

static rt_thread_t *find_thread(pthread_t id)
{
  if (!in_rank())
    return NULL;
  for (rt_thread_t *t = rt_self->threads; t; t = t->next)
    if (!t->helper && id_of(t) == id)
      return t;
  return NULL;
}

struct start {
  void *(*fn)(void *);
  void *arg;
  int detached;
};

static void run_key_destructors(pth_t *p);

static void *started(void *arg)
{
  struct start s = *(struct start *)arg;
  free(arg);
  rt_thread_t *me = rt_thr;
  pth_t *p = pth_of(me);
  p->detached = s.detached;
  jmp_buf out;
  p->exit = &out;
  void *result = NULL;
  if (!setjmp(out))
    result = s.fn(s.arg);
  else
    result = me->result; /* pthread_exit's */
  run_key_destructors(p);
  return result;
}

static void finished(rt_thread_t *t)
{
  pth_t *p = pth_of(t);
  if (p->detached) {
    rt_tls_free(t->tp);
    t->tp = NULL;
  }
  wake(t);
}

EXPORT int pthread_create(pthread_t *th, const pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
  if (!in_rank())
    return ((int (*)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *))real("pthread_create"))(
      th, attr, fn, arg);
  size_t stack = 0;
  int detach = PTHREAD_CREATE_JOINABLE;
  if (attr) {
    pthread_attr_getstacksize(attr, &stack);
    pthread_attr_getdetachstate(attr, &detach);
  }
  struct start *s = malloc(sizeof *s);
  if (!s)
    return EAGAIN;
  *s = (struct start){fn, arg, detach == PTHREAD_CREATE_DETACHED};
  rt_thread_t *t = thr_start(started, s, (stack + 1023) / 1024, finished);
  if (!t) {
    free(s);
    return EAGAIN;
  }
  *th = id_of(t);
  return 0;
}

static int running(void *arg) { return !((rt_thread_t *)arg)->ended; }

EXPORT int pthread_join(pthread_t id, void **ret)
{
  rt_thread_t *t = find_thread(id);
  if (!t) {
    if (in_rank() && id == pthread_self())
      return EDEADLK;
    if (in_rank() && id == id_of(&rt_self->main))
      fatal_at(CALLER(), "%s: joining a rank's main thread is not supported", "pthread_join");
    return ((int (*)(pthread_t, void **))real("pthread_join"))(id, ret);
  }
  pth_t *p = pth_of(t);
  if (p->detached || p->joined)
    return EINVAL;
  p->joined = 1;
  wait_while(t, running, t, "pthread_join", CALLER(), -1);
  if (ret)
    *ret = t->result;
  rt_tls_free(t->tp);
  t->tp = NULL;
  return 0;
}

EXPORT int pthread_tryjoin_np(pthread_t id, void **ret)
{
  rt_thread_t *t = find_thread(id);
  if (!t)
    return ((int (*)(pthread_t, void **))real("pthread_tryjoin_np"))(id, ret);
  if (!t->ended)
    return EBUSY;
  return pthread_join(id, ret);
}

EXPORT int pthread_detach(pthread_t id)
{
  rt_thread_t *t = find_thread(id);
  if (!t)
    return ((int (*)(pthread_t))real("pthread_detach"))(id);
  pth_t *p = pth_of(t);
  if (p->detached || p->joined)
    return EINVAL;
  p->detached = 1;
  if (t->ended) {
    rt_tls_free(t->tp);
    t->tp = NULL;
  }
  return 0;
}

static int others_live(void *arg) { return ((rt_rank_t *)arg)->threads_live > 0; }

EXPORT void pthread_exit(void *ret)
{
  rt_thread_t *t = rt_thr;
  if (!in_rank())
    ((void (*)(void *))real("pthread_exit"))(ret);
  if (t == &rt_self->main) { /* the process lives on until its last thread ends */
    wait_while(&rt_self->threads_live, others_live, rt_self, "pthread_exit of the main thread", CALLER(), -1);
    exit(0);
  }
  pth_t *p = pth_of(t);
  if (!p->exit)
    fatal_at(CALLER(), "%s called by a thread the OpenMP runtime started", "pthread_exit");
  t->result = ret;
  longjmp(*p->exit, 1);
}

EXPORT int pthread_cancel(pthread_t id)
{
  if (!find_thread(id))
    return ((int (*)(pthread_t))real("pthread_cancel"))(id);
  fatal_at(CALLER(), "%s of a rank's thread is not supported by simpi", "pthread_cancel");
  return 0;
}

EXPORT int pthread_kill(pthread_t id, int sig)
{
  rt_thread_t *t = find_thread(id);
  if (!t)
    return ((int (*)(pthread_t, int))real("pthread_kill"))(id, sig);
  if (sig == 0)
    return t->ended ? ESRCH : 0;
  fatal_at(CALLER(), "%s with a signal to a rank's thread is not supported by simpi", "pthread_kill");
  return 0;
}

EXPORT int sched_yield(void)
{
  if (!in_rank())
    return ((int (*)(void))real("sched_yield"))();
  /* a thread that spins on sched_yield waits for another: the simulated clock moves on a
   * little each time (doubling from 1 us to 100 us), so that what it waits for can happen */
  pth_t *p = pth_of(rt_thr);
  double now = kern_now();
  static const double first = 1e-6, most = 1e-4;
  double *last = &p->yield_at, *step = &p->yield_step;
  *step = now - *last > 2 * *step || *step < first ? first : *step * 2 > most ? most : *step * 2;
  rt_rank_t *r = rt_self;
  int was = cmp_burst_pause(r);
  kern_sleep(*step);
  *last = kern_now();
  if (was)
    cmp_burst_begin(r);
  return 0;
}

/* --- mutexes ------------------------------------------------------------------------- */

static int *lock_word(pthread_mutex_t *m) { return &m->__data.__lock; }
static int mutex_kind(const pthread_mutex_t *m) { return m->__data.__kind & 3; } /* normal, recursive, errorcheck, adaptive */
static int held(void *word) { return *(volatile int *)word != 0; }

EXPORT int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *attr)
{
  int kind = PTHREAD_MUTEX_NORMAL;
  if (attr)
    pthread_mutexattr_gettype(attr, &kind);
  memset(m, 0, sizeof *m);
  m->__data.__kind = kind;
  return 0;
}

EXPORT int pthread_mutex_destroy(pthread_mutex_t *m) { return *lock_word(m) ? EBUSY : 0; }

/* Where a mutex's state is for the calling thread's rank: the mutex's own bytes, unless another
 * rank holds those: then a shadow of the rank's own. Ranks are processes: a library's lock, in
 * the library's globals that the ranks share, must not make one rank wait for another (the
 * shadows exist only once that happened). */
typedef struct lockref {
  int *word;
  unsigned *count;
} lockref_t;
static int shadows;

static lockref_t lock_state(pthread_mutex_t *m, int id)
{
  lockref_t own = {lock_word(m), &m->__data.__count};
  if (!in_rank())
    return own;
  thr_queue_t *sh = shadows ? thr_queue_find(m) : NULL;
  if ((sh && sh->lock_owner) || (*own.word && *own.word != id && rank_of_id(*own.word) != rt_self->id)) {
    if (!sh) {
      sh = thr_queue_at(m);
      shadows++;
    }
    return (lockref_t){&sh->lock_owner, &sh->lock_count};
  }
  return own;
}

static int mutex_take(pthread_mutex_t *m, void *pc, int try, double deadline)
{
  int id = my_id();
  turn_at(pc);
  for (;;) {
    lockref_t s = lock_state(m, id);
    if (!*s.word) {
      *s.word = id;
      *s.count = 1;
      return 0;
    }
    if (*s.word == id) {
      if (mutex_kind(m) == PTHREAD_MUTEX_RECURSIVE) {
        if (*s.count == UINT_MAX)
          return EAGAIN;
        ++*s.count;
        return 0;
      }
      if (try)
        return EBUSY;
      if (mutex_kind(m) == PTHREAD_MUTEX_ERRORCHECK)
        return EDEADLK;
      fatal_at(pc, "%s of a mutex the thread already holds: it would wait forever", "pthread_mutex_lock");
    }
    if (try)
      return EBUSY;
    if (wait_while(m, held, s.word, "pthread_mutex_lock", pc, deadline))
      return ETIMEDOUT;
  }
}

EXPORT int pthread_mutex_lock(pthread_mutex_t *m) { return mutex_take(m, CALLER(), 0, -1); }
EXPORT int pthread_mutex_trylock(pthread_mutex_t *m) { return mutex_take(m, CALLER(), 1, -1); }
EXPORT int pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *abs)
{
  return mutex_take(m, CALLER(), 0, deadline_of(abs, CLOCK_REALTIME));
}
EXPORT int pthread_mutex_clocklock(pthread_mutex_t *m, clockid_t c, const struct timespec *abs)
{
  return mutex_take(m, CALLER(), 0, deadline_of(abs, c));
}

EXPORT int pthread_mutex_unlock(pthread_mutex_t *m)
{
  int id = my_id();
  lockref_t s = {lock_word(m), &m->__data.__count};
  thr_queue_t *sh = *s.word != id && shadows && in_rank() ? thr_queue_find(m) : NULL;
  if (sh && sh->lock_owner == id)
    s = (lockref_t){&sh->lock_owner, &sh->lock_count};
  if (*s.word != id && mutex_kind(m) != PTHREAD_MUTEX_NORMAL)
    return EPERM;
  if (mutex_kind(m) == PTHREAD_MUTEX_RECURSIVE && --*s.count > 0)
    return 0;
  turn(); /* the computation under the lock is part of holding it */
  *s.word = 0;
  *s.count = 0;
  wake(m);
  return 0;
}

/* --- condition variables: FIFO waiters in the cond's queue ---------------------------- */

typedef struct cwaiter {
  int signaled;
  struct cwaiter *next;
} cwaiter_t;

/* Its clock: CLOCK_REALTIME unless pthread_condattr_setclock said otherwise (kept in its bytes). */
static clockid_t *cond_clock(pthread_cond_t *c) { return (clockid_t *)&c->__data.__g1_orig_size; }

EXPORT int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *attr)
{
  clockid_t clock = CLOCK_REALTIME;
  if (attr)
    pthread_condattr_getclock(attr, &clock);
  memset(c, 0, sizeof *c);
  *cond_clock(c) = clock;
  return 0;
}

EXPORT int pthread_cond_destroy(pthread_cond_t *c)
{
  thr_queue_t *q = in_rank() ? thr_queue_find(c) : NULL;
  return q && q->waiters ? EBUSY : 0;
}

static int not_signaled(void *arg) { return !((cwaiter_t *)arg)->signaled; }

static int cond_wait(pthread_cond_t *c, pthread_mutex_t *m, double deadline, void *pc)
{
  if (!in_rank()) /* the process's only thread: nobody can signal it */
    fatal_at(pc, "%s outside the simulation would wait forever", "pthread_cond_wait");
  thr_queue_t *q = thr_queue_at(c);
  cwaiter_t me = {0, NULL}, **end = (cwaiter_t **)&q->waiters;
  while (*end)
    end = &(*end)->next;
  *end = &me;
  int rc = pthread_mutex_unlock(m);
  if (rc) {
    *end = NULL;
    return rc;
  }
  int timed_out = thr_wait_until(q, not_signaled, &me, "pthread_cond_wait", pc, deadline);
  if (!me.signaled) { /* timed out: leave the queue */
    for (cwaiter_t **p = (cwaiter_t **)&q->waiters; *p; p = &(*p)->next)
      if (*p == &me) {
        *p = me.next;
        break;
      }
  }
  mutex_take(m, pc, 0, -1);
  return timed_out && !me.signaled ? ETIMEDOUT : 0;
}

EXPORT int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m) { return cond_wait(c, m, -1, CALLER()); }
EXPORT int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *abs)
{
  return cond_wait(c, m, deadline_of(abs, *cond_clock(c)), CALLER());
}
EXPORT int pthread_cond_clockwait(pthread_cond_t *c, pthread_mutex_t *m, clockid_t clock, const struct timespec *abs)
{
  return cond_wait(c, m, deadline_of(abs, clock), CALLER());
}

static int cond_signal(pthread_cond_t *c, int all, void *pc)
{
  thr_queue_t *q = in_rank() ? thr_queue_find(c) : NULL;
  if (!q || !q->waiters)
    return 0;
  turn_at(pc);
  do {
    cwaiter_t *w = q->waiters;
    q->waiters = w->next;
    w->signaled = 1;
  } while (all && q->waiters);
  thr_wake(q);
  return 0;
}

EXPORT int pthread_cond_signal(pthread_cond_t *c) { return cond_signal(c, 0, CALLER()); }
EXPORT int pthread_cond_broadcast(pthread_cond_t *c) { return cond_signal(c, 1, CALLER()); }

/* --- barriers ------------------------------------------------------------------------ */

typedef struct barrier {
  unsigned count, arrived, gen;
} barrier_t;
_Static_assert(sizeof(barrier_t) <= sizeof(pthread_barrier_t), "a barrier fits");

EXPORT int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *attr, unsigned count)
{
  (void)attr;
  if (!count)
    return EINVAL;
  *(barrier_t *)b = (barrier_t){count, 0, 0};
  return 0;
}

EXPORT int pthread_barrier_destroy(pthread_barrier_t *b) { return ((barrier_t *)b)->arrived ? EBUSY : 0; }

struct bar_wait {
  barrier_t *b;
  unsigned gen;
};
static int same_gen(void *arg)
{
  struct bar_wait *w = arg;
  return w->b->gen == w->gen;
}

EXPORT int pthread_barrier_wait(pthread_barrier_t *pb)
{
  barrier_t *b = (barrier_t *)pb;
  if (in_rank()) { /* arrives when its computation so far is done */
    int was = cmp_burst_pause(rt_self);
    if (was)
      cmp_burst_begin(rt_self);
  }
  struct bar_wait w = {b, b->gen};
  if (++b->arrived == b->count) {
    b->arrived = 0;
    b->gen++;
    wake(b);
    return PTHREAD_BARRIER_SERIAL_THREAD;
  }
  wait_while(b, same_gen, &w, "pthread_barrier_wait", CALLER(), -1);
  return 0;
}

/* --- read-write locks (readers first, as glibc's default) ---------------------------- */

typedef struct rwlock {
  int readers, writer;
} rwlock_t;
_Static_assert(sizeof(rwlock_t) <= sizeof(pthread_rwlock_t), "a read-write lock fits");

EXPORT int pthread_rwlock_init(pthread_rwlock_t *l, const pthread_rwlockattr_t *attr)
{
  (void)attr;
  memset(l, 0, sizeof *l);
  return 0;
}
EXPORT int pthread_rwlock_destroy(pthread_rwlock_t *l)
{
  rwlock_t *x = (rwlock_t *)l;
  return x->readers || x->writer ? EBUSY : 0;
}

static int writer_in(void *arg) { return ((rwlock_t *)arg)->writer != 0; }
static int anyone_in(void *arg) { return ((rwlock_t *)arg)->writer || ((rwlock_t *)arg)->readers; }

static int rw_take(pthread_rwlock_t *l, int write, int try, double deadline, void *pc)
{
  rwlock_t *x = (rwlock_t *)l;
  int id = my_id();
  if (x->writer == id)
    return EDEADLK;
  turn_at(pc);
  int (*busy)(void *) = write ? anyone_in : writer_in;
  if (busy(x) && try)
    return EBUSY;
  if (busy(x) && wait_while(l, busy, x, write ? "pthread_rwlock_wrlock" : "pthread_rwlock_rdlock", pc, deadline))
    return ETIMEDOUT;
  if (write)
    x->writer = id;
  else
    x->readers++;
  return 0;
}

EXPORT int pthread_rwlock_rdlock(pthread_rwlock_t *l) { return rw_take(l, 0, 0, -1, CALLER()); }
EXPORT int pthread_rwlock_tryrdlock(pthread_rwlock_t *l) { return rw_take(l, 0, 1, -1, CALLER()); }
EXPORT int pthread_rwlock_wrlock(pthread_rwlock_t *l) { return rw_take(l, 1, 0, -1, CALLER()); }
EXPORT int pthread_rwlock_trywrlock(pthread_rwlock_t *l) { return rw_take(l, 1, 1, -1, CALLER()); }
EXPORT int pthread_rwlock_timedrdlock(pthread_rwlock_t *l, const struct timespec *abs)
{
  return rw_take(l, 0, 0, deadline_of(abs, CLOCK_REALTIME), CALLER());
}
EXPORT int pthread_rwlock_timedwrlock(pthread_rwlock_t *l, const struct timespec *abs)
{
  return rw_take(l, 1, 0, deadline_of(abs, CLOCK_REALTIME), CALLER());
}

EXPORT int pthread_rwlock_unlock(pthread_rwlock_t *l)
{
  rwlock_t *x = (rwlock_t *)l;
  turn();
  if (x->writer == my_id())
    x->writer = 0;
  else if (x->readers > 0)
    x->readers--;
  else
    return EPERM;
  wake(l);
  return 0;
}

/* --- spin locks: they wait as mutexes do (a spinning thread would hold the simulation) --- */

EXPORT int pthread_spin_init(pthread_spinlock_t *l, int pshared)
{
  (void)pshared;
  *(volatile int *)l = 0;
  return 0;
}
EXPORT int pthread_spin_destroy(pthread_spinlock_t *l)
{
  (void)l;
  return 0;
}
EXPORT int pthread_spin_lock(pthread_spinlock_t *l)
{
  int id = my_id();
  if (*l == id)
    fatal_at(CALLER(), "%s of a spin lock the thread already holds: it would spin forever", "pthread_spin_lock");
  turn();
  if (*l)
    wait_while((const void *)l, held, (void *)l, "pthread_spin_lock", CALLER(), -1);
  *l = id;
  return 0;
}
EXPORT int pthread_spin_trylock(pthread_spinlock_t *l)
{
  turn();
  if (*l)
    return EBUSY;
  *l = my_id();
  return 0;
}
EXPORT int pthread_spin_unlock(pthread_spinlock_t *l)
{
  turn();
  *(volatile int *)l = 0;
  wake((void *)l);
  return 0;
}

/* --- once ---------------------------------------------------------------------------- */

/* glibc's encoding: bit 0 in progress, bit 1 done */
static int in_progress(void *arg) { return (*(volatile int *)arg & 3) == 1; }

EXPORT int pthread_once(pthread_once_t *once, void (*fn)(void))
{
  volatile int *o = once;
  if (*o & 2)
    return 0;
  if (*o & 1) {
    wait_while((void *)once, in_progress, (void *)once, "pthread_once", CALLER(), -1);
    return 0;
  }
  *o = 1;
  fn();
  *o = 2;
  wake((void *)once);
  return 0;
}

/* --- thread-specific data ------------------------------------------------------------ */

static void (**destructors)(void *);
static unsigned char *key_used;
static int nkeys;

EXPORT int pthread_key_create(pthread_key_t *key, void (*destructor)(void *))
{
  if (!in_rank())
    return ((int (*)(pthread_key_t *, void (*)(void *)))real("pthread_key_create"))(key, destructor);
  int k = 0;
  while (k < nkeys && key_used[k])
    k++;
  if (k == nkeys) {
    void (**d)(void *) = realloc(destructors, (size_t)(nkeys + 1) * sizeof *d);
    unsigned char *u = d ? realloc(key_used, (size_t)nkeys + 1) : NULL;
    if (!u)
      return EAGAIN;
    destructors = d;
    key_used = u;
    nkeys++;
  }
  key_used[k] = 1;
  destructors[k] = destructor;
  *key = (pthread_key_t)(KEY_BASE + k);
  return 0;
}

static int ours(pthread_key_t key) { return key >= KEY_BASE && key < (pthread_key_t)(KEY_BASE + nkeys); }

EXPORT int pthread_key_delete(pthread_key_t key)
{
  if (!ours(key))
    return ((int (*)(pthread_key_t))real("pthread_key_delete"))(key);
  key_used[key - KEY_BASE] = 0;
  return 0;
}

/* Values of keys made in the simulation: the calling thread's (outside it, the process's). */
static void ***slots(int *n)
{
  static void **outside;
  static int noutside;
  if (!in_rank()) {
    *n = noutside;
    return &outside;
  }
  pth_t *p = pth_of(rt_thr);
  *n = p->nkeys;
  return &p->keys;
}

EXPORT void *pthread_getspecific(pthread_key_t key)
{
  if (!ours(key))
    return ((void *(*)(pthread_key_t))real("pthread_getspecific"))(key);
  int n;
  void **v = *slots(&n);
  int k = (int)(key - KEY_BASE);
  return k < n ? v[k] : NULL;
}

EXPORT int pthread_setspecific(pthread_key_t key, const void *value)
{
  if (!ours(key))
    return ((int (*)(pthread_key_t, const void *))real("pthread_setspecific"))(key, value);
  int n, k = (int)(key - KEY_BASE);
  void ***v = slots(&n);
  if (k >= n) {
    void **grown = realloc(*v, (size_t)nkeys * sizeof **v);
    if (!grown)
      return ENOMEM;
    memset(grown + n, 0, (size_t)(nkeys - n) * sizeof *grown);
    *v = grown;
    if (in_rank())
      pth_of(rt_thr)->nkeys = nkeys;
  }
  (*v)[k] = (void *)value;
  return 0;
}

static void run_key_destructors(pth_t *p)
{
  for (int round = 0; round < PTHREAD_DESTRUCTOR_ITERATIONS; round++) {
    int any = 0;
    for (int k = 0; k < p->nkeys; k++) {
      void *v = p->keys[k];
      if (v && key_used[k] && destructors[k]) {
        p->keys[k] = NULL;
        destructors[k](v);
        any = 1;
      }
    }
    if (!any)
      break;
  }
  free(p->keys);
  p->keys = NULL;
  p->nkeys = 0;
}

/* --- unnamed semaphores (the first 4 bytes hold the value, as in glibc's sem_t) ------- */

static unsigned *sem_value(sem_t *s) { return (unsigned *)s; }
static int empty(void *arg) { return *(volatile unsigned *)arg == 0; }

EXPORT int sem_init(sem_t *s, int pshared, unsigned value)
{
  (void)pshared;
  memset(s, 0, sizeof *s);
  *sem_value(s) = value;
  return 0;
}
EXPORT int sem_destroy(sem_t *s)
{
  (void)s;
  return 0;
}

static int sem_take(sem_t *s, int try, double deadline, void *pc)
{
  turn_at(pc);
  if (empty(sem_value(s))) {
    if (try) {
      errno = EAGAIN;
      return -1;
    }
    if (wait_while(s, empty, sem_value(s), "sem_wait", pc, deadline)) {
      errno = ETIMEDOUT;
      return -1;
    }
  }
  (*sem_value(s))--;
  return 0;
}

EXPORT int sem_wait(sem_t *s) { return sem_take(s, 0, -1, CALLER()); }
EXPORT int sem_trywait(sem_t *s) { return sem_take(s, 1, -1, CALLER()); }
EXPORT int sem_timedwait(sem_t *s, const struct timespec *abs)
{
  return sem_take(s, 0, deadline_of(abs, CLOCK_REALTIME), CALLER());
}
EXPORT int sem_clockwait(sem_t *s, clockid_t c, const struct timespec *abs)
{
  return sem_take(s, 0, deadline_of(abs, c), CALLER());
}
EXPORT int sem_post(sem_t *s)
{
  turn();
  (*sem_value(s))++;
  wake(s);
  return 0;
}
EXPORT int sem_getvalue(sem_t *s, int *v)
{
  *v = (int)*sem_value(s);
  return 0;
}

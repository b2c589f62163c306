/* The program's threads: what the POSIX threads calls (pthread.c) and the OpenMP runtime
 * (src/omp) share. A thread of a rank is an actor on the rank's host (src/runtime/thread.c);
 * here it is started with its computation timed, and it waits for the rank's other threads
 * with its computation simulated up to the wait, so that the simulated clock orders what
 * threads do as a host's cores would. Only one thread of the whole simulation runs at a time:
 * a thread's memory accesses need no locks, and it is never interrupted between two waits. */
#ifndef SIMPI_THREADS_H
#define SIMPI_THREADS_H
#include "../runtime/runtime.h"

/* Starts a thread of the running rank that runs fn(arg) with a stack of stack_kib (0: as a
 * rank's); its computation is timed from its start, and done(t) runs once fn returned and the
 * thread counts as ended (NULL: nothing; it may let others run). */
rt_thread_t *thr_start(void *(*fn)(void *), void *arg, size_t stack_kib, void (*done)(rt_thread_t *));

/* Where threads wait for a condition that other threads of the simulation change. */
typedef struct thr_queue {
  struct kern_event *ev; /* made on first wait */
  void *waiters;         /* its user's list of waiters (a condition variable's) */
  int lock_owner;        /* a lock's state in this rank when its own bytes are another rank's */
  unsigned lock_count;
} thr_queue_t;
/* Blocks the running thread while still(arg) says 1, woken by thr_wake(q): its computation so
 * far is simulated first. Reports show it waiting in what, called from pc. */
void thr_wait(thr_queue_t *q, int (*still)(void *), void *arg, const char *what, void *pc);
/* The same until the simulated clock reaches deadline (< 0: none); 1 if it stopped waiting then. */
int thr_wait_until(thr_queue_t *q, int (*still)(void *), void *arg, const char *what, void *pc, double deadline);
/* Wakes every thread waiting on q (they check their condition again). */
void thr_wake(thr_queue_t *q);
void thr_queue_free(thr_queue_t *q);
/* The queue of the running rank for an object at addr (a lock, a condition variable); made on
 * first use. Addresses are the rank's (globals have the same address in every rank). */
thr_queue_t *thr_queue_at(const void *addr);
/* The same if some thread ever waited there (NULL: nobody to wake). */
thr_queue_t *thr_queue_find(const void *addr);
#endif

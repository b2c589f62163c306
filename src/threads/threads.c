/* Starting the program's threads and waiting in them (threads.h). */
#include "threads.h"
#include "../compute/compute.h"
#include "../kernel/kernel.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

typedef struct start {
  void *(*fn)(void *);
  void *arg;
  void (*done)(rt_thread_t *);
} start_t;

static void body(void *arg)
{
  rt_thread_t *t = arg;
  start_t *s = t->arg;
  t->fn = s->fn;
  t->arg = s->arg;
  void (*done)(rt_thread_t *) = s->done;
  free(s);
  rt_rank_t *r = t->rank;
  cmp_burst_begin(r);
  t->result = t->fn(t->arg);
  rt_exit_thread_handlers(t); /* its thread_local objects' destructors */
  cmp_burst_pause(r);
  rt_thread_ended(t);
  if (done) /* it may let others run, who may free what the thread used */
    done(t);
}

rt_thread_t *thr_start(void *(*fn)(void *), void *arg, size_t stack_kib, void (*done)(rt_thread_t *))
{
  start_t *s = malloc(sizeof *s);
  if (!s)
    return NULL;
  *s = (start_t){fn, arg, done};
  return rt_thread_start(rt_self, body, fn, s, stack_kib, 0);
}

int thr_wait_until(thr_queue_t *q, int (*still)(void *), void *arg, const char *what, void *pc, double deadline)
{
  if (!still(arg))
    return 0;
  rt_rank_t *r = rt_self;
  int was = cmp_burst_pause(r); /* may let others run */
  const char *call = r->call;
  void *call_pc = r->call_pc;
  if (r->mpi_depth == 0) { /* reports show the wait (inside an MPI call, they show the call) */
    r->call = what;
    r->call_pc = pc;
  }
  int timed_out = 0;
  double t0 = kern_now();
  while (still(arg) && !timed_out) {
    if (!q->ev) {
      struct kern_event *e = kern_event_new(); /* may let others run: look again */
      if (!q->ev)
        q->ev = e;
      else
        kern_event_free(e);
      continue;
    }
    timed_out = kern_event_wait_until(q->ev, still, arg, deadline);
  }
  r->call = call;
  r->call_pc = call_pc;
  /* A time-independent trace and the critical path have no threads: the rank's are its main
   * thread's, whose waits for the others (a region's join, a lock) count as its computation. */
  double waited = kern_now() - t0;
  if (rt_thr == &r->main && r->mpi_started && !r->mpi_ended && waited > 0) {
    if (cmp_trace_hook)
      cmp_trace_hook(r->id, waited * kern_host_speed(r->host));
    if (cmp_trace_done_hook)
      cmp_trace_done_hook(r->id);
    rt_stats_thread_wait(r->id, waited);
  }
  if (was)
    cmp_burst_begin(r);
  return timed_out;
}

void thr_wait(thr_queue_t *q, int (*still)(void *), void *arg, const char *what, void *pc)
{
  thr_wait_until(q, still, arg, what, pc, -1);
}

void thr_wake(thr_queue_t *q)
{
  if (q->ev)
    kern_event_notify(q->ev);
}

void thr_queue_free(thr_queue_t *q)
{
  kern_event_free(q->ev);
  q->ev = NULL;
}

typedef struct keyed {
  struct {
    int rank;
    const void *addr;
  } key;
  thr_queue_t q;
  UT_hash_handle hh;
} keyed_t;
static keyed_t *queues;

static keyed_t *find(const void *addr, int make)
{
  keyed_t probe, *k;
  memset(&probe, 0, sizeof probe);
  probe.key.rank = rt_self ? rt_self->id : -1;
  probe.key.addr = addr;
  HASH_FIND(hh, queues, &probe.key, sizeof probe.key, k);
  if (!k && make) {
    k = calloc(1, sizeof *k);
    if (!k)
      rt_fatal(1, "out of memory (thread wait queues)");
    k->key = probe.key;
    HASH_ADD(hh, queues, key, sizeof k->key, k);
  }
  return k;
}

thr_queue_t *thr_queue_at(const void *addr) { return &find(addr, 1)->q; }

thr_queue_t *thr_queue_find(const void *addr)
{
  keyed_t *k = find(addr, 0);
  return k ? &k->q : NULL;
}

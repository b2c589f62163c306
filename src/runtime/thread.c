/* The threads of a rank: its main thread and the ones it starts (pthread_create, an OpenMP
 * team's workers, a nonblocking collective's helper). Each is an actor on the rank's host,
 * so the simulated host's cores run them as a real one would, and only one runs at a time,
 * as every rank does. All see the rank's globals; each has its own thread-local variables
 * (privatize.c) and its own RT_THREAD_FIELDS (its MPI call, its computation burst), which
 * the rank holds while the thread runs. */
#include "runtime.h"
#include "fpu.h"
#include "../kernel/kernel.h"
#include <stdio.h>
#include <stdlib.h>

rt_thread_t *rt_thr;

void rt_thread_rank_init(rt_rank_t *r)
{
  r->main.rank = r;
  r->running = &r->main;
}

void rt_thread_switch(rt_thread_t *t)
{
  rt_rank_t *r = t->rank;
  if (r->running != t) {
    r->running->ctx = r->tctx;
    r->tctx = t->ctx;
    r->running = t;
  }
  rt_thr = t;
  void *tp = t->ended ? NULL : t->tp;
  /* the process thread's block holds the program's thread-locals of the rank's main thread
   * while one of its own threads runs (they may read them through a pointer) */
  rt_priv_tls_switch(tp ? &r->main : t);
  rt_tls_set(tp);
}

rt_thread_t *rt_thread_start(rt_rank_t *r, void (*body)(void *), void *(*fn)(void *), void *arg, size_t stack_kib,
                             int helper)
{
  rt_thread_t *t = calloc(1, sizeof *t);
  if (!t)
    rt_fatal(1, "rank %d: out of memory starting a thread", r->id);
  t->rank = r;
  /* its floating-point state (burst.c), as a new thread's: its creator's rounding modes and
   * masks, no flag up */
  t->ctx.fp_sse = fpu_sse_fresh() | FPU_KEPT;
  t->ctx.fp_x87 = fpu_x87_fresh();
  t->fn = fn;
  t->arg = arg;
  t->helper = helper;
  t->num = helper ? -1 : ++r->threads_made;
  if (!helper)
    t->tp = rt_tls_new(); /* NULL: its thread-locals are swapped in and out instead */
  t->next = r->threads;
  r->threads = t;
  if (!helper)
    r->threads_live++;
  char name[48];
  if (helper)
    snprintf(name, sizeof name, "rank-%d-helper", r->id);
  else
    snprintf(name, sizeof name, "rank-%d-thread-%d", r->id, t->num);
  t->actor = kern_spawn(name, r->host, body, t, stack_kib ? stack_kib : rt_opts.stack_kib);
  return t;
}

void rt_thread_ended(rt_thread_t *t)
{
  t->ended = 1;
  if (t == rt_thr)
    rt_tls_set(NULL); /* what SimGrid runs of the actor from now on */
  if (!t->helper)
    t->rank->threads_live--;
}

void rt_thread_end_all(rt_rank_t *r)
{
  for (rt_thread_t *t = r->threads; t; t = t->next)
    if (!t->ended && !t->helper && t != rt_thr) {
      rt_thread_ended(t);
      kern_kill(t->actor);
    }
}

const rt_tctx_t *rt_thread_fields(const rt_thread_t *t)
{
  return t->rank->running == t ? &t->rank->tctx : &t->ctx;
}

void rt_thread_describe(const rt_thread_t *t, char *out, size_t len)
{
  char loc[600] = "";
  const void *fn = t->entry ? t->entry : (const void *)t->fn;
  if (fn)
    rt_srcloc((char *)fn + 1, loc, sizeof loc); /* srcloc looks one byte before a return address */
  snprintf(out, len, "running %s", loc[0] ? loc : "a function of the program");
}

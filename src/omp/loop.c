/* Worksharing constructs: loops (every schedule; long and unsigned long long iteration
 * variables), ordered, sections, single. The threads of a team meet the same constructs in
 * the same order; the first to reach one makes its state, the last to leave it frees it.
 * Iterations are numbered 0..n-1 and handed out in chunks; a static schedule follows from the
 * thread's number (without a chunk size, the first n % T threads get one iteration more),
 * dynamic and guided ones hand out the next chunk to whoever asks first in simulated time (a
 * thread's computation is simulated before it asks). Ordered regions run chunk by chunk in
 * iteration order: a chunk's turn comes when every earlier chunk is done. */
#include "omprt.h"
#include "../compute/compute.h"
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { WS_LOOP, WS_SINGLE };

struct om_ws {
  om_ws_t *next;
  unsigned index;   /* which construct of the team it is */
  int left;         /* threads done with it */
  int kind;
  /* a loop: n iterations from start by incr, handed out in chunks */
  int sched;
  long long chunk;
  unsigned long long n, start, incr;
  unsigned long long handed;  /* dynamic, guided: iterations handed out */
  long long chunks;           /* dynamic, guided: chunks handed out */
  int ordered;
  long long turn;             /* the chunk whose ordered regions may run */
  unsigned char *done;        /* chunks done, by number */
  size_t done_len;
  /* single */
  int taken;
  void *copy;
  /* lastprivate(conditional:) and scan storage the compiler asked for (GOMP_loop_start) */
  void *mem;
  /* doacross: the ordered loops' trip counts (dimension 0 is the loop shared out), and for
   * each iteration of dimension 0 how far its inner iterations posted (linear index + 1) */
  unsigned ncounts;
  unsigned long long *counts, *posted;
};

void om_ws_free_list(om_ws_t *w)
{
  while (w) {
    om_ws_t *next = w->next;
    free(w->done);
    free(w->mem);
    free(w->counts);
    free(w->posted);
    free(w);
    w = next;
  }
}

static om_ws_t *ws_alloc(void)
{
  om_ws_t *w = calloc(1, sizeof *w);
  if (!w)
    rt_fatal(1, "out of memory (OpenMP worksharing)");
  return w;
}

om_ws_t *om_loop_new(int sched, long chunk, unsigned long long niter, int ordered)
{
  om_ws_t *w = ws_alloc();
  w->kind = WS_LOOP;
  if ((sched & ~OM_MONOTONIC) == OM_AUTO_RT) { /* schedule(runtime): run-sched-var */
    om_icv_t *icv = om_icv();
    sched = icv->sched;
    chunk = icv->chunk;
  }
  sched &= ~OM_MONOTONIC;
  if (sched == OM_AUTO)
    sched = OM_STATIC;
  if (sched != OM_STATIC && chunk < 1)
    chunk = 1;
  w->sched = sched;
  w->chunk = chunk;
  w->n = niter;
  w->ordered = ordered;
  return w;
}

/* The construct the calling thread meets next in its team: made by make(arg) if it is the
 * first thread there. */
static om_ws_t *ws_enter(om_thread_t *me, om_ws_t *(*make)(void *), void *arg)
{
  rt_rank_t *held = om_hold();
  om_team_t *t = me->at.team;
  unsigned idx = me->at.ws_index++;
  om_ws_t *w, **end = &t->ws;
  for (w = t->ws; w && w->index != idx; w = w->next)
    end = &w->next;
  if (!w) {
    w = make(arg);
    w->index = idx;
    *end = w;
  }
  me->at.ws = w;
  me->at.trip = 0;
  me->at.chunk_seq = -1;
  om_unhold(held);
  return w;
}

/* The chunk the thread worked on is done (ordered: the next chunk's turn may come). */
static void chunk_done(om_thread_t *me)
{
  om_ws_t *w = me->at.ws;
  long long seq = me->at.chunk_seq;
  me->at.chunk_seq = -1;
  if (!w || !w->ordered || seq < 0)
    return;
  if ((size_t)seq >= w->done_len) {
    size_t len = w->done_len ? w->done_len : 64;
    while (len <= (size_t)seq)
      len *= 2;
    unsigned char *d = realloc(w->done, len);
    if (!d)
      rt_fatal(1, "out of memory (OpenMP ordered loop)");
    memset(d + w->done_len, 0, len - w->done_len);
    w->done = d;
    w->done_len = len;
  }
  w->done[seq] = 1;
  long long before = w->turn;
  while ((size_t)w->turn < w->done_len && w->done[w->turn])
    w->turn++;
  if (w->turn != before)
    thr_wake(&me->at.team->q);
}

static void ws_leave(om_thread_t *me)
{
  om_ws_t *w = me->at.ws;
  om_team_t *t = me->at.team;
  if (!w)
    return;
  chunk_done(me);
  me->at.ws = NULL;
  if (++w->left < t->n)
    return;
  om_ws_t **p = &t->ws;
  while (*p != w)
    p = &(*p)->next;
  *p = w->next;
  w->next = NULL;
  om_ws_free_list(w);
}

/* The thread's next chunk [*a, *b) of iteration numbers; 0 when there is none. */
static int chunk_of(om_thread_t *me, unsigned long long *a, unsigned long long *b);

static int next_chunk(om_thread_t *me, unsigned long long *a, unsigned long long *b)
{
  if (!me->at.ws)
    om_fatal(OM_CALLER(), "an OpenMP loop's next chunk asked for outside a loop");
  rt_rank_t *held = om_hold();
  int got = chunk_of(me, a, b);
  om_unhold(held);
  return got;
}

static int chunk_of(om_thread_t *me, unsigned long long *a, unsigned long long *b)
{
  om_ws_t *w = me->at.ws;
  chunk_done(me);
  unsigned long long n = w->n, T = (unsigned long long)me->at.team->n, tid = (unsigned long long)me->at.num;
  unsigned long long s, e;
  long long seq;
  if (w->sched == OM_STATIC) {
    if (w->chunk < 1) {
      if (me->at.trip++ > 0)
        return 0;
      unsigned long long q = n / T, rem = n % T;
      s = q * tid + (tid < rem ? tid : rem);
      e = s + q + (tid < rem);
      seq = (long long)tid;
    } else {
      unsigned long long c = me->at.trip++ * T + tid, chunk = (unsigned long long)w->chunk;
      if (c >= (n + chunk - 1) / chunk)
        return 0;
      s = c * chunk;
      e = n - s > chunk ? s + chunk : n;
      seq = (long long)c;
    }
    if (s >= e) {
      me->at.chunk_seq = seq; /* nothing to run, but its turn passes */
      chunk_done(me);
      return 0;
    }
  } else {
    om_settle(); /* whoever gets there first in simulated time takes the next chunk */
    s = w->handed;
    if (s >= n)
      return 0;
    unsigned long long q = (unsigned long long)w->chunk;
    if (w->sched == OM_GUIDED) {
      unsigned long long g = (n - s + T - 1) / T;
      if (g > q)
        q = g;
    }
    e = n - s > q ? s + q : n;
    w->handed = e;
    seq = w->chunks++;
  }
  me->at.chunk_seq = seq;
  *a = s;
  *b = e;
  return 1;
}

/* --- long loops ---------------------------------------------------------------------- */

static unsigned long long count_long(long start, long end, long incr)
{
  __int128 span = incr > 0 ? (__int128)end - start : (__int128)start - end;
  __int128 step = incr > 0 ? (__int128)incr : -(__int128)incr;
  if (span <= 0 || step == 0)
    return 0;
  return (unsigned long long)((span + step - 1) / step);
}

struct loop_args {
  int sched;
  long chunk;
  unsigned long long n, start, incr;
  int ordered;
};

static om_ws_t *make_loop(void *arg)
{
  struct loop_args *l = arg;
  om_ws_t *w = om_loop_new(l->sched, l->chunk, l->n, l->ordered);
  w->start = l->start;
  w->incr = l->incr;
  return w;
}

static bool next_long(long *istart, long *iend)
{
  om_thread_t *me = om_self();
  unsigned long long a, b;
  if (!next_chunk(me, &a, &b))
    return false;
  om_ws_t *w = me->at.ws;
  *istart = (long)(w->start + a * w->incr);
  *iend = (long)(w->start + b * w->incr);
  return true;
}

static bool start_long(long start, long end, long incr, int sched, long chunk, int ordered, long *istart,
                       long *iend)
{
  struct loop_args l = {sched, chunk, count_long(start, end, incr), (unsigned long long)start,
                        (unsigned long long)incr, ordered};
  ws_enter(om_self(), make_loop, &l);
  return next_long(istart, iend);
}

/* A prepared loop for a combined parallel loop construct. */
static om_ws_t *prepared_long(long start, long end, long incr, int sched, long chunk)
{
  struct loop_args l = {sched, chunk, count_long(start, end, incr), (unsigned long long)start,
                        (unsigned long long)incr, 0};
  return make_loop(&l);
}

#define LOOP_START(NAME, SCHED, ORDERED)                                                                               \
  EXPORT bool NAME(long start, long end, long incr, long chunk, long *istart, long *iend)                             \
  {                                                                                                                    \
    return start_long(start, end, incr, SCHED, chunk, ORDERED, istart, iend);                                         \
  }
#define LOOP_RUNTIME_START(NAME, ORDERED)                                                                              \
  EXPORT bool NAME(long start, long end, long incr, long *istart, long *iend)                                         \
  {                                                                                                                    \
    return start_long(start, end, incr, OM_AUTO_RT, 0, ORDERED, istart, iend);                                        \
  }
#define LOOP_NEXT(NAME)                                                                                                \
  EXPORT bool NAME(long *istart, long *iend) { return next_long(istart, iend); }

LOOP_START(GOMP_loop_static_start, OM_STATIC, 0)
LOOP_START(GOMP_loop_dynamic_start, OM_DYNAMIC, 0)
LOOP_START(GOMP_loop_guided_start, OM_GUIDED, 0)
LOOP_START(GOMP_loop_nonmonotonic_dynamic_start, OM_DYNAMIC, 0)
LOOP_START(GOMP_loop_nonmonotonic_guided_start, OM_GUIDED, 0)
LOOP_START(GOMP_loop_ordered_static_start, OM_STATIC, 1)
LOOP_START(GOMP_loop_ordered_dynamic_start, OM_DYNAMIC, 1)
LOOP_START(GOMP_loop_ordered_guided_start, OM_GUIDED, 1)
LOOP_RUNTIME_START(GOMP_loop_runtime_start, 0)
LOOP_RUNTIME_START(GOMP_loop_nonmonotonic_runtime_start, 0)
LOOP_RUNTIME_START(GOMP_loop_maybe_nonmonotonic_runtime_start, 0)
LOOP_RUNTIME_START(GOMP_loop_ordered_runtime_start, 1)
LOOP_NEXT(GOMP_loop_static_next)
LOOP_NEXT(GOMP_loop_dynamic_next)
LOOP_NEXT(GOMP_loop_guided_next)
LOOP_NEXT(GOMP_loop_runtime_next)
LOOP_NEXT(GOMP_loop_nonmonotonic_dynamic_next)
LOOP_NEXT(GOMP_loop_nonmonotonic_guided_next)
LOOP_NEXT(GOMP_loop_nonmonotonic_runtime_next)
LOOP_NEXT(GOMP_loop_maybe_nonmonotonic_runtime_next)
LOOP_NEXT(GOMP_loop_ordered_static_next)
LOOP_NEXT(GOMP_loop_ordered_dynamic_next)
LOOP_NEXT(GOMP_loop_ordered_guided_next)
LOOP_NEXT(GOMP_loop_ordered_runtime_next)

#define PARALLEL_LOOP(NAME, SCHED)                                                                                     \
  EXPORT void NAME(void (*fn)(void *), void *data, unsigned nthreads, long start, long end, long incr, long chunk,     \
                   unsigned flags)                                                                                     \
  {                                                                                                                    \
    (void)flags;                                                                                                       \
    om_fork(fn, data, nthreads, prepared_long(start, end, incr, SCHED, chunk), OM_CALLER());                                        \
    fn(data);                                                                                                          \
    om_join();                                                                                                         \
  }
#define PARALLEL_LOOP_RUNTIME(NAME)                                                                                    \
  EXPORT void NAME(void (*fn)(void *), void *data, unsigned nthreads, long start, long end, long incr, unsigned flags) \
  {                                                                                                                    \
    (void)flags;                                                                                                       \
    om_fork(fn, data, nthreads, prepared_long(start, end, incr, OM_AUTO_RT, 0), OM_CALLER());                                       \
    fn(data);                                                                                                          \
    om_join();                                                                                                         \
  }
PARALLEL_LOOP(GOMP_parallel_loop_static, OM_STATIC)
PARALLEL_LOOP(GOMP_parallel_loop_dynamic, OM_DYNAMIC)
PARALLEL_LOOP(GOMP_parallel_loop_guided, OM_GUIDED)
PARALLEL_LOOP(GOMP_parallel_loop_nonmonotonic_dynamic, OM_DYNAMIC)
PARALLEL_LOOP(GOMP_parallel_loop_nonmonotonic_guided, OM_GUIDED)
PARALLEL_LOOP_RUNTIME(GOMP_parallel_loop_runtime)
PARALLEL_LOOP_RUNTIME(GOMP_parallel_loop_nonmonotonic_runtime)
PARALLEL_LOOP_RUNTIME(GOMP_parallel_loop_maybe_nonmonotonic_runtime)

/* GCC before 4.9: the master runs the body between _start and GOMP_parallel_end. */
#define PARALLEL_LOOP_OLD(NAME, SCHED)                                                                                 \
  EXPORT void NAME(void (*fn)(void *), void *data, unsigned nthreads, long start, long end, long incr, long chunk)     \
  {                                                                                                                    \
    om_fork(fn, data, nthreads, prepared_long(start, end, incr, SCHED, chunk), OM_CALLER());                                        \
  }
PARALLEL_LOOP_OLD(GOMP_parallel_loop_static_start, OM_STATIC)
PARALLEL_LOOP_OLD(GOMP_parallel_loop_dynamic_start, OM_DYNAMIC)
PARALLEL_LOOP_OLD(GOMP_parallel_loop_guided_start, OM_GUIDED)
EXPORT void GOMP_parallel_loop_runtime_start(void (*fn)(void *), void *data, unsigned nthreads, long start, long end,
                                             long incr)
{
  om_fork(fn, data, nthreads, prepared_long(start, end, incr, OM_AUTO_RT, 0), OM_CALLER());
}

EXPORT void GOMP_loop_end(void)
{
  om_thread_t *me = om_self();
  ws_leave(me);
  om_barrier(me, "an OpenMP barrier", OM_CALLER());
}

EXPORT bool GOMP_loop_end_cancel(void)
{
  GOMP_loop_end();
  return false;
}

EXPORT void GOMP_loop_end_nowait(void) { ws_leave(om_self()); }

/* --- unsigned long long loops -------------------------------------------------------- */

static unsigned long long count_ull(bool up, unsigned long long start, unsigned long long end,
                                    unsigned long long incr)
{
  if (up)
    return start < end && incr ? (unsigned long long)(((unsigned __int128)(end - start) + incr - 1) / incr) : 0;
  unsigned long long step = -incr; /* a downward step comes as its two's complement */
  return start > end && step ? (unsigned long long)(((unsigned __int128)(start - end) + step - 1) / step) : 0;
}

static bool next_ull(unsigned long long *istart, unsigned long long *iend)
{
  om_thread_t *me = om_self();
  unsigned long long a, b;
  if (!next_chunk(me, &a, &b))
    return false;
  om_ws_t *w = me->at.ws;
  *istart = w->start + a * w->incr;
  *iend = w->start + b * w->incr;
  return true;
}

static bool start_ull(bool up, unsigned long long start, unsigned long long end, unsigned long long incr, int sched,
                      unsigned long long chunk, int ordered, unsigned long long *istart, unsigned long long *iend)
{
  struct loop_args l = {sched, chunk > (unsigned long long)LONG_MAX ? LONG_MAX : (long)chunk,
                        count_ull(up, start, end, incr), start, incr, ordered};
  ws_enter(om_self(), make_loop, &l);
  return next_ull(istart, iend);
}

#define ULL_START(NAME, SCHED, ORDERED)                                                                                \
  EXPORT bool NAME(bool up, unsigned long long start, unsigned long long end, unsigned long long incr,                \
                   unsigned long long chunk, unsigned long long *istart, unsigned long long *iend)                     \
  {                                                                                                                    \
    return start_ull(up, start, end, incr, SCHED, chunk, ORDERED, istart, iend);                                       \
  }
#define ULL_RUNTIME_START(NAME, ORDERED)                                                                               \
  EXPORT bool NAME(bool up, unsigned long long start, unsigned long long end, unsigned long long incr,                \
                   unsigned long long *istart, unsigned long long *iend)                                               \
  {                                                                                                                    \
    return start_ull(up, start, end, incr, OM_AUTO_RT, 0, ORDERED, istart, iend);                                      \
  }
#define ULL_NEXT(NAME)                                                                                                 \
  EXPORT bool NAME(unsigned long long *istart, unsigned long long *iend) { return next_ull(istart, iend); }

ULL_START(GOMP_loop_ull_static_start, OM_STATIC, 0)
ULL_START(GOMP_loop_ull_dynamic_start, OM_DYNAMIC, 0)
ULL_START(GOMP_loop_ull_guided_start, OM_GUIDED, 0)
ULL_START(GOMP_loop_ull_nonmonotonic_dynamic_start, OM_DYNAMIC, 0)
ULL_START(GOMP_loop_ull_nonmonotonic_guided_start, OM_GUIDED, 0)
ULL_START(GOMP_loop_ull_ordered_static_start, OM_STATIC, 1)
ULL_START(GOMP_loop_ull_ordered_dynamic_start, OM_DYNAMIC, 1)
ULL_START(GOMP_loop_ull_ordered_guided_start, OM_GUIDED, 1)
ULL_RUNTIME_START(GOMP_loop_ull_runtime_start, 0)
ULL_RUNTIME_START(GOMP_loop_ull_nonmonotonic_runtime_start, 0)
ULL_RUNTIME_START(GOMP_loop_ull_maybe_nonmonotonic_runtime_start, 0)
ULL_RUNTIME_START(GOMP_loop_ull_ordered_runtime_start, 1)
ULL_NEXT(GOMP_loop_ull_static_next)
ULL_NEXT(GOMP_loop_ull_dynamic_next)
ULL_NEXT(GOMP_loop_ull_guided_next)
ULL_NEXT(GOMP_loop_ull_runtime_next)
ULL_NEXT(GOMP_loop_ull_nonmonotonic_dynamic_next)
ULL_NEXT(GOMP_loop_ull_nonmonotonic_guided_next)
ULL_NEXT(GOMP_loop_ull_nonmonotonic_runtime_next)
ULL_NEXT(GOMP_loop_ull_maybe_nonmonotonic_runtime_next)
ULL_NEXT(GOMP_loop_ull_ordered_static_next)
ULL_NEXT(GOMP_loop_ull_ordered_dynamic_next)
ULL_NEXT(GOMP_loop_ull_ordered_guided_next)
ULL_NEXT(GOMP_loop_ull_ordered_runtime_next)

/* --- ordered ------------------------------------------------------------------------- */

static int not_my_turn(void *arg)
{
  om_thread_t *me = arg;
  return me->at.ws->turn != me->at.chunk_seq;
}

EXPORT void GOMP_ordered_start(void)
{
  om_thread_t *me = om_self();
  if (!me->at.ws || !me->at.ws->ordered)
    return; /* an ordered region outside an ordered loop (orphaned, one thread) */
  thr_wait(&me->at.team->q, not_my_turn, me, "an OpenMP ordered region", OM_CALLER());
}

EXPORT void GOMP_ordered_end(void) {}

/* --- sections ------------------------------------------------------------------------ */

static om_ws_t *make_sections(void *arg)
{
  return om_loop_new(OM_DYNAMIC, 1, *(unsigned *)arg, 0);
}

static unsigned next_section(void)
{
  unsigned long long a, b;
  return next_chunk(om_self(), &a, &b) ? (unsigned)a + 1 : 0;
}

EXPORT unsigned GOMP_sections_start(unsigned count)
{
  ws_enter(om_self(), make_sections, &count);
  return next_section();
}

EXPORT unsigned GOMP_sections_next(void) { return next_section(); }

EXPORT void GOMP_parallel_sections(void (*fn)(void *), void *data, unsigned nthreads, unsigned count, unsigned flags)
{
  (void)flags;
  om_fork(fn, data, nthreads, make_sections(&count), OM_CALLER());
  fn(data);
  om_join();
}

EXPORT void GOMP_parallel_sections_start(void (*fn)(void *), void *data, unsigned nthreads, unsigned count)
{
  om_fork(fn, data, nthreads, make_sections(&count), OM_CALLER());
}

EXPORT void GOMP_sections_end(void) { GOMP_loop_end(); }
EXPORT bool GOMP_sections_end_cancel(void) { return GOMP_loop_end_cancel(); }
EXPORT void GOMP_sections_end_nowait(void) { GOMP_loop_end_nowait(); }

/* --- single -------------------------------------------------------------------------- */

static om_ws_t *make_single(void *arg)
{
  (void)arg;
  om_ws_t *w = ws_alloc();
  w->kind = WS_SINGLE;
  return w;
}

EXPORT bool GOMP_single_start(void)
{
  om_thread_t *me = om_self();
  om_ws_t *w = ws_enter(me, make_single, NULL);
  bool mine = !w->taken;
  w->taken = 1;
  ws_leave(me);
  return mine;
}

/* copyprivate: the thread that runs the block gets NULL and gives its data to
 * GOMP_single_copy_end; the others get that data once it is there (a barrier between). */
EXPORT void *GOMP_single_copy_start(void)
{
  om_thread_t *me = om_self();
  om_ws_t *w = ws_enter(me, make_single, NULL);
  if (!w->taken) {
    w->taken = 1;
    return NULL;
  }
  om_barrier(me, "an OpenMP barrier", OM_CALLER());
  void *data = w->copy;
  ws_leave(me);
  return data;
}

EXPORT void GOMP_single_copy_end(void *data)
{
  om_thread_t *me = om_self();
  me->at.ws->copy = data;
  om_barrier(me, "an OpenMP barrier", OM_CALLER());
  ws_leave(me);
}

/* --- the generic starts (GCC 9 and later) -------------------------------------------- */

static void task_reductions_unsupported(void *pc)
{
  om_fatal(pc, "a task reduction on a worksharing construct is not supported by simpi's OpenMP runtime");
}

/* The block the compiler asks for in *mem (its size on input), shared by the team's threads
 * for this construct, zeroed. */
static void share_mem(om_ws_t *w, void **mem)
{
  if (!mem)
    return;
  if (!w->mem) {
    w->mem = calloc(1, (size_t)(uintptr_t)*mem + 8);
    if (!w->mem)
      rt_fatal(1, "out of memory (OpenMP worksharing)");
  }
  *mem = w->mem;
}

/* sched as GOMP_loop_start gets it: 0 and 4 both mean run-sched-var */
static int generic_sched(long sched)
{
  int k = (int)(sched & ~(long)OM_MONOTONIC);
  return k == OM_AUTO ? OM_AUTO_RT : k;
}

static bool generic_long(long start, long end, long incr, long sched, long chunk, int ordered, long *istart,
                         long *iend, uintptr_t *reductions, void **mem, void *pc)
{
  if (reductions)
    task_reductions_unsupported(pc);
  struct loop_args l = {generic_sched(sched), chunk, count_long(start, end, incr), (unsigned long long)start,
                        (unsigned long long)incr, ordered};
  om_ws_t *w = ws_enter(om_self(), make_loop, &l);
  share_mem(w, mem);
  if (!istart)
    return true;
  return next_long(istart, iend);
}

EXPORT bool GOMP_loop_start(long start, long end, long incr, long sched, long chunk, long *istart, long *iend,
                            uintptr_t *reductions, void **mem)
{
  return generic_long(start, end, incr, sched, chunk, 0, istart, iend, reductions, mem, OM_CALLER());
}

EXPORT bool GOMP_loop_ordered_start(long start, long end, long incr, long sched, long chunk, long *istart,
                                    long *iend, uintptr_t *reductions, void **mem)
{
  return generic_long(start, end, incr, sched, chunk, 1, istart, iend, reductions, mem, OM_CALLER());
}

static bool generic_ull(bool up, unsigned long long start, unsigned long long end, unsigned long long incr,
                        long sched, unsigned long long chunk, int ordered, unsigned long long *istart,
                        unsigned long long *iend, uintptr_t *reductions, void **mem, void *pc)
{
  if (reductions)
    task_reductions_unsupported(pc);
  struct loop_args l = {generic_sched(sched), chunk > (unsigned long long)LONG_MAX ? LONG_MAX : (long)chunk,
                        count_ull(up, start, end, incr), start, incr, ordered};
  om_ws_t *w = ws_enter(om_self(), make_loop, &l);
  share_mem(w, mem);
  if (!istart)
    return true;
  return next_ull(istart, iend);
}

EXPORT bool GOMP_loop_ull_start(bool up, unsigned long long start, unsigned long long end, unsigned long long incr,
                                long sched, unsigned long long chunk, unsigned long long *istart,
                                unsigned long long *iend, uintptr_t *reductions, void **mem)
{
  return generic_ull(up, start, end, incr, sched, chunk, 0, istart, iend, reductions, mem, OM_CALLER());
}

EXPORT bool GOMP_loop_ull_ordered_start(bool up, unsigned long long start, unsigned long long end,
                                        unsigned long long incr, long sched, unsigned long long chunk,
                                        unsigned long long *istart, unsigned long long *iend,
                                        uintptr_t *reductions, void **mem)
{
  return generic_ull(up, start, end, incr, sched, chunk, 1, istart, iend, reductions, mem, OM_CALLER());
}

EXPORT unsigned GOMP_sections2_start(unsigned count, uintptr_t *reductions, void **mem)
{
  if (reductions)
    task_reductions_unsupported(OM_CALLER());
  om_ws_t *w = ws_enter(om_self(), make_sections, &count);
  share_mem(w, mem);
  return next_section();
}

EXPORT void GOMP_scope_start(uintptr_t *reductions)
{
  if (reductions)
    task_reductions_unsupported(OM_CALLER());
}

/* --- doacross loops: ordered(n) with depend(sink) and depend(source) ----------------- */

struct doacross_args {
  struct loop_args l;
  unsigned ncounts;
  const unsigned long long *counts;
};

static om_ws_t *make_doacross(void *arg)
{
  struct doacross_args *d = arg;
  om_ws_t *w = make_loop(&d->l);
  w->ncounts = d->ncounts;
  w->counts = malloc(d->ncounts * sizeof *w->counts);
  w->posted = calloc(d->l.n ? d->l.n : 1, sizeof *w->posted);
  if (!w->counts || !w->posted)
    rt_fatal(1, "out of memory (OpenMP doacross loop)");
  memcpy(w->counts, d->counts, d->ncounts * sizeof *w->counts);
  return w;
}

/* The loop runs over dimension 0's logical iterations, 0..counts[0]-1. */
static void doacross_enter(unsigned ncounts, const unsigned long long *counts, long sched, long chunk)
{
  struct doacross_args d = {{generic_sched(sched), chunk, ncounts ? counts[0] : 0, 0, 1, 0}, ncounts, counts};
  for (unsigned i = 0; i < ncounts; i++)
    if (!counts[i])
      d.l.n = 0; /* no iterations at all */
  ws_enter(om_self(), make_doacross, &d);
}

static bool doacross_long(unsigned ncounts, long *counts, long sched, long chunk, long *istart, long *iend,
                          uintptr_t *reductions, void **mem, void *pc)
{
  if (reductions)
    task_reductions_unsupported(pc);
  unsigned long long c[ncounts ? ncounts : 1];
  for (unsigned i = 0; i < ncounts; i++)
    c[i] = counts[i] > 0 ? (unsigned long long)counts[i] : 0;
  doacross_enter(ncounts, c, sched, chunk);
  share_mem(om_self()->at.ws, mem);
  if (!istart)
    return true;
  return next_long(istart, iend);
}

#define DOACROSS_START(NAME, SCHED)                                                                                    \
  EXPORT bool NAME(unsigned ncounts, long *counts, long chunk, long *istart, long *iend)                              \
  {                                                                                                                    \
    return doacross_long(ncounts, counts, SCHED, chunk, istart, iend, NULL, NULL, OM_CALLER());                        \
  }
DOACROSS_START(GOMP_loop_doacross_static_start, OM_STATIC)
DOACROSS_START(GOMP_loop_doacross_dynamic_start, OM_DYNAMIC)
DOACROSS_START(GOMP_loop_doacross_guided_start, OM_GUIDED)
EXPORT bool GOMP_loop_doacross_runtime_start(unsigned ncounts, long *counts, long *istart, long *iend)
{
  return doacross_long(ncounts, counts, OM_AUTO_RT, 0, istart, iend, NULL, NULL, OM_CALLER());
}
EXPORT bool GOMP_loop_doacross_start(unsigned ncounts, long *counts, long sched, long chunk, long *istart,
                                     long *iend, uintptr_t *reductions, void **mem)
{
  return doacross_long(ncounts, counts, sched, chunk, istart, iend, reductions, mem, OM_CALLER());
}

static bool doacross_ull(unsigned ncounts, unsigned long long *counts, long sched, unsigned long long chunk,
                         unsigned long long *istart, unsigned long long *iend, uintptr_t *reductions, void **mem,
                         void *pc)
{
  if (reductions)
    task_reductions_unsupported(pc);
  doacross_enter(ncounts, counts, sched, chunk > (unsigned long long)LONG_MAX ? LONG_MAX : (long)chunk);
  share_mem(om_self()->at.ws, mem);
  if (!istart)
    return true;
  return next_ull(istart, iend);
}

#define DOACROSS_ULL_START(NAME, SCHED)                                                                                \
  EXPORT bool NAME(unsigned ncounts, unsigned long long *counts, unsigned long long chunk,                            \
                   unsigned long long *istart, unsigned long long *iend)                                               \
  {                                                                                                                    \
    return doacross_ull(ncounts, counts, SCHED, chunk, istart, iend, NULL, NULL, OM_CALLER());                         \
  }
DOACROSS_ULL_START(GOMP_loop_ull_doacross_static_start, OM_STATIC)
DOACROSS_ULL_START(GOMP_loop_ull_doacross_dynamic_start, OM_DYNAMIC)
DOACROSS_ULL_START(GOMP_loop_ull_doacross_guided_start, OM_GUIDED)
EXPORT bool GOMP_loop_ull_doacross_runtime_start(unsigned ncounts, unsigned long long *counts,
                                                 unsigned long long *istart, unsigned long long *iend)
{
  return doacross_ull(ncounts, counts, OM_AUTO_RT, 0, istart, iend, NULL, NULL, OM_CALLER());
}
EXPORT bool GOMP_loop_ull_doacross_start(unsigned ncounts, unsigned long long *counts, long sched,
                                         unsigned long long chunk, unsigned long long *istart,
                                         unsigned long long *iend, uintptr_t *reductions, void **mem)
{
  return doacross_ull(ncounts, counts, sched, chunk, istart, iend, reductions, mem, OM_CALLER());
}

/* The linear index of the inner dimensions of v within the loop's counts. */
static unsigned long long inner_index(const om_ws_t *w, const unsigned long long *v)
{
  unsigned long long x = 0;
  for (unsigned i = 1; i < w->ncounts; i++)
    x = x * w->counts[i] + v[i];
  return x;
}

static void doacross_post(const unsigned long long *v)
{
  om_thread_t *me = om_self();
  om_ws_t *w = me->at.ws;
  if (!w || !w->posted || v[0] >= w->n)
    return;
  om_settle(); /* the iteration's work is done when it says so */
  w->posted[v[0]] = inner_index(w, v) + 1;
  thr_wake(&me->at.team->q);
}

struct sink {
  om_ws_t *w;
  unsigned long long i0, inner;
};

static int not_posted(void *arg)
{
  struct sink *s = arg;
  return s->w->posted[s->i0] <= s->inner;
}

static void doacross_wait(const unsigned long long *v, void *pc)
{
  om_thread_t *me = om_self();
  om_ws_t *w = me->at.ws;
  if (!w || !w->posted || v[0] >= w->n)
    return;
  struct sink s = {w, v[0], inner_index(w, v)};
  thr_wait(&me->at.team->q, not_posted, &s, "an OpenMP ordered depend(sink) wait", pc);
}

EXPORT void GOMP_doacross_post(long *counts)
{
  om_ws_t *w = om_self()->at.ws;
  unsigned n = w ? w->ncounts : 0;
  unsigned long long v[n ? n : 1];
  for (unsigned i = 0; i < n; i++)
    v[i] = (unsigned long long)counts[i];
  doacross_post(v);
}

EXPORT void GOMP_doacross_ull_post(unsigned long long *counts) { doacross_post(counts); }

EXPORT void GOMP_doacross_wait(long first, ...)
{
  om_ws_t *w = om_self()->at.ws;
  unsigned n = w ? w->ncounts : 0;
  unsigned long long v[n ? n : 1];
  va_list ap;
  va_start(ap, first);
  v[0] = (unsigned long long)first;
  for (unsigned i = 1; i < n; i++)
    v[i] = (unsigned long long)va_arg(ap, long);
  va_end(ap);
  doacross_wait(v, OM_CALLER());
}

EXPORT void GOMP_doacross_ull_wait(unsigned long long first, ...)
{
  om_ws_t *w = om_self()->at.ws;
  unsigned n = w ? w->ncounts : 0;
  unsigned long long v[n ? n : 1];
  va_list ap;
  va_start(ap, first);
  v[0] = first;
  for (unsigned i = 1; i < n; i++)
    v[i] = va_arg(ap, unsigned long long);
  va_end(ap);
  doacross_wait(v, OM_CALLER());
}

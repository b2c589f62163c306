/* Parallel regions: the team of a region, the rank's pool of worker threads, the team's
 * barrier, and where each thread is. A region starts when its master gets there in simulated
 * time: the master's computation up to the region is simulated first, then its workers start
 * at that instant, each computing on a core of the rank's host. The outermost regions of the
 * rank's main thread always give thread number i to the same worker (threadprivate variables
 * persist between regions of the same size, as OpenMP promises); nested regions take spare
 * workers. Workers wait in the pool between regions and end with their rank. */
#include "omprt.h"
#include "../compute/compute.h"
#include "../kernel/kernel.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* OpenMP calls made outside the simulation (the program's constructors before main): one
 * thread, regions of one. */
static om_rank_t outside_rank;
static om_thread_t outside_thread;
static om_team_t outside_team = {.n = 1, .refs = 1};
static om_thread_t *outside_members[1] = {&outside_thread};

om_rank_t *om_rank(void)
{
  rt_rank_t *r = rt_self;
  om_rank_t *o = r ? r->omp : &outside_rank;
  if (!o) {
    o = calloc(1, sizeof *o);
    if (!o)
      rt_fatal(1, "rank %d: out of memory (OpenMP)", r->id);
    r->omp = o;
  }
  if (!o->thread_limit)
    om_icv_init(o);
  return o;
}

/* The initial team of a thread that runs outside any region (level 0). */
static om_team_t *initial_team(om_thread_t *me)
{
  om_team_t *t = calloc(1, sizeof *t);
  om_thread_t **m = calloc(1, sizeof *m);
  if (!t || !m)
    rt_fatal(1, "out of memory (OpenMP)");
  m[0] = me;
  t->n = 1;
  t->member = m;
  t->refs = 1;
  return t;
}

om_thread_t *om_self(void)
{
  rt_thread_t *t = rt_thr;
  if (!t || !rt_self) {
    if (!outside_team.member) {
      outside_team.member = outside_members;
      outside_thread.at.team = &outside_team;
    }
    return &outside_thread;
  }
  if (!t->omp) {
    om_thread_t *me = calloc(1, sizeof *me);
    if (!me)
      rt_fatal(1, "rank %d: out of memory (OpenMP)", rt_self->id);
    me->rt = t;
    me->id = ++om_rank()->ids;
    me->at.team = initial_team(me);
    t->omp = me;
  }
  return t->omp;
}

void om_fatal(void *pc, const char *fmt, ...)
{
  char msg[512], loc[600] = "";
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  rt_srcloc(pc, loc, sizeof loc);
  rt_thread_t *t = rt_thr;
  if (!rt_self)
    rt_fatal(1, "%s%s%s", msg, loc[0] ? " at " : "", loc);
  if (t && t->num > 0)
    rt_fatal(1, "rank %d, thread %d: %s%s%s", rt_self->id, t->num, msg, loc[0] ? " at " : "", loc);
  rt_fatal(1, "rank %d: %s%s%s", rt_self->id, msg, loc[0] ? " at " : "", loc);
}

void om_settle(void)
{
  if (rt_self)
    cmp_burst_settle(rt_self);
}

rt_rank_t *om_hold(void)
{
  rt_rank_t *r = rt_self;
  if (r)
    cmp_burst_hold(r);
  return r;
}

void om_unhold(rt_rank_t *r)
{
  if (r)
    cmp_burst_unhold(r);
}

void om_user(void (*fn)(void *), void *data)
{
  rt_rank_t *r = rt_self;
  int held = r ? r->burst_held : 0;
  if (r) {
    r->burst_held = 0;
    cmp_burst_continue(r);
  }
  fn(data);
  if (r) {
    r->burst_held = held;
    if (held)
      cmp_burst_suspend(r);
  }
}

static void team_unref(om_team_t *t)
{
  if (--t->refs > 0)
    return;
  om_ws_free_list(t->ws);
  free(t->reds);
  thr_queue_free(&t->q);
  free(t->member);
  free(t);
}

/* th becomes thread num of team t; prepared is the team's first worksharing construct. */
static void enter(om_thread_t *th, om_team_t *t, int num, om_ws_t *prepared)
{
  th->at = (om_where_t){.team = t, .num = num, .ws_index = prepared ? 1 : 0, .ws = prepared, .chunk_seq = -1};
  th->at.task = om_implicit_task(th);
}

typedef struct fork_saved {
  om_where_t at;
  om_task_t *implicit;
} fork_saved_t;

/* --- the pool ------------------------------------------------------------------------ */

static int not_given(void *arg) { return !((om_thread_t *)arg)->given; }

static void *worker(void *arg)
{
  om_thread_t *w = arg;
  w->rt = rt_thr;
  rt_thr->omp = w;
  rt_rank_t *held = om_hold(); /* the worker's own bookkeeping is not the program's computation */
  for (;;) {
    w->rt->idle = 1;
    thr_wait(&w->wake, not_given, w, "an idle OpenMP thread", NULL);
    w->rt->idle = 0;
    om_team_t *t = w->given;
    w->given = NULL; /* taken: the master may give the next region before this one's end */
    enter(w, t, w->given_num, t->prepared);
    w->rt->entry = (const void *)t->fn;
    om_user(t->fn, t->data);
    om_barrier(w, "the end of an OpenMP parallel region", t->pc);
    om_implicit_task_end(w);
    w->rt->entry = NULL;
    w->at = (om_where_t){0};
    team_unref(t);
    if (!w->hot) {
      om_rank_t *o = om_rank();
      w->next_spare = o->spare;
      o->spare = w;
    }
  }
  om_unhold(held);
  return NULL;
}

static om_thread_t *new_worker(om_rank_t *o, int hot)
{
  om_thread_t *w = calloc(1, sizeof *w);
  if (!w)
    rt_fatal(1, "rank %d: out of memory starting an OpenMP thread", rt_self->id);
  w->id = ++o->ids;
  w->hot = hot;
  if (!thr_start(worker, w, o->stack_kib, NULL))
    rt_fatal(1, "rank %d: cannot start an OpenMP thread", rt_self->id);
  return w;
}

/* The worker for thread number i of a region started by me at level. */
static om_thread_t *worker_for(om_rank_t *o, om_thread_t *me, int level, int i)
{
  if (level == 1 && me->rt == &rt_self->main) {
    if (i >= o->nhot) {
      om_thread_t **h = realloc(o->hot, (size_t)(i + 1) * sizeof *h);
      if (!h)
        rt_fatal(1, "rank %d: out of memory (OpenMP)", rt_self->id);
      for (int k = o->nhot; k <= i; k++)
        h[k] = NULL;
      o->hot = h;
      o->nhot = i + 1;
    }
    if (!o->hot[i])
      o->hot[i] = new_worker(o, 1);
    return o->hot[i];
  }
  om_thread_t *w = o->spare;
  if (w) {
    o->spare = w->next_spare;
    return w;
  }
  return new_worker(o, 0);
}

/* --- regions ------------------------------------------------------------------------- */

static int threads_for(om_rank_t *o, om_thread_t *me, unsigned req)
{
  om_icv_t *icv = om_icv();
  om_team_t *parent = me->at.team;
  int n = req ? (int)(req > 1u << 20 ? 1u << 20 : req) : icv->nthreads;
  if (n < 1)
    n = 1;
  if (parent->active_level >= icv->max_active_levels)
    n = 1;
  int free_threads = o->thread_limit - o->busy - 1;
  if (n - 1 > free_threads)
    n = free_threads > 0 ? free_threads + 1 : 1;
  return n;
}

void om_fork(void (*fn)(void *), void *data, unsigned nthreads, om_ws_t *prepared, void *pc)
{
  rt_rank_t *held = om_hold();
  om_thread_t *me = om_self();
  om_rank_t *o = om_rank();
  om_team_t *parent = me->at.team;
  int n = rt_self ? threads_for(o, me, nthreads) : 1;
  om_team_t *t = calloc(1, sizeof *t);
  fork_saved_t *saved = malloc(sizeof *saved);
  if (!t || !saved || !(t->member = calloc((size_t)n, sizeof *t->member)))
    rt_fatal(1, "out of memory starting an OpenMP region");
  t->n = n;
  t->level = parent->level + 1;
  t->active_level = parent->active_level + (n > 1);
  t->parent = parent;
  t->parent_num = me->at.num;
  t->fn = fn;
  t->data = data;
  t->pc = pc;
  t->refs = n;
  t->ws = prepared;
  t->prepared = prepared;
  t->icv = om_icv_child(om_icv(), t->level);
  t->saved = saved;
  saved->at = me->at;
  saved->implicit = me->implicit;
  t->member[0] = me;
  if (n > 1) {
    rt_rank_t *r = rt_self;
    if (cmp_burst_pause(r)) /* the region starts when the master gets there */
      cmp_burst_begin(r);
    o->busy += n - 1;
    for (int i = 1; i < n; i++) {
      om_thread_t *w = worker_for(o, me, t->level, i);
      t->member[i] = w;
      w->given_num = i;
      w->given = t;
      thr_wake(&w->wake);
    }
  }
  enter(me, t, 0, prepared);
  om_unhold(held);
}

void om_join(void)
{
  rt_rank_t *held = om_hold();
  om_thread_t *me = om_self();
  om_team_t *t = me->at.team;
  om_barrier(me, "the end of an OpenMP parallel region", t->pc);
  om_implicit_task_end(me);
  fork_saved_t *saved = t->saved;
  me->at = saved->at;
  me->implicit = saved->implicit;
  free(saved);
  if (t->n > 1)
    om_rank()->busy -= t->n - 1;
  team_unref(t);
  om_unhold(held);
}

/* --- the barrier --------------------------------------------------------------------- */

typedef struct bar_wait {
  om_team_t *t;
  unsigned gen;
} bar_wait_t;

static int barrier_waits(void *arg)
{
  bar_wait_t *b = arg;
  om_team_t *t = b->t;
  return t->gen == b->gen && !t->ready && !(t->arrived == t->n && t->tasks == 0);
}

void om_barrier(om_thread_t *me, const char *what, void *pc)
{
  om_team_t *t = me->at.team;
  if (t->n == 1 && t->tasks == 0)
    return;
  rt_rank_t *r = om_hold();
  int was = r ? cmp_burst_pause(r) : 0;
  unsigned gen = t->gen;
  t->arrived++;
  while (t->gen == gen) {
    if (om_task_run_one(me))
      continue;
    if (t->arrived == t->n && t->tasks == 0) {
      t->arrived = 0;
      t->gen++;
      thr_wake(&t->q);
      break;
    }
    bar_wait_t b = {t, gen};
    thr_wait(&t->q, barrier_waits, &b, what, pc);
  }
  if (was)
    cmp_burst_begin(r);
  om_unhold(r);
}

int om_ancestor(int level, int *size)
{
  om_thread_t *me = om_self();
  om_team_t *t = me->at.team;
  int num = me->at.num;
  if (level < 0 || level > t->level)
    return -1;
  while (t->level > level) {
    num = t->parent_num;
    t = t->parent;
  }
  if (size)
    *size = t->n;
  return num;
}

/* --- GCC's entry points -------------------------------------------------------------- */

EXPORT void GOMP_parallel(void (*fn)(void *), void *data, unsigned nthreads, unsigned flags)
{
  (void)flags; /* proc_bind: threads are not bound to cores in the simulation */
  om_fork(fn, data, nthreads, NULL, OM_CALLER());
  fn(data);
  om_join();
}

/* GCC before 4.9: the master runs fn itself between the two. */
EXPORT void GOMP_parallel_start(void (*fn)(void *), void *data, unsigned nthreads)
{
  om_fork(fn, data, nthreads, NULL, OM_CALLER());
}
EXPORT void GOMP_parallel_end(void) { om_join(); }

EXPORT unsigned GOMP_parallel_reductions(void (*fn)(void *), void *data, unsigned nthreads, unsigned flags)
{
  (void)fn;
  (void)data;
  (void)nthreads;
  (void)flags;
  om_fatal(OM_CALLER(), "a parallel region with a task reduction is not supported by simpi's OpenMP runtime");
}

EXPORT void GOMP_barrier(void) { om_barrier(om_self(), "an OpenMP barrier", OM_CALLER()); }

/* Cancellation is honoured only when OMP_CANCELLATION is true (cancel-var); otherwise the
 * constructs are not cancelled and these say so, as OpenMP requires. */
static int cancellation_on(void *pc)
{
  if (!om_rank()->cancellation)
    return 0;
  om_fatal(pc, "cancellation (OMP_CANCELLATION=true) is not supported by simpi's OpenMP runtime");
}

EXPORT bool GOMP_cancel(int which, bool do_cancel)
{
  (void)which;
  if (do_cancel)
    cancellation_on(OM_CALLER());
  return false;
}

EXPORT bool GOMP_cancellation_point(int which)
{
  (void)which;
  return false;
}

EXPORT bool GOMP_barrier_cancel(void)
{
  om_barrier(om_self(), "an OpenMP barrier", OM_CALLER());
  return false;
}

/* --- teams on the host: run one after another by the encountering thread ------------- */

/* A thread's teams (om_thread's team_num, num_teams; 0 teams reads as 1). */
EXPORT void GOMP_teams_reg(void (*fn)(void *), void *data, unsigned num_teams, unsigned thread_limit, unsigned flags)
{
  (void)flags;
  om_rank_t *o = om_rank();
  om_thread_t *me = om_self();
  int limit = o->thread_limit;
  if (thread_limit)
    o->thread_limit = (int)thread_limit;
  int n = num_teams ? (int)num_teams : 3; /* libgomp's default on the host */
  int was_num = me->team_num, was_count = me->num_teams;
  me->num_teams = n;
  for (int i = 0; i < n; i++) {
    me->team_num = i;
    fn(data);
  }
  me->team_num = was_num;
  me->num_teams = was_count;
  o->thread_limit = limit;
}

EXPORT bool GOMP_teams4(unsigned lo, unsigned hi, unsigned thread_limit, bool first)
{
  (void)hi;
  om_thread_t *me = om_self();
  if (thread_limit)
    om_rank()->thread_limit = (int)thread_limit;
  if (first) {
    me->num_teams = lo > 1 ? (int)lo : 1;
    me->team_num = 0;
    return true;
  }
  if (++me->team_num < me->num_teams)
    return true;
  me->team_num = 0;
  me->num_teams = 0;
  return false;
}

EXPORT int omp_get_team_num(void) { return om_self()->team_num; }
EXPORT int omp_get_num_teams(void)
{
  int n = om_self()->num_teams;
  return n ? n : 1;
}

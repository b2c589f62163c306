/* Tasks: deferred tasks wait in their team's queue until a thread of the team reaches a
 * task scheduling point (a barrier, taskwait, taskgroup's end, taskyield) and runs them, each
 * on that thread's core, its computation simulated after it. As in libgomp, a task runs at
 * once (undeferred) outside a parallel region, when its if clause is false, inside a final
 * task, and when its team already has 64 ready tasks per thread. Dependences (in, out,
 * inout; mutexinoutset and inoutset as inout, which only orders more) are between sibling
 * tasks, through the addresses their parent's children named: a task becomes ready when the
 * tasks it depends on are done. taskwait runs the waiting task's children, taskgroup's end
 * the tasks of that group, a barrier any task of the team. */
#include "omprt.h"
#include "../compute/compute.h"
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

/* GOMP_task's flags (GCC's gomp-constants.h) */
#define F_UNTIED 1
#define F_FINAL 2
#define F_MERGEABLE 4
#define F_DEPEND 8
#define F_PRIORITY 16
#define F_UP 256
#define F_GRAINSIZE 512
#define F_IF 1024
#define F_NOGROUP 2048
#define F_REDUCTION 4096
#define F_DETACH 8192
#define F_STRICT 16384

struct om_taskgroup {
  long count;              /* its tasks not finished */
  om_taskgroup_t *outer;
};

typedef struct dep {
  const void *addr;
  om_task_t *last_out;     /* the last sibling that writes it */
  om_task_t **ins;         /* the siblings that read it since */
  int nins, cap;
  UT_hash_handle hh;
} dep_t;

struct om_task {
  om_task_t *next;         /* in its team's ready queue */
  void (*fn)(void *);
  void *data;
  om_task_t *parent;
  om_team_t *team;
  long children;           /* its child tasks not finished */
  om_taskgroup_t *group;   /* the taskgroup it counts in */
  om_taskgroup_t *taskgroup; /* the innermost one it opened */
  int final, implicit, done, refs;
  int waiter;              /* a stand-in that waits for dependences (never runs) */
  void *owned;             /* its copy of the arguments */
  om_icv_t icv;
  long deps_pending;       /* tasks it waits for */
  om_task_t **succ;        /* tasks that wait for it */
  int nsucc, succ_cap;
  dep_t *deps;             /* what its children depend on */
};

static om_task_t *task_alloc(void)
{
  om_task_t *k = calloc(1, sizeof *k);
  if (!k)
    rt_fatal(1, "out of memory (OpenMP task)");
  k->refs = 1;
  return k;
}

static void task_unref(om_task_t *k)
{
  if (--k->refs > 0)
    return;
  dep_t *d, *tmp;
  HASH_ITER(hh, k->deps, d, tmp)
  {
    if (d->last_out)
      task_unref(d->last_out);
    for (int i = 0; i < d->nins; i++)
      task_unref(d->ins[i]);
    HASH_DEL(k->deps, d);
    free(d->ins);
    free(d);
  }
  free(k->succ);
  free(k->owned);
  free(k);
}

om_task_t *om_implicit_task(om_thread_t *me)
{
  om_task_t *k = task_alloc();
  k->implicit = 1;
  k->team = me->at.team;
  k->icv = me->at.team->icv;
  me->implicit = k;
  return k;
}

void om_implicit_task_end(om_thread_t *me)
{
  if (me->implicit)
    task_unref(me->implicit);
  me->implicit = NULL;
  me->at.task = NULL;
}

om_icv_t *om_icv(void)
{
  om_thread_t *me = om_self();
  if (!me->at.task) { /* the initial task of a thread outside any region */
    om_task_t *k = task_alloc();
    k->implicit = 1;
    k->team = me->at.team;
    k->icv = om_rank()->icv;
    me->at.task = me->implicit = k;
  }
  return &me->at.task->icv;
}

/* --- the ready queue ----------------------------------------------------------------- */

static void make_ready(om_task_t *k)
{
  om_team_t *t = k->team;
  k->next = NULL;
  if (t->ready_tail)
    t->ready_tail->next = k;
  else
    t->ready_head = k;
  t->ready_tail = k;
  t->ready++;
  thr_wake(&t->q);
}

/* The first ready task that ok(k, arg) accepts (NULL: any), out of the queue. */
static om_task_t *take(om_team_t *t, int (*ok)(om_task_t *, void *), void *arg)
{
  om_task_t *prev = NULL;
  for (om_task_t *k = t->ready_head; k; prev = k, k = k->next) {
    if (ok && !ok(k, arg))
      continue;
    if (prev)
      prev->next = k->next;
    else
      t->ready_head = k->next;
    if (t->ready_tail == k)
      t->ready_tail = prev;
    t->ready--;
    return k;
  }
  return NULL;
}

static void add_succ(om_task_t *pred, om_task_t *k)
{
  if (pred->nsucc == pred->succ_cap) {
    pred->succ_cap = pred->succ_cap ? 2 * pred->succ_cap : 4;
    pred->succ = realloc(pred->succ, (size_t)pred->succ_cap * sizeof *pred->succ);
    if (!pred->succ)
      rt_fatal(1, "out of memory (OpenMP task dependences)");
  }
  pred->succ[pred->nsucc++] = k;
  k->deps_pending++;
}

static void finish(om_task_t *k)
{
  k->done = 1;
  for (int i = 0; i < k->nsucc; i++)
    if (--k->succ[i]->deps_pending == 0 && !k->succ[i]->waiter)
      make_ready(k->succ[i]);
  k->nsucc = 0;
  om_team_t *t = k->team;
  if (k->parent) {
    k->parent->children--;
    task_unref(k->parent);
  }
  if (k->group)
    k->group->count--;
  t->tasks--;
  thr_wake(&t->q);
  task_unref(k);
}

/* Runs k on the calling thread, which is not computing (a scheduling point). */
static void run(om_thread_t *me, om_task_t *k)
{
  rt_rank_t *r = rt_self;
  om_task_t *prev = me->at.task;
  me->at.task = k;
  if (r)
    cmp_burst_begin(r);
  om_user(k->fn, k->data);
  if (r)
    cmp_burst_pause(r);
  me->at.task = prev;
  finish(k);
}

int om_task_run_one(om_thread_t *me)
{
  om_task_t *k = take(me->at.team, NULL, NULL);
  if (!k)
    return 0;
  run(me, k);
  return 1;
}

/* A scheduling point: runs the ready tasks ok() accepts until done(arg). */
struct until {
  om_team_t *t;
  int (*done)(void *);
  void *arg;
  int (*ok)(om_task_t *, void *);
  void *ok_arg;
};

static int until_waits(void *arg)
{
  struct until *u = arg;
  if (u->done(u->arg))
    return 0;
  for (om_task_t *k = u->t->ready_head; k; k = k->next)
    if (!u->ok || u->ok(k, u->ok_arg))
      return 0;
  return 1;
}

static void run_until(om_thread_t *me, int (*done)(void *), void *arg, int (*ok)(om_task_t *, void *), void *ok_arg,
                      const char *what, void *pc)
{
  if (done(arg))
    return;
  rt_rank_t *r = om_hold();
  int was = r ? cmp_burst_pause(r) : 0;
  struct until u = {me->at.team, done, arg, ok, ok_arg};
  while (!done(arg)) {
    om_task_t *k = take(me->at.team, ok, ok_arg);
    if (k)
      run(me, k);
    else
      thr_wait(&me->at.team->q, until_waits, &u, what, pc);
  }
  if (was)
    cmp_burst_begin(r);
  om_unhold(r);
}

void om_tasks_until(om_thread_t *me, int (*done)(void *), void *arg, const char *what, void *pc)
{
  run_until(me, done, arg, NULL, NULL, what, pc);
}

/* --- dependences --------------------------------------------------------------------- */

enum { D_IN = 1, D_OUT = 2 };

/* Calls each(addr, kind) for every address of a GOMP depend array. */
static void each_dep(void **depend, void (*each)(const void *, int, void *), void *arg)
{
  size_t n, nout, nmutex = 0, nin, i = 0, first;
  if (depend[0]) { /* {n, out and inout, addresses...} */
    n = (size_t)depend[0];
    nout = (size_t)depend[1];
    nin = n - nout;
    first = 2;
  } else { /* {0, n, out and inout, mutexinoutset, in, addresses..., depobjs...} */
    n = (size_t)depend[1];
    nout = (size_t)depend[2];
    nmutex = (size_t)depend[3];
    nin = (size_t)depend[4];
    first = 5;
  }
  for (; i < nout + nmutex; i++)
    each(depend[first + i], D_OUT, arg);
  for (; i < nout + nmutex + nin; i++)
    each(depend[first + i], D_IN, arg);
  for (; i < n; i++) { /* depobj: {address, kind} with kind 1 (in) or more (out, inout...) */
    void **obj = depend[first + i];
    each(obj[0], (uintptr_t)obj[1] == 1 ? D_IN : D_OUT, arg);
  }
}

static dep_t *dep_of(om_task_t *parent, const void *addr)
{
  dep_t *d;
  HASH_FIND_PTR(parent->deps, &addr, d);
  if (!d) {
    d = calloc(1, sizeof *d);
    if (!d)
      rt_fatal(1, "out of memory (OpenMP task dependences)");
    d->addr = addr;
    HASH_ADD_PTR(parent->deps, addr, d);
  }
  return d;
}

static void after(om_task_t *pred, om_task_t *k)
{
  if (pred && !pred->done)
    add_succ(pred, k);
}

struct dep_arg {
  om_task_t *parent, *k;
  int keep; /* k is a sibling that later ones may depend on (else it only waits) */
};

static void one_dep(const void *addr, int kind, void *arg)
{
  struct dep_arg *a = arg;
  dep_t *d = dep_of(a->parent, addr);
  after(d->last_out, a->k);
  if (kind == D_OUT)
    for (int i = 0; i < d->nins; i++)
      after(d->ins[i], a->k);
  if (!a->keep)
    return;
  if (kind == D_OUT) {
    if (d->last_out)
      task_unref(d->last_out);
    for (int i = 0; i < d->nins; i++)
      task_unref(d->ins[i]);
    d->nins = 0;
    d->last_out = a->k;
  } else {
    if (d->nins == d->cap) {
      d->cap = d->cap ? 2 * d->cap : 4;
      d->ins = realloc(d->ins, (size_t)d->cap * sizeof *d->ins);
      if (!d->ins)
        rt_fatal(1, "out of memory (OpenMP task dependences)");
    }
    d->ins[d->nins++] = a->k;
  }
  a->k->refs++;
}

static int no_pending(void *arg) { return ((om_task_t *)arg)->deps_pending == 0; }

/* The running task waits (running other tasks) until the tasks that depend names are done. */
static void wait_deps(om_thread_t *me, void **depend, void *pc)
{
  om_task_t *w = task_alloc();
  w->waiter = 1;
  each_dep(depend, one_dep, &(struct dep_arg){me->at.task, w, 0});
  run_until(me, no_pending, w, NULL, NULL, "an OpenMP task's dependences", pc);
  task_unref(w);
}

/* --- task creation ------------------------------------------------------------------- */

static void unsupported(void *pc, const char *what)
{
  om_fatal(pc, "%s is not supported by simpi's OpenMP runtime", what);
}

/* An included task's copy of its firstprivate data, then its body (the program's code). */
struct copy_run {
  void (*cpyfn)(void *, void *);
  void (*fn)(void *);
  void *arg, *data;
};
static void copy_then_run(void *arg)
{
  struct copy_run *c = arg;
  c->cpyfn(c->arg, c->data);
  c->fn(c->arg);
}

EXPORT void GOMP_task(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size, long arg_align,
                      bool if_clause, unsigned flags, void **depend, int priority, void *detach)
{
  (void)priority;
  void *pc = OM_CALLER();
  if ((flags & F_DETACH) || detach)
    unsupported(pc, "a task with a detach clause");
  rt_rank_t *held = om_hold();
  om_thread_t *me = om_self();
  om_icv();
  om_task_t *parent = me->at.task;
  om_team_t *t = me->at.team;
  int final = (flags & F_FINAL) || parent->final;
  if (!if_clause || t->level == 0 || parent->final || t->ready > 64 * (long)t->n) {
    if ((flags & F_DEPEND) && depend)
      wait_deps(me, depend, pc);
    om_task_t *k = task_alloc(); /* an included task: children and taskwaits of its own */
    k->team = t;
    k->final = final;
    k->icv = parent->icv;
    k->group = parent->taskgroup ? parent->taskgroup : parent->group;
    me->at.task = k;
    if (cpyfn) {
      char *buf = malloc((size_t)(arg_size + arg_align));
      char *arg = (char *)(((uintptr_t)buf + (uintptr_t)arg_align - 1) & ~((uintptr_t)arg_align - 1));
      om_user(copy_then_run, &(struct copy_run){cpyfn, fn, arg, data});
      free(buf);
    } else {
      om_user(fn, data);
    }
    me->at.task = parent;
    k->done = 1;
    task_unref(k);
    om_unhold(held);
    return;
  }
  om_task_t *k = task_alloc();
  char *buf = malloc((size_t)(arg_size + arg_align));
  if (!buf)
    rt_fatal(1, "out of memory (OpenMP task)");
  char *arg = (char *)(((uintptr_t)buf + (uintptr_t)(arg_align ? arg_align : 1) - 1) &
                       ~((uintptr_t)(arg_align ? arg_align : 1) - 1));
  if (cpyfn)
    cpyfn(arg, data);
  else
    memcpy(arg, data, (size_t)arg_size);
  k->fn = fn;
  k->data = arg;
  k->owned = buf;
  k->team = t;
  k->final = final;
  k->icv = parent->icv;
  k->parent = parent;
  parent->refs++;
  parent->children++;
  k->group = parent->taskgroup ? parent->taskgroup : parent->group;
  if (k->group)
    k->group->count++;
  t->tasks++;
  if ((flags & F_DEPEND) && depend)
    each_dep(depend, one_dep, &(struct dep_arg){parent, k, 1});
  if (k->deps_pending == 0)
    make_ready(k);
  om_unhold(held);
}

/* --- waiting for tasks --------------------------------------------------------------- */

static int no_children(void *arg) { return ((om_task_t *)arg)->children == 0; }
static int child_of(om_task_t *k, void *parent) { return k->parent == parent; }

EXPORT void GOMP_taskwait(void)
{
  om_thread_t *me = om_self();
  om_icv();
  om_task_t *k = me->at.task;
  run_until(me, no_children, k, child_of, k, "an OpenMP taskwait", OM_CALLER());
}

EXPORT void GOMP_taskwait_depend(void **depend)
{
  om_thread_t *me = om_self();
  om_icv();
  if (depend)
    wait_deps(me, depend, OM_CALLER());
}

/* A task may be suspended here for others; simpi runs one ready task of the team, if any. */
EXPORT void GOMP_taskyield(void)
{
  om_thread_t *me = om_self();
  rt_rank_t *r = rt_self;
  int was = r ? cmp_burst_pause(r) : 0;
  om_task_run_one(me);
  if (was)
    cmp_burst_begin(r);
}

EXPORT void GOMP_taskgroup_start(void)
{
  om_thread_t *me = om_self();
  om_icv();
  om_taskgroup_t *g = calloc(1, sizeof *g);
  if (!g)
    rt_fatal(1, "out of memory (OpenMP taskgroup)");
  g->outer = me->at.task->taskgroup;
  me->at.task->taskgroup = g;
}

static int group_empty(void *arg) { return ((om_taskgroup_t *)arg)->count == 0; }
static int in_group(om_task_t *k, void *g) { return k->group == g; }

EXPORT void GOMP_taskgroup_end(void)
{
  om_thread_t *me = om_self();
  om_task_t *k = me->at.task;
  om_taskgroup_t *g = k ? k->taskgroup : NULL;
  if (!g)
    om_fatal(OM_CALLER(), "the end of a taskgroup that was not started");
  run_until(me, group_empty, g, in_group, g, "the end of an OpenMP taskgroup", OM_CALLER());
  k->taskgroup = g->outer;
  free(g);
}

/* --- taskloop ------------------------------------------------------------------------ */

/* The loop's iterations split into tasks; each task's argument block starts with the first
 * and the end of its iterations (two longs, or two unsigned long longs). */
static void taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size, long arg_align,
                     unsigned flags, unsigned long num_tasks, int priority, unsigned long long n,
                     unsigned long long start, unsigned long long step, void *pc)
{
  (void)pc;
  om_thread_t *me = om_self();
  uintptr_t *reds = flags & F_REDUCTION ? ((uintptr_t **)data)[2] : NULL; /* its descriptor */
  if (n == 0) {
    if (reds && !(flags & F_NOGROUP))
      reds[2] = 0; /* nothing to combine */
    return;
  }
  unsigned long long ntasks;
  if (flags & F_GRAINSIZE) {
    unsigned long long grain = num_tasks ? num_tasks : 1;
    ntasks = n / grain;
    if ((flags & F_STRICT) && n % grain)
      ntasks++;
  } else {
    ntasks = num_tasks ? num_tasks : (unsigned long long)me->at.team->n; /* libgomp: the team's size */
  }
  if (ntasks > n)
    ntasks = n;
  if (ntasks < 1)
    ntasks = n ? 1 : 0;
  if (!(flags & F_NOGROUP)) {
    GOMP_taskgroup_start();
    if (reds)
      GOMP_taskgroup_reduction_register(reds);
  }
  unsigned long long base = ntasks ? n / ntasks : 0, extra = ntasks ? n % ntasks : 0, at = 0;
  if ((flags & F_GRAINSIZE) && (flags & F_STRICT)) {
    base = num_tasks;
    extra = 0;
  }
  char *block = malloc((size_t)(arg_size + arg_align));
  if (!block)
    rt_fatal(1, "out of memory (OpenMP taskloop)");
  char *arg = (char *)(((uintptr_t)block + (uintptr_t)(arg_align ? arg_align : 1) - 1) &
                       ~((uintptr_t)(arg_align ? arg_align : 1) - 1));
  for (unsigned long long i = 0; i < ntasks; i++) {
    unsigned long long len = base + (i < extra);
    if (at + len > n)
      len = n - at;
    if (cpyfn)
      cpyfn(arg, data);
    else
      memcpy(arg, data, (size_t)arg_size);
    ((unsigned long long *)arg)[0] = start + at * step;
    ((unsigned long long *)arg)[1] = start + (at + len) * step;
    at += len;
    /* the block now holds the task's own arguments: copied as they are */
    GOMP_task(fn, arg, NULL, arg_size, arg_align, (flags & F_IF) != 0, flags & (F_FINAL | F_UNTIED), NULL, priority,
              NULL);
  }
  free(block);
  if (!(flags & F_NOGROUP))
    GOMP_taskgroup_end();
}

EXPORT void GOMP_taskloop(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
                          long arg_align, unsigned flags, unsigned long num_tasks, int priority, long start, long end,
                          long step)
{
  __int128 span = step > 0 ? (__int128)end - start : (__int128)start - end;
  __int128 st = step > 0 ? (__int128)step : -(__int128)step;
  unsigned long long n = span > 0 && st ? (unsigned long long)((span + st - 1) / st) : 0;
  taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, n, (unsigned long long)start,
           (unsigned long long)step, OM_CALLER());
}

EXPORT void GOMP_taskloop_ull(void (*fn)(void *), void *data, void (*cpyfn)(void *, void *), long arg_size,
                              long arg_align, unsigned flags, unsigned long num_tasks, int priority,
                              unsigned long long start, unsigned long long end, unsigned long long step)
{
  unsigned long long n;
  if (flags & F_UP)
    n = start < end && step ? (unsigned long long)(((unsigned __int128)(end - start) + step - 1) / step) : 0;
  else
    n = start > end && step ? (unsigned long long)(((unsigned __int128)(start - end) + (-step) - 1) / (-step)) : 0;
  taskloop(fn, data, cpyfn, arg_size, arg_align, flags, num_tasks, priority, n, start, step, OM_CALLER());
}

/* --- task reductions ---------------------------------------------------------------- */

/* A descriptor the compiler builds (uintptr_t d[7 + 3 * items]): d[0] items, d[1] bytes of a
 * thread's chunk, d[2] alignment in and the chunks' base out, d[3] allocator, d[4] the next
 * descriptor of the same clause list, d[5] ours (what malloc gave), d[6] the chunks' end; item j:
 * d[7+3j] its original's address, d[8+3j] its offset in a chunk. Each thread of the team has a
 * zeroed chunk; a task in the reduction finds its thread's copy by GOMP_task_reduction_remap, and
 * the compiled code combines the chunks and unregisters. The team keeps the registered ones. */
static void red_add(om_team_t *t, uintptr_t *d)
{
  size_t n = (size_t)t->n, size = d[1], align = d[2] ? d[2] : 1;
  char *raw = calloc(1, n * size + align);
  uintptr_t **list = realloc(t->reds, (size_t)(t->nreds + 1) * sizeof *list);
  if (!raw || !list)
    rt_fatal(1, "out of memory (OpenMP task reduction)");
  uintptr_t base = ((uintptr_t)raw + align - 1) & ~(uintptr_t)(align - 1);
  d[2] = base;
  d[5] = (uintptr_t)raw;
  d[6] = base + n * size;
  t->reds = list;
  t->reds[t->nreds++] = d;
}

EXPORT void GOMP_taskgroup_reduction_register(uintptr_t *data)
{
  om_team_t *t = om_self()->at.team;
  for (uintptr_t *d = data; d; d = (uintptr_t *)d[4])
    red_add(t, d);
}

EXPORT void GOMP_taskgroup_reduction_unregister(uintptr_t *data)
{
  om_team_t *t = om_self()->at.team;
  for (uintptr_t *d = data; d; d = (uintptr_t *)d[4]) {
    for (int i = 0; i < t->nreds; i++)
      if (t->reds[i] == d) {
        t->reds[i] = t->reds[--t->nreds];
        break;
      }
    free((void *)d[5]);
    d[5] = 0;
  }
}

EXPORT void GOMP_task_reduction_remap(size_t cnt, size_t cntorig, void **ptrs)
{
  om_thread_t *me = om_self();
  om_team_t *t = me->at.team;
  for (size_t i = 0; i < cnt; i++) {
    uintptr_t p = (uintptr_t)ptrs[i], *found = NULL;
    size_t j = 0;
    for (int k = t->nreds - 1; k >= 0 && !found; k--) {
      uintptr_t *d = t->reds[k];
      for (j = 0; j < d[0]; j++)
        if (p == d[7 + 3 * j] || (p >= d[2] && p < d[6] && (p - d[2]) % d[1] == d[8 + 3 * j])) {
          found = d;
          break;
        }
    }
    if (!found)
      om_fatal(OM_CALLER(), "an in_reduction item is in no task reduction of the enclosing taskgroups");
    ptrs[i] = (void *)(found[2] + (uintptr_t)me->at.num * found[1] + found[8 + 3 * j]);
    if (i < cntorig)
      ptrs[cnt + i] = (void *)found[7 + 3 * j];
  }
}

/* Task reductions on worksharing constructs and parallel regions share one thread's chunks
 * among every thread's descriptor: refused clearly rather than computed wrong. */
EXPORT void GOMP_workshare_task_reduction_unregister(bool cancelled)
{
  (void)cancelled;
  unsupported(OM_CALLER(), "a task reduction on a worksharing construct");
}

EXPORT int omp_in_final(void)
{
  om_icv();
  return om_self()->at.task->final;
}

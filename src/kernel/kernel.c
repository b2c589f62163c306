/* SimGrid adapter: implements kernel.h with SimGrid's C API: start-up,
 * platform, actors, the clock, computation, sleeps and events here; the
 * transfers in transfer.c (and sendto.cpp, the one call written against the
 * C++ API). Nothing else in simpi includes SimGrid headers. Tracks which
 * rank runs, to fire the resume hook (privatization swaps, burst timers)
 * when control comes back. */
#include "adapter.h"
#include <simgrid/cond.h>
#include <simgrid/engine.h>
#include <simgrid/mutex.h>
#include <xbt/config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>

void *kern_running;
static void (*resume_hook)(void *);
static void (*suspend_hook)(void *), (*continue_hook)(void *);
static void (*deadline_hook)(void);
static double deadline;

void kern_suspending(void *me)
{
  if (suspend_hook && me)
    suspend_hook(me);
}

/* The actor runs again: its state back in place if another ran meanwhile. */
static void take_over(void *me)
{
  if (kern_running != me) {
    kern_running = me;
    if (resume_hook)
      resume_hook(me);
  }
}

void kern_resumed(void *me)
{
  take_over(me);
  if (continue_hook && me)
    continue_hook(me);
  if (deadline_hook && simgrid_get_clock() > deadline)
    deadline_hook();
}

void kern_init(int *argc, char **argv) { simgrid_init(argc, argv); }
size_t kern_default_stack_kib(void) { return (size_t)sg_cfg_get_int("contexts/stack-size"); }

int kern_load_platform(const char *path, char *err, size_t errlen)
{
  (void)err;
  (void)errlen;
  simgrid_load_platform(path);
  return 0;
}

static sg_host_t *hosts;
static size_t nhosts;
static void load_hosts(void)
{
  if (!hosts) {
    nhosts = sg_host_count();
    hosts = nhosts ? sg_host_list() : calloc(1, sizeof *hosts); /* sg_host_list aborts on none */
  }
}
size_t kern_host_count(void)
{
  load_hosts();
  return nhosts;
}
const char *kern_host_name(size_t i)
{
  load_hosts();
  return sg_host_get_name(hosts[i]);
}
int kern_host_index(const char *name)
{
  load_hosts();
  sg_host_t h = sg_host_by_name(name);
  if (!h)
    return -1;
  for (size_t i = 0; i < nhosts; i++)
    if (hosts[i] == h)
      return (int)i;
  return -1;
}
int kern_route_exists(size_t a, size_t b)
{
  static int sealed;
  if (!sealed) { /* routes can be asked for once the platform is sealed; nothing runs yet */
    simgrid_run_until(0);
    sealed = 1;
  }
  load_hosts();
  if (a == b)
    return 1;
  xbt_dynar_t links = xbt_dynar_new(sizeof(void *), NULL);
  sg_host_get_route(hosts[a], hosts[b], links);
  int n = (int)xbt_dynar_length(links);
  xbt_dynar_free(&links);
  return n > 0 || sg_host_get_route_latency(hosts[a], hosts[b]) > 0;
}

double kern_host_speed(size_t i)
{
  load_hosts();
  return sg_host_get_speed(hosts[i]);
}

int kern_host_cores(size_t i)
{
  load_hosts();
  return sg_host_core_count(hosts[i]);
}

sg_host_t kern_host(size_t i)
{
  load_hosts();
  return hosts[i];
}

struct spawn_arg {
  void (*fn)(void *);
  void *arg;
};

static void actor_main(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  struct spawn_arg *sa = sg_actor_self_get_data();
  void (*fn)(void *) = sa->fn;
  void *arg = sa->arg;
  free(sa);
  kern_actor_t me = {arg, NULL, 0};
  sg_actor_self_set_data(&me);
  kern_resumed(arg);
  fn(arg);
  kern_settle(); /* the actor ends at its own time */
  kern_settle_sends(&me);
}

void *kern_spawn(const char *name, size_t host, void (*fn)(void *), void *arg, size_t stack_kib)
{
  load_hosts();
  struct spawn_arg *sa = malloc(sizeof *sa);
  sa->fn = fn;
  sa->arg = arg;
  const char *argv[2] = {name, NULL};
  /* from a running actor, these are simcalls: others may run meanwhile. sg_actor_set_stacksize
   * takes KiB in SimGrid 3.32 (its setter shifts by 10), whatever its name suggests. */
  sg_actor_t a;
  BLOCKING(a = sg_actor_init(name, hosts[host]); if (stack_kib) sg_actor_set_stacksize(a, (unsigned)stack_kib);
           sg_actor_set_data(a, sa); sg_actor_start_(a, actor_main, 1, argv));
  return a;
}

void kern_kill(void *actor) { BLOCKING(sg_actor_kill(actor)); }
void kern_exit_self(void)
{
  sg_actor_exit();
  abort(); /* not reached */
}

/* The engine runs on a stack of its own: SimGrid's solver walks the links
 * and flows that share links by recursion, one frame per link or flow along
 * a chain (the first round of a barrier on the default cluster chains every
 * host), which outgrows the process stack near 100,000 ranks. The space is
 * reserved, not committed: only what the recursion reaches costs memory. */
#define ENGINE_STACK ((size_t)4 << 30)
static ucontext_t engine_ctx, caller_ctx;
static void run_engine(void) { simgrid_run(); }

void kern_run(void)
{
  void *stack = mmap(NULL, ENGINE_STACK, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (stack == MAP_FAILED || getcontext(&engine_ctx)) {
    simgrid_run();
    return;
  }
  engine_ctx.uc_stack.ss_sp = stack;
  engine_ctx.uc_stack.ss_size = ENGINE_STACK;
  engine_ctx.uc_link = &caller_ctx;
  makecontext(&engine_ctx, run_engine, 0);
  swapcontext(&caller_ctx, &engine_ctx);
  munmap(stack, ENGINE_STACK);
}
void kern_set_resume_hook(void (*hook)(void *)) { resume_hook = hook; }
void kern_set_blocking_hooks(void (*suspend)(void *), void (*cont)(void *))
{
  suspend_hook = suspend;
  continue_hook = cont;
}
void kern_set_deadline(double t, void (*hook)(void))
{
  deadline = t;
  deadline_hook = hook;
}
void *kern_self_data(void) { return kern_running; }
void *kern_actor_data(void) { return sg_actor_self() ? kern_me()->data : NULL; }

double kern_now(void) { return simgrid_get_clock() + kern_lag; }

void kern_compute(double flops)
{
  if (flops > 0) {
    kern_tidy_many();
    BLOCKING(sg_actor_execute(flops));
  }
}

/* A sleep shorter than SimGrid's timing precision (surf/precision) ends
 * with the next event within that precision, about the precision later, and
 * SimGrid logs it each time: with a coarser precision (which makes large
 * runs with measured computation cheaper, RESULTS.md) every MPI_Wtime would
 * print a line. Such a sleep is the precision. */
static double precision = -1;
static void sleep_for(double s)
{
  if (precision < 0)
    precision = sg_cfg_get_double("surf/precision");
  sg_actor_sleep_for(s < precision ? precision : s);
}

/* The lag: a program that polls (MPI_Wtime in a loop, MPI_Win_sync on a
 * window it reads) made a SimGrid sleep of 10 ns per pass, a microsecond of
 * the simulator's time each, and millions of passes. Such pauses now add
 * up in the running actor's lag, which kern_now counts and which is slept
 * before its next SimGrid call (BLOCKING) or once it reaches the limit: so
 * its clock, what it sends and when, are as before. What changes is only
 * what it may see of others meanwhile: nothing of theirs runs while it
 * lags, so a change another rank makes to memory it reads (a window, a
 * shared segment) shows up to the limit later. The lag is always 0 when
 * an actor is switched out, so one variable serves all. */
double kern_lag;
static double lag_limit;
void kern_set_lag_limit(double seconds) { lag_limit = seconds; }

void kern_lag_pay(void *me)
{
  double s = kern_lag;
  kern_lag = 0;
  sleep_for(s);
  take_over(me); /* others ran: the actor's state back for the call that follows (not its burst) */
}

void kern_settle(void)
{
  if (kern_lag > 0)
    BLOCKING((void)0);
}

void kern_pause(double s)
{
  if (s > 0 && kern_lag + s < lag_limit)
    kern_lag += s;
  else
    kern_sleep(s);
}

void kern_sleep(double s)
{
  if (s <= 0)
    return;
  s += kern_lag;
  kern_lag = 0;
  kern_tidy_many();
  BLOCKING(sleep_for(s));
}

struct kern_event {
  sg_cond_t cond;
};
static sg_mutex_t event_mutex;

kern_event_t *kern_event_new(void)
{
  kern_event_t *e = malloc(sizeof *e);
  BLOCKING(e->cond = sg_cond_init());
  return e;
}
static void event_mutex_made(void)
{
  if (event_mutex)
    return;
  sg_mutex_t m;
  BLOCKING(m = sg_mutex_init());
  if (!event_mutex) /* unless another rank made one meanwhile: all must share one */
    event_mutex = m;
  else
    sg_mutex_destroy(m);
}

void kern_event_wait(kern_event_t *e, int (*still_waiting)(void *), void *arg)
{
  kern_event_wait_until(e, still_waiting, arg, -1);
}

int kern_event_wait_until(kern_event_t *e, int (*still_waiting)(void *), void *arg, double deadline)
{
  int timed_out = 0;
  event_mutex_made();
  /* the check runs after the last point where others could run before the wait, with the
   * caller's state back in place (the lock lets others run: their globals may be in place) */
  BLOCKING(sg_mutex_lock(event_mutex); kern_resumed(me_); if (still_waiting(arg)) {
    kern_suspending(me_);
    if (deadline < 0)
      sg_cond_wait(e->cond, event_mutex);
    else {
      double left = deadline - simgrid_get_clock();
      timed_out = left <= 0 || sg_cond_wait_for(e->cond, event_mutex, left);
    }
  } sg_mutex_unlock(event_mutex));
  return timed_out;
}
void kern_event_notify(kern_event_t *e) { BLOCKING(sg_cond_notify_all(e->cond)); }
void kern_event_free(kern_event_t *e)
{
  if (e) {
    sg_cond_destroy(e->cond);
    free(e);
  }
}

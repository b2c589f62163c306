/* How a rank ends, as a process would under mpiexec. exit(), _exit() and
 * _Exit() called by a rank end that rank only: its atexit, on_exit and
 * __cxa_atexit handlers (C++ destructors of its globals) run, in reverse
 * order, and the rank's body resumes in rank_body. A rank that exits with a
 * non-zero status before MPI_Finalize (or returns one from main) ends the
 * job with that status once the simulated clock moves on, as mpiexec kills
 * the other processes; the ranks that are running at that instant finish
 * it, so that what they print is not lost. Handlers registered by the
 * program's code belong to the rank running it; those registered while the
 * program's constructors ran before the simulation go to rank 0, whose
 * globals those constructors built (to the end of the run when globals are
 * shared); libraries' go to libc. */
#define _GNU_SOURCE
#include "libc.h"
#include "runtime.h"
#include "../kernel/kernel.h"
#include <execinfo.h>
#include <setjmp.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

enum { AT_EXIT, ON_EXIT, CXA };

/* simulated seconds the other ranks may run on after an exit ends the job */
#define EXIT_GRACE 0.01

typedef struct rt_exit_fn {
  int kind;
  void (*fn)(void);
  void *arg;
  struct rt_exit_fn *next;
} rt_exit_fn_t;

static rt_exit_fn_t *process_fns; /* the program's, registered before the simulation */

/* Where a handler registered now belongs: the running rank's list, the
 * process's, or NULL for libc's. */
static rt_exit_fn_t **list_for(const void *code)
{
  if (!rt_in_program(code))
    return NULL;
  return rt_self ? &rt_self->exit_fns : &process_fns;
}

static int add(rt_exit_fn_t **list, int kind, void (*fn)(void), void *arg)
{
  rt_exit_fn_t *e = malloc(sizeof *e);
  if (!e)
    return -1;
  *e = (rt_exit_fn_t){kind, fn, arg, *list};
  *list = e;
  return 0;
}

typedef int (*cxa_fn)(void (*)(void *), void *, void *);

EXPORT int __cxa_atexit(void (*fn)(void *), void *arg, void *dso)
{
  rt_exit_fn_t **list = list_for(dso);
  if (!list)
    return ((cxa_fn)rt_libc_next("__cxa_atexit"))(fn, arg, dso);
  return add(list, CXA, (void (*)(void))fn, arg);
}

/* thread_local destructors: the rank's main thread's run with the rank's exit handlers, those
 * of a thread it started when that thread ends */
EXPORT int __cxa_thread_atexit_impl(void (*fn)(void *), void *obj, void *dso)
{
  rt_exit_fn_t **list = list_for(dso);
  if (!list)
    return ((cxa_fn)rt_libc_next("__cxa_thread_atexit_impl"))(fn, obj, dso);
  if (rt_self && rt_thr && rt_thr != &rt_self->main)
    list = &rt_thr->exit_fns;
  return add(list, CXA, (void (*)(void))fn, obj);
}

EXPORT int atexit(void (*fn)(void))
{
  rt_exit_fn_t **list = list_for((const void *)fn);
  if (!list)
    return ((cxa_fn)rt_libc_next("__cxa_atexit"))((void (*)(void *))fn, NULL, NULL);
  return add(list, AT_EXIT, fn, NULL);
}

EXPORT int on_exit(void (*fn)(int, void *), void *arg)
{
  rt_exit_fn_t **list = list_for((const void *)fn);
  if (!list)
    return ((int (*)(void (*)(int, void *), void *))rt_libc_next("on_exit"))(fn, arg);
  return add(list, ON_EXIT, (void (*)(void))fn, arg);
}

/* Runs and empties a list of handlers; one may register more or call exit. */
static void run(rt_exit_fn_t **list, int status)
{
  rt_exit_fn_t *e;
  while ((e = *list)) {
    *list = e->next;
    if (e->kind == AT_EXIT)
      e->fn();
    else if (e->kind == ON_EXIT)
      ((void (*)(int, void *))e->fn)(status, e->arg);
    else
      ((void (*)(void *))e->fn)(e->arg);
    free(e);
  }
}

void rt_exit_run_handlers(rt_rank_t *r, int status) { run(&r->exit_fns, status); }
void rt_exit_thread_handlers(rt_thread_t *t) { run(&t->exit_fns, 0); }
void rt_exit_run_process_handlers(void) { run(&process_fns, 0); }

void rt_exit_adopt_process_handlers(rt_rank_t *r)
{
  r->exit_fns = process_fns;
  process_fns = NULL;
}

/* The job's end, requested by a rank's exit before MPI_Finalize. */
static struct {
  int pending, status, rank;
  double at;
  void *pc;
  int initialized;
} job;

void rt_exit_rank_ends(rt_rank_t *r, int status)
{
  r->exit_code = status;
  if (!status || r->finalized)
    return;
  if (!job.pending) {
    job.pending = 1;
    job.at = kern_now();
    job.rank = r->id;
    job.pc = r->exit_pc;
    job.initialized = r->initialized;
  }
  job.status |= status;
}

int rt_exit_job_due(int now)
{
  return job.pending && (now || kern_now() > job.at + EXIT_GRACE);
}

int rt_exit_job_report(char *why, size_t len)
{
  char loc[600] = "";
  if (job.pc)
    rt_srcloc(job.pc, loc, sizeof loc);
  fflush(stdout);
  int code = rt_ranks[job.rank].exit_code;
  char how[64];
  if (job.pc)
    snprintf(how, sizeof how, "called exit(%d)", code);
  else
    snprintf(how, sizeof how, "returned %d from main", code);
  snprintf(why, len, "rank %d %s%s%s%s: the job ends with status %d", job.rank, how, loc[0] ? " at " : "", loc,
           job.initialized ? " before MPI_Finalize" : "", job.status);
  fprintf(stderr, "simpi: %s\n", why);
  return job.status;
}

void rt_exit_rank_finish(rt_rank_t *r)
{
  rt_thread_end_all(r);
  if (r->initialized && !r->finalized && !r->exit_code) {
    char loc[600] = "";
    if (r->exit_pc)
      rt_srcloc(r->exit_pc, loc, sizeof loc);
    if (r->exit_pc)
      rt_warn("rank %d called exit(0)%s%s without calling MPI_Finalize", r->id, loc[0] ? " at " : "", loc);
    else
      rt_warn("rank %d returned from main without calling MPI_Finalize", r->id);
  }
  r->state = RT_ENDED;
  rt_ranks_ended++;
}

/* Where the program's own code called exit, when a library did it for the program (gfortran's
 * STOP, a C++ runtime): the innermost frame in the program. */
static void *program_caller(void *pc)
{
  if (rt_in_program(pc))
    return pc;
  void *pcs[32];
  int n = backtrace(pcs, 32);
  for (int i = 0; i < n; i++)
    if (rt_in_program(pcs[i]))
      return pcs[i];
  return pc;
}

static void rank_exit(int status, int handlers, void *pc)
{
  rt_rank_t *r = rt_self;
  pc = program_caller(pc);
  if (!r->exit_pc)
    r->exit_pc = pc;
  if (handlers)
    rt_exit_run_handlers(r, status);
  rt_exit_rank_ends(r, status);
  if (rt_thr == &r->main)
    longjmp(*(jmp_buf *)r->exit_jmp, 1);
  /* another thread: the process ends with its main thread, wherever that is */
  rt_thread_t *me = rt_thr;
  if (!r->main.ended) {
    r->main.ended = 1;
    kern_kill(r->main.actor);
  }
  rt_exit_rank_finish(r);
  rt_thread_ended(me);
  kern_exit_self();
}

/* The program's code is running in a rank (not the simulator's). */
static int from_rank(void)
{
  return rt_self && rt_self->exit_jmp && kern_actor_data() == rt_thr && rt_thr && !rt_thr->helper;
}

void rt_exit_process(int status)
{
  syscall(SYS_exit_group, status);
  __builtin_unreachable();
}

/* fork() in a rank: the child is the program's business, as under mpiexec. It leaves the
 * simulation at once (the other ranks, copied into it, never run there): it runs on the rank's
 * globals with the real clocks, and exit() ends it with its own status, after the rank's exit
 * handlers, with no report. The parent's buffered output goes out first, so that the child
 * does not print it (nor other ranks' lines) a second time. */
rt_rank_t *rt_forked; /* in a forked child: the rank it was forked from */

EXPORT pid_t fork(void)
{
  rt_rank_t *r = rt_self;
  if (r)
    fflush(NULL);
  pid_t pid = ((pid_t(*)(void))rt_libc_next("fork"))();
  if (pid == 0 && r) {
    rt_forked = r;
    rt_self = NULL;
    rt_thr = NULL;
  }
  return pid;
}

void rt_exit_forked_child(int status)
{
  rt_exit_run_handlers(rt_forked, status);
  fflush(NULL);
  rt_exit_process(status);
}

EXPORT void exit(int status)
{
  if (rt_forked)
    rt_exit_forked_child(status);
  if (from_rank())
    rank_exit(status, 1, __builtin_return_address(0));
  ((void (*)(int))rt_libc_next("exit"))(status);
  __builtin_unreachable();
}

EXPORT void _exit(int status)
{
  if (from_rank())
    rank_exit(status, 0, __builtin_return_address(0));
  rt_exit_process(status);
}

/* the same function under C99's name */
EXPORT void _Exit(int status) __attribute__((alias("_exit")));

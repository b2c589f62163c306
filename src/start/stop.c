/* Stopping a run from outside, cleanly: SIGTERM, SIGINT, SIGHUP and
 * SIGXCPU, and the time limits (--timeout: wall seconds, as mpiexec's;
 * --time-limit: simulated seconds). A signal handler only records what
 * happened; the run stops at the next point where its state is whole (a
 * rank resuming, a rank created at start-up): the program's output is
 * flushed, the trace, timeline and Paje files are closed so that they stay
 * valid, the report says where each rank was, and the status is 128+signal
 * (255 for a time limit, as MPICH's mpiexec gives it with MPIEXEC_TIMEOUT). A run that
 * reaches no such point within a second (a rank computing forever, a long
 * start-up step) or a second signal is stopped from the handler itself,
 * with what can be written without taking locks. */
#define _GNU_SOURCE
#include "start.h"
#include "../kernel/kernel.h"
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <ucontext.h>
#include <unistd.h>

volatile sig_atomic_t rt_stop_pending;
static volatile sig_atomic_t why;  /* the signal, or SIGALRM for --timeout */
static volatile sig_atomic_t interrupted = -1; /* the rank that was running, if it was computing */
static void *volatile interrupted_pc;
static void (*finish)(int status, const char *why); /* closes the outputs (start.c) */

static void arm(double seconds)
{
  struct itimerval t = {{0, 0}, {(time_t)seconds, (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6)}};
  setitimer(ITIMER_REAL, &t, NULL);
}

static const char *reason(char *buf, size_t len)
{
  if (why == SIGALRM)
    snprintf(buf, len, "the time limit of %g s of wall time (--timeout) was reached", rt_opts.timeout);
  else if (why == SIGVTALRM)
    snprintf(buf, len, "the simulated time limit of %g s (--time-limit) was reached", rt_opts.time_limit);
  else
    snprintf(buf, len, "stopped by SIG%s", sigabbrev_np(why));
  return buf;
}

static int status(void) { return why == SIGALRM || why == SIGVTALRM ? 255 : 128 + why; }

/* The forced stop, from a signal handler: no stdio locks, no malloc. */
static void forced(void)
{
  char line[1024], r[160], loc[600] = "", where[700] = "";
  if (interrupted >= 0 && interrupted_pc) {
    rt_srcloc(interrupted_pc, loc, sizeof loc);
    snprintf(where, sizeof where, ": rank %d is computing at %s", (int)interrupted, loc[0] ? loc : "(no line)");
  }
  int n = snprintf(line, sizeof line, "\nsimpi: %s at simulated time %.6f s; the run did not reach a safe point%s\n",
                   reason(r, sizeof r), kern_now(), where);
  if (write(2, line, (size_t)n) < 0)
    n = 0;
  if (!rt_self) /* still starting: nothing written yet, and the heap may be mid-change */
    rt_exit_process(status());
  finish(status(), r);
}

static void on_signal(int sig, siginfo_t *si, void *uc)
{
  (void)si;
  if (sig == SIGALRM && rt_stop_pending) { /* the grace second is over */
    forced();
    return;
  }
  if (rt_stop_pending) { /* a second signal: the user insists */
    forced();
    return;
  }
  why = sig;
  rt_stop_pending = 1;
  rt_rank_t *r = rt_self;
  if (r && r->computing) {
    interrupted = r->id;
    interrupted_pc = (char *)((ucontext_t *)uc)->uc_mcontext.gregs[REG_RIP] + 1; /* as a return address */
  }
  arm(1);
}

void rt_stop_install(void (*finish_fn)(int status, const char *why))
{
  finish = finish_fn;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_signal;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&sa.sa_mask);
  int sigs[] = {SIGTERM, SIGINT, SIGHUP, SIGXCPU, SIGALRM};
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
    sigaction(sigs[i], &sa, NULL);
  if (rt_opts.timeout > 0)
    arm(rt_opts.timeout);
}

void rt_stop_time_limit(void)
{
  why = SIGVTALRM;
  rt_stop_pending = 1;
  rt_stop_now();
}

void rt_stop_now(void)
{
  arm(0);
  rt_progress_end();
  fflush(stdout);
  char r[160];
  fprintf(stderr, "simpi: %s at simulated time %.6f s\n", reason(r, sizeof r), kern_now());
  if (interrupted >= 0 && interrupted_pc) {
    char loc[600];
    rt_srcloc(interrupted_pc, loc, sizeof loc);
    fprintf(stderr, "  rank %d was computing at %s\n", (int)interrupted, loc[0] ? loc : "(no line)");
  }
  rt_report_ranks();
  finish(status(), r);
  __builtin_unreachable();
}

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
static volatile sig_atomic_t why;  /* the signal, or SIGALRM for --timeout, SIGVTALRM for --time-limit */
static volatile sig_atomic_t timeout_set; /* our own alarm is set: --timeout's, then the grace second */
static volatile sig_atomic_t stopping;    /* the stop is being carried out: later signals change nothing */
static volatile sig_atomic_t interrupted = -1; /* the rank that was running, if it was computing */
static void *volatile interrupted_pc;
static void (*finish)(int status, const char *why); /* closes the outputs (start.c) */

static void arm(double seconds)
{
  timeout_set = seconds > 0;
  struct itimerval t = {{0, 0}, {(time_t)seconds, (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6)}};
  setitimer(ITIMER_REAL, &t, NULL);
}

static const char *reason(char *buf, size_t len)
{
  if (why == SIGPIPE)
    snprintf(buf, len, "the program's output was closed (SIGPIPE)");
  else if (why == SIGALRM && rt_opts.timeout > 0)
    snprintf(buf, len, "the time limit of %g s of wall time (--timeout) was reached", rt_opts.timeout);
  else if (why == SIGVTALRM)
    snprintf(buf, len, "the simulated time limit of %g s (--time-limit) was reached", rt_opts.time_limit);
  else
    snprintf(buf, len, "stopped by SIG%s", sigabbrev_np(why));
  return buf;
}

static int status(void) { return (why == SIGALRM && rt_opts.timeout > 0) || why == SIGVTALRM ? 255 : 128 + why; }

/* The forced stop, from a signal handler: no stdio locks, no malloc. */
static void forced(void)
{
  stopping = 1;
  char line[1024], r[160], loc[600] = "", where[700] = "";
  if (interrupted >= 0 && interrupted_pc) {
    rt_srcloc(interrupted_pc, loc, sizeof loc);
    snprintf(where, sizeof where, ": rank %d is computing at %s", (int)interrupted, loc[0] ? loc : "(no line)");
  }
  int n = snprintf(line, sizeof line, "\nsimpi: %s at simulated time %.6f s; the run did not reach a safe point%s\n",
                   reason(r, sizeof r), kern_now(), where);
  if (why != SIGPIPE && write(2, line, (size_t)n) < 0) /* a closed output is no news */
    n = 0;
  if (!rt_self) /* still starting: nothing written yet, and the heap may be mid-change */
    rt_exit_process(status());
  finish(status(), r);
}

static void on_signal(int sig, siginfo_t *si, void *uc)
{
  (void)si;
  int ours = sig == SIGALRM && timeout_set; /* not somebody else's SIGALRM */
  timeout_set = ours ? 0 : timeout_set;
  if (stopping || (sig == SIGPIPE && rt_stop_pending)) /* being carried out; a closed output stays closed */
    return;
  if (rt_stop_pending && (ours || sig != SIGALRM)) { /* the grace second is over, or the user insists */
    forced();
    return;
  }
  if (rt_stop_pending)
    return;
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
  int sigs[] = {SIGTERM, SIGINT, SIGHUP, SIGXCPU, SIGALRM, SIGPIPE};
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
  stopping = 1;
  arm(0);
  rt_progress_end();
  char r[160];
  reason(r, sizeof r);
  if (why == SIGPIPE) { /* the reader went away (a pipe into head): the files are finished quietly */
    signal(SIGPIPE, SIG_IGN);
    finish(status(), r);
  }
  fflush(stdout);
  fprintf(stderr, "simpi: %s at simulated time %.6f s\n", r, kern_now());
  if (interrupted >= 0 && interrupted_pc) {
    char loc[600];
    rt_srcloc(interrupted_pc, loc, sizeof loc);
    fprintf(stderr, "  rank %d was computing at %s\n", (int)interrupted, loc[0] ? loc : "(no line)");
  }
  rt_report_ranks();
  finish(status(), r);
  __builtin_unreachable();
}

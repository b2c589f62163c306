/* Reports any layer may make: warnings, fatal errors, and crash reports
 * with a backtrace of the crashing rank (the reports at the end of a run
 * are in src/start/end.c). */
#define _GNU_SOURCE
#include "runtime.h"
#include "../kernel/kernel.h"
#include <errno.h>
#include <execinfo.h>
#include <signal.h>
#include <stdint.h>
#include <ucontext.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void rt_warn(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fflush(stdout);
  fputs("simpi: warning: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
}

void (*rt_early_end_hook)(const char *why);
int rt_outputs_lost;

void rt_output_failed(const char *what, const char *path, int err)
{
  if (rt_outputs_lost++)
    return;
  fflush(stdout);
  fprintf(stderr, "simpi: cannot write the %s '%s': %s\n", what, path, strerror(err ? err : EIO));
}

void rt_fatal(int status, const char *fmt, ...)
{
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fflush(stdout);
  fprintf(stderr, "simpi: %s\n", msg);
  rt_stats_report_partial("the run stopped on this error");
  if (rt_early_end_hook)
    rt_early_end_hook(msg);
  rt_timeline_close(0); /* a run that stops early still leaves a readable timeline */
  rt_paje_close();
  fflush(NULL);
  rt_exit_process(status);
}

/* A fault just below the stack pointer: the rank ran off the end of its stack. */
static int stack_overflow(int sig, const siginfo_t *si, void *uctx)
{
  if (sig != SIGSEGV && sig != SIGBUS)
    return 0;
  uintptr_t sp = (uintptr_t)((ucontext_t *)uctx)->uc_mcontext.gregs[REG_RSP], at = (uintptr_t)si->si_addr;
  return at + 65536 >= sp && at <= sp + 4096;
}

static void crash_handler(int sig, siginfo_t *si, void *uctx)
{
  fflush(stdout);
  rt_rank_t *r = rt_self;
  if (r && stack_overflow(sig, si, uctx))
    fprintf(stderr, "simpi: rank %d overflowed its stack (SIG%s at %p, just below the stack pointer): give ranks larger "
                    "stacks with --cfg=contexts/stack-size:KIB (now %zu KiB), or keep large arrays off the stack\n",
            r->id, sigabbrev_np(sig), si->si_addr, rt_opts.stack_kib ? rt_opts.stack_kib : kern_default_stack_kib());
  else if (r)
    fprintf(stderr, "simpi: rank %d crashed with SIG%s (%s)%s%s\n", r->id, sigabbrev_np(sig), strsignal(sig),
            r->call ? ", last MPI call " : "", r->call ? r->call : "");
  else
    fprintf(stderr, "simpi: the simulator crashed with SIG%s (%s)\n", sigabbrev_np(sig), strsignal(sig));
  fprintf(stderr, "simpi: backtrace of %s:\n", r ? "that rank" : "the simulator");
  void *pcs[32];
  int n = backtrace(pcs, 32);
  int shown = 0;
  /* the interrupted instruction is itself the place (srcloc looks one byte before what it is
   * given); every other frame's is a return address: the call is just before it */
  void *fault = (void *)((ucontext_t *)uctx)->uc_mcontext.gregs[REG_RIP];
  int first = 0; /* the handler's own frames and the signal trampoline come before the fault */
  while (first < n && pcs[first] != fault)
    first++;
  if (first == n)
    first = 0;
  for (int i = first; i < n && shown < 16; i++) {
    char loc[600];
    rt_srcloc(pcs[i] == fault ? (char *)pcs[i] + 1 : pcs[i], loc, sizeof loc);
    if (!loc[0])
      continue;
    if (strstr(loc, "(crash_handler)") || strstr(loc, "__restore_rt"))
      continue;
    fprintf(stderr, "  #%d %s\n", shown++, loc);
    if (strstr(loc, "(main)"))
      break;
  }
  char what[160];
  snprintf(what, sizeof what, "the simulator crashed with SIG%s", sigabbrev_np(sig));
  if (r)
    snprintf(what, sizeof what, "rank %d crashed with SIG%s", r->id, sigabbrev_np(sig));
  rt_stats_report_partial(what);
  if (rt_early_end_hook)
    rt_early_end_hook(what);
  rt_timeline_close(0); /* a run that stops early still leaves a readable timeline */
  rt_paje_close();
  fflush(NULL);
  rt_exit_process(128 + sig);
}

/* Backtraces use glibc's backtrace(), i.e. libgcc's unwinder, which unwinds
 * through the signal frame. (libunwind did, but linking it put its own
 * _Unwind_RaiseException before libgcc's, and SimGrid ends every actor by
 * throwing: 18% of a 10,000-rank hello went to it.) */
void rt_crash_handlers_install(void)
{
  void *warm[1];
  backtrace(warm, 1); /* loads the unwinder now, not in a signal handler */
  static char altstack[1 << 16];
  stack_t ss = {.ss_sp = altstack, .ss_size = sizeof altstack};
  sigaltstack(&ss, NULL);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = crash_handler;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
  int sigs[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
    sigaction(sigs[i], &sa, NULL);
}

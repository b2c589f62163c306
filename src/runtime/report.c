/* Reports: warnings, fatal errors, the deadlock report, crash reports with a
 * backtrace of the crashing rank, and the final one-line summary. */
#define _GNU_SOURCE
#define UNW_LOCAL_ONLY
#include "runtime.h"
#include "../kernel/kernel.h"
#include "../p2p/p2p.h"
#include "../compute/compute.h"
#include "../action/trace.h"
#include <libunwind.h>
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

void rt_fatal(int status, const char *fmt, ...)
{
  char msg[2048];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  fflush(stdout);
  fprintf(stderr, "simpi: %s\n", msg);
  trace_close_stopped(msg);
  rt_timeline_close(0); /* a run that stops early still leaves a readable timeline */
  rt_paje_close();
  fflush(NULL);
  rt_exit_process(status);
}

/* The rank r waits for (world rank), or -1 when it waits for anyone or nobody. */
static int waits_for(const rt_rank_t *r)
{
  if (r->state != RT_RUNNING || !r->waiting_on)
    return -1;
  return r->waiting_on->peer_world;
}

/* Prints the first cycle of ranks waiting for each other, if there is one. */
static void report_cycle(void)
{
  char *seen = calloc((size_t)rt_nranks, 1);
  for (int start = 0; start < rt_nranks; start++) {
    if (seen[start])
      continue;
    /* walk from start; seen marks 2 = on this walk, 1 = done */
    int r = start;
    while (r >= 0 && !seen[r]) {
      seen[r] = 2;
      r = waits_for(&rt_ranks[r]);
    }
    if (r >= 0 && seen[r] == 2) {
      char line[1024];
      int len = snprintf(line, sizeof line, "simpi: the waits form a cycle: rank %d", r);
      int k = waits_for(&rt_ranks[r]), hops = 0;
      while (k != r && hops++ < 16 && len < (int)sizeof line - 64) {
        len += snprintf(line + len, sizeof line - (size_t)len, " waits for rank %d, which", k);
        k = waits_for(&rt_ranks[k]);
      }
      snprintf(line + len, sizeof line - (size_t)len, " waits for rank %d", r);
      fprintf(stderr, "%s\n", line);
      break;
    }
    for (int x = start; x >= 0 && seen[x] == 2; x = waits_for(&rt_ranks[x]))
      seen[x] = 1;
  }
  free(seen);
}

/* Where each rank that has not ended is: its MPI call, what it waits for
 * and the source line; then the ranks that left before MPI_Finalize. */
void rt_report_ranks(void)
{
  int left = 0, shown = 0, unborn = 0;
  for (int i = 0; i < rt_nranks; i++) {
    left += rt_ranks[i].state == RT_RUNNING;
    unborn += rt_ranks[i].state == RT_NEW;
  }
  for (int i = 0; i < rt_nranks; i++) {
    rt_rank_t *r = &rt_ranks[i];
    if (r->state != RT_RUNNING)
      continue;
    if (shown++ == 64) {
      fprintf(stderr, "  ... and %d more\n", left - 64);
      break;
    }
    char loc[600], what[200] = "";
    rt_srcloc(r->call_pc, loc, sizeof loc);
    if (r->waiting_on) {
      p2p_describe(r->waiting_on, what, sizeof what);
      int peer = r->waiting_on->peer_world;
      if (peer >= 0 && peer < rt_nranks && rt_ranks[peer].state == RT_ENDED) {
        size_t n = strlen(what);
        snprintf(what + n, sizeof what - n, ", but rank %d has %s", peer,
                 rt_ranks[peer].finalized ? "already called MPI_Finalize" : "already ended");
      }
    }
    else if (r->waiting_note)
      snprintf(what, sizeof what, "%s", r->waiting_note);
    else if (r->q.probing)
      snprintf(what, sizeof what, "probing for a message from rank %d (tag %d)", r->q.probe_src, r->q.probe_tag);
    if (r->trace_file)
      fprintf(stderr, "  rank %d: in %s%s%s, replaying %s:%ld\n", i, r->call ? r->call : "(no MPI call)",
              what[0] ? " " : "", what, r->trace_file, r->trace_line);
    else
      fprintf(stderr, "  rank %d: in %s%s%s%s%s\n", i, r->call ? r->call : "(no MPI call)",
              what[0] ? " " : "", what, loc[0] ? " at " : "", loc);
  }
  if (unborn)
    fprintf(stderr, "  %d rank%s never started\n", unborn, unborn == 1 ? "" : "s");
  for (int i = 0, gone = 0; i < rt_nranks && gone < 16; i++) { /* who they may be waiting for */
    rt_rank_t *r = &rt_ranks[i];
    if (r->state != RT_ENDED || !r->initialized || r->finalized)
      continue;
    char loc[600] = "";
    if (r->exit_pc)
      rt_srcloc(r->exit_pc, loc, sizeof loc);
    fprintf(stderr, "  rank %d: %s%s%s before MPI_Finalize\n", i, r->exit_pc ? "called exit" : "returned from main",
            loc[0] ? " at " : "", loc);
    gone++;
  }
}

void rt_report_deadlock(void)
{
  rt_progress_end();
  fflush(stdout);
  int blocked = 0;
  for (int i = 0; i < rt_nranks; i++)
    blocked += rt_ranks[i].state != RT_ENDED;
  char what[128];
  snprintf(what, sizeof what, "deadlock at simulated time %.6f s: %d rank%s blocked", kern_now(), blocked,
           blocked == 1 ? " is" : "s are");
  trace_close_stopped(what); /* what was recorded helps to see where the ranks got stuck */
  fprintf(stderr, "simpi: %s\n", what);
  rt_report_ranks();
  report_cycle();
  rt_timeline_close(1); /* with the calls the ranks are blocked in */
  rt_paje_close();
  fflush(NULL);
  rt_exit_process(1);
}

/* Messages that reached a rank's queue and were never received. */
void rt_report_unreceived(void)
{
  int n = 0;
  for (int i = 0; i < rt_nranks; i++)
    for (p2p_msg_t *m = rt_ranks[i].q.uhead; m; m = m->next) {
      if (m->ctx % 2) /* the collective context: the library's own messages */
        continue;
      if (n++ == 20)
        break;
      char loc[600];
      rt_srcloc(m->pc, loc, sizeof loc);
      rt_warn("message from rank %d to rank %d (tag %d, %s, %zu bytes)%s%s was never received", m->owner, i,
              m->tag, m->comm_name ? m->comm_name : "?", m->bytes, loc[0] ? " sent at " : "", loc);
    }
}

void rt_final_report(double wall)
{
  if (rt_opts.quiet && !rt_opts.display_timing)
    return;
  fflush(stdout);
  double program = cmp_stats.measured, simulator = wall > program ? wall - program : 0;
  char sampling[96] = "";
  if (cmp_stats.samples || cmp_stats.skipped)
    snprintf(sampling, sizeof sampling, "; sampled loops: %ld iterations run, %ld skipped", cmp_stats.samples,
             cmp_stats.skipped);
  fprintf(stderr, "simpi: simulated time %.6f s, wall time %.3f s, %d rank%s (program %.3f s, simulator %.3f s%s)\n",
          kern_now(), wall, rt_nranks, rt_nranks == 1 ? "" : "s", program, simulator, sampling);
  if (rt_opts.display_timing)
    fprintf(stderr, "simpi: timing: %.3f s of wall time, %.1f%% running the program's computation (%ld bursts "
                    "injected), %.1f%% in the simulator\n",
            wall, wall > 0 ? 100 * program / wall : 0, cmp_stats.bursts, wall > 0 ? 100 * simulator / wall : 0);
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
  int n = unw_backtrace(pcs, 32);
  int shown = 0;
  for (int i = 0; i < n && shown < 16; i++) {
    char loc[600];
    rt_srcloc((char *)pcs[i] + 1, loc, sizeof loc);
    if (!loc[0])
      continue;
    if (strstr(loc, "(crash_handler)") || strstr(loc, "__restore_rt"))
      continue;
    fprintf(stderr, "  #%d %s\n", shown++, loc);
    if (strstr(loc, "(main)"))
      break;
  }
  char what[160];
  snprintf(what, sizeof what, "%s crashed with SIG%s", r ? "a rank" : "the simulator", sigabbrev_np(sig));
  if (r)
    snprintf(what, sizeof what, "rank %d crashed with SIG%s", r->id, sigabbrev_np(sig));
  trace_close_stopped(what);
  rt_timeline_close(0); /* a run that stops early still leaves a readable timeline */
  rt_paje_close();
  fflush(NULL);
  rt_exit_process(128 + sig);
}

void rt_crash_handlers_install(void)
{
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

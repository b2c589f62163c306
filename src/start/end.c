/* The end of a run: the deadlock report (where each blocked rank is, what
 * it waits for, the first cycle of waits, the ranks that left early), where
 * each rank is when a run is stopped, messages never received, and the
 * final one-line summary. */
#include "start.h"
#include "../kernel/kernel.h"
#include "../p2p/p2p.h"
#include "../compute/compute.h"
#include "../action/trace.h"
#include "../mpi/poll.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The request thread t of rank r waits for: its own, else, for a thread waiting for a
 * nonblocking collective, what the collective's helper waits for (it says more). */
static const struct p2p_req *wait_of(const rt_rank_t *r, const rt_thread_t *t)
{
  const rt_tctx_t *f = rt_thread_fields(t);
  if (f->waiting_on || !f->mpi_depth || f->waiting_note)
    return f->waiting_on;
  for (const rt_thread_t *h = r->threads; h; h = h->next)
    if (h->helper && !h->ended && rt_thread_fields(h)->waiting_on)
      return rt_thread_fields(h)->waiting_on;
  return NULL;
}

/* The rank r waits for (world rank), or -1 when it waits for anyone or nobody: what its main
 * thread waits for, else the first of its own threads that waits for a rank. */
static int waits_for(const rt_rank_t *r)
{
  if (r->state != RT_RUNNING)
    return -1;
  const struct p2p_req *w = r->main.ended ? NULL : wait_of(r, &r->main);
  if (w)
    return w->peer_world;
  for (const rt_thread_t *t = r->threads; t; t = t->next)
    if (!t->helper && !t->ended && (w = wait_of(r, t)) && w->peer_world >= 0)
      return w->peer_world;
  return -1;
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

/* Where thread t of rank r is: its MPI call (or what else it waits in), what it waits for, the
 * source line; a thread of the rank's own is named with what it runs. */
static void report_thread(const rt_rank_t *r, const rt_thread_t *t)
{
  const rt_tctx_t *f = rt_thread_fields(t);
  const struct p2p_req *w = wait_of(r, t);
  char loc[600], what[200] = "", who[720];
  rt_srcloc(f->call_pc, loc, sizeof loc);
  if (w) {
    p2p_describe(w, what, sizeof what);
    int peer = w->peer_world;
    if (peer >= 0 && peer < rt_nranks && rt_ranks[peer].state == RT_ENDED) {
      size_t n = strlen(what);
      snprintf(what + n, sizeof what - n, ", but rank %d has %s", peer,
               rt_ranks[peer].finalized ? "already called MPI_Finalize" : "already ended");
    }
  } else if (f->waiting_note)
    snprintf(what, sizeof what, "%s", f->waiting_note);
  else if (r->q.probing && t == &r->main)
    snprintf(what, sizeof what, "probing for a message from rank %d (tag %d)", r->q.probe_src, r->q.probe_tag);
  if (t == &r->main) {
    snprintf(who, sizeof who, "rank %d", r->id);
  } else {
    char runs[660];
    rt_thread_describe(t, runs, sizeof runs);
    snprintf(who, sizeof who, "rank %d, thread %d (%s)", r->id, t->num, runs);
  }
  const char *call = f->call ? f->call : "(no MPI call)";
  if (t->ended) /* the main thread called pthread_exit and is gone; the others hold the rank */
    return;
  if (r->trace_file)
    fprintf(stderr, "  %s: in %s%s%s, replaying %s:%ld\n", who, call, what[0] ? " " : "", what, r->trace_file,
            r->trace_line);
  else
    fprintf(stderr, "  %s: in %s%s%s%s%s\n", who, call, what[0] ? " " : "", what, loc[0] ? " at " : "", loc);
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
    report_thread(r, &r->main);
    for (rt_thread_t *t = r->threads; t; t = t->next)
      if (!t->helper && !t->ended && !t->idle)
        report_thread(r, t);
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
  rt_stats_report_partial("a deadlock");
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
      if (m->trace_file) /* a replay: the trace line, not the replayer's code */
        snprintf(loc, sizeof loc, "%s:%ld", m->trace_file, m->trace_line);
      else
        rt_srcloc(m->pc, loc, sizeof loc);
      rt_warn("message from rank %d to rank %d (tag %d, %s, %zu bytes)%s%s was never received", m->owner, i,
              m->tag, m->comm_name ? m->comm_name : "?", m->bytes, loc[0] ? " sent at " : "", loc);
    }
}

/* SMPI's model of polling (poll.c) can make a program that polls look far
 * slower than on a cluster: say so when the pauses before looks that found
 * something (each may have come after its message by up to that pause) make
 * a tenth of a rank's simulated time, or when the pauses grew large. */
static void poll_note(void)
{
  int m, worst = 0;
  double longest = poll_longest(&m), t = kern_now();
  for (int i = 1; i < rt_nranks; i++)
    if (rt_ranks[i].overshoot > rt_ranks[worst].overshoot)
      worst = i;
  double over = rt_nranks ? rt_ranks[worst].overshoot : 0;
  if (m < 100 && !(over > 0 && over >= 0.1 * t))
    return;
  fprintf(stderr, "simpi: note: as in SMPI, MPI_Test and MPI_Iprobe pause before they look (smpi/test, "
                  "smpi/iprobe), longer after each look that found nothing (smpi/grow-injected-times): here up to "
                  "%.6f s (%d times smpi/test or smpi/iprobe), and the pauses before looks that found something "
                  "make up to %.6f s of rank %d's %.6f s; calls cost far less on most clusters: "
                  "--cfg=smpi/grow-injected-times:no with a smaller smpi/test and smpi/iprobe (such as 1e-7) models "
                  "that\n", longest, m, over, worst, t);
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
  poll_note();
  if (rt_opts.display_timing)
    fprintf(stderr, "simpi: timing: %.3f s of wall time, %.1f%% running the program's computation (%ld bursts "
                    "injected), %.1f%% in the simulator\n",
            wall, wall > 0 ? 100 * program / wall : 0, cmp_stats.bursts, wall > 0 ? 100 * simulator / wall : 0);
}

/* Progress line: on a terminal, a start-up or a run longer than two seconds
 * shows one stderr line, rewritten twice a second: ranks created so far,
 * then the simulated time, the wall time and the rate of rank switches (events). Nothing when stderr is not a
 * terminal. Checked from the resume hook, every 4096 switches. */
#include "start.h"
#include "../compute/compute.h"
#include "../kernel/kernel.h"
#include <stdio.h>
#include <unistd.h>

static int enabled = -1;
static unsigned long events, last_events;
static double start, last_print;
static int shown;

void rt_progress_start(void)
{
  enabled = isatty(2) && !rt_opts.quiet;
  start = last_print = cmp_clock();
}

void rt_progress_startup(int created, int total)
{
  static double t0;
  if (!created) {
    enabled = isatty(2) && !rt_opts.quiet;
    t0 = start = cmp_clock();
    return;
  }
  double now = cmp_clock();
  if (!enabled || now - t0 < 2 || now - last_print < 0.5)
    return;
  fprintf(stderr, "\rsimpi: starting the ranks: %d of %d created, wall %.1f s   ", created, total, now - t0);
  fflush(stderr);
  last_print = now;
  shown = 1;
}

void rt_progress_tick(void)
{
  if (!enabled || (++events & 4095))
    return;
  double now = cmp_clock();
  if (now - start < 2 || now - last_print < 0.5)
    return;
  fprintf(stderr, "\rsimpi: simulated %.6f s, wall %.1f s, %.0f events/s   ", kern_now(), now - start,
          (double)(events - last_events) / (now - last_print));
  fflush(stderr);
  last_print = now;
  last_events = events;
  shown = 1;
}

void rt_progress_end(void)
{
  if (shown)
    fputs("\r\033[K", stderr);
  shown = 0;
}

/* Progress line: on a terminal, a run longer than two seconds shows one
 * stderr line, rewritten twice a second, with the simulated time, the wall
 * time and the rate of rank switches (events). Nothing when stderr is not a
 * terminal. Checked from the resume hook, every 4096 switches. */
#include "../runtime/runtime.h"
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

/* Polling costs simulated time, or a loop of MPI_Test would never let the
 * clock advance. As in SMPI, a Test-family call or an Iprobe that has
 * something to look at first sleeps n times smpi/test (smpi/iprobe), then
 * looks; n starts at 1, grows by one after each call that found nothing and
 * falls back to 1 after one that found something. Like SMPI's, the
 * multipliers are per family and shared by all ranks, so that simulated
 * times match smpirun's. */
#include "poll.h"
#include "../action/action.h"
#include "../runtime/runtime.h"

static int multiplier[POLL_FAMILIES] = {1, 1, 1};
static double longest;
static int longest_multiplier;

void poll_before(enum poll_family f)
{
  double unit = f == POLL_IPROBE ? rt_opts.iprobe_sleep : rt_opts.test_sleep;
  rt_self->pause = unit > 0 ? multiplier[f] * unit : 0;
  if (unit > 0) {
    if (multiplier[f] * unit > longest) {
      longest = multiplier[f] * unit;
      longest_multiplier = multiplier[f];
    }
    act_sleep(multiplier[f] * unit);
  }
}

double poll_longest(int *m)
{
  *m = longest_multiplier;
  return longest;
}

/* A look that finds something ends a wait that may have been over at any
 * point of the pause before it: those pauses bound what the model added. */
void poll_after(enum poll_family f, int found)
{
  if (found) {
    multiplier[f] = 1;
    rt_self->overshoot += rt_self->pause;
  }
  else if (rt_opts.grow_injected)
    multiplier[f]++;
}

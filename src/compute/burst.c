/* CPU bursts: the time a rank spends between two MPI calls is measured and
 * injected as flops = seconds x smpi/host-speed on its simulated host. All
 * ranks run in one thread, one at a time, so the monotonic clock between a
 * rank's exit from MPI and its next entry is that rank's computation (plus
 * any preemption by other processes). It is read through the vDSO: a thread
 * CPU clock costs a system call, twice per MPI call. */
#include "compute.h"
#include "../kernel/kernel.h"
#include "../runtime/runtime.h"
#include <time.h>

static double cpu_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void cmp_burst_end(rt_rank_t *r)
{
  if (!rt_opts.simulate_computation)
    return;
  double d = cpu_now() - r->burst_start;
  if (d >= rt_opts.cpu_threshold)
    kern_compute(d * rt_opts.host_speed);
}

void cmp_burst_begin(rt_rank_t *r)
{
  if (rt_opts.simulate_computation)
    r->burst_start = cpu_now();
}

void cmp_flops(double flops) { kern_compute(flops); }

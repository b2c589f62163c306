/* CPU bursts: the time a rank spends between two MPI calls is measured and
 * injected as flops = seconds x smpi/host-speed on its simulated host. All
 * ranks run in one thread, one at a time, so the monotonic clock between a
 * rank's exit from MPI and its next entry is that rank's computation (plus
 * any preemption by other processes). It is read through the vDSO: a thread
 * CPU clock costs a system call, twice per MPI call. Also the SMPI calls
 * that inject known costs or switch timing off and on. */
#include "compute.h"
#include "../kernel/kernel.h"
#include "../runtime/runtime.h"
#include <smpi/smpi.h>
#include <time.h>

cmp_stats_t cmp_stats;

double cmp_clock(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void cmp_burst_end(rt_rank_t *r)
{
  if (!rt_opts.simulate_computation || r->bench_off)
    return;
  double d = cmp_clock() - r->burst_start;
  r->compute_total += d;
  cmp_stats.measured += d;
  if (d >= rt_opts.cpu_threshold) {
    cmp_stats.bursts++;
    kern_compute(d * rt_opts.host_speed);
  }
}

void cmp_burst_begin(rt_rank_t *r)
{
  if (rt_opts.simulate_computation && !r->bench_off)
    r->burst_start = cmp_clock();
}

double cmp_computed(const rt_rank_t *r)
{
  double t = r->compute_total;
  if (rt_opts.simulate_computation && !r->bench_off)
    t += cmp_clock() - r->burst_start;
  return t;
}

void cmp_inject(double flops)
{
  rt_rank_t *r = rt_self;
  if (!r) /* outside the simulation (e.g. a constructor): nothing to time */
    return;
  cmp_burst_end(r);
  kern_compute(flops);
  cmp_burst_begin(r);
}

static rt_rank_t *need_rank(const char *call)
{
  if (!rt_self)
    rt_fatal(1, "%s called outside a simulated rank", call);
  return rt_self;
}

void smpi_execute_flops(double flops)
{
  need_rank("smpi_execute_flops");
  cmp_inject(flops);
}

void smpi_execute(double seconds)
{
  need_rank("smpi_execute");
  cmp_inject(seconds * rt_opts.host_speed);
}

void smpi_execute_flops_benched(double flops) { smpi_execute_flops(flops); }
void smpi_execute_benched(double seconds) { smpi_execute(seconds); }

void smpi_bench_end(void)
{
  rt_rank_t *r = need_rank("smpi_bench_end");
  cmp_burst_end(r);
  r->bench_off = 1;
}

void smpi_bench_begin(void)
{
  rt_rank_t *r = need_rank("smpi_bench_begin");
  r->bench_off = 0;
  cmp_burst_begin(r);
}

/* CPU bursts: the time a rank spends between two MPI calls is measured and
 * injected as flops = seconds x smpi/host-speed on its simulated host. All
 * ranks run in one thread, one at a time, so the time between a rank's exit
 * from MPI and its next entry is that rank's computation. Short bursts are
 * timed with the monotonic clock (read through the vDSO, nearly free); when
 * the previous burst was long, the next one is also timed with the thread's
 * CPU clock, a system call that is cheap next to the burst and immune to the
 * time other processes take the processor. Also the SMPI calls that inject
 * known costs or switch timing off and on. */
#include "compute.h"
#include "../kernel/kernel.h"
#include "../runtime/runtime.h"
#include <smpi/smpi.h>
#include <time.h>

cmp_stats_t cmp_stats;
void (*cmp_trace_hook)(int rank, double flops);

/* A burst at least this long makes the next one read the CPU clock. */
#define LONG_BURST 1e-4

double cmp_clock(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double cmp_cpu_clock(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Seconds of computation in the current burst. */
static double burst_length(rt_rank_t *r, double *wall)
{
  *wall = cmp_clock() - r->burst_start;
  return r->burst_cpu >= 0 ? cmp_cpu_clock() - r->burst_cpu : *wall;
}

void cmp_burst_end(rt_rank_t *r)
{
  if (!rt_opts.simulate_computation || r->bench_off)
    return;
  double wall, d = burst_length(r, &wall);
  r->last_burst = wall;
  r->compute_total += d;
  cmp_stats.measured += d;
  if (d >= rt_opts.cpu_threshold) {
    cmp_stats.bursts++;
    double t0 = kern_now();
    if (cmp_trace_hook)
      cmp_trace_hook(r->id, d * rt_opts.host_speed);
    if (rt_opts.paje)
      rt_paje_push(r->id, "computing");
    kern_compute(d * rt_opts.host_speed);
    rt_stats_compute(r->id, kern_now() - t0);
    if (rt_opts.timeline)
      rt_timeline_span(r->id, "computation", t0, kern_now(), NULL);
    if (rt_opts.paje)
      rt_paje_pop(r->id);
  }
}

void cmp_burst_begin(rt_rank_t *r)
{
  if (!rt_opts.simulate_computation || r->bench_off)
    return;
  r->burst_cpu = r->last_burst >= LONG_BURST ? cmp_cpu_clock() : -1;
  r->burst_start = cmp_clock();
}

double cmp_computed(rt_rank_t *r)
{
  double t = r->compute_total, wall;
  if (rt_opts.simulate_computation && !r->bench_off)
    t += burst_length(r, &wall);
  return t;
}

void cmp_inject(double flops)
{
  rt_rank_t *r = rt_self;
  if (!r) /* outside the simulation (e.g. a constructor): nothing to time */
    return;
  cmp_burst_end(r);
  double t0 = kern_now();
  if (cmp_trace_hook)
    cmp_trace_hook(r->id, flops);
  if (rt_opts.paje)
    rt_paje_push(r->id, "computing");
  kern_compute(flops);
  rt_stats_compute(r->id, kern_now() - t0);
  if (rt_opts.timeline)
    rt_timeline_span(r->id, "computation", t0, kern_now(), NULL);
  if (rt_opts.paje)
    rt_paje_pop(r->id);
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

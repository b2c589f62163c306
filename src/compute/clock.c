/* Simulated clocks for the program: simcc links the program with
 * --wrap for gettimeofday, clock_gettime, time, clock, sleep, usleep and
 * nanosleep, so that the program's own calls (not the libraries') land
 * here. Inside a rank they read and spend simulated time, as SMPI's helpers
 * do: the date is the date the run started plus the simulated time (so
 * both dates and differences are right), the monotonic clocks read the
 * simulated time, and the CPU-time clocks (clock(), CLOCK_PROCESS_CPUTIME_ID,
 * CLOCK_THREAD_CPUTIME_ID) the rank's own computation so far (the real ones,
 * which all ranks share, when computation is not simulated). Outside the
 * simulation (constructors) they are the real ones. */
#define _GNU_SOURCE
#include "compute.h"
#include "../kernel/kernel.h"
#include "../runtime/runtime.h"
#include <errno.h>
#include <math.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

/* The rank, with the computation so far injected so that the clock is current. */
static rt_rank_t *sync_rank(void)
{
  rt_rank_t *r = rt_self;
  if (r && rt_mpi_active(r))
    cmp_burst_sync(r);
  return r;
}

/* The date at which simulated time 0 is (set by cmp_clock_start). */
static struct timespec epoch;

void cmp_clock_start(void) { clock_gettime(CLOCK_REALTIME, &epoch); }
double cmp_clock_epoch(void) { return (double)epoch.tv_sec + 1e-9 * (double)epoch.tv_nsec; }

/* seconds (the simulated time, or the rank's computation) since `from` */
static struct timespec since(struct timespec from, double seconds)
{
  double whole = (double)(time_t)seconds;
  struct timespec t = {from.tv_sec + (time_t)whole, from.tv_nsec + lround((seconds - whole) * 1e9)};
  if (t.tv_nsec >= 1000000000L)
    t.tv_sec++, t.tv_nsec -= 1000000000L;
  return t;
}

static struct timespec date_now(void) { return since(epoch, kern_now()); }

static void sim_sleep(rt_rank_t *r, double s)
{
  cmp_burst_end(r);
  if (cmp_trace_sleep_hook)
    cmp_trace_sleep_hook(r->id, s);
  kern_sleep(s);
  cmp_burst_begin(r);
}

EXPORT int __wrap_gettimeofday(struct timeval *tv, void *tz)
{
  if (!sync_rank())
    return gettimeofday(tv, tz);
  struct timespec t = date_now();
  if (tv) {
    tv->tv_sec = t.tv_sec;
    tv->tv_usec = (suseconds_t)(t.tv_nsec / 1000);
  }
  return 0;
}

EXPORT int __wrap_clock_gettime(clockid_t clk, struct timespec *ts)
{
  int date = clk == CLOCK_REALTIME || clk == CLOCK_REALTIME_COARSE || clk == CLOCK_TAI;
  int mono = clk == CLOCK_MONOTONIC || clk == CLOCK_MONOTONIC_RAW || clk == CLOCK_MONOTONIC_COARSE ||
             clk == CLOCK_BOOTTIME;
  int cpu = (clk == CLOCK_PROCESS_CPUTIME_ID || clk == CLOCK_THREAD_CPUTIME_ID) && rt_opts.simulate_computation;
  rt_rank_t *r;
  if (!(date || mono || cpu) || !(r = sync_rank()))
    return clock_gettime(clk, ts);
  *ts = date ? date_now() : since((struct timespec){0, 0}, mono ? kern_now() : cmp_computed(r));
  return 0;
}

EXPORT time_t __wrap_time(time_t *out)
{
  if (!sync_rank())
    return time(out);
  time_t t = date_now().tv_sec;
  if (out)
    *out = t;
  return t;
}

EXPORT clock_t __wrap_clock(void)
{
  rt_rank_t *r;
  if (!rt_opts.simulate_computation || !(r = sync_rank()))
    return clock();
  return (clock_t)(cmp_computed(r) * CLOCKS_PER_SEC);
}

EXPORT unsigned int __wrap_sleep(unsigned int seconds)
{
  rt_rank_t *r = rt_self;
  if (!r)
    return sleep(seconds);
  sim_sleep(r, seconds);
  return 0;
}

EXPORT int __wrap_usleep(useconds_t us)
{
  rt_rank_t *r = rt_self;
  if (!r)
    return usleep(us);
  sim_sleep(r, (double)us * 1e-6);
  return 0;
}

EXPORT int __wrap_nanosleep(const struct timespec *req, struct timespec *rem)
{
  rt_rank_t *r = rt_self;
  if (!r)
    return nanosleep(req, rem);
  if (!req || req->tv_nsec < 0 || req->tv_nsec >= 1000000000L) {
    errno = EINVAL;
    return -1;
  }
  sim_sleep(r, (double)req->tv_sec + 1e-9 * (double)req->tv_nsec);
  if (rem)
    rem->tv_sec = 0, rem->tv_nsec = 0;
  return 0;
}

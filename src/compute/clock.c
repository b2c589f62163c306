/* Simulated clocks for the program: simcc links the program with
 * --wrap for gettimeofday, clock_gettime, time, sleep, usleep and
 * nanosleep, so that the program's own calls (not the libraries') land
 * here. Inside a rank they read and spend simulated time, as SMPI's helpers
 * do; outside the simulation (constructors) they are the real ones. CPU-time
 * clocks stay real. */
#define _GNU_SOURCE
#include "compute.h"
#include "../kernel/kernel.h"
#include "../runtime/runtime.h"
#include <errno.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

/* The rank, with the computation so far injected so that the clock is current. */
static rt_rank_t *sync_rank(void)
{
  rt_rank_t *r = rt_self;
  if (r && r->initialized && !r->finalized) {
    cmp_burst_end(r);
    cmp_burst_begin(r);
  }
  return r;
}

static void sim_sleep(rt_rank_t *r, double s)
{
  cmp_burst_end(r);
  kern_sleep(s);
  cmp_burst_begin(r);
}

EXPORT int __wrap_gettimeofday(struct timeval *tv, void *tz)
{
  if (!sync_rank())
    return gettimeofday(tv, tz);
  double t = kern_now();
  if (tv) {
    tv->tv_sec = (time_t)t;
    tv->tv_usec = (suseconds_t)((t - (double)tv->tv_sec) * 1e6);
  }
  return 0;
}

EXPORT int __wrap_clock_gettime(clockid_t clk, struct timespec *ts)
{
  int simulated = clk == CLOCK_REALTIME || clk == CLOCK_MONOTONIC || clk == CLOCK_MONOTONIC_RAW ||
                  clk == CLOCK_REALTIME_COARSE || clk == CLOCK_MONOTONIC_COARSE || clk == CLOCK_BOOTTIME;
  if (!simulated || !sync_rank())
    return clock_gettime(clk, ts);
  double t = kern_now();
  ts->tv_sec = (time_t)t;
  ts->tv_nsec = (long)((t - (double)ts->tv_sec) * 1e9);
  return 0;
}

EXPORT time_t __wrap_time(time_t *out)
{
  if (!sync_rank())
    return time(out);
  time_t t = (time_t)kern_now();
  if (out)
    *out = t;
  return t;
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

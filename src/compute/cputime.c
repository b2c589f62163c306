/* The CPU time of the simulator's thread, read without a system call in the
 * common case, so that bursts can be timed by what the rank itself used and
 * not by what other processes took of the machine meanwhile.
 *
 * The thread's CPU clock is a system call (0.3-0.5 us here); the monotonic
 * clock is read in user space but also counts the time the thread spent
 * switched out. The kernel rewrites the rseq area's cpu_id_start (glibc
 * registers one for every thread) each time the thread returns to user
 * space after being switched out or interrupted by a signal. So a marker
 * written there stays as long as the thread keeps the processor, and while
 * it stays, CPU time advances exactly as the monotonic clock does. An
 * anchor pairs a reading of the CPU clock with the monotonic time at which
 * the marker was written; the CPU time at any later instant with the marker
 * intact is anchor + elapsed monotonic time. Only a lost marker, a long
 * interval (which steal time of a virtual machine could inflate unseen) or
 * an anchor older than a millisecond costs a real reading, which also sets
 * a new anchor. Without rseq (a
 * kernel before 4.18, glibc.pthread.rseq=0) every reading is real. The
 * elapsed time itself is read from the processor's time-stamp counter when
 * it ticks at a constant rate (calibrated at start-up against the monotonic
 * clock), else from the monotonic clock. */
#define _GNU_SOURCE
#include "compute.h"
#include <stdint.h>
#include <sys/rseq.h>
#include <time.h>
#if defined(__x86_64__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

#define MARK 0xfffffff0u
/* Longer intervals are read from the CPU clock even with the marker intact:
 * the system call is then at most a few percent of what it measures. */
#define TRUST_WALL 20e-6
/* An anchor older than this is renewed when a burst starts, so that the
 * rate error of the wall clock (and time the machine's hypervisor took
 * unseen) cannot add up over a long run. */
#define ANCHOR_AGE 1e-3

static volatile uint32_t *marker; /* cpu_id_start of the thread's rseq area, or NULL */
static double anchor_cpu, anchor_wall;
static double tick; /* seconds per time-stamp counter tick, 0: use the monotonic clock */

static double read_clock(clockid_t c)
{
  struct timespec ts;
  clock_gettime(c, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double cmp_clock(void) { return read_clock(CLOCK_MONOTONIC); }
double cmp_cpu_clock(void) { return read_clock(CLOCK_THREAD_CPUTIME_ID); }

/* Elapsed time, for intervals only (an arbitrary origin). */
static double wall(void)
{
#if defined(__x86_64__)
  if (tick > 0)
    return (double)__rdtsc() * tick;
#endif
  return cmp_clock();
}

static void calibrate(void)
{
#if defined(__x86_64__)
  unsigned a, b, c, d;
  if (!__get_cpuid(0x80000007, &a, &b, &c, &d) || !(d & (1u << 8))) /* invariant TSC */
    return;
  double t0 = cmp_clock(), t1;
  unsigned long long c0 = __rdtsc(), c1;
  do {
    t1 = cmp_clock();
    c1 = __rdtsc();
  } while (t1 - t0 < 2e-3);
  if (c1 > c0)
    tick = (t1 - t0) / (double)(c1 - c0);
#endif
}

static void set_anchor(void)
{
  *marker = MARK;
  anchor_cpu = cmp_cpu_clock();
  anchor_wall = wall();
}

int cmp_cputime_init(void)
{
  if (__rseq_size < 20) /* cpu_id_start, cpu_id, rseq_cs, flags */
    return 0;
  volatile struct rseq *rs = (struct rseq *)((char *)__builtin_thread_pointer() + __rseq_offset);
  /* check that a switch does rewrite the marker: sleeping switches out */
  rs->cpu_id_start = MARK;
  struct timespec nap = {0, 20000};
  nanosleep(&nap, NULL);
  if (rs->cpu_id_start == MARK)
    return 0;
  calibrate();
  marker = &rs->cpu_id_start;
  set_anchor();
  return 1;
}

double cmp_cpu_mark(double *wall0)
{
  if (!marker) {
    *wall0 = 0;
    return cmp_cpu_clock();
  }
  double w = wall();
  if (*marker != MARK || w - anchor_wall > ANCHOR_AGE) { /* switched out since, or old: a new one */
    set_anchor();
    w = anchor_wall;
  }
  *wall0 = w;
  return anchor_cpu + (w - anchor_wall);
}

double cmp_cpu_since(double cpu0, double wall0)
{
  if (!marker)
    return cmp_cpu_clock() - cpu0;
  double w = wall();
  if (*marker == MARK && w - wall0 < TRUST_WALL)
    return w - wall0;
  set_anchor();
  double d = anchor_cpu - cpu0;
  return d > 0 ? d : 0;
}

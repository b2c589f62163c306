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
 * intact is anchor + elapsed monotonic time. Only a lost marker, or a long
 * interval (which steal time of a virtual machine could inflate unseen),
 * costs a real reading, which also sets a new anchor. Without rseq (a
 * kernel before 4.18, glibc.pthread.rseq=0) every reading is real. */
#define _GNU_SOURCE
#include "compute.h"
#include <stdint.h>
#include <sys/rseq.h>
#include <time.h>

#define MARK 0xfffffff0u
/* Longer intervals are read from the CPU clock even with the marker intact:
 * the system call is then at most a few percent of what it measures. */
#define TRUST_WALL 20e-6

static volatile uint32_t *marker; /* cpu_id_start of the thread's rseq area, or NULL */
static double anchor_cpu, anchor_wall;

static double read_clock(clockid_t c)
{
  struct timespec ts;
  clock_gettime(c, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double cmp_clock(void) { return read_clock(CLOCK_MONOTONIC); }
double cmp_cpu_clock(void) { return read_clock(CLOCK_THREAD_CPUTIME_ID); }

static void set_anchor(void)
{
  *marker = MARK;
  anchor_cpu = cmp_cpu_clock();
  anchor_wall = cmp_clock();
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
  marker = &rs->cpu_id_start;
  set_anchor();
  return 1;
}

double cmp_cpu_mark(double *wall)
{
  if (!marker) {
    *wall = 0;
    return cmp_cpu_clock();
  }
  double w = cmp_clock();
  if (*marker != MARK) { /* switched out since the anchor: take a new one */
    set_anchor();
    w = anchor_wall;
  }
  *wall = w;
  return anchor_cpu + (w - anchor_wall);
}

double cmp_cpu_since(double cpu0, double wall0)
{
  if (!marker)
    return cmp_cpu_clock() - cpu0;
  double w = cmp_clock();
  if (*marker == MARK && w - wall0 < TRUST_WALL)
    return w - wall0;
  set_anchor();
  double d = anchor_cpu - cpu0;
  return d > 0 ? d : 0;
}

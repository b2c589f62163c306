/* CPU bursts: the time a rank spends between two MPI calls is measured and
 * injected as flops = seconds x smpi/host-speed on its simulated host. All
 * ranks run in one thread, one at a time, so the CPU time the thread uses
 * between a rank's exit from MPI and its next entry is that rank's
 * computation (cputime.c reads it, mostly without a system call, and never
 * counts the time other processes take the processor). Also the SMPI calls
 * that inject known costs or switch timing off and on. */
#include "compute.h"
#include "../kernel/kernel.h"
#include "../runtime/runtime.h"
#include <smpi/smpi.h>
#include "../runtime/fpu.h"
#include <stdint.h>

cmp_stats_t cmp_stats;
void (*cmp_trace_hook)(int rank, double flops);
void (*cmp_trace_done_hook)(int rank);
void (*cmp_trace_sleep_hook)(int rank, double seconds);

static int timed(const rt_rank_t *r) { return rt_opts.simulate_computation && !r->bench_off; }

/* The floating-point exception flags are the program's, per thread (a process's, as far as it
 * can tell): what it raised is kept when simpi's code takes over, and given back when the
 * program goes on, so that neither simpi's arithmetic nor another rank's shows (gfortran's STOP
 * reports the flags that are up). The SSE unit's register, where simpi's own arithmetic raises
 * flags, is kept at every MPI call and given back whole (with the thread's rounding mode and
 * masks); the x87 unit's flags, which only long double arithmetic raises, and its control word
 * (fegetround's rounding mode) only when another thread takes over (cmp_fp_switch_out,
 * cmp_fp_switch_in) and around simpi's long double reductions (op.c). */
static unsigned fp_sse_start, fp_x87_start; /* a rank's main thread's (threads: thread.c) */

void cmp_fp_init(void)
{
  fp_sse_start = fpu_sse_fresh();
  fp_x87_start = fpu_x87_fresh();
}

static void fp_flags_keep(rt_rank_t *r) { r->fp_sse = fpu_sse_get() | FPU_KEPT; }
static void fp_flags_give_back(rt_rank_t *r) { fpu_sse_set(r->fp_sse ? r->fp_sse & ~FPU_KEPT : fp_sse_start); }

void cmp_fp_switch_out(rt_rank_t *r) { r->fp_x87 = fpu_x87_get(); }
void cmp_fp_switch_in(rt_rank_t *r) /* fp_x87 0: none kept yet (a control word is never 0) */
{
  fpu_x87_restore(r->fp_x87 ? r->fp_x87 : fp_x87_start);
}

/* Seconds of computation in the current burst. */
static double burst_length(rt_rank_t *r)
{
  return r->burst_acc + (r->burst_suspended ? 0 : cmp_cpu_since(r->burst_cpu, r->burst_start));
}

/* A burst counts only the thread's own time: it is suspended while others run (a call that may
 * let them run, inside a burst) and while simpi's own code runs for the thread (held). */
void cmp_burst_suspend(rt_rank_t *r)
{
  if (!r->computing || r->burst_suspended)
    return;
  fp_flags_keep(r);
  if (timed(r))
    r->burst_acc += cmp_cpu_since(r->burst_cpu, r->burst_start);
  r->burst_suspended = 1;
}

void cmp_burst_continue(rt_rank_t *r)
{
  if (!r->burst_suspended || r->burst_held > 0)
    return;
  r->burst_suspended = 0;
  if (r->computing)
    fp_flags_give_back(r);
  if (r->computing && timed(r))
    r->burst_cpu = cmp_cpu_mark(&r->burst_start);
}

void cmp_burst_hold(rt_rank_t *r)
{
  r->burst_held++;
  cmp_burst_suspend(r);
}

void cmp_burst_unhold(rt_rank_t *r)
{
  r->burst_held--;
  cmp_burst_continue(r);
}

/* Runs flops of computation on the rank's host, recorded as one burst. The trace, the timeline
 * and the Paje trace show a rank's main thread (threads.c counts its waits for the others). */
static void simulate(rt_rank_t *r, double flops)
{
  double t0 = kern_now();
  int main_thread = !rt_thr || rt_thr == &r->main;
  if (cmp_trace_hook && main_thread)
    cmp_trace_hook(r->id, flops);
  if (rt_opts.paje && main_thread)
    rt_paje_push(r->id, "computing");
  kern_compute(flops);
  if (cmp_trace_done_hook && main_thread)
    cmp_trace_done_hook(r->id);
  rt_stats_compute(r->id, kern_now() - t0, main_thread);
  if (rt_opts.timeline && main_thread)
    rt_timeline_span(r->id, "computation", t0, kern_now(), NULL);
  if (rt_opts.paje && main_thread)
    rt_paje_pop(r->id);
}


/* The burst of d seconds is over: counted, and simulated unless below the threshold. */
static void burst_over(rt_rank_t *r, double d)
{
  r->compute_total += d;
  cmp_stats.measured += d;
  if (d >= rt_opts.cpu_threshold) {
    cmp_stats.bursts++;
    simulate(r, d * rt_opts.host_speed);
  }
}

void cmp_burst_end(rt_rank_t *r)
{
  if (r->computing && !r->burst_suspended)
    fp_flags_keep(r);
  r->computing = 0;
  if (timed(r))
    burst_over(r, burst_length(r));
}

void cmp_burst_drop(rt_rank_t *r)
{
  if (r->computing && !r->burst_suspended)
    fp_flags_keep(r);
  r->computing = 0;
  if (timed(r))
    r->compute_total += burst_length(r);
}

/* Touches the stack 1 KiB below the caller. */
static __attribute__((noinline)) uintptr_t touch_below(void)
{
  volatile char below[1024];
  below[0] = 0;
  return (uintptr_t)below;
}

/* The MPI call that ends a burst reads the clock some frames below the
 * program's: where that depth reaches a stack page never used before, the
 * page fault (1 to 10 us) would count as the program's computation. It
 * happened to 2 ranks in 256 (the page offsets of stack tops cycle) and
 * made the barrier of hello simulate a few long bursts that desynchronized
 * it. So the stack 1 KiB below (the start of an MPI call reads the clock
 * at most 784 bytes deeper than the end of the previous one, measured over
 * the samples) is touched first whenever the rank is deeper than before. */
static void warm_stack(rt_rank_t *r)
{
  uintptr_t here = (uintptr_t)__builtin_frame_address(0);
  if (!r->stack_warm || here < r->stack_warm + 1024)
    r->stack_warm = touch_below();
}

void cmp_burst_begin(rt_rank_t *r)
{
  r->burst_acc = 0;
  r->burst_suspended = r->burst_held > 0; /* it starts when simpi's code returns */
  if (!r->burst_suspended)
    fp_flags_give_back(r);
  if (timed(r) && !r->burst_suspended) {
    warm_stack(r);
    r->burst_cpu = cmp_cpu_mark(&r->burst_start);
  }
  r->computing = 1;
}

void cmp_burst_sync(rt_rank_t *r)
{
  if (!timed(r))
    return;
  double d = burst_length(r);
  if (d < rt_opts.cpu_threshold)
    return;
  r->computing = 0;
  burst_over(r, d);
  cmp_burst_begin(r);
}

/* Simulated time runs for the rank's computation from the start of MPI on it to its end. */
static int simulated(const rt_rank_t *r) { return r->mpi_started && !r->mpi_ended; }

int cmp_burst_pause(rt_rank_t *r)
{
  if (!r->computing)
    return 0;
  if (simulated(r))
    cmp_burst_end(r);
  else
    cmp_burst_drop(r);
  return 1;
}

void cmp_burst_settle(rt_rank_t *r)
{
  if (!r->computing)
    return;
  if (simulated(r)) {
    cmp_burst_sync(r);
  } else {
    cmp_burst_drop(r);
    cmp_burst_begin(r);
  }
}

double cmp_computed(rt_rank_t *r)
{
  double t = r->compute_total;
  if (timed(r))
    t += burst_length(r);
  return t;
}

void cmp_inject(double flops)
{
  rt_rank_t *r = rt_self;
  if (!r) /* outside the simulation (e.g. a constructor): nothing to time */
    return;
  cmp_burst_end(r);
  r->compute_total += flops / rt_opts.host_speed; /* the rank's CPU time, as if it had computed it */
  simulate(r, flops);
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

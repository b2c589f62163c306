/* Compute modelling: CPU bursts between MPI calls become flops on the
 * rank's simulated host; known costs are injected; loops are sampled;
 * the host-speed reference converts seconds. */
#ifndef SIMPI_COMPUTE_H
#define SIMPI_COMPUTE_H
struct rt_rank;

typedef struct cmp_stats {
  double measured;       /* seconds of program computation measured */
  long bursts;           /* bursts injected */
  long samples, skipped; /* sampled loop iterations run, and skipped */
} cmp_stats_t;
extern cmp_stats_t cmp_stats;

/* The monotonic clock (wall time). */
double cmp_clock(void);
/* The running thread's CPU clock (a system call). */
double cmp_cpu_clock(void);
/* Cheap CPU time (cputime.c): cmp_cputime_init checks that the kernel marks
 * switches in the thread's rseq area (0: every reading will be a system
 * call); cmp_cpu_mark returns the thread's CPU time now and sets *wall to
 * the monotonic time, both to pass to cmp_cpu_since, which returns the CPU
 * seconds used since. */
int cmp_cputime_init(void);
double cmp_cpu_mark(double *wall0);
double cmp_cpu_since(double cpu0, double wall0);
/* At MPI entry: inject the time used since the last exit. */
void cmp_burst_end(struct rt_rank *r);
/* At MPI_Init: the time used since the rank started is its CPU time (clock())
 * but not simulated, as in SMPI: a run's simulated time starts at MPI_Init. */
void cmp_burst_drop(struct rt_rank *r);
/* At MPI exit: start timing the next burst. */
void cmp_burst_begin(struct rt_rank *r);
/* A clock read: injects the current burst so that the simulated clock is
 * current, unless it is shorter than smpi/cpu-threshold: then it goes on (a
 * loop that reads a clock would otherwise lose all its computation). */
void cmp_burst_sync(struct rt_rank *r);
/* For the threads of a rank. cmp_burst_pause: the running thread is about to wait for another
 * (a barrier, a lock): its burst so far is simulated (dropped before MPI starts on the rank
 * and after it ended, as the main thread's is); returns 1 if it was computing (then
 * cmp_burst_begin when it goes on). cmp_burst_settle: the thread takes its turn at something
 * its others compete for (a lock, a chunk of a loop): the burst so far is simulated if it is
 * longer than smpi/cpu-threshold, so that the simulated clock says who comes first. */
int cmp_burst_pause(struct rt_rank *r);
/* A burst counts only the thread's own computation: cmp_burst_suspend and cmp_burst_continue
 * bracket every call that may let other threads run (kernel hooks); cmp_burst_hold and
 * cmp_burst_unhold bracket simpi's own code that runs for the thread in the middle of a burst
 * (the OpenMP runtime's calls), which they nest. */
void cmp_burst_suspend(struct rt_rank *r);
void cmp_burst_continue(struct rt_rank *r);
void cmp_burst_hold(struct rt_rank *r);
void cmp_burst_unhold(struct rt_rank *r);
/* Before the first thread starts: the floating-point state each thread starts with. */
void cmp_fp_init(void);
/* Another thread takes over from the one r runs now / r's thread takes over: the x87 unit's
 * flags and control word (the floating-point state not kept at every MPI call) go with it. */
void cmp_fp_switch_out(struct rt_rank *r);
void cmp_fp_switch_in(struct rt_rank *r);
void cmp_burst_settle(struct rt_rank *r);
/* Seconds of computation the rank has done so far, the current burst included. */
double cmp_computed(struct rt_rank *r);
/* Injects a known amount of work now (the current burst first). */
void cmp_inject(double flops);
/* Set when recording a trace: every injected computation is reported here,
 * and every simulated sleep of the program (sleep, usleep, nanosleep). */
extern void (*cmp_trace_hook)(int rank, double flops);
/* ...and when that computation has been simulated (its end: the OTF2 archive's region). */
extern void (*cmp_trace_done_hook)(int rank);
extern void (*cmp_trace_sleep_hook)(int rank, double seconds);
/* The program's dates start at the date this is called (clock.c). */
void cmp_clock_start(void);
/* That date in seconds since 1970: a date the program reads is it plus the simulated time. */
double cmp_clock_epoch(void);
/* --cfg=smpi/host-speed:auto: this machine's flop/s, measured once and cached. */
double rt_measure_host_speed(void);
/* 1 if p lies in a block shared by every caller of one SMPI_SHARED_MALLOC
 * line: two such buffers have one address, their contents mean nothing. */
int cmp_in_shared_block(const void *p);
#endif

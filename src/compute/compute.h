/* Compute modelling: CPU bursts between MPI calls become flops on the
 * rank's simulated host; the host-speed reference converts seconds. */
#ifndef SIMPI_COMPUTE_H
#define SIMPI_COMPUTE_H
struct rt_rank;
/* At MPI entry: inject the CPU time used since the last exit. */
void cmp_burst_end(struct rt_rank *r);
/* At MPI exit: start timing the next burst. */
void cmp_burst_begin(struct rt_rank *r);
/* Injects a known amount of work. */
void cmp_flops(double flops);
/* --cfg=smpi/host-speed:auto: this machine's flop/s, measured once and cached. */
double rt_measure_host_speed(void);
#endif

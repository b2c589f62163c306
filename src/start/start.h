/* Process start-up and end (src/start): options, platform and placement,
 * progress, stopping from outside, the reports at the end of a run. Nothing
 * below src/start includes this. */
#ifndef SIMPI_START_H
#define SIMPI_START_H
#include "../runtime/runtime.h"
#include <signal.h>

/* Options (options.c) */
int rt_parse_options(char *err, size_t errlen);
/* Platform and placement (platform.c) */
int rt_setup_platform(char *err, size_t errlen);
/* End of a run (end.c): the deadlock report; where each rank that has not
 * ended is, one line each; messages never received; the final line. */
void rt_report_deadlock(void) __attribute__((noreturn));
void rt_report_ranks(void);
/* Stopping from outside (stop.c): signals and time limits. rt_stop_install
 * takes the function that closes every output and exits with a status;
 * rt_stop_pending is set by a signal and checked where the run's state is
 * whole, which then calls rt_stop_now; rt_stop_time_limit for
 * --time-limit. */
extern volatile sig_atomic_t rt_stop_pending;
void rt_stop_install(void (*finish)(int status, const char *why));
void rt_stop_now(void) __attribute__((noreturn));
void rt_stop_time_limit(void) __attribute__((noreturn));
void rt_report_unreceived(void);
void rt_final_report(double wall);

/* Progress line on a terminal (progress.c) */
void rt_progress_start(void);
void rt_progress_startup(int created, int total); /* ranks created so far, at start-up */
void rt_progress_tick(void);
void rt_progress_end(void);

#endif

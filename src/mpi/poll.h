/* What polling costs in simulated time, as SMPI injects it (see poll.c). */
#ifndef SIMPI_POLL_H
#define SIMPI_POLL_H

/* Each family has its own multiplier: Test, Testall and Testsome share one. */
enum poll_family { POLL_TEST, POLL_TESTANY, POLL_IPROBE, POLL_FAMILIES };

/* Before looking: sleeps the family's multiplier times smpi/test (smpi/iprobe). */
void poll_before(enum poll_family f);
/* After looking: found resets the multiplier to 1, nothing grows it by one
 * (unless smpi/grow-injected-times is off). */
void poll_after(enum poll_family f, int found);
/* The longest pause so far, and the multiplier it had (0 if none). */
double poll_longest(int *multiplier);
#endif

/* Diagnostics the action layer performs on collective calls. */
#ifndef SIMPI_CHECK_H
#define SIMPI_CHECK_H
#include "../coll/coll.h"
/* Warns when the members of c do not make the same collective call. */
void check_coll(enum coll_id id, rt_comm_t *c, const coll_args_t *a);
/* At the end of a run: warns about the collectives that some members of
 * their communicator never called. */
void check_coll_report(void);
#endif

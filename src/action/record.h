/* What the action files share to record their lines in the trace (internal
 * to src/action): the line writer for the running rank, and collectives as
 * lines (coll_act.c), which persistent starts (action.c) write too. */
#ifndef SIMPI_ACTION_RECORD_H
#define SIMPI_ACTION_RECORD_H
#include "action.h"
#include "trace.h"
#include "../runtime/runtime.h"

#define TRACE(...)                                                                                                     \
  do {                                                                                                                 \
    if (trace_on && rt_self)                                                                                           \
      trace_line(rt_self->id, __VA_ARGS__);                                                                            \
  } while (0)

/* 1 if c is MPI_COMM_WORLD or a copy of it: its lines need no comm=ID. */
static inline int world_of(const rt_comm_t *c)
{
  return comm_size(c) == rt_nranks && !comm_is_inter(c) && c->core->side[0].l2w == NULL;
}

/* Writes collective id on c with arguments a as a trace line, its name
 * preceded by pre ("" blocking, "i" nonblocking); 1 if a line was written. */
int act_trace_coll(const char *pre, enum coll_id id, rt_comm_t *c, const coll_args_t *a);
#endif

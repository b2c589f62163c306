/* Reduce_local: inout = in op inout on the calling rank; no messages. */
#include "coll.h"
#include "../core/op.h"

void coll_reduce_local(const void *in, void *inout, MPI_Count count, const dt_t *t, MPI_Op op)
{
  op_apply(op, in, inout, count, t);
}

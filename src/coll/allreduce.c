/* Allreduce: reduce to rank 0, then broadcast. */
#include "coll.h"

void coll_allreduce(const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, rt_comm_t *c)
{
  coll_reduce(sbuf, rbuf, count, t, op, 0, c);
  coll_bcast(rbuf, count, t, 0, c);
}

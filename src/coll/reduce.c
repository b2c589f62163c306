/* Reduce: binomial tree. Lower ranks' partial results always stand on the
 * left of the operator, so the rank order of the standard is kept when the
 * root is 0; other roots get the result from rank 0's tree. */
#include "coll.h"
#include "../mpi/op.h"
#include <string.h>

/* Reduces onto rank 0 of c; returns the buffer holding the result there. */
static void *reduce_to_zero(const void *sbuf, int count, const dt_t *t, MPI_Op op, rt_comm_t *c)
{
  int n = comm_size(c), me = comm_rank(c);
  void *acc = coll_tmp(count, t), *in = coll_tmp(count, t);
  dt_copy(sbuf, count, t, acc, count, t);
  for (int mask = 1; mask < n; mask <<= 1) {
    if (me & mask) {
      coll_send(acc, count, t, me - mask, TAG_REDUCE, c);
      break;
    }
    if (me + mask < n) {
      coll_recv(in, count, t, me + mask, TAG_REDUCE, c);
      op_apply(op, acc, in, count, t); /* in = acc op in: lower ranks first */
      void *swap = acc;
      acc = in;
      in = swap;
    }
  }
  coll_tmp_free(in, t);
  return acc;
}

void coll_reduce(const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, int root, rt_comm_t *c)
{
  int me = comm_rank(c);
  void *acc = reduce_to_zero(sbuf, count, t, op, c);
  if (root != 0) {
    if (me == 0)
      coll_send(acc, count, t, root, TAG_REDUCE, c);
    else if (me == root)
      coll_recv(rbuf, count, t, 0, TAG_REDUCE, c);
  } else if (me == 0)
    dt_copy(acc, count, t, rbuf, count, t);
  coll_tmp_free(acc, t);
}

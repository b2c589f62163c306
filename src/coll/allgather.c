/* Allgather: ring; in step k each rank passes on the block it got in step k-1. */
#include "coll.h"

void coll_allgather(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt,
                    rt_comm_t *c)
{
  int n = comm_size(c), me = comm_rank(c);
  int right = (me + 1) % n, left = (me - 1 + n) % n;
  dt_copy(sbuf, scount, st, coll_at(rbuf, (long)me * rcount, rt), rcount, rt);
  for (int k = 0; k < n - 1; k++) {
    int sblock = (me - k + n) % n, rblock = (me - k - 1 + n) % n;
    coll_sendrecv(coll_at(rbuf, (long)sblock * rcount, rt), rcount, rt, right,
                  coll_at(rbuf, (long)rblock * rcount, rt), rcount, rt, left, TAG_ALLGATHER, c);
  }
}

/* Barrier: dissemination (ceil(log2 n) rounds of empty messages). */
#include "coll.h"

void coll_barrier(rt_comm_t *c)
{
  int n = comm_size(c), me = comm_rank(c);
  const dt_t *byte = dt_get(MPI_BYTE);
  for (int k = 1; k < n; k <<= 1)
    coll_sendrecv(NULL, 0, byte, (me + k) % n, NULL, 0, byte, (me - k + n) % n, TAG_BARRIER, c);
}

/* Alltoall: basic linear; every receive and send posted at once, the
 * partners visited starting from the right-hand neighbour. */
#include "coll.h"
#include <stdlib.h>

void coll_alltoall(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt,
                   rt_comm_t *c)
{
  int n = comm_size(c), me = comm_rank(c);
  p2p_req_t **rs = malloc(sizeof *rs * 2 * (size_t)n);
  int k = 0;
  for (int i = 1; i < n; i++) {
    int src = (me - i + n) % n;
    rs[k++] = coll_irecv(coll_at(rbuf, (long)src * rcount, rt), rcount, rt, src, TAG_ALLTOALL, c);
  }
  for (int i = 1; i < n; i++) {
    int dst = (me + i) % n;
    rs[k++] = coll_isend(coll_at(sbuf, (long)dst * scount, st), scount, st, dst, TAG_ALLTOALL, c);
  }
  dt_copy(coll_at(sbuf, (long)me * scount, st), scount, st, coll_at(rbuf, (long)me * rcount, rt), rcount, rt);
  coll_waitall(rs, k);
  free(rs);
}

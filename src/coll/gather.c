/* Gather: linear; the root posts every receive at once. */
#include "coll.h"
#include <stdlib.h>

void coll_gather(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, int root,
                 rt_comm_t *c)
{
  int n = comm_size(c), me = comm_rank(c);
  if (me != root) {
    coll_send(sbuf, scount, st, root, TAG_GATHER, c);
    return;
  }
  p2p_req_t **rs = malloc(sizeof *rs * (size_t)n);
  int k = 0;
  for (int i = 0; i < n; i++)
    if (i != root)
      rs[k++] = coll_irecv(coll_at(rbuf, (long)i * rcount, rt), rcount, rt, i, TAG_GATHER, c);
  dt_copy(sbuf, scount, st, coll_at(rbuf, (long)root * rcount, rt), rcount, rt);
  coll_waitall(rs, k);
  free(rs);
}

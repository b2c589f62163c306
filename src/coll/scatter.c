/* Scatter: linear; the root posts every send at once. */
#include "coll.h"
#include <stdlib.h>

void coll_scatter(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, int root,
                  rt_comm_t *c)
{
  int n = comm_size(c), me = comm_rank(c);
  if (me != root) {
    coll_recv(rbuf, rcount, rt, root, TAG_SCATTER, c);
    return;
  }
  p2p_req_t **rs = malloc(sizeof *rs * (size_t)n);
  int k = 0;
  for (int i = 0; i < n; i++)
    if (i != root)
      rs[k++] = coll_isend(coll_at(sbuf, (long)i * scount, st), scount, st, i, TAG_SCATTER, c);
  dt_copy(coll_at(sbuf, (long)root * scount, st), scount, st, rbuf, rcount, rt);
  coll_waitall(rs, k);
  free(rs);
}

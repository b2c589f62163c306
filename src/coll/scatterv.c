/* Scatterv: linear (the root posts every send at once; MPICH and Open MPI). */
#include "coll.h"
#include <stdlib.h>

void coll_scatterv_linear(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  if (me != root) {
    coll_recv(k, a->rbuf, a->rcount, a->rt, root);
    return;
  }
  p2p_req_t **rs = calloc((size_t)n, sizeof *rs);
  for (int i = 0; i < n; i++)
    if (i != root)
      rs[i] = coll_isend(k, coll_at(a->sbuf, a->sdispls[i], a->st), a->scounts[i], a->st, i);
  dt_copy(coll_at(a->sbuf, a->sdispls[root], a->st), a->scounts[root], a->st, a->rbuf, a->rcount, a->rt);
  coll_waitall(k, rs, n);
  free(rs);
}

const coll_algo_t coll_scatterv_algos[] = {
    {"linear", coll_scatterv_linear, 0, NULL, "the root posts a send to every rank at once"},
    {NULL, NULL, 0, NULL, NULL}};

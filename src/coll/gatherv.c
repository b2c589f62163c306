/* Gatherv: linear (the root posts every receive at once; MPICH and Open MPI). */
#include "coll.h"
#include <stdlib.h>

void coll_gatherv_linear(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  if (me != root) {
    coll_send(k, a->sbuf, a->scount, a->st, root);
    return;
  }
  p2p_req_t **rs = calloc((size_t)n, sizeof *rs);
  for (int i = 0; i < n; i++)
    if (i != root)
      rs[i] = coll_irecv(k, coll_at(a->rbuf, a->rdispls[i], a->rt), a->rcounts[i], a->rt, i);
  dt_copy(a->sbuf, a->scount, a->st, coll_at(a->rbuf, a->rdispls[root], a->rt), a->rcounts[root], a->rt);
  coll_waitall(k, rs, n);
  free(rs);
}

const coll_algo_t coll_gatherv_algos[] = {
    {"linear", coll_gatherv_linear, 0, NULL, "the root posts a receive from every rank at once"},
    {NULL, NULL, 0, NULL, NULL}};

/* Scatter: linear (the root sends to each rank in turn), binomial tree
 * (MPICH: each rank receives its subtree's blocks in one message and
 * forwards the children's parts), linear with every send posted at once
 * (Open MPI's linear_nb, smpirun's default). */
#include "coll.h"
#include <stdlib.h>

#define REAL(v) (((v) + root) % n)

static void linear(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  if (me != root) {
    coll_recv(k, a->rbuf, a->rcount, a->rt, root);
    return;
  }
  for (int i = 0; i < n; i++) /* one rank after the other, in rank order */
    if (i == root)
      dt_copy(coll_at(a->sbuf, (long)root * a->scount, a->st), a->scount, a->st, a->rbuf, a->rcount, a->rt);
    else
      coll_send(k, coll_at(a->sbuf, (long)i * a->scount, a->st), a->scount, a->st, i);
}

static void binomial(coll_t *k, const coll_args_t *a)
{
  int n = k->n, root = a->root, vr = (k->me - root + n) % n;
  long bs = (long)a->rcount * (long)a->rt->size; /* the same at every rank */
  int m = 1;
  while (m < n && !(vr & m))
    m <<= 1;
  int cnt = vr + m < n ? m : n - vr;
  char *tmp = malloc((size_t)(cnt * bs) + 1);
  if (vr == 0)
    for (int j = 0; j < n; j++)
      dt_pack(coll_at(a->sbuf, (long)REAL(j) * a->scount, a->st), a->scount, a->st, tmp + j * bs);
  else
    coll_recv(k, tmp, cnt * bs, coll_byte(), REAL(vr - m));
  for (int mask = m >> 1; mask > 0; mask >>= 1)
    if (vr + mask < n) {
      int c = vr + 2 * mask <= n ? mask : n - vr - mask;
      coll_send(k, tmp + mask * bs, c * bs, coll_byte(), REAL(vr + mask));
    }
  dt_unpack(tmp, (size_t)bs, a->rbuf, a->rcount, a->rt);
  free(tmp);
}

static void linear_nb(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  if (me != root) {
    coll_recv(k, a->rbuf, a->rcount, a->rt, root);
    return;
  }
  p2p_req_t **rs = calloc((size_t)n, sizeof *rs);
  for (int i = 0; i < n; i++)
    if (i != root)
      rs[i] = coll_isend(k, coll_at(a->sbuf, (long)i * a->scount, a->st), a->scount, a->st, i);
  dt_copy(coll_at(a->sbuf, (long)root * a->scount, a->st), a->scount, a->st, a->rbuf, a->rcount, a->rt);
  coll_waitall(k, rs, n);
  free(rs);
}

const coll_algo_t coll_scatter_algos[] = {
    {"linear", linear, 0, NULL, "the root sends to each rank in turn (Open MPI's basic linear)"},
    {"binomial", binomial, 0, NULL, "binomial tree, subtrees' blocks sent together (MPICH)"},
    {"linear_nb", linear_nb, 0, NULL, "the root posts a send to every rank at once (Open MPI's linear_nb, smpirun's default)"},
    {NULL, NULL, 0, NULL, NULL}};

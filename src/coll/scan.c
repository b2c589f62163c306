/* Scan: recursive doubling (MPICH: log2 n exchanges of partial results,
 * lower ranks' parts always on the left); linear chain (Open MPI: rank i
 * gets the prefix from rank i-1, adds its own, passes it on). */
#include "coll.h"
#include "../mpi/op.h"

static void rdb(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, count = a->rcount;
  const dt_t *t = a->rt;
  void *partial = coll_tmp(count, t), *in = coll_tmp(count, t);
  dt_copy(a->sbuf, count, t, partial, count, t);
  dt_copy(a->sbuf, count, t, a->rbuf, count, t);
  for (int mask = 1; mask < n; mask <<= 1) {
    int q = me ^ mask;
    if (q >= n)
      continue;
    coll_sendrecv(k, partial, count, t, q, in, count, t, q);
    if (q < me) {
      op_apply(a->op, in, a->rbuf, count, t);
      op_apply(a->op, in, partial, count, t);
    } else
      coll_combine(a->op, partial, in, count, t, 0);
  }
  coll_tmp_free(partial, t);
  coll_tmp_free(in, t);
}

static void linear(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, count = a->rcount;
  const dt_t *t = a->rt;
  dt_copy(a->sbuf, count, t, a->rbuf, count, t);
  if (me > 0) {
    void *in = coll_tmp(count, t);
    coll_recv(k, in, count, t, me - 1);
    op_apply(a->op, in, a->rbuf, count, t);
    coll_tmp_free(in, t);
  }
  if (me + 1 < n)
    coll_send(k, a->rbuf, count, t, me + 1);
}

const coll_algo_t coll_scan_algos[] = {
    {"rdb", rdb, 0, NULL, "recursive doubling on partial results (MPICH)"},
    {"linear", linear, 0, NULL, "a chain from rank 0 up (Open MPI)"},
    {NULL, NULL, 0, NULL, NULL}};

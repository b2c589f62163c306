/* Scan: recursive doubling (MPICH: log2 n exchanges of partial results,
 * lower ranks' parts always on the left); linear chain (Open MPI: rank i
 * gets the prefix from rank i-1, adds its own, passes it on); flat (every
 * rank sends its vector to all higher ranks at once: smpirun's scan). */
#include "coll.h"
#include "../core/op.h"
#include <stdlib.h>

static void rdb(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me;
  MPI_Count count = a->rcount;
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
      coll_apply(a->op, in, a->rbuf, count, t);
      coll_apply(a->op, in, partial, count, t);
    } else
      coll_combine(a->op, partial, in, count, t, 0);
  }
  coll_tmp_free(partial, t);
  coll_tmp_free(in, t);
}

static void linear(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  dt_copy(a->sbuf, count, t, a->rbuf, count, t);
  if (me > 0) {
    void *in = coll_tmp(count, t);
    coll_recv(k, in, count, t, me - 1);
    coll_apply(a->op, in, a->rbuf, count, t);
    coll_tmp_free(in, t);
  }
  if (me + 1 < n)
    coll_send(k, a->rbuf, count, t, me + 1);
}

/* Every rank sends its vector to every higher rank and receives from every
 * lower one, all at once, then combines x0 op ... op x(me) in rank order
 * (x(me - 1) for Exscan: inclusive = 0). Shared by scan.c and exscan.c. */
void coll_flat_prefix(coll_t *k, const coll_args_t *a, int inclusive)
{
  int n = k->n, me = k->me;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  p2p_req_t **rs = calloc((size_t)n, sizeof *rs);
  void **in = calloc((size_t)n, sizeof *in);
  for (int i = 0; i < me; i++) {
    in[i] = coll_tmp(count, t);
    rs[i] = coll_irecv(k, in[i], count, t, i);
  }
  for (int i = me + 1; i < n; i++)
    rs[i] = coll_isend(k, a->sbuf, count, t, i);
  coll_waitall(k, rs, n);
  int top = inclusive ? me : me - 1; /* the highest operand */
  if (top >= 0) {
    dt_copy(inclusive ? a->sbuf : in[top], count, t, a->rbuf, count, t);
    for (int i = top - 1; i >= 0; i--)
      coll_combine(a->op, a->rbuf, in[i], count, t, 1);
  }
  for (int i = 0; i < me; i++)
    coll_tmp_free(in[i], t);
  free(in);
  free(rs);
}

static void flat(coll_t *k, const coll_args_t *a) { coll_flat_prefix(k, a, 1); }

const coll_algo_t coll_scan_algos[] = {
    {"rdb", rdb, 0, NULL, "recursive doubling on partial results (MPICH)"},
    {"linear", linear, 0, NULL, "a chain from rank 0 up (Open MPI)"},
    {"flat", flat, 0, NULL, "every rank sends to every higher rank at once; rank r holds r buffers (smpirun's only algorithm)"},
    {NULL, NULL, 0, NULL, NULL}};

/* Exscan: recursive doubling (MPICH); linear chain (Open MPI); flat (every
 * rank sends its vector to all higher ranks at once: smpirun's). Rank 0's
 * receive buffer is left untouched, as the standard leaves it undefined. */
#include "coll.h"
#include "../core/op.h"
#include <stdlib.h>

static void rdb(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, have = 0;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  void *partial = coll_tmp(count, t), *in = coll_tmp(count, t);
  dt_copy(a->sbuf, count, t, partial, count, t);
  for (int mask = 1; mask < n; mask <<= 1) {
    int q = me ^ mask;
    if (q >= n)
      continue;
    coll_sendrecv(k, partial, count, t, q, in, count, t, q);
    if (q < me) {
      if (have)
        coll_apply(a->op, in, a->rbuf, count, t);
      else
        dt_copy(in, count, t, a->rbuf, count, t);
      have = 1;
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
  if (me == 0) {
    if (n > 1)
      coll_send(k, a->sbuf, count, t, 1);
    return;
  }
  void *next = NULL; /* my vector, copied before rbuf (which may be sbuf) receives the prefix */
  if (me + 1 < n) {
    next = coll_tmp(count, t);
    dt_copy(a->sbuf, count, t, next, count, t);
  }
  coll_recv(k, a->rbuf, count, t, me - 1);
  if (next) {
    coll_apply(a->op, a->rbuf, next, count, t); /* next = prefix op mine */
    coll_send(k, next, count, t, me + 1);
    coll_tmp_free(next, t);
  }
}

/* coll_flat_prefix (scan.c) without the rank's own vector. */
static void flat(coll_t *k, const coll_args_t *a) { coll_flat_prefix(k, a, 0); }

const coll_algo_t coll_exscan_algos[] = {
    {"rdb", rdb, 0, NULL, "recursive doubling on partial results (MPICH)"},
    {"linear", linear, 0, NULL, "a chain from rank 0 up (Open MPI)"},
    {"flat", flat, 0, NULL, "every rank sends to every higher rank at once; rank r holds r buffers (smpirun's only algorithm)"},
    {NULL, NULL, 0, NULL, NULL}};

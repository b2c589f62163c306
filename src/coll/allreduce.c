/* Allreduce: recursive doubling (MPICH short messages; for non-powers of
 * two the even ranks below 2*rem fold into their odd neighbours first);
 * Rabenseifner (MPICH long messages: reduce-scatter by recursive halving,
 * allgather by recursive doubling); ring (reduce-scatter then allgather
 * around a ring, commutative operations only: Open MPI's large messages);
 * reduce then broadcast (Open MPI's non-commutative large messages; with
 * the root receiving from everyone at once: smpirun's default). The
 * first two keep rank order, so they serve non-commutative operations. */
#include "coll.h"
#include "../core/op.h"
#include <stdlib.h>

int coll_rab_reduce_scatter(coll_t *k, const coll_args_t *a, void *acc, int *lo, int *hi, int *los, int *his);

static void rdb(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  int p = coll_pof2_floor(n), rem = n - p, nr;
  void *acc = a->rbuf, *in = coll_tmp(count, t);
  dt_copy(a->sbuf, count, t, acc, count, t);
  if (me < 2 * rem) {
    if (me % 2 == 0) {
      coll_send(k, acc, count, t, me + 1);
      nr = -1;
    } else {
      coll_recv(k, in, count, t, me - 1);
      coll_apply(a->op, in, acc, count, t);
      nr = me / 2;
    }
  } else
    nr = me - rem;
  if (nr >= 0)
    for (int mask = 1; mask < p; mask <<= 1) {
      int np = nr ^ mask, dst = np < rem ? 2 * np + 1 : np + rem;
      coll_sendrecv(k, acc, count, t, dst, in, count, t, dst);
      coll_combine(a->op, acc, in, count, t, dst < me);
    }
  if (me < 2 * rem) {
    if (me % 2)
      coll_send(k, acc, count, t, me - 1);
    else
      coll_recv(k, acc, count, t, me + 1);
  }
  coll_tmp_free(in, t);
}

static long blk_off(long count, int p, int b) { return count / p * b + (b < count % p ? b : count % p); }

static void rab(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  int p = coll_pof2_floor(n), rem = n - p, lo, hi, steps = 0;
  while ((1 << steps) < p)
    steps++;
  int *los = malloc(sizeof(int) * (size_t)(steps + 1)), *his = malloc(sizeof(int) * (size_t)(steps + 1));
  dt_copy(a->sbuf, count, t, a->rbuf, count, t);
  int nr = coll_rab_reduce_scatter(k, a, a->rbuf, &lo, &hi, los, his);
  if (nr >= 0)
    for (int s = steps - 1; s >= 0; s--) { /* allgather: the steps backwards */
      int np = nr ^ (1 << s), dst = np < rem ? 2 * np + 1 : np + rem;
      int plo = s ? los[s - 1] : 0, phi = s ? his[s - 1] : p;
      int olo = los[s] == plo ? his[s] : plo, ohi = los[s] == plo ? phi : los[s];
      long mo = blk_off(count, p, los[s]), mc = blk_off(count, p, his[s]) - mo;
      long oo = blk_off(count, p, olo), oc = blk_off(count, p, ohi) - oo;
      coll_sendrecv(k, coll_at(a->rbuf, mo, t), mc, t, dst, coll_at(a->rbuf, oo, t), oc, t, dst);
    }
  if (me < 2 * rem) {
    if (me % 2)
      coll_send(k, a->rbuf, count, t, me - 1);
    else
      coll_recv(k, a->rbuf, count, t, me + 1);
  }
  free(los);
  free(his);
}

static void ring(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  if (count < n) { /* fewer elements than ranks: recursive doubling, as Open MPI does */
    rdb(k, a);
    return;
  }
  int right = (me + 1) % n, left = (me - 1 + n) % n;
  long maxc = count / n + 1;
  void *in = coll_tmp(maxc, t);
  dt_copy(a->sbuf, count, t, a->rbuf, count, t);
#define OFF(b) blk_off(count, n, (b))
#define CNT(b) (OFF((b) + 1) - OFF(b))
  /* block b starts at rank b+1 and is complete when it reaches rank b */
  for (int s = 0; s < n - 1; s++) {
    int sb = (me - 1 - s + 2 * n) % n, rb = (me - 2 - s + 2 * n) % n;
    coll_sendrecv(k, coll_at(a->rbuf, OFF(sb), t), CNT(sb), t, right, in, CNT(rb), t, left);
    coll_apply(a->op, in, coll_at(a->rbuf, OFF(rb), t), CNT(rb), t);
  }
  for (int s = 0; s < n - 1; s++) {
    int sb = (me - s + n) % n, rb = (me - s - 1 + n) % n;
    coll_sendrecv(k, coll_at(a->rbuf, OFF(sb), t), CNT(sb), t, right, coll_at(a->rbuf, OFF(rb), t), CNT(rb), t,
                  left);
  }
#undef OFF
#undef CNT
  coll_tmp_free(in, t);
}

static void redbcast(coll_t *k, const coll_args_t *a)
{
  coll_args_t b = *a;
  b.root = 0;
  coll_reduce_binomial(k, &b);
  coll_bcast_binomial(k, &b);
}

static void redbcast_linear(coll_t *k, const coll_args_t *a)
{
  coll_args_t b = *a;
  b.root = 0;
  coll_reduce_linear_nb(k, &b);
  coll_bcast_binomial(k, &b);
}

const coll_algo_t coll_allreduce_algos[] = {
    {"rdb", rdb, 0, NULL, "recursive doubling, whole vectors (MPICH short messages and user operations)"},
    {"rab", rab, 0, NULL, "Rabenseifner: recursive-halving reduce-scatter, recursive-doubling allgather (MPICH long)"},
    {"ring", ring, NEED_COMMUTE, "rdb",
     "reduce-scatter and allgather around a ring (Open MPI large messages; rdb when count < n)"},
    {"redbcast", redbcast, 0, NULL, "binomial reduce to rank 0, then binomial broadcast"},
    {"redbcast_linear", redbcast_linear, 0, NULL,
     "reduce to rank 0 by reduce's linear_nb, then binomial broadcast (SMPI's redbcast, smpirun's default)"},
    {NULL, NULL, 0, NULL, NULL}};

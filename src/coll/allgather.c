/* Allgather: ring (n-1 steps, each passing on the block received last);
 * recursive doubling (powers of two: exchanges of 1, 2, 4... blocks);
 * Bruck (ceil(log2 n) steps for any n, blocks rotated so that each step
 * sends a prefix); neighbor exchange (even n: n/2 steps between alternate
 * neighbours, Open MPI); spreading (every block sent to everyone at once,
 * smpirun's default). */
#include "coll.h"
#include <stdlib.h>

#define BLK(i) coll_at(a->rbuf, (long)(i) * a->rcount, a->rt)

static void copy_own(coll_t *k, const coll_args_t *a)
{
  dt_copy(a->sbuf, a->scount, a->st, BLK(k->me), a->rcount, a->rt);
}

static void ring(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, right = (me + 1) % n, left = (me - 1 + n) % n;
  copy_own(k, a);
  for (int i = 0; i < n - 1; i++) {
    int s = (me - i + n) % n, r = (me - i - 1 + n) % n;
    coll_sendrecv(k, BLK(s), a->rcount, a->rt, right, BLK(r), a->rcount, a->rt, left);
  }
}

static void rdb(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me;
  copy_own(k, a);
  for (int mask = 1; mask < n; mask <<= 1) {
    int p = me ^ mask, mine = me & ~(mask - 1), theirs = p & ~(mask - 1);
    coll_sendrecv(k, BLK(mine), mask * a->rcount, a->rt, p, BLK(theirs), mask * a->rcount, a->rt, p);
  }
}

static void bruck(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me;
  long bs = (long)a->rcount * (long)a->rt->size;
  /* moving no data, it needs no buffer of its own: N of them at once would be O(N^2) */
  char *tmp = k->nodata ? coll_scratch((size_t)(n * bs) + 1) : malloc((size_t)(n * bs) + 1);
  if (!k->nodata)
    dt_pack(a->sbuf, a->scount, a->st, tmp); /* position i: the block of rank me+i */
  for (int d = 1; d < n; d <<= 1) {
    int c = d < n - d ? d : n - d;
    coll_sendrecv(k, tmp, c * bs, coll_byte(), (me - d + n) % n, tmp + d * bs, c * bs, coll_byte(), (me + d) % n);
  }
  if (k->nodata)
    return;
  for (int i = 0; i < n; i++)
    dt_unpack(tmp + i * bs, (size_t)bs, BLK((me + i) % n), a->rcount, a->rt);
  free(tmp);
}

static void neighborexchange(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, even = !(me % 2);
  int nb[2], from[2], step[2];
  nb[0] = even ? (me + 1) % n : me - 1;
  nb[1] = even ? (me - 1 + n) % n : (me + 1) % n;
  from[0] = from[1] = even ? me : me - 1;
  step[0] = even ? 2 : -2;
  step[1] = -step[0];
  copy_own(k, a);
  coll_sendrecv(k, BLK(me), a->rcount, a->rt, nb[0], BLK(nb[0]), a->rcount, a->rt, nb[0]);
  int send_from = from[0]; /* pairs of blocks start at even ranks */
  for (int i = 1; i < n / 2; i++) {
    int p = i % 2;
    from[p] = (from[p] + step[p] + n) % n;
    coll_sendrecv(k, BLK(send_from), 2 * a->rcount, a->rt, nb[p], BLK(from[p]), 2 * a->rcount, a->rt, nb[p]);
    send_from = from[p];
  }
}

/* Every rank posts a receive from and a send to every other rank at once. */
static void spreading_simple(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me;
  p2p_req_t **rs = calloc((size_t)(2 * n), sizeof *rs);
  dt_copy(a->sbuf, a->scount, a->st, BLK(me), a->rcount, a->rt);
  for (int d = 1; d < n; d++) {
    int i = (me - d + n) % n;
    rs[d] = coll_irecv(k, BLK(i), a->rcount, a->rt, i);
  }
  for (int d = 1; d < n; d++)
    rs[n + d] = coll_isend(k, a->sbuf, a->scount, a->st, (me + d) % n);
  coll_waitall(k, rs, 2 * n);
  free(rs);
}

const coll_algo_t coll_allgather_algos[] = {
    {"ring", ring, 0, NULL, "n-1 steps: send to rank+1 the block received from rank-1 (MPICH long messages)"},
    {"rdb", rdb, NEED_POW2, "bruck", "recursive doubling, log2 n exchanges of growing halves (MPICH, powers of two)"},
    {"bruck", bruck, 0, NULL, "ceil(log2 n) steps for any n (MPICH short messages on other sizes)"},
    {"neighborexchange", neighborexchange, NEED_EVEN, "ring", "n/2 steps with alternate neighbours (Open MPI, even n)"},
    {"spreading_simple", spreading_simple, 0, NULL,
     "every rank posts a receive from and a send to every other rank at once (smpirun's default)"},
    {NULL, NULL, 0, NULL, NULL}};

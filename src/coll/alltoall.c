/* Alltoall: basic linear (every receive and send posted, 32 partners at a
 * time, MPICH's medium messages); pairwise exchange (MPICH: partner rank^i
 * on powers of two, else send to rank+i and receive from rank-i); ring
 * (always rank+i / rank-i: Open MPI's pairwise); Bruck (ceil(log2 n) steps
 * on packed blocks, small messages); linear with every partner at once
 * (SMPI's basic_linear, smpirun's default). All but Bruck serve alltoallv
 * and alltoallw too, through a function that locates block i. */
#include "coll.h"
#include <stdlib.h>
#include <string.h>

#define THROTTLE 32

static void own(const coll_args_t *a, int me, coll_blockfn blk)
{
  char *sp, *rp;
  MPI_Count sc, rc;
  const dt_t *st, *rt;
  blk(a, 1, me, &sp, &sc, &st);
  blk(a, 0, me, &rp, &rc, &rt);
  dt_copy(sp, sc, st, rp, rc, rt);
}

static void exchange(coll_t *k, const coll_args_t *a, coll_blockfn blk, int dst, int src)
{
  char *sp, *rp;
  MPI_Count sc, rc;
  const dt_t *st, *rt;
  blk(a, 1, dst, &sp, &sc, &st);
  blk(a, 0, src, &rp, &rc, &rt);
  coll_sendrecv(k, sp, sc, st, dst, rp, rc, rt, src);
}

static void linear_by(coll_t *k, const coll_args_t *a, coll_blockfn blk, int throttle)
{
  int n = k->n, me = k->me;
  p2p_req_t **rs = calloc(2 * (size_t)throttle, sizeof *rs);
  own(a, me, blk);
  for (int base = 0; base < n; base += throttle) {
    int m = n - base < throttle ? n - base : throttle, q = 0;
    char *p;
    MPI_Count c;
    const dt_t *t;
    for (int i = 0; i < m; i++) {
      int src = (me + base + i) % n;
      if (src == me)
        continue;
      blk(a, 0, src, &p, &c, &t);
      rs[q++] = coll_irecv(k, p, c, t, src);
    }
    for (int i = 0; i < m; i++) {
      int dst = (me - base - i + n) % n;
      if (dst == me)
        continue;
      blk(a, 1, dst, &p, &c, &t);
      rs[q++] = coll_isend(k, p, c, t, dst);
    }
    coll_waitall(k, rs, q);
  }
  free(rs);
}

void coll_a2a_linear(coll_t *k, const coll_args_t *a, coll_blockfn blk) { linear_by(k, a, blk, THROTTLE); }

void coll_a2a_linear_nb(coll_t *k, const coll_args_t *a, coll_blockfn blk) { linear_by(k, a, blk, k->n); }

void coll_a2a_pair(coll_t *k, const coll_args_t *a, coll_blockfn blk)
{
  int n = k->n, me = k->me, pow2 = coll_is_pow2(n);
  own(a, me, blk);
  for (int i = 1; i < n; i++) {
    if (pow2)
      exchange(k, a, blk, me ^ i, me ^ i);
    else
      exchange(k, a, blk, (me + i) % n, (me - i + n) % n);
  }
}

void coll_a2a_ring(coll_t *k, const coll_args_t *a, coll_blockfn blk)
{
  int n = k->n, me = k->me;
  own(a, me, blk);
  for (int i = 1; i < n; i++)
    exchange(k, a, blk, (me + i) % n, (me - i + n) % n);
}

static void block(const coll_args_t *a, int send, int i, char **p, MPI_Count *count, const dt_t **t)
{
  if (send) {
    *p = coll_at(a->sbuf, (long)i * a->scount, a->st);
    *count = a->scount;
    *t = a->st;
  } else {
    *p = coll_at(a->rbuf, (long)i * a->rcount, a->rt);
    *count = a->rcount;
    *t = a->rt;
  }
}

static void basic_linear(coll_t *k, const coll_args_t *a) { coll_a2a_linear(k, a, block); }
static void linear_nb(coll_t *k, const coll_args_t *a) { coll_a2a_linear_nb(k, a, block); }
static void pair(coll_t *k, const coll_args_t *a) { coll_a2a_pair(k, a, block); }
static void ring(coll_t *k, const coll_args_t *a) { coll_a2a_ring(k, a, block); }

static void bruck(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me;
  long bs = (long)a->rcount * (long)a->rt->size;
  size_t all = (size_t)(n * bs) + 1;
  char *tmp = malloc(all), *out = malloc(all), *in = malloc(all);
  int *idx = malloc(sizeof *idx * (size_t)n);
  for (int i = 0; i < n; i++) /* position i: the block for rank me+i */
    dt_pack(coll_at(a->sbuf, (long)((me + i) % n) * a->scount, a->st), a->scount, a->st, tmp + i * bs);
  for (int d = 1; d < n; d <<= 1) {
    int c = 0;
    for (int i = 0; i < n; i++)
      if (i & d) {
        memcpy(out + c * bs, tmp + i * bs, (size_t)bs);
        idx[c++] = i;
      }
    coll_sendrecv(k, out, c * bs, coll_byte(), (me + d) % n, in, c * bs, coll_byte(), (me - d + n) % n);
    for (int j = 0; j < c; j++)
      memcpy(tmp + idx[j] * bs, in + j * bs, (size_t)bs);
  }
  for (int i = 0; i < n; i++) /* position i now holds what rank me-i sent to me */
    dt_unpack(tmp + i * bs, (size_t)bs, coll_at(a->rbuf, (long)((me - i + n) % n) * a->rcount, a->rt), a->rcount,
              a->rt);
  free(tmp);
  free(out);
  free(in);
  free(idx);
}

const coll_algo_t coll_alltoall_algos[] = {
    {"basic_linear", basic_linear, 0, NULL, "all receives and sends posted, 32 partners at a time (MPICH medium)"},
    {"pair", pair, 0, NULL, "n-1 exchanges with rank^i (powers of two), else rank+i/rank-i (MPICH long)"},
    {"ring", ring, 0, NULL, "n-1 steps: send to rank+i, receive from rank-i (Open MPI pairwise)"},
    {"bruck", bruck, 0, NULL, "ceil(log2 n) steps on packed blocks (MPICH and Open MPI short messages)"},
    {"linear_nb", linear_nb, 0, NULL,
     "all receives and sends posted at once, every partner (SMPI's basic_linear, smpirun's default)"},
    {NULL, NULL, 0, NULL, NULL}};

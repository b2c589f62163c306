/* Allgatherv: ring (blocks moved in place); recursive doubling (powers of
 * two), Bruck and neighbor exchange (even n) on a packed copy of the
 * blocks, as for allgather; spreading (every block sent to everyone at
 * once, smpirun's default). */
#include "coll.h"
#include <stdlib.h>

#define BLK(i) coll_at(a->rbuf, a->rdispls[i], a->rt)

static void ring(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, right = (me + 1) % n, left = (me - 1 + n) % n;
  dt_copy(a->sbuf, a->scount, a->st, BLK(me), a->rcounts[me], a->rt);
  for (int i = 0; i < n - 1; i++) {
    int s = (me - i + n) % n, r = (me - i - 1 + n) % n;
    coll_sendrecv(k, BLK(s), a->rcounts[s], a->rt, right, BLK(r), a->rcounts[r], a->rt, left);
  }
}

/* The blocks packed in the order first, first+1, ... (mod n): off[i] is
 * where the i-th of them starts, off[n] the total. */
typedef struct {
  char *buf;
  long *off;
} packed_t;

static void packed_open(packed_t *p, const coll_args_t *a, int n, int first, int me)
{
  p->off = malloc(sizeof *p->off * (size_t)(n + 1));
  p->off[0] = 0;
  for (int i = 0; i < n; i++)
    p->off[i + 1] = p->off[i] + (long)a->rcounts[(first + i) % n] * (long)a->rt->size;
  p->buf = malloc(p->off[n] ? (size_t)p->off[n] : 1);
  dt_pack(a->sbuf, a->scount, a->st, p->buf + p->off[(me - first + n) % n]);
}

static void packed_close(packed_t *p, const coll_args_t *a, int n, int first)
{
  for (int i = 0; i < n; i++) {
    int b = (first + i) % n;
    dt_unpack(p->buf + p->off[i], (size_t)(p->off[i + 1] - p->off[i]), BLK(b), a->rcounts[b], a->rt);
  }
  free(p->buf);
  free(p->off);
}

/* Sends packed positions [s, s+c) to dst, receives positions [r, r+c2) from src. */
static void swap_pos(coll_t *k, packed_t *p, int s, int c, int dst, int r, int c2, int src)
{
  coll_sendrecv(k, p->buf + p->off[s], p->off[s + c] - p->off[s], coll_byte(), dst, p->buf + p->off[r],
                p->off[r + c2] - p->off[r], coll_byte(), src);
}

static void rdb(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me;
  packed_t p;
  packed_open(&p, a, n, 0, me);
  for (int mask = 1; mask < n; mask <<= 1) {
    int q = me ^ mask;
    swap_pos(k, &p, me & ~(mask - 1), mask, q, q & ~(mask - 1), mask, q);
  }
  packed_close(&p, a, n, 0);
}

static void bruck(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me;
  packed_t p;
  packed_open(&p, a, n, me, me);
  for (int d = 1; d < n; d <<= 1) {
    int c = d < n - d ? d : n - d;
    swap_pos(k, &p, 0, c, (me - d + n) % n, d, c, (me + d) % n);
  }
  packed_close(&p, a, n, me);
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
  packed_t p;
  packed_open(&p, a, n, 0, me);
  swap_pos(k, &p, me, 1, nb[0], nb[0], 1, nb[0]);
  int send_from = from[0];
  for (int i = 1; i < n / 2; i++) {
    int q = i % 2;
    from[q] = (from[q] + step[q] + n) % n;
    swap_pos(k, &p, send_from, 2, nb[q], from[q], 2, nb[q]);
    send_from = from[q];
  }
  packed_close(&p, a, n, 0);
}

/* Every rank posts a receive from and a send to every other rank at once. */
static void spreading_simple(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me;
  p2p_req_t **rs = calloc((size_t)(2 * n), sizeof *rs);
  dt_copy(a->sbuf, a->scount, a->st, BLK(me), a->rcounts[me], a->rt);
  for (int d = 1; d < n; d++) {
    int i = (me - d + n) % n;
    rs[d] = coll_irecv(k, BLK(i), a->rcounts[i], a->rt, i);
  }
  for (int d = 1; d < n; d++)
    rs[n + d] = coll_isend(k, a->sbuf, a->scount, a->st, (me + d) % n);
  coll_waitall(k, rs, 2 * n);
  free(rs);
}

const coll_algo_t coll_allgatherv_algos[] = {
    {"ring", ring, 0, NULL, "n-1 steps: send to rank+1 the block received from rank-1 (MPICH long messages)"},
    {"rdb", rdb, NEED_POW2, "bruck", "recursive doubling on packed blocks (MPICH, powers of two)"},
    {"bruck", bruck, 0, NULL, "ceil(log2 n) steps for any n on packed blocks"},
    {"neighborexchange", neighborexchange, NEED_EVEN, "ring", "n/2 steps with alternate neighbours (Open MPI, even n)"},
    {"spreading_simple", spreading_simple, 0, NULL,
     "every rank posts a receive from and a send to every other rank at once (smpirun's default)"},
    {NULL, NULL, 0, NULL, NULL}};

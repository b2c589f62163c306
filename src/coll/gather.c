/* Gather: linear (the root receives from each rank in turn, Open MPI's
 * basic linear), binomial tree (MPICH: each rank forwards its subtree's
 * blocks packed in one message), linear with synchronisation (Open MPI's
 * linear_sync: the root gives each rank in turn a go and waits for its
 * first segment; the rests arrive meanwhile); linear with every receive
 * posted at once (smpirun's default). */
#include "coll.h"
#include <stdlib.h>
#include <string.h>

#define REAL(v) (((v) + root) % n)

static void linear(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  if (me != root) {
    coll_send(k, a->sbuf, a->scount, a->st, root);
    return;
  }
  for (int i = 0; i < n; i++) /* one rank after the other, in rank order */
    if (i == root)
      dt_copy(a->sbuf, a->scount, a->st, coll_at(a->rbuf, (long)root * a->rcount, a->rt), a->rcount, a->rt);
    else
      coll_recv(k, coll_at(a->rbuf, (long)i * a->rcount, a->rt), a->rcount, a->rt, i);
}

static void binomial(coll_t *k, const coll_args_t *a)
{
  int n = k->n, root = a->root, vr = (k->me - root + n) % n;
  long bs = (long)a->scount * (long)a->st->size; /* the same at every rank */
  int m = 1;
  while (m < n && !(vr & m))
    m <<= 1;
  int cnt = vr + m < n ? m : n - vr; /* my subtree: relative ranks [vr, vr + cnt) */
  char *tmp = malloc((size_t)(cnt * bs) + 1);
  dt_pack(a->sbuf, a->scount, a->st, tmp);
  for (int mask = 1; mask < m && vr + mask < n; mask <<= 1) {
    int c = vr + 2 * mask <= n ? mask : n - vr - mask;
    coll_recv(k, tmp + mask * bs, c * bs, coll_byte(), REAL(vr + mask));
  }
  if (vr)
    coll_send(k, tmp, cnt * bs, coll_byte(), REAL(vr - m));
  else
    for (int j = 0; j < n; j++)
      dt_unpack(tmp + j * bs, (size_t)bs, coll_at(a->rbuf, (long)REAL(j) * a->rcount, a->rt), a->rcount, a->rt);
  free(tmp);
}

static void linear_sync(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  const dt_t *b = coll_byte();
  void *mem;
  long bs = me == root ? (long)a->rcount * (long)a->rt->size : (long)a->scount * (long)a->st->size;
  long first = k->seg > 0 ? k->seg : bs > 92160 ? 32768 : 1024;
  long f = bs < first ? bs : first;
  if (me != root) {
    const char *data = coll_bytes_of(a->sbuf, a->scount, a->st, &mem);
    coll_recv(k, NULL, 0, b, root);
    coll_send(k, data, f, b, root);
    coll_send(k, data + f, bs - f, b, root);
    free(mem);
    return;
  }
  /* each rank in turn: its first segment is awaited, the rest of all of them at the end */
  p2p_req_t **rest = calloc((size_t)n, sizeof *rest);
  char **room = calloc((size_t)n, sizeof *room);
  void **mems = calloc((size_t)n, sizeof *mems);
  for (int i = 0; i < n; i++) {
    if (i == root)
      continue;
    room[i] = coll_bytes_room(coll_at(a->rbuf, (long)i * a->rcount, a->rt), a->rcount, a->rt, &mems[i]);
    p2p_req_t *r = coll_irecv(k, room[i], f, b, i);
    coll_send(k, NULL, 0, b, i);
    rest[i] = coll_irecv(k, room[i] + f, bs - f, b, i);
    coll_waitall(k, &r, 1);
  }
  dt_copy(a->sbuf, a->scount, a->st, coll_at(a->rbuf, (long)root * a->rcount, a->rt), a->rcount, a->rt);
  coll_waitall(k, rest, n);
  for (int i = 0; i < n; i++)
    if (i != root)
      coll_bytes_done(coll_at(a->rbuf, (long)i * a->rcount, a->rt), a->rcount, a->rt, mems[i]);
  free(rest);
  free(room);
  free(mems);
}

static void linear_nb(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  if (me != root) {
    coll_send(k, a->sbuf, a->scount, a->st, root);
    return;
  }
  p2p_req_t **rs = calloc((size_t)n, sizeof *rs);
  for (int i = 0; i < n; i++)
    if (i != root)
      rs[i] = coll_irecv(k, coll_at(a->rbuf, (long)i * a->rcount, a->rt), a->rcount, a->rt, i);
  dt_copy(a->sbuf, a->scount, a->st, coll_at(a->rbuf, (long)root * a->rcount, a->rt), a->rcount, a->rt);
  coll_waitall(k, rs, n);
  free(rs);
}

const coll_algo_t coll_gather_algos[] = {
    {"linear", linear, 0, NULL, "the root receives from each rank in turn (Open MPI's basic linear)"},
    {"binomial", binomial, 0, NULL, "binomial tree, subtrees' blocks forwarded together (MPICH)"},
    {"linear_sync", linear_sync, 0, NULL,
     "each rank in turn gets a go and sends a first segment (1 KiB, 32 KiB above 90 KiB blocks), then the rest"},
    {"linear_nb", linear_nb, 0, NULL, "the root posts a receive from every rank at once (smpirun's default)"},
    {NULL, NULL, 0, NULL, NULL}};

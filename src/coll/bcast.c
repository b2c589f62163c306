/* Bcast: binomial tree (MPICH short messages); scatter then allgather, van
 * de Geijn's algorithm (MPICH: recursive-doubling allgather for medium
 * messages on powers of two, ring allgather for long ones); flat tree
 * (the root sends to each rank); segmented chain (pipeline) and segmented
 * binary tree (Open MPI's large-message broadcasts). */
#include "coll.h"
#include <stdlib.h>
#include <string.h>

#define REAL(v) (((v) + root) % n)

void coll_bcast_binomial(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  int vr = (me - root + n) % n, mask = 1;
  while (mask < n) {
    if (vr & mask) {
      coll_recv(k, a->rbuf, a->rcount, a->rt, REAL(vr - mask));
      break;
    }
    mask <<= 1;
  }
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (vr + mask < n)
      coll_send(k, a->rbuf, a->rcount, a->rt, REAL(vr + mask));
}

static void flattree(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  if (me != root) {
    coll_recv(k, a->rbuf, a->rcount, a->rt, root);
    return;
  }
  p2p_req_t **rs = calloc((size_t)n, sizeof *rs);
  for (int i = 0; i < n; i++)
    if (i != root)
      rs[i] = coll_isend(k, a->rbuf, a->rcount, a->rt, i);
  coll_waitall(k, rs, n);
  free(rs);
}

/* ---- scatter + allgather: the message as bytes, in n chunks of ss bytes ---- */

typedef struct {
  char *buf;   /* the message as nbytes contiguous bytes */
  void *mem;   /* packed copy for a non-contiguous type */
  long nbytes, ss;
} chunks_t;

static void chunks_open(chunks_t *ch, const coll_args_t *a, int n, int is_root)
{
  ch->nbytes = (long)a->rcount * (long)a->rt->size;
  ch->ss = (ch->nbytes + n - 1) / n;
  ch->mem = NULL;
  if (a->rt->contig) {
    ch->buf = a->rbuf;
    return;
  }
  ch->buf = ch->mem = malloc(ch->nbytes ? (size_t)ch->nbytes : 1);
  if (is_root)
    dt_pack(a->rbuf, a->rcount, a->rt, ch->buf);
}

static void chunks_close(chunks_t *ch, const coll_args_t *a, int is_root)
{
  if (ch->mem && !is_root)
    dt_unpack(ch->buf, (size_t)ch->nbytes, a->rbuf, a->rcount, a->rt);
  free(ch->mem);
}

/* Bytes of chunks [from, to) (clipped to the message). */
static long span_off(const chunks_t *ch, long from) { return from * ch->ss < ch->nbytes ? from * ch->ss : ch->nbytes; }
static long span_len(const chunks_t *ch, long from, long to) { return span_off(ch, to) - span_off(ch, from); }

/* Binomial scatter of the chunks: relative rank v ends with chunks [v, v + its subtree). */
static void chunk_scatter(coll_t *k, chunks_t *ch, int root)
{
  int n = k->n, vr = (k->me - root + n) % n, mask = 1;
  const dt_t *b = coll_byte();
  while (mask < n) {
    if (vr & mask) {
      long len = span_len(ch, vr, vr + mask);
      if (len > 0)
        coll_recv(k, ch->buf + span_off(ch, vr), len, b, REAL(vr - mask));
      break;
    }
    mask <<= 1;
  }
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (vr + mask < n) {
      long len = span_len(ch, vr + mask, vr + 2L * mask);
      if (len > 0)
        coll_send(k, ch->buf + span_off(ch, vr + mask), len, b, REAL(vr + mask));
    }
}

/* Sends [soff, soff+slen) to dst and receives [roff, roff+rlen) from src, skipping empty halves. */
static void exchange(coll_t *k, char *buf, long soff, long slen, int dst, long roff, long rlen, int src)
{
  p2p_req_t *rs[2] = {NULL, NULL};
  if (rlen > 0)
    rs[0] = coll_irecv(k, buf + roff, rlen, coll_byte(), src);
  if (slen > 0)
    rs[1] = coll_isend(k, buf + soff, slen, coll_byte(), dst);
  coll_waitall(k, rs, 2);
}

static void scatter_rdb_allgather(coll_t *k, const coll_args_t *a)
{
  int n = k->n, root = a->root, vr = (k->me - root + n) % n;
  chunks_t ch;
  chunks_open(&ch, a, n, vr == 0);
  chunk_scatter(k, &ch, root);
  for (int mask = 1; mask < n; mask <<= 1) { /* n is a power of two */
    int vp = vr ^ mask;
    long mine = vr & ~(mask - 1), theirs = vp & ~(mask - 1);
    exchange(k, ch.buf, span_off(&ch, mine), span_len(&ch, mine, mine + mask), REAL(vp),
             span_off(&ch, theirs), span_len(&ch, theirs, theirs + mask), REAL(vp));
  }
  chunks_close(&ch, a, vr == 0);
}

static void scatter_LR_allgather(coll_t *k, const coll_args_t *a)
{
  int n = k->n, root = a->root, vr = (k->me - root + n) % n;
  chunks_t ch;
  chunks_open(&ch, a, n, vr == 0);
  chunk_scatter(k, &ch, root);
  int right = (k->me + 1) % n, left = (k->me - 1 + n) % n;
  for (int i = 0; i < n - 1; i++) {
    long s = (vr - i + n) % n, r = (vr - i - 1 + n) % n;
    exchange(k, ch.buf, span_off(&ch, s), span_len(&ch, s, s + 1), right, span_off(&ch, r),
             span_len(&ch, r, r + 1), left);
  }
  chunks_close(&ch, a, vr == 0);
}

/* ---- segmented trees: each segment goes down the tree as soon as it arrived ---- */

enum { CHAIN, BINARY };

static int tree_parent(int shape, int v) { return v == 0 ? -1 : shape == CHAIN ? v - 1 : (v - 1) / 2; }
static int tree_children(int shape, int v, int n, int *ch)
{
  int k = 0;
  if (shape == CHAIN) {
    if (v + 1 < n)
      ch[k++] = v + 1;
  } else {
    if (2 * v + 1 < n)
      ch[k++] = 2 * v + 1;
    if (2 * v + 2 < n)
      ch[k++] = 2 * v + 2;
  }
  return k;
}

/* Open MPI's segment size for a pipelined broadcast of this size on n ranks. */
static long default_segment(long bytes, int n)
{
  if (n < 1.6134e-6 * (double)bytes + 2.1102)
    return 131072;
  if (n < 2.3679e-6 * (double)bytes + 1.1787)
    return 65536;
  if (n < 3.2118e-6 * (double)bytes + 8.7936)
    return 16384;
  return 131072;
}

static void segmented_tree(coll_t *k, const coll_args_t *a, int shape)
{
  int n = k->n, root = a->root, vr = (k->me - root + n) % n;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  long seg = k->seg > 0 ? k->seg : default_segment((long)count * (long)t->size, n);
  MPI_Count segcount = t->size ? (MPI_Count)(seg / (long)t->size) : count;
  if (segcount < 1)
    segcount = 1;
  if (segcount > count)
    segcount = count;
  long nseg = count && segcount ? (count + segcount - 1) / segcount : 1;
  int ch[2], nch = tree_children(shape, vr, n, ch), parent = tree_parent(shape, vr);
  p2p_req_t *rv[2] = {NULL, NULL}, *sends[2] = {NULL, NULL};
#define SEGC(s) (count - (long)(s)*segcount < segcount ? count - (long)(s)*segcount : segcount)
  if (parent >= 0)
    rv[0] = coll_irecv(k, a->rbuf, SEGC(0), t, REAL(parent));
  for (long s = 0; s < nseg; s++) {
    char *at = coll_at(a->rbuf, (long)s * segcount, t);
    if (parent >= 0) { /* the next segment's receive is posted before waiting for this one */
      if (s + 1 < nseg)
        rv[(s + 1) % 2] = coll_irecv(k, coll_at(a->rbuf, (long)(s + 1) * segcount, t), SEGC(s + 1), t, REAL(parent));
      coll_waitall(k, &rv[s % 2], 1);
    }
    for (int i = 0; i < nch; i++) /* forwarded, and the sends completed, before the next segment */
      sends[i] = coll_isend(k, at, SEGC(s), t, REAL(ch[i]));
    coll_waitall(k, sends, nch);
  }
#undef SEGC
}

static void pipeline(coll_t *k, const coll_args_t *a) { segmented_tree(k, a, CHAIN); }
static void bintree(coll_t *k, const coll_args_t *a) { segmented_tree(k, a, BINARY); }

const coll_algo_t coll_bcast_algos[] = {
    {"binomial_tree", coll_bcast_binomial, 0, NULL, "binomial tree, whole message (MPICH short messages)"},
    {"scatter_rdb_allgather", scatter_rdb_allgather, NEED_POW2, "scatter_LR_allgather",
     "binomial scatter of n chunks, recursive-doubling allgather (MPICH medium messages)"},
    {"scatter_LR_allgather", scatter_LR_allgather, 0, NULL,
     "binomial scatter of n chunks, ring allgather (MPICH long messages)"},
    {"flattree", flattree, 0, NULL, "the root sends the whole message to every rank"},
    {"pipeline", pipeline, 0, NULL,
     "segmented chain from the root (Open MPI; segments of 128, 64 or 16 KiB by Open MPI's rules unless a selector sets them)"},
    {"bintree", bintree, 0, NULL, "segmented binary tree (segments as for pipeline)"},
    {NULL, NULL, 0, NULL, NULL}};

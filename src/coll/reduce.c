/* Reduce: binomial tree (MPICH short messages; with a non-commutative
 * operation the tree is rooted at rank 0, where lower ranks' partial
 * results always stand on the left, and the result then goes to the root);
 * linear (the root combines x0 op (x1 op (... op x(n-1))) in rank order);
 * Rabenseifner (MPICH long messages: reduce-scatter by recursive halving
 * with distance doubling, which keeps rank order, then a binomial gather);
 * in-order binary tree (Open MPI's non-commutative choice: rooted at the
 * last rank, each subtree a range of ranks); segmented chain (pipeline) and
 * segmented binary tree (Open MPI, commutative operations only); linear
 * with every receive posted at once (smpirun's default), combined in rank
 * order once all have arrived. */
#include "coll.h"
#include "../core/op.h"
#include <stdlib.h>
#include <string.h>

void coll_reduce_binomial(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  int commute = op_commutative(a->op), top = commute ? root : 0;
  int vr = (me - top + n) % n;
  void *acc = coll_tmp(count, t), *in = coll_tmp(count, t);
  dt_copy(a->sbuf, count, t, acc, count, t);
  for (int mask = 1; mask < n; mask <<= 1) {
    if (vr & mask) {
      coll_send(k, acc, count, t, (vr - mask + top) % n);
      break;
    }
    if (vr + mask < n) {
      coll_recv(k, in, count, t, (vr + mask + top) % n);
      if (commute)
        coll_apply(a->op, in, acc, count, t);
      else { /* in holds higher ranks: in = acc op in, which becomes the accumulator */
        coll_apply(a->op, acc, in, count, t);
        void *s = acc;
        acc = in;
        in = s;
      }
    }
  }
  if (me == top && top == root)
    dt_copy(acc, count, t, a->rbuf, count, t);
  else if (me == top)
    coll_send(k, acc, count, t, root);
  else if (me == root)
    coll_recv(k, a->rbuf, count, t, top);
  coll_tmp_free(acc, t);
  coll_tmp_free(in, t);
}

/* The root combines in rank order, from the highest rank down. */
void coll_reduce_ordered(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  if (me != root) {
    coll_send(k, a->sbuf, count, t, root);
    return;
  }
  void *in = coll_tmp(count, t), *mem = NULL;
  const void *mine = n - 1 == root ? a->sbuf : coll_own_input(a, &mem);
  if (n - 1 == root)
    dt_copy(a->sbuf, count, t, a->rbuf, count, t);
  else
    coll_recv(k, a->rbuf, count, t, n - 1);
  for (int i = n - 2; i >= 0; i--) {
    if (i == root)
      coll_apply(a->op, mine, a->rbuf, count, t);
    else {
      coll_recv(k, in, count, t, i);
      coll_apply(a->op, in, a->rbuf, count, t);
    }
  }
  coll_tmp_free(in, t);
  coll_tmp_free(mem, t);
}

/* ---- Rabenseifner ---- */

/* Rank folding for non-powers of two: the even ranks below 2*rem give their
 * data to the next odd rank and sit out; the others get new ranks 0..p-1
 * in rank order. */
static int new_rank(int r, int rem) { return r < 2 * rem ? (r % 2 ? r / 2 : -1) : r - rem; }
static int old_rank(int nr, int rem) { return nr < rem ? 2 * nr + 1 : nr + rem; }

/* Element offset of block b of p blocks over count. */
static long blk_off(long count, int p, int b) { return count / p * b + (b < count % p ? b : count % p); }

/* Reduce-scatter part shared with allreduce: acc holds this rank's data;
 * afterwards, if this rank takes part (returns its new rank, else -1), acc
 * blocks [*lo, *hi) hold the reduction over all ranks. Records each step's
 * range in los/his (indexed by step) when they are not NULL. */
int coll_rab_reduce_scatter(coll_t *k, const coll_args_t *a, void *acc, int *lo, int *hi, int *los, int *his)
{
  int n = k->n, me = k->me;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  int p = coll_pof2_floor(n), rem = n - p, nr = new_rank(me, rem);
  /* room for the whole vector from an even neighbour, else for the largest kept half (the first step's) */
  MPI_Count half = blk_off(count, p, p / 2);
  MPI_Count room = me < 2 * rem ? (me % 2 ? count : 0) : half > count - half ? half : count - half;
  void *in = coll_tmp(room, t);
  if (me < 2 * rem) {
    if (me % 2 == 0)
      coll_send(k, acc, count, t, me + 1);
    else {
      coll_recv(k, in, count, t, me - 1);
      coll_apply(a->op, in, acc, count, t); /* the lower rank on the left */
    }
  }
  *lo = 0;
  *hi = p;
  if (nr >= 0) {
    int step = 0;
    for (int mask = 1; mask < p; mask <<= 1, step++) {
      int np = nr ^ mask, dst = old_rank(np, rem), mid = (*lo + *hi) / 2;
      int klo, khi, slo, shi; /* kept and sent block ranges */
      if (nr < np)
        klo = *lo, khi = mid, slo = mid, shi = *hi;
      else
        klo = mid, khi = *hi, slo = *lo, shi = mid;
      long ko = blk_off(count, p, klo), kc = blk_off(count, p, khi) - ko;
      long so = blk_off(count, p, slo), sc = blk_off(count, p, shi) - so;
      coll_sendrecv(k, coll_at(acc, so, t), sc, t, dst, in, kc, t, dst);
      coll_combine(a->op, coll_at(acc, ko, t), in, kc, t, np < nr);
      *lo = klo;
      *hi = khi;
      if (los) {
        los[step] = klo;
        his[step] = khi;
      }
    }
  }
  coll_tmp_free(in, t);
  return nr;
}

static void rab(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  int p = coll_pof2_floor(n), rem = n - p, lo, hi, steps = 0;
  while ((1 << steps) < p)
    steps++;
  int *los = malloc(sizeof(int) * (size_t)(steps + 1)), *his = malloc(sizeof(int) * (size_t)(steps + 1));
  void *acc = coll_tmp(count, t);
  dt_copy(a->sbuf, count, t, acc, count, t);
  int nr = coll_rab_reduce_scatter(k, a, acc, &lo, &hi, los, his);
  /* the gather target: the root, or for a root that sat out, its odd neighbour */
  int nroot = new_rank(root, rem) >= 0 ? new_rank(root, rem) : new_rank(root + 1, rem);
  if (nr >= 0) {
    int alive = 1;
    for (int s = steps - 1; s >= 0 && alive; s--) {
      int mask = 1 << s, np = nr ^ mask, dst = old_rank(np, rem);
      int plo = s ? los[s - 1] : 0, phi = s ? his[s - 1] : p; /* the range before step s */
      int olo = los[s] == plo ? his[s] : plo, ohi = los[s] == plo ? phi : los[s];
      if ((nr & mask) == (nroot & mask)) {
        long oo = blk_off(count, p, olo), oc = blk_off(count, p, ohi) - oo;
        coll_recv(k, coll_at(acc, oo, t), oc, t, dst);
      } else {
        long mo = blk_off(count, p, los[s]), mc = blk_off(count, p, his[s]) - mo;
        coll_send(k, coll_at(acc, mo, t), mc, t, dst);
        alive = 0;
      }
    }
    if (alive) { /* nr == nroot: the whole result */
      if (me == root)
        dt_copy(acc, count, t, a->rbuf, count, t);
      else
        coll_send(k, acc, count, t, root);
    }
  } else if (me == root)
    coll_recv(k, a->rbuf, count, t, old_rank(nroot, rem));
  coll_tmp_free(acc, t);
  free(los);
  free(his);
}

/* ---- in-order binary tree ---- */

/* Open MPI's shape: the node of ranks [lo, hi] is hi; of the ranks below it,
 * the upper half (rounded down) forms one subtree, the lower half the other,
 * so each node combines lower subtree op upper subtree op its own value. */
static void in_order_binary(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  int lo = 0, hi = n - 1, parent = -1;
  while (me != hi) {
    int m = hi - lo, upper = m / 2, split = hi - upper; /* upper part: [split, hi-1] */
    parent = hi;
    if (me >= split)
      lo = split, hi = hi - 1;
    else
      hi = split - 1;
  }
  int m = hi - lo, upper = m / 2, split = hi - upper;
  int child_lo = m - upper > 0 ? split - 1 : -1; /* node of [lo, split-1] */
  int child_up = upper > 0 ? hi - 1 : -1;        /* node of [split, hi-1] */
  void *acc = coll_tmp(count, t), *l = NULL, *u = NULL;
  p2p_req_t *rs[2] = {NULL, NULL};
  if (child_lo >= 0)
    rs[0] = coll_irecv(k, l = coll_tmp(count, t), count, t, child_lo);
  if (child_up >= 0)
    rs[1] = coll_irecv(k, u = coll_tmp(count, t), count, t, child_up);
  dt_copy(a->sbuf, count, t, acc, count, t);
  coll_waitall(k, rs, 2);
  if (u)
    coll_apply(a->op, u, acc, count, t); /* upper op mine */
  if (l)
    coll_apply(a->op, l, acc, count, t); /* lower op (upper op mine) */
  int top = n - 1;
  if (parent >= 0)
    coll_send(k, acc, count, t, parent);
  else if (top == root)
    dt_copy(acc, count, t, a->rbuf, count, t);
  else
    coll_send(k, acc, count, t, root);
  if (me == root && top != root)
    coll_recv(k, a->rbuf, count, t, top);
  coll_tmp_free(acc, t);
  coll_tmp_free(l, t);
  coll_tmp_free(u, t);
}

/* ---- segmented trees (commutative operations) ---- */

enum { CHAIN, BINARY };

static void segmented_tree(coll_t *k, const coll_args_t *a, int shape)
{
  int n = k->n, root = a->root, vr = (k->me - root + n) % n;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  long seg = k->seg;
  if (seg <= 0) { /* Open MPI's segment sizes */
    double bytes = (double)count * (double)t->size;
    if (shape == BINARY)
      seg = 32768;
    else
      seg = n > 0.0410 / 1024 * bytes + 9.7128 ? 1024 : n > 0.0033 / 1024 * bytes + 1.6761 ? 32768 : 65536;
  }
  MPI_Count segcount = t->size ? seg / (MPI_Count)t->size : count;
  if (segcount < 1)
    segcount = 1;
  MPI_Count nseg = count ? (count + segcount - 1) / segcount : 1;
  int ch[2], nch = 0, parent;
  if (shape == CHAIN) {
    parent = vr ? vr - 1 : -1;
    if (vr + 1 < n)
      ch[nch++] = vr + 1;
  } else {
    parent = vr ? (vr - 1) / 2 : -1;
    for (int c = 2 * vr + 1; c <= 2 * vr + 2 && c < n; c++)
      ch[nch++] = c;
  }
  void *acc = vr ? coll_tmp(count, t) : a->rbuf;
  dt_copy(a->sbuf, count, t, acc, count, t);
  /* two receive buffers per child, so the next segment is posted early */
  void *in[2][2] = {{NULL, NULL}, {NULL, NULL}};
  p2p_req_t *rv[2][2] = {{NULL, NULL}, {NULL, NULL}}, *sv[2] = {NULL, NULL};
  for (int c = 0; c < nch; c++)
    for (int b = 0; b < 2; b++)
      in[c][b] = coll_tmp(segcount, t);
#define SEGC(s) (count - (MPI_Count)(s)*segcount < segcount ? count - (MPI_Count)(s)*segcount : segcount)
  for (int c = 0; c < nch; c++)
    rv[c][0] = coll_irecv(k, in[c][0], SEGC(0), t, (ch[c] + root) % n);
  for (MPI_Count s = 0; s < nseg; s++) {
    int b = (int)(s % 2);
    MPI_Count sc = SEGC(s);
    char *at = coll_at(acc, (long)s * segcount, t);
    for (int c = 0; c < nch; c++) {
      if (s + 1 < nseg)
        rv[c][!b] = coll_irecv(k, in[c][!b], SEGC(s + 1), t, (ch[c] + root) % n);
      coll_waitall(k, &rv[c][b], 1);
      coll_apply(a->op, in[c][b], at, sc, t);
    }
    if (parent >= 0) {
      coll_waitall(k, &sv[b], 1);
      sv[b] = coll_isend(k, at, sc, t, (parent + root) % n);
    }
  }
#undef SEGC
  coll_waitall(k, sv, 2);
  for (int c = 0; c < nch; c++)
    for (int b = 0; b < 2; b++)
      coll_tmp_free(in[c][b], t);
  if (vr)
    coll_tmp_free(acc, t);
}

/* The root posts a receive from every rank at once, then combines
 * x0 op (x1 op (... op x(n-1))): one buffer per rank at the root. */
void coll_reduce_linear_nb(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, root = a->root;
  MPI_Count count = a->rcount;
  const dt_t *t = a->rt;
  if (me != root) {
    coll_send(k, a->sbuf, count, t, root);
    return;
  }
  p2p_req_t **rs = calloc((size_t)n, sizeof *rs);
  void **in = calloc((size_t)n, sizeof *in), *mem = NULL;
  for (int i = 0; i < n; i++)
    if (i != root) {
      in[i] = coll_tmp(count, t);
      rs[i] = coll_irecv(k, in[i], count, t, i);
    }
  coll_waitall(k, rs, n);
  const void *mine = n - 1 == root ? a->sbuf : coll_own_input(a, &mem);
  dt_copy(n - 1 == root ? a->sbuf : in[n - 1], count, t, a->rbuf, count, t);
  for (int i = n - 2; i >= 0; i--)
    coll_combine(a->op, a->rbuf, i == root ? (void *)mine : in[i], count, t, 1);
  coll_tmp_free(mem, t);
  for (int i = 0; i < n; i++)
    if (in[i])
      coll_tmp_free(in[i], t);
  free(in);
  free(rs);
}

static void pipeline(coll_t *k, const coll_args_t *a) { segmented_tree(k, a, CHAIN); }
static void binary(coll_t *k, const coll_args_t *a) { segmented_tree(k, a, BINARY); }

const coll_algo_t coll_reduce_algos[] = {
    {"binomial", coll_reduce_binomial, 0, NULL,
     "binomial tree (MPICH short messages); rooted at rank 0 for non-commutative operations"},
    {"linear", coll_reduce_ordered, 0, NULL, "the root receives from every rank and combines in rank order"},
    {"rab", rab, 0, NULL, "Rabenseifner: reduce-scatter (recursive halving) + binomial gather (MPICH long)"},
    {"in_order_binary", in_order_binary, 0, NULL,
     "binary tree rooted at the last rank whose subtrees are ranges of ranks, so rank order holds (Open MPI)"},
    {"pipeline", pipeline, NEED_COMMUTE, "binomial",
     "segmented chain towards the root (Open MPI; segments of 1, 32 or 64 KiB by its rules unless a selector sets them)"},
    {"binary", binary, NEED_COMMUTE, "binomial",
     "segmented binary tree (Open MPI; segments of 32 KiB unless a selector sets them)"},
    {"linear_nb", coll_reduce_linear_nb, 0, NULL,
     "the root posts a receive from every rank at once (n buffers), then combines in rank order (smpirun's default)"},
    {NULL, NULL, 0, NULL, NULL}};

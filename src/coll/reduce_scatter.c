/* Reduce_scatter: recursive halving (MPICH, commutative operations, small
 * and medium messages); pairwise exchange (MPICH, commutative, long
 * messages); recursive halving with distance doubling on bit-reversed
 * blocks, which keeps rank order (MPICH's non-commutative algorithm:
 * powers of two, equal blocks); ring (Open MPI, commutative); reduce to
 * rank 0 then scatterv (Open MPI's non-commutative choice; also serves
 * MPICH's other non-commutative cases; with the root receiving from
 * everyone at once: smpirun's default). Reduce_scatter_block runs the same
 * algorithms with equal counts. */
#include "coll.h"
#include "../core/op.h"
#include <stdlib.h>

/* displs[i]: where block i starts in the full vector; displs[n]: its length. */
static MPI_Aint *prefix(const MPI_Count *counts, int n)
{
  MPI_Aint *d = malloc(sizeof *d * (size_t)(n + 1));
  d[0] = 0;
  for (int i = 0; i < n; i++)
    d[i + 1] = d[i] + counts[i];
  return d;
}

static void recursive_halving(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, p = coll_pof2_floor(n), rem = n - p, nr;
  const dt_t *t = a->rt;
  MPI_Aint *d = prefix(a->rcounts, n), total = d[n];
  void *acc = coll_tmp(total, t), *in = coll_tmp(total, t);
  dt_copy(a->sbuf, total, t, acc, total, t);
  if (me < 2 * rem) {
    if (me % 2 == 0) {
      coll_send(k, acc, total, t, me + 1);
      nr = -1;
    } else {
      coll_recv(k, in, total, t, me - 1);
      coll_apply(a->op, in, acc, total, t);
      nr = me / 2;
    }
  } else
    nr = me - rem;
  if (nr >= 0) {
    /* e[x]: where new rank x's blocks start (its old ranks are consecutive) */
    MPI_Aint *e = malloc(sizeof *e * (size_t)(p + 1));
    for (int x = 0; x < p; x++)
      e[x] = d[x < rem ? 2 * x : x + rem];
    e[p] = total;
    int lo = 0, hi = p;
    for (int mask = p / 2; mask > 0; mask /= 2) {
      int np = nr ^ mask, dst = np < rem ? 2 * np + 1 : np + rem, mid = (lo + hi) / 2;
      int klo = nr < np ? lo : mid, khi = nr < np ? mid : hi, slo = nr < np ? mid : lo, shi = nr < np ? hi : mid;
      coll_sendrecv(k, coll_at(acc, e[slo], t), e[shi] - e[slo], t, dst, coll_at(in, e[klo], t), e[khi] - e[klo], t,
                    dst);
      coll_apply(a->op, coll_at(in, e[klo], t), coll_at(acc, e[klo], t), e[khi] - e[klo], t);
      lo = klo;
      hi = khi;
    }
    free(e);
    if (me < 2 * rem) /* the even neighbour's block goes back to it */
      coll_send(k, coll_at(acc, d[me - 1], t), a->rcounts[me - 1], t, me - 1);
    dt_copy(coll_at(acc, d[me], t), a->rcounts[me], t, a->rbuf, a->rcounts[me], t);
  } else
    coll_recv(k, a->rbuf, a->rcounts[me], t, me + 1);
  coll_tmp_free(acc, t);
  coll_tmp_free(in, t);
  free(d);
}

static void pair(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me;
  const dt_t *t = a->rt;
  MPI_Aint *d = prefix(a->rcounts, n);
  void *in = coll_tmp(a->rcounts[me], t);
  dt_copy(coll_at(a->sbuf, d[me], t), a->rcounts[me], t, a->rbuf, a->rcounts[me], t);
  for (int i = 1; i < n; i++) {
    int dst = (me + i) % n, src = (me - i + n) % n;
    coll_sendrecv(k, coll_at(a->sbuf, d[dst], t), a->rcounts[dst], t, dst, in, a->rcounts[me], t, src);
    coll_apply(a->op, in, a->rbuf, a->rcounts[me], t);
  }
  coll_tmp_free(in, t);
  free(d);
}

static int bitrev(int x, int bits)
{
  int r = 0;
  for (int i = 0; i < bits; i++)
    r |= ((x >> i) & 1) << (bits - 1 - i);
  return r;
}

static void noncomm(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, bits = 0;
  MPI_Count c = a->rcounts[0];
  const dt_t *t = a->rt;
  while ((1 << bits) < n)
    bits++;
  void *w = coll_tmp(n * c, t), *in = coll_tmp(n * c, t);
  for (int q = 0; q < n; q++) /* position q holds block bitrev(q): rank r ends at position bitrev(r) */
    dt_copy(coll_at(a->sbuf, (long)bitrev(q, bits) * c, t), c, t, coll_at(w, (long)q * c, t), c, t);
  int lo = 0, hi = n;
  for (int mask = 1; mask < n; mask <<= 1) { /* distance doubling: groups stay rank-contiguous */
    int q = me ^ mask, mid = (lo + hi) / 2;
    int klo = me < q ? lo : mid, khi = me < q ? mid : hi, slo = me < q ? mid : lo;
    long kc = (long)(khi - klo) * c;
    coll_sendrecv(k, coll_at(w, (long)slo * c, t), kc, t, q, in, kc, t, q);
    coll_combine(a->op, coll_at(w, (long)klo * c, t), in, kc, t, q < me);
    lo = klo;
    hi = khi;
  }
  dt_copy(coll_at(w, (long)lo * c, t), c, t, a->rbuf, c, t);
  coll_tmp_free(w, t);
  coll_tmp_free(in, t);
}

static void ring(coll_t *k, const coll_args_t *a)
{
  int n = k->n, me = k->me, right = (me + 1) % n, left = (me - 1 + n) % n;
  MPI_Count maxc = 0;
  const dt_t *t = a->rt;
  MPI_Aint *d = prefix(a->rcounts, n);
  for (int i = 0; i < n; i++)
    if (a->rcounts[i] > maxc)
      maxc = a->rcounts[i];
  void *acc = coll_tmp(d[n], t), *in = coll_tmp(maxc, t);
  dt_copy(a->sbuf, d[n], t, acc, d[n], t);
  for (int s = 0; s < n - 1; s++) { /* block b starts at rank b+1 and ends complete at rank b */
    int sb = (me - 1 - s + 2 * n) % n, rb = (me - 2 - s + 2 * n) % n;
    coll_sendrecv(k, coll_at(acc, d[sb], t), a->rcounts[sb], t, right, in, a->rcounts[rb], t, left);
    coll_apply(a->op, in, coll_at(acc, d[rb], t), a->rcounts[rb], t);
  }
  dt_copy(coll_at(acc, d[me], t), a->rcounts[me], t, a->rbuf, a->rcounts[me], t);
  coll_tmp_free(acc, t);
  coll_tmp_free(in, t);
  free(d);
}

static void reduce_then_scatterv(coll_t *k, const coll_args_t *a, coll_fn reduce)
{
  int n = k->n, me = k->me;
  const dt_t *t = a->rt;
  MPI_Aint *d = prefix(a->rcounts, n);
  void *tmp = me == 0 ? coll_tmp(d[n], t) : NULL;
  coll_args_t r = *a;
  r.rcount = d[n];
  r.root = 0;
  r.rbuf = tmp;
  reduce(k, &r);
  coll_args_t s = {.sbuf = tmp, .scounts = a->rcounts, .sdispls = d, .st = t, .rbuf = a->rbuf,
                   .rcount = a->rcounts[me], .rt = t, .root = 0};
  coll_scatterv_linear(k, &s);
  coll_tmp_free(tmp, t);
  free(d);
}

static void nonoverlapping(coll_t *k, const coll_args_t *a) { reduce_then_scatterv(k, a, coll_reduce_binomial); }
static void nonoverlapping_linear(coll_t *k, const coll_args_t *a)
{
  reduce_then_scatterv(k, a, coll_reduce_linear_nb);
}

const coll_algo_t coll_reduce_scatter_algos[] = {
    {"recursive_halving", recursive_halving, NEED_COMMUTE, "noncomm",
     "recursive halving of the vector (MPICH commutative, up to 512 KiB)"},
    {"pair", pair, NEED_COMMUTE, "noncomm", "n-1 exchanges: send rank+i its block, receive from rank-i (MPICH long)"},
    {"noncomm", noncomm, NEED_POW2 | NEED_REGULAR, "nonoverlapping",
     "recursive halving with distance doubling on bit-reversed blocks, rank order kept (MPICH non-commutative)"},
    {"ring", ring, NEED_COMMUTE, "noncomm", "n-1 steps around a ring (Open MPI large messages)"},
    {"nonoverlapping", nonoverlapping, 0, NULL, "binomial reduce to rank 0, then linear scatterv"},
    {"nonoverlapping_linear", nonoverlapping_linear, 0, NULL,
     "reduce to rank 0 by reduce's linear_nb, then linear scatterv (smpirun's default)"},
    {NULL, NULL, 0, NULL, NULL}};

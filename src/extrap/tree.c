/* A rank's events as a tree of loops, built as they are read: when the
 * last events repeat the ones before them (or the body of the loop before
 * them), they fold into a loop, whose events keep the sum, minimum and
 * maximum of their numeric values over the iterations, and every burst of
 * their computation (bursts.c).
 * Structure is compared through hashes, loop counts included, then checked
 * in full. */
#include "extrap.h"
#include <stdlib.h>
#include <string.h>

#define WINDOW 512 /* longest loop body (top-level nodes) looked for */

static uint64_t mix(uint64_t h, uint64_t v)
{
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h * 0xff51afd7ed558ccdull;
}

node_t *node_event(int sym, const double *vals, long line, int pred)
{
  int nv = syms[sym]->nnum;
  node_t *x = ex_alloc(sizeof *x);
  x->sym = sym;
  x->h = mix(0x1234, (uint64_t)sym);
  x->sum = ex_alloc(sizeof(double) * 3 * (size_t)(nv ? nv : 1));
  x->lo = x->sum + nv;
  x->hi = x->lo + nv;
  memcpy(x->sum, vals, sizeof(double) * (size_t)nv);
  memcpy(x->lo, vals, sizeof(double) * (size_t)nv);
  memcpy(x->hi, vals, sizeof(double) * (size_t)nv);
  x->occ = 1;
  x->line = line;
  x->bursts = bursts_new(pred, nv ? vals[NV_COMPUTE] : 0);
  return x;
}

static void rehash(node_t *l)
{
  uint64_t h = mix(0x5678, (uint64_t)l->count);
  for (int i = 0; i < l->n; i++)
    h = mix(h, l->body[i]->h);
  l->h = h;
}

static void node_free(node_t *x)
{
  if (!x)
    return;
  for (int i = 0; i < x->n; i++)
    node_free(x->body[i]);
  free(x->body);
  free(x->sum);
  bursts_free(x->bursts);
  free(x);
}

void seq_free(seq_t *s)
{
  for (int i = 0; i < s->n; i++)
    node_free(s->v[i]);
  free(s->v);
  memset(s, 0, sizeof *s);
}

static int same(const node_t *a, const node_t *b, int counts)
{
  if (counts && a->h != b->h)
    return 0;
  if (a->sym != b->sym || a->n != b->n || (counts && a->count != b->count))
    return 0;
  for (int i = 0; i < a->n; i++)
    if (!same(a->body[i], b->body[i], counts))
      return 0;
  return 1;
}

int seq_same(node_t *const *a, node_t *const *b, int n, int counts)
{
  for (int i = 0; i < n; i++)
    if (!same(a[i], b[i], counts))
      return 0;
  return 1;
}

void node_fold(node_t *dst, node_t *src)
{
  if (dst->sym >= 0) {
    int nv = syms[dst->sym]->nnum;
    for (int j = 0; j < nv; j++) {
      dst->sum[j] += src->sum[j];
      if (src->lo[j] < dst->lo[j])
        dst->lo[j] = src->lo[j];
      if (src->hi[j] > dst->hi[j])
        dst->hi[j] = src->hi[j];
    }
    dst->occ += src->occ;
    bursts_fold(&dst->bursts, src->bursts);
    src->bursts = NULL;
  } else
    for (int i = 0; i < dst->n; i++) {
      node_fold(dst->body[i], src->body[i]);
      src->body[i] = NULL;
    }
  src->n = 0;
  node_free(src);
}

static void settle(node_t *x)
{
  for (int i = 0; i < x->n; i++)
    settle(x->body[i]);
  if (x->sym >= 0)
    bursts_settle(x->bursts);
}

void seq_settle(seq_t *s)
{
  for (int i = 0; i < s->n; i++)
    settle(s->v[i]);
}

/* Folds a repeat at the end of s, if any; returns 1 if it did. */
static int fold_tail(seq_t *s)
{
  int n = s->n;
  node_t **v = s->v, *last = v[n - 1];
  for (int w = 1; w <= WINDOW && w < n; w++) {
    node_t *l = v[n - w - 1];
    /* the last w nodes are one more iteration of the loop before them */
    if (l->sym < 0 && l->n == w && l->body[w - 1]->h == last->h && seq_same(l->body, v + n - w, w, 1)) {
      for (int i = 0; i < w; i++)
        node_fold(l->body[i], v[n - w + i]);
      l->count++;
      rehash(l);
      s->n -= w;
      return 1;
    }
    /* the last w nodes repeat the w before them */
    if (2 * w <= n && v[n - w - 1]->h == last->h && seq_same(v + n - 2 * w, v + n - w, w, 1)) {
      node_t *loop = ex_alloc(sizeof *loop);
      loop->sym = -1;
      loop->count = 2;
      loop->n = w;
      loop->body = ex_alloc(sizeof *loop->body * (size_t)w);
      memcpy(loop->body, v + n - 2 * w, sizeof *loop->body * (size_t)w);
      for (int i = 0; i < w; i++)
        node_fold(loop->body[i], v[n - w + i]);
      rehash(loop);
      s->n -= 2 * w;
      v[s->n++] = loop;
      return 1;
    }
  }
  return 0;
}

void seq_push(seq_t *s, node_t *x)
{
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 64;
    s->v = ex_grow(s->v, sizeof *s->v * (size_t)s->cap);
  }
  s->v[s->n++] = x;
  while (s->n > 1 && fold_tail(s))
    ;
}

/* Events in order, loops unrolled once (their first iteration stands for
 * all); a loop whose count differs is given as the loop itself. */
static int diff(node_t *const *a, int na, node_t *const *b, int nb, int counts, node_t **da, node_t **db)
{
  for (int i = 0; i < na || i < nb; i++) {
    node_t *x = i < na ? a[i] : NULL, *y = i < nb ? b[i] : NULL;
    if (x && y && x->sym < 0 && y->sym < 0 && (!counts || x->count == y->count)) {
      if (diff(x->body, x->n, y->body, y->n, counts, da, db))
        return 1;
      continue;
    }
    if (x && y && same(x, y, counts))
      continue;
    if (x && y && x->sym < 0 && y->sym < 0 && x->n == y->n && seq_same(x->body, y->body, x->n, counts)) {
      *da = x; /* the same loop, run a different number of times */
      *db = y;
      return 1;
    }
    /* the first event of each side */
    while (x && x->sym < 0)
      x = x->n ? x->body[0] : NULL;
    while (y && y->sym < 0)
      y = y->n ? y->body[0] : NULL;
    *da = x;
    *db = y;
    return 1;
  }
  return 0;
}

int seq_diff(node_t *const *a, int na, node_t *const *b, int nb, int counts, node_t **da, node_t **db)
{
  *da = *db = NULL;
  return diff(a, na, b, nb, counts, da, db);
}

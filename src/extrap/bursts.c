/* Measured computation: the bursts before one event of a rank, at each of
 * its occurrences, apart for each event that can come before it (the burst
 * before a loop's first event at its first iteration is the computation
 * after what precedes the loop; at the others, after the loop body's last
 * event: a sweep before the halo exchange, or what follows an Allreduce
 * made every few sweeps). Under load they are noisy, and the noise only ever adds
 * time (CPU time is measured: a slower burst was disturbed, none is faster
 * than the work): on a shared machine a burst takes its time or about twice
 * it (a neighbour's job sharing the caches), in proportions that change
 * from one run to the next, so that medians jump between the two, and a
 * rank may spend a whole run in the slow mode. What is fitted across sizes
 * is therefore a burst's typical value, the lower 5% quantile of the later
 * occurrences of all the ranks of a class (stable to a few percent where
 * the medians moved by 30%; a rank's lower decile could be its slow mode). What the noise does to a run (every rank waits
 * for the slowest neighbour) is kept apart, as ratios of each occurrence to
 * that typical value: the first occurrences of each rank on their own (a
 * program's first iterations touch memory for the first time), the later
 * ones as a distribution, from which the trace at the target draws. */
#include "extrap.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define LOW 0.05 /* the typical value: this quantile of a class's occurrences */

static void append(double **v, long *n, long *cap, const double *src, long k)
{
  if (*n + k > *cap) {
    *cap = 2 * (*n + k) + 4;
    *v = ex_grow(*v, sizeof **v * (size_t)*cap);
  }
  memcpy(*v + *n, src, sizeof *src * (size_t)k);
  *n += k;
}

bursts_t *bursts_new(int pred, double v)
{
  bursts_t *b = ex_alloc(sizeof *b);
  b->pred = pred;
  append(&b->s, &b->n, &b->cap, &v, 1);
  return b;
}

void bursts_free(bursts_t *b)
{
  while (b) {
    bursts_t *next = b->next;
    free(b->s);
    free(b->warm);
    free(b);
    b = next;
  }
}

void bursts_fold(bursts_t **dst, bursts_t *src)
{
  while (src) {
    bursts_t *next = src->next, **d = dst;
    while (*d && (*d)->pred != src->pred)
      d = &(*d)->next;
    src->next = NULL;
    if (!*d)
      *d = src; /* a predecessor dst had not seen */
    else {
      append(&(*d)->s, &(*d)->n, &(*d)->cap, src->s, src->n);
      append(&(*d)->warm, &(*d)->nwarm, &(*d)->capwarm, src->warm, src->nwarm);
      bursts_free(src);
    }
    src = next;
  }
}

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The q-quantile of sorted v[0 .. n), interpolated */
static double quantile(const double *v, long n, double q)
{
  if (n < 1)
    return 0;
  double x = q * (double)(n - 1);
  long i = (long)x;
  return i + 1 < n ? v[i] + (x - (double)i) * (v[i + 1] - v[i]) : v[n - 1];
}

double ex_median(double *v, long n)
{
  qsort(v, (size_t)n, sizeof *v, by_value);
  return quantile(v, n, 0.5);
}

void ex_quantiles(double *v, long *n)
{
  qsort(v, (size_t)*n, sizeof *v, by_value);
  if (*n <= B_NQ)
    return;
  double q[B_NQ];
  for (int i = 0; i < B_NQ; i++)
    q[i] = quantile(v, *n, (double)i / (B_NQ - 1));
  memcpy(v, q, sizeof q);
  *n = B_NQ;
}

static void settle(bursts_t *b)
{
  /* the first B_WARM occurrences apart if later ones remain, else all of them in both */
  long n = b->n, first = n > B_WARM ? B_WARM : 0;
  double warm[B_WARM];
  for (int i = 0; i < B_WARM; i++)
    warm[i] = i < n ? b->s[i] : NAN;
  b->nwarm = 0;
  append(&b->warm, &b->nwarm, &b->capwarm, warm, B_WARM);
  memmove(b->s, b->s + first, sizeof *b->s * (size_t)(n - first));
  b->n = n - first;
  ex_quantiles(b->s, &b->n);
}

void bursts_settle(bursts_t *b)
{
  for (; b; b = b->next)
    settle(b);
}

/* The typical burst of a class at one size: the LOW quantile of its ranks'
 * bursts that are not 0 (0 if all are). Where only some bursts compute (a
 * few flops between two sends, now and then), the ratios of 0 among the
 * others keep their proportion: what is drawn at the target keeps the mass. */
static double typical(const bursts_t *b)
{
  double *v = ex_alloc(sizeof *v * (size_t)(b->n + 1));
  long n = 0;
  for (long i = 0; i < b->n; i++)
    if (b->s[i] > 0)
      v[n++] = b->s[i];
  qsort(v, (size_t)n, sizeof *v, by_value);
  double typ = quantile(v, n, LOW);
  free(v);
  return typ;
}

void variab_quantiles(variab_t *out, double *v, long n)
{
  ex_quantiles(v, &n);
  memcpy(out->q, v, sizeof *v * (size_t)n);
  out->nq = (int)n;
  double sum = 0;
  for (long i = 0; i < n; i++)
    sum += v[i];
  out->mean = n ? sum / (double)n : 1;
}

/* The variability of the bursts of one context at the sizes of b[0 .. m),
 * as ratios to the typical burst y[k] at each size. */
static void variability(bursts_t *const *b, int m, const double *y, variab_t *out)
{
  memset(out, 0, sizeof *out);
  double *pool = NULL, *w = NULL;
  long np = 0, cp = 0, nw = 0, cw = 0;
  for (int k = 0; k < m; k++)
    for (long i = 0; i < b[k]->n && y[k] > 0; i++) {
      double r = b[k]->s[i] / y[k];
      append(&pool, &np, &cp, &r, 1);
    }
  variab_quantiles(out, pool, np);
  for (int i = 0; i < B_WARM; i++) { /* each first occurrence: the median over the ranks of all sizes */
    nw = 0;
    for (int k = 0; k < m; k++)
      for (long r = 0; r < b[k]->nwarm / B_WARM && y[k] > 0; r++) {
        double x = b[k]->warm[r * B_WARM + i] / y[k];
        if (!isnan(x))
          append(&w, &nw, &cw, &x, 1);
      }
    out->warm[i] = nw ? ex_median(w, nw) : out->mean;
  }
  free(pool);
  free(w);
}

/* Bursts that vary from one occurrence to the next were measured; injected
 * ones (smpi_execute_flops) are the same every time. */
static int noisy(const variab_t *v)
{
  int moved = 0;
  for (int i = 0; i < v->nq; i++)
    moved |= fabs(v->q[i] - 1) > 1e-6;
  for (int i = 0; i < B_WARM; i++)
    moved |= fabs(v->warm[i] - 1) > 1e-6;
  return moved;
}

/* One context of an event at the sizes where it appears: the law of its
 * typical value (the median of its ranks'), and for the computation's,
 * the laws that the first 2, 3, ... of these sizes alone give. */
static void fit_context(mctx_t *c, bursts_t *const *b, int m, const scale_t *sc, const scale_t *t)
{
  double y[64] = {0}, v;
  for (int k = 0; k < m; k++) /* below a flop (ranks mostly without): none */
    y[k] = (v = typical(b[k])) < 0.5 ? 0 : v;
  c->m = m;
  variability(b, m, y, &c->var);
  int kind = noisy(&c->var) ? FIT_MEASURED : FIT_AMOUNT;
  c->law = fit_law(m, sc, y, t, kind, 1, -1, &c->val);
  c->kind = kind;
  c->y = ex_alloc(sizeof *c->y * (size_t)m);
  c->s = ex_alloc(sizeof *c->s * (size_t)m);
  memcpy(c->y, y, sizeof *y * (size_t)m);
  memcpy(c->s, sc, sizeof *sc * (size_t)m);
  c->t = *t;
  c->prefix = ex_alloc(sizeof *c->prefix * (size_t)(m + 1));
  for (int p = 2; p < m; p++)
    c->prefix[p] = fit_law(p, sc, y, t, kind, 1, -1, &v);
  c->prefix[m] = c->law;
}

void bursts_model(mnode_t *x, node_t *const *at, int m, const scale_t *sc, const scale_t *t)
{
  for (int k = m - 1; k >= 0; k--) /* the contexts, the largest input's first */
    for (const bursts_t *b = at[k]->bursts; b; b = b->next) {
      int known = 0;
      for (int i = 0; i < x->nctx; i++)
        known |= x->ctx[i].pred == b->pred;
      if (known)
        continue;
      x->ctx = ex_grow(x->ctx, sizeof *x->ctx * (size_t)(x->nctx + 1));
      mctx_t *c = &x->ctx[x->nctx++];
      memset(c, 0, sizeof *c);
      c->pred = b->pred;
      bursts_t *bs[64];
      scale_t s[64];
      int n = 0;
      for (int j = 0; j < m; j++) /* the sizes where it appears */
        for (bursts_t *e = at[j]->bursts; e; e = e->next)
          if (e->pred == c->pred) {
            bs[n] = e;
            s[n++] = sc[j];
          }
      fit_context(c, bs, n, s, t);
    }
}

mctx_t *bursts_context(mnode_t *x, int pred)
{
  mctx_t *best = NULL;
  for (int i = 0; i < x->nctx; i++)
    if (x->ctx[i].pred == pred)
      return &x->ctx[i];
    else if (!best || x->ctx[i].m > best->m) /* a context the inputs never showed: the most common one */
      best = &x->ctx[i];
  return best;
}

/* A hash of the rank, the event and the occurrence: uniform in [0, 1). */
static double draw(long rank, uint64_t id, long occ)
{
  uint64_t x = (uint64_t)rank * 0x9e3779b97f4a7c15ull ^ id * 0xbf58476d1ce4e5b9ull ^ (uint64_t)occ * 0x94d049bb133111ebull;
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebull;
  x ^= x >> 31;
  return (double)(x >> 11) / 9007199254740992.0;
}

double variab_ratio(const variab_t *v, long rank, uint64_t id, long occ)
{
  if (occ < B_WARM)
    return v->warm[occ];
  if (!v->nq)
    return 1;
  return quantile(v->q, v->nq, draw(rank, id, occ));
}

/* Measured computation fitted over all the classes that have it. Each class
 * gets its own law from its own ranks, and a class of one rank (a corner of
 * the grid) at three sizes fits a two-parameter law through three noisy
 * points: one slowed size bends it, and a + b*V fitted over a narrow range
 * of V runs off at the target. But an SPMD program's classes run the same
 * code before the same event: what differs is their data (V, from the
 * counts of their messages) and perhaps a constant factor (a boundary that
 * does less). So the typical values of a context (an event and the event
 * before it) of every class that has it are fitted together, each point at
 * its class's scale; each class then takes that law times the median of its
 * own inputs' ratios to it (one slowed size moves a median of three not at
 * all). A context whose classes do not follow one law (their joint fit
 * predicts the inputs more than POOL_LIMIT off) keeps its classes' own laws;
 * so does a class that the scaled law misses by more than POOL_LIMIT at
 * some size while its own law predicts each of its inputs from the others
 * within OWN_LIMIT (its data follow another law, not one slowed size: that
 * one its own law could not predict), and computation that was injected
 * rather than measured (exact). */
#include "extrap.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define POOL_LIMIT 0.25
#define OWN_LIMIT 0.10

typedef struct member {
  int cls, sym;
  mctx_t *c;
} member_t;

static member_t *mem;
static long nmem, capmem;

static void collect(mnode_t *const *v, int n, int cls)
{
  for (int i = 0; i < n; i++) {
    const mnode_t *x = v[i];
    if (x->sym < 0) {
      collect(x->body, x->n, cls);
      continue;
    }
    for (int j = 0; j < x->nctx; j++) {
      if (x->ctx[j].kind != FIT_MEASURED || x->ctx[j].m < 2)
        continue;
      if (nmem == capmem) {
        capmem = 2 * capmem + 64;
        mem = ex_grow(mem, sizeof *mem * (size_t)capmem);
      }
      mem[nmem++] = (member_t){cls, x->sym, &x->ctx[j]};
    }
  }
}

static int by_context(const void *a, const void *b)
{
  const member_t *x = a, *y = b;
  if (x->sym != y->sym)
    return x->sym < y->sym ? -1 : 1;
  if (x->c->pred != y->c->pred)
    return x->c->pred < y->c->pred ? -1 : 1;
  return (x->cls > y->cls) - (x->cls < y->cls);
}

/* Members g[0 .. n) share a context: their joint law, each one's scaled. */
static void pool(member_t *g, long n)
{
  long m = 0;
  for (long i = 0; i < n; i++)
    m += g[i].c->m;
  double *y = ex_alloc(sizeof *y * (size_t)m), *r = ex_alloc(sizeof *r * (size_t)m);
  scale_t *s = ex_alloc(sizeof *s * (size_t)m);
  long k = 0, wide = 0; /* the member with most ranks at the target */
  for (long i = 0; i < n; i++) {
    const mctx_t *c = g[i].c;
    memcpy(y + k, c->y, sizeof *y * (size_t)c->m);
    memcpy(s + k, c->s, sizeof *s * (size_t)c->m);
    k += c->m;
    if (classes[g[i].cls].ntarget > classes[g[wide].cls].ntarget)
      wide = i;
  }
  double at;
  law_t joint = fit_law((int)m, s, y, &g[wide].c->t, FIT_POOLED, 1, -1, &at);
  if (joint.loo <= POOL_LIMIT && joint.at > 0)
    for (long i = 0; i < n; i++) {
      mctx_t *c = g[i].c;
      int nr = 0;
      for (int j = 0; j < c->m; j++) {
        double p = law_eval(&joint, &c->s[j]);
        if (p > 0 && c->y[j] > 0)
          r[nr++] = c->y[j] / p;
      }
      if (!nr)
        continue;
      double f = ex_median(r, nr);
      law_t l = joint;
      l.a *= f, l.b *= f;
      double v = law_eval(&l, &c->t);
      if (!(v >= 0.5))
        continue; /* not positive at this class's target: its own law stays */
      l.err = 0;
      for (int j = 0; j < c->m; j++)
        l.err = fmax(l.err, fabs(law_eval(&l, &c->s[j]) - c->y[j]) / fmax(c->y[j], 1));
      if (l.err > POOL_LIMIT && c->law.loo <= OWN_LIMIT) { /* its own law stays; --explain says why */
        c->law.pooled = -(int)n;
        c->law.second = joint.form;
        c->law.second_at = v;
        c->law.second_loo = l.err;
        continue;
      }
      l.at = v;
      l.lo = v * joint.lo / joint.at;
      l.hi = v * joint.hi / joint.at;
      l.second = c->law.form; /* the runner-up: the class's own law */
      l.second_at = c->law.at;
      l.second_loo = c->law.loo;
      l.pooled = (int)n;
      c->law = l;
      c->val = round(v);
    }
  free(y);
  free(r);
  free(s);
}

void model_pool(void)
{
  nmem = 0;
  for (int c = 0; c < nclasses; c++)
    collect(classes[c].model, classes[c].nmodel, c);
  qsort(mem, (size_t)nmem, sizeof *mem, by_context);
  for (long i = 0, j; i < nmem; i = j) {
    for (j = i + 1; j < nmem && mem[j].sym == mem[i].sym && mem[j].c->pred == mem[i].c->pred; j++)
      ;
    if (j - i > 1)
      pool(mem + i, j - i);
  }
}

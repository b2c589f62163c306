/* How far the computation at the target can be trusted. Each context of
 * each event (bursts.c) has a law, whose fits that leave one input out give
 * a range of values at the target: its spread. A rank of each class is
 * walked as the trace will be written (loops unrolled, the context after
 * each event, the first bursts' ratios and the mean of the later ones) to
 * get each context's computation over the run, its share of its class's,
 * and the run's total with its spread. A context that holds 5% or more of
 * its class's computation and whose spread is wider than the limit is
 * named on one line: the inputs cannot support that prediction. */
#include "extrap.h"
#include <math.h>
#include <stdio.h>

run_comp_t run_comp;

typedef struct walker {
  int prev;
  double tot, lo, hi; /* the class's, over one rank's run */
} walker_t;

static void walk(walker_t *w, mnode_t *const *v, int n)
{
  for (int i = 0; i < n; i++) {
    mnode_t *x = v[i];
    if (x->sym < 0) {
      for (long k = 0; k < x->count; k++)
        walk(w, x->body, x->n);
      continue;
    }
    mctx_t *c = bursts_context(x, w->prev);
    w->prev = x->sym;
    if (!c)
      continue;
    double r = c->written < B_WARM ? c->var.warm[c->written] : c->var.mean;
    c->written++;
    c->tot += r * c->val;
    c->lo += r * c->law.lo;
    c->hi += r * c->law.hi;
    w->tot += r * c->val;
    w->lo += r * c->law.lo;
    w->hi += r * c->law.hi;
  }
}

/* f on every context under v */
static void each(mnode_t *const *v, int n, void (*f)(mctx_t *, mnode_t *, void *), void *arg)
{
  for (int i = 0; i < n; i++) {
    if (v[i]->sym < 0)
      each(v[i]->body, v[i]->n, f, arg);
    for (int j = 0; j < v[i]->nctx; j++)
      f(&v[i]->ctx[j], v[i], arg);
  }
}

static void reset(mctx_t *c, mnode_t *x, void *arg)
{
  (void)x, (void)arg;
  c->written = 0;
  c->tot = c->lo = c->hi = 0;
}

static void shares(mctx_t *c, mnode_t *x, void *arg)
{
  (void)x;
  const walker_t *w = arg;
  c->share = w->tot > 0 ? c->tot / w->tot : 0;
}

typedef struct checker {
  const input_t *ins;
  const mclass_t *cl;
  double limit;
  int bad;
} checker_t;

static void check(mctx_t *c, mnode_t *x, void *arg)
{
  checker_t *k = arg;
  double s = law_spread(&c->law);
  if (c->share < 0.05 || s <= k->limit)
    return;
  const appear_t *ref = &k->cl->at[k->cl->nat - 1];
  if (k->bad++ < 10)
    fprintf(stderr,
            "simextrap: warning: %s, the computation before '%s' (after '%s'): %.3g flops at the target, %.3g to %.3g "
            "as one input or another is left out (+-%.0f%%, above the %g%% limit): the inputs cannot support this "
            "prediction\n",
            input_where(&k->ins[ref->input], ref->rep, x->line), sym_text(x->sym),
            c->pred < 0 ? "the start" : sym_text(c->pred), c->val, c->law.lo, c->law.hi, 100 * s, 100 * k->limit);
}

int spread_check(const input_t *ins, double limit)
{
  run_comp = (run_comp_t){0};
  int bad = 0;
  for (int i = 0; i < nclasses; i++) {
    mclass_t *cl = &classes[i];
    walker_t w = {.prev = -1};
    each(cl->model, cl->nmodel, reset, NULL);
    walk(&w, cl->model, cl->nmodel);
    each(cl->model, cl->nmodel, shares, &w);
    cl->comp = w.tot;
    run_comp.tot += (double)cl->ntarget * w.tot;
    run_comp.lo += (double)cl->ntarget * w.lo;
    run_comp.hi += (double)cl->ntarget * w.hi;
    if (cl->ntarget && w.tot > run_comp.max)
      run_comp.max = w.tot, run_comp.max_class = i;
    checker_t k = {ins, cl, limit, bad};
    each(cl->model, cl->nmodel, check, &k);
    bad = k.bad;
  }
  if (bad > 10)
    fprintf(stderr, "simextrap: warning: and %d more predictions the inputs cannot support (--explain lists all)\n",
            bad - 10);
  return bad;
}

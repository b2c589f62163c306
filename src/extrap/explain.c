/* simextrap --explain: the grid of each input and of the target, the
 * classes of ranks and how many ranks each has at each size, and for each
 * event of each class the law of each value that is not always zero, with
 * its value at the target and its errors on the inputs; for computation,
 * after each event that can precede it, also the runner-up law, the spread
 * at the target, the variability of the bursts and its share of the
 * class's computation; then how often each law was chosen, the values the
 * inputs could not decide, the run's computation with its spread, and how
 * much each input size reduced the errors. */
#include "extrap.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static int used[128], ambiguous;

/* "name law -> value (err%, loo%)" */
static void show_law(const law_t *l, const char *name, double at, int integral)
{
  char t[128];
  if (l->form < 128)
    used[l->form]++;
  ambiguous += l->ambiguous;
  printf("  %s %s -> %.*g", name, law_text(l, t, sizeof t), integral ? 15 : 6, at);
  if (l->form) /* a constant that fits has no error */
    printf(" (%.2g%%, %.2g%%)", l->err < 5e-7 ? 0 : 100 * l->err, l->loo < 5e-7 ? 0 : 100 * l->loo);
  printf("%s", l->ambiguous ? " [ambiguous]" : "");
}

static int unsure;
static double limit;

/* "compute [after E] LAW -> V (err, loo) from LO to HI; runner-up ...; bursts ...; S% of the class's" */
static void show_ctx(const mctx_t *c, int depth, int after)
{
  printf("%*s", depth, "");
  if (after)
    printf("after %s:", c->pred < 0 ? "the start" : sym_text(c->pred));
  show_law(&c->law, "compute", c->val, 1);
  if (c->law.form) {
    double sp = law_spread(&c->law);
    printf(", %.3g to %.3g without one input (+-%.2g%%)", c->law.lo, c->law.hi, sp < 5e-7 ? 0 : 100 * sp);
    if (c->share >= 0.05 && sp > limit) {
      printf(" [unsure]");
      unsure++;
    }
  }
  if (c->law.pooled < 0)
    printf("; its own law: the law of %d classes together, times this one's ratio to it, misses its inputs by %.2g%% "
           "(%s -> %.3g)",
           -c->law.pooled, 100 * c->law.second_loo, law_form_name(c->law.second), c->law.second_at);
  else if (c->law.pooled)
    printf("; the law of %d classes together, times this one's ratio to it; runner-up its own law %s -> %.3g (%.2g%%)",
           c->law.pooled, law_form_name(c->law.second), c->law.second_at,
           c->law.second_loo < 5e-7 ? 0 : 100 * c->law.second_loo);
  else if (c->law.second >= 0)
    printf("; runner-up %s -> %.3g (%.2g%%)", law_form_name(c->law.second), c->law.second_at,
           c->law.second_loo < 5e-7 ? 0 : 100 * c->law.second_loo);
  if (c->var.nq && (c->var.q[c->var.nq - 1] > 1.001 || c->var.warm[0] != 1 || c->var.warm[1] != 1))
    printf("; bursts x%.2f on average (x%.2f to x%.2f), first x%.3g x%.3g", c->var.mean, c->var.q[0],
           c->var.q[c->var.nq - 1], c->var.warm[0], c->var.warm[1]);
  printf("; %.1f%% of its class's\n", 100 * c->share);
}

static void show(mnode_t *const *v, int n, int depth)
{
  for (int i = 0; i < n; i++) {
    const mnode_t *x = v[i];
    if (x->sym < 0) {
      printf("%*sloop", depth, "");
      show_law(&x->law, "iterations", (double)x->count, 1);
      printf("\n");
      show(x->body, x->n, depth + 2);
      continue;
    }
    const sym_t *s = syms[x->sym];
    printf("%*s%ld: %s", depth, "", x->line, s->key);
    for (int j = NV_SLEEP; j < s->nnum; j++)
      if (x->laws[j].form || x->laws[j].a) /* not always 0 */
        show_law(&x->laws[j], s->vname[j], x->val[j], s->integral[j]);
    printf("\n");
    int shown = 0;
    for (int j = 0; j < x->nctx; j++)
      shown += x->ctx[j].law.form || x->ctx[j].law.a;
    for (int j = 0; j < x->nctx; j++)
      if (x->ctx[j].law.form || x->ctx[j].law.a)
        show_ctx(&x->ctx[j], depth + 2, shown > 1);
  }
}

/* Over the contexts present at every size: their leave-one-out error and
 * spread with the first p sizes, weighted by their share of the run. */
static void gain(mnode_t *const *v, int n, int k, long ntarget, double *loo, double *spr, double *w)
{
  for (int i = 0; i < n; i++) {
    if (v[i]->sym < 0)
      gain(v[i]->body, v[i]->n, k, ntarget, loo, spr, w);
    for (int j = 0; j < v[i]->nctx; j++) {
      const mctx_t *c = &v[i]->ctx[j];
      double weight = (double)ntarget * c->tot;
      if (c->m != k || !(weight > 0))
        continue;
      for (int p = 2; p <= k; p++) { /* errors counted up to 1000% */
        loo[p] += weight * fmin(c->prefix[p].loo, 10);
        spr[p] += weight * fmin(law_spread(&c->prefix[p]), 10);
      }
      *w += weight;
    }
  }
}

static const char *recs(int n)
{
  static char buf[64];
  snprintf(buf, sizeof buf, "; %d recordings, their bursts taken together", n);
  return buf;
}

void explain(const input_t *ins, int k, const grid_t *target, const char *rule, const int reach[EX_MAXD],
             double max_spread)
{
  limit = max_spread;
  unsure = 0;
  printf("Inputs:\n");
  for (int i = 0; i < k; i++)
    printf("  %s: %ld ranks, grid %s, from its %s%s\n", ins[i].path, ins[i].n, grid_text(&ins[i].g), ins[i].g.how,
           ins[i].recordings > 1 ? recs(ins[i].recordings) : "");
  if (rank_slowdown.nq)
    printf("Ranks slowed through a whole recording, against their quickest one: x%.2f on average (x%.2f to x%.2f); "
           "each rank at the target draws one such factor for all its bursts (not with --smooth)\n",
           rank_slowdown.mean, rank_slowdown.q[0], rank_slowdown.q[rank_slowdown.nq - 1]);
  long n = 1;
  for (int d = 0; d < target->nd; d++)
    n *= target->dims[d];
  printf("Target: %ld ranks, grid %s (%s)\n", n, grid_text(target), rule);
  printf("Neighbours at most");
  for (int d = 0; d < target->nd; d++)
    printf("%s %d apart along D%d", d ? "," : "", reach[d], d);
  printf(": ranks are classed by their place along each dimension (first, ..., interior, ..., last)%s\n",
         class_parity ? " and the parity of their coordinates" : "");
  printf("Classes (ranks at each input size -> at the target):\n");
  for (int c = 0; c < nclasses; c++) {
    const mclass_t *cl = &classes[c];
    printf("  %2d (%s):", c, class_name(cl, target->nd));
    for (int i = 0, a = 0; i < k; i++) {
      long m = a < cl->nat && cl->at[a].input == i ? cl->at[a++].nranks : 0;
      printf(" %ld", m);
    }
    printf(" -> %ld\n", cl->ntarget);
  }
  printf("Events of each class: line in the largest input, event (peers @ as offsets on the grid, # a value), "
         "then each value that is not always 0: its law -> its value at the target (the law's worst error on the "
         "inputs, and predicting each input from the others)\n");
  memset(used, 0, sizeof used);
  ambiguous = 0;
  for (int c = 0; c < nclasses; c++) {
    const mclass_t *cl = &classes[c];
    const appear_t *ref = &cl->at[cl->nat - 1];
    printf("class %d (%s), rank %ld of %s:\n", c, class_name(cl, target->nd), ref->rep, ins[ref->input].path);
    show(cl->model, cl->nmodel, 2);
  }
  printf("Laws chosen (computation: V is a rank's data volume, from the counts of its messages to neighbours):");
  for (int f = 0; f < law_forms() && f < 128; f++)
    if (used[f])
      printf(" %s %d;", law_form_name(f), used[f]);
  printf("\n");
  if (ambiguous)
    printf("%d values [ambiguous] could follow other laws that fit the inputs as well and differ by more than 5%% at "
           "the target: inputs on grids of other shapes would tell them apart\n",
           ambiguous);
  if (run_comp.tot > 0) {
    const mclass_t *mc = &classes[run_comp.max_class];
    printf("Computation at the target: %.4g flops in all (%.3g s at 1 Gflop/s), from %.4g to %.4g without one input "
           "(-%.2g%%, +%.2g%%); a rank of class %d computes most, %.4g flops (%.3g s)\n",
           run_comp.tot, run_comp.tot / 1e9, run_comp.lo, run_comp.hi, 100 * (1 - run_comp.lo / run_comp.tot),
           100 * (run_comp.hi / run_comp.tot - 1), run_comp.max_class, mc->comp, mc->comp / 1e9);
  }
  if (unsure)
    printf("%d computations [unsure] hold 5%% or more of their class's and spread more than %g%% at the target\n",
           unsure, 100 * limit);
  if (k >= 3) {
    double loo[65] = {0}, spr[65] = {0}, w = 0;
    for (int c = 0; c < nclasses; c++)
      gain(classes[c].model, classes[c].nmodel, classes[c].nat, classes[c].ntarget, loo, spr, &w);
    if (w > 0) {
      printf("Each input size's gain (computation present at every size, weighted by its share at the target: "
             "the worst error predicting an input from the others; the spread at the target):\n");
      for (int p = 2; p <= k; p++) {
        if (p == 2)
          printf("  %ld and %ld ranks: %.2g%%, +-%.2g%%", ins[0].n, ins[1].n, 100 * loo[p] / w, 100 * spr[p] / w);
        else
          printf("  + %ld ranks: %.2g%%, +-%.2g%%", ins[p - 1].n, 100 * loo[p] / w, 100 * spr[p] / w);
        if (p > 2)
          printf(" (%+.2g and %+.2g points)", 100 * (loo[p] - loo[p - 1]) / w, 100 * (spr[p] - spr[p - 1]) / w);
        printf("\n");
      }
    }
  }
}

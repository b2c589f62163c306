/* simextrap --explain: the grid of each input and of the target, the
 * classes of ranks and how many ranks each has at each size, and for each
 * event of each class the law of each value that is not always zero, with
 * its value at the target and its errors on the inputs; then how often
 * each law was chosen, and the values the inputs could not decide. */
#include "extrap.h"
#include <stdio.h>
#include <string.h>

static int used[128], ambiguous, clamped;

static void show_law(const law_t *l, const char *name, double at, int integral, int depth)
{
  char t[128];
  if (l->form < 128)
    used[l->form]++;
  ambiguous += l->ambiguous;
  clamped += l->clamped;
  printf("%*s%s: %s -> %.*g  (fit error %.2g%%, predicting each input from the others %.2g%%)%s%s\n", depth, "",
         name, law_text(l, t, sizeof t), integral ? 15 : 6, at, 100 * l->err, 100 * l->loo,
         l->ambiguous ? "  [other laws fit as well and differ by >5% at the target]" : "",
         l->clamped ? "  [negative at the target: 0]" : "");
}

static int zero(const mclass_t *c, const mnode_t *x, int j)
{
  (void)c;
  return x->laws[j].form == 0 && x->laws[j].a == 0;
}

static void show(const mclass_t *c, mnode_t *const *v, int n, int depth)
{
  for (int i = 0; i < n; i++) {
    const mnode_t *x = v[i];
    if (x->sym < 0) {
      printf("%*sloop, %ld iterations at the target:\n", depth, "", x->count);
      show_law(&x->law, "iterations", (double)x->count, 1, depth + 4);
      show(c, x->body, x->n, depth + 2);
      continue;
    }
    const sym_t *s = syms[x->sym];
    printf("%*s%s  (line %ld)\n", depth, "", s->key, x->line);
    for (int j = 0; j < s->nnum; j++)
      if (!zero(c, x, j))
        show_law(&x->laws[j], s->vname[j], x->val[j], s->integral[j], depth + 4);
  }
}

void explain(const input_t *ins, int k, const grid_t *target, const char *rule, const int reach[EX_MAXD])
{
  printf("Inputs:\n");
  for (int i = 0; i < k; i++)
    printf("  %s: %ld ranks, grid %s, from its %s\n", ins[i].path, ins[i].n, grid_text(&ins[i].g), ins[i].g.how);
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
  printf("Events of each class, with the laws of their values (values always 0 not shown; peers @ as grid "
         "offsets, # a value, line numbers in the largest input):\n");
  memset(used, 0, sizeof used);
  ambiguous = clamped = 0;
  for (int c = 0; c < nclasses; c++) {
    const mclass_t *cl = &classes[c];
    const appear_t *ref = &cl->at[cl->nat - 1];
    printf("class %d (%s), rank %ld of %s:\n", c, class_name(cl, target->nd), ref->rep, ins[ref->input].path);
    show(cl, cl->model, cl->nmodel, 2);
  }
  printf("Laws chosen:");
  for (int f = 0; f < law_forms() && f < 128; f++)
    if (used[f])
      printf(" %s %d;", law_form_name(f), used[f]);
  printf("\n");
  if (ambiguous)
    printf("%d values could follow other laws that differ by more than 5%% at the target: inputs on grids of "
           "other shapes would tell them apart\n",
           ambiguous);
  if (clamped)
    printf("%d values were negative at the target and were written as 0\n", clamped);
}

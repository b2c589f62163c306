/* simextrap --explain: the grid of each input and of the target, the
 * classes of ranks and how many ranks each has at each size, and for each
 * event of each class the law of each value that is not always zero, with
 * its value at the target and its errors on the inputs; then how often
 * each law was chosen, and the values the inputs could not decide. */
#include "extrap.h"
#include <stdio.h>
#include <string.h>

static int used[128], ambiguous, clamped;

/* "name law -> value (err%, loo%)" */
static void show_law(const law_t *l, const char *name, double at, int integral)
{
  char t[128];
  if (l->form < 128)
    used[l->form]++;
  ambiguous += l->ambiguous;
  clamped += l->clamped;
  printf("  %s %s -> %.*g", name, law_text(l, t, sizeof t), integral ? 15 : 6, at);
  if (l->form) /* a constant that fits has no error */
    printf(" (%.2g%%, %.2g%%)", l->err < 5e-7 ? 0 : 100 * l->err, l->loo < 5e-7 ? 0 : 100 * l->loo);
  printf("%s%s", l->ambiguous ? " [ambiguous]" : "", l->clamped ? " [negative: 0]" : "");
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
    for (int j = 0; j < s->nnum; j++)
      if (x->laws[j].form || x->laws[j].a) /* not always 0 */
        show_law(&x->laws[j], s->vname[j], x->val[j], s->integral[j]);
    printf("\n");
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
  printf("Events of each class: line in the largest input, event (peers @ as offsets on the grid, # a value), "
         "then each value that is not always 0: its law -> its value at the target (the law's worst error on the "
         "inputs, and predicting each input from the others)\n");
  memset(used, 0, sizeof used);
  ambiguous = clamped = 0;
  for (int c = 0; c < nclasses; c++) {
    const mclass_t *cl = &classes[c];
    const appear_t *ref = &cl->at[cl->nat - 1];
    printf("class %d (%s), rank %ld of %s:\n", c, class_name(cl, target->nd), ref->rep, ins[ref->input].path);
    show(cl->model, cl->nmodel, 2);
  }
  printf("Laws chosen:");
  for (int f = 0; f < law_forms() && f < 128; f++)
    if (used[f])
      printf(" %s %d;", law_form_name(f), used[f]);
  printf("\n");
  if (ambiguous)
    printf("%d values [ambiguous] could follow other laws that fit the inputs as well and differ by more than 5%% at "
           "the target: inputs on grids of other shapes would tell them apart\n",
           ambiguous);
  if (clamped)
    printf("%d values were negative at the target and were written as 0\n", clamped);
}

/* Classes of ranks and the laws of their events. A rank's class is its
 * place along each dimension of the grid: within reach of the low edge
 * (first, second, ...), of the high edge (last, ...), or interior; and,
 * when ranks of one such class behave differently (programs that order
 * their messages by parity), the parity of each coordinate too. Within an
 * input all ranks of a class must have the same events; across inputs a
 * class's events must line up, loop counts aside. Each loop count and each
 * numeric value then gets a law over the sizes where the class appears. */
#include "extrap.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

mclass_t *classes;
int nclasses, class_parity;
static int reach[EX_MAXD];

/* -1: within reach of both edges (too few ranks along the dimension) */
static int position(int c, int D, int R)
{
  int lo = c < R, hi = c >= D - R;
  if (lo && hi)
    return -1;
  int p = lo ? c : hi ? 100 + (D - 1 - c) : 50;
  return class_parity ? p + 1000 * (c & 1) : p;
}

static int key_of(const grid_t *g, long rank, int pos[EX_MAXD])
{
  int c[EX_MAXD];
  grid_coords(g, rank, c);
  for (int d = 0; d < EX_MAXD; d++) {
    pos[d] = d < g->nd ? position(c[d], g->dims[d], reach[d]) : 0;
    if (pos[d] < 0)
      return 0;
  }
  return 1;
}

static int find(const int pos[EX_MAXD])
{
  for (int i = 0; i < nclasses; i++)
    if (!memcmp(classes[i].pos, pos, sizeof classes[i].pos))
      return i;
  return -1;
}

int model_class(const grid_t *g, long rank)
{
  int pos[EX_MAXD];
  return key_of(g, rank, pos) ? find(pos) : -1;
}

static const char *pos_name(int p, char *buf, size_t len)
{
  int q = p % 1000;
  const char *par = !class_parity ? "" : p >= 1000 ? " odd" : " even";
  if (q == 50)
    snprintf(buf, len, "interior%s", par);
  else if (q == 100 || q == 0)
    snprintf(buf, len, "%s%s", q ? "last" : "first", par);
  else
    snprintf(buf, len, "%s%+d%s", q > 100 ? "last" : "first", q > 100 ? 100 - q : q, par);
  return buf;
}

const char *class_name(const mclass_t *c, int nd)
{
  static char buf[160];
  int n = 0;
  for (int d = 0; d < nd; d++) {
    char p[40];
    n += snprintf(buf + n, sizeof buf - (size_t)n, "%sD%d %s", d ? ", " : "", d, pos_name(c->pos[d], p, sizeof p));
  }
  return buf;
}

const char *sym_text(int sym) { return sym >= 0 ? syms[sym]->key : "a loop"; }

const char *node_what(const input_t *in, long r, const node_t *x, char *buf, size_t len)
{
  if (!x)
    snprintf(buf, len, "%s: nothing there (its loop or trace ends)", input_where(in, r, 0));
  else if (x->sym < 0)
    snprintf(buf, len, "%s: a loop of %ld iterations", input_where(in, r, 0), x->count);
  else if (!syms[x->sym]->action)
    snprintf(buf, len, "%s: the end of its trace", input_where(in, r, 0));
  else
    snprintf(buf, len, "%s: %s", input_where(in, r, x->line), input_line(in, r, x->line));
  return buf;
}

/* Every rank of a class the same as the class's lowest rank? Else says where not. */
static int alike(input_t *in, char *msg, size_t len)
{
  long *rep = ex_alloc(sizeof *rep * (size_t)in->n);
  int (*keys)[EX_MAXD] = ex_alloc(sizeof *keys * (size_t)in->n);
  int nrep = 0, ok = 1;
  for (long r = 0; r < in->n && ok; r++) {
    int pos[EX_MAXD], i = 0;
    if (!key_of(&in->g, r, pos))
      continue;
    while (i < nrep && memcmp(keys[i], pos, sizeof pos))
      i++;
    if (i == nrep) {
      memcpy(keys[nrep], pos, sizeof pos);
      rep[nrep++] = r;
      continue;
    }
    const seq_t *a = &in->seqs[rep[i]], *b = &in->seqs[r];
    node_t *da, *db;
    if (seq_diff(a->v, a->n, b->v, b->n, 1, &da, &db)) {
      char wa[9000], wb[9000];
      mclass_t c;
      memcpy(c.pos, pos, sizeof pos);
      snprintf(msg, len, "ranks %ld and %ld are both of class (%s) but do not do the same:\n  %s\n  %s", rep[i], r,
               class_name(&c, in->g.nd), node_what(in, rep[i], da, wa, sizeof wa), node_what(in, r, db, wb, sizeof wb));
      ok = 0;
    }
  }
  free(rep);
  free(keys);
  return ok;
}

/* The ranks of each class folded into its lowest one, which joins the class's appearances. */
static void gather(input_t *in, int k)
{
  for (long r = 0; r < in->n; r++) {
    int pos[EX_MAXD];
    if (!key_of(&in->g, r, pos))
      continue;
    int c = find(pos);
    if (c < 0) {
      classes = ex_grow(classes, sizeof *classes * (size_t)(nclasses + 1));
      c = nclasses++;
      memset(&classes[c], 0, sizeof classes[c]);
      memcpy(classes[c].pos, pos, sizeof pos);
    }
    mclass_t *cl = &classes[c];
    appear_t *ap = cl->nat ? &cl->at[cl->nat - 1] : NULL;
    if (!ap || ap->input != k) {
      cl->at = ex_grow(cl->at, sizeof *cl->at * (size_t)(cl->nat + 1));
      ap = &cl->at[cl->nat++];
      *ap = (appear_t){k, r, 0, &in->seqs[r]};
    } else {
      seq_t *s = &in->seqs[r];
      for (int i = 0; i < s->n; i++)
        node_fold(ap->seq->v[i], s->v[i]);
      s->n = 0;
      seq_free(s);
    }
    ap->nranks++;
  }
}

/* The laws of the loop counts and of the counts of at[k] (the same node of a
 * class at each of its m input sizes); amounts (computation, sleep) come
 * later (fit_amounts), once the class's data volume at the target is known. */
static mnode_t *fit_node(node_t **at, int m, const scale_t *sc, const scale_t *t)
{
  static uint64_t ids;
  mnode_t *x = ex_alloc(sizeof *x);
  const node_t *ref = at[m - 1];
  x->id = ++ids;
  double y[64], v;
  x->sym = ref->sym;
  x->line = ref->line;
  if (ref->sym < 0) {
    for (int k = 0; k < m; k++)
      y[k] = (double)at[k]->count;
    x->law = fit_law(m, sc, y, t, FIT_COUNT, 1, -1, &v);
    x->count = (long)v;
    x->n = ref->n;
    x->body = ex_alloc(sizeof *x->body * (size_t)x->n);
    node_t *sub[64];
    for (int i = 0; i < x->n; i++) {
      for (int k = 0; k < m; k++)
        sub[k] = at[k]->body[i];
      x->body[i] = fit_node(sub, m, sc, t);
    }
    return x;
  }
  const sym_t *s = syms[ref->sym];
  x->laws = ex_alloc(sizeof *x->laws * (size_t)(s->nnum + 1));
  x->val = ex_alloc(sizeof *x->val * (size_t)(s->nnum + 1));
  for (int j = NV_SLEEP + 1; j < s->nnum; j++) {
    for (int k = 0; k < m; k++)
      y[k] = at[k]->sum[j] / (double)at[k]->occ;
    x->laws[j] = fit_law(m, sc, y, t, FIT_COUNT, s->integral[j], s->face[j], &x->val[j]);
  }
  return x;
}

/* The laws of the amounts under x: sleep, and the computation of each context (bursts.c). */
static void fit_amounts(mnode_t *x, node_t **at, int m, const scale_t *sc, const scale_t *t)
{
  double y[64] = {0};
  if (x->sym < 0) {
    node_t *sub[64];
    for (int i = 0; i < x->n; i++) {
      for (int k = 0; k < m; k++)
        sub[k] = at[k]->body[i];
      fit_amounts(x->body[i], sub, m, sc, t);
    }
    return;
  }
  for (int k = 0; k < m; k++)
    y[k] = at[k]->sum[NV_SLEEP] / (double)at[k]->occ;
  x->laws[NV_SLEEP] = fit_law(m, sc, y, t, FIT_AMOUNT, 0, -1, &x->val[NV_SLEEP]);
  bursts_model(x, at, m, sc, t);
}

void model_build(input_t *ins, int k, const grid_t *target, const int r[EX_MAXD])
{
  memcpy(reach, r, sizeof reach);
  if (k > 64)
    ex_fail("at most 64 inputs");
  char msg[20000];
  for (int i = 0; i < k; i++) {
    class_parity = 0;
    if (alike(&ins[i], msg, sizeof msg))
      continue;
    class_parity = 1; /* perhaps by parity; then in every input */
    for (int j = 0; j < k; j++)
      if (!alike(&ins[j], msg, sizeof msg))
        ex_fail("%s\nsimextrap needs the ranks at the same place on the grid (edges, interior) to do the same",
                msg);
    break;
  }
  for (int i = 0; i < k; i++)
    gather(&ins[i], i);
  scale_t sc[64], t = {.n = 1, .nd = target->nd, .v = NAN};
  for (int d = 0; d < target->nd; d++) {
    t.d[d] = target->dims[d];
    t.n *= target->dims[d];
  }
  for (long rk = 0; rk < (long)t.n; rk++) {
    int pos[EX_MAXD];
    if (!key_of(target, rk, pos))
      for (int d = 0; d < target->nd; d++)
        if (target->dims[d] < 2 * reach[d])
          ex_fail("the target grid %s has %d ranks along D%d: at least %d are needed (neighbours are up to %d apart "
                  "along it)",
                  grid_text(target), target->dims[d], d, 2 * reach[d], reach[d]);
    int c = find(pos);
    if (c < 0) {
      mclass_t tmp;
      memcpy(tmp.pos, pos, sizeof pos);
      ex_fail("rank %ld of the target grid %s is of class (%s), which no input shows: add an input whose grid has "
              "ranks there",
              rk, grid_text(target), class_name(&tmp, target->nd));
    }
    classes[c].ntarget++;
  }
  for (int c = 0; c < nclasses; c++) {
    mclass_t *cl = &classes[c];
    appear_t *ref = &cl->at[cl->nat - 1];
    const input_t *rin = &ins[ref->input];
    if (cl->ntarget && cl->nat < 2)
      ex_fail("the ranks of class (%s) appear in %s only: each class needs two input sizes at least, to tell how "
              "its values change (three to choose among laws with a constant)",
              class_name(cl, target->nd), rin->path);
    node_t **at = ex_alloc(sizeof *at * (size_t)cl->nat);
    for (int a = 0; a < cl->nat; a++) {
      appear_t *ap = &cl->at[a];
      const input_t *in = &ins[ap->input];
      node_t *da, *db;
      if (seq_diff(ap->seq->v, ap->seq->n, ref->seq->v, ref->seq->n, 0, &da, &db)) {
        char wa[9000], wb[9000];
        ex_fail("the ranks of class (%s) do not do the same at all sizes:\n  %s\n  %s\nsimextrap needs SPMD "
                "programs whose events line up across sizes (loop counts may differ)",
                class_name(cl, target->nd), node_what(in, ap->rep, da, wa, sizeof wa),
                node_what(rin, ref->rep, db, wb, sizeof wb));
      }
      sc[a] = in->sc;
    }
    cl->nmodel = ref->seq->n;
    cl->model = ex_alloc(sizeof *cl->model * (size_t)cl->nmodel);
    for (int i = 0; i < cl->nmodel; i++) {
      for (int a = 0; a < cl->nat; a++)
        at[a] = cl->at[a].seq->v[i];
      cl->model[i] = fit_node(at, cl->nat, sc, &t);
    }
    cl->vlo = cl->vhi = NAN;
    for (int a = 0; a < cl->nat; a++) { /* the class's data volume at each size, and at the target */
      sc[a].v = seq_volume(cl->at[a].seq->v, cl->at[a].seq->n, target->nd);
      if (sc[a].v > 0) {
        cl->vlo = isnan(cl->vlo) || sc[a].v < cl->vlo ? sc[a].v : cl->vlo;
        cl->vhi = isnan(cl->vhi) || sc[a].v > cl->vhi ? sc[a].v : cl->vhi;
      }
    }
    t.v = model_volume(cl->model, cl->nmodel, target->nd);
    for (int i = 0; i < cl->nmodel; i++) {
      for (int a = 0; a < cl->nat; a++)
        at[a] = cl->at[a].seq->v[i];
      fit_amounts(cl->model[i], at, cl->nat, sc, &t);
    }
    cl->v = t.v;
    free(at);
  }
  model_pool();
}

static int measured(mnode_t *const *v, int n)
{
  for (int i = 0; i < n; i++) {
    if (v[i]->sym < 0 && measured(v[i]->body, v[i]->n))
      return 1;
    for (int j = 0; v[i]->sym >= 0 && j < v[i]->nctx; j++)
      if (v[i]->ctx[j].kind == FIT_MEASURED)
        return 1;
  }
  return 0;
}

double model_volume_gap(int *cls)
{
  double worst = 0;
  for (int c = 0; c < nclasses; c++) {
    const mclass_t *cl = &classes[c];
    if (!cl->ntarget || !(cl->v > 0) || isnan(cl->vlo) || !measured(cl->model, cl->nmodel))
      continue;
    double r = cl->v < cl->vlo ? cl->vlo / cl->v : cl->v > cl->vhi ? cl->v / cl->vhi : 1;
    if (r > worst)
      worst = r, *cls = c;
  }
  return worst;
}

static void poor(mnode_t *const *v, int n, double limit, int *bad, int *all)
{
  for (int i = 0; i < n; i++) {
    const mnode_t *x = v[i];
    if (x->sym < 0) {
      *bad += x->law.loo > limit;
      ++*all;
      poor(x->body, x->n, limit, bad, all);
      continue;
    }
    for (int j = NV_SLEEP + 1; j < syms[x->sym]->nnum; j++) { /* counts: amounts have their spread */
      *bad += x->laws[j].loo > limit;
      ++*all;
    }
  }
}

int model_poor(double limit, int *all)
{
  int bad = 0;
  *all = 0;
  for (int c = 0; c < nclasses; c++)
    poor(classes[c].model, classes[c].nmodel, limit, &bad, all);
  return bad;
}

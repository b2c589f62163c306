/* The data volume of a rank, which a stencil's computation follows: the
 * product of its local extents, as its messages reveal them. A message to a
 * neighbour along dimension d carries a face, the product of the extents
 * along the other dimensions; with f_d the mean count of a class's messages
 * along d, the volume is V = (f_0 f_1 ... f_nd-1)^(1/(nd-1)) (f_0 f_1 in
 * 2D, sqrt(f_0 f_1 f_2) in 3D). Unknown (NAN) on a 1D grid, whose faces say
 * nothing of the volume, or when some dimension has no such message. A code
 * whose messages are not faces (a column type sent once) gets a volume that
 * predicts its computation badly, and the fit then takes another law. */
#include "extrap.h"
#include <math.h>

typedef struct faces {
  double sum[EX_MAXD];
  long n[EX_MAXD];
} faces_t;

static void add(faces_t *f, const sym_t *s, const double *val, double per)
{
  for (int j = NV_SLEEP + 1; j < s->nnum; j++)
    if (s->face[j] >= 0 && s->face[j] < EX_MAXD) {
      f->sum[s->face[j]] += val[j] / per;
      f->n[s->face[j]]++;
    }
}

static void walk_input(faces_t *f, node_t *const *v, int n)
{
  for (int i = 0; i < n; i++)
    if (v[i]->sym < 0)
      walk_input(f, v[i]->body, v[i]->n);
    else
      add(f, syms[v[i]->sym], v[i]->sum, (double)v[i]->occ);
}

static void walk_model(faces_t *f, mnode_t *const *v, int n)
{
  for (int i = 0; i < n; i++)
    if (v[i]->sym < 0)
      walk_model(f, v[i]->body, v[i]->n);
    else
      add(f, syms[v[i]->sym], v[i]->val, 1);
}

static double volume(const faces_t *f, int nd)
{
  if (nd < 2)
    return NAN;
  double p = 1;
  for (int d = 0; d < nd; d++) {
    if (!f->n[d] || !(f->sum[d] > 0))
      return NAN;
    p *= f->sum[d] / (double)f->n[d];
  }
  return pow(p, 1.0 / (nd - 1));
}

double seq_volume(node_t *const *v, int n, int nd)
{
  faces_t f = {{0}, {0}};
  walk_input(&f, v, n);
  return volume(&f, nd);
}

double model_volume(mnode_t *const *v, int n, int nd)
{
  faces_t f = {{0}, {0}};
  walk_model(&f, v, n);
  return volume(&f, nd);
}

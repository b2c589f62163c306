/* Process topologies as objects: Cartesian grids, graphs and distributed
 * graphs attached to a communicator core; their construction, coordinates,
 * and each rank's neighbours. */
#include "topo.h"
#include "comm.h"
#include <stdlib.h>
#include <string.h>

int *topo_copy_ints(const int *a, int n)
{
  int *b = malloc(sizeof *b * (size_t)(n > 0 ? n : 1));
  if (n > 0 && a)
    memcpy(b, a, sizeof *b * (size_t)n);
  return b;
}

topo_t *topo_share(topo_t *t)
{
  if (t)
    t->refs++;
  return t;
}

void topo_free(topo_t *t)
{
  if (!t || --t->refs > 0)
    return;
  free(t->dims);
  free(t->periods);
  free(t->index);
  free(t->edges);
  if (t->kind == MPI_DIST_GRAPH)
    for (int i = 0; i < t->nnodes; i++) {
      free(t->in[i]);
      free(t->out[i]);
      free(t->inw[i]);
      free(t->outw[i]);
    }
  free(t->in);
  free(t->out);
  free(t->inw);
  free(t->outw);
  free(t->indeg);
  free(t->outdeg);
  free(t);
}

topo_t *topo_cart_new(int ndims, const int dims[], const int periods[])
{
  topo_t *t = calloc(1, sizeof *t);
  t->refs = 1;
  t->kind = MPI_CART;
  t->ndims = ndims;
  t->dims = topo_copy_ints(dims, ndims);
  t->periods = malloc(sizeof(int) * (size_t)(ndims > 0 ? ndims : 1));
  for (int i = 0; i < ndims; i++)
    t->periods[i] = periods ? !!periods[i] : 0;
  return t;
}

void topo_coords(const topo_t *t, int rank, int maxdims, int coords[])
{
  for (int i = t->ndims - 1; i >= 0; i--) {
    if (i < maxdims)
      coords[i] = rank % t->dims[i];
    rank /= t->dims[i];
  }
}

/* Rank of coords, or -1 when a coordinate falls off a non-periodic edge. */
int topo_rank(const topo_t *t, const int coords[])
{
  int r = 0;
  for (int i = 0; i < t->ndims; i++) {
    int x = coords[i];
    if (t->periods[i])
      x = ((x % t->dims[i]) + t->dims[i]) % t->dims[i];
    else if (x < 0 || x >= t->dims[i])
      return -1;
    r = r * t->dims[i] + x;
  }
  return r;
}

int topo_graph_first(const topo_t *t, int rank) { return rank ? t->index[rank - 1] : 0; }

topo_t *topo_graph_new(int nnodes, const int index[], const int edges[])
{
  topo_t *t = calloc(1, sizeof *t);
  t->refs = 1;
  t->kind = MPI_GRAPH;
  t->nnodes = nnodes;
  t->index = topo_copy_ints(index, nnodes);
  t->edges = topo_copy_ints(edges, nnodes ? index[nnodes - 1] : 0);
  return t;
}

topo_t *topo_dist_new(int n)
{
  topo_t *t = calloc(1, sizeof *t);
  t->refs = 1;
  t->kind = MPI_DIST_GRAPH;
  t->nnodes = n;
  t->in = calloc((size_t)n, sizeof *t->in);
  t->out = calloc((size_t)n, sizeof *t->out);
  t->inw = calloc((size_t)n, sizeof *t->inw);
  t->outw = calloc((size_t)n, sizeof *t->outw);
  t->indeg = calloc((size_t)n, sizeof *t->indeg);
  t->outdeg = calloc((size_t)n, sizeof *t->outdeg);
  return t;
}

void topo_add_edge(topo_t *t, int src, int dst, int w)
{
  int k = t->outdeg[src]++;
  t->out[src] = realloc(t->out[src], sizeof(int) * (size_t)(k + 1));
  t->outw[src] = realloc(t->outw[src], sizeof(int) * (size_t)(k + 1));
  t->out[src][k] = dst;
  t->outw[src][k] = w;
  k = t->indeg[dst]++;
  t->in[dst] = realloc(t->in[dst], sizeof(int) * (size_t)(k + 1));
  t->inw[dst] = realloc(t->inw[dst], sizeof(int) * (size_t)(k + 1));
  t->in[dst][k] = src;
  t->inw[dst][k] = w;
}

int topo_neighbors(const rt_comm_t *c, int *nin, int **in, int **intag, int *nout, int **out, int **outtag)
{
  const topo_t *t = c->core->topo;
  if (!t)
    return 0;
  int me = comm_rank(c);
  if (t->kind == MPI_CART) {
    int n = 2 * t->ndims;
    *nin = *nout = n;
    *in = malloc(sizeof(int) * (size_t)(n + 1));
    *out = malloc(sizeof(int) * (size_t)(n + 1));
    *intag = malloc(sizeof(int) * (size_t)(n + 1));
    *outtag = malloc(sizeof(int) * (size_t)(n + 1));
    int *co = malloc(sizeof(int) * (size_t)(t->ndims + 1));
    for (int d = 0; d < t->ndims; d++)
      for (int dir = 0; dir < 2; dir++) {
        topo_coords(t, me, t->ndims, co);
        co[d] += dir ? 1 : -1;
        int r = topo_rank(t, co);
        (*in)[2 * d + dir] = (*out)[2 * d + dir] = r < 0 ? MPI_PROC_NULL : r;
        (*outtag)[2 * d + dir] = 2 * d + dir;    /* sent towards -1 or +1 */
        (*intag)[2 * d + dir] = 2 * d + 1 - dir; /* the -1 neighbour sent towards +1 */
      }
    free(co);
    return 1;
  }
  const int *src, *dst;
  if (t->kind == MPI_GRAPH) {
    int first = topo_graph_first(t, me);
    *nin = *nout = t->index[me] - first;
    src = dst = t->edges + first;
  } else {
    *nin = t->indeg[me];
    *nout = t->outdeg[me];
    src = t->in[me];
    dst = t->out[me];
  }
  *in = topo_copy_ints(src, *nin);
  *out = topo_copy_ints(dst, *nout);
  *intag = calloc((size_t)*nin + 1, sizeof(int));
  *outtag = calloc((size_t)*nout + 1, sizeof(int));
  return 1;
}

/* Process topologies (MPI 3.1 chapter 7): Cartesian, graph and distributed
 * graph communicators and their queries. Ranks are never reordered: a new
 * topology communicator keeps the old ranks (allowed by the standard). The
 * topologies themselves are objects of src/core/topo.c. */
#include "../core/topo.h"
#include "../action/action.h"
#include "../action/trace.h"
#include "comm_make.h"
#include <stdlib.h>
#include <string.h>

/* Installs t on the new communicator's core unless another member already did. */
static void install(MPI_Comm h, topo_t *t)
{
  rt_comm_t *c = h == MPI_COMM_NULL ? NULL : comm_get(h);
  if (c && !c->core->topo)
    c->core->topo = t;
  else
    topo_free(t);
}

static topo_t *topo_of(MPI_Comm h, int kind)
{
  rt_comm_t *c = comm_get(h);
  topo_t *t = c ? c->core->topo : NULL;
  return t && (kind == 0 || t->kind == kind) ? t : NULL;
}

#define CHECK_TOPO(comm, t, kind)                                                                                      \
  CHECK_COMM(comm, c_);                                                                                                \
  (void)c_;                                                                                                            \
  topo_t *t = topo_of(comm, kind);                                                                                     \
  CHECK(t, comm, MPI_ERR_TOPOLOGY, "the communicator has no %s topology",                                             \
        kind == MPI_CART ? "Cartesian" : kind == MPI_GRAPH ? "graph" : "distributed graph")

/* A communicator of the first n ranks of c. */
static int first_ranks(rt_rank_t *self, rt_comm_t *c, int n, int kind, MPI_Comm *out)
{
  int *w = malloc(sizeof *w * (size_t)(n ? n : 1));
  for (int i = 0; i < n; i++)
    w[i] = comm_world(c, i);
  rt_group_t g = {n, w};
  int err = comm_create_from(self, c, &g, kind, 0, out);
  free(w);
  return err;
}

/* Dims_create's search: the free dimensions cur[0..n) (non-increasing) whose product is
 * the nodes left and whose spread cur[0] - cur[n-1] is the smallest (then whose smallest one is
 * the largest, then the next smallest ...); best holds the first found. */
typedef struct {
  int *cur, *best, n, *div, ndiv;
} balance_t;

static void balance(balance_t *b, int k, int left, int most)
{
  if (k == b->n - 1) {
    if (left > most)
      return;
    b->cur[k] = left;
    /* ties: the larger smallest one, then the larger next smallest ... (as MPICH) */
    long spread = b->cur[0] - left, bspread = b->best[0] - b->best[b->n - 1];
    int i = b->n - 1;
    while (i > 0 && b->cur[i] == b->best[i])
      i--;
    if (b->best[0] < 0 || spread < bspread || (spread == bspread && b->cur[i] > b->best[i]))
      memcpy(b->best, b->cur, sizeof *b->cur * (size_t)b->n);
    return;
  }
  for (int i = b->ndiv - 1; i >= 0; i--) {
    long d = b->div[i];
    if (d > most || left % d)
      continue;
    long p = 1; /* d is the largest of the n - k left: d^(n-k) >= left */
    for (int j = k; j < b->n && p < left; j++)
      p *= d;
    if (p < left)
      break;
    b->cur[k] = (int)d;
    balance(b, k + 1, (int)(left / d), (int)d);
  }
}

int PMPI_Dims_create(int nnodes, int ndims, int dims[])
{
  MPI_ENTER("MPI_Dims_create");
  CHECK(nnodes > 0 && ndims >= 0 && (dims || !ndims), MPI_COMM_WORLD, MPI_ERR_ARG, "invalid arguments");
  int rest = nnodes, nfree = 0;
  for (int i = 0; i < ndims; i++) {
    CHECK(dims[i] >= 0, MPI_COMM_WORLD, MPI_ERR_DIMS, "negative dimension %d", dims[i]);
    if (dims[i] > 0) {
      CHECK(rest % dims[i] == 0, MPI_COMM_WORLD, MPI_ERR_DIMS, "%d nodes do not divide into the fixed dimensions",
            nnodes);
      rest /= dims[i];
    } else
      nfree++;
  }
  if (nfree == 0) {
    CHECK(rest == 1, MPI_COMM_WORLD, MPI_ERR_DIMS, "the dimensions do not multiply to %d", nnodes);
    MPI_LEAVE(MPI_SUCCESS);
  }
  /* the most balanced factorization (smallest largest-minus-smallest), non-increasing */
  balance_t b = {calloc((size_t)nfree, sizeof(int)), calloc((size_t)nfree, sizeof(int)), nfree, NULL, 0};
  b.div = malloc(sizeof *b.div * 2048);
  for (long d = 1; d * d <= rest; d++) /* the divisors of rest, ascending (a few thousand at most) */
    if (rest % d == 0)
      b.div[b.ndiv++] = (int)d;
  for (int i = b.ndiv - 1; i >= 0; i--)
    if ((long)b.div[i] * b.div[i] != rest)
      b.div[b.ndiv++] = rest / b.div[i];
  b.best[0] = -1;
  balance(&b, 0, rest, rest);
  for (int i = 0, k = 0; i < ndims; i++)
    if (dims[i] == 0)
      dims[i] = b.best[k++];
  free(b.cur);
  free(b.best);
  free(b.div);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[], int reorder,
                     MPI_Comm *comm_cart)
{
  MPI_ENTER("MPI_Cart_create");
  CHECK_COMM(comm_old, c);
  (void)reorder;
  CHECK(!comm_is_inter(c), comm_old, MPI_ERR_COMM, "not an intracommunicator");
  CHECK(ndims >= 0 && comm_cart, comm_old, MPI_ERR_ARG, "invalid arguments");
  long nodes = 1;
  for (int i = 0; i < ndims; i++) {
    CHECK(dims[i] > 0, comm_old, MPI_ERR_DIMS, "dimension %d is %d", i, dims[i]);
    nodes *= dims[i];
  }
  CHECK(nodes <= comm_size(c), comm_old, MPI_ERR_DIMS, "the grid has %ld nodes, the communicator %d ranks", nodes,
        comm_size(c));
  int err = first_ranks(self, c, (int)nodes, MADE_CART, comm_cart);
  if (!err) {
    install(*comm_cart, topo_cart_new(ndims, dims, periods));
    act_comm_topo(*comm_cart);
  }
  MPI_LEAVE(err);
}

int PMPI_Cartdim_get(MPI_Comm comm, int *ndims)
{
  MPI_ENTER("MPI_Cartdim_get");
  CHECK_TOPO(comm, t, MPI_CART);
  *ndims = t->ndims;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[])
{
  MPI_ENTER("MPI_Cart_get");
  CHECK_TOPO(comm, t, MPI_CART);
  for (int i = 0; i < t->ndims && i < maxdims; i++) {
    dims[i] = t->dims[i];
    periods[i] = t->periods[i];
  }
  topo_coords(t, comm_rank(comm_get(comm)), maxdims, coords);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank)
{
  MPI_ENTER("MPI_Cart_rank");
  CHECK_TOPO(comm, t, MPI_CART);
  int r = topo_rank(t, coords);
  CHECK(r >= 0, comm, MPI_ERR_ARG, "coordinates outside the grid");
  *rank = r;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[])
{
  MPI_ENTER("MPI_Cart_coords");
  CHECK_TOPO(comm, t, MPI_CART);
  CHECK(rank >= 0 && rank < comm_size(comm_get(comm)), comm, MPI_ERR_RANK, "invalid rank %d", rank);
  topo_coords(t, rank, maxdims, coords);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest)
{
  MPI_ENTER("MPI_Cart_shift");
  CHECK_TOPO(comm, t, MPI_CART);
  CHECK(direction >= 0 && direction < t->ndims, comm, MPI_ERR_ARG, "invalid direction %d (%d dimensions)", direction,
        t->ndims);
  int *co = malloc(sizeof *co * (size_t)t->ndims);
  topo_coords(t, comm_rank(comm_get(comm)), t->ndims, co);
  int mine = co[direction];
  co[direction] = mine + disp;
  int d = topo_rank(t, co);
  co[direction] = mine - disp;
  int s = topo_rank(t, co);
  free(co);
  *rank_dest = d < 0 ? MPI_PROC_NULL : d;
  *rank_source = s < 0 ? MPI_PROC_NULL : s;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm)
{
  MPI_ENTER("MPI_Cart_sub");
  CHECK_TOPO(comm, t, MPI_CART);
  int *co = malloc(sizeof *co * (size_t)(t->ndims + 1));
  topo_coords(t, comm_rank(comm_get(comm)), t->ndims, co);
  int color = 0, key = 0, nd = 0;
  int *dims = malloc(sizeof *dims * (size_t)(t->ndims + 1)), *per = malloc(sizeof *per * (size_t)(t->ndims + 1));
  for (int i = 0; i < t->ndims; i++)
    if (remain_dims[i]) {
      key = key * t->dims[i] + co[i];
      dims[nd] = t->dims[i];
      per[nd++] = t->periods[i];
    } else
      color = color * t->dims[i] + co[i];
  if (nd == 0) /* no dimension left: one zero-dimensional communicator, rank 0's (others get MPI_COMM_NULL), as MPICH */
    color = comm_rank(comm_get(comm)) == 0 ? 0 : MPI_UNDEFINED;
  int err = comm_split_kind(self, comm_get(comm), color, key, MADE_CART, newcomm);
  if (!err && *newcomm != MPI_COMM_NULL) {
    install(*newcomm, topo_cart_new(nd, dims, per));
    act_comm_topo(*newcomm);
  }
  free(co);
  free(dims);
  free(per);
  MPI_LEAVE(err);
}

int PMPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank)
{
  MPI_ENTER("MPI_Cart_map");
  CHECK_COMM(comm, c);
  (void)periods;
  long nodes = 1;
  for (int i = 0; i < ndims; i++)
    nodes *= dims[i];
  CHECK(nodes <= comm_size(c), comm, MPI_ERR_DIMS, "the grid is larger than the communicator");
  *newrank = comm_rank(c) < nodes ? comm_rank(c) : MPI_UNDEFINED;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[], int reorder,
                      MPI_Comm *comm_graph)
{
  MPI_ENTER("MPI_Graph_create");
  CHECK_COMM(comm_old, c);
  (void)reorder;
  CHECK(nnodes >= 0 && nnodes <= comm_size(c), comm_old, MPI_ERR_ARG, "invalid number of nodes %d", nnodes);
  int nedges = nnodes ? index[nnodes - 1] : 0;
  for (int i = 0; i < nedges; i++)
    CHECK(edges[i] >= 0 && edges[i] < nnodes, comm_old, MPI_ERR_ARG, "edge %d points to node %d", i, edges[i]);
  int err = first_ranks(self, c, nnodes, MADE_GRAPH, comm_graph);
  if (!err) {
    install(*comm_graph, topo_graph_new(nnodes, index, edges));
    act_comm_topo(*comm_graph);
  }
  MPI_LEAVE(err);
}

int PMPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges)
{
  MPI_ENTER("MPI_Graphdims_get");
  CHECK_TOPO(comm, t, MPI_GRAPH);
  *nnodes = t->nnodes;
  *nedges = t->nnodes ? t->index[t->nnodes - 1] : 0;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[])
{
  MPI_ENTER("MPI_Graph_get");
  CHECK_TOPO(comm, t, MPI_GRAPH);
  for (int i = 0; i < t->nnodes && i < maxindex; i++)
    index[i] = t->index[i];
  int ne = t->nnodes ? t->index[t->nnodes - 1] : 0;
  for (int i = 0; i < ne && i < maxedges; i++)
    edges[i] = t->edges[i];
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors)
{
  MPI_ENTER("MPI_Graph_neighbors_count");
  CHECK_TOPO(comm, t, MPI_GRAPH);
  CHECK(rank >= 0 && rank < t->nnodes, comm, MPI_ERR_RANK, "invalid rank %d", rank);
  *nneighbors = t->index[rank] - topo_graph_first(t, rank);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[])
{
  MPI_ENTER("MPI_Graph_neighbors");
  CHECK_TOPO(comm, t, MPI_GRAPH);
  CHECK(rank >= 0 && rank < t->nnodes, comm, MPI_ERR_RANK, "invalid rank %d", rank);
  for (int i = topo_graph_first(t, rank), k = 0; i < t->index[rank] && k < maxneighbors; i++)
    neighbors[k++] = t->edges[i];
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank)
{
  MPI_ENTER("MPI_Graph_map");
  CHECK_COMM(comm, c);
  (void)index;
  (void)edges;
  *newrank = comm_rank(c) < nnodes ? comm_rank(c) : MPI_UNDEFINED;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Topo_test(MPI_Comm comm, int *status)
{
  MPI_ENTER("MPI_Topo_test");
  CHECK_COMM(comm, c);
  *status = c->core->topo ? c->core->topo->kind : MPI_UNDEFINED;
  MPI_LEAVE(MPI_SUCCESS);
}

/* Distributed graphs --------------------------------------------------- */

/* Every member contributes edges (src, dst, weight); all learn all of them. */
static int dist_make(rt_rank_t *self, rt_comm_t *c, int nedges, const int *triples, int weighted, MPI_Comm *out)
{
  int n = comm_size(c);
  int *counts = malloc(sizeof(int) * (size_t)n);
  act_comm_agree(c, &nedges, 1, counts);
  int max = 0;
  for (int i = 0; i < n; i++)
    max = counts[i] > max ? counts[i] : max;
  int *mine = calloc((size_t)(3 * max + 1), sizeof(int)), *all = malloc(sizeof(int) * (size_t)(3 * max * n + 1));
  memcpy(mine, triples, sizeof(int) * 3 * (size_t)nedges);
  act_comm_agree(c, mine, 3 * max, all);
  int *w = malloc(sizeof(int) * (size_t)n);
  for (int i = 0; i < n; i++)
    w[i] = comm_world(c, i);
  rt_group_t g = {n, w};
  int err = comm_create_from(self, c, &g, MADE_DIST_GRAPH, 0, out);
  if (!err) {
    /* edges in the order the members gave them, member by member */
    topo_t *t = topo_dist_new(n);
    t->weighted = weighted;
    for (int r = 0; r < n; r++)
      for (int e = 0; e < counts[r]; e++) {
        int *x = &all[3 * (max * r + e)];
        topo_add_edge(t, x[0], x[1], x[2]);
      }
    install(*out, t);
    act_comm_topo(*out);
  }
  free(w);
  free(counts);
  free(mine);
  free(all);
  return err;
}

int PMPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[], const int sourceweights[],
                                    int outdegree, const int destinations[], const int destweights[], MPI_Info info,
                                    int reorder, MPI_Comm *comm_dist_graph)
{
  MPI_ENTER("MPI_Dist_graph_create_adjacent");
  CHECK_COMM(comm_old, c);
  (void)info;
  (void)reorder;
  CHECK(outdegree >= 0 && indegree >= 0, comm_old, MPI_ERR_ARG, "negative degree");
  int weighted = destweights != MPI_UNWEIGHTED;
  for (int i = 0; i < outdegree; i++)
    CHECK(destinations[i] >= 0 && destinations[i] < comm_size(c), comm_old, MPI_ERR_RANK, "invalid destination %d",
          destinations[i]);
  for (int i = 0; i < indegree; i++)
    CHECK(sources[i] >= 0 && sources[i] < comm_size(c), comm_old, MPI_ERR_RANK, "invalid source %d", sources[i]);
  /* each member states its own neighbours, in its own order */
  int *w = malloc(sizeof(int) * (size_t)comm_size(c));
  for (int i = 0; i < comm_size(c); i++)
    w[i] = comm_world(c, i);
  rt_group_t g = {comm_size(c), w};
  int err = comm_create_from(self, c, &g, MADE_DIST_GRAPH, 0, comm_dist_graph);
  free(w);
  if (!err) {
    topo_t *t = topo_dist_new(comm_size(c));
    t->weighted = weighted;
    install(*comm_dist_graph, t);
    t = topo_of(*comm_dist_graph, MPI_DIST_GRAPH);
    int me = comm_rank(c);
    int has_w = weighted && destweights != MPI_WEIGHTS_EMPTY;
    t->indeg[me] = indegree;
    t->outdeg[me] = outdegree;
    t->in[me] = topo_copy_ints(sources, indegree);
    t->out[me] = topo_copy_ints(destinations, outdegree);
    t->inw[me] = has_w && sourceweights != MPI_UNWEIGHTED ? topo_copy_ints(sourceweights, indegree) : calloc(1, sizeof(int));
    t->outw[me] = has_w ? topo_copy_ints(destweights, outdegree) : calloc(1, sizeof(int));
    act_comm_topo(*comm_dist_graph);
  }
  MPI_LEAVE(err);
}

int PMPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                           const int destinations[], const int weights[], MPI_Info info, int reorder,
                           MPI_Comm *comm_dist_graph)
{
  MPI_ENTER("MPI_Dist_graph_create");
  CHECK_COMM(comm_old, c);
  (void)info;
  (void)reorder;
  CHECK(n >= 0, comm_old, MPI_ERR_ARG, "negative number of sources");
  int total = 0;
  for (int i = 0; i < n; i++)
    total += degrees[i];
  int weighted = weights != MPI_UNWEIGHTED;
  int *tr = malloc(sizeof(int) * 3 * (size_t)(total + 1)), k = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < degrees[i]; j++, k++) {
      tr[3 * k] = sources[i];
      tr[3 * k + 1] = destinations[k];
      tr[3 * k + 2] = weighted && weights != MPI_WEIGHTS_EMPTY ? weights[k] : 1;
    }
  self->trace_quiet = 1; /* one line for the whole call, not its split */
  int err = dist_make(self, c, total, tr, weighted, comm_dist_graph);
  self->trace_quiet = 0;
  if (!err)
    act_comm_dist_graph(c, n, sources, degrees, destinations, *comm_dist_graph);
  free(tr);
  MPI_LEAVE(err);
}

int PMPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree, int *weighted)
{
  MPI_ENTER("MPI_Dist_graph_neighbors_count");
  CHECK_TOPO(comm, t, MPI_DIST_GRAPH);
  int me = comm_rank(comm_get(comm));
  *indegree = t->indeg[me];
  *outdegree = t->outdeg[me];
  *weighted = t->weighted;
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int sourceweights[], int maxoutdegree,
                              int destinations[], int destweights[])
{
  MPI_ENTER("MPI_Dist_graph_neighbors");
  CHECK_TOPO(comm, t, MPI_DIST_GRAPH);
  int me = comm_rank(comm_get(comm));
  for (int i = 0; i < t->indeg[me] && i < maxindegree; i++) {
    sources[i] = t->in[me][i];
    if (t->weighted && sourceweights != MPI_UNWEIGHTED)
      sourceweights[i] = t->inw[me][i];
  }
  for (int i = 0; i < t->outdeg[me] && i < maxoutdegree; i++) {
    destinations[i] = t->out[me][i];
    if (t->weighted && destweights != MPI_UNWEIGHTED)
      destweights[i] = t->outw[me][i];
  }
  MPI_LEAVE(MPI_SUCCESS);
}

/* A replay's comm_cart and comm_adjacent lines: the topology a recorded
 * constructor gave, put on the communicator its comm_split line rebuilt
 * (no communication: the split took the constructor's time). */
void simpi_trace_cart(MPI_Comm comm, int ndims, const int dims[], const int periods[])
{
  install(comm, topo_cart_new(ndims, dims, periods));
  act_comm_topo(comm); /* a replay records what it replays */
}

void simpi_trace_adjacent(MPI_Comm comm, int nin, const int in[], int nout, const int out[])
{
  rt_comm_t *c = comm_get(comm);
  install(comm, topo_dist_new(comm_size(c)));
  topo_t *t = topo_of(comm, MPI_DIST_GRAPH);
  int me = comm_rank(c);
  t->indeg[me] = nin;
  t->outdeg[me] = nout;
  t->in[me] = topo_copy_ints(in, nin);
  t->out[me] = topo_copy_ints(out, nout);
  t->inw[me] = calloc(1, sizeof(int));
  t->outw[me] = calloc(1, sizeof(int));
  act_comm_topo(comm);
}

PMPI_ALIAS(Dims_create)
PMPI_ALIAS(Cart_create)
PMPI_ALIAS(Cartdim_get)
PMPI_ALIAS(Cart_get)
PMPI_ALIAS(Cart_rank)
PMPI_ALIAS(Cart_coords)
PMPI_ALIAS(Cart_shift)
PMPI_ALIAS(Cart_sub)
PMPI_ALIAS(Cart_map)
PMPI_ALIAS(Graph_create)
PMPI_ALIAS(Graphdims_get)
PMPI_ALIAS(Graph_get)
PMPI_ALIAS(Graph_neighbors_count)
PMPI_ALIAS(Graph_neighbors)
PMPI_ALIAS(Graph_map)
PMPI_ALIAS(Topo_test)
PMPI_ALIAS(Dist_graph_create_adjacent)
PMPI_ALIAS(Dist_graph_create)
PMPI_ALIAS(Dist_graph_neighbors_count)
PMPI_ALIAS(Dist_graph_neighbors)

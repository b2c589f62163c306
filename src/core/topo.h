/* Process topologies attached to a communicator core: Cartesian grids,
 * graphs and distributed graphs. */
#ifndef SIMPI_TOPO_H
#define SIMPI_TOPO_H

typedef struct topo {
  int kind; /* MPI_CART, MPI_GRAPH, MPI_DIST_GRAPH */
  int refs; /* cores sharing it: a duplicate keeps its parent's topology */
  int ndims;
  int *dims, *periods;
  int nnodes;        /* graph */
  int *index, *edges;
  /* distributed graph: per member rank, in and out neighbours with weights */
  int **in, **out, **inw, **outw, *indeg, *outdeg, weighted;
} topo_t;

/* Constructors: a Cartesian grid (periods NULL: none periodic), and a
 * distributed graph of n members without edges, then its edges (weight w). */
topo_t *topo_cart_new(int ndims, const int dims[], const int periods[]);
topo_t *topo_dist_new(int n);
void topo_add_edge(topo_t *t, int src, int dst, int w);
topo_t *topo_graph_new(int nnodes, const int index[], const int edges[]);
/* One more core holds t (NULL stays NULL); topo_free lets go of one. */
topo_t *topo_share(topo_t *t);
void topo_free(topo_t *t);
/* Cartesian grids: the first maxdims coordinates of rank, and the rank at
 * coords (-1 when a coordinate falls off a non-periodic edge). */
void topo_coords(const topo_t *t, int rank, int maxdims, int coords[]);
int topo_rank(const topo_t *t, const int coords[]);
/* Graphs: where rank's edges begin in t->edges. */
int topo_graph_first(const topo_t *t, int rank);
/* A malloc'ed copy of n ints (never NULL, even for n = 0). */
int *topo_copy_ints(const int *a, int n);

struct rt_comm;
/* The calling rank's neighbours in the order of MPI 3.1 section 7.6, with
 * the tag each message carries so that blocks land in the right place even
 * when a neighbour appears twice. Returns 0 if c has no topology. The arrays
 * are malloc'ed: free them. */
int topo_neighbors(const struct rt_comm *c, int *nin, int **in, int **intag, int *nout, int **out, int **outtag);
#endif

/* Process topologies attached to a communicator core: Cartesian grids,
 * graphs and distributed graphs. */
#ifndef SIMPI_TOPO_H
#define SIMPI_TOPO_H

typedef struct topo {
  int kind; /* MPI_CART, MPI_GRAPH, MPI_DIST_GRAPH */
  int ndims;
  int *dims, *periods;
  int nnodes;        /* graph */
  int *index, *edges;
  /* distributed graph: per member rank, in and out neighbours with weights */
  int **in, **out, **inw, **outw, *indeg, *outdeg, weighted;
} topo_t;

void topo_free(topo_t *t);

struct rt_comm;
/* The calling rank's neighbours in the order of MPI 3.1 section 7.6, with
 * the tag each message carries so that blocks land in the right place even
 * when a neighbour appears twice. Returns 0 if c has no topology. The arrays
 * are malloc'ed: free them. */
int topo_neighbors(const struct rt_comm *c, int *nin, int **in, int **intag, int *nout, int **out, int **outtag);
#endif

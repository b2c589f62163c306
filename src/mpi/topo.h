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
#endif

/* what this tests: what a duplicate keeps: the Cartesian, graph or
 *   distributed-graph topology of its parent (and neighbourhood collectives
 *   on it), and what a failing attribute copy callback does to Comm_dup
 *   (an error of the callback's class, and MPI_COMM_NULL)
 * np: 4 6
 */
#include "coll_check.h"

static int copy_fails(MPI_Comm c, int k, void *extra, void *in, void *out, int *flag)
{
  (void)c, (void)k, (void)extra, (void)in, (void)out;
  *flag = 1;
  return MPI_ERR_OTHER;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int dims[2] = {0, 0}, periods[2] = {1, 0}, kind, ok;
  MPI_Dims_create(size, 2, dims);
  MPI_Comm cart, cdup;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
  MPI_Comm_dup(cart, &cdup);
  MPI_Topo_test(cdup, &kind);
  int d2[2], p2[2], c2[2], src, dst;
  MPI_Cart_get(cdup, 2, d2, p2, c2);
  MPI_Cart_shift(cdup, 0, 1, &src, &dst);
  ok = kind == MPI_CART && d2[0] == dims[0] && d2[1] == dims[1] && p2[0] == 1 && p2[1] == 0 &&
       c2[0] == rank / dims[1] && c2[1] == rank % dims[1] && dst == (rank + dims[1]) % size;
  report("Comm_dup of a Cartesian communicator keeps its grid", ok);
  int nb[4] = {-1, -1, -1, -1};
  MPI_Neighbor_allgather(&rank, 1, MPI_INT, nb, 1, MPI_INT, cdup);
  report("Neighbor_allgather on the duplicate", nb[0] == src && nb[1] == dst);
  MPI_Comm_free(&cdup);
  MPI_Comm_free(&cart);

  /* a ring as a graph: node i linked to i-1 and i+1 */
  int *index = malloc(sizeof(int) * (size_t)size), *edges = malloc(sizeof(int) * 2 * (size_t)size);
  for (int i = 0; i < size; i++) {
    index[i] = 2 * (i + 1);
    edges[2 * i] = (i + size - 1) % size;
    edges[2 * i + 1] = (i + 1) % size;
  }
  MPI_Comm graph, gdup;
  MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &graph);
  MPI_Comm_dup(graph, &gdup);
  int nn, ne, nbrs[2] = {-1, -1};
  MPI_Topo_test(gdup, &kind);
  MPI_Graphdims_get(gdup, &nn, &ne);
  MPI_Graph_neighbors(gdup, rank, 2, nbrs);
  report("Comm_dup of a graph communicator keeps its graph",
         kind == MPI_GRAPH && nn == size && ne == 2 * size && nbrs[0] == edges[2 * rank] &&
             nbrs[1] == edges[2 * rank + 1]);
  MPI_Comm_free(&gdup);
  MPI_Comm_free(&graph);

  /* a distributed graph: each rank receives from the next one and sends to the previous one */
  int from = (rank + 1) % size, to = (rank + size - 1) % size;
  MPI_Comm dist, ddup;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &from, MPI_UNWEIGHTED, 1, &to, MPI_UNWEIGHTED, MPI_INFO_NULL, 0,
                                 &dist);
  MPI_Request req;
  MPI_Comm_idup(dist, &ddup, &req);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  int indeg, outdeg, weighted, in = -1, out = -1, got = -1;
  MPI_Topo_test(ddup, &kind);
  MPI_Dist_graph_neighbors_count(ddup, &indeg, &outdeg, &weighted);
  MPI_Dist_graph_neighbors(ddup, 1, &in, MPI_UNWEIGHTED, 1, &out, MPI_UNWEIGHTED);
  MPI_Neighbor_alltoall(&rank, 1, MPI_INT, &got, 1, MPI_INT, ddup);
  report("Comm_idup of a distributed graph keeps its edges",
         kind == MPI_DIST_GRAPH && indeg == 1 && outdeg == 1 && in == from && out == to && got == from);
  MPI_Comm_free(&ddup);
  MPI_Comm_free(&dist);
  free(index);
  free(edges);

  /* a copy callback that fails: Comm_dup returns its error and MPI_COMM_NULL */
  MPI_Comm w;
  int key, err, cls = -1;
  MPI_Comm_dup(MPI_COMM_WORLD, &w);
  MPI_Comm_set_errhandler(w, MPI_ERRORS_RETURN);
  MPI_Comm_create_keyval(copy_fails, MPI_COMM_NULL_DELETE_FN, &key, NULL);
  MPI_Comm_set_attr(w, key, &rank);
  MPI_Comm d = MPI_COMM_WORLD;
  err = MPI_Comm_dup(w, &d);
  MPI_Error_class(err, &cls);
  report("a failing copy callback: Comm_dup fails with its class", err != MPI_SUCCESS && cls == MPI_ERR_OTHER);
  report("a failing copy callback: Comm_dup gives MPI_COMM_NULL", d == MPI_COMM_NULL);
  MPI_Comm_free_keyval(&key);
  MPI_Comm_free(&w);
  MPI_Finalize();
  return 0;
}

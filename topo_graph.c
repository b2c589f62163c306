/* what this tests: Graph_create (a ring with a chord), graph queries,
 *   Dist_graph_create_adjacent and Dist_graph_create with weights
 * np: 4
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int index[4] = {3, 5, 7, 10}, edges[10] = {1, 3, 2, 0, 2, 1, 3, 0, 2, 0};
  MPI_Comm g;
  MPI_Graph_create(MPI_COMM_WORLD, 4, index, edges, 0, &g);
  int nn, ne, cnt, nb[4], st;
  MPI_Graphdims_get(g, &nn, &ne);
  MPI_Graph_neighbors_count(g, rank, &cnt);
  MPI_Graph_neighbors(g, rank, 4, nb);
  MPI_Topo_test(g, &st);
  printf("rank %d: graph %d nodes %d edges, %d neighbours:%s%d%s%d%s%d topo %d\n", rank, nn, ne, cnt, " ", nb[0],
         cnt > 1 ? " " : "", cnt > 1 ? nb[1] : -1, cnt > 2 ? " " : "", cnt > 2 ? nb[2] : -1, st == MPI_GRAPH);
  int right = (rank + 1) % 4, left = (rank + 3) % 4;
  MPI_Comm dg;
  int w = 10 + rank;
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &left, (int[]){10 + left}, 1, &right, &w, MPI_INFO_NULL, 0,
                                 &dg);
  int in, out, wt, src, sw, dst, dw;
  MPI_Dist_graph_neighbors_count(dg, &in, &out, &wt);
  MPI_Dist_graph_neighbors(dg, 1, &src, &sw, 1, &dst, &dw);
  MPI_Comm dg2;
  /* rank 0 declares every edge i -> i+2 */
  int srcs[4] = {0, 1, 2, 3}, degs[4] = {1, 1, 1, 1}, dsts[4] = {2, 3, 0, 1};
  MPI_Dist_graph_create(MPI_COMM_WORLD, rank == 0 ? 4 : 0, srcs, degs, dsts, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &dg2);
  int in2, out2, wt2, s2, d2;
  MPI_Dist_graph_neighbors_count(dg2, &in2, &out2, &wt2);
  MPI_Dist_graph_neighbors(dg2, 1, &s2, MPI_UNWEIGHTED, 1, &d2, MPI_UNWEIGHTED);
  MPI_Topo_test(dg2, &st);
  printf("rank %d: dist in %d out %d weighted %d from %d (w %d) to %d (w %d) | dist2 in %d out %d weighted %d from %d to %d topo %d\n",
         rank, in, out, wt, src, sw, dst, dw, in2, out2, wt2, s2, d2, st == MPI_DIST_GRAPH);
  MPI_Comm_free(&g);
  MPI_Comm_free(&dg);
  MPI_Comm_free(&dg2);
  MPI_Finalize();
  return 0;
}

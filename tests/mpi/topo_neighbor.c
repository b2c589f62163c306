/* what this tests: neighbourhood collectives on a 2x3 torus (the size-2
 *   dimension makes the same neighbour appear twice), a non-periodic line
 *   (PROC_NULL neighbours) and a distributed graph: allgather(v), alltoall(v, w)
 * np: 6
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm torus, line, dg;
  MPI_Cart_create(MPI_COMM_WORLD, 2, (int[]){2, 3}, (int[]){1, 1}, 0, &torus);
  MPI_Cart_create(MPI_COMM_WORLD, 1, (int[]){6}, (int[]){0}, 0, &line);
  int ag[4], a2a_s[4], a2a_r[4];
  MPI_Neighbor_allgather(&rank, 1, MPI_INT, ag, 1, MPI_INT, torus);
  for (int i = 0; i < 4; i++)
    a2a_s[i] = 10 * rank + i;
  MPI_Neighbor_alltoall(a2a_s, 1, MPI_INT, a2a_r, 1, MPI_INT, torus);
  printf("rank %d: torus allgather %d %d %d %d alltoall %d %d %d %d\n", rank, ag[0], ag[1], ag[2], ag[3], a2a_r[0],
         a2a_r[1], a2a_r[2], a2a_r[3]);
  int lg[2] = {-1, -1};
  MPI_Neighbor_allgather(&rank, 1, MPI_INT, lg, 1, MPI_INT, line);
  int vs[3] = {rank, rank, rank}, vr[4] = {-1, -1, -1, -1};
  MPI_Neighbor_allgatherv(vs, 2, MPI_INT, vr, (int[]){2, 2}, (int[]){0, 2}, MPI_INT, line);
  int ws[2] = {100 + rank, 200 + rank}, wr[2] = {-1, -1};
  MPI_Neighbor_alltoallv(ws, (int[]){1, 1}, (int[]){0, 1}, MPI_INT, wr, (int[]){1, 1}, (int[]){1, 0}, MPI_INT, line);
  printf("rank %d: line allgather %d %d allgatherv %d %d %d %d alltoallv %d %d\n", rank, lg[0], lg[1], vr[0], vr[1],
         vr[2], vr[3], wr[0], wr[1]);
  /* distributed graph: i -> i+1 and i -> i+3 */
  int dst[2] = {(rank + 1) % 6, (rank + 3) % 6}, src[2] = {(rank + 5) % 6, (rank + 3) % 6};
  MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, src, MPI_UNWEIGHTED, 2, dst, MPI_UNWEIGHTED, MPI_INFO_NULL, 0,
                                 &dg);
  double ds[2] = {rank + 0.5, rank + 0.25};
  double dr[2] = {-1, -1};
  int sc[2] = {1, 1}, rc[2] = {1, 1};
  MPI_Aint sd[2] = {0, sizeof(double)}, rd[2] = {0, sizeof(double)};
  MPI_Datatype ty[2] = {MPI_DOUBLE, MPI_DOUBLE};
  MPI_Neighbor_alltoallw(ds, sc, sd, ty, dr, rc, rd, ty, dg);
  printf("rank %d: graph alltoallw %.2f %.2f\n", rank, dr[0], dr[1]);
  MPI_Comm_free(&torus);
  MPI_Comm_free(&line);
  MPI_Comm_free(&dg);
  MPI_Finalize();
  return 0;
}

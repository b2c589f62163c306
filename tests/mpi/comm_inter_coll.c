/* what this tests: collectives on an intercommunicator between the ranks
 *   below and above the middle (groups of different sizes): Barrier, Bcast,
 *   Gather, Scatter, Allgather, Alltoall, Reduce, Allreduce, with MPI_ROOT and
 *   MPI_PROC_NULL roots
 * np: 7
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int low = rank < 3; /* groups of 3 and 4 */
  MPI_Comm half, inter;
  MPI_Comm_split(MPI_COMM_WORLD, low, rank, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, low ? 3 : 0, 9, &inter);
  int lr, rsize;
  MPI_Comm_rank(inter, &lr);
  MPI_Comm_remote_size(inter, &rsize);
  MPI_Barrier(inter);
  /* the low group's rank 1 broadcasts to the high group */
  int b = -1;
  if (low)
    b = lr == 1 ? 100 : -1;
  MPI_Bcast(&b, 1, MPI_INT, low ? (lr == 1 ? MPI_ROOT : MPI_PROC_NULL) : 1, inter);
  /* the high group's rank 0 gathers one int from every low rank, then scatters back */
  int g[8] = {0}, mine = 10 * rank, sc = -1;
  MPI_Gather(&mine, 1, MPI_INT, g, 1, MPI_INT, low ? 0 : (lr == 0 ? MPI_ROOT : MPI_PROC_NULL), inter);
  int s[8] = {7, 8, 9, 10};
  MPI_Scatter(s, 1, MPI_INT, &sc, 1, MPI_INT, low ? 0 : (lr == 0 ? MPI_ROOT : MPI_PROC_NULL), inter);
  int ag[8] = {0};
  MPI_Allgather(&mine, 1, MPI_INT, ag, 1, MPI_INT, inter);
  int a2s[8], a2r[8] = {0};
  for (int i = 0; i < 8; i++)
    a2s[i] = 100 * rank + i;
  MPI_Alltoall(a2s, 1, MPI_INT, a2r, 1, MPI_INT, inter);
  int red = -1, all = -1;
  MPI_Reduce(&mine, &red, 1, MPI_INT, MPI_SUM, low ? (lr == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0, inter);
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_SUM, inter);
  char line[256];
  int n = snprintf(line, sizeof line, "rank %d: bcast %d scatter %d allgather", rank, b, sc);
  for (int i = 0; i < rsize; i++)
    n += snprintf(line + n, sizeof line - (size_t)n, " %d", ag[i]);
  n += snprintf(line + n, sizeof line - (size_t)n, " alltoall");
  for (int i = 0; i < rsize; i++)
    n += snprintf(line + n, sizeof line - (size_t)n, " %d", a2r[i]);
  n += snprintf(line + n, sizeof line - (size_t)n, " reduce %d allreduce %d", red, all);
  if (!low && lr == 0)
    n += snprintf(line + n, sizeof line - (size_t)n, " gathered %d %d %d", g[0], g[1], g[2]);
  /* rank 0 prints every line: MPICH's launcher may split lines that ranks print together */
  int wsize;
  MPI_Comm_size(MPI_COMM_WORLD, &wsize);
  char *all_lines = rank == 0 ? malloc(sizeof line * (size_t)wsize) : NULL;
  MPI_Gather(line, sizeof line, MPI_CHAR, all_lines, sizeof line, MPI_CHAR, 0, MPI_COMM_WORLD);
  for (int i = 0; rank == 0 && i < wsize; i++)
    printf("%s\n", all_lines + i * sizeof line);
  free(all_lines);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}

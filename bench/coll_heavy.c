/* A collective-heavy program for the replay benchmarks: ITERS rounds of
 * Allreduce, Bcast, Alltoall, Allgather, Reduce, Gather and Barrier of COUNT
 * doubles (per rank, or per pair for Alltoall), each round after a fixed
 * computation (smpi_execute_flops, so that simulated times do not depend on
 * the machine). Usage: coll_heavy [ITERS [COUNT]] (default 100, 1024) */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int iters = argc > 1 ? atoi(argv[1]) : 100, count = argc > 2 ? atoi(argv[2]) : 1024, rank, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  double *a = calloc((size_t)count * n, sizeof *a), *b = calloc((size_t)count * n, sizeof *b);
  double t0 = MPI_Wtime();
  for (int i = 0; i < iters; i++) {
    smpi_execute_flops(1e6);
    MPI_Allreduce(a, b, count, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Bcast(a, count, MPI_DOUBLE, i % n, MPI_COMM_WORLD);
    MPI_Alltoall(a, count, MPI_DOUBLE, b, count, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Allgather(a, count, MPI_DOUBLE, b, count, MPI_DOUBLE, MPI_COMM_WORLD);
    MPI_Reduce(a, b, count, MPI_DOUBLE, MPI_SUM, (i + 1) % n, MPI_COMM_WORLD);
    MPI_Gather(a, count, MPI_DOUBLE, b, count, MPI_DOUBLE, (i + 2) % n, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  if (rank == 0)
    printf("coll_heavy: %d ranks, %d rounds of %d doubles: %.6f s simulated\n", n, iters, count, MPI_Wtime() - t0);
  free(a);
  free(b);
  MPI_Finalize();
  return 0;
}

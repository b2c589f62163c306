/* Simulated time of collectives, for comparing simrun with smpirun (tests/unit/coll_timing.sh,
 * bench/coll_smpi.sh). usage: coll_time SIZES COLL... where SIZES is a comma-separated list of
 * bytes per rank (per pair for alltoall, per block for gather, scatter, allgather). For each
 * collective in order and each size: a barrier, then the collective; rank 0 prints
 * "COLL BYTES MICROSECONDS", the longest time a rank spent from the barrier's end to the
 * collective's end (barrier: the first size only). Buffers come from SMPI_SHARED_MALLOC (on two
 * lines: simpi gives every caller of one line the same block), so 64 ranks x 64 x 4 MiB fit. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  long sizes[32], max = 8;
  int nsizes = 0, rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  /* argv is one array for all ranks here: read it, do not cut it */
  for (const char *p = argc > 1 ? argv[1] : ""; *p && nsizes < 32; p += *p == ',') {
    char *end;
    sizes[nsizes] = strtol(p, &end, 10);
    if (end == p)
      break;
    if (sizes[nsizes] > max)
      max = sizes[nsizes];
    nsizes++;
    p = end;
  }
  double *a = SMPI_SHARED_MALLOC((size_t)max * size);
  double *b = SMPI_SHARED_MALLOC((size_t)max * size);
  for (int c = 2; c < argc; c++)
    for (int s = 0; s < nsizes; s++) {
      const char *coll = argv[c];
      int n = (int)(sizes[s] / 8);
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = MPI_Wtime();
      if (!strcmp(coll, "bcast")) MPI_Bcast(a, n, MPI_DOUBLE, 1, MPI_COMM_WORLD);
      else if (!strcmp(coll, "allreduce")) MPI_Allreduce(a, b, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      else if (!strcmp(coll, "reduce")) MPI_Reduce(a, b, n, MPI_DOUBLE, MPI_SUM, 1, MPI_COMM_WORLD);
      else if (!strcmp(coll, "alltoall")) MPI_Alltoall(a, n, MPI_DOUBLE, b, n, MPI_DOUBLE, MPI_COMM_WORLD);
      else if (!strcmp(coll, "allgather")) MPI_Allgather(a, n, MPI_DOUBLE, b, n, MPI_DOUBLE, MPI_COMM_WORLD);
      else if (!strcmp(coll, "gather")) MPI_Gather(a, n, MPI_DOUBLE, b, n, MPI_DOUBLE, 1, MPI_COMM_WORLD);
      else if (!strcmp(coll, "scatter")) MPI_Scatter(a, n, MPI_DOUBLE, b, n, MPI_DOUBLE, 1, MPI_COMM_WORLD);
      else if (!strcmp(coll, "barrier")) MPI_Barrier(MPI_COMM_WORLD);
      double t = MPI_Wtime() - t0, m;
      MPI_Reduce(&t, &m, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
      if (rank == 0)
        printf("%s %ld %.9f\n", coll, sizes[s], m * 1e6);
      if (!strcmp(coll, "barrier"))
        break;
    }
  SMPI_SHARED_FREE(a);
  SMPI_SHARED_FREE(b);
  MPI_Finalize();
  return 0;
}

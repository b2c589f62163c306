/* Simulated time of collectives, for comparing simrun with smpirun (tests/unit/coll_timing.sh,
 * bench/coll_smpi.sh). usage: coll_time SIZES COLL... where SIZES is a comma-separated list of
 * bytes per rank (per pair for alltoall(v,w), per block for gather(v), scatter(v), allgather(v), and
 * per rank's result block for reduce_scatter and reduce_scatter_block; every v-form has equal
 * counts; the vector for bcast, reduce, allreduce, scan, exscan). For each
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
  int *counts = malloc(sizeof(int) * (size_t)size), *displs = malloc(sizeof(int) * (size_t)size);
  int *bdispls = malloc(sizeof(int) * (size_t)size);
  MPI_Datatype *types = malloc(sizeof(MPI_Datatype) * (size_t)size);
  for (int c = 2; c < argc; c++)
    for (int s = 0; s < nsizes; s++) {
      const char *coll = argv[c];
      int n = (int)(sizes[s] / 8);
      for (int i = 0; i < size; i++) {
        counts[i] = n;
        displs[i] = i * n;
        bdispls[i] = i * n * 8;
        types[i] = MPI_DOUBLE;
      }
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
      else if (!strcmp(coll, "allgatherv")) MPI_Allgatherv(a, n, MPI_DOUBLE, b, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
      else if (!strcmp(coll, "alltoallv")) MPI_Alltoallv(a, counts, displs, MPI_DOUBLE, b, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
      else if (!strcmp(coll, "alltoallw")) MPI_Alltoallw(a, counts, bdispls, types, b, counts, bdispls, types, MPI_COMM_WORLD);
      else if (!strcmp(coll, "gatherv")) MPI_Gatherv(a, n, MPI_DOUBLE, b, counts, displs, MPI_DOUBLE, 1, MPI_COMM_WORLD);
      else if (!strcmp(coll, "scatterv")) MPI_Scatterv(a, counts, displs, MPI_DOUBLE, b, n, MPI_DOUBLE, 1, MPI_COMM_WORLD);
      else if (!strcmp(coll, "reduce_scatter")) MPI_Reduce_scatter(a, b, counts, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      else if (!strcmp(coll, "reduce_scatter_block")) MPI_Reduce_scatter_block(a, b, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      else if (!strcmp(coll, "scan")) MPI_Scan(a, b, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      else if (!strcmp(coll, "exscan")) MPI_Exscan(a, b, n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
      else {
        if (rank == 0)
          fprintf(stderr, "coll_time: unknown collective %s\n", coll);
        MPI_Abort(MPI_COMM_WORLD, 2);
      }
      double t = MPI_Wtime() - t0, m;
      MPI_Reduce(&t, &m, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
      if (rank == 0)
        printf("%s %ld %.9f\n", coll, sizes[s], m * 1e6);
      if (!strcmp(coll, "barrier"))
        break;
    }
  free(counts);
  free(displs);
  free(bdispls);
  free(types);
  SMPI_SHARED_FREE(a);
  SMPI_SHARED_FREE(b);
  MPI_Finalize();
  return 0;
}

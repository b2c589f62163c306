/* Simulated times of collectives of N one-byte elements per block (argv[1]; an MPI_Count, above
 * INT_MAX at the large size) on 2 ranks: Gather_c, Scatter_c, Allgather_c, Alltoall_c, their v-
 * forms and Alltoallw_c (counts {N, N}, displacements {0, N}), Neighbor_allgather_c and
 * Neighbor_alltoall_c on a periodic ring of 2 (simpi only) and, unless
 * argv[2] is "noreduce", Allreduce_c (in place, MPI_BOR on MPI_BYTE). Buffers come from
 * SMPI_SHARED_MALLOC (their contents mean nothing: only times matter here), so the large size
 * costs little memory. Each collective follows a barrier; rank 0 prints "NAME N seconds", the
 * slower rank's time. For unit/large_coll_time.sh; built with simcc and with smpicc (int counts). */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SIMPI
#define COUNT MPI_Count
#define DISP MPI_Aint
#define C(name) name##_c
#else /* smpicc: SMPI 3.32 has no large-count calls; it runs only the int sizes */
#define COUNT int
#define DISP int
#define C(name) name
#endif

static void report(const char *name, long long n, double t0)
{
  double t = MPI_Wtime() - t0, slowest;
  MPI_Reduce(&t, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    printf("%s %lld %.9f\n", name, n, slowest);
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  long long n = atoll(argv[1]);
  int reduce = argc < 3 || strcmp(argv[2], "noreduce");
  COUNT c = (COUNT)n;
  char *one = SMPI_SHARED_MALLOC((size_t)n), *two = SMPI_SHARED_MALLOC(2 * (size_t)n),
       *three = SMPI_SHARED_MALLOC(2 * (size_t)n);
  double t0;
#define TIMED(name, call)                                                                                              \
  MPI_Barrier(MPI_COMM_WORLD);                                                                                         \
  t0 = MPI_Wtime();                                                                                                    \
  call;                                                                                                                \
  report(name, n, t0)
  TIMED("gather", C(MPI_Gather)(one, c, MPI_BYTE, two, c, MPI_BYTE, 0, MPI_COMM_WORLD));
  TIMED("scatter", C(MPI_Scatter)(two, c, MPI_BYTE, one, c, MPI_BYTE, 0, MPI_COMM_WORLD));
  TIMED("allgather", C(MPI_Allgather)(one, c, MPI_BYTE, two, c, MPI_BYTE, MPI_COMM_WORLD));
  TIMED("alltoall", C(MPI_Alltoall)(two, c, MPI_BYTE, three, c, MPI_BYTE, MPI_COMM_WORLD));
  COUNT cs[2] = {c, c};
  DISP ds[2] = {0, (DISP)n};
  MPI_Datatype ts[2] = {MPI_BYTE, MPI_BYTE};
  TIMED("gatherv", C(MPI_Gatherv)(one, c, MPI_BYTE, two, cs, ds, MPI_BYTE, 0, MPI_COMM_WORLD));
  TIMED("scatterv", C(MPI_Scatterv)(two, cs, ds, MPI_BYTE, one, c, MPI_BYTE, 0, MPI_COMM_WORLD));
  TIMED("allgatherv", C(MPI_Allgatherv)(one, c, MPI_BYTE, two, cs, ds, MPI_BYTE, MPI_COMM_WORLD));
  TIMED("alltoallv", C(MPI_Alltoallv)(two, cs, ds, MPI_BYTE, three, cs, ds, MPI_BYTE, MPI_COMM_WORLD));
  TIMED("alltoallw", C(MPI_Alltoallw)(two, cs, ds, ts, three, cs, ds, ts, MPI_COMM_WORLD));
#ifdef SIMPI /* SMPI 3.32 has no neighbourhood collectives */
  MPI_Comm ring;
  int dims[1] = {2}, periods[1] = {1};
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
  TIMED("neighbor_allgather", MPI_Neighbor_allgather_c(one, c, MPI_BYTE, two, c, MPI_BYTE, ring));
  TIMED("neighbor_alltoall", MPI_Neighbor_alltoall_c(two, c, MPI_BYTE, three, c, MPI_BYTE, ring));
  MPI_Comm_free(&ring);
#endif
  if (reduce) {
    TIMED("allreduce", C(MPI_Allreduce)(MPI_IN_PLACE, one, c, MPI_BYTE, MPI_BOR, MPI_COMM_WORLD));
  }
  SMPI_SHARED_FREE(one);
  SMPI_SHARED_FREE(two);
  SMPI_SHARED_FREE(three);
  MPI_Finalize();
  return 0;
}

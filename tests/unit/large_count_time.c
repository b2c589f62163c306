/* One-way time of one message of N bytes (argv[1]) sent as one element of a contiguous type
 * of N / 16 16-byte blocks (an int count: smpirun's counts and sizes are int), after a barrier;
 * rank 1 prints "N seconds". For unit/large_count_time.sh. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
  int rank;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  long long n = atoll(argv[1]);
  MPI_Datatype b16, t;
  MPI_Type_contiguous(2, MPI_DOUBLE, &b16);
  MPI_Type_contiguous((int)(n / 16), b16, &t);
  MPI_Type_commit(&t);
  char *buf = malloc((size_t)n);
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  if (rank == 0)
    MPI_Send(buf, 1, t, 1, 0, MPI_COMM_WORLD);
  else
    MPI_Recv(buf, 1, t, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  double t1 = MPI_Wtime();
  if (rank == 1)
    printf("%lld %.9f\n", n, t1 - t0);
  free(buf);
  MPI_Finalize();
  return 0;
}

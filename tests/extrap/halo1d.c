/* A 1D halo exchange on MPI_COMM_WORLD without a topology (simextrap finds
 * the ring from the peers), for simextrap's tests: blocking MPI_Send and
 * MPI_Recv ordered by parity (even ranks send first), so that interior
 * ranks behave in two ways; periodic or not. Strong scaling: SIZE points
 * split among the ranks (smpi_execute_flops, 10 flops per point), a fixed
 * halo of 1000 doubles, MPI_Bcast from rank 0 and MPI_Reduce to the last
 * rank each iteration, MPI_Wtime (sleep lines), and an MPI_Gather at the end.
 * Usage: halo1d PERIODIC SIZE ITERS */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int r, n, periodic = argc > 1 ? atoi(argv[1]) : 1;
  long size = argc > 2 ? atol(argv[2]) : 1 << 20;
  int iters = argc > 3 ? atoi(argv[3]) : 10;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  int left = r > 0 ? r - 1 : periodic ? n - 1 : MPI_PROC_NULL;
  int right = r < n - 1 ? r + 1 : periodic ? 0 : MPI_PROC_NULL;
  long mine = size / n;
  double *halo = calloc(4000, sizeof(double)), *block = calloc((size_t)mine * (size_t)(n + 1) + 1, sizeof(double));
  double t0 = MPI_Wtime(), param = 0, res = 0;
  for (int it = 0; it < iters; it++) {
    MPI_Bcast(&param, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    for (int phase = 0; phase < 2; phase++)
      if ((r % 2 == 0) == (phase == 0)) {
        MPI_Send(halo, 1000, MPI_DOUBLE, right, 0, MPI_COMM_WORLD);
        MPI_Send(halo + 1000, 1000, MPI_DOUBLE, left, 1, MPI_COMM_WORLD);
      } else {
        MPI_Recv(halo + 2000, 1000, MPI_DOUBLE, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(halo + 3000, 1000, MPI_DOUBLE, right, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      }
    smpi_execute_flops(10.0 * (double)mine);
    MPI_Reduce(&param, &res, 1, MPI_DOUBLE, MPI_MAX, n - 1, MPI_COMM_WORLD);
  }
  double t = MPI_Wtime() - t0;
  MPI_Gather(block, (int)mine, MPI_DOUBLE, block + mine, (int)mine, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (r == 0)
    printf("halo1d: %d iterations on %d ranks%s\n", iters, n, t > 0 ? "" : " (no time?)");
  free(halo);
  free(block);
  MPI_Finalize();
  return 0;
}

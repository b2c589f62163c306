/* A halo exchange on a 1D, 2D or 3D Cartesian grid of ranks, for simextrap's
 * tests: MPI_Dims_create and MPI_Cart_create (periodic or not), then each
 * iteration receives and sends one face per neighbour (MPI_Cart_shift,
 * Irecv/Isend/Waitall; a rank on a non-periodic edge has fewer), computes
 * (smpi_execute_flops: 10 flops per point, so that times are exact) and
 * takes a global norm with MPI_Allreduce.
 * Usage: stencil NDIMS PERIODIC strong|weak SIZE ITERS [LAST]
 *   strong: a SIZE^NDIMS grid of points split among the ranks (the first
 *   ranks along a dimension get one more when SIZE does not divide);
 *   weak: SIZE^NDIMS points per rank; LAST: the last dimension of the grid
 *   of ranks, fixed (MPI_Dims_create chooses the others). */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  if (argc < 6) {
    fprintf(stderr, "usage: stencil NDIMS PERIODIC strong|weak SIZE ITERS [LAST]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int nd = atoi(argv[1]), periodic = atoi(argv[2]), strong = !strcmp(argv[3], "strong");
  int size = atoi(argv[4]), iters = atoi(argv[5]), n;
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  int dims[3] = {0, 0, 0}, periods[3] = {periodic, periodic, periodic}, coords[3], local[3] = {1, 1, 1};
  if (argc > 6)
    dims[nd - 1] = atoi(argv[6]);
  MPI_Dims_create(n, nd, dims);
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, nd, dims, periods, 0, &cart);
  int rank;
  MPI_Comm_rank(cart, &rank);
  MPI_Cart_coords(cart, rank, nd, coords);
  long points = 1;
  for (int d = 0; d < nd; d++) {
    local[d] = strong ? size / dims[d] + (coords[d] < size % dims[d]) : size;
    points *= local[d];
  }
  double *buf = calloc((size_t)points * 4 + 16, sizeof(double));
  MPI_Request req[12];
  for (int it = 0; it < iters; it++) {
    int k = 0;
    for (int d = 0; d < nd; d++) {
      int lo, hi;
      MPI_Cart_shift(cart, d, 1, &lo, &hi);
      int face = (int)(points / local[d]);
      MPI_Irecv(buf, face, MPI_DOUBLE, lo, d, cart, &req[k++]);
      MPI_Irecv(buf + points, face, MPI_DOUBLE, hi, d + 3, cart, &req[k++]);
      MPI_Isend(buf + 2 * points, face, MPI_DOUBLE, hi, d, cart, &req[k++]);
      MPI_Isend(buf + 3 * points, face, MPI_DOUBLE, lo, d + 3, cart, &req[k++]);
    }
    MPI_Waitall(k, req, MPI_STATUSES_IGNORE);
    smpi_execute_flops(10.0 * (double)points);
    double norm = 1, all;
    MPI_Allreduce(&norm, &all, 1, MPI_DOUBLE, MPI_SUM, cart);
  }
  if (rank == 0)
    printf("stencil: %dD, %d iterations on %d ranks\n", nd, iters, n);
  MPI_Comm_free(&cart);
  free(buf);
  MPI_Finalize();
  return 0;
}

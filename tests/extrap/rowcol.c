/* Row and column communicators on a 2D grid of ranks, as dense linear
 * algebra uses them, for simextrap's tests. With "split", MPI_Comm_split by
 * row and by column of an MPI_Dims_create grid and no topology (simextrap
 * finds the grid from the peers and the splits); with "cartsub", a
 * Cartesian communicator and MPI_Cart_sub. Each iteration broadcasts a
 * block along each row (root: the first rank) and each column (root: the
 * last), shifts a block round the row (MPI_Sendrecv on the row
 * communicator, periodic), computes (smpi_execute_flops) and sums along
 * columns (MPI_Allreduce); at the end the rows gather their blocks.
 * Strong scaling: a SIZE x SIZE matrix in blocks.
 * Usage: rowcol split|cartsub SIZE ITERS */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int cartsub = argc > 1 && !strcmp(argv[1], "cartsub");
  int size = argc > 2 ? atoi(argv[2]) : 240, iters = argc > 3 ? atoi(argv[3]) : 4;
  int r, n, dims[2] = {0, 0};
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  MPI_Dims_create(n, 2, dims);
  MPI_Comm row, col, cart = MPI_COMM_NULL;
  if (cartsub) {
    int periods[2] = {0, 1}, keep_row[2] = {0, 1}, keep_col[2] = {1, 0};
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Cart_sub(cart, keep_row, &row);
    MPI_Cart_sub(cart, keep_col, &col);
  } else {
    MPI_Comm_split(MPI_COMM_WORLD, r / dims[1], r % dims[1], &row);
    MPI_Comm_split(MPI_COMM_WORLD, r % dims[1], r / dims[1], &col);
  }
  int rr, rn, cr, cn;
  MPI_Comm_rank(row, &rr);
  MPI_Comm_size(row, &rn);
  MPI_Comm_rank(col, &cr);
  MPI_Comm_size(col, &cn);
  int block = (size / dims[0]) * (size / dims[1]);
  double *a = calloc((size_t)block * 4 + (size_t)block * (size_t)rn, sizeof(double)), v = 1, s;
  for (int it = 0; it < iters; it++) {
    MPI_Bcast(a, block, MPI_DOUBLE, 0, row);
    MPI_Bcast(a + block, block, MPI_DOUBLE, cn - 1, col);
    MPI_Sendrecv(a, block, MPI_DOUBLE, (rr + 1) % rn, 7, a + 2 * block, block, MPI_DOUBLE, (rr + rn - 1) % rn, 7, row,
                 MPI_STATUS_IGNORE);
    smpi_execute_flops(2.0 * block * size);
    MPI_Allreduce(&v, &s, 1, MPI_DOUBLE, MPI_SUM, col);
  }
  MPI_Gather(a, block, MPI_DOUBLE, a + 4 * (size_t)block, block, MPI_DOUBLE, 0, row);
  if (r == 0)
    printf("rowcol: %d x %d blocks, %d iterations\n", dims[0], dims[1], iters);
  MPI_Comm_free(&row);
  MPI_Comm_free(&col);
  if (cart != MPI_COMM_NULL)
    MPI_Comm_free(&cart);
  MPI_Finalize();
  return 0;
}

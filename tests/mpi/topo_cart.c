/* what this tests: Dims_create, a periodic 2D Cartesian grid with a halo
 *   exchange through Cart_shift and Sendrecv, Cart_coords/rank/get,
 *   Cart_sub rows and columns, Cart_sub keeping no dimension (rank 0 alone gets a communicator,
 *   congruent to MPI_COMM_SELF, as MPICH), Topo_test, extra ranks left out
 * np: 13
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int d2[2] = {0, 0}, d3[3] = {0, 0, 0}, d3f[3] = {0, 3, 0};
  MPI_Dims_create(12, 2, d2);
  MPI_Dims_create(16, 3, d3);
  MPI_Dims_create(12, 3, d3f);
  if (rank == 0)
    printf("dims %d %d | %d %d %d | %d %d %d\n", d2[0], d2[1], d3[0], d3[1], d3[2], d3f[0], d3f[1], d3f[2]);
  int periods[2] = {1, 0};
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 2, d2, periods, 0, &cart);
  if (cart == MPI_COMM_NULL) {
    printf("rank %d: not in the grid\n", rank);
    MPI_Finalize();
    return 0;
  }
  int cr, co[2], up, down, left, right, status;
  MPI_Comm_rank(cart, &cr);
  MPI_Cart_coords(cart, cr, 2, co);
  MPI_Cart_shift(cart, 0, 1, &up, &down);
  MPI_Cart_shift(cart, 1, 1, &left, &right);
  MPI_Topo_test(cart, &status);
  int fromup = -1, fromleft = -1;
  MPI_Sendrecv(&cr, 1, MPI_INT, down, 0, &fromup, 1, MPI_INT, up, 0, cart, MPI_STATUS_IGNORE);
  MPI_Sendrecv(&cr, 1, MPI_INT, right, 1, &fromleft, 1, MPI_INT, left, 1, cart, MPI_STATUS_IGNORE);
  int back, gd[2], gp[2], gc[2], nd;
  MPI_Cart_rank(cart, co, &back);
  MPI_Cart_get(cart, 2, gd, gp, gc);
  MPI_Cartdim_get(cart, &nd);
  MPI_Comm row, col;
  MPI_Cart_sub(cart, (int[]){0, 1}, &row);
  MPI_Cart_sub(cart, (int[]){1, 0}, &col);
  int rr, rs, cs, rowsum;
  MPI_Comm_rank(row, &rr);
  MPI_Comm_size(row, &rs);
  MPI_Comm_size(col, &cs);
  MPI_Allreduce(&cr, &rowsum, 1, MPI_INT, MPI_SUM, row);
  int rnd;
  MPI_Cartdim_get(row, &rnd);
  printf("rank %d: cart %d at (%d,%d) up %d down %d left %d right %d got %d %d back %d get %dx%d p%d%d nd %d cart? %d | row rank %d of %d (dims %d) sum %d col size %d\n",
         rank, cr, co[0], co[1], up, down, left, right, fromup, fromleft, back, gd[0], gd[1], gp[0], gp[1], nd,
         status == MPI_CART, rr, rs, rnd, rowsum, cs);
  MPI_Comm none;
  int cmp = -1;
  MPI_Cart_sub(cart, (int[]){0, 0}, &none);
  if (none != MPI_COMM_NULL) {
    MPI_Comm_compare(none, MPI_COMM_SELF, &cmp);
    MPI_Comm_free(&none);
  }
  printf("rank %d: cart_sub to no dimension: %s\n", rank,
         cmp == MPI_CONGRUENT ? "congruent to SELF" : cmp == -1 ? "MPI_COMM_NULL" : "other");
  MPI_Comm_free(&row);
  MPI_Comm_free(&col);
  MPI_Comm_free(&cart);
  MPI_Finalize();
  return 0;
}

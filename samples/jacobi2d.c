/* jacobi2d: solves Laplace's equation on an N x N grid of unknowns with
 * Jacobi iterations. The edge above the grid is held at 1, the other three
 * edges at 0; every sweep replaces each point by the mean of its four
 * neighbours.
 * Shows: a 2D Cartesian topology (MPI_Dims_create, MPI_Cart_create,
 * MPI_Cart_shift), halo exchange with MPI_Sendrecv (rows are contiguous,
 * columns are sent with an MPI_Type_vector), and a global convergence test
 * with MPI_Allreduce. The computed values do not depend on the number of
 * ranks: only the order of the sums in the Allreduce changes.
 * Usage: jacobi2d [N [MAXITER [TOL]]]   (default 64 x 64, at most 3000
 *        sweeps, stop when the 2-norm of one sweep's change is below 1e-3:
 *        2341 sweeps) */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Block decomposition of n items over p parts: part c gets count(n, p, c)
 * items; the first n % p parts get one more than the others. */
static int count(int n, int p, int c) { return n / p + (c < n % p ? 1 : 0); }

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int n = argc > 1 ? atoi(argv[1]) : 64;
  int maxiter = argc > 2 ? atoi(argv[2]) : 3000;
  double tol = argc > 3 ? atof(argv[3]) : 1e-3;

  /* A 2D grid of ranks as square as possible (dims[0] >= dims[1]), not
   * periodic: ranks on the border of the process grid have MPI_PROC_NULL as
   * neighbour, and a Sendrecv with MPI_PROC_NULL does nothing. */
  int dims[2] = {0, 0}, periods[2] = {0, 0}, coords[2];
  MPI_Dims_create(size, 2, dims);
  if (n < dims[0] || n < dims[1] || maxiter < 0) {
    if (rank == 0)
      fprintf(stderr, "jacobi2d: N must be at least %d for a %d x %d grid of ranks\n", dims[0], dims[0], dims[1]);
    MPI_Finalize();
    return 1;
  }
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
  MPI_Comm_rank(cart, &rank);
  MPI_Cart_coords(cart, rank, 2, coords);
  int up, down, left, right;
  MPI_Cart_shift(cart, 0, 1, &up, &down);    /* dimension 0: rows of ranks */
  MPI_Cart_shift(cart, 1, 1, &left, &right); /* dimension 1: columns */

  /* My block: rows x cols unknowns, stored with one halo cell on each side,
   * so that the array is (rows + 2) x (cols + 2), row-major. */
  int rows = count(n, dims[0], coords[0]), cols = count(n, dims[1], coords[1]);
  int w = cols + 2;
  size_t cells = (size_t)(rows + 2) * (size_t)w;
  double *u = calloc(cells, sizeof *u), *unew = calloc(cells, sizeof *unew);
#define U(a, i, j) (a)[(size_t)(i) * (size_t)w + (size_t)(j)]

  /* Boundary condition: the halo row above the top row of ranks is the hot
   * edge. No message ever lands there (up is MPI_PROC_NULL), so it stays 1. */
  if (up == MPI_PROC_NULL)
    for (int j = 0; j < w; j++)
      U(u, 0, j) = U(unew, 0, j) = 1.0;

  /* One column of my block: rows doubles, one per row, w doubles apart. */
  MPI_Datatype column;
  MPI_Type_vector(rows, 1, w, MPI_DOUBLE, &column);
  MPI_Type_commit(&column);

  double t0 = MPI_Wtime();
  double norm = 0.0;
  int iter = 0, converged = 0;
  while (iter < maxiter && !converged) {
    /* Halo exchange: my first row goes up while the row below mine arrives
     * from down, and so on for the three other directions. Sendrecv pairs
     * each send with a receive, so no ordering can deadlock. */
    MPI_Sendrecv(&U(u, 1, 1), cols, MPI_DOUBLE, up, 0, &U(u, rows + 1, 1), cols, MPI_DOUBLE, down, 0, cart,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(&U(u, rows, 1), cols, MPI_DOUBLE, down, 1, &U(u, 0, 1), cols, MPI_DOUBLE, up, 1, cart,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(&U(u, 1, 1), 1, column, left, 2, &U(u, 1, cols + 1), 1, column, right, 2, cart,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv(&U(u, 1, cols), 1, column, right, 3, &U(u, 1, 0), 1, column, left, 3, cart, MPI_STATUS_IGNORE);

    /* One sweep over my unknowns; sum of squares of the change. */
    double local = 0.0;
    for (int i = 1; i <= rows; i++)
      for (int j = 1; j <= cols; j++) {
        double v = 0.25 * (U(u, i - 1, j) + U(u, i + 1, j) + U(u, i, j - 1) + U(u, i, j + 1));
        double d = v - U(u, i, j);
        local += d * d;
        U(unew, i, j) = v;
      }
    double *tmp = u;
    u = unew;
    unew = tmp;
    iter++;

    /* Every rank needs the global norm to take the same decision. */
    double global;
    MPI_Allreduce(&local, &global, 1, MPI_DOUBLE, MPI_SUM, cart);
    norm = sqrt(global);
    converged = norm < tol;
  }
  double t = MPI_Wtime() - t0;

  /* A checksum of the solution: the sum of all unknowns. */
  double local = 0.0, sum = 0.0;
  for (int i = 1; i <= rows; i++)
    for (int j = 1; j <= cols; j++)
      local += U(u, i, j);
  MPI_Reduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, cart);

  if (rank == 0) {
    printf("jacobi2d: %d x %d unknowns on a %d x %d grid of ranks\n", n, n, dims[0], dims[1]);
    printf("%s after %d iterations: change norm %.6e (tolerance %.1e)\n", converged ? "converged" : "not converged",
           iter, norm, tol);
    printf("sum of the solution: %.6f\n", sum);
    printf("elapsed time (MPI_Wtime): %.6f s, %.3f ms per iteration\n", t, iter ? 1e3 * t / iter : 0.0);
  }
  MPI_Type_free(&column);
  MPI_Comm_free(&cart);
  free(u);
  free(unew);
  MPI_Finalize();
  return 0;
}

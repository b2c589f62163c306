/* matmul: dense matrix product C = A B with Cannon's algorithm on a q x q
 * periodic grid of ranks (the number of ranks must be a square, N a multiple
 * of q). Rank (i,j) holds one N/q x N/q block of A, B and C. After an initial
 * skew (row i of A blocks moves i places left, column j of B blocks j places
 * up), q rounds follow: multiply the two blocks in hand into C, then pass A
 * one place left and B one place up.
 * Shows: a periodic Cartesian topology, MPI_Cart_shift with a displacement,
 * MPI_Sendrecv_replace, and communication overlapping nothing: each round
 * waits for its shifts. For N <= 512, rank 0 gathers C and checks it against
 * a serial product. The matrices hold small integers, so the products are
 * exact and the check asks for equality.
 * Usage: matmul [N]   (default 480; N must be a multiple of sqrt(ranks)) */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_LIMIT 512

/* The global matrices, entry by entry: small integers from -6 to 6. */
static double a_at(int i, int j) { return (double)((3 * i + 5 * j) % 11 - 5); }
static double b_at(int i, int j) { return (double)((7 * i + 2 * j) % 13 - 6); }

/* c += a b for m x m row-major blocks (i-k-j order: the inner loop runs
 * along rows of b and c). */
static void multiply_add(int m, const double *a, const double *b, double *c)
{
  for (int i = 0; i < m; i++)
    for (int k = 0; k < m; k++) {
      double aik = a[i * m + k];
      for (int j = 0; j < m; j++)
        c[i * m + j] += aik * b[k * m + j];
    }
}

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  int n = argc > 1 ? atoi(argv[1]) : 480;
  int q = (int)(sqrt((double)size) + 0.5);
  if (q * q != size || n < 1 || n % q != 0) {
    if (rank == 0)
      fprintf(stderr, "matmul: needs a square number of ranks and N a multiple of its root (got %d ranks, N = %d)\n",
              size, n);
    MPI_Finalize();
    return 1;
  }
  int m = n / q; /* block size */
  size_t bb = (size_t)m * (size_t)m;

  /* A q x q torus of ranks: shifts wrap round in both dimensions. */
  int dims[2] = {q, q}, periods[2] = {1, 1}, coords[2];
  MPI_Comm grid;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  MPI_Comm_rank(grid, &rank);
  MPI_Cart_coords(grid, rank, 2, coords);
  int row = coords[0], col = coords[1];

  /* My blocks: A(row, col), B(row, col), and C(row, col) = 0. */
  double *a = malloc(bb * sizeof *a), *b = malloc(bb * sizeof *b), *c = calloc(bb, sizeof *c);
  for (int i = 0; i < m; i++)
    for (int j = 0; j < m; j++) {
      a[i * m + j] = a_at(row * m + i, col * m + j);
      b[i * m + j] = b_at(row * m + i, col * m + j);
    }

  MPI_Barrier(grid);
  double t0 = MPI_Wtime();

  /* Initial skew. MPI_Cart_shift(grid, dim, d) gives dest = my coordinate
   * + d and source = my coordinate - d along dim (modulo q): with d = -row,
   * my A block goes row places left and the block row places to my right
   * arrives. Then A(row, col + row) meets B(row + col, col): the same k. */
  int src, dst;
  MPI_Cart_shift(grid, 1, -row, &src, &dst);
  MPI_Sendrecv_replace(a, (int)bb, MPI_DOUBLE, dst, 0, src, 0, grid, MPI_STATUS_IGNORE);
  MPI_Cart_shift(grid, 0, -col, &src, &dst);
  MPI_Sendrecv_replace(b, (int)bb, MPI_DOUBLE, dst, 1, src, 1, grid, MPI_STATUS_IGNORE);

  /* q rounds; after each but the last, A moves one left and B one up. */
  int left, right, up, down;
  MPI_Cart_shift(grid, 1, -1, &right, &left); /* receive from the right, send to the left */
  MPI_Cart_shift(grid, 0, -1, &down, &up);    /* receive from below, send up */
  for (int step = 0; step < q; step++) {
    multiply_add(m, a, b, c);
    if (step < q - 1) {
      MPI_Sendrecv_replace(a, (int)bb, MPI_DOUBLE, left, 2, right, 2, grid, MPI_STATUS_IGNORE);
      MPI_Sendrecv_replace(b, (int)bb, MPI_DOUBLE, up, 3, down, 3, grid, MPI_STATUS_IGNORE);
    }
  }
  double t = MPI_Wtime() - t0, tmax;
  MPI_Reduce(&t, &tmax, 1, MPI_DOUBLE, MPI_MAX, 0, grid);

  /* A checksum (an exact integer) of C. */
  double local = 0.0, sum = 0.0;
  for (size_t i = 0; i < bb; i++)
    local += c[i];
  MPI_Reduce(&local, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, grid);
  if (rank == 0) {
    printf("matmul: %d x %d matrices, Cannon on a %d x %d grid of ranks, blocks of %d x %d\n", n, n, q, q, m, m);
    printf("sum of the entries of C: %.0f\n", sum);
  }

  /* The check: gather every block of C on rank 0 (in rank order), put each
   * at its place, and compare with the serial product. */
  if (n <= CHECK_LIMIT) {
    double *blocks = NULL;
    if (rank == 0)
      blocks = malloc((size_t)size * bb * sizeof *blocks);
    MPI_Gather(c, (int)bb, MPI_DOUBLE, blocks, (int)bb, MPI_DOUBLE, 0, grid);
    if (rank == 0) {
      size_t nn = (size_t)n * (size_t)n;
      double *ga = malloc(nn * sizeof *ga), *gb = malloc(nn * sizeof *gb), *gc = calloc(nn, sizeof *gc);
      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
          ga[(size_t)i * n + j] = a_at(i, j);
          gb[(size_t)i * n + j] = b_at(i, j);
        }
      multiply_add(n, ga, gb, gc);
      long wrong = 0;
      for (int r = 0; r < size; r++) {
        int rc[2];
        MPI_Cart_coords(grid, r, 2, rc);
        for (int i = 0; i < m; i++)
          for (int j = 0; j < m; j++)
            if (blocks[(size_t)r * bb + (size_t)i * m + j] != gc[(size_t)(rc[0] * m + i) * n + rc[1] * m + j])
              wrong++;
      }
      if (wrong == 0)
        printf("check against the serial product: correct\n");
      else
        printf("check against the serial product: WRONG (%ld entries differ)\n", wrong);
      free(ga);
      free(gb);
      free(gc);
      free(blocks);
    }
  } else if (rank == 0) {
    printf("check against the serial product: skipped (N > %d)\n", CHECK_LIMIT);
  }

  if (rank == 0)
    printf("elapsed time (MPI_Wtime): %.6f s, %.3f Gflop/s\n", tmax,
           tmax > 0 ? 2.0 * (double)n * n * n / tmax / 1e9 : 0.0);
  free(a);
  free(b);
  free(c);
  MPI_Comm_free(&grid);
  MPI_Finalize();
  return 0;
}

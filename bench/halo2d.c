/* A weak-scaling 2D halo exchange shaped like a Jacobi solver: the ranks form
 * a periodic grid (MPI_Dims_create, MPI_Cart_create), each owns an EDGE x EDGE
 * block, and each iteration posts 4 Irecv, packs each face (a short measured
 * burst) before its Isend, updates the interior (the long burst), Waitall,
 * unpacks and updates the block's rim; every 5 iterations an Allreduce of the
 * residual. All computation is real and measured, nothing injected.
 * Usage: halo2d [ITERATIONS [EDGE]]  (default 10 64).
 * Rank 0 prints the simulated time, the residual (a checksum of what moved),
 * the point-to-point messages sent, and the thread CPU seconds the ranks spent
 * in their own computation (so that a script can subtract it from the
 * simulator's CPU time). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#define AT(i, j) u[(size_t)(i) * (size_t)(n + 2) + (size_t)(j)]

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int iters = argc > 1 ? atoi(argv[1]) : 10, n = argc > 2 ? atoi(argv[2]) : 64;
  int size, rank, dims[2] = {0, 0}, periods[2] = {1, 1}, coords[2];
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Dims_create(size, 2, dims);
  MPI_Comm grid;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
  MPI_Comm_rank(grid, &rank);
  MPI_Cart_coords(grid, rank, 2, coords);
  int nb[4]; /* up, down, left, right */
  MPI_Cart_shift(grid, 0, 1, &nb[0], &nb[1]);
  MPI_Cart_shift(grid, 1, 1, &nb[2], &nb[3]);

  double *u = calloc((size_t)(n + 2) * (size_t)(n + 2), sizeof *u), *v = calloc((size_t)n * (size_t)n, sizeof *v);
  double *out = malloc(4 * (size_t)n * sizeof *out), *in = malloc(4 * (size_t)n * sizeof *in);
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= n; j++)
      AT(i, j) = (double)((coords[0] * n + i) % 7 + (coords[1] * n + j) % 5);
  double mine = 0, residual = 0;
  long sent = 0;
  for (int it = 0; it < iters; it++) {
    MPI_Request r[8];
    for (int f = 0; f < 4; f++)
      MPI_Irecv(in + f * n, n, MPI_DOUBLE, nb[f], f ^ 1, grid, &r[f]);
    for (int f = 0; f < 4; f++) { /* pack the face that neighbour f needs */
      double t0 = cpu_now();
      for (int k = 0; k < n; k++)
        out[f * n + k] = f < 2 ? AT(f == 0 ? 1 : n, k + 1) : AT(k + 1, f == 2 ? 1 : n);
      mine += cpu_now() - t0;
      MPI_Isend(out + f * n, n, MPI_DOUBLE, nb[f], f, grid, &r[4 + f]);
      sent++;
    }
    double t0 = cpu_now(), local = 0;
    for (int i = 2; i < n; i++) /* the interior, which needs no halo */
      for (int j = 2; j < n; j++) {
        double x = 0.25 * (AT(i - 1, j) + AT(i + 1, j) + AT(i, j - 1) + AT(i, j + 1));
        local += (x - AT(i, j)) * (x - AT(i, j));
        v[(size_t)(i - 1) * (size_t)n + (size_t)(j - 1)] = x;
      }
    mine += cpu_now() - t0;
    MPI_Waitall(8, r, MPI_STATUSES_IGNORE);
    t0 = cpu_now();
    for (int k = 0; k < n; k++) { /* the halo in, then the rim */
      AT(0, k + 1) = in[k];
      AT(n + 1, k + 1) = in[n + k];
      AT(k + 1, 0) = in[2 * n + k];
      AT(k + 1, n + 1) = in[3 * n + k];
    }
    for (int i = 1; i <= n; i++)
      for (int j = 1; j <= n; j++)
        if (i == 1 || i == n || j == 1 || j == n) {
          double x = 0.25 * (AT(i - 1, j) + AT(i + 1, j) + AT(i, j - 1) + AT(i, j + 1));
          local += (x - AT(i, j)) * (x - AT(i, j));
          v[(size_t)(i - 1) * (size_t)n + (size_t)(j - 1)] = x;
        }
    for (int i = 1; i <= n; i++)
      for (int j = 1; j <= n; j++)
        AT(i, j) = v[(size_t)(i - 1) * (size_t)n + (size_t)(j - 1)];
    mine += cpu_now() - t0;
    if (it % 5 == 4 || it == iters - 1)
      MPI_Allreduce(&local, &residual, 1, MPI_DOUBLE, MPI_SUM, grid);
  }
  double total_cpu = 0, t = MPI_Wtime();
  long messages = 0;
  MPI_Reduce(&mine, &total_cpu, 1, MPI_DOUBLE, MPI_SUM, 0, grid);
  MPI_Reduce(&sent, &messages, 1, MPI_LONG, MPI_SUM, 0, grid);
  if (rank == 0)
    printf("halo2d %d ranks (%dx%d) %d iterations of %dx%d: simulated %.6f s, residual %.6e, %ld messages, "
           "computation %.3f s\n",
           size, dims[0], dims[1], iters, n, n, t, residual, messages, total_cpu);
  free(u);
  free(v);
  free(out);
  free(in);
  MPI_Comm_free(&grid);
  MPI_Finalize();
  return 0;
}

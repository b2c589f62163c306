/* A hybrid MPI + OpenMP proxy shaped like the stencil and hydrodynamics codes people bring
 * (not any code's own): each rank owns an n^3 block of a 3-D grid (MPI_Dims_create), and each
 * time step packs its six faces in OpenMP loops, exchanges them with its neighbours (the master
 * thread, MPI_THREAD_FUNNELED), runs a 7-point stencil and ten lighter element kernels as
 * OpenMP parallel loops, and reduces a residual (OpenMP reduction, then MPI_Allreduce).
 * Prints the simulated seconds per step (after a first step that touches the memory) and a
 * checksum (the same for any thread count).
 * Usage: hybrid [n [steps]] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define IDX(i, j, k) ((size_t)(i) + (size_t)(n + 2) * ((size_t)(j) + (size_t)(n + 2) * (size_t)(k)))

int main(int argc, char **argv)
{
  int provided, rank, size, dims[3] = {0, 0, 0}, periods[3] = {1, 1, 1}, n = argc > 1 ? atoi(argv[1]) : 24,
                               steps = argc > 2 ? atoi(argv[2]) : 5;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Dims_create(size, 3, dims);
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &cart);
  MPI_Comm_rank(cart, &rank);
  size_t cells = (size_t)(n + 2) * (n + 2) * (n + 2), face = (size_t)n * n;
  double *u = calloc(cells, sizeof *u), *v = calloc(cells, sizeof *v), *e = calloc(cells, sizeof *e);
  double *sendb = malloc(6 * face * sizeof *sendb), *recvb = malloc(6 * face * sizeof *recvb);
  for (int k = 1; k <= n; k++)
    for (int j = 1; j <= n; j++)
      for (int i = 1; i <= n; i++)
        u[IDX(i, j, k)] = (double)((rank * 7 + i + 3 * j + 5 * k) % 17);
  double t0 = 0, res = 0;
  for (int step = -1; step < steps; step++) { /* step -1 touches the memory first: not timed */
    if (step == 0)
      t0 = MPI_Wtime();
    /* pack the six faces: face f of axis a = f / 2, low (even) or high (odd) */
#pragma omp parallel for collapse(2)
    for (int f = 0; f < 6; f++)
      for (int b = 0; b < n; b++)
        for (int c = 0; c < n; c++) {
          int at = f % 2 ? n : 1, i = f / 2 == 0 ? at : c + 1, j = f / 2 == 1 ? at : f / 2 == 0 ? c + 1 : b + 1,
              k = f / 2 == 2 ? at : b + 1;
          sendb[(size_t)f * face + (size_t)b * n + c] = u[IDX(i, j, k)];
        }
    MPI_Request req[12];
    for (int a = 0; a < 3; a++) {
      int lo, hi;
      MPI_Cart_shift(cart, a, 1, &lo, &hi);
      MPI_Irecv(recvb + (size_t)(2 * a) * face, (int)face, MPI_DOUBLE, lo, 2 * a + 1, cart, &req[4 * a]);
      MPI_Irecv(recvb + (size_t)(2 * a + 1) * face, (int)face, MPI_DOUBLE, hi, 2 * a, cart, &req[4 * a + 1]);
      MPI_Isend(sendb + (size_t)(2 * a) * face, (int)face, MPI_DOUBLE, lo, 2 * a, cart, &req[4 * a + 2]);
      MPI_Isend(sendb + (size_t)(2 * a + 1) * face, (int)face, MPI_DOUBLE, hi, 2 * a + 1, cart, &req[4 * a + 3]);
    }
    MPI_Waitall(12, req, MPI_STATUSES_IGNORE);
#pragma omp parallel for collapse(2)
    for (int f = 0; f < 6; f++)
      for (int b = 0; b < n; b++)
        for (int c = 0; c < n; c++) {
          int at = f % 2 ? n + 1 : 0, i = f / 2 == 0 ? at : c + 1, j = f / 2 == 1 ? at : f / 2 == 0 ? c + 1 : b + 1,
              k = f / 2 == 2 ? at : b + 1;
          u[IDX(i, j, k)] = recvb[(size_t)f * face + (size_t)b * n + c];
        }
    /* the stencil */
#pragma omp parallel for collapse(2)
    for (int k = 1; k <= n; k++)
      for (int j = 1; j <= n; j++)
        for (int i = 1; i <= n; i++)
          v[IDX(i, j, k)] = (u[IDX(i - 1, j, k)] + u[IDX(i + 1, j, k)] + u[IDX(i, j - 1, k)] + u[IDX(i, j + 1, k)] +
                             u[IDX(i, j, k - 1)] + u[IDX(i, j, k + 1)] + 2 * u[IDX(i, j, k)]) /
                            8;
    /* ten lighter element kernels, as a hydrodynamics step has */
    for (int kern = 0; kern < 10; kern++) {
#pragma omp parallel for schedule(static)
      for (size_t x = 0; x < cells; x++)
        e[x] = e[x] * 0.5 + v[x] * (0.1 + 0.01 * kern);
    }
    double local = 0;
#pragma omp parallel for collapse(2) reduction(+ : local)
    for (int k = 1; k <= n; k++)
      for (int j = 1; j <= n; j++)
        for (int i = 1; i <= n; i++) {
          double d = v[IDX(i, j, k)] - u[IDX(i, j, k)];
          local += d * d;
          u[IDX(i, j, k)] = v[IDX(i, j, k)];
        }
    MPI_Allreduce(&local, &res, 1, MPI_DOUBLE, MPI_SUM, cart);
  }
  double t1 = MPI_Wtime();
  if (rank == 0)
    printf("hybrid: %d ranks, %d^3 cells each, %d steps: %.6f s simulated per step, residual %.6e\n", size, n,
           steps, (t1 - t0) / steps, res);
  free(u);
  free(v);
  free(e);
  free(sendb);
  free(recvb);
  MPI_Comm_free(&cart);
  MPI_Finalize();
  return 0;
}

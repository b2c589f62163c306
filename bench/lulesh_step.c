/* A LULESH-shaped time step: ranks form a cube, each exchanges with its up
 * to 26 neighbours (faces, edges, corners) by Irecv, then a short measured
 * burst of computation before each Isend, then Waitall, then an Allreduce
 * of the time step, as LULESH 2.0 does. Usage: lulesh_step [STEPS [WORK]]
 * (WORK: iterations of the burst loop, about 1 ns each; -F: each burst is
 * F flops given to smpi_execute_flops, the same on every tool). Prints the
 * simulated time of the steps and a checksum of what was received. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>

#define EDGE 5 /* elements per side of a rank's block, as lulesh -s 5 */

static volatile double sink;

/* A short burst: WORK dependent additions, or -WORK flops injected. */
static void burst(long work)
{
  if (work < 0) {
    smpi_execute_flops((double)-work);
    return;
  }
  double x = sink;
  for (long i = 0; i < work; i++)
    x = x * 0.999999 + 1e-9;
  sink = x;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int steps = argc > 1 ? atoi(argv[1]) : 2;
  long work = argc > 2 ? atol(argv[2]) : 2000;
  int rank, size, side = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  while ((side + 1) * (side + 1) * (side + 1) <= size)
    side++;
  if (side * side * side != size) {
    if (!rank)
      fprintf(stderr, "lulesh_step: %d ranks is not a cube\n", size);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int x = rank % side, y = rank / side % side, z = rank / (side * side);
  int peer[26], len[26], n = 0;
  for (int dz = -1; dz <= 1; dz++)
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++) {
        int nx = x + dx, ny = y + dy, nz = z + dz, zeros = (dx == 0) + (dy == 0) + (dz == 0);
        if ((dx | dy | dz) == 0 || nx < 0 || ny < 0 || nz < 0 || nx >= side || ny >= side || nz >= side)
          continue;
        peer[n] = nx + ny * side + nz * side * side;
        /* 3 fields: a face carries EDGE^2 nodes, an edge EDGE, a corner 1 */
        len[n++] = 3 * (zeros == 2 ? EDGE * EDGE : zeros == 1 ? EDGE : 1);
      }
  double *out = malloc(sizeof(double) * 26 * 3 * EDGE * EDGE), *in = malloc(sizeof(double) * 26 * 3 * EDGE * EDGE);
  MPI_Request req[52];
  double check = 0, dt = 1.0;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  for (int s = 0; s < steps; s++) {
    for (int i = 0; i < n; i++)
      MPI_Irecv(in + i * 3 * EDGE * EDGE, len[i], MPI_DOUBLE, peer[i], s, MPI_COMM_WORLD, &req[i]);
    for (int i = 0; i < n; i++) {
      burst(work); /* packing the face, edge or corner */
      for (int k = 0; k < len[i]; k++)
        out[i * 3 * EDGE * EDGE + k] = rank + k + s;
      MPI_Isend(out + i * 3 * EDGE * EDGE, len[i], MPI_DOUBLE, peer[i], s, MPI_COMM_WORLD, &req[n + i]);
    }
    MPI_Waitall(2 * n, req, MPI_STATUSES_IGNORE);
    for (int i = 0; i < n; i++)
      check += in[i * 3 * EDGE * EDGE + len[i] - 1] - (peer[i] + len[i] - 1 + s);
    double mydt = dt * (1.0 + rank % 7 * 1e-3), newdt;
    MPI_Allreduce(&mydt, &newdt, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    dt = newdt;
  }
  double t = MPI_Wtime() - t0, all;
  MPI_Reduce(&check, &all, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (!rank)
    printf("lulesh_step: %d ranks, %d steps: %.6f s simulated, check %g, dt %g\n", size, steps, t, all, dt);
  free(out);
  free(in);
  MPI_Finalize();
  return 0;
}

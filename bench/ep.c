/* A kernel shaped like NAS EP: every rank draws BATCHES batches of Gaussian
 * pairs (Marsaglia's polar method on a linear congruential generator),
 * counts them in square annuli, and one Allreduce combines the counts.
 * Usage: ep BATCHES [RATIO]
 *   RATIO 0 (default): every batch runs.
 *   RATIO r > 0: the batch loop is SMPI_SAMPLE_GLOBAL with r x BATCHES x ranks
 *   samples in all (r = 0.25: a quarter of the work really runs; the rest is
 *   injected at the mean). The counts are then not the true ones, but the
 *   simulated time should be. */
#include <math.h>
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>

#define PAIRS_PER_BATCH (1 << 16)

static unsigned long long seed;
static double uniform(void)
{
  seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(seed >> 11) * (1.0 / 9007199254740992.0);
}

static void batch(double sums[2], double counts[10])
{
  for (int i = 0; i < PAIRS_PER_BATCH; i++) {
    double x = 2 * uniform() - 1, y = 2 * uniform() - 1, t = x * x + y * y;
    if (t > 1 || t == 0)
      continue;
    double f = sqrt(-2 * log(t) / t), gx = x * f, gy = y * f;
    int l = (int)fmax(fabs(gx), fabs(gy));
    if (l < 10) {
      counts[l] += 1;
      sums[0] += gx;
      sums[1] += gy;
    }
  }
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int batches = argc > 1 ? atoi(argv[1]) : 64;
  double ratio = argc > 2 ? atof(argv[2]) : 0;
  seed = 271828183ULL + 1000003ULL * (unsigned long long)rank;
  double sums[2] = {0, 0}, counts[10] = {0}, all[12];
  double t0 = MPI_Wtime();
  if (ratio > 0) {
    int samples = (int)(ratio * batches * size + 0.5);
    SMPI_SAMPLE_GLOBAL(int b = 0, b < batches, b++, samples < 2 ? 2 : samples, -1) { batch(sums, counts); }
  } else
    for (int b = 0; b < batches; b++)
      batch(sums, counts);
  double mine[12] = {sums[0], sums[1]};
  for (int i = 0; i < 10; i++)
    mine[2 + i] = counts[i];
  MPI_Allreduce(mine, all, 12, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double t = MPI_Wtime() - t0;
  if (rank == 0) {
    double n = 0;
    for (int i = 0; i < 10; i++)
      n += all[2 + i];
    printf("ep: %d ranks x %d batches: %.0f pairs, sums %.6e %.6e, %.6f s simulated\n", size, batches, n, all[0],
           all[1], t);
  }
  MPI_Finalize();
  return 0;
}

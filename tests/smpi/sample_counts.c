/* Counts how many loop bodies run under each SMPI_SAMPLE form. With
 * argument "mean": prints simulated time / (iterations x measured body time). */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static volatile double sink;
static void work(long n)
{
  double x = 1;
  for (long i = 0; i < n; i++)
    x = x * 1.0000001 + 1e-9;
  sink = x;
}

static double cpu(void) { return (double)clock() / CLOCKS_PER_SEC; }

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (argc > 1 && !strcmp(argv[1], "mean")) {
    /* 40 iterations of ~2 ms, 4 sampled: the simulated time should be ~40 bodies */
    double t0 = MPI_Wtime(), c0 = cpu();
    int runs = 0;
    SMPI_SAMPLE_LOCAL(int i = 0, i < 40, i++, 4, -1) {
      work(2000000);
      runs++;
    }
    double body = (cpu() - c0) / runs, sim = MPI_Wtime() - t0;
    printf("%.3f\n", sim / (40 * body));
    MPI_Finalize();
    return 0;
  }
  int local_runs = 0, global_runs = 0, thr_runs = 0, never_runs = 0, loops = 0;
  SMPI_SAMPLE_LOCAL(int i = 0, i < 20, i++, 3, -1) { local_runs++; work(1000); }
  SMPI_SAMPLE_GLOBAL(int i = 0, i < 20, i++, 5, -1) { global_runs++; work(1000); }
  loops++;
  if (rank == 0) {
    /* a steady body: the spread falls under 50% at once; a threshold of 0 is never met */
    SMPI_SAMPLE_LOCAL(int i = 0, i < 10, i++, 8, 0.5) { thr_runs++; work(100000); }
    SMPI_SAMPLE_LOCAL_TAG(int i = 0, i < 10, i++, 6, 0, "never") { never_runs++; work(1000); }
  }
  int all_local[64], all_global = 0, all_loops = 0;
  MPI_Gather(&local_runs, 1, MPI_INT, all_local, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Reduce(&global_runs, &all_global, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&loops, &all_loops, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    int same = 1;
    for (int i = 0; i < size; i++)
      same &= all_local[i] == local_runs;
    printf("local: %s ran %d of 20\n", same ? "each rank" : "ranks differ:", local_runs);
    printf("global: %d bodies run in all, %d loops ended\n", all_global, all_loops);
    printf("threshold: %d bodies run\n", thr_runs);
    printf("never: %d bodies run\n", never_runs);
  }
  MPI_Finalize();
  return 0;
}

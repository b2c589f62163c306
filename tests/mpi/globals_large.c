/* what this tests: privatization of a large data segment (8 MiB of static
 *   arrays, remapped rather than copied): each rank keeps its own array and
 *   initialised globals across many switches between ranks
 * np: 8
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

#define N (1 << 20)
static double big[N];
int counter = 42;

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int r, n;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  for (int i = 0; i < N; i += 1024)
    big[i] = r;
  counter += r;
  int bad = 0;
  for (int it = 0; it < 100; it++) {
    double x = big[(it * 1024) % N];
    MPI_Sendrecv_replace(&x, 1, MPI_DOUBLE, (r + 1) % n, 0, (r + n - 1) % n, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    bad += x != (r + n - 1) % n;
    counter++;
  }
  double s = 0;
  for (int i = 0; i < N; i += 1024)
    s += big[i];
  printf("rank %d: sum %.0f counter %d bad %d\n", r, s, counter, bad);
  MPI_Finalize();
  return 0;
}

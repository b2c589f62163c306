/* what this tests: MPI_Dims_create gives the most balanced dimensions, as MPICH (72 in 2 is 9 x 8), with and without fixed dimensions
 * np: 1
 */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int cases[][2] = {{72,2},{72,3},{1,3},{16,3},{24,3},{7,2},{100,2},{1000000,3},{360,4},{2*3*5*7*11*13,3},{64,6},{12,1},{30,4},{97*89,2},{5616,4},{5616,3},{720,4},{1024,3},{2310,4},{4096,5},{7560,4},{5040,3},{5040,4},{9240,3},{10080,4},{65536,3},{30030,5},{98784,5},{1000,4},{6000,5}};
  for (unsigned c = 0; c < sizeof cases / sizeof *cases; c++) {
    int d[8] = {0};
    MPI_Dims_create(cases[c][0], cases[c][1], d);
    printf("%d in %d:", cases[c][0], cases[c][1]);
    for (int i = 0; i < cases[c][1]; i++) printf(" %d", d[i]);
    printf("\n");
  }
  int d2[3] = {0, 3, 0};
  MPI_Dims_create(72, 3, d2);
  printf("72 with middle 3: %d %d %d\n", d2[0], d2[1], d2[2]);
  MPI_Finalize();
}

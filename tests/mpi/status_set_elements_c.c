/* what this tests: MPI_Status_set_elements_c (MPI 4.0) with counts of MPI_Count, above
 * INT_MAX too, read back with MPI_Get_elements_c, MPI_Get_count_c and the int forms (which
 * say MPI_UNDEFINED when the count does not fit), and MPI_Status_set_elements_x alike
 * (MPICH 4.0 lacks the _c form: there it is MPI_Status_set_elements_x, which does the same)
 * np: 1
 */
#include <mpi.h>
#include <stdio.h>

#ifndef SIMPI
#define MPI_Status_set_elements_c MPI_Status_set_elements_x
#endif

int main(int argc, char **argv)
{
  MPI_Status st;
  MPI_Count n = -1, c = -1, big = (MPI_Count)3 << 30;
  int ni = -1, ci = -1;
  MPI_Init(&argc, &argv);
  MPI_Status_set_elements_c(&st, MPI_INT, 12);
  MPI_Get_elements_c(&st, MPI_INT, &n);
  MPI_Get_count_c(&st, MPI_INT, &c);
  MPI_Get_elements(&st, MPI_INT, &ni);
  MPI_Get_count(&st, MPI_SHORT, &ci);
  printf("12 ints: elements %lld count %lld, int forms %d, as shorts %d\n", (long long)n, (long long)c, ni, ci);
  MPI_Status_set_elements_c(&st, MPI_BYTE, big);
  MPI_Get_elements_c(&st, MPI_BYTE, &n);
  MPI_Get_count_c(&st, MPI_BYTE, &c);
  MPI_Get_elements(&st, MPI_BYTE, &ni);
  MPI_Get_count(&st, MPI_BYTE, &ci);
  printf("3 GiB of bytes: elements %lld count %lld, int forms undefined %d %d\n", (long long)n, (long long)c,
         ni == MPI_UNDEFINED, ci == MPI_UNDEFINED);
  MPI_Status_set_elements_x(&st, MPI_DOUBLE, 5);
  MPI_Get_elements_c(&st, MPI_DOUBLE, &n);
  printf("set_elements_x 5 doubles: %lld\n", (long long)n);
  MPI_Finalize();
  return 0;
}

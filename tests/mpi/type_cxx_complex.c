/* what this tests: the C++ datatypes (MPI_CXX_BOOL, MPI_CXX_*_COMPLEX) and MPI_COMPLEX8/16 from C:
 *   their sizes, and a sum of double complex values through MPI_CXX_DOUBLE_COMPLEX and MPI_COMPLEX16
 * np: 3
 */
#include <complex.h>
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, s[6];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_size(MPI_CXX_BOOL, &s[0]);
    MPI_Type_size(MPI_CXX_FLOAT_COMPLEX, &s[1]);
    MPI_Type_size(MPI_CXX_DOUBLE_COMPLEX, &s[2]);
    MPI_Type_size(MPI_CXX_LONG_DOUBLE_COMPLEX, &s[3]);
    MPI_Type_size(MPI_COMPLEX8, &s[4]);
    MPI_Type_size(MPI_COMPLEX16, &s[5]);
    double complex z = (rank + 1) + 2.0 * I * rank, sum = 0, sum16 = 0;
    MPI_Allreduce(&z, &sum, 1, MPI_CXX_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&z, &sum16, 1, MPI_COMPLEX16, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("sizes: bool %d, float complex %d, double complex %d, long double complex %d\n", s[0], s[1], s[2],
               s[3]);
        printf("MPI_COMPLEX8 %d, MPI_COMPLEX16 %d\n", s[4], s[5]);
        printf("sum through MPI_CXX_DOUBLE_COMPLEX: %g%+gi, through MPI_COMPLEX16: %g%+gi\n", creal(sum), cimag(sum),
               creal(sum16), cimag(sum16));
    }
    MPI_Finalize();
    return 0;
}

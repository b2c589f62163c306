/* what: cancellation asked for (OMP_CANCELLATION=true): simpi's OpenMP runtime refuses it with
 *   one error naming the construct's line, rather than ignoring it
 * np: 1
 * cflags: -fopenmp
 * env: OMP_CANCELLATION=true OMP_NUM_THREADS=2
 * exit: nonzero
 * stderr: cancellation .*not supported.* at omp_cancel.c:2[0-9]
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int found = -1;
    MPI_Init(&argc, &argv);
#pragma omp parallel for
    for (int i = 0; i < 1000; i++) {
        if (i == 500) {
            found = i;
#pragma omp cancel for
        }
    }
    printf("%d\n", found);
    MPI_Finalize();
    return 0;
}

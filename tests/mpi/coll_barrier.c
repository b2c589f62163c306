/* what this tests: Barrier really synchronizes: for each rank k in turn, k posts receives for
 *   messages the others send only after the barrier; before k enters the barrier none can
 *   have arrived; repeated barriers
 * np: 7
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

#define MAXP 16

int main(int argc, char **argv)
{
    int rank, size, k, i, flag, vals[MAXP], v;
    MPI_Request reqs[MAXP];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (k = 0; k < size; k++) {
        if (rank == k) {
            int n = 0;
            long sum = 0;
            for (i = 0; i < size; i++)
                if (i != k) {
                    MPI_Irecv(&vals[n], 1, MPI_INT, i, k, MPI_COMM_WORLD, &reqs[n]);
                    n++;
                }
            flag = 1;
            MPI_Testall(n, reqs, &flag, MPI_STATUSES_IGNORE);
            MPI_Barrier(MPI_COMM_WORLD);
            MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE);
            for (i = 0; i < n; i++)
                sum += vals[i];
            printf("rank %d: round %d, anything before barrier: %d, sum after: %ld\n", rank, k, flag, sum);
        } else {
            MPI_Barrier(MPI_COMM_WORLD);
            v = rank * 10 + k;
            MPI_Send(&v, 1, MPI_INT, k, k, MPI_COMM_WORLD);
        }
    }
    for (i = 0; i < 20; i++)
        MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d: 20 more barriers done\n", rank);
    MPI_Finalize();
    return 0;
}

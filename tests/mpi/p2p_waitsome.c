/* what this tests: Waitsome and Testsome: indices and statuses of completed requests, groups
 *   released by "go" messages, nothing completes before it may, MPI_UNDEFINED when all null
 * np: 5
 */
#include <mpi.h>
#include <stdio.h>

#define MAXP 16

int main(int argc, char **argv)
{
    int rank, size, i, k, outcount, done, vals[MAXP], idx[MAXP], go = 1;
    MPI_Request reqs[MAXP];
    MPI_Status sts[MAXP];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        int n = size - 1, got[MAXP] = {0};
        for (i = 0; i < n; i++) {
            vals[i] = -1;
            MPI_Irecv(&vals[i], 1, MPI_INT, i + 1, 0, MPI_COMM_WORLD, &reqs[i]);
        }
        /* nobody has been told to send: Testsome finds nothing */
        MPI_Testsome(n, reqs, &outcount, idx, sts);
        printf("testsome before any go: outcount %d\n", outcount);

        /* release the odd ranks, Waitsome until all of them are in */
        for (i = 1; i < size; i += 2)
            MPI_Send(&go, 1, MPI_INT, i, 1, MPI_COMM_WORLD);
        done = 0;
        while (done < (n + 1) / 2) {
            MPI_Waitsome(n, reqs, &outcount, idx, sts);
            for (k = 0; k < outcount; k++) {
                if (sts[k].MPI_SOURCE != idx[k] + 1 || vals[idx[k]] != (idx[k] + 1) * 7 ||
                    reqs[idx[k]] != MPI_REQUEST_NULL)
                    printf("FAIL waitsome index %d source %d\n", idx[k], sts[k].MPI_SOURCE);
                got[idx[k]]++;
            }
            done += outcount;
        }
        printf("after odd ranks:");
        for (i = 0; i < n; i++)
            printf(" %d:%s", i + 1, got[i] ? "done" : "pending");
        printf("\n");

        /* release the even ranks, Testsome until all in */
        for (i = 2; i < size; i += 2)
            MPI_Send(&go, 1, MPI_INT, i, 1, MPI_COMM_WORLD);
        while (done < n) {
            MPI_Testsome(n, reqs, &outcount, idx, sts);
            for (k = 0; k < outcount; k++) {
                if (sts[k].MPI_SOURCE != idx[k] + 1 || vals[idx[k]] != (idx[k] + 1) * 7)
                    printf("FAIL testsome index %d source %d\n", idx[k], sts[k].MPI_SOURCE);
                got[idx[k]]++;
            }
            done += outcount;
        }
        printf("after all ranks:");
        for (i = 0; i < n; i++)
            printf(" %d:%d", i + 1, got[i]);
        printf("\n");
        printf("values:");
        for (i = 0; i < n; i++)
            printf(" %d", vals[i]);
        printf("\n");

        MPI_Waitsome(n, reqs, &outcount, idx, MPI_STATUSES_IGNORE);
        printf("waitsome on all null: outcount is MPI_UNDEFINED=%d\n", outcount == MPI_UNDEFINED);
        MPI_Testsome(n, reqs, &outcount, idx, MPI_STATUSES_IGNORE);
        printf("testsome on all null: outcount is MPI_UNDEFINED=%d\n", outcount == MPI_UNDEFINED);
    } else {
        int v;
        MPI_Recv(&go, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        v = rank * 7;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}

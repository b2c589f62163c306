/* what this tests: MPI_Barrier with every algorithm and both selectors, at several sizes:
 *   ranks enter after computing for rank-dependent times, and no rank may leave a barrier
 *   before the last one entered it (times from MPI_Wtime, compared on rank 0)
 * np: 1 2 3 4 5 7 8 13 16
 * args: --cfg=smpi/coll-selector:mpich
 * args: --cfg=smpi/coll-selector:ompi
 * args: --cfg=smpi/coll-selector:smpi
 * args: --cfg=smpi/barrier:dissemination
 * args: --cfg=smpi/barrier:recursive_doubling
 * args: --cfg=smpi/barrier:tree
 * args: --cfg=smpi/barrier:linear
 */
#include "coll_check.h"

static volatile double sink;

static void work(int units)
{
    int i;
    for (i = 0; i < units * 200000; i++)
        sink += i * 0.5;
}

int main(int argc, char **argv)
{
    int it, i, ok = 1;
    double t[2], *all = NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        all = xmalloc(sizeof(double) * 2 * size);
    for (it = 0; it < 4; it++) {
        work((rank * 5 + it * 3) % 7 + (rank == (it * 3) % size ? 10 : 0));
        t[0] = MPI_Wtime();
        MPI_Barrier(MPI_COMM_WORLD);
        t[1] = MPI_Wtime();
        if (rank) {
            MPI_Send(t, 2, MPI_DOUBLE, 0, it, MPI_COMM_WORLD);
            continue;
        }
        all[0] = t[0];
        all[1] = t[1];
        for (i = 1; i < size; i++)
            MPI_Recv(all + 2 * i, 2, MPI_DOUBLE, i, it, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        double last_in = all[0], first_out = all[1];
        for (i = 1; i < size; i++) {
            if (all[2 * i] > last_in)
                last_in = all[2 * i];
            if (all[2 * i + 1] < first_out)
                first_out = all[2 * i + 1];
        }
        ok = ok && first_out >= last_in;
    }
    for (it = 0; it < 50; it++) /* many in a row */
        MPI_Barrier(MPI_COMM_WORLD);
    report("barriers: nobody leaves before the last one entered", ok);
    free(all);
    MPI_Finalize();
    return 0;
}

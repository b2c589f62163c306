/* what: MPI_Comm_create on the even ranks' communicator with a group that
 * also holds world rank 1 (and, in the second call, with the even ranks in
 * reverse order, which is valid): MPI_ERR_GROUP returned; the valid group gives a communicator of the reversed order
 * np: 4
 * exit: 0
 * stdout: rank 0: MPI_ERR_GROUP
 * stdout: rank 0: reversed: rank 1 of 2
 * stdout: rank 2: reversed: rank 0 of 2
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, cls;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm even;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &even);
    if (rank % 2 == 0) {
        MPI_Comm_set_errhandler(even, MPI_ERRORS_RETURN);
        MPI_Group world, stray, rev;
        MPI_Comm_group(MPI_COMM_WORLD, &world);
        int bad[2] = {0, 1}, back[2] = {2, 0};
        MPI_Group_incl(world, 2, bad, &stray);
        MPI_Comm out = MPI_COMM_NULL;
        int err = MPI_Comm_create(even, stray, &out);
        MPI_Error_class(err, &cls);
        if (rank == 0)
            printf("rank 0: %s\n", cls == MPI_ERR_GROUP ? "MPI_ERR_GROUP" : "another class");
        MPI_Group_incl(world, 2, back, &rev);
        MPI_Comm_create(even, rev, &out);
        int r, n;
        MPI_Comm_rank(out, &r);
        MPI_Comm_size(out, &n);
        printf("rank %d: reversed: rank %d of %d\n", rank, r, n);
        MPI_Comm_free(&out);
        MPI_Group_free(&stray);
        MPI_Group_free(&rev);
        MPI_Group_free(&world);
    }
    MPI_Comm_free(&even);
    MPI_Finalize();
    return 0;
}

/* what: the one value above INT_MAX that simpi still refuses, a window's displacement unit (the
 *   MPI_WIN_DISP_UNIT attribute is an int): MPI_Win_create_c with 2^31 returns MPI_ERR_DISP under
 *   MPI_ERRORS_RETURN, making no window, and MPI_Win_allocate_c with 3 x 2^30 under
 *   MPI_ERRORS_ARE_FATAL stops the run with a message naming the call and the line (every count
 *   of a _c function is taken: mpi/large_count_big, mpi/large_count_coll, mpi/large_count_arrays,
 *   mpi/large_count_part, unit/rma_large_count.sh)
 * np: 2
 * exit: nonzero
 * stdout: ^rank 0: MPI_Win_create_c: MPI_ERR_DISP, no window$
 * stderr: rank 0: MPI_Win_allocate_c: displacement unit 3221225472 is not in 1\.\.2147483647
 * stderr: \[MPI_ERR_DISP\]
 * stderr: disp_unit_too_large\.c:[0-9]+
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, cls;
    char v[4];
    void *base;
    MPI_Win win = MPI_WIN_NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        int err = MPI_Win_create_c(v, 4, (MPI_Aint)1 << 31, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
        MPI_Error_class(err, &cls);
        printf("rank 0: MPI_Win_create_c: %s%s\n", cls == MPI_ERR_DISP ? "MPI_ERR_DISP" : "something else",
               win == MPI_WIN_NULL ? ", no window" : ", a window");
        fflush(stdout);
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
        MPI_Win_allocate_c(4, (MPI_Aint)3 << 30, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    } else {
        MPI_Recv(v, 4, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}

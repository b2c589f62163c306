/* what this tests: with MPI_ERRORS_RETURN, bad arguments to p2p and collective calls return
 *   the right error class (RANK, TAG, COUNT, TYPE, BUFFER, COMM, ROOT, OP) and the program goes on
 * np: 3
 */
#include <mpi.h>
#include <stdio.h>

static const char *cname(int err)
{
    int c;
    if (err == MPI_SUCCESS)
        return "MPI_SUCCESS";
    MPI_Error_class(err, &c);
    if (c == MPI_ERR_RANK) return "MPI_ERR_RANK";
    if (c == MPI_ERR_TAG) return "MPI_ERR_TAG";
    if (c == MPI_ERR_COUNT) return "MPI_ERR_COUNT";
    if (c == MPI_ERR_TYPE) return "MPI_ERR_TYPE";
    if (c == MPI_ERR_BUFFER) return "MPI_ERR_BUFFER";
    if (c == MPI_ERR_COMM) return "MPI_ERR_COMM";
    if (c == MPI_ERR_ROOT) return "MPI_ERR_ROOT";
    if (c == MPI_ERR_OP) return "MPI_ERR_OP";
    if (c == MPI_ERR_ARG) return "MPI_ERR_ARG";
    if (c == MPI_ERR_TRUNCATE) return "MPI_ERR_TRUNCATE";
    return "other class";
}

int main(int argc, char **argv)
{
    int rank, size, x = 7, y = 0, res[3];
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);

    if (rank == 0) {
        printf("Send to rank size: %s\n", cname(MPI_Send(&x, 1, MPI_INT, size, 0, MPI_COMM_WORLD)));
        printf("Send to rank -7: %s\n", cname(MPI_Send(&x, 1, MPI_INT, -7, 0, MPI_COMM_WORLD)));
        printf("Recv from rank size+3: %s\n",
               cname(MPI_Recv(&x, 1, MPI_INT, size + 3, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE)));
        printf("Send with tag -5: %s\n", cname(MPI_Send(&x, 1, MPI_INT, 1, -5, MPI_COMM_WORLD)));
        printf("Send with MPI_ANY_TAG: %s\n",
               cname(MPI_Send(&x, 1, MPI_INT, 1, MPI_ANY_TAG, MPI_COMM_WORLD)));
        printf("Recv with tag -3: %s\n",
               cname(MPI_Recv(&x, 1, MPI_INT, 1, -3, MPI_COMM_WORLD, MPI_STATUS_IGNORE)));
        printf("Send with count -1: %s\n", cname(MPI_Send(&x, -1, MPI_INT, 1, 0, MPI_COMM_WORLD)));
        printf("Isend with count -2: %s\n",
               cname(MPI_Isend(&x, -2, MPI_INT, 1, 0, MPI_COMM_WORLD, &req)));
        printf("Send with MPI_DATATYPE_NULL: %s\n",
               cname(MPI_Send(&x, 1, MPI_DATATYPE_NULL, 1, 0, MPI_COMM_WORLD)));
        printf("Send NULL buffer count 3: %s\n", cname(MPI_Send(NULL, 3, MPI_INT, 1, 0, MPI_COMM_WORLD)));
        printf("Send on MPI_COMM_NULL: %s\n", cname(MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_NULL)));
    }
    /* collective argument errors are detected locally on every rank */
    res[0] = MPI_Bcast(&x, 1, MPI_INT, size, MPI_COMM_WORLD) != MPI_SUCCESS;
    res[1] = MPI_Reduce(&x, &y, 1, MPI_INT, MPI_OP_NULL, 0, MPI_COMM_WORLD) != MPI_SUCCESS;
    res[2] = MPI_Gather(&x, 1, MPI_INT, &y, 1, MPI_INT, -1, MPI_COMM_WORLD) != MPI_SUCCESS;
    if (rank == 0) {
        printf("Bcast with root size: %s\n", cname(MPI_Bcast(&x, 1, MPI_INT, size, MPI_COMM_WORLD)));
        printf("Reduce with MPI_OP_NULL: %s\n",
               cname(MPI_Reduce(&x, &y, 1, MPI_INT, MPI_OP_NULL, 0, MPI_COMM_WORLD)));
        printf("Gather with root -1: %s\n",
               cname(MPI_Gather(&x, 1, MPI_INT, &y, 1, MPI_INT, -1, MPI_COMM_WORLD)));
    }
    /* the errors above did not break communication */
    x = rank + 1;
    MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    {
        int all[64], mine = res[0] && res[1] && res[2];
        MPI_Gather(&mine, 1, MPI_INT, rank == 0 ? all : NULL, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (rank == 0) {
            int i, ok = 1;
            for (i = 0; i < size && i < 64; i++)
                ok = ok && all[i];
            printf("every rank saw the collective errors: %d\n", ok);
            printf("allreduce after errors: %d\n", y);
        }
    }
    MPI_Finalize();
    return 0;
}

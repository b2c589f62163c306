/* what this tests: datatype errors under MPI_ERRORS_RETURN return the standard's classes:
 *   uncommitted types in Send/Recv/Bcast/Pack (MPI_ERR_TYPE), freeing a predefined type
 *   or MPI_DATATYPE_NULL, committing MPI_DATATYPE_NULL (MPI_ERR_TYPE), negative counts
 *   and block lengths (MPI_ERR_COUNT), a null old type (MPI_ERR_TYPE), a null newtype and
 *   bad darray/subarray arguments (MPI_ERR_ARG); the program goes on after each
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

static const char *cls(int rc)
{
    int c;
    if (rc == MPI_SUCCESS)
        return "MPI_SUCCESS";
    MPI_Error_class(rc, &c);
    switch (c) {
    case MPI_ERR_TYPE: return "MPI_ERR_TYPE";
    case MPI_ERR_COUNT: return "MPI_ERR_COUNT";
    case MPI_ERR_ARG: return "MPI_ERR_ARG";
    case MPI_ERR_BUFFER: return "MPI_ERR_BUFFER";
    }
    return "other";
}

int main(int argc, char **argv)
{
    int rank, rc, v[8] = {0}, pos = 0;
    char buf[64];
    MPI_Datatype t, u, p;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);

    MPI_Type_contiguous(2, MPI_INT, &u); /* never committed */
    if (rank == 0) {
        rc = MPI_Send(v, 1, u, 1, 0, MPI_COMM_WORLD);
        printf("send uncommitted: %s\n", cls(rc));
        rc = MPI_Recv(v, 1, u, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("recv uncommitted: %s\n", cls(rc));
        rc = MPI_Pack(v, 1, u, buf, sizeof buf, &pos, MPI_COMM_WORLD);
        printf("pack uncommitted: %s\n", cls(rc));
        rc = MPI_Bcast(v, 1, u, 0, MPI_COMM_SELF);
        printf("bcast uncommitted: %s\n", cls(rc));
        p = MPI_INT;
        rc = MPI_Type_free(&p);
        printf("free MPI_INT: %s (handle kept %d)\n", cls(rc), p == MPI_INT);
        p = MPI_DATATYPE_NULL;
        rc = MPI_Type_free(&p);
        printf("free MPI_DATATYPE_NULL: %s\n", cls(rc));
        rc = MPI_Type_commit(&p);
        printf("commit MPI_DATATYPE_NULL: %s\n", cls(rc));
        rc = MPI_Type_contiguous(-1, MPI_INT, &t);
        printf("contiguous count -1: %s\n", cls(rc));
        rc = MPI_Type_vector(2, -1, 3, MPI_INT, &t);
        printf("vector blocklength -1: %s\n", cls(rc));
        rc = MPI_Type_indexed(2, (int[]){1, -1}, (int[]){0, 4}, MPI_INT, &t);
        printf("indexed blocklength -1: %s\n", cls(rc));
        rc = MPI_Type_contiguous(2, MPI_DATATYPE_NULL, &t);
        printf("contiguous of MPI_DATATYPE_NULL: %s\n", cls(rc));
        rc = MPI_Type_create_struct(2, (int[]){1, 1}, (MPI_Aint[]){0, 8}, (MPI_Datatype[]){MPI_INT, MPI_DATATYPE_NULL},
                                    &t);
        printf("struct with MPI_DATATYPE_NULL: %s\n", cls(rc));
        rc = MPI_Type_create_resized(MPI_INT, 0, 8, NULL);
        printf("resized newtype NULL: %s\n", cls(rc));
        rc = MPI_Type_create_darray(4, 0, 1, (int[]){10}, (int[]){MPI_DISTRIBUTE_BLOCK}, (int[]){2}, (int[]){4},
                                    MPI_ORDER_C, MPI_INT, &t);
        printf("darray blocks too small: %s\n", cls(rc));
        rc = MPI_Type_create_subarray(1, (int[]){4}, (int[]){2}, (int[]){0}, 12345, MPI_INT, &t);
        printf("subarray bad order: %s\n", cls(rc));
        MPI_Type_commit(&u);
        rc = MPI_Send(v, 1, u, 1, 0, MPI_COMM_WORLD);
        printf("send after commit: %s\n", cls(rc));
    } else {
        rc = MPI_Recv(v, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("receiver: %s\n", cls(rc));
    }
    MPI_Type_free(&u);
    MPI_Finalize();
    return 0;
}

/* what this tests: a nonblocking collective completes although the program frees its datatype,
 * communicator or operation before waiting (MPI 4.0, 2.5.1); thousands of nonblocking
 * collectives completed by MPI_Test, one after the other, keep memory mappings bounded
 * np: 1 3
 */
#include "coll_check.h"

static void sum_fn(void *in, void *inout, int *len, MPI_Datatype *t)
{
    (void)t;
    for (int i = 0; i < *len; i++)
        ((int *)inout)[i] += ((int *)in)[i];
}

static int mappings(void)
{
    FILE *f = fopen("/proc/self/maps", "r");
    int n = 0, c;
    if (!f)
        return 0;
    while ((c = fgetc(f)) != EOF)
        n += c == '\n';
    fclose(f);
    return n;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* a vector type freed between MPI_Igather and MPI_Wait, on both sides */
    int send[6], *recv = calloc((size_t)size * 6, sizeof(int)), ok = 1;
    for (int i = 0; i < 6; i++)
        send[i] = val(rank, i, 1);
    MPI_Datatype vec;
    MPI_Type_vector(3, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_Request req;
    MPI_Igather(send, 1, vec, recv, 3, MPI_INT, 0, MPI_COMM_WORLD, &req);
    MPI_Type_free(&vec);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    for (int r = 0; rank == 0 && r < size; r++)
        for (int i = 0; i < 3; i++)
            ok &= recv[r * 3 + i] == val(r, 2 * i, 1);
    report("type freed before the wait of MPI_Igather", ok);

    /* a duplicated communicator and a user operation freed before the wait */
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Op op;
    MPI_Op_create(sum_fn, 1, &op);
    int in[4], out[4];
    for (int i = 0; i < 4; i++)
        in[i] = val(rank, i, 2);
    MPI_Iallreduce(in, out, 4, MPI_INT, op, dup, &req);
    MPI_Comm_free(&dup);
    MPI_Op_free(&op);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    ok = 1;
    for (int i = 0; i < 4; i++) {
        int want = 0;
        for (int r = 0; r < size; r++)
            want += val(r, i, 2);
        ok &= out[i] == want;
    }
    report("communicator and op freed before the wait of MPI_Iallreduce", ok);

    /* 1000 collectives, each found complete by MPI_Test (MPICH polls: more is slow on a loaded machine) */
    int before = mappings(), sum = 0;
    for (int k = 0; k < 1000; k++) {
        int flag = 0, x = k + rank, y;
        MPI_Iallreduce(&x, &y, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &req);
        while (!flag)
            MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        sum += y == k + size - 1;
    }
    int grew = mappings() - before;
    report("1000 nonblocking collectives completed by MPI_Test", sum == 1000);
    report("memory mappings stay bounded", grew < 100);
    free(recv);
    MPI_Finalize();
    return 0;
}

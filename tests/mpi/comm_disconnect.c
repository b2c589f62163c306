/* what this tests: MPI_Comm_disconnect frees the communicator once its communication is done:
 *   on a duplicate of MPI_COMM_WORLD with a buffered send still on its way, on an
 *   intercommunicator between the two halves of the world. With -DWITH_MPICH_BROKEN
 *   (unit/mpich_broken.sh): requests the program has not completed (point-to-point, a
 *   nonblocking broadcast, a send freed by MPI_Request_free) are waited for, where MPICH 4.0.2
 *   waits forever; MPI_COMM_WORLD cannot be disconnected (MPICH accepts it, then aborts)
 * np: 2 3 4 7
 */
#include <mpi.h>
#include "verdict.h"
#include <stdio.h>
#include <stdlib.h>

static int rank;

int main(int argc, char **argv)
{
    int size, ok;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* completed requests and a buffered send still on its way (MPI: disconnect delivers it) */
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    int right = (rank + 1) % size, left = (rank + size - 1) % size;
    int out[1000], in[1000], in2 = -1, bout = rank * 3, bsize = 1000 + MPI_BSEND_OVERHEAD;
    char *bbuf = malloc((size_t)bsize);
    MPI_Request rq[3];
    MPI_Buffer_attach(bbuf, bsize);
    for (int i = 0; i < 1000; i++)
        out[i] = rank * 1000 + i, in[i] = -1;
    MPI_Irecv(in, 1000, MPI_INT, left, 1, dup, &rq[0]);
    MPI_Irecv(&in2, 1, MPI_INT, left, 2, dup, &rq[1]);
    MPI_Isend(out, 1000, MPI_INT, right, 1, dup, &rq[2]);
    MPI_Bsend(&bout, 1, MPI_INT, right, 2, dup);
    MPI_Waitall(3, rq, MPI_STATUSES_IGNORE);
    MPI_Comm_disconnect(&dup);
    ok = dup == MPI_COMM_NULL && in2 == left * 3;
    for (int i = 0; i < 1000; i++)
        ok &= in[i] == left * 1000 + i;
    verdict("duplicate, a buffered send on its way", ok);
    MPI_Buffer_detach(&bbuf, &bsize);
    free(bbuf);

#ifdef WITH_MPICH_BROKEN
    /* requests not completed yet (erroneous for MPI: MPICH 4.0.2 waits forever): simpi waits for
     * them, so receives have their data before any MPI_Wait, and the handles stay valid */
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    int bc[4] = {0}, freed_out = rank * 5;
    MPI_Request fr, bq;
    for (int i = 0; i < 1000; i++)
        in[i] = -1;
    in2 = -1;
    MPI_Irecv(in, 1000, MPI_INT, left, 1, dup, &rq[0]);
    MPI_Irecv(&in2, 1, MPI_INT, left, 2, dup, &rq[1]);
    MPI_Isend(out, 1000, MPI_INT, right, 1, dup, &rq[2]);
    MPI_Isend(&freed_out, 1, MPI_INT, right, 2, dup, &fr);
    MPI_Request_free(&fr);
    if (rank == 0)
        for (int i = 0; i < 4; i++)
            bc[i] = 40 + i;
    MPI_Ibcast(bc, 4, MPI_INT, 0, dup, &bq);
    MPI_Comm_disconnect(&dup);
    ok = dup == MPI_COMM_NULL && in2 == left * 5 && bc[3] == 43;
    for (int i = 0; i < 1000; i++)
        ok &= in[i] == left * 1000 + i;
    MPI_Waitall(3, rq, MPI_STATUSES_IGNORE);
    MPI_Wait(&bq, MPI_STATUS_IGNORE);
    ok &= rq[0] == MPI_REQUEST_NULL && bq == MPI_REQUEST_NULL;
    verdict("pending requests", ok);
#endif

    /* an intercommunicator: the lower half against the upper half; each rank of the lower
     * half exchanges with the rank of the same number in the upper half, if there is one */
    if (size >= 2) {
        int low = rank < size / 2, half = size / 2;
        MPI_Comm local, inter;
        MPI_Comm_split(MPI_COMM_WORLD, low, rank, &local);
        MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, low ? half : 0, 9, &inter);
        int lrank, rsize, got = -1, sent;
        MPI_Comm_rank(local, &lrank);
        MPI_Comm_remote_size(inter, &rsize);
        MPI_Request r[2];
        int n = 0;
        if (lrank < rsize) {
            sent = rank * 11;
            MPI_Irecv(&got, 1, MPI_INT, lrank, 5, inter, &r[n++]);
            MPI_Isend(&sent, 1, MPI_INT, lrank, 5, inter, &r[n++]);
        }
        MPI_Waitall(n, r, MPI_STATUSES_IGNORE);
        MPI_Comm_disconnect(&inter);
        int peer = low ? half + lrank : lrank;
        ok = inter == MPI_COMM_NULL && (lrank >= rsize || got == peer * 11);
        verdict("intercommunicator", ok);
        MPI_Comm_free(&local);
    }

#ifdef WITH_MPICH_BROKEN
    /* MPICH 4.0.2 accepts it, then fails an assertion in MPI_Finalize */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm w = MPI_COMM_WORLD;
    int rc = MPI_Comm_disconnect(&w), cls;
    MPI_Error_class(rc, &cls);
    verdict("MPI_COMM_WORLD refused", rc != MPI_SUCCESS && cls == MPI_ERR_COMM);
#endif
    MPI_Finalize();
    return 0;
}

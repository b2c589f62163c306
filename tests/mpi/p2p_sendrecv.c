/* what this tests: Sendrecv in a non-periodic shift with MPI_PROC_NULL at the ends
 *   (status of a PROC_NULL receive), in a periodic ring with a larger receive count, and with self
 * np: 7
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, size, left, right, count;
    int s[2], r[4];
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* non-periodic shift to the right */
    left = rank == 0 ? MPI_PROC_NULL : rank - 1;
    right = rank == size - 1 ? MPI_PROC_NULL : rank + 1;
    s[0] = rank * 10;
    r[0] = -1;
    MPI_Sendrecv(s, 1, MPI_INT, right, 3, r, 1, MPI_INT, left, 3, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    if (left == MPI_PROC_NULL)
        printf("rank %d: shift got %d, source is PROC_NULL=%d, tag is ANY_TAG=%d, count %d\n", rank,
               r[0], st.MPI_SOURCE == MPI_PROC_NULL, st.MPI_TAG == MPI_ANY_TAG, count);
    else
        printf("rank %d: shift got %d from %d tag %d count %d\n", rank, r[0], st.MPI_SOURCE, st.MPI_TAG,
               count);

    /* periodic ring to the left, receive buffer larger than the message */
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
    s[0] = rank;
    s[1] = rank * rank;
    r[0] = r[1] = r[2] = r[3] = -1;
    MPI_Sendrecv(s, 2, MPI_INT, left, rank, r, 4, MPI_INT, right, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    printf("rank %d: ring got %d %d %d %d from %d tag %d count %d\n", rank, r[0], r[1], r[2], r[3],
           st.MPI_SOURCE, st.MPI_TAG, count);

    /* with itself */
    s[0] = 100 + rank;
    MPI_Sendrecv(s, 1, MPI_INT, rank, 0, r, 1, MPI_INT, rank, 0, MPI_COMM_WORLD, &st);
    printf("rank %d: self got %d from %d\n", rank, r[0], st.MPI_SOURCE);

    /* different types on both sides: send 2 ints, receive 8 bytes */
    {
        unsigned char bytes[8];
        int second;
        s[0] = 0x01020304;
        s[1] = rank;
        MPI_Sendrecv(s, 2, MPI_INT, right, 1, bytes, 8, MPI_BYTE, left, 1, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_BYTE, &count);
        memcpy(&second, bytes + sizeof(int), sizeof(int));
        printf("rank %d: bytes count %d, second int %d\n", rank, count, second);
    }
    MPI_Finalize();
    return 0;
}

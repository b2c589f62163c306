/* what: the large-count (_c) forms of the MPI-IO data access calls (MPI 4.0): each one once, with
 *       MPI_Count counts, statuses read with MPI_Get_count_c; MPI_File_get_type_extent_c
 * np: 1 2 3 4 7
 */
#include "io_check.h"
#include "verdict.h"
#include <stdlib.h>
#include <string.h>

enum { K = 60 };

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_File fh;
    if (rank == 0)
        MPI_File_delete("io_large_count.dat", MPI_INFO_NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_open(MPI_COMM_WORLD, "io_large_count.dat", MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_Count k = K, c;
    int a[K], b[K], ok = 1;
    for (int i = 0; i < K; i++)
        a[i] = rank * 1000 + i;
    MPI_Offset slot = 0; /* each phase writes size slots of K ints, rank by rank */
#define MINE(p) ((MPI_Offset)((p) * size + rank) * K * (MPI_Offset)sizeof(int))
#define CHECK_STATUS(st) (MPI_Get_count_c(&(st), MPI_INT, &c), ok &= c == k)
#define CHECK_BACK() (ok &= !memcmp(a, b, sizeof a), memset(b, 0, sizeof b))
    MPI_Status st;
    MPI_Request r;
    MPI_File_write_at_c(fh, MINE(slot), a, k, MPI_INT, &st), CHECK_STATUS(st);
    MPI_File_read_at_c(fh, MINE(slot), b, k, MPI_INT, &st), CHECK_STATUS(st), CHECK_BACK();
    slot++;
    MPI_File_write_at_all_c(fh, MINE(slot), a, k, MPI_INT, &st), CHECK_STATUS(st);
    MPI_File_read_at_all_c(fh, MINE(slot), b, k, MPI_INT, &st), CHECK_STATUS(st), CHECK_BACK();
    slot++;
    MPI_File_iwrite_at_c(fh, MINE(slot), a, k, MPI_INT, &r), MPI_Wait(&r, &st), CHECK_STATUS(st);
    MPI_File_iread_at_c(fh, MINE(slot), b, k, MPI_INT, &r), MPI_Wait(&r, &st), CHECK_STATUS(st), CHECK_BACK();
    slot++;
    MPI_File_iwrite_at_all_c(fh, MINE(slot), a, k, MPI_INT, &r), MPI_Wait(&r, &st), CHECK_STATUS(st);
    MPI_File_iread_at_all_c(fh, MINE(slot), b, k, MPI_INT, &r), MPI_Wait(&r, &st), CHECK_STATUS(st), CHECK_BACK();
    slot++;
    MPI_File_seek(fh, MINE(slot), MPI_SEEK_SET);
    MPI_File_write_c(fh, a, k, MPI_INT, &st), CHECK_STATUS(st);
    MPI_File_seek(fh, MINE(slot), MPI_SEEK_SET);
    MPI_File_read_c(fh, b, k, MPI_INT, &st), CHECK_STATUS(st), CHECK_BACK();
    slot++;
    MPI_File_seek(fh, MINE(slot), MPI_SEEK_SET);
    MPI_File_write_all_c(fh, a, k, MPI_INT, &st), CHECK_STATUS(st);
    MPI_File_seek(fh, MINE(slot), MPI_SEEK_SET);
    MPI_File_read_all_c(fh, b, k, MPI_INT, &st), CHECK_STATUS(st), CHECK_BACK();
    slot++;
    MPI_File_seek(fh, MINE(slot), MPI_SEEK_SET);
    MPI_File_iwrite_c(fh, a, k, MPI_INT, &r), MPI_Wait(&r, &st), CHECK_STATUS(st);
    MPI_File_seek(fh, MINE(slot), MPI_SEEK_SET);
    MPI_File_iread_c(fh, b, k, MPI_INT, &r), MPI_Wait(&r, &st), CHECK_STATUS(st), CHECK_BACK();
    slot++;
    MPI_File_seek(fh, MINE(slot), MPI_SEEK_SET);
    MPI_File_iwrite_all_c(fh, a, k, MPI_INT, &r), MPI_Wait(&r, &st), CHECK_STATUS(st);
    MPI_File_seek(fh, MINE(slot), MPI_SEEK_SET);
    MPI_File_iread_all_c(fh, b, k, MPI_INT, &r), MPI_Wait(&r, &st), CHECK_STATUS(st), CHECK_BACK();
    slot++;
    MPI_File_seek(fh, MINE(slot), MPI_SEEK_SET);
    MPI_File_write_all_begin_c(fh, a, k, MPI_INT), MPI_File_write_all_end(fh, a, &st), CHECK_STATUS(st);
    MPI_File_read_at_all_begin_c(fh, MINE(slot), b, k, MPI_INT), MPI_File_read_at_all_end(fh, b, &st);
    CHECK_STATUS(st), CHECK_BACK();
    slot++;
    MPI_File_write_at_all_begin_c(fh, MINE(slot), a, k, MPI_INT), MPI_File_write_at_all_end(fh, a, &st);
    CHECK_STATUS(st);
    MPI_File_seek(fh, MINE(slot), MPI_SEEK_SET);
    MPI_File_read_all_begin_c(fh, b, k, MPI_INT), MPI_File_read_all_end(fh, b, &st), CHECK_STATUS(st), CHECK_BACK();
    slot++;
    verdict("explicit offsets and individual pointers", ok);

    /* the shared pointer, from the end of the slots on: ordered, then shared (one at a time) */
    MPI_Offset end = (MPI_Offset)slot * size * K * (MPI_Offset)sizeof(int);
    MPI_File_seek_shared(fh, end, MPI_SEEK_SET);
    MPI_File_write_ordered_c(fh, a, k, MPI_INT, &st), CHECK_STATUS(st);
    MPI_File_seek_shared(fh, end, MPI_SEEK_SET);
    MPI_File_read_ordered_c(fh, b, k, MPI_INT, &st), CHECK_STATUS(st), CHECK_BACK();
    MPI_File_seek_shared(fh, end, MPI_SEEK_SET);
    MPI_File_write_ordered_begin_c(fh, a, k, MPI_INT), MPI_File_write_ordered_end(fh, a, &st), CHECK_STATUS(st);
    MPI_File_seek_shared(fh, end, MPI_SEEK_SET);
    MPI_File_read_ordered_begin_c(fh, b, k, MPI_INT), MPI_File_read_ordered_end(fh, b, &st), CHECK_STATUS(st);
    CHECK_BACK();
    verdict("ordered", ok);
    for (int turn = 0; turn < size; turn++) {
        MPI_File_seek_shared(fh, 0, MPI_SEEK_CUR); /* collective: the ranks agree on where it is */
        MPI_Offset at;
        MPI_File_get_position_shared(fh, &at);
        if (turn == rank) {
            MPI_File_write_shared_c(fh, a, k, MPI_INT, &st), CHECK_STATUS(st);
            MPI_File_seek(fh, at, MPI_SEEK_SET);
            MPI_File_read_c(fh, b, k, MPI_INT, &st), CHECK_STATUS(st), CHECK_BACK();
            MPI_File_iwrite_shared_c(fh, a, k, MPI_INT, &r), MPI_Wait(&r, &st), CHECK_STATUS(st);
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_File_seek_shared(fh, end + (MPI_Offset)size * K * (MPI_Offset)sizeof(int), MPI_SEEK_SET);
    for (int turn = 0; turn < size; turn++) {
        if (turn == rank) {
            MPI_File_read_shared_c(fh, b, k, MPI_INT, &st), CHECK_STATUS(st), CHECK_BACK();
            MPI_File_iread_shared_c(fh, b, k, MPI_INT, &r), MPI_Wait(&r, &st), CHECK_STATUS(st), CHECK_BACK();
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    verdict("shared", ok);
    MPI_Count ext;
    MPI_File_get_type_extent_c(fh, MPI_LONG_DOUBLE, &ext);
    verdict("get_type_extent_c", ext == sizeof(long double));
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}

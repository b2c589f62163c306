/* what: MPI-IO nonblocking and split collective access: iwrite_at, iread_at, iwrite/iread with the
 *       individual pointer, iwrite_shared, iwrite_all/iread_all, iwrite_at_all/iread_at_all completed
 *       by Wait, Waitall, a Test loop (Request_get_status too, once: MPICH 4.0.2 never sets its flag
 *       for a file request, so a loop on it would not end there); write_all_begin/end,
 *       read_at_all_begin/end, write_ordered_begin/end; the file's bytes at any rank count
 * np: 1 2 3 4 7
 */
#include "io_check.h"
#include "verdict.h"
#include <stdlib.h>
#include <string.h>

static int rank, size;
enum { G = 1680 }; /* ints: a multiple of 1..8 */

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_File fh;
    if (rank == 0)
        MPI_File_delete("io_nonblocking.dat", MPI_INFO_NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_open(MPI_COMM_WORLD, "io_nonblocking.dat", MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    int k = G / 4 / size, *a = malloc(sizeof *a * (size_t)k * 4), *b = malloc(sizeof *b * (size_t)k * 4);
    for (int qq = 0; qq < 4; qq++) /* int x of the file is x * 3 + 1, whatever the rank count */
        for (int i = 0; i < k; i++)
            a[qq * k + i] = (qq * (G / 4) + rank * k + i) * 3 + 1;
    MPI_Offset q = (MPI_Offset)G; /* bytes in each quarter of the file */

    /* quarter 0: iwrite_at, two halves, Waitall; read back with iread_at and a Test loop */
    MPI_Request r[2];
    MPI_Status st[2];
    MPI_Offset mine = (MPI_Offset)rank * k * (MPI_Offset)sizeof(int);
    MPI_File_iwrite_at(fh, mine, a, k / 2, MPI_INT, &r[0]);
    MPI_File_iwrite_at(fh, mine + k / 2 * (MPI_Offset)sizeof(int), a + k / 2, k - k / 2, MPI_INT, &r[1]);
    MPI_Waitall(2, r, st);
    int c0, c1, flag = 0;
    MPI_Get_count(&st[0], MPI_INT, &c0);
    MPI_Get_count(&st[1], MPI_INT, &c1);
    verdict("iwrite_at: Waitall statuses", c0 == k / 2 && c1 == k - k / 2 && r[0] == MPI_REQUEST_NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_iread_at(fh, mine, b, k, MPI_INT, &r[0]);
    while (!flag)
        MPI_Test(&r[0], &flag, &st[0]);
    MPI_Get_count(&st[0], MPI_INT, &c0);
    verdict("iread_at: Test loop", c0 == k && !memcmp(a, b, sizeof *a * (size_t)k));

    /* quarter 1: the individual pointer, iwrite then iread; Request_get_status before the Wait */
    MPI_File_seek(fh, q + mine, MPI_SEEK_SET);
    MPI_File_iwrite(fh, a + k, k, MPI_INT, &r[0]);
    MPI_Offset pos;
    MPI_File_get_position(fh, &pos);
    int ok = pos == q + mine + k * (MPI_Offset)sizeof(int);
    MPI_Request_get_status(r[0], &flag, &st[0]); /* once: MPICH 4.0.2 never completes it there (no progress) */
    MPI_Wait(&r[0], &st[0]);
    MPI_File_seek(fh, q + mine, MPI_SEEK_SET);
    MPI_File_iread(fh, b + k, k, MPI_INT, &r[0]);
    MPI_Wait(&r[0], &st[0]);
    verdict("iwrite and iread: the pointer moves at the call", ok && !memcmp(a + k, b + k, sizeof *a * (size_t)k));

    /* quarter 2: a collective nonblocking pair, then the explicit-offset collective one */
    MPI_File_seek(fh, 2 * q + mine, MPI_SEEK_SET);
    MPI_File_iwrite_all(fh, a + 2 * k, k / 2, MPI_INT, &r[0]);
    MPI_File_iwrite_at_all(fh, 2 * q + mine + k / 2 * (MPI_Offset)sizeof(int), a + 2 * k + k / 2, k - k / 2,
                           MPI_INT, &r[1]);
    MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_iread_at_all(fh, 2 * q + mine, b + 2 * k, k, MPI_INT, &r[0]);
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    verdict("iwrite_all, iwrite_at_all, iread_at_all", !memcmp(a + 2 * k, b + 2 * k, sizeof *a * (size_t)k));

    /* quarter 3: split collectives */
    MPI_File_seek(fh, 3 * q + mine, MPI_SEEK_SET);
    MPI_File_write_all_begin(fh, a + 3 * k, k, MPI_INT);
    MPI_File_write_all_end(fh, a + 3 * k, &st[0]);
    MPI_Get_count(&st[0], MPI_INT, &c0);
    MPI_File_read_at_all_begin(fh, 3 * q + mine, b + 3 * k, k, MPI_INT);
    MPI_File_read_at_all_end(fh, b + 3 * k, &st[1]);
    MPI_Get_count(&st[1], MPI_INT, &c1);
    verdict("split collectives", c0 == k && c1 == k && !memcmp(a + 3 * k, b + 3 * k, sizeof *a * (size_t)k));
    verdict("end without begin", MPI_File_read_all_end(fh, b, &st[0]) != MPI_SUCCESS);

    /* all of it as every rank sees it: quarter by quarter, rank by rank */
    int *all = malloc(sizeof *all * G);
    MPI_File_read_at_all(fh, 0, all, G, MPI_INT, MPI_STATUS_IGNORE);
    ok = 1;
    for (int x = 0; x < G; x++)
        ok &= all[x] == x * 3 + 1;
    verdict("the whole file", ok);

    /* appended by ordered split collectives and by iwrite_shared */
    MPI_File_set_view(fh, 4 * q, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    int rec[3] = {rank, rank + 1, rank + 2};
    MPI_File_write_ordered_begin(fh, rec, 3, MPI_INT);
    MPI_File_write_ordered_end(fh, rec, MPI_STATUS_IGNORE);
    MPI_File_iwrite_shared(fh, rec, 3, MPI_INT, &r[0]);
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_get_position_shared(fh, &pos);
    verdict("write_ordered_begin/end and iwrite_shared move the shared pointer", pos == 6 * size);
    MPI_File_close(&fh);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) { /* the part that does not depend on the rank count */
        MPI_File_open(MPI_COMM_SELF, "io_nonblocking.dat", MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
        MPI_File_set_size(fh, 4 * q);
        MPI_File_close(&fh);
        io_digest("quarters", "io_nonblocking.dat");
    }
    free(a), free(b), free(all);
    MPI_Finalize();
    return 0;
}

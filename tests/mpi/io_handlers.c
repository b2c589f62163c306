/* what: MPI-IO calls no other test makes: a file error handler made with File_create_errhandler,
 *       set on a file and called by File_call_errhandler and by a real error (reading a write-only
 *       file), the default handler of MPI_FILE_NULL; File_set_info and File_get_info
 *       (cb_buffer_size as given); nonblocking collective File_iread_all and File_iread_shared
 *       (completed by Test, and by Wait after Request_get_status); split collectives write_at_all_begin/end,
 *       read_all_begin/end and read_ordered_begin/end; the data read back checked
 * np: 1 2 3 4 7
 */
#include "io_check.h"
#include "verdict.h"
#include <string.h>

static int calls, last_class;

static void on_file_error(MPI_File *fh, int *code, ...)
{
    (void)fh;
    calls++;
    MPI_Error_class(*code, &last_class);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        MPI_File_delete("io_handlers.dat", MPI_INFO_NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Errhandler eh, got;
    MPI_File_get_errhandler(MPI_FILE_NULL, &got);
    verdict("MPI_FILE_NULL's handler is MPI_ERRORS_RETURN", got == MPI_ERRORS_RETURN);
    MPI_File_create_errhandler(on_file_error, &eh);
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, "io_handlers.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    MPI_File_set_errhandler(fh, eh);
    MPI_File_call_errhandler(fh, MPI_ERR_IO);
    verdict("File_call_errhandler calls the handler", calls == 1 && last_class == MPI_ERR_IO);
    int x;
    int rc = MPI_File_read_at(fh, 0, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    int agree = calls == 2 && last_class == MPI_ERR_ACCESS, all_agree;
    MPI_Allreduce(&agree, &all_agree, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("read of a write-only file: %s\n", io_errname(rc));
    verdict("the handler got that error", all_agree);

    MPI_Info info, used;
    MPI_Info_create(&info);
    MPI_Info_set(info, "cb_buffer_size", "1048576");
    MPI_File_set_info(fh, info);
    MPI_File_get_info(fh, &used);
    char v[MPI_MAX_INFO_VAL + 1] = "";
    int flag = 0;
    MPI_Info_get(used, "cb_buffer_size", MPI_MAX_INFO_VAL, v, &flag);
    verdict("File_get_info gives cb_buffer_size as set", flag && !strcmp(v, "1048576"));
    MPI_Info_free(&used);
    MPI_Info_free(&info);

    /* split collective write: G ints, N per rank in rank order (the file does not depend on the rank count) */
    enum { G = 840 }; /* a multiple of 1..8 */
    const int N = G / size;
    int mine[G], back[G];
    for (int i = 0; i < N; i++)
        mine[i] = rank * N + i;
    MPI_Status st;
    int count;
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_write_at_all_begin(fh, (MPI_Offset)rank * N, mine, N, MPI_INT);
    MPI_File_write_at_all_end(fh, mine, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    verdict("write_at_all_begin/end: count", count == N);
    MPI_File_close(&fh);

    MPI_File_open(MPI_COMM_WORLD, "io_handlers.dat", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    /* split collective read with the individual pointer: the whole file */
    memset(back, 0, sizeof back);
    MPI_File_read_all_begin(fh, back, N * size, MPI_INT);
    MPI_File_read_all_end(fh, back, &st);
    int ok = 1;
    for (int r = 0; r < size; r++)
        for (int i = 0; i < N; i++)
            ok &= back[r * N + i] == r * N + i;
    verdict("read_all_begin/end: every rank's ints", ok);
    /* split ordered read: rank r gets rank r's part */
    memset(back, 0, sizeof back);
    MPI_File_read_ordered_begin(fh, back, N, MPI_INT);
    MPI_File_read_ordered_end(fh, back, &st);
    ok = 1;
    for (int i = 0; i < N; i++)
        ok &= back[i] == rank * N + i;
    verdict("read_ordered_begin/end: its own ints", ok);
    /* nonblocking collective read at the individual pointer (back at 0) */
    MPI_Request q;
    memset(back, 0, sizeof back);
    MPI_File_seek(fh, (MPI_Offset)((rank + 1) % size) * N, MPI_SEEK_SET);
    MPI_File_iread_all(fh, back, N, MPI_INT, &q);
    int done = 0;
    while (!done)
        MPI_Test(&q, &done, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    ok = count == N;
    for (int i = 0; i < N; i++)
        ok &= back[i] == ((rank + 1) % size) * N + i;
    verdict("iread_all: the next rank's ints", ok);
    /* nonblocking shared-pointer reads: together every int once */
    MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
    memset(back, 0, sizeof back);
    MPI_File_iread_shared(fh, back, N, MPI_INT, &q);
    MPI_Request_get_status(q, &done, MPI_STATUS_IGNORE); /* done or not: Wait completes it */
    MPI_Wait(&q, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    int first = back[0], sum = 0, all;
    ok = count == N && first % N == 0;
    for (int i = 0; i < N; i++)
        ok &= back[i] == first + i;
    for (int i = 0; i < N; i++)
        sum += back[i];
    MPI_Allreduce(&sum, &all, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    verdict("iread_shared: one rank's block each", ok && all == G * (G - 1) / 2);
    MPI_File_close(&fh);
    MPI_Errhandler_free(&eh);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        io_digest("file", "io_handlers.dat");
    MPI_Finalize();
    return 0;
}

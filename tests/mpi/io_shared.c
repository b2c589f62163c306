/* what: MPI-IO shared file pointers: write_shared by every rank (order left to the run: each rank
 *       checks it finds its own record somewhere), write_ordered in rank order, read_ordered,
 *       read_shared, seek_shared and get_position_shared, in a view of ints; the ordered file's
 *       bytes do not depend on the rank count
 * np: 1 2 3 4 7
 */
#include "io_check.h"
#include "verdict.h"
#include <stdlib.h>
#include <string.h>

static int rank, size;

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    enum { G = 840 }; /* a multiple of 1..8 */
    MPI_File fh;
    if (rank == 0)
        MPI_File_delete("io_shared.dat", MPI_INFO_NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_open(MPI_COMM_WORLD, "io_shared.dat", MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);

    /* ordered: rank r's k ints after those of the ranks below it */
    int k = G / size, *mine = malloc(sizeof *mine * (size_t)k), *back = malloc(sizeof *back * G);
    for (int i = 0; i < k; i++)
        mine[i] = (rank * k + i) * 3 + 1;
    MPI_Status st;
    int count;
    MPI_File_write_ordered(fh, mine, k, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    MPI_Offset pos;
    MPI_File_get_position_shared(fh, &pos);
    verdict("write_ordered: count and shared position", count == k && pos == G);
    MPI_File_seek_shared(fh, 0, MPI_SEEK_SET);
    MPI_File_read_ordered(fh, back, k, MPI_INT, &st);
    int ok = 1;
    for (int i = 0; i < k; i++)
        ok &= back[i] == mine[i];
    verdict("read_ordered gets each rank's own ints back", ok);
    MPI_File_get_position_shared(fh, &pos);
    verdict("read_ordered moves the shared pointer past all", pos == G);
    MPI_File_close(&fh);
    if (rank == 0)
        io_digest("write_ordered", "io_shared.dat");
    MPI_Barrier(MPI_COMM_WORLD);

    /* shared: each rank appends one record of 5 ints: its rank, then 4 values; in any order */
    MPI_File_open(MPI_COMM_WORLD, "io_shared.dat", MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "native", MPI_INFO_NULL);
    MPI_File_seek_shared(fh, 0, MPI_SEEK_END);
    MPI_File_get_position_shared(fh, &pos);
    verdict("seek_shared to the end", pos == G);
    int rec[5] = {rank, rank * 10, rank * 10 + 1, rank * 10 + 2, rank * 10 + 3};
    MPI_File_write_shared(fh, rec, 5, MPI_INT, &st);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_get_position_shared(fh, &pos);
    verdict("write_shared moves the shared pointer", pos == G + 5 * size);
    int *recs = malloc(sizeof *recs * 5 * (size_t)size), found = 0;
    MPI_File_read_at(fh, G, recs, 5 * size, MPI_INT, &st);
    for (int r = 0; r < size; r++)
        if (recs[5 * r] == rank)
            found += !memcmp(&recs[5 * r], rec, sizeof rec);
    verdict("every rank finds its record once", found == 1);
    /* read_shared: each rank reads one record; together they read them all */
    MPI_File_seek_shared(fh, G, MPI_SEEK_SET);
    int one[5], seen = 0;
    MPI_File_read_shared(fh, one, 5, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    seen = one[0] >= 0 && one[0] < size && one[1] == one[0] * 10 ? 1 << one[0] % 30 : 0;
    int all;
    MPI_Allreduce(&seen, &all, 1, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
    verdict("read_shared: the ranks read every record once", count == 5 && all == (size >= 30 ? all : (1 << size) - 1));
    MPI_File_seek_shared(fh, -5, MPI_SEEK_CUR);
    MPI_File_get_position_shared(fh, &pos);
    verdict("seek_shared relative to the current position", pos == G + 5 * size - 5);
    MPI_File_close(&fh);
    if (rank == 0) {
        FILE *f = fopen("io_shared.dat", "rb");
        fseek(f, 0, SEEK_END);
        printf("after write_shared: %ld bytes\n", ftell(f) - 20L * size);
        fclose(f);
    }
    free(mine), free(back), free(recs);
    MPI_Finalize();
    return 0;
}

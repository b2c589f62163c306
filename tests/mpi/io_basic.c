/* what: MPI-IO basics: open modes and their errors, explicit offsets, sizes, group, amode, seek and
 *       positions with the default view, the default error handler, delete, append, delete on close;
 *       the file's bytes on disk
 * np: 1 2 3 4 7
 */
#include "io_check.h"
#include "verdict.h"
#include <stdlib.h>
#include <string.h>

#define N 100
static int rank, size;

static void say(const char *what, int rc)
{
    if (rank == 0)
        printf("%s: %s\n", what, io_errname(rc));
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_File fh;
    MPI_Errhandler eh;
    MPI_File_get_errhandler(MPI_FILE_NULL, &eh);
    verdict("MPI_FILE_NULL's handler is MPI_ERRORS_RETURN", eh == MPI_ERRORS_RETURN);

    if (rank == 0)
        MPI_File_delete("io_basic.dat", MPI_INFO_NULL); /* a leftover of an earlier run */
    MPI_Barrier(MPI_COMM_WORLD);
    say("open a missing file", MPI_File_open(MPI_COMM_WORLD, "io_basic.dat", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh));
    say("no access mode", MPI_File_open(MPI_COMM_WORLD, "io_basic.dat", MPI_MODE_CREATE, MPI_INFO_NULL, &fh));
    say("two access modes",
        MPI_File_open(MPI_COMM_WORLD, "io_basic.dat", MPI_MODE_RDWR | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh));
    say("read-only with create",
        MPI_File_open(MPI_COMM_WORLD, "io_basic.dat", MPI_MODE_RDONLY | MPI_MODE_CREATE, MPI_INFO_NULL, &fh));
    say("delete a missing file", MPI_File_delete("io_basic_none.dat", MPI_INFO_NULL));

    int rc = MPI_File_open(MPI_COMM_WORLD, "io_basic.dat", MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_RDWR,
                           MPI_INFO_NULL, &fh);
    say("create", rc);
    MPI_File_get_errhandler(fh, &eh);
    verdict("a new file's handler is MPI_ERRORS_RETURN", eh == MPI_ERRORS_RETURN);
    int amode;
    MPI_File_get_amode(fh, &amode);
    verdict("get_amode", amode == (MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_RDWR));
    MPI_Group g, wg;
    int cmp;
    MPI_File_get_group(fh, &g);
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    MPI_Group_compare(g, wg, &cmp);
    verdict("get_group", cmp == MPI_IDENT);
    MPI_Group_free(&g);
    MPI_Group_free(&wg);
    MPI_Fint f = MPI_File_c2f(fh);
    verdict("c2f and f2c", MPI_File_f2c(f) == fh);

    /* each rank writes its block at an explicit offset, then reads its neighbour's */
    int out[N], in[N];
    for (int i = 0; i < N; i++)
        out[i] = rank * 1000 + i;
    MPI_Status st;
    int count, ok;
    MPI_File_write_at(fh, (MPI_Offset)rank * sizeof out, out, N, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    verdict("write_at count", count == N);
    MPI_Barrier(MPI_COMM_WORLD);
    int next = (rank + 1) % size;
    MPI_File_read_at(fh, (MPI_Offset)next * sizeof in, in, N, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    ok = count == N;
    for (int i = 0; i < N; i++)
        ok &= in[i] == next * 1000 + i;
    verdict("read_at of the next rank's block", ok);
    MPI_Offset sz;
    MPI_File_get_size(fh, &sz);
    verdict("get_size", sz == (MPI_Offset)size * sizeof out);

    /* a read across the end of the file gets what is there */
    MPI_File_read_at(fh, (MPI_Offset)size * sizeof out - 10 * sizeof(int), in, N, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    verdict("read across the end gets the 10 ints there", count == 10 && in[0] == (size - 1) * 1000 + 90);
    MPI_File_read_at(fh, (MPI_Offset)size * sizeof out + 100, in, N, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    if (rank == 0)
        printf("read past the end: %d ints\n", count);

    /* the individual file pointer with the default view: bytes */
    MPI_Offset pos, byte;
    MPI_File_seek(fh, (MPI_Offset)rank * sizeof out, MPI_SEEK_SET);
    MPI_File_read(fh, in, 10, MPI_INT, &st);
    MPI_File_get_position(fh, &pos);
    ok = pos == (MPI_Offset)rank * sizeof out + 40 && in[9] == rank * 1000 + 9;
    MPI_File_seek(fh, 8, MPI_SEEK_CUR);
    MPI_File_read(fh, in, 1, MPI_INT, &st);
    ok &= in[0] == rank * 1000 + 12;
    MPI_File_seek(fh, -4, MPI_SEEK_END);
    MPI_File_get_position(fh, &pos);
    MPI_File_get_byte_offset(fh, pos, &byte);
    MPI_File_read(fh, in, 1, MPI_INT, &st);
    ok &= pos == sz - 4 && byte == sz - 4 && in[0] == (size - 1) * 1000 + N - 1;
    verdict("seek, read and get_position", ok);
    say("seek before the start", MPI_File_seek(fh, -1, MPI_SEEK_SET));
    MPI_Aint ext;
    MPI_File_get_type_extent(fh, MPI_DOUBLE, &ext);
    verdict("get_type_extent", ext == sizeof(double));
    int atom;
    MPI_File_set_atomicity(fh, 1);
    MPI_File_get_atomicity(fh, &atom);
    ok = atom == 1;
    MPI_File_set_atomicity(fh, 0);
    MPI_File_get_atomicity(fh, &atom);
    verdict("atomicity", ok && atom == 0);
    MPI_File_sync(fh);

    /* sizes: set_size truncates and extends (with zeros), preallocate only extends */
    MPI_File_set_size(fh, 64);
    MPI_File_get_size(fh, &sz);
    ok = sz == 64;
    MPI_File_preallocate(fh, 32);
    MPI_File_get_size(fh, &sz);
    ok &= sz == 64;
    MPI_File_set_size(fh, 200);
    MPI_File_get_size(fh, &sz);
    ok &= sz == 200;
    MPI_File_read_at(fh, 190, in, 2, MPI_INT, &st);
    ok &= in[0] == 0 && in[1] == 0;
    verdict("set_size and preallocate", ok);
    MPI_File_close(&fh);
    verdict("close sets MPI_FILE_NULL", fh == MPI_FILE_NULL);
    if (rank == 0)
        io_digest("after set_size", "io_basic.dat");
    MPI_Barrier(MPI_COMM_WORLD);

    say("create an existing file exclusively",
        MPI_File_open(MPI_COMM_WORLD, "io_basic.dat", MPI_MODE_CREATE | MPI_MODE_EXCL | MPI_MODE_WRONLY,
                      MPI_INFO_NULL, &fh));

    /* read-only and write-only files refuse the other direction */
    MPI_File_open(MPI_COMM_WORLD, "io_basic.dat", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    say("write to a read-only file", MPI_File_write_at(fh, 0, out, 1, MPI_INT, &st));
    MPI_File_close(&fh);
    MPI_File_open(MPI_COMM_WORLD, "io_basic.dat", MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    say("read from a write-only file", MPI_File_read_at(fh, 0, in, 1, MPI_INT, &st));
    MPI_File_close(&fh);

    /* append: both pointers start at the end */
    MPI_File_open(MPI_COMM_WORLD, "io_basic.dat", MPI_MODE_WRONLY | MPI_MODE_APPEND, MPI_INFO_NULL, &fh);
    MPI_File_get_position(fh, &pos);
    verdict("append starts at the end", pos == 200);
    if (rank == size - 1)
        MPI_File_write(fh, "appended", 8, MPI_CHAR, &st);
    MPI_File_close(&fh);
    if (rank == 0)
        io_digest("after append", "io_basic.dat");
    MPI_Barrier(MPI_COMM_WORLD);

    /* a file opened by one rank alone, on MPI_COMM_SELF */
    char name[32];
    snprintf(name, sizeof name, "io_basic.%d.dat", rank);
    MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    MPI_File_write(fh, name, (int)strlen(name), MPI_CHAR, &st);
    MPI_File_close(&fh);
    MPI_File_open(MPI_COMM_SELF, name, MPI_MODE_RDONLY | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL, &fh);
    char back[32] = "";
    MPI_File_read(fh, back, (int)strlen(name), MPI_CHAR, &st);
    MPI_File_close(&fh);
    ok = !strcmp(back, name);
    FILE *gone = fopen(name, "r");
    ok &= gone == NULL;
    if (gone)
        fclose(gone);
    verdict("MPI_COMM_SELF files and delete on close", ok);

    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        say("delete", MPI_File_delete("io_basic.dat", MPI_INFO_NULL));
    MPI_Finalize();
    return 0;
}

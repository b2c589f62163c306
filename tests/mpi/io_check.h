/* Helpers of the MPI-IO tests: the bytes of a file as the operating system
 * has them (size and a 64-bit FNV-1a digest, read with stdio after the file
 * is closed), so that equal outputs under simpi and MPICH mean equal files;
 * and error classes by name (their numbers differ between implementations). */
#include <mpi.h>
#include <stdio.h>

static inline void io_digest(const char *what, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("%s: %s: no such file\n", what, path);
        return;
    }
    unsigned long long h = 1469598103934665603ULL, n = 0;
    int c;
    while ((c = getc(f)) != EOF) {
        h = (h ^ (unsigned char)c) * 1099511628211ULL;
        n++;
    }
    fclose(f);
    printf("%s: %s: %llu bytes, digest %016llx\n", what, path, n, h);
}

static inline const char *io_errname(int code)
{
    int cls;
    if (code == MPI_SUCCESS)
        return "MPI_SUCCESS";
    MPI_Error_class(code, &cls);
    static const struct { int cls; const char *name; } names[] = {
        {MPI_ERR_ACCESS, "MPI_ERR_ACCESS"}, {MPI_ERR_AMODE, "MPI_ERR_AMODE"},
        {MPI_ERR_BAD_FILE, "MPI_ERR_BAD_FILE"}, {MPI_ERR_FILE_EXISTS, "MPI_ERR_FILE_EXISTS"},
        {MPI_ERR_FILE_IN_USE, "MPI_ERR_FILE_IN_USE"}, {MPI_ERR_FILE, "MPI_ERR_FILE"}, {MPI_ERR_IO, "MPI_ERR_IO"},
        {MPI_ERR_NO_SPACE, "MPI_ERR_NO_SPACE"}, {MPI_ERR_NO_SUCH_FILE, "MPI_ERR_NO_SUCH_FILE"},
        {MPI_ERR_READ_ONLY, "MPI_ERR_READ_ONLY"}, {MPI_ERR_UNSUPPORTED_DATAREP, "MPI_ERR_UNSUPPORTED_DATAREP"},
        {MPI_ERR_UNSUPPORTED_OPERATION, "MPI_ERR_UNSUPPORTED_OPERATION"}, {MPI_ERR_ARG, "MPI_ERR_ARG"},
        {MPI_ERR_TYPE, "MPI_ERR_TYPE"}, {MPI_ERR_COUNT, "MPI_ERR_COUNT"}, {MPI_ERR_OTHER, "MPI_ERR_OTHER"},
        {MPI_ERR_COMM, "MPI_ERR_COMM"}, {MPI_ERR_INFO, "MPI_ERR_INFO"}, {MPI_ERR_BUFFER, "MPI_ERR_BUFFER"},
        {MPI_ERR_DUP_DATAREP, "MPI_ERR_DUP_DATAREP"}, {MPI_ERR_CONVERSION, "MPI_ERR_CONVERSION"},
    };
    for (unsigned i = 0; i < sizeof names / sizeof *names; i++)
        if (names[i].cls == cls)
            return names[i].name;
    return "another class";
}

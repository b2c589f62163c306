/* what this tests: MPI_Comm_split_type with MPI 4.0's MPI_COMM_TYPE_HW_GUIDED: info's
 *   mpi_hw_resource_type "mpi_shared_memory" gives the communicator MPI_COMM_TYPE_SHARED gives
 *   (the same group, key order kept); no info, or another value, gives MPI_COMM_NULL on every
 *   rank, as MPICH 4.0.2 does. MPI_COMM_TYPE_HW_UNGUIDED: MPI_COMM_NULL when all ranks share one
 *   node (MPICH here), else the nodes, the level named in the info (simpi's hosts:
 *   unit/split_type.sh checks it with several ranks per host)
 * np: 1 3 4
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    static const char *values[] = {NULL, "mpi_shared_memory", "hwthread", "core", "socket", "numanode", "host",
                                   "no_such_level"};
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm shared;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, size - rank, MPI_INFO_NULL, &shared);
    for (int i = 0; i < (int)(sizeof values / sizeof *values); i++) {
        MPI_Info info = MPI_INFO_NULL;
        MPI_Comm c;
        if (values[i]) {
            MPI_Info_create(&info);
            MPI_Info_set(info, "mpi_hw_resource_type", values[i]);
        }
        MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, size - rank, info, &c);
        int null = c == MPI_COMM_NULL, res = MPI_UNEQUAL, allnull, same;
        if (!null)
            MPI_Comm_compare(c, shared, &res);
        int mine = null || res == MPI_CONGRUENT;
        MPI_Allreduce(&null, &allnull, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
        MPI_Allreduce(&mine, &same, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
        if (rank == 0)
            printf("%s: %s\n", values[i] ? values[i] : "no info",
                   allnull ? "MPI_COMM_NULL" : same ? "as MPI_COMM_TYPE_SHARED" : "another communicator");
        if (!null)
            MPI_Comm_free(&c);
        if (info != MPI_INFO_NULL)
            MPI_Info_free(&info);
    }
    MPI_Info info;
    MPI_Comm ung;
    int ssize, res = MPI_UNEQUAL, flag = 0, ok, all;
    char level[64] = "";
    MPI_Comm_size(shared, &ssize);
    MPI_Info_create(&info);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_UNGUIDED, size - rank, info, &ung);
    MPI_Info_get(info, "mpi_hw_resource_type", 63, level, &flag);
    if (ung != MPI_COMM_NULL)
        MPI_Comm_compare(ung, shared, &res);
    ok = ssize == size ? ung == MPI_COMM_NULL : res == MPI_CONGRUENT && flag && level[0];
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("HW_UNGUIDED: %s\n", all ? "MPI_COMM_NULL on one node, else the nodes" : "wrong");
    if (ung != MPI_COMM_NULL)
        MPI_Comm_free(&ung);
    MPI_Info_free(&info);
    MPI_Comm_free(&shared);
    MPI_Finalize();
    return 0;
}

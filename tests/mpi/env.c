/* what this tests: Initialized/Finalized before, during and after, Comm_rank/Comm_size on
 *   MPI_COMM_WORLD and MPI_COMM_SELF, Get_version, Wtime monotonic, Wtick, Get_processor_name
 * np: 3
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int init_before, fin_before, init_during, fin_during, fin_after;
    int ver_before, sub_before, ver, sub;
    int rank, size, srank, ssize, len, i;
    char name[MPI_MAX_PROCESSOR_NAME];
    double t0, t1, t2, tick;
    volatile double work = 0.0;

    MPI_Initialized(&init_before);
    MPI_Finalized(&fin_before);
    MPI_Get_version(&ver_before, &sub_before);

    MPI_Init(&argc, &argv);
    MPI_Initialized(&init_during);
    MPI_Finalized(&fin_during);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_SELF, &srank);
    MPI_Comm_size(MPI_COMM_SELF, &ssize);
    MPI_Get_version(&ver, &sub);

    t0 = MPI_Wtime();
    for (i = 0; i < 100000; i++)
        work += i * 0.5;
    t1 = MPI_Wtime();
    MPI_Barrier(MPI_COMM_WORLD);
    t2 = MPI_Wtime();
    tick = MPI_Wtick();

    len = -1;
    memset(name, 'x', sizeof name);
    MPI_Get_processor_name(name, &len);

    printf("rank %d: world rank %d size %d, self rank %d size %d\n", rank, rank, size, srank, ssize);
    printf("rank %d: initialized before=%d during=%d\n", rank, init_before != 0, init_during != 0);
    printf("rank %d: finalized before=%d during=%d\n", rank, fin_before != 0, fin_during != 0);
    printf("rank %d: version matches mpi.h=%d, same before init=%d, at least 2=%d\n", rank,
           ver == MPI_VERSION && sub == MPI_SUBVERSION, ver == ver_before && sub == sub_before,
           ver >= 2);
    printf("rank %d: wtime non-negative=%d monotonic=%d\n", rank, t0 >= 0.0, t0 <= t1 && t1 <= t2);
    printf("rank %d: wtick positive=%d at most 1s=%d\n", rank, tick > 0.0, tick <= 1.0);
    printf("rank %d: processor name non-empty=%d length consistent=%d\n", rank, len > 0,
           len > 0 && len < MPI_MAX_PROCESSOR_NAME && (int)strlen(name) == len);

    MPI_Finalize();
    MPI_Finalized(&fin_after);
    printf("rank %d: finalized after=%d\n", rank, fin_after != 0);
    return 0;
}

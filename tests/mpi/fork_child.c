/* what: a rank forks a child that prints, exits with its own status (7) and is waited for; the
 *   child is the program's business, as under mpiexec: no simpi report from it, no line printed
 *   twice, the parent and the other ranks go on
 * np: 3
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    int rank, status = -1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    printf("rank %d: before the fork\n", rank);
    fflush(stdout);
    if (rank == 1) {
        pid_t pid = fork();
        if (pid == 0) {
            printf("rank 1's child: runs\n");
            exit(7);
        }
        waitpid(pid, &status, 0);
        printf("rank 1: its child ended with status %d\n", WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d: after the barrier\n", rank);
    MPI_Finalize();
    return 0;
}

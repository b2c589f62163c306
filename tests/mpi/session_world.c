/* what this tests: a session and the world model together: MPI_Session_init before MPI_Init,
 *   a communicator from mpi://WORLD congruent with MPI_COMM_WORLD, messages on both, and
 *   MPI_Finalize before MPI_Session_finalize (MPI_Finalized true, the session still usable)
 * np: 1 2 4
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Session s;
    MPI_Group g;
    MPI_Comm c;
    int flag, rank, size, res, x, y, z;
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &s);
    MPI_Initialized(&flag);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0)
        printf("initialized before MPI_Init: %s\n", flag ? "true" : "false");
    MPI_Group_from_session_pset(s, "mpi://WORLD", &g);
    MPI_Comm_create_from_group(g, "simpi.test", MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &c);
    MPI_Comm_compare(c, MPI_COMM_WORLD, &res);
    x = rank;
    MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, c);
    MPI_Allreduce(&x, &z, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0)
        printf("congruent: %s, sums %s\n", res == MPI_CONGRUENT ? "yes" : "no",
               y == size * (size - 1) / 2 && z == size - 1 ? "right" : "wrong");
    MPI_Comm_free(&c);
    MPI_Group_free(&g);
    MPI_Finalize();
    MPI_Finalized(&flag);
    int n;
    MPI_Session_get_num_psets(s, MPI_INFO_NULL, &n);
    MPI_Session_finalize(&s);
    if (rank == 0)
        printf("finalized: %s, process sets after MPI_Finalize: %d\n", flag ? "true" : "false", n);
    return 0;
}

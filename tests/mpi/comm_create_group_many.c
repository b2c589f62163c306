/* what this tests: MPI_Comm_create_group called in a row with different groups of the same size
 *   and first member, all with tag 0 (ranks outside one group go on to the next call at once):
 *   each new communicator holds exactly its group
 * np: 8
 */
#include "coll_check.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Group world;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    int ok = 1, *members = malloc(sizeof(int) * (size_t)size);
    for (int it = 0; it < 40; it++) {
        int n = 0, in = 0, sum = 0, want = 0, got = -1;
        members[n++] = 0; /* rank 0 always first; the others by a fixed pseudo-random pattern */
        for (int r = 1; r < size; r++)
            if (((r * 7 + it * 13) ^ (it * 5)) % 3 != 0)
                members[n++] = r;
        for (int i = 0; i < n; i++) {
            in |= members[i] == rank;
            want += members[i];
        }
        MPI_Group g;
        MPI_Group_incl(world, n, members, &g);
        if (in) {
            MPI_Comm c;
            MPI_Comm_create_group(MPI_COMM_WORLD, g, 0, &c);
            MPI_Comm_size(c, &got);
            MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, c);
            ok &= got == n && sum == want;
            MPI_Comm_free(&c);
        }
        MPI_Group_free(&g);
    }
    report("40 groups in a row, each communicator holds its group", ok);
    MPI_Group_free(&world);
    free(members);
    MPI_Finalize();
    return 0;
}

/* what this tests: MPI 4.0's MPI_Intercomm_create_from_groups (halves of the world, leaders at
 *   either end, groups from a session's mpi://WORLD, the error handler given, a second pair made
 *   while the first lives, traffic across, a merge) and MPI_Comm_get_parent (MPI_COMM_NULL: no
 *   process was spawned)
 * np: 2 3 4 7
 */
#include <mpi.h>
#include "verdict.h"
#include <stdio.h>

static int rank, size;

/* Splits group g (the world's) into halves [0, h) and [h, size); makes their intercommunicator. */
static MPI_Comm halves(MPI_Group g, int low_leader, int high_leader, const char *tag, MPI_Errhandler eh)
{
    int h = size / 2, range[1][3];
    MPI_Group lo, hi;
    range[0][0] = 0, range[0][1] = h - 1, range[0][2] = 1;
    MPI_Group_range_incl(g, 1, range, &lo);
    range[0][0] = h, range[0][1] = size - 1;
    MPI_Group_range_incl(g, 1, range, &hi);
    MPI_Comm ic;
    if (rank < h)
        MPI_Intercomm_create_from_groups(lo, low_leader, hi, high_leader, tag, MPI_INFO_NULL, eh, &ic);
    else
        MPI_Intercomm_create_from_groups(hi, high_leader, lo, low_leader, tag, MPI_INFO_NULL, eh, &ic);
    MPI_Group_free(&lo);
    MPI_Group_free(&hi);
    return ic;
}

/* Sizes, ranks, groups and a message each way between the two halves' rank 0. */
static int check(MPI_Comm ic)
{
    int h = size / 2, flag, lsize, rsize, lrank, ok = 1;
    MPI_Comm_test_inter(ic, &flag);
    MPI_Comm_size(ic, &lsize);
    MPI_Comm_remote_size(ic, &rsize);
    MPI_Comm_rank(ic, &lrank);
    ok &= flag && lsize == (rank < h ? h : size - h) && rsize == size - lsize;
    ok &= lrank == (rank < h ? rank : rank - h);
    int sum = 0, mine = rank;
    MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, ic); /* the remote group's sum of world ranks */
    int lo_sum = h * (h - 1) / 2, all = size * (size - 1) / 2;
    ok &= sum == (rank < h ? all - lo_sum : lo_sum);
    if (lrank == 0) {
        int got = -1;
        MPI_Sendrecv(&mine, 1, MPI_INT, 0, 5, &got, 1, MPI_INT, 0, 5, ic, MPI_STATUS_IGNORE);
        ok &= got == (rank < h ? h : 0);
    }
    return ok;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm parent = MPI_COMM_WORLD;
    MPI_Comm_get_parent(&parent);
    verdict("Comm_get_parent is MPI_COMM_NULL", parent == MPI_COMM_NULL);

    MPI_Group world;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Comm a = halves(world, 0, 0, "org.example.first", MPI_ERRORS_RETURN);
    verdict("halves, leaders 0 and 0", check(a));
    MPI_Errhandler eh;
    MPI_Comm_get_errhandler(a, &eh);
    verdict("error handler given", eh == MPI_ERRORS_RETURN);
    MPI_Errhandler_free(&eh);
    int h = size / 2;
    MPI_Comm b = halves(world, h - 1, size - h - 1, "org.example.second", MPI_ERRORS_ARE_FATAL);
    verdict("halves, last ranks as leaders, while the first lives", check(b));
    MPI_Comm merged;
    MPI_Intercomm_merge(b, rank >= h, &merged);
    int mrank;
    MPI_Comm_rank(merged, &mrank);
    verdict("merge of the second", mrank == rank);
    MPI_Comm_free(&merged);
    MPI_Comm_free(&a);
    MPI_Comm_free(&b);
    MPI_Group_free(&world);

    MPI_Session s;
    MPI_Group sw;
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s);
    MPI_Group_from_session_pset(s, "mpi://WORLD", &sw);
    MPI_Comm c = halves(sw, 0, size - h - 1, "org.example.session", MPI_ERRORS_RETURN);
    verdict("halves of a session's mpi://WORLD", check(c));
    MPI_Comm_free(&c);
    MPI_Group_free(&sw);
    MPI_Session_finalize(&s);
    MPI_Finalize();
    return 0;
}

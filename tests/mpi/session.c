/* what this tests: MPI 4.0 sessions in a program that never calls MPI_Init: the process sets
 *   (names, lengths, truncated names, their mpi_size), groups from mpi://WORLD and mpi://SELF
 *   (names in any case), communicators from them by MPI_Comm_create_from_group (sizes, ranks, a
 *   reduction, the error handler given), two sessions at once, a session error handler called
 *   by MPI_Session_call_errhandler, the session's info, MPI_Initialized and MPI_Finalized false
 *   throughout, MPI_Get_version 4.0
 * np: 1 2 3 5
 */
#include <mpi.h>
#include "verdict.h"
#include <stdio.h>
#include <string.h>

static int calls;
static void on_error(MPI_Session *s, int *code, ...)
{
    (void)s;
    calls += *code == MPI_ERR_OTHER;
}

int main(void)
{
    MPI_Session s, s2;
    MPI_Group gw, gs;
    MPI_Comm world, self;
    int flag, n, len, size, rank, ok;
    char name[64];

    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s);
    MPI_Session_get_num_psets(s, MPI_INFO_NULL, &n);
    MPI_Group_from_session_pset(s, "mpi://WORLD", &gw);
    MPI_Comm_create_from_group(gw, "org.simpi.test.world", MPI_INFO_NULL, MPI_ERRORS_RETURN, &world);
    MPI_Comm_size(world, &size);
    MPI_Comm_rank(world, &rank);
    if (rank == 0)
        printf("process sets: %d\n", n);
    for (int i = 0; i < n; i++) {
        MPI_Info info;
        char val[32];
        int vlen = sizeof val, exp = 0;
        len = 0;
        MPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, NULL);
        MPI_Session_get_nth_pset(s, MPI_INFO_NULL, i, &len, name);
        MPI_Session_get_pset_info(s, name, &info);
        MPI_Info_get_string(info, "mpi_size", &vlen, val, &flag);
        MPI_Info_free(&info);
        sscanf(val, "%d", &exp);
        if (rank == 0)
            printf("set %d: %s, length %d, mpi_size %s\n", i, name, len,
                   exp == (i ? 1 : size) ? (i ? "1" : "the world's size") : val);
    }
    len = 4;
    MPI_Session_get_nth_pset(s, MPI_INFO_NULL, 0, &len, name);
    verdict_on(world, "a name cut to 3 characters", !strcmp(name, "mpi") && len == 4);

    int gsize, grank;
    MPI_Group_size(gw, &gsize);
    MPI_Group_rank(gw, &grank);
    int sum, mine = rank + 1;
    MPI_Allreduce(&mine, &sum, 1, MPI_INT, MPI_SUM, world);
    MPI_Errhandler eh;
    MPI_Comm_get_errhandler(world, &eh);
    verdict_on(world, "mpi://WORLD: group and communicator",
            gsize == size && grank == rank && sum == size * (size + 1) / 2 && eh == MPI_ERRORS_RETURN);

    MPI_Group_from_session_pset(s, "MPI://Self", &gs);
    MPI_Comm_create_from_group(gs, "org.simpi.test.self", MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &self);
    int ssize, srank, res;
    MPI_Comm_size(self, &ssize);
    MPI_Comm_rank(self, &srank);
    MPI_Group_size(gs, &gsize);
    MPI_Group_compare(gw, gs, &res);
    verdict_on(world, "mpi://SELF (any case): group and communicator",
            ssize == 1 && srank == 0 && gsize == 1 && (size == 1 ? res == MPI_IDENT : res == MPI_UNEQUAL));
    MPI_Comm_free(&self);
    MPI_Group_free(&gs);

    /* a second session, and a communicator of the even ranks of the world from it */
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s2);
    MPI_Group g2, evens;
    MPI_Group_from_session_pset(s2, "mpi://WORLD", &g2);
    int range[1][3] = {{0, size - 1, 2}};
    MPI_Group_range_incl(g2, 1, range, &evens);
    ok = 1;
    if (rank % 2 == 0) {
        MPI_Comm ce;
        int esize, erank, x = rank, y;
        MPI_Comm_create_from_group(evens, "org.simpi.test.evens", MPI_INFO_NULL, MPI_ERRORS_RETURN, &ce);
        MPI_Comm_size(ce, &esize);
        MPI_Comm_rank(ce, &erank);
        MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_MAX, ce);
        ok = esize == (size + 1) / 2 && erank == rank / 2 && y == (size - 1) / 2 * 2;
        MPI_Comm_free(&ce);
    }
    MPI_Group_free(&evens);
    MPI_Group_free(&g2);
    MPI_Session_finalize(&s2);
    verdict_on(world, "a second session: the even ranks", ok && s2 == MPI_SESSION_NULL);

    MPI_Errhandler handler;
    MPI_Session_create_errhandler(on_error, &handler);
    MPI_Session_set_errhandler(s, handler);
    MPI_Session_call_errhandler(s, MPI_ERR_OTHER);
    MPI_Errhandler_free(&handler);
    verdict_on(world, "session error handler called", calls == 1);

    MPI_Info used;
    char level[64];
    int llen = sizeof level;
    MPI_Session_get_info(s, &used);
    MPI_Info_get_string(used, "thread_level", &llen, level, &flag);
    MPI_Info_free(&used);
    verdict_on(world, "session info: thread_level", flag && !strncmp(level, "MPI_THREAD_", 11));

    int v, sv;
    MPI_Get_version(&v, &sv);
    MPI_Initialized(&flag);
    verdict_on(world, "MPI_Initialized false, version 4.0", !flag && v == 4 && sv == 0);
    MPI_Comm_free(&world);
    MPI_Group_free(&gw);
    MPI_Session_finalize(&s);
    MPI_Finalized(&flag);
    if (rank == 0)
        printf("finalized: %s, session %s\n", flag ? "true" : "false", s == MPI_SESSION_NULL ? "null" : "set");
    return 0;
}

/* what this tests: the nonblocking (MPI_Ineighbor_*) and persistent (MPI_Neighbor_*_init) neighbourhood
 *   collectives, int and large-count (_c) forms, on a periodic ring, a non-periodic 2-D grid (MPI_PROC_NULL
 *   neighbours) and a distributed graph: all five started at once with a blocking Allreduce in between,
 *   then each persistent one started 3 times with new data; received blocks printed by rank 0
 *   (a periodic dimension of size 2 is left out: MPICH 4.0.2 pairs its blocks differently in alltoall
 *   and in alltoallv/w)
 * np: 6
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXN 8

static int rank;
static char out[1 << 16]; /* this rank's lines, printed by rank 0 at the end (MPICH interleaves ranks' output) */
static int outlen;

static void show(const char *what, const int *v, int n)
{
    outlen += snprintf(out + outlen, sizeof out - (size_t)outlen, "rank %d %s:", rank, what);
    for (int i = 0; i < n; i++)
        outlen += snprintf(out + outlen, sizeof out - (size_t)outlen, " %d", v[i]);
    outlen += snprintf(out + outlen, sizeof out - (size_t)outlen, "\n");
}

/* all five at once on comm (nin in-neighbours, nout out-neighbours), large-count forms when big */
static void all_five(MPI_Comm comm, int nin, int nout, int big, const char *name)
{
    int s[MAXN * 2], g[MAXN], gv[MAXN * 2], a2a[MAXN], a2av[MAXN * 2], a2aw[MAXN], sc[MAXN], rc[MAXN], sd[MAXN],
        rd[MAXN], gcounts[MAXN], gdispls[MAXN];
    MPI_Aint swd[MAXN], rwd[MAXN];
    MPI_Count csc[MAXN], crc[MAXN], cgcounts[MAXN];
    MPI_Aint csd[MAXN], crd[MAXN], cgdispls[MAXN];
    MPI_Datatype ts[MAXN], tr[MAXN];
    for (int i = 0; i < MAXN * 2; i++)
        s[i] = 100 * rank + i;
    for (int i = 0; i < MAXN; i++) {
        sc[i] = csc[i] = 1 + i % 2;
        sd[i] = csd[i] = 2 * i;
        rc[i] = crc[i] = 1; /* each in-neighbour sends the count its out-slot says: use 1 and 2 alike below */
        rd[i] = crd[i] = 2 * i;
        gcounts[i] = cgcounts[i] = 1;
        gdispls[i] = cgdispls[i] = 2 * i;
        swd[i] = (MPI_Aint)sizeof(int) * i;
        rwd[i] = (MPI_Aint)sizeof(int) * i;
        ts[i] = tr[i] = MPI_INT;
    }
    for (int i = 0; i < MAXN; i++)
        sc[i] = csc[i] = 1; /* counts must agree between both ends of each edge */
    memset(g, -1, sizeof g);
    memset(gv, -1, sizeof gv);
    memset(a2a, -1, sizeof a2a);
    memset(a2av, -1, sizeof a2av);
    memset(a2aw, -1, sizeof a2aw);
    MPI_Request r[5];
    int one = 1, sum = 0;
    if (big) {
        MPI_Ineighbor_allgather_c(s, 1, MPI_INT, g, 1, MPI_INT, comm, &r[0]);
        MPI_Ineighbor_allgatherv_c(s, 1, MPI_INT, gv, cgcounts, cgdispls, MPI_INT, comm, &r[1]);
        MPI_Ineighbor_alltoall_c(s, 1, MPI_INT, a2a, 1, MPI_INT, comm, &r[2]);
        MPI_Ineighbor_alltoallv_c(s, csc, csd, MPI_INT, a2av, crc, crd, MPI_INT, comm, &r[3]);
        MPI_Ineighbor_alltoallw_c(s, csc, swd, ts, a2aw, crc, rwd, tr, comm, &r[4]);
    } else {
        MPI_Ineighbor_allgather(s, 1, MPI_INT, g, 1, MPI_INT, comm, &r[0]);
        MPI_Ineighbor_allgatherv(s, 1, MPI_INT, gv, gcounts, gdispls, MPI_INT, comm, &r[1]);
        MPI_Ineighbor_alltoall(s, 1, MPI_INT, a2a, 1, MPI_INT, comm, &r[2]);
        MPI_Ineighbor_alltoallv(s, sc, sd, MPI_INT, a2av, rc, rd, MPI_INT, comm, &r[3]);
        MPI_Ineighbor_alltoallw(s, sc, swd, ts, a2aw, rc, rwd, tr, comm, &r[4]);
    }
    MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, comm); /* a blocking call while they are in flight */
    MPI_Waitall(5, r, MPI_STATUSES_IGNORE);
    char what[64];
    snprintf(what, sizeof what, "%s%s allgather", name, big ? " _c" : "");
    show(what, g, nin);
    snprintf(what, sizeof what, "%s%s allgatherv", name, big ? " _c" : "");
    show(what, gv, 2 * nin);
    snprintf(what, sizeof what, "%s%s alltoall", name, big ? " _c" : "");
    show(what, a2a, nin);
    snprintf(what, sizeof what, "%s%s alltoallv", name, big ? " _c" : "");
    show(what, a2av, 2 * nin);
    snprintf(what, sizeof what, "%s%s alltoallw", name, big ? " _c" : "");
    show(what, a2aw, nin);
    if (rank == 0)
        outlen += snprintf(out + outlen, sizeof out - (size_t)outlen, "%s: allreduce %d\n", name, sum);
    (void)nout;
}

/* each persistent form, started 3 times with new data */
static void persistent(MPI_Comm comm, int nin, const char *name)
{
    int s[MAXN], g[MAXN], a2a[MAXN], counts[MAXN], displs[MAXN], gv[MAXN], a2av[MAXN], a2aw[MAXN];
    MPI_Aint wd[MAXN];
    MPI_Count ccounts[MAXN];
    MPI_Aint cdispls[MAXN];
    MPI_Datatype t[MAXN];
    for (int i = 0; i < MAXN; i++) {
        counts[i] = 1;
        ccounts[i] = 1;
        displs[i] = i;
        cdispls[i] = i;
        wd[i] = (MPI_Aint)sizeof(int) * i;
        t[i] = MPI_INT;
    }
    MPI_Request r[5];
    MPI_Neighbor_allgather_init(s, 1, MPI_INT, g, 1, MPI_INT, comm, MPI_INFO_NULL, &r[0]);
    MPI_Neighbor_allgatherv_init_c(s, 1, MPI_INT, gv, ccounts, cdispls, MPI_INT, comm, MPI_INFO_NULL, &r[1]);
    MPI_Neighbor_alltoall_init_c(s, 1, MPI_INT, a2a, 1, MPI_INT, comm, MPI_INFO_NULL, &r[2]);
    MPI_Neighbor_alltoallv_init(s, counts, displs, MPI_INT, a2av, counts, displs, MPI_INT, comm, MPI_INFO_NULL, &r[3]);
    MPI_Neighbor_alltoallw_init(s, counts, wd, t, a2aw, counts, wd, t, comm, MPI_INFO_NULL, &r[4]);
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < MAXN; i++)
            s[i] = 1000 * round + 10 * rank + i;
        MPI_Startall(5, r);
        MPI_Waitall(5, r, MPI_STATUSES_IGNORE);
        char what[64];
        snprintf(what, sizeof what, "%s persistent round %d allgather", name, round);
        show(what, g, nin);
        snprintf(what, sizeof what, "%s persistent round %d allgatherv_c", name, round);
        show(what, gv, nin);
        snprintf(what, sizeof what, "%s persistent round %d alltoall_c", name, round);
        show(what, a2a, nin);
        snprintf(what, sizeof what, "%s persistent round %d alltoallv", name, round);
        show(what, a2av, nin);
        snprintf(what, sizeof what, "%s persistent round %d alltoallw", name, round);
        show(what, a2aw, nin);
    }
    for (int i = 0; i < 5; i++)
        MPI_Request_free(&r[i]);
}

int main(int argc, char **argv)
{
    int size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n1 = size, p1 = 1, dims[2] = {0, 0}, periods[2] = {0, 0};
    MPI_Comm ring, grid;
    MPI_Cart_create(MPI_COMM_WORLD, 1, &n1, &p1, 0, &ring);
    all_five(ring, 2, 2, 0, "ring");
    all_five(ring, 2, 2, 1, "ring");
    persistent(ring, 2, "ring");
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    all_five(grid, 4, 4, 0, "grid");
    persistent(grid, 4, "grid");
    /* a ring with one extra edge: in from rank-1 (and rank+2 on rank 0), out to rank+1 (and rank-2 on rank 2) */
    int src[2] = {(rank + size - 1) % size, 2}, dst[2] = {(rank + 1) % size, 0};
    int nin = rank == 0 ? 2 : 1, nout = rank == 2 ? 2 : 1;
    MPI_Comm graph;
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, nin, src, MPI_UNWEIGHTED, nout, dst, MPI_UNWEIGHTED, MPI_INFO_NULL,
                                   0, &graph);
    all_five(graph, nin, nout, 0, "graph");
    persistent(graph, nin, "graph");
    MPI_Comm_free(&graph);
    MPI_Comm_free(&grid);
    MPI_Comm_free(&ring);
    int *lens = malloc(sizeof(int) * (size_t)size), *at = malloc(sizeof(int) * (size_t)size);
    MPI_Gather(&outlen, 1, MPI_INT, lens, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int total = 0;
    for (int i = 0; rank == 0 && i < size; i++) {
        at[i] = total;
        total += lens[i];
    }
    char *all = malloc((size_t)total + 1);
    MPI_Gatherv(out, outlen, MPI_CHAR, all, lens, at, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0)
        fwrite(all, 1, (size_t)total, stdout);
    free(all);
    free(lens);
    free(at);
    MPI_Finalize();
    return 0;
}

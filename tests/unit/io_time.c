/* Simulated times of MPI-IO (for unit/io_timing.sh), on its platform: nodes with 1 GB/s links of
 * 10 us, two storage servers behind 10 GB/s links of 5 us (15 us from a node), disks of 100 MB/s
 * (write) and 200 MB/s (read), no other latency, under network/model:CM02 (no piecewise factors,
 * so that the formulas are exact). An access of B bytes to one server: a write is the data over
 * the network, the disk write, and an empty acknowledgement; a read an empty request, the disk
 * read, and the data back. Argument: "pfs" (the servers) or "local" (each node's own disk, made
 * by simpi at io/disk-write-bw and io/disk-read-bw, here 50 MB/s and 80 MB/s). */
#include <mpi.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define L 15e-6     /* node to server */
#define NET 1e9     /* a node's link */
#define DW 100e6    /* a server's disk */
#define DR 200e6
#define LDW 50e6    /* a node's own disk (io/storage:local) */
#define LDR 80e6
#define B 10000000L /* bytes per rank */

static int rank, size;

static void check(const char *what, double got, double want)
{
    double worst;
    double err = fabs(got - want);
    MPI_Allreduce(&err, &worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s: %s (%.9f s, formula %.9f s)\n", what, worst < 1e-8 ? "ok" : "FAIL", got, want);
}

/* Times one access of this rank (B bytes at rank * B) after a barrier. */
static double timed(MPI_File fh, char *buf, int write)
{
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (write)
        MPI_File_write_at(fh, (MPI_Offset)rank * B, buf, B, MPI_BYTE, MPI_STATUS_IGNORE);
    else
        MPI_File_read_at(fh, (MPI_Offset)rank * B, buf, B, MPI_BYTE, MPI_STATUS_IGNORE);
    return MPI_Wtime() - t0 - 1e-8; /* MPI_Wtime itself costs 1e-8 s (smpi/wtime) */
}

static MPI_File open_striped(const char *name, const char *factor, const char *unit)
{
    MPI_Info info;
    MPI_Info_create(&info);
    MPI_Info_set(info, "striping_factor", factor);
    MPI_Info_set(info, "striping_unit", unit);
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_RDWR, info, &fh);
    MPI_Info_free(&info);
    return fh;
}

/* 4 ranks write 1 KiB blocks dealt round robin: independently (data sieving: each reads and
 * writes back the span of its blocks) or collectively (two-phase: one aggregator per node writes
 * its quarter, no holes); returns the slowest rank's time */
static double interleaved(int coll)
{
    enum { BLK = 1024, NB = 1000 };
    MPI_File fh = open_striped("io_time_interleaved.dat", "2", "1048576");
    MPI_Datatype blk, ft;
    MPI_Type_contiguous(BLK, MPI_BYTE, &blk);
    MPI_Type_create_resized(blk, 0, (MPI_Aint)size * BLK, &ft);
    MPI_Type_commit(&ft);
    MPI_File_set_view(fh, (MPI_Offset)rank * BLK, MPI_BYTE, ft, "native", MPI_INFO_NULL);
    char *buf = calloc(NB, BLK);
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    if (coll)
        MPI_File_write_all(fh, buf, NB * BLK, MPI_BYTE, MPI_STATUS_IGNORE);
    else
        MPI_File_write(fh, buf, NB * BLK, MPI_BYTE, MPI_STATUS_IGNORE);
    double t = MPI_Wtime() - t0, worst;
    MPI_Allreduce(&t, &worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_File_close(&fh);
    MPI_Type_free(&blk), MPI_Type_free(&ft);
    free(buf);
    return worst;
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    char *buf = calloc(B, 1);
    if (argc > 1 && !strcmp(argv[1], "local")) {
        MPI_File fh = open_striped("io_time_local.dat", "1", "1048576");
        check("local disk: write", timed(fh, buf, 1), B / LDW);
        check("local disk: read", timed(fh, buf, 0), B / LDR);
        MPI_File_close(&fh);
        MPI_Finalize();
        return 0;
    }
    /* one server: every rank's B bytes share its disk (and nothing else: the server's link is 10 GB/s) */
    MPI_File fh = open_striped("io_time_one.dat", "1", "1048576");
    if (size == 1) {
        check("1 rank, 1 server: write", timed(fh, buf, 1), 2 * L + B / NET + B / DW);
        check("1 rank, 1 server: read", timed(fh, buf, 0), 2 * L + B / DR + B / NET);
    } else {
        check("4 ranks, 1 server: write", timed(fh, buf, 1), 2 * L + B / NET + size * B / DW);
        check("4 ranks, 1 server: read", timed(fh, buf, 0), 2 * L + size * B / DR + B / NET);
    }
    MPI_File_close(&fh);
    /* two servers, 1 MiB stripes: one rank's B bytes go half to each, over its one link */
    fh = open_striped("io_time_two.dat", "2", "1048576");
    if (size == 1) {
        /* 10 MB is 9.54 stripes: the servers get 5 and 4.54 stripes; the longer piece decides */
        double most = 5 * 1048576.0, rest = B - most;
        double net = 2 * rest / NET + (most - rest) / NET; /* the link is shared while both send */
        check("1 rank, 2 servers: write", timed(fh, buf, 1), 2 * L + net + (most - rest) / DW + rest / DW);
    } else { /* stripes as large as a rank's part: ranks 0 and 2 on one server, 1 and 3 on the other */
        MPI_File_close(&fh);
        fh = open_striped("io_time_two.dat", "2", "10000000");
        check("4 ranks, 2 servers: write", timed(fh, buf, 1), 2 * L + B / NET + 2 * B / DW);
    }
    MPI_File_close(&fh);
    if (size == 4) {
        double ind = interleaved(0), coll = interleaved(1);
        if (rank == 0)
            printf("interleaved 1 KiB blocks: collective faster than independent: %s (%.6f s, %.6f s)\n",
                   coll < ind / 2 ? "ok" : "FAIL", coll, ind);
    }
    free(buf);
    MPI_Finalize();
    return 0;
}

/* what this tests: MPI_THREAD_MULTIPLE with OpenMP threads making MPI calls at once (every rank
 *   has OMP_NUM_THREADS of them): each thread exchanges with both ring neighbours by
 *   MPI_Irecv/MPI_Isend/MPI_Waitall on MPI_COMM_WORLD with tag = its thread number, over several
 *   rounds (two messages of one thread to one rank with one tag arrive in order); each thread runs
 *   MPI_Allreduce, MPI_Bcast and MPI_Barrier on its own duplicate of MPI_COMM_WORLD (made before
 *   the region); partitioned communication with one partition per thread: MPI_Pready from inside
 *   an omp parallel for over the partitions, MPI_Parrived polled per partition by the threads,
 *   MPI_Wait by the master, two rounds of one request pair; all data checked
 * np: 2 3 4
 * cflags: -fopenmp
 * env: OMP_NUM_THREADS=1
 * env: OMP_NUM_THREADS=2
 * env: OMP_NUM_THREADS=4
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include "omp_check.h"

#define MAXT 64
#define ROUNDS 4
#define PC 32 /* ints per partition */

static int rank, size, nt, left, right;
static MPI_Comm comms[MAXT];
static int sbuf[MAXT * PC], rbuf[MAXT * PC];

static int payload(int from, int t, int round, int k) { return from * 1000000 + t * 10000 + round * 100 + k; }

int main(int argc, char **argv)
{
    int provided = -1;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    nt = omp_get_max_threads();
    if (nt > MAXT || provided < MPI_THREAD_MULTIPLE) {
        if (rank == 0)
            printf("init_thread multiple: FAIL\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
    check("init_thread multiple", provided == MPI_THREAD_MULTIPLE);
    for (int t = 0; t < nt; t++)
        MPI_Comm_dup(MPI_COMM_WORLD, &comms[t]);

    /* 1. every thread at once: Irecv from both neighbours, Isend to both, Waitall */
    {
        int bad = 0, team = 0;
#pragma omp parallel num_threads(nt) reduction(+ : bad)
        {
            int t = omp_get_thread_num();
#pragma omp single
            team = omp_get_num_threads();
            for (int round = 0; round < ROUNDS; round++) {
                int to_r[4], to_l[4], from_l[4] = {-1, -1, -1, -1}, from_r[4] = {-1, -1, -1, -1};
                MPI_Request req[4];
                MPI_Status st[4];
                for (int k = 0; k < 4; k++) {
                    to_r[k] = payload(rank, t, round, k);
                    to_l[k] = -payload(rank, t, round, k);
                }
                /* right-going first on both sides: with two ranks, left == right and the two
                 * messages of a thread match its two receives in order */
                MPI_Irecv(from_l, 4, MPI_INT, left, t, MPI_COMM_WORLD, &req[0]);
                MPI_Irecv(from_r, 4, MPI_INT, right, t, MPI_COMM_WORLD, &req[1]);
                MPI_Isend(to_r, 4, MPI_INT, right, t, MPI_COMM_WORLD, &req[2]);
                MPI_Isend(to_l, 4, MPI_INT, left, t, MPI_COMM_WORLD, &req[3]);
                MPI_Waitall(4, req, st);
                for (int k = 0; k < 4; k++)
                    bad += from_l[k] != payload(left, t, round, k) ||
                           from_r[k] != -payload(right, t, round, k);
                bad += st[0].MPI_TAG != t || st[0].MPI_SOURCE != left || st[1].MPI_TAG != t ||
                       st[1].MPI_SOURCE != right;
            }
        }
        check("concurrent point-to-point, tag = thread", bad == 0 && team == nt);
    }

    /* 2. every thread its own collectives on its own communicator */
    {
        int bad = 0;
#pragma omp parallel num_threads(nt) reduction(+ : bad)
        {
            int t = omp_get_thread_num();
            for (int round = 0; round < ROUNDS; round++) {
                long v = (long)rank * nt + t + round, sum = -1;
                int b[3] = {-1, -1, -1};
                MPI_Allreduce(&v, &sum, 1, MPI_LONG, MPI_SUM, comms[t]);
                bad += sum != (long)nt * size * (size - 1) / 2 + (long)size * (t + round);
                if (rank == round % size)
                    b[0] = t, b[1] = round, b[2] = rank;
                MPI_Bcast(b, 3, MPI_INT, round % size, comms[t]);
                bad += b[0] != t || b[1] != round || b[2] != round % size;
                MPI_Barrier(comms[t]);
            }
        }
        check("concurrent collectives, one communicator per thread", bad == 0);
    }

    /* 3. partitioned: one partition per thread, Pready from a parallel for, Parrived polled */
    {
        MPI_Request sreq, rreq;
        int bad = 0;
        MPI_Psend_init(sbuf, nt, PC, MPI_INT, right, 77, MPI_COMM_WORLD, MPI_INFO_NULL, &sreq);
        MPI_Precv_init(rbuf, nt, PC, MPI_INT, left, 77, MPI_COMM_WORLD, MPI_INFO_NULL, &rreq);
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < nt * PC; i++)
                rbuf[i] = -1;
            MPI_Start(&rreq);
            MPI_Start(&sreq);
#pragma omp parallel for num_threads(nt) schedule(static, 1)
            for (int p = 0; p < nt; p++) {
                for (int k = 0; k < PC; k++)
                    sbuf[p * PC + k] = payload(rank, p, round, k);
                MPI_Pready(p, sreq);
            }
#pragma omp parallel for num_threads(nt) schedule(static, 1) reduction(+ : bad)
            for (int p = 0; p < nt; p++) {
                int flag = 0;
                while (!flag)
                    MPI_Parrived(rreq, p, &flag);
                for (int k = 0; k < PC; k++)
                    bad += rbuf[p * PC + k] != payload(left, p, round, k);
            }
            MPI_Wait(&sreq, MPI_STATUS_IGNORE);
            MPI_Wait(&rreq, MPI_STATUS_IGNORE);
            /* each thread marks its partition and polls its own incoming one at once */
            for (int i = 0; i < nt * PC; i++)
                rbuf[i] = -1;
            MPI_Start(&rreq);
            MPI_Start(&sreq);
#pragma omp parallel num_threads(nt) reduction(+ : bad)
            {
                int p = omp_get_thread_num(), flag = 0;
                for (int k = 0; k < PC; k++)
                    sbuf[p * PC + k] = -payload(rank, p, round, k);
                MPI_Pready(p, sreq);
                while (!flag)
                    MPI_Parrived(rreq, p, &flag);
                for (int k = 0; k < PC; k++)
                    bad += rbuf[p * PC + k] != -payload(left, p, round, k);
            }
            MPI_Wait(&sreq, MPI_STATUS_IGNORE);
            MPI_Wait(&rreq, MPI_STATUS_IGNORE);
        }
        MPI_Request_free(&sreq);
        MPI_Request_free(&rreq);
        check("partitioned, one partition per thread", bad == 0);
    }

    for (int t = 0; t < nt; t++)
        MPI_Comm_free(&comms[t]);
    report();
    MPI_Finalize();
    return 0;
}

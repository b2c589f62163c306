/* what this tests: MPI_THREAD_SERIALIZED with OpenMP threads (every rank has OMP_NUM_THREADS
 *   of them): provided at least SERIALIZED and MPI_Query_thread agreeing; each thread in turn,
 *   inside omp critical, exchanges with the ring neighbours by blocking MPI_Send, MPI_Probe,
 *   MPI_Get_count and MPI_Recv with tag = its thread number (statuses checked); every thread in
 *   critical posts its own MPI_Irecv/MPI_Isend in whatever order the threads come, one thread
 *   (omp single) completes them all with MPI_Waitall, every thread checks its data; a collective
 *   from whichever thread runs a single; MPI_Is_thread_main true on the master thread only
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

int main(int argc, char **argv)
{
    int provided = -1, queried = -1, rank, size, nt, left, right;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Query_thread(&queried);
    nt = omp_get_max_threads();
    if (nt > MAXT)
        MPI_Abort(MPI_COMM_WORLD, 1);
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
    {
        int main_thread = 0;
        MPI_Is_thread_main(&main_thread);
        check("init_thread serialized", provided >= MPI_THREAD_SERIALIZED && queried == provided &&
                                            main_thread);
    }

    /* 1. threads in turn, each in critical: blocking send and receive with tag = thread number;
     * even ranks send first, odd ranks receive first, so no send needs buffering */
    {
        int bad = 0;
#pragma omp parallel reduction(+ : bad)
        {
            int t = omp_get_thread_num();
            for (int turn = 0; turn < nt; turn++) {
                if (turn == t) {
#pragma omp critical
                    {
                        int out[3] = {rank, t, 7 * t + rank}, in[3] = {-1, -1, -1}, count = -1;
                        int is_main = -1, level = -1;
                        MPI_Status st;
                        if (rank % 2 == 0)
                            MPI_Send(out, 3, MPI_INT, right, t, MPI_COMM_WORLD);
                        MPI_Probe(left, t, MPI_COMM_WORLD, &st);
                        MPI_Get_count(&st, MPI_INT, &count);
                        MPI_Recv(in, count, MPI_INT, left, t, MPI_COMM_WORLD, &st);
                        if (rank % 2 == 1)
                            MPI_Send(out, 3, MPI_INT, right, t, MPI_COMM_WORLD);
                        bad += count != 3 || st.MPI_SOURCE != left || st.MPI_TAG != t ||
                               in[0] != left || in[1] != t || in[2] != 7 * t + left;
                        MPI_Is_thread_main(&is_main);
                        MPI_Query_thread(&level);
                        bad += is_main != (t == 0) || level != provided;
                    }
                }
#pragma omp barrier
            }
        }
        check("threads in turn: send, probe, recv with tag = thread", bad == 0);
    }

    /* 2. nonblocking calls made in critical in any thread order, completed by one thread */
    {
        MPI_Request reqs[2 * MAXT];
        MPI_Status sts[2 * MAXT];
        int sbuf[MAXT], rbuf[MAXT], bad = 0, total = 0;
#pragma omp parallel reduction(+ : bad)
        {
            int t = omp_get_thread_num();
            sbuf[t] = 1000 * rank + t;
            rbuf[t] = -1;
#pragma omp critical
            {
                MPI_Irecv(&rbuf[t], 1, MPI_INT, left, 100 + t, MPI_COMM_WORLD, &reqs[2 * t]);
                MPI_Isend(&sbuf[t], 1, MPI_INT, right, 100 + t, MPI_COMM_WORLD, &reqs[2 * t + 1]);
            }
#pragma omp barrier
#pragma omp single
            {
                MPI_Waitall(2 * nt, reqs, sts);
                int mine = 0;
                for (int q = 0; q < nt; q++)
                    mine += rbuf[q];
                MPI_Allreduce(&mine, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            }
            bad += rbuf[t] != 1000 * left + t || sts[2 * t].MPI_TAG != 100 + t ||
                   sts[2 * t].MPI_SOURCE != left;
        }
        check("requests from every thread, completed by one",
              bad == 0 && total == 1000 * nt * size * (size - 1) / 2 + size * nt * (nt - 1) / 2);
    }

    report();
    MPI_Finalize();
    return 0;
}

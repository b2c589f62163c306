/* what this tests: MPI_THREAD_FUNNELED with OpenMP, the halo-exchange shape: inside one parallel
 *   region, for 16 iterations of a periodic 1-D integer stencil, the master thread exchanges halo
 *   cells with both neighbours (MPI_Sendrecv on a ring) and sums the field (MPI_Allreduce) while
 *   the other threads compute the interior (omp for nowait); after a barrier every thread uses the
 *   received halos and sum; a second variant posts MPI_Irecv/MPI_Isend in one master block and
 *   waits in another after the interior loop; results checked against a serial computation of
 *   the whole field on every rank
 * np: 2 3 4
 * cflags: -fopenmp
 * env: OMP_NUM_THREADS=1
 * env: OMP_NUM_THREADS=2
 * env: OMP_NUM_THREADS=4
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include "omp_check.h"

#define NLOC 48 /* cells per rank */
#define ITER 16

static int rank, size, left, right;
static int u[NLOC + 2], unew[NLOC + 2]; /* u[0] and u[NLOC + 1]: halo cells */
static int *ref;                        /* ref[it * G + g]: the whole field before iteration it */
static long long refsum[ITER + 1];

static int step(int a, int b, int c, int it) { return (a + 2 * b + 3 * c + it) % 1000; }

/* the serial computation of the whole field, every iteration kept */
static void reference(int G)
{
    ref = malloc(sizeof(int) * G * (ITER + 1));
    for (int g = 0; g < G; g++)
        ref[g] = g * 7 % 13;
    for (int it = 0; it < ITER; it++) {
        int *a = ref + it * G, *b = a + G;
        refsum[it] = 0;
        for (int g = 0; g < G; g++) {
            b[g] = step(a[(g + G - 1) % G], a[g], a[(g + 1) % G], it);
            refsum[it] += a[g];
        }
    }
}

static void init_field(void)
{
    for (int i = 1; i <= NLOC; i++)
        u[i] = (rank * NLOC + i - 1) * 7 % 13;
    u[0] = u[NLOC + 1] = -1;
}

/* errors of the local field against the reference after ITER iterations */
static int field_errors(int G)
{
    int bad = 0;
#pragma omp parallel for reduction(+ : bad)
    for (int i = 1; i <= NLOC; i++)
        bad += u[i] != ref[ITER * G + rank * NLOC + i - 1];
    return bad;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    left = (rank + size - 1) % size;
    right = (rank + 1) % size;
    int G = NLOC * size;
    reference(G);
    check("init_thread funneled", provided >= MPI_THREAD_FUNNELED);

    /* 1. master: Sendrecv halos and Allreduce the sum; others: the interior, nowait */
    {
        long long gsum[ITER];
        int halo_bad = 0, sum_bad = 0;
        init_field();
#pragma omp parallel reduction(+ : halo_bad, sum_bad)
        {
            for (int it = 0; it < ITER; it++) {
#pragma omp master
                {
                    long long s = 0;
                    MPI_Sendrecv(&u[NLOC], 1, MPI_INT, right, 0, &u[0], 1, MPI_INT, left, 0,
                                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    MPI_Sendrecv(&u[1], 1, MPI_INT, left, 1, &u[NLOC + 1], 1, MPI_INT, right, 1,
                                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                    for (int i = 1; i <= NLOC; i++)
                        s += u[i];
                    MPI_Allreduce(&s, &gsum[it], 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
                }
#pragma omp for schedule(dynamic, 4) nowait
                for (int i = 2; i < NLOC; i++)
                    unew[i] = step(u[i - 1], u[i], u[i + 1], it);
#pragma omp barrier
                /* every thread reads what the master received */
                halo_bad += u[0] != ref[it * G + (rank * NLOC + G - 1) % G] ||
                            u[NLOC + 1] != ref[it * G + (rank * NLOC + NLOC) % G];
                sum_bad += gsum[it] != refsum[it];
#pragma omp for schedule(static)
                for (int k = 0; k < 2; k++) {
                    int i = k ? NLOC : 1;
                    unew[i] = step(u[i - 1], u[i], u[i + 1], it);
                }
#pragma omp for schedule(static)
                for (int i = 1; i <= NLOC; i++)
                    u[i] = unew[i];
            }
        }
        check("master halo exchange: halos seen by every thread", halo_bad == 0);
        check("master halo exchange: allreduce seen by every thread", sum_bad == 0);
        check("master halo exchange: field", field_errors(G) == 0);
    }

    /* 2. master posts Irecv/Isend, the team computes the interior, master waits, barrier */
    {
        MPI_Request req[4];
        int bad = 0;
        init_field();
#pragma omp parallel reduction(+ : bad)
        {
            for (int it = 0; it < ITER; it++) {
#pragma omp master
                {
                    MPI_Irecv(&u[0], 1, MPI_INT, left, 2, MPI_COMM_WORLD, &req[0]);
                    MPI_Irecv(&u[NLOC + 1], 1, MPI_INT, right, 3, MPI_COMM_WORLD, &req[1]);
                    MPI_Isend(&u[NLOC], 1, MPI_INT, right, 2, MPI_COMM_WORLD, &req[2]);
                    MPI_Isend(&u[1], 1, MPI_INT, left, 3, MPI_COMM_WORLD, &req[3]);
                }
#pragma omp for schedule(static) nowait
                for (int i = 2; i < NLOC; i++)
                    unew[i] = step(u[i - 1], u[i], u[i + 1], it);
#pragma omp master
                MPI_Waitall(4, req, MPI_STATUSES_IGNORE);
#pragma omp barrier
                bad += u[0] != ref[it * G + (rank * NLOC + G - 1) % G];
#pragma omp single
                {
                    unew[1] = step(u[0], u[1], u[2], it);
                    unew[NLOC] = step(u[NLOC - 1], u[NLOC], u[NLOC + 1], it);
                }
#pragma omp for schedule(static)
                for (int i = 1; i <= NLOC; i++)
                    u[i] = unew[i];
            }
        }
        check("master nonblocking exchange overlapped with the interior",
              bad == 0 && field_errors(G) == 0);
    }

    free(ref);
    report();
    MPI_Finalize();
    return 0;
}

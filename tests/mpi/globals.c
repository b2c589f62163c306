/* what this tests: global and static variables are private to each rank (as in separate
 *   processes): a global, a file-static, a function-static, an initialized global that each
 *   rank modifies, a global array and a global pointer; values printed after barriers
 * np: 4
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int g_rank = -1;
int g_bss;
int g_counter = 100;
int g_array[8];
int *g_ptr;
static int s_rank = -1;

static int calls(void)
{
    static int n = 0;
    return ++n;
}

int main(int argc, char **argv)
{
    int i, initial_g, initial_s, initial_bss, initial_counter, c = 0;

    MPI_Init(&argc, &argv);
    MPI_Barrier(MPI_COMM_WORLD);
    initial_g = g_rank;
    initial_s = s_rank;
    initial_bss = g_bss;
    initial_counter = g_counter;

    MPI_Comm_rank(MPI_COMM_WORLD, &g_rank);
    s_rank = g_rank;
    g_bss = g_rank * 3;
    g_counter += g_rank;
    for (i = 0; i < 8; i++)
        g_array[i] = g_rank * 10 + i;
    g_ptr = malloc(sizeof(int));
    *g_ptr = g_rank + 1000;
    for (i = 0; i <= g_rank; i++)
        c = calls();

    /* every other rank runs here and writes its own values */
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);

    printf("rank %d: initial values g=%d s=%d bss=%d counter=%d\n", g_rank, initial_g, initial_s,
           initial_bss, initial_counter);
    printf("rank %d: g_rank=%d s_rank=%d g_bss=%d g_counter=%d\n", g_rank, g_rank, s_rank, g_bss,
           g_counter);
    printf("rank %d: g_array=%d..%d *g_ptr=%d static calls=%d (last returned %d)\n", g_rank,
           g_array[0], g_array[7], *g_ptr, calls() - 1, c);

    /* the rank from MPI and from the global agree */
    {
        int r;
        MPI_Comm_rank(MPI_COMM_WORLD, &r);
        printf("rank %d: MPI rank agrees with globals %d\n", r, r == g_rank && r == s_rank);
    }
    free(g_ptr);
    MPI_Finalize();
    return 0;
}

/* what this tests: a program shaped like a real code's driver: getopt without naming
 *   optind (so libc's own optind is used), an input deck named on the command line and
 *   read by every rank with fgets, strtok and sscanf, grid sizes split with strtok,
 *   a seed from the deck for rand, getenv with a default, then a small stencil-like
 *   exchange and a reduction whose result depends on all of it
 * np: 1 2 4
 * argv: -q -i @TESTS@/mpi/proc_input.in -s 3
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct deck {
    int steps, nx, ny, nz, seed;
    char name[32];
};

static int read_deck(const char *path, struct deck *d)
{
    char line[256];
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f)) {
        char *key = strtok(line, " =\n"), *value = strtok(NULL, " =\n");
        if (!key || key[0] == '#' || !value)
            continue;
        if (!strcmp(key, "steps"))
            d->steps = atoi(value);
        else if (!strcmp(key, "seed"))
            d->seed = atoi(value);
        else if (!strcmp(key, "name"))
            snprintf(d->name, sizeof d->name, "%s", value);
        else if (!strcmp(key, "grid")) {
            char *dims = strdup(value);
            d->nx = atoi(strtok(dims, ":"));
            d->ny = atoi(strtok(NULL, ":"));
            d->nz = atoi(strtok(NULL, ":"));
            free(dims);
        }
    }
    fclose(f);
    return 0;
}

int main(int argc, char **argv)
{
    int rank, size, c, quiet = 0, scale = 1;
    const char *input = "missing.in";
    struct deck d = {1, 1, 1, 1, 1, "none"};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    while ((c = getopt(argc, argv, "qi:s:")) != -1) {
        if (c == 'q')
            quiet = 1;
        else if (c == 'i')
            input = optarg;
        else if (c == 's')
            scale = atoi(optarg);
    }
    if (read_deck(input, &d)) {
        if (rank == 0)
            printf("cannot read %s\n", input);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    const char *mode = getenv("SIMPI_TEST_MODE");
    srand((unsigned)d.seed);
    long cells = (long)d.nx * d.ny * d.nz * scale, local = 0;
    for (int s = 0; s < d.steps; s++) {
        long halo = 0, mine = cells + rank + rand() % 7;
        MPI_Sendrecv(&mine, 1, MPI_LONG, (rank + 1) % size, s, &halo, 1, MPI_LONG, (rank + size - 1) % size, s,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        local += mine - halo;
    }
    long total = 0;
    MPI_Allreduce(&local, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    int agree = 1, all = 0;
    long first = rand();
    long first0 = first;
    MPI_Bcast(&first0, 1, MPI_LONG, 0, MPI_COMM_WORLD);
    agree = first == first0;
    MPI_Allreduce(&agree, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s: quiet=%d steps=%d grid=%dx%dx%d scale=%d cells=%ld mode=%s total=%ld same-random-stream=%d\n",
               d.name, quiet, d.steps, d.nx, d.ny, d.nz, scale, cells, mode ? mode : "default", total, all);
    MPI_Finalize();
    return 0;
}

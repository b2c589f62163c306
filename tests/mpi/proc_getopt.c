/* what this tests: every rank parses its own command line with getopt_long
 *   (libc's optind, optarg and position are per process), then more
 *   argument vectors with getopt, getopt_long and getopt_long_only: GNU
 *   permutation, '+', '-' and ':' option strings, clusters, optional and
 *   missing arguments, "--", abbreviations, ambiguities, optind reset to 1
 *   and to 0, -W foo for --foo, POSIXLY_CORRECT set by one rank only, and the messages on
 *   stderr; the ranks interleave between the cases
 * np: 3
 * sort: yes
 * argv: -vn 7 input.dat --mode=fast -vx3 -- -q tail
 */
#include <mpi.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rank, flag;
static char msgs[4096];

static const struct option longopts[] = {
    {"verbose", no_argument, &flag, 1},    {"count", required_argument, NULL, 'c'},
    {"color", optional_argument, NULL, 'k'}, {"cost", required_argument, NULL, 'C'},
    {"mode", required_argument, NULL, 'm'},  {"verify", no_argument, NULL, 'V'},
    {"version", no_argument, NULL, 'V'},     {NULL, 0, NULL, 0}};

/* getopt's messages for this case, read back from a temporary stderr */
static FILE *grab;
static int saved_err;
static void grab_start(void)
{
    fflush(stderr);
    grab = tmpfile();
    saved_err = dup(2);
    dup2(fileno(grab), 2);
}
static void grab_end(void)
{
    fflush(stderr);
    dup2(saved_err, 2);
    close(saved_err);
    rewind(grab);
    size_t n = fread(msgs, 1, sizeof msgs - 1, grab);
    msgs[n] = 0;
    fclose(grab);
    for (char *p = msgs; *p; p++)
        if (*p == '\n')
            *p = '|';
}

/* kind 0: getopt, 1: getopt_long, 2: getopt_long_only */
static void run(const char *name, int kind, const char *opts, int n, const char **args)
{
    char *argv[32], line[2048];
    int len = 0, c, idx;
    for (int i = 0; i < n; i++)
        argv[i] = (char *)args[i];
    argv[n] = NULL;
    flag = 0;
    optind = 0; /* start over */
    grab_start();
    for (;;) {
        idx = -1;
        if (kind == 0)
            c = getopt(n, argv, opts);
        else if (kind == 1)
            c = getopt_long(n, argv, opts, longopts, &idx);
        else
            c = getopt_long_only(n, argv, opts, longopts, &idx);
        if (c == -1)
            break;
        len += snprintf(line + len, sizeof line - (size_t)len, " [%d%s%s i=%d",
                        c, optarg ? " a=" : "", optarg ? optarg : "", optind);
        if (c == '?' || c == ':')
            len += snprintf(line + len, sizeof line - (size_t)len, " o=%d", optopt);
        if (idx >= 0)
            len += snprintf(line + len, sizeof line - (size_t)len, " l=%s", longopts[idx].name);
        len += snprintf(line + len, sizeof line - (size_t)len, "]");
    }
    grab_end();
    len += snprintf(line + len, sizeof line - (size_t)len, " end i=%d flag=%d argv:", optind, flag);
    for (int i = 0; i < n; i++)
        len += snprintf(line + len, sizeof line - (size_t)len, " %s", argv[i]);
    printf("rank %d: %s:%s msgs: %s\n", rank, name, line, msgs);
    MPI_Barrier(MPI_COMM_WORLD);
}

#define RUN(name, kind, opts, ...)                                                                   \
    do {                                                                                             \
        const char *a_[] = {"prog", __VA_ARGS__};                                                    \
        run(name, kind, opts, (int)(sizeof a_ / sizeof *a_), a_);                                    \
    } while (0)

int main(int argc, char **argv)
{
    int c, verbose = 0, n = 0;
    const char *mode = "slow", *x = "none";

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* the real command line, as a program parses it, the ranks taking turns after
     * each option (every rank finds the same number of them) */
    while ((c = getopt_long(argc, argv, "vn:x:", longopts, NULL)) != -1) {
        MPI_Barrier(MPI_COMM_WORLD);
        if (c == 'v')
            verbose = 1;
        else if (c == 'n')
            n = atoi(optarg);
        else if (c == 'm')
            mode = optarg;
        else if (c == 'x')
            x = optarg;
    }
    char rest[256] = "";
    for (int i = optind; i < argc; i++)
        strcat(strcat(rest, " "), argv[i]);
    printf("rank %d: command line: verbose=%d n=%d mode=%s x=%s rest:%s\n", rank, verbose, n, mode, x, rest);
    MPI_Barrier(MPI_COMM_WORLD);

    RUN("permute", 0, "ab:c::", "-a", "f1", "-b", "val", "-cX", "f2", "-c", "-b2", "f3", "--", "-a", "f4");
    RUN("cluster", 0, "ab:c", "-acbARG", "-ca", "x", "-", "-b", "y");
    RUN("plus", 0, "+ab", "-a", "file", "-b");
    RUN("minus", 0, "-ab:", "x", "-a", "y", "-b", "z", "w", "--", "v");
    RUN("colon", 0, ":ab:", "-a", "-x", "-b");
    RUN("errors", 0, "ab:", "-x", "-a", "-:", "-b");
    RUN("opterr", 0, "a", "-y", "b");
    RUN("long", 1, "c:v", "--count", "5", "file", "--count=6", "--verb", "--color", "--color=red", "-v", "--cou=7",
        "--mode", "m1");
    RUN("long-errors", 1, "c:", "--c", "--co=3", "--verbose=x", "--nope", "--ver", "--vers", "--count");
    RUN("long-only", 2, "c:x", "-verbose", "-c", "9", "-count=4", "-x", "-co", "-mo", "fast", "-xy", "--cost=2");
    RUN("long-missing", 1, ":c:", "--cost");
    RUN("double-dash", 1, "a", "f1", "-a", "--", "--count", "f2");
    RUN("dash-W", 1, "W;a", "-W", "verbose", "-Wcount=3", "-a", "-W", "count", "9", "-Wnope", "-W");

    /* the program moves optind back to 1 to parse a second time */
    {
        char *args[] = {"prog", "-a", "f", "-b", NULL};
        char line[256] = "";
        optind = 1;
        opterr = 0;
        while ((c = getopt(4, args, "ab")) != -1)
            sprintf(line + strlen(line), " %c", c);
        optind = 1;
        while ((c = getopt(4, args, "ab")) != -1)
            sprintf(line + strlen(line), " %c", c);
        opterr = 1;
        printf("rank %d: reset to 1:%s i=%d argv: %s %s %s\n", rank, line, optind, args[1], args[2], args[3]);
        MPI_Barrier(MPI_COMM_WORLD);
    }

    /* POSIXLY_CORRECT in one rank's environment only: that rank stops at the first non-option */
    if (rank == 1)
        setenv("POSIXLY_CORRECT", "1", 1);
    if (rank == 1)
        RUN("posixly-correct", 0, "ab", "-a", "f", "-b");
    else
        RUN("posixly-correct", 0, "+ab", "-a", "f", "-b");
    MPI_Finalize();
    return 0;
}

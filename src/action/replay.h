/* What simpi-replay's files share (internal to that program, which nothing
 * else links with): the line being performed and the readers of its
 * arguments (replay.c), and the families of lines performed in
 * replay_coll.c, replay_rma.c and replay_io.c. */
#ifndef SIMPI_REPLAY_H
#define SIMPI_REPLAY_H
#include "ti_reader.h"
#include <mpi.h>

/* The line: its ntok tokens (tok[0] the rank, tok[1] the action), and the
 * extensions it carried: region=R (-1 none), userop=C (-1 none), inplace=1. */
extern char **tok;
extern int ntok;
extern int tok_used; /* the last field read (num, real, took) */
extern int region, userop, inplace;
/* The line's request-based one-sided operation (req=K), 0 none; the lines
 * that "wait 0 0 -K" completes so far (nonblocking collectives and those). */
extern long rma_req, nbcs;
/* Set once persistent collectives hold the scratch buffers: never freed then. */
extern int keep_scratch;

/* Stops the replay with a message naming the trace file and line. */
void die(const char *fmt, const char *arg);
/* An MPI error of the line's call: goes by if its class is expected, else stops the replay with its string. */
void die_unless(int code, int expected);
/* tok[i] as a number (what: its name in messages). */
long num(int i, const char *what);
double real(int i, const char *what);
/* The datatype at tok[i], MPI_DOUBLE when absent (SMPI's default). */
MPI_Datatype type(int i);
/* A scratch buffer for count elements of t: which = 0 for the send side,
 * 1 for the receive side. */
void *buf(long count, MPI_Datatype t, int which);
/* A request a later wait line completes (replay.c's pending_t says how it
 * is found); owned is freed with it. */
void add_pending(MPI_Request r, int src, int dst, int tag, int actual, long nbc, void *owned);

/* Collective lines (replay_coll.c): action a (its index in the collectives'
 * family) blocking (nb 0), nonblocking (1) or persistent (2). */
void perform_coll(int a, int nb, MPI_Comm comm);
void perform_coll_init(MPI_Comm comm);  /* coll_init */
void perform_coll_start(void);          /* coll_start */
void free_persistent_colls(void);       /* at the end of the trace */
void perform_neighbor(int a, int nb, MPI_Comm comm); /* nb as perform_coll's */
/* One-sided lines (replay_rma.c). */
void perform_rma(int a, MPI_Comm comm);
/* MPI-IO lines (replay_io.c); the error class the line's call had (err=C), 0 none. At the
 * start, io_replay_init: files are not touched, and an error no err= announced stops the replay. */
extern int io_err;
void perform_io(int a, MPI_Comm comm);
void io_replay_init(void);
#endif

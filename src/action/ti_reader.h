/* Reading time-independent trace files: a buffered line reader (plain or
 * gzip-compressed, through zlib), a tokenizer that splits a line in place,
 * the table of action names, and number parsers. Shared by simpi-replay
 * and bench/ti_parse.c (which measures parsing alone). */
#ifndef SIMPI_TI_READER_H
#define SIMPI_TI_READER_H
#include <stddef.h>

/* Every action a trace line may name. The I-forms of the collectives
 * follow their blocking forms in the same order (TI_I(x) = TI_x + TI_NCOLL). */
#define TI_ACTIONS(X)                                                                                                  \
  X(BARRIER, "barrier")                                                                                                \
  X(BCAST, "bcast")                                                                                                    \
  X(REDUCE, "reduce")                                                                                                  \
  X(ALLREDUCE, "allreduce")                                                                                            \
  X(SCAN, "scan")                                                                                                      \
  X(EXSCAN, "exscan")                                                                                                  \
  X(GATHER, "gather")                                                                                                  \
  X(SCATTER, "scatter")                                                                                                \
  X(ALLGATHER, "allgather")                                                                                            \
  X(ALLTOALL, "alltoall")                                                                                              \
  X(GATHERV, "gatherv")                                                                                                \
  X(SCATTERV, "scatterv")                                                                                              \
  X(ALLGATHERV, "allgatherv")                                                                                          \
  X(ALLTOALLV, "alltoallv")                                                                                            \
  X(ALLTOALLW, "alltoallw")                                                                                            \
  X(REDUCESCATTER, "reducescatter")                                                                                    \
  X(REDUCESCATTERBLOCK, "reducescatterblock")                                                                          \
  X(IBARRIER, "ibarrier")                                                                                              \
  X(IBCAST, "ibcast")                                                                                                  \
  X(IREDUCE, "ireduce")                                                                                                \
  X(IALLREDUCE, "iallreduce")                                                                                          \
  X(ISCAN, "iscan")                                                                                                    \
  X(IEXSCAN, "iexscan")                                                                                                \
  X(IGATHER, "igather")                                                                                                \
  X(ISCATTER, "iscatter")                                                                                              \
  X(IALLGATHER, "iallgather")                                                                                          \
  X(IALLTOALL, "ialltoall")                                                                                            \
  X(IGATHERV, "igatherv")                                                                                              \
  X(ISCATTERV, "iscatterv")                                                                                            \
  X(IALLGATHERV, "iallgatherv")                                                                                        \
  X(IALLTOALLV, "ialltoallv")                                                                                          \
  X(IALLTOALLW, "ialltoallw")                                                                                          \
  X(IREDUCESCATTER, "ireducescatter")                                                                                  \
  X(IREDUCESCATTERBLOCK, "ireducescatterblock")                                                                        \
  X(INIT, "init")                                                                                                      \
  X(FINALIZE, "finalize")                                                                                              \
  X(COMM_SIZE, "comm_size")                                                                                            \
  X(TEST, "test")                                                                                                      \
  X(COMPUTE, "compute")                                                                                                \
  X(SLEEP, "sleep")                                                                                                    \
  X(SEND, "send")                                                                                                      \
  X(ISEND, "isend")                                                                                                    \
  X(RECV, "recv")                                                                                                      \
  X(IRECV, "irecv")                                                                                                    \
  X(SSEND, "ssend")                                                                                                    \
  X(ISSEND, "issend")                                                                                                  \
  X(BSEND, "bsend")                                                                                                    \
  X(IBSEND, "ibsend")                                                                                                  \
  X(CANCEL, "cancel")                                                                                                  \
  X(SENDRECV, "sendRecv")                                                                                              \
  X(BUFFER_DETACH, "buffer_detach")                                                                                    \
  X(WAIT, "wait")                                                                                                      \
  X(WAITALL, "waitall")                                                                                                \
  X(COMM_SPLIT, "comm_split")                                                                                          \
  X(COMM_FREE, "comm_free")                                                                                            \
  X(COMM_IDUP, "comm_idup")                                                                                            \
  X(COLL_INIT, "coll_init")                                                                                            \
  X(COLL_START, "coll_start")                                                                                          \
  X(COMM_CREATE_GROUP, "comm_create_group")                                                                            \
  X(INTERCOMM_CREATE, "intercomm_create")                                                                              \
  X(INTERCOMM_MERGE, "intercomm_merge")                                                                                \
  X(COMM_CART, "comm_cart")                                                                                            \
  X(COMM_ADJACENT, "comm_adjacent")                                                                                    \
  X(COMM_DIST_GRAPH, "comm_dist_graph")                                                                                \
  X(NEIGHBOR_ALLGATHER, "neighbor_allgather")                                                                          \
  X(NEIGHBOR_ALLGATHERV, "neighbor_allgatherv")                                                                        \
  X(NEIGHBOR_ALLTOALL, "neighbor_alltoall")                                                                            \
  X(NEIGHBOR_ALLTOALLV, "neighbor_alltoallv")                                                                          \
  X(NEIGHBOR_ALLTOALLW, "neighbor_alltoallw")                                                                          \
  X(INEIGHBOR_ALLGATHER, "ineighbor_allgather")                                                                        \
  X(INEIGHBOR_ALLGATHERV, "ineighbor_allgatherv")                                                                      \
  X(INEIGHBOR_ALLTOALL, "ineighbor_alltoall")                                                                          \
  X(INEIGHBOR_ALLTOALLV, "ineighbor_alltoallv")                                                                        \
  X(INEIGHBOR_ALLTOALLW, "ineighbor_alltoallw")                                                                        \
  X(WIN_CREATE, "win_create")                                                                                          \
  X(WIN_FREE, "win_free")                                                                                              \
  X(PUT, "put")                                                                                                        \
  X(GET, "get")                                                                                                        \
  X(ACCUMULATE, "accumulate")                                                                                          \
  X(GET_ACCUMULATE, "get_accumulate")                                                                                  \
  X(COMPARE_AND_SWAP, "compare_and_swap")                                                                              \
  X(WIN_FENCE, "win_fence")                                                                                            \
  X(WIN_POST, "win_post")                                                                                              \
  X(WIN_START, "win_start")                                                                                            \
  X(WIN_COMPLETE, "win_complete")                                                                                      \
  X(WIN_WAIT, "win_wait")                                                                                              \
  X(WIN_TEST, "win_test")                                                                                              \
  X(WIN_LOCK, "win_lock")                                                                                              \
  X(WIN_UNLOCK, "win_unlock")                                                                                          \
  X(WIN_LOCK_ALL, "win_lock_all")                                                                                      \
  X(WIN_UNLOCK_ALL, "win_unlock_all")                                                                                  \
  X(WIN_FLUSH, "win_flush")                                                                                            \
  X(WIN_FLUSH_ALL, "win_flush_all")                                                                                    \
  X(WIN_SYNC, "win_sync")                                                                                              \
  X(WIN_ATTACH, "win_attach")                                                                                          \
  X(WIN_DETACH, "win_detach")

enum ti_action {
#define TI_ENUM(id, name) TI_##id,
  TI_ACTIONS(TI_ENUM)
#undef TI_ENUM
      TI_NACTIONS
};
#define TI_NCOLL (TI_IBARRIER - TI_BARRIER)
/* the nonblocking neighbourhood collectives follow the blocking ones in the same order */
#define TI_NNEIGHBOR (TI_INEIGHBOR_ALLGATHER - TI_NEIGHBOR_ALLGATHER)

/* The action named name (NUL-terminated), -1 if none. */
int ti_action(const char *name, size_t len);
const char *ti_action_name(int a);

typedef struct ti_reader {
  void *gz;      /* gzFile */
  char *buf;     /* buf[start, end) not consumed yet */
  size_t cap, start, end;
  int eof;
  int gzip;      /* the file starts as a gzip stream does */
  long lineno;   /* of the last line returned */
  char **tok;    /* the last line's tokens */
  int ntok, tokcap;
  char error[160]; /* why reading stopped early ("" when it did not) */
  char stopped[256]; /* a "# stopped: WHY" line's WHY: the recorded run ended there */
} ti_reader_t;

/* Opens path (plain or .gz); returns 0, or -1 with errno set. */
int ti_open(ti_reader_t *r, const char *path);
void ti_close(ti_reader_t *r);
/* Reads the next line that is neither blank nor a comment (#) and splits it
 * in place into r->tok[0 .. r->ntok); returns r->ntok, 0 at the end, or 0
 * with r->error set when the file is corrupt (bad or cut gzip data, bytes
 * that are not text). A "# stopped: WHY" comment is kept in r->stopped. */
int ti_next(ti_reader_t *r);

/* Splits line p in place into r->tok[0 .. r->ntok) (a line from elsewhere: an OTF2
 * archive's, see otf2_in.h); returns r->ntok. */
int ti_split(ti_reader_t *r, char *p);

/* Parses a whole token as a decimal integer / a real; returns 0, -1 if it is not one. */
int ti_long(const char *s, long *out);
int ti_real(const char *s, double *out);
#endif

/* simrun --otf2=DIR: an OTF2 archive of the run (DIR/traces.otf2, as Score-P lays out its
 * experiments), through Debian's OTF2 library, for Vampir, Scalasca, otf2-print and
 * simrun --replay. It is made from what the time-independent recorder writes: each line a rank
 * writes becomes the OTF2 records it stands for, at the simulated time it is written (so a
 * replay of the archive performs what a replay of the TI trace would); the MPI calls and the
 * computation bursts are regions around them.
 *   otf2_out.c     the archive, the ranks' event writers, regions, strings, and at the end
 *                  the definitions (clock, system tree of hosts, locations, communicators)
 *   otf2_record.c  lines -> MPI records: point-to-point, collectives, communicators */
#ifndef SIMPI_OTF2_OUT_H
#define SIMPI_OTF2_OUT_H
#include <stddef.h>
#include <stdint.h>

extern int otw_on;
/* Starts the archive DIR/traces.otf2 for nranks ranks; 0, or -1 with the reason in err. */
int otw_open(const char *dir, int nranks, char *err, size_t len);
/* Ends it (calls still open end now: a run stopped early) and writes the definitions. */
void otw_close(void);
/* The outermost MPI call named call of rank begins / ends now (its region). */
void otw_enter(int rank, const char *call);
void otw_leave(int rank);
/* Rank's computation burst announced by its "compute" line has ended now (at once: it was the
 * time the rank just waited for its threads). */
void otw_compute_done(int rank);
/* Rank's last one-sided operation is request-based, numbered k (its wait is "wait 0 0 -k"). */
void otw_rma_request(int rank, long k);
/* Rank wrote trace line text (len bytes, without its rank and newline) now. */
void otw_line(int rank, const char *text, size_t len);

/* ---- internal to otf2_*.c (the writer) ---- */
#ifdef OTW_INTERNAL
#include <otf2/otf2.h>

typedef struct otw_req otw_req_t;
typedef struct otw_rank {
  OTF2_EvtWriter *w;
  uint64_t last, events; /* the last timestamp written; the records written */
  int in_call;           /* an MPI call's region is open */
  uint32_t call;         /* its region */
  int computing;         /* a computation of flops more began at comp_start (written when it ends) */
  double flops, pending;
  uint64_t comp_start;
  uint32_t *comms; /* by trace id + 1 (self 0): the communicator's reference + 1, 0 unknown */
  int ncomms;
  otw_req_t *reqs; /* requests not completed, oldest first */
  uint64_t next_req;
  /* a blocking collective's end, written at the next record or when its call ends */
  int coll_open;
  uint8_t coll_op;
  uint32_t coll_comm, coll_root, coll_attr, coll_args; /* coll_args: the string of attribute coll_attr */
  uint64_t coll_sent, coll_recv;
  int rma_held; /* a one-sided operation's record is held (otw_rma_flush writes it) */
} otw_rank_t;

/* A nonblocking operation: a point-to-point one is named by its line's (src, dst, tag), a
 * collective by its number (K of "wait 0 0 -K"); what its completion record says. */
struct otw_req {
  uint64_t id;
  int kind; /* 0 send, 1 receive, 2 collective */
  long src, dst, tag, k;
  uint64_t bytes, sent;
  uint32_t comm, root, args;
  uint8_t op;
  otw_req_t *next;
};

enum { OTW_WORLD = 0, OTW_SELF = 1 };
extern otw_rank_t *otw_ranks;
extern int otw_nranks;
extern uint32_t otw_attr_args; /* simpi::args: a collective's line after its name */
/* The rank's writer, its open computation and collective ended first, and the time now
 * (never before its last record); NULL when the archive is not being written. */
OTF2_EvtWriter *otw_writer(int rank, uint64_t *t);
uint32_t otw_string(const char *s);
/* The communicator rank's lines name id (0 world, -1 self), OTF2_UNDEFINED_COMM if none;
 * parent: where a new one was made from. */
uint32_t otw_comm(int rank, long id, uint32_t parent);
/* Communicator c as the reader names it in lines: 0 the world, -1 self, else reference + 1. */
static inline long otw_ti(uint32_t c) { return c == OTW_WORLD ? 0 : c == OTW_SELF ? -1 : (long)c + 1; }
/* The world rank w as a rank of communicator c (of its own side of an intercommunicator). */
uint32_t otw_local(uint32_t c, long w);
/* An action with no OTF2 record (one-sided, partitioned, topologies...): counted by kind. */
void otw_unrecorded(const char *word, size_t len);
void otw_check(OTF2_ErrorCode e);
/* A trace line, parsed. */
#define MAXV 4096 /* numbers read from a line (a v-collective's counts: beyond, sizes are partial) */

typedef struct otw_line {
  const char *word;
  size_t wl;
  long v[MAXV];
  int n;
  long comm, src, tag; /* comm=, src=, tag= (wildcard receives' match) */
  int has_src, has_tag;
  char args[8192]; /* after the word, without " comm=ID" */
} otw_line_t;

void otw_parse(const char *text, size_t len, otw_line_t *l);
uint64_t otw_bytes(long count, long type); /* of count elements of SMPI's datatype id type */
/* A list holding attribute attr = string value (NULL if value is undefined), for one record. */
OTF2_AttributeList *otw_attr(uint32_t attr, uint32_t value);
/* otf2_rma.c: the records of a one-sided line or another one carried whole (0 if none). */
int otw_rma(int rank, OTF2_EvtWriter *w, uint64_t t, const otw_line_t *l);
extern uint32_t otw_attr_line; /* simpi::line: a one-sided record's whole trace line */
/* Writes rank's held one-sided record (at its own time). */
void otw_rma_flush(int rank, OTF2_EvtWriter *w);
/* The windows' definitions: one per rank's window. */
void otw_rma_defs(OTF2_GlobalDefWriter *g);
/* otf2_record.c: the records of line text (len bytes) of rank, at t; the end of an open blocking collective, at t. */
void otw_record(int rank, OTF2_EvtWriter *w, uint64_t t, const char *text, size_t len);
void otw_coll_end(int rank, OTF2_EvtWriter *w, uint64_t t);
#endif
#endif

/* Reading OTF2 traces of MPI runs (Score-P's, simpi's own): one rank's records become the
 * time-independent trace lines they stand for, so that simpi-replay performs them through
 * the same code as a TI trace, and simpi-trace otf2-to-ti writes them. Through Debian's
 * OTF2 library; compiled into those two programs (like ti_reader.c), not into libsimpi.
 *   otf2_defs.c    the archive's global definitions: ranks, communicators, regions, metrics
 *   otf2_events.c  one location's records, decoded into a queue (read ahead on demand)
 *   otf2_lines.c   records -> lines (computation from timestamps or a flops counter)
 *   otf2_rma_in.c  one-sided records -> lines */
#ifndef SIMPI_OTF2_IN_H
#define SIMPI_OTF2_IN_H
#include <stddef.h>
#include <stdint.h>

typedef struct otr otr_t;

/* The number of MPI ranks of the archive whose anchor file is path, -1 with the reason in
 * err (missing, not OTF2, corrupt, not an MPI trace). */
int otr_ranks(const char *path, char *err, size_t len);
/* Opens the archive for rank's records; speed: flops per traced second of computation (the
 * host speed divided by --otf2-speed's ratio). NULL with the reason in err. */
otr_t *otr_open(const char *path, int rank, double speed, char *err, size_t len);
/* The rank's next line ("RANK action args...", no newline; valid until the next call), NULL
 * at the end, or on an error (otr_error then says it). */
char *otr_next(otr_t *r);
const char *otr_error(const otr_t *r);
/* The position (from 1) among the rank's records of the record the last line comes from. */
long otr_position(const otr_t *r);
/* The records skipped so far, by kind ("OpenMP records", ...): fn once per kind met. */
void otr_skipped(const otr_t *r, void (*fn)(const char *kind, long n, void *arg), void *arg);
/* Events on locations that are no MPI rank (threads): their count and the events they hold. */
void otr_other_locations(const otr_t *r, long *locations, long *events);
void otr_close(otr_t *r);

/* ---- internal to otf2_*.c ---- */
#ifdef OTR_INTERNAL
#include <otf2/otf2.h>

typedef struct otr_group {
  int defined, type, paradigm, global; /* global: records name world ranks (GLOBAL_MEMBERS) */
  uint32_t n;
  uint64_t *m;
} otr_group_t;

/* A communicator: its members' world ranks, this rank's index among them (-1 none), and its
 * id in the lines (0 the world, -1 self, else its reference + 1). An intercommunicator's
 * members are the other side's (the peers its records name), me the rank's index in its own. */
typedef struct otr_comm {
  int defined, inter, self, world, events; /* events: made and freed by CommCreate/CommDestroy */
  uint32_t group, group2, parent;          /* group2: an intercommunicator's second side */
  int size, me, ti;
  int *members;
  int global; /* its records name world ranks */
} otr_comm_t;

/* What a region is to a replay. */
enum { RK_OTHER, RK_MPI, RK_INIT, RK_FINALIZE, RK_POLL, RK_COMPUTATION };
typedef struct otr_region {
  int defined, kind, skip; /* skip: the kind of record its entries count as (not an MPI call) */
  uint32_t name;
} otr_region_t;

typedef struct otr_defs {
  uint64_t res; /* ticks per second */
  char **str;
  uint32_t nstr;
  otr_region_t *reg;
  uint32_t nreg;
  otr_group_t *grp;
  uint32_t ngrp;
  otr_comm_t *comm;
  uint32_t ncomm;
  uint32_t locs_group; /* MPI's COMM_LOCATIONS group, OTF2_UNDEFINED_GROUP if none */
  uint32_t *win_comm;  /* by RMA window: its communicator */
  uint32_t nwin;
  int nranks;
  /* a counter of the flops of computation: simpi's "flops" (exact, with computation regions)
   * or a hardware counter (PAPI_FP_OPS, PAPI_DP_OPS); index: its place in its metric class */
  uint32_t flops_member, flops_class;
  int flops_index, flops_simpi;
  uint32_t pending_classes; /* metric classes seen before their member */
  /* simpi's attributes (otf2_out): a collective's trace line after its name, a one-sided
   * record's whole line */
  uint32_t attr_args, attr_line, param_line; /* param_line: simpi::line, a line carried whole */
  long other_locs, other_events; /* locations that are no rank */
  uint64_t *loc_events;          /* per rank: events its location holds */
  uint32_t nlocs_seen, nloc_cap;
  char err[300];
} otr_defs_t;

/* The records a replay uses, decoded. */
enum otr_kind {
  E_ENTER, E_LEAVE, E_SEND, E_ISEND, E_ISEND_DONE, E_IRECV_REQ, E_RECV, E_IRECV, E_TEST, E_CANCELLED,
  E_COLL_BEGIN, E_COLL_END, E_NBC_REQ, E_NBC_DONE, E_COMM_CREATE, E_COMM_DESTROY, E_METRIC,
  E_LINE, /* a one-sided record of simpi's: its trace line */
  E_RMA,  /* another one-sided record: a (R_* below) what, comm the window, root the remote rank,
           * len its bytes (len2 received), req its matching id, tag its lock or atomic type or group */
  E_DONE  /* read ahead and used */
};
typedef struct otr_ev {
  uint8_t kind;
  uint32_t a, comm, tag, root; /* a: region, peer, collective op or communicator */
  uint64_t time, pos, len, len2, req;
  uint32_t args, line;  /* simpi's args and line attributes (strings), OTF2_UNDEFINED_STRING none */
  double value;         /* a counter's value */
} otr_ev_t;

/* The kinds of records skipped, for the summary lines. */
enum { SK_USER, SK_ACCEL, SK_OPENMP, SK_THREADS, SK_IO, SK_PARAMETER, SK_SAMPLING, SK_MEASUREMENT, SK_PROGRAM,
       SK_UNKNOWN, SK_SHMEM, SK_METRIC, SK_RECV_UNKNOWN, SK_NBC_UNKNOWN, SK_KINDS };

typedef struct otr_req otr_req_t;
/* The one-sided records (E_RMA's a). */
enum { R_WIN_CREATE, R_WIN_DESTROY, R_COLL_END, R_GROUP_SYNC, R_LOCK, R_RELEASE, R_SYNC, R_PUT, R_GET, R_ATOMIC,
       R_COMPLETE, R_OTHER };

struct otr {
  otr_defs_t d;
  OTF2_Reader *rd;
  OTF2_EvtReader *evt;
  int rank;
  double speed;
  /* the decoded records not translated yet: q[head .. len) */
  otr_ev_t *q;
  size_t head, len, cap;
  int eof;
  char err[400];
  long pos; /* of the record translated last */
  /* lines made and not returned yet: out[at .. used) */
  char *out;
  size_t at, used, outcap;
  /* translation state (otf2_lines.c) */
  int depth, inited, finalized, acted, polled, made_comms, simpi;
  uint32_t region; /* the outermost MPI call's region */
  uint64_t call_start, gap_start, comp_start, comp_time;
  double counter, counter_out, counter_comp;
  int have_counter;
  uint32_t created, destroyed; /* by the collective being read */
  long nbcs;
  otr_req_t *reqs;
  int pending_waits; /* a Sendrecv's two waits, written when its call ends */
  char waits[2][96];
  long skipped[SK_KINDS];
  /* one-sided (otf2_rma_in.c): window ids by window, request-based operations pending */
  long *wids, nwids, next_wid;
  struct otr_rreq {
    uint64_t match;
    long k;
  } *rreqs;
  int nrreqs, rreqcap, rma_once; /* rma_once: the call's synchronisation is written */
};

/* otf2_defs.c */
int otr_defs_read(OTF2_Reader *rd, otr_defs_t *d);
void otr_defs_free(otr_defs_t *d);
const char *otr_str(const otr_defs_t *d, uint32_t s);
/* The communicator c as the lines name it (with its members), NULL if it has no definition. */
otr_comm_t *otr_comm(otr_t *r, uint32_t c);
/* The OTF2 library's last error message (its errors are kept, not printed). */
const char *otr_lib_error(void);
void otr_quiet(void);
/* otf2_events.c */
int otr_events_open(otr_t *r);
void otr_skip_callbacks(OTF2_EvtReaderCallbacks *cb); /* otf2_skips.c */
/* otf2_rma_in.c: the one-sided records' callbacks, and their lines (simpi's carry theirs). */
void otr_rma_callbacks(OTF2_EvtReaderCallbacks *cb);
void otr_rma_translate(otr_t *r, const otr_ev_t *e);
void otr_rma_free(otr_t *r);
/* A string parameter: simpi's simpi::line is performed, another skipped. */
OTF2_CallbackCode otr_param_string(void *u, OTF2_TimeStamp t, uint64_t pos, OTF2_AttributeList *al, uint32_t param,
                                   uint32_t string);
/* Reads records until the queue holds at least n not translated, or the end; 0, -1 on an error. */
int otr_fill(otr_t *r, size_t n);
/* otf2_lines.c */
void otr_translate(otr_t *r, otr_ev_t *e);
/* A line of the rank's; an error at the record being translated (the first one stays); a
 * record that performs something at t. */
void otr_emit(otr_t *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void otr_fail(otr_t *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void otr_act(otr_t *r, uint64_t t);
/* The event of the queue's record e; its fields set by the callback. */
otr_ev_t *otr_push(otr_t *r, int kind, OTF2_TimeStamp t, uint64_t pos, OTF2_AttributeList *al);
void otr_free_requests(otr_t *r);
#endif
#endif

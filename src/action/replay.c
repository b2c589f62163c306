/* simpi-replay: replays a time-independent trace. Started by
 * `simrun --replay=INDEX`, each rank streams its own file (line K of the
 * index for rank K, 0-based; gzip-compressed files are read transparently)
 * and performs each line with the MPI call it stands for, so that a replay
 * runs through exactly the code of an on-line run (and can itself be
 * recorded). Its own work is not timed: only the trace's compute lines
 * cost simulated time. Lines are read and split by ti_reader.c; the action
 * is found by a table lookup and dispatched by a switch. This file reads
 * the trace and a line's arguments, keeps the pending requests and the
 * communicators, and performs point-to-point and communicator lines;
 * replay_coll.c performs the collectives, replay_rma.c the one-sided lines.
 * An OTF2 archive (simrun sets SIMPI_REPLAY_OTF2) gives each rank its records as the
 * lines they stand for (otf2_in.h), performed the same way. */
#include "replay.h"
#include "trace.h"
#include "otf2_in.h"
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <string.h>
#include <unistd.h>

/* A request started by an isend, irecv or nonblocking collective line and
 * not yet completed by a wait line. Point-to-point ones are found by the
 * "SRC DST TAG" of their line (-333 for MPI_ANY_SOURCE; actual: the
 * source recorded by src=, -1 if none); collectives by their number K
 * (1, 2, ... in the order of their lines), waited as "wait 0 0 -K". */
typedef struct pending {
  MPI_Request req;
  int src, dst, tag, actual;
  long nbc; /* 0: point-to-point */
  void *owned; /* count and type arrays of a nonblocking collective */
  long line;   /* the line that started it */
  struct pending *next;
} pending_t;

/* on the heap: the replayer's globals are copied at each switch between ranks (privatize.c) */
static ti_reader_t *rd;
static const char *file;
static long lineno;
static int rank;
static int finalized; /* the trace's finalize line was read */
static int otf2_rank = -1; /* replaying an OTF2 archive: this rank (lineno: the record) */
int ntok;
char **tok;
int tok_used; /* the last field the line's action read: any after it is junk */
static pending_t *pending, **pending_tail = &pending;
static MPI_Comm *comms; /* trace ids: 0 the world, then the ones comm_split lines make */
static int ncomms;
static char *scratch[2];
static size_t scratch_size[2];
typedef struct block {
  void *p;
  size_t n;
} block_t;
static block_t *retired; /* scratch buffers outgrown while requests were pending */
static int nretired;
int keep_scratch; /* persistent collectives hold the scratch buffers: never free them */

void die(const char *fmt, const char *arg)
{
  char what[1024], msg[1200];
  snprintf(what, sizeof what, fmt, arg);
  for (char *c = what; *c; c++) /* never raw bytes of a binary file on the terminal */
    if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
      *c = '?';
  if (otf2_rank >= 0 && lineno)
    snprintf(msg, sizeof msg, "%s (rank %d, record %ld): %s", file, otf2_rank, lineno, what);
  else if (lineno)
    snprintf(msg, sizeof msg, "%s:%ld: %s", file, lineno, what);
  else
    snprintf(msg, sizeof msg, "%s: %s", file, what);
  simpi_trace_fail(msg);
}

long num(int i, const char *what)
{
  if (i >= ntok)
    die("missing %s", what);
  if (i > tok_used)
    tok_used = i;
  long v;
  if (ti_long(tok[i], &v))
    die("expected a number for %s", what);
  return v;
}

double real(int i, const char *what)
{
  if (i >= ntok)
    die("missing %s", what);
  if (i > tok_used)
    tok_used = i;
  double v;
  if (ti_real(tok[i], &v))
    die("expected a number for %s", what);
  if (!(v >= 0) || v > 1e300) /* negative, NaN or infinite: not an amount of work or time */
    die("%s must be a finite number of 0 or more", what);
  return v;
}

/* The datatype at tok[i], MPI_DOUBLE when absent (SMPI's default). */
MPI_Datatype type(int i)
{
  if (i >= ntok)
    return MPI_DOUBLE;
  MPI_Datatype t = simpi_trace_datatype((int)num(i, "a datatype id"));
  if (t == MPI_DATATYPE_NULL)
    die("unknown datatype id %s", tok[i]);
  return t;
}

/* A buffer of count elements of t: which = 0 for the send side, 1 for the
 * receive side (contents are irrelevant: only sizes matter in a replay, and
 * nothing is copied into it but what an agreement reads). Mapped, not
 * allocated: its pages cost nothing until touched, so that a terabyte message
 * replays. A buffer that pending requests may still use is kept until none is left. */
void *buf(long count, MPI_Datatype t, int which)
{
  MPI_Aint lb, extent; /* pair types such as MPI_DOUBLE_INT are padded: their extent exceeds their size */
  MPI_Type_get_extent(t, &lb, &extent);
  size_t n = (size_t)(count > 0 ? count : 1), e = (size_t)(extent > 0 ? extent : 1);
  if (n > SIZE_MAX / 4 / e) {
    char what[64];
    snprintf(what, sizeof what, "%ld", count);
    die("a buffer of %s elements is more than this machine can address", what);
  }
  size_t need = n * e;
  if (need > scratch_size[which]) {
    if (pending || keep_scratch) {
      retired = realloc(retired, sizeof *retired * (size_t)(nretired + 1));
      retired[nretired++] = (block_t){scratch[which], scratch_size[which]};
    } else if (scratch[which])
      munmap(scratch[which], scratch_size[which]);
    size_t size = need > 2 * scratch_size[which] ? need : 2 * scratch_size[which];
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
      char what[64];
      snprintf(what, sizeof what, "%zu", need);
      die("this line needs a buffer of %s bytes: more than this machine can map", what);
    }
    scratch[which] = p;
    scratch_size[which] = size;
  }
  return scratch[which];
}

void add_pending(MPI_Request r, int src, int dst, int tag, int actual, long nbc, void *owned)
{
  pending_t *p = malloc(sizeof *p);
  *p = (pending_t){r, src, dst, tag, actual, nbc, owned, lineno, NULL};
  *pending_tail = p;
  pending_tail = &p->next;
}

static void complete(pending_t **pp)
{
  pending_t *p = *pp;
  MPI_Wait(&p->req, MPI_STATUS_IGNORE);
  if (!(*pp = p->next))
    pending_tail = pp;
  free(p->owned);
  free(p);
  if (!pending && !keep_scratch) {
    for (int i = 0; i < nretired; i++)
      munmap(retired[i].p, retired[i].n);
    nretired = 0;
  }
}

static int peer(long p) { return p == TI_ANY_SOURCE ? MPI_ANY_SOURCE : (int)p; }
/* SMPI writes MPI_ANY_TAG as -444 (simpi's own traces did as -1, MPI_ANY_TAG here) */
static int tag_of(long t) { return t == TI_ANY_TAG ? MPI_ANY_TAG : (int)t; }

static pending_t **find_p2p(int src, int dst, int tag, int actual)
{
  for (pending_t **pp = &pending; *pp; pp = &(*pp)->next) {
    pending_t *p = *pp;
    if (!p->nbc && (p->src == src || src == TI_ANY_SOURCE || p->src == TI_ANY_SOURCE) && p->dst == dst && p->tag == tag &&
        (actual < 0 || p->actual < 0 || p->actual == actual))
      return pp;
  }
  return NULL;
}

/* "wait SRC DST TAG [src=S]" (or "wait" alone: the oldest request); "wait 0
 * 0 -K": the nonblocking collective K, or, in a trace from smpirun (which
 * writes an internal tag there), the oldest pending collective. */
static void wait_line(int actual)
{
  pending_t **pp = NULL;
  if (ntok < 5)
    pp = pending ? &pending : NULL;
  else {
    int src = (int)num(2, "the source"), dst = (int)num(3, "the destination"), tag = (int)num(4, "the tag");
    pp = find_p2p(src, dst, tag_of(tag), actual);
    if (!pp && tag < 0) {
      for (pending_t **q = &pending; *q && !pp; q = &(*q)->next)
        if ((*q)->nbc == -tag)
          pp = q;
      for (pending_t **q = &pending; *q && !pp; q = &(*q)->next)
        if ((*q)->nbc)
          pp = q;
    }
  }
  if (!pp)
    die("%s: no pending request matches", "wait");
  complete(pp);
}


/* Buffered sends need an attached buffer: one large enough for any trace
 * (only its size is accounted for; its memory is never touched). */
static int bsend_attached;
static void need_bsend_buffer(void)
{
  static char unused;
  if (!bsend_attached)
    MPI_Buffer_attach(&unused, 1 << 30);
  bsend_attached = 1;
}

/* The rank in comm of world rank w (the trace names peers by world rank). */
static MPI_Comm cached = MPI_COMM_NULL; /* the communicator local_rank's map is for */
static int local_rank(MPI_Comm comm, int w)
{
  static int *map, size;
  if (comm != cached) { /* translate every world rank once per communicator change */
    MPI_Group wg, cg;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int *all = malloc(sizeof(int) * (size_t)size);
    map = realloc(map, sizeof(int) * (size_t)size);
    for (int i = 0; i < size; i++)
      all[i] = i;
    MPI_Comm_group(MPI_COMM_WORLD, &wg);
    int inter;
    MPI_Comm_test_inter(comm, &inter);
    if (inter) /* peers are in the other group */
      MPI_Comm_remote_group(comm, &cg);
    else
      MPI_Comm_group(comm, &cg);
    MPI_Group_translate_ranks(wg, size, all, cg, map);
    MPI_Group_free(&wg);
    MPI_Group_free(&cg);
    free(all);
    cached = comm;
  }
  if (w < 0 || w >= size || map[w] == MPI_UNDEFINED)
    die("world rank %s is not in the communicator of this line", tok[2]);
  return map[w];
}

static MPI_Comm comm_of(long id)
{
  if (id == -1) /* MPI_COMM_SELF, the parent of what a rank makes alone */
    return MPI_COMM_SELF;
  if (id < 0 || id >= ncomms || comms[id] == MPI_COMM_NULL)
    die("no communicator %s here (see the comm_split lines)", "with that id");
  return comms[id];
}

static void set_comm(long id, MPI_Comm c)
{
  if (id >= ncomms) {
    comms = realloc(comms, sizeof *comms * (size_t)(id + 1));
    for (long i = ncomms; i <= id; i++)
      comms[i] = MPI_COMM_NULL;
    ncomms = (int)id + 1;
  }
  comms[id] = c;
}

int region = -1; /* the line's dynamic-window region (region=R), -1 none */
int userop = -1; /* the line's reduction used a user operation: 1 commutative, 0 not; -1 none */
int inplace; /* the line's collective was called with MPI_IN_PLACE */
long rma_req;

/* Topology lines: "comm_cart ID NDIMS D.. P.." and "comm_adjacent ID NIN R.. NOUT R.." */
static void perform_topo(int a)
{
  MPI_Comm c = comm_of(num(2, "the communicator"));
  int n = (int)num(3, a == TI_COMM_CART ? "the number of dimensions" : "the in-degree");
  int m = a == TI_COMM_CART ? n : (int)num(4 + n, "the out-degree");
  int *v = malloc(sizeof(int) * (size_t)(n + m + 1));
  for (int i = 0; i < n; i++)
    v[i] = (int)num(4 + i, "a neighbour or dimension");
  for (int i = 0; i < m; i++)
    v[n + i] = (int)num(4 + n + (a != TI_COMM_CART) + i, "a neighbour or period");
  if (a == TI_COMM_CART)
    simpi_trace_cart(c, n, v, v + n);
  else
    simpi_trace_adjacent(c, n, v, m, v + n);
  free(v);
}

/* Extensions are trailing KEY=VALUE tokens: comm=ID (the communicator of
 * a collective), src=S and tag=T (the actual source and tag of a wildcard
 * receive). Takes them off the line. */
static void extensions(MPI_Comm *comm, int *src, int *tag)
{
  while (ntok > 2) {
    const char *t = tok[ntok - 1], *eq = strchr(t, '=');
    if (!eq)
      return;
    long v;
    if (ti_long(eq + 1, &v))
      die("expected KEY=NUMBER, got '%s'", t);
    if (eq - t == 4 && !strncmp(t, "comm", 4))
      *comm = v == -1 ? MPI_COMM_SELF : comm_of(v);
    else if (eq - t == 3 && !strncmp(t, "src", 3))
      *src = (int)v;
    else if (eq - t == 3 && !strncmp(t, "tag", 3))
      *tag = (int)v;
    else if (eq - t == 7 && !strncmp(t, "inplace", 7))
      inplace = v != 0;
    else if (eq - t == 6 && !strncmp(t, "userop", 6))
      userop = v != 0;
    else if (eq - t == 6 && !strncmp(t, "region", 6))
      region = (int)v;
    else if (eq - t == 3 && !strncmp(t, "req", 3))
      rma_req = v;
    else if (eq - t == 3 && !strncmp(t, "err", 3))
      io_err = (int)v;
    else
      die("unknown extension '%s'", t);
    ntok--;
  }
}

static void perform_line(void)
{
  MPI_Comm comm = MPI_COMM_WORLD;
  int src = -1, xtag = -1;
  inplace = 0;
  userop = -1;
  region = -1;
  rma_req = 0;
  io_err = 0;
  extensions(&comm, &src, &xtag);
  int a = ti_action(tok[1], strlen(tok[1]));
  if (a < 0)
    die("unknown action '%s'", tok[1]);
  if (a < TI_IBARRIER + TI_NCOLL) {
    perform_coll(a % TI_NCOLL, a >= TI_IBARRIER, comm);
    return;
  }
  switch (a) {
  case TI_FINALIZE: finalized = 1; break;
  case TI_INIT: /* Init and Finalize frame the replay */
  case TI_COMM_SIZE:
  case TI_TEST: /* costs nothing; the time a failed test spends is a sleep line */
    break;
  case TI_COMPUTE: smpi_execute_flops(real(2, "flops")); break;
  case TI_SLEEP: simpi_trace_sleep(real(2, "seconds")); break;
  case TI_SEND:
  case TI_ISEND:
  case TI_SSEND:
  case TI_ISSEND:
  case TI_BSEND:
  case TI_IBSEND:
  case TI_RECV:
  case TI_IRECV: {
    int p = peer(num(2, "the partner")), tag = tag_of(num(3, "the tag"));
    long count = num(4, "the count");
    MPI_Datatype t = type(5);
    /* peers and src= are world ranks: on another communicator, its ranks */
    int cp = comm == MPI_COMM_WORLD || p == MPI_ANY_SOURCE ? p : local_rank(comm, p);
    int csrc = src < 0 || comm == MPI_COMM_WORLD ? src : local_rank(comm, src);
    if (a == TI_BSEND || a == TI_IBSEND)
      need_bsend_buffer();
    MPI_Request r;
    void *sb = buf(count, t, 0);
    MPI_Count c = count; /* the _c forms: counts may exceed an int */
    switch (a) {
    case TI_SEND: MPI_Send_c(sb, c, t, cp, tag, comm); break;
    case TI_SSEND: MPI_Ssend_c(sb, c, t, cp, tag, comm); break;
    case TI_BSEND: MPI_Bsend_c(sb, c, t, cp, tag, comm); break;
    case TI_RECV: MPI_Recv_c(buf(count, t, 1), c, t, cp, tag, comm, MPI_STATUS_IGNORE); break;
    case TI_IRECV:
      /* a wildcard receive with its recorded match is posted for that match */
      if (src >= 0 || xtag >= 0)
        simpi_trace_wildcard((src >= 0 && p == MPI_ANY_SOURCE) | (xtag >= 0 && tag == MPI_ANY_TAG) << 1);
      MPI_Irecv_c(buf(count, t, 1), c, t, csrc >= 0 ? csrc : cp, xtag >= 0 ? xtag : tag, comm, &r);
      add_pending(r, p == MPI_ANY_SOURCE ? TI_ANY_SOURCE : p, rank, tag, src, 0, NULL);
      break;
    default:
      if (a == TI_ISEND)
        MPI_Isend_c(sb, c, t, cp, tag, comm, &r);
      else if (a == TI_ISSEND)
        MPI_Issend_c(sb, c, t, cp, tag, comm, &r);
      else
        MPI_Ibsend_c(sb, c, t, cp, tag, comm, &r);
      add_pending(r, rank, p, tag, -1, 0, NULL);
    }
    break;
  }
  case TI_SENDRECV: { /* smpirun's "sendRecv SC DST RC SRC [ST RT]" (simpi writes Sendrecv as its two halves) */
    long sc = num(2, "the send count"), rc = num(4, "the receive count");
    int dst = (int)num(3, "the destination"), from = peer(num(5, "the source"));
    MPI_Datatype st = type(6), rt = type(7);
    MPI_Sendrecv(buf(sc, st, 0), (int)sc, st, dst, 0, buf(rc, rt, 1), (int)rc, rt, from, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
    break;
  }
  case TI_CANCEL: {
    pending_t **pp = ntok >= 5 ? find_p2p((int)num(2, "the source"), (int)num(3, "the destination"),
                                         tag_of(num(4, "the tag")), -1)
                               : NULL;
    if (!pp)
      die("%s: no pending request matches", "cancel");
    MPI_Cancel(&(*pp)->req);
    complete(pp);
    break;
  }
  case TI_BUFFER_DETACH:
    if (bsend_attached) {
      void *b;
      int size;
      MPI_Buffer_detach(&b, &size);
      bsend_attached = 0;
    }
    break;
  case TI_WAIT: wait_line(src); break;
  case TI_WAITALL:
    while (pending)
      complete(&pending);
    break;
  case TI_COMM_SPLIT: {
    long parent = num(2, "the parent communicator"), color = num(3, "the color");
    long key = num(4, "the key"), id = num(5, "the new communicator");
    MPI_Comm made;
    MPI_Comm_split(comm_of(parent), color < 0 ? MPI_UNDEFINED : (int)color, (int)key, &made);
    if (id >= 0)
      set_comm(id, made);
    break;
  }
  case TI_COLL_INIT: perform_coll_init(comm); break;
  case TI_COLL_START: perform_coll_start(); break;
  case TI_COMM_IDUP: {
    MPI_Comm made;
    MPI_Request r;
    long parent = num(2, "the parent communicator"), id = num(3, "the new communicator");
    MPI_Comm_idup(comm_of(parent), &made, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    set_comm(id, made);
    break;
  }
  case TI_COMM_CART:
  case TI_COMM_ADJACENT: perform_topo(a); break;
  case TI_COMM_DIST_GRAPH: {
    MPI_Comm parent = comm_of(num(2, "the parent communicator"));
    long id = num(3, "the new communicator");
    int n = (int)num(4, "the number of sources"), total = 0, at = 5;
    for (int i = 0; i < n; at += 2 + (int)num(at + 1, "a degree"), i++)
      total += (int)num(at + 1, "a degree");
    int *sd = malloc(sizeof(int) * (size_t)(2 * n + 2 * total + 1)), *deg = sd + n, *dst = deg + n, *w = dst + total;
    at = 5;
    for (int i = 0, k = 0; i < n; i++) {
      sd[i] = (int)num(at, "a source");
      deg[i] = (int)num(at + 1, "a degree");
      for (int j = 0; j < deg[i]; j++, k++) {
        dst[k] = (int)num(at + 2 + j, "a destination");
        w[k] = 1; /* weights are not recorded (they do not change times) */
      }
      at += 2 + deg[i];
    }
    MPI_Comm made;
    MPI_Dist_graph_create(parent, n, sd, deg, dst, w, MPI_INFO_NULL, 0, &made);
    set_comm(id, made);
    free(sd);
    break;
  }
  case TI_INTERCOMM_CREATE: {
    MPI_Comm local = comm_of(num(2, "the local communicator"));
    int leader = (int)num(3, "the local leader"), rleader = (int)num(5, "the remote leader");
    long peer = num(4, "the peer communicator"), id = num(7, "the new communicator");
    MPI_Comm made;
    MPI_Intercomm_create(local, leader, peer < 0 ? MPI_COMM_NULL : comm_of(peer), rleader, (int)num(6, "the tag"),
                         &made);
    set_comm(id, made);
    break;
  }
  case TI_INTERCOMM_MERGE: {
    MPI_Comm made;
    MPI_Intercomm_merge(comm_of(num(2, "the intercommunicator")), (int)num(3, "the high flag"), &made);
    set_comm(num(4, "the new communicator"), made);
    break;
  }
  case TI_COMM_CREATE_GROUP: {
    MPI_Comm parent = comm_of(num(2, "the parent communicator"));
    long id = num(3, "the new communicator");
    int tag = (int)num(4, "the tag"), n = (int)num(5, "the group size");
    int *r = malloc(sizeof(int) * (size_t)(n + 1));
    for (int i = 0; i < n; i++)
      r[i] = (int)num(6 + i, "a rank of the group");
    MPI_Group all, g;
    MPI_Comm_group(parent, &all);
    MPI_Group_incl(all, n, r, &g);
    MPI_Comm made;
    MPI_Comm_create_group(parent, g, tag, &made);
    set_comm(id, made);
    MPI_Group_free(&all);
    MPI_Group_free(&g);
    free(r);
    break;
  }
  case TI_NEIGHBOR_ALLGATHER:
  case TI_NEIGHBOR_ALLGATHERV:
  case TI_NEIGHBOR_ALLTOALL:
  case TI_NEIGHBOR_ALLTOALLV:
  case TI_NEIGHBOR_ALLTOALLW: perform_neighbor(a, 0, comm); break;
  case TI_INEIGHBOR_ALLGATHER:
  case TI_INEIGHBOR_ALLGATHERV:
  case TI_INEIGHBOR_ALLTOALL:
  case TI_INEIGHBOR_ALLTOALLV:
  case TI_INEIGHBOR_ALLTOALLW: perform_neighbor(a - TI_NNEIGHBOR, 1, comm); break;
  case TI_COMM_FREE: {
    long id = num(2, "the communicator");
    MPI_Comm c = comm_of(id);
    MPI_Comm_free(&c);
    comms[id] = MPI_COMM_NULL;
    cached = MPI_COMM_NULL; /* its handle may be given again */
    break;
  }
  default:
    if (a >= TI_FILE_OPEN)
      perform_io(a, comm);
    else if (a >= TI_WIN_CREATE)
      perform_rma(a, comm);
    else
      die("action '%s' is not supported by this replayer", tok[1]);
  }
}

/* Lines after whose fields smpirun 3.32 writes more than a replay uses: init,
 * comm_size N, test, waitall N, and (i)reducescatter, whose counts it writes
 * followed by a long run of zeros. */
static int smpi_extra_fields(int a)
{
  if (a < TI_IBARRIER + TI_NCOLL)
    return a % TI_NCOLL == TI_REDUCESCATTER;
  return a == TI_INIT || a == TI_COMM_SIZE || a == TI_TEST || a == TI_WAITALL;
}

/* A line is its action's fields and nothing more: a field no action read
 * (a damaged or hand-edited line) stops the replay at its line, as a missing
 * one does. */
void perform(void)
{
  tok_used = 1;
  perform_line();
  int a = ti_action(tok[1], strlen(tok[1]));
  if (tok_used < ntok - 1 && !smpi_extra_fields(a)) {
    char what[300];
    snprintf(what, sizeof what, "unexpected '%.120s' after the fields of this %.60s line", tok[tok_used + 1], tok[1]);
    die("%s", what);
  }
}

/* Errors: a receive that the program truncated (and survived, with
 * MPI_ERRORS_RETURN) is truncated again and goes on; anything else stops
 * the replay at its line. Communicators made later inherit this handler. */
void die_unless(int code, int expected)
{
  int cls, len;
  MPI_Error_class(code, &cls);
  if (cls == expected)
    return;
  char msg[MPI_MAX_ERROR_STRING], line[MPI_MAX_ERROR_STRING + 64];
  MPI_Error_string(code, msg, &len);
  snprintf(line, sizeof line, "%s: %s", ntok > 1 ? tok[1] : "?", msg);
  die("%s", line);
}

static void on_error(MPI_Comm *comm, int *code, ...)
{
  (void)comm;
  die_unless(*code, MPI_ERR_TRUNCATE);
}

/* A time-independent trace: line K of the index names rank K's file (0-based), which is
 * read line by line and performed. */
static void replay_ti(const char *index)
{
  FILE *idx = fopen(index, "r");
  if (!idx)
    die("cannot open the trace index (%s)", "missing file?");
  /* file points to it until the end; on the heap, as a static buffer (8 KiB) was part of the
   * globals privatization copies at every switch between ranks (issue 27) */
  char *path = NULL;
  char name[4096];
  int found = 0, index_line = 0;
  for (int k = 0; fgets(name, sizeof name, idx);) {
    lineno = ++index_line;
    name[strcspn(name, "\r\n")] = 0;
    if (!name[strspn(name, " \t")]) /* blank lines name no file */
      continue;
    if (k++ == rank) {
      /* relative names: to the current directory (as smpirun reads them),
       * else to the index's directory */
      const char *slash = strrchr(index, '/');
      int own = name[0] == '/' || !slash || access(name, R_OK) == 0;
      size_t len = (own ? 0 : (size_t)(slash - index)) + strlen(name) + 2;
      path = malloc(len);
      if (!own)
        snprintf(path, len, "%.*s/%s", (int)(slash - index), index, name);
      else
        snprintf(path, len, "%s", name);
      found = 1;
      break;
    }
  }
  fclose(idx);
  if (!found) {
    lineno = 0;
    die("the index lists fewer files than there are ranks (%s)", "use as many ranks as trace files");
  }
  file = path;
  lineno = 0;
  rd = calloc(1, sizeof *rd);
  if (!rd || ti_open(rd, path))
    die("cannot open %s", path);
  long v;
  for (int first = 1; ti_next(rd); first = 0) {
    lineno = rd->lineno;
    tok = rd->tok;
    ntok = rd->ntok;
    /* a file whose first line is not a trace's is said to be so, and none of it is shown (an
     * index may name any file, one the user could not otherwise read among them) */
    if (first && (ntok < 2 || ti_long(tok[0], &v) || ti_action(tok[1], strlen(tok[1])) < 0)) {
      char why[200];
      snprintf(why, sizeof why, "not a time-independent trace (line %d of the index %%s names it)", index_line);
      die(why, index);
    }
    if (ntok < 2)
      die("expected '<rank> <action> ...', got '%s'", tok[0]);
    if (num(0, "the rank") != rank)
      die("this line belongs to rank %s", tok[0]);
    simpi_trace_position(first ? file : NULL, lineno);
    perform();
  }
  /* why the lines stopped: the end, or not */
  lineno = rd->lineno;
  if (rd->error[0])
    die("%s", rd->error);
  if (rd->stopped[0])
    die("the recorded run stopped here (%s): the replay stops too", rd->stopped);
  if (!lineno)
    die("%s", "the file is empty: the trace of this rank is missing");
  ti_close(rd);
  free(rd);
  rd = NULL;
}

/* An OTF2 archive: this rank's records, as the lines they stand for (otf2_in.h); the
 * records skipped are counted for the run's summary. */
static void note_skipped(const char *kind, long n, void *arg)
{
  (void)arg;
  simpi_trace_skipped(kind, n);
}

static void replay_otf2(const char *anchor)
{
  char err[600], *line;
  const char *ratio = getenv("SIMPI_OTF2_SPEED");
  double speed = simpi_trace_host_speed() / (ratio && *ratio ? atof(ratio) : 1.0);
  otr_t *o = otr_open(anchor, rank, speed, err, sizeof err);
  if (!o) {
    lineno = 0;
    simpi_trace_fail(err);
  }
  char where[4200];
  snprintf(where, sizeof where, "%s record", anchor);
  otf2_rank = rank;
  rd = calloc(1, sizeof *rd); /* only its token array is used */
  if (!rd)
    die("%s", "out of memory");
  for (int first = 1; (line = otr_next(o)); first = 0) {
    lineno = otr_position(o);
    ntok = ti_split(rd, line);
    tok = rd->tok;
    simpi_trace_position(first ? where : NULL, lineno);
    perform();
  }
  lineno = otr_position(o);
  if (otr_error(o)[0]) {
    snprintf(err, sizeof err, "%s: %s", anchor, otr_error(o));
    simpi_trace_fail(err);
  }
  otr_skipped(o, note_skipped, NULL);
  if (rank == 0) {
    long locs, events;
    otr_other_locations(o, &locs, &events);
    if (locs) {
      char what[160];
      snprintf(what, sizeof what, "events of %ld location%s that are no MPI rank (threads, devices)", locs,
               locs == 1 ? "" : "s");
      simpi_trace_skipped(what, events);
    }
  }
  otr_close(o);
  ti_close(rd);
  free(rd);
  rd = NULL;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv); /* the runtime does not time a replayer's own work */
  io_replay_init();
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Errhandler eh;
  MPI_Comm_create_errhandler(on_error, &eh);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
  set_comm(0, MPI_COMM_WORLD);
  const char *index = getenv("SIMPI_REPLAY");
  if (!index || !*index) {
    fprintf(stderr, "simpi-replay: start me with simrun --replay=TRACE\n");
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  (void)argc;
  (void)argv;
  file = index;
  const char *otf2 = getenv("SIMPI_REPLAY_OTF2");
  if (otf2 && *otf2 == '1')
    replay_otf2(index);
  else
    replay_ti(index);
  if (!finalized)
    die("%s", otf2_rank >= 0 ? "the trace ends without MPI_Finalize: it was cut short"
                             : "the trace ends without a finalize line: it was cut short");
  if (pending) { /* as MPI_Finalize warns of the requests a run never completed */
    char lines[200] = "";
    int n = 0, len = 0;
    for (pending_t *p = pending; p; p = p->next, n++)
      if (n < 8 && len < (int)sizeof lines - 24)
        len += snprintf(lines + len, sizeof lines - (size_t)len, "%s%ld", n ? ", " : "", p->line);
    fflush(stdout);
    fprintf(stderr, "simpi: warning: %s: the trace ends with %d request%s that no wait line completes (started on "
            "%s %s%s)\n", file, n, n == 1 ? "" : "s", otf2_rank >= 0 ? (n == 1 ? "record" : "records") : n == 1 ? "line" : "lines",
            lines, n > 8 ? ", ..." : "");
  }
  while (pending)
    complete(&pending);
  free_persistent_colls();
  MPI_Finalize();
  return 0;
}

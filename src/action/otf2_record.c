/* Trace lines -> OTF2's MPI records (see otf2_out.h), as Score-P writes them: MpiSend/MpiRecv,
 * MpiIsend/MpiIsendComplete, MpiIrecvRequest/MpiIrecv, MpiRequestCancelled; a collective is
 * MpiCollectiveBegin ... MpiCollectiveEnd (its end written when its call ends), a nonblocking
 * one NonBlockingCollectiveRequest ... NonBlockingCollectiveComplete; a communicator made is a
 * CREATE_HANDLE collective with CommCreate, a freed one DESTROY_HANDLE with CommDestroy. Peers
 * and roots are ranks of the record's communicator, sizes bytes: a collective's the bytes of
 * this rank's send and receive buffers, and its trace line's arguments in the attribute
 * simpi::args, which simpi's replay reads back. A wait line names its request by the (source,
 * destination, tag) of its operation's line, as TI replays match them: the oldest such. */
#define OTW_INTERNAL
#include "otf2_out.h"
#include "trace.h"
#include "../core/datatype.h"
#include "../runtime/runtime.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void otw_parse(const char *text, size_t len, otw_line_t *l)
{
  const char *p = text, *end = text + len;
  l->word = p;
  while (p < end && *p != ' ')
    p++;
  l->wl = (size_t)(p - text);
  l->n = 0;
  l->comm = 0;
  l->has_src = l->has_tag = 0;
  size_t a = 0;
  while (p < end) {
    while (p < end && *p == ' ')
      p++;
    const char *t = p;
    while (p < end && *p != ' ')
      p++;
    size_t tl = (size_t)(p - t);
    if (!tl)
      break;
    if (tl > 5 && !memcmp(t, "comm=", 5)) {
      l->comm = strtol(t + 5, NULL, 10);
      continue;
    }
    if (a + tl + 2 < sizeof l->args) {
      l->args[a++] = ' ';
      memcpy(l->args + a, t, tl);
      a += tl;
    }
    if (tl > 4 && !memcmp(t, "src=", 4))
      l->src = strtol(t + 4, NULL, 10), l->has_src = 1;
    else if (tl > 4 && !memcmp(t, "tag=", 4))
      l->tag = strtol(t + 4, NULL, 10), l->has_tag = 1;
    else if (!memchr(t, '=', tl) && l->n < MAXV)
      l->v[l->n++] = strtol(t, NULL, 10);
  }
  l->args[a] = 0;
}

static int is(const otw_line_t *l, const char *w) { return strlen(w) == l->wl && !memcmp(l->word, w, l->wl); }

static uint64_t tsize(long id)
{
  MPI_Datatype t = simpi_trace_datatype((int)id);
  return t == MPI_DATATYPE_NULL ? 1 : (uint64_t)dt_get(t)->size;
}

uint64_t otw_bytes(long count, long type) { return count > 0 ? (uint64_t)count * tsize(type) : 0; }

static otw_req_t *req_new(otw_rank_t *o, int kind)
{
  otw_req_t *q = calloc(1, sizeof *q), **end = &o->reqs;
  while (*end)
    end = &(*end)->next;
  *end = q;
  q->id = ++o->next_req;
  q->kind = kind;
  return q;
}

/* Takes the oldest pending request matching the wait line's (s, d, tag) or collective k. */
static otw_req_t *req_take(otw_rank_t *o, int nbc, long s, long d, long tag)
{
  for (otw_req_t **p = &o->reqs; *p; p = &(*p)->next) {
    otw_req_t *q = *p;
    if (nbc ? q->kind == 2 && q->k == -tag : q->kind != 2 && q->src == s && q->dst == d && q->tag == tag) {
      *p = q->next;
      return q;
    }
  }
  return NULL;
}

OTF2_AttributeList *otw_attr(uint32_t attr, uint32_t value)
{
  static OTF2_AttributeList *al;
  if (value == OTF2_UNDEFINED_STRING)
    return NULL;
  if (!al)
    al = OTF2_AttributeList_New();
  OTF2_AttributeList_RemoveAllAttributes(al);
  OTF2_AttributeList_AddStringRef(al, attr, value);
  return al;
}

static int p2p(int rank, OTF2_EvtWriter *w, uint64_t t, const otw_line_t *l)
{
  otw_rank_t *o = &otw_ranks[rank];
  int send = is(l, "send") || is(l, "ssend") || is(l, "bsend"), isend = is(l, "isend") || is(l, "issend") || is(l, "ibsend");
  int recv = is(l, "recv"), irecv = is(l, "irecv");
  if (send || isend || recv || irecv) {
    if (l->n < 4)
      return 0;
    uint32_t c = otw_comm(rank, l->comm, OTF2_UNDEFINED_COMM);
    if (c == OTF2_UNDEFINED_COMM)
      return 0;
    uint32_t peer = otw_local(c, l->v[0]);
    uint64_t b = otw_bytes(l->v[2], l->v[3]);
    /* a synchronous or buffered send: its mode in simpi::args ("s", "b") */
    char mode[2] = {l->word[isend], 0};
    OTF2_AttributeList *al = NULL;
    if ((send || isend) && (mode[0] == 's' || mode[0] == 'b') && l->word[isend + 1] == 's')
      al = otw_attr(otw_attr_args, otw_string(mode));
    if (send)
      otw_check(OTF2_EvtWriter_MpiSend(w, al, t, peer, c, (uint32_t)l->v[1], b));
    else if (recv)
      otw_check(OTF2_EvtWriter_MpiRecv(w, NULL, t, peer, c, (uint32_t)l->v[1], b));
    else {
      otw_req_t *q = req_new(o, recv || irecv);
      q->src = irecv ? l->v[0] : rank, q->dst = irecv ? rank : l->v[0], q->tag = l->v[1], q->bytes = b, q->comm = c;
      if (isend)
        otw_check(OTF2_EvtWriter_MpiIsend(w, al, t, peer, c, (uint32_t)l->v[1], b, q->id));
      else
        otw_check(OTF2_EvtWriter_MpiIrecvRequest(w, NULL, t, q->id));
    }
    o->events++;
    return 1;
  }
  if ((is(l, "wait") || is(l, "cancel")) && l->n >= 3) {
    /* "wait 0 0 -K" completes nonblocking collective K, unless none is pending: K = 444 is also
     * a wildcard receive's tag (TI_ANY_TAG) */
    int nbc = is(l, "wait") && l->v[0] == 0 && l->v[1] == 0 && l->v[2] < 0;
    otw_req_t *q = req_take(o, nbc, l->v[0], l->v[1], l->v[2]);
    if (!q && nbc && l->v[2] == TI_ANY_TAG)
      q = req_take(o, 0, l->v[0], l->v[1], l->v[2]);
    if (!q)
      return 0;
    if (is(l, "cancel"))
      otw_check(OTF2_EvtWriter_MpiRequestCancelled(w, NULL, t, q->id));
    else if (q->kind == 2)
      otw_check(OTF2_EvtWriter_NonBlockingCollectiveComplete(w, otw_attr(otw_attr_args, q->args), t, q->op, q->comm, q->root,
                                                             q->sent, q->bytes, q->id));
    else if (q->kind == 0)
      otw_check(OTF2_EvtWriter_MpiIsendComplete(w, NULL, t, q->id));
    else
      otw_check(OTF2_EvtWriter_MpiIrecv(w, NULL, t, otw_local(q->comm, l->has_src ? l->src : l->v[0]), q->comm,
                                        (uint32_t)(l->has_tag ? l->tag : l->v[2]), q->bytes, q->id));
    free(q);
    o->events++;
    return 1;
  }
  return 0;
}

/* ---- collectives ---- */

enum form { F_NONE, F_ROOT_B, F_REDUCE, F_B, F_GATHER, F_SCATTER, F_ALLGATHER, F_ALLTOALL, F_GATHERV, F_SCATTERV,
            F_ALLGATHERV, F_ALLTOALLV, F_ALLTOALLW, F_REDSCAT };
static const struct {
  const char *name;
  OTF2_CollectiveOp op;
  enum form form;
} colls[] = {
    {"barrier", OTF2_COLLECTIVE_OP_BARRIER, F_NONE},
    {"bcast", OTF2_COLLECTIVE_OP_BCAST, F_ROOT_B},
    {"reduce", OTF2_COLLECTIVE_OP_REDUCE, F_REDUCE},
    {"allreduce", OTF2_COLLECTIVE_OP_ALLREDUCE, F_B},
    {"scan", OTF2_COLLECTIVE_OP_SCAN, F_B},
    {"exscan", OTF2_COLLECTIVE_OP_EXSCAN, F_B},
    {"reducescatterblock", OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK, F_B},
    {"gather", OTF2_COLLECTIVE_OP_GATHER, F_GATHER},
    {"scatter", OTF2_COLLECTIVE_OP_SCATTER, F_SCATTER},
    {"allgather", OTF2_COLLECTIVE_OP_ALLGATHER, F_ALLGATHER},
    {"alltoall", OTF2_COLLECTIVE_OP_ALLTOALL, F_ALLTOALL},
    {"gatherv", OTF2_COLLECTIVE_OP_GATHERV, F_GATHERV},
    {"scatterv", OTF2_COLLECTIVE_OP_SCATTERV, F_SCATTERV},
    {"allgatherv", OTF2_COLLECTIVE_OP_ALLGATHERV, F_ALLGATHERV},
    {"alltoallv", OTF2_COLLECTIVE_OP_ALLTOALLV, F_ALLTOALLV},
    {"alltoallw", OTF2_COLLECTIVE_OP_ALLTOALLW, F_ALLTOALLW},
    {"reducescatter", OTF2_COLLECTIVE_OP_REDUCE_SCATTER, F_REDSCAT},
};

static uint64_t sum(const long *v, int n, uint64_t size)
{
  uint64_t s = 0;
  for (int i = 0; i < n; i++)
    s += (uint64_t)(v[i] > 0 ? v[i] : 0) * size;
  return s;
}

/* Root, bytes sent and received of collective line l (form f) of this rank (me in c). */
static void coll_sizes(enum form f, const otw_line_t *l, int me, uint32_t *root, uint64_t *sent, uint64_t *recv)
{
  const long *v = l->v;
  int n = l->n;
  *root = OTF2_UNDEFINED_UINT32;
  *sent = *recv = 0;
  switch (f) {
  case F_ROOT_B: /* bcast N root T */
    if (n < 3)
      break;
    *root = (uint32_t)v[1];
    *recv = otw_bytes(v[0], v[2]);
    *sent = me == v[1] ? *recv : 0;
    break;
  case F_REDUCE: /* reduce N 0 root T */
    if (n < 4)
      break;
    *root = (uint32_t)v[2];
    *sent = otw_bytes(v[0], v[3]);
    *recv = me == v[2] ? *sent : 0;
    break;
  case F_B: /* N 0 T */
    if (n >= 3)
      *sent = *recv = otw_bytes(v[0], v[2]);
    break;
  case F_GATHER:  /* SN RN root ST RT */
  case F_SCATTER: /* the same */
    if (n < 5)
      break;
    *root = (uint32_t)v[2];
    *sent = otw_bytes(v[0], v[3]);
    *recv = otw_bytes(v[1], v[4]);
    break;
  case F_ALLGATHER: /* SN RN ST RT */
  case F_ALLTOALL:
    if (n >= 4)
      *sent = otw_bytes(v[0], v[2]), *recv = otw_bytes(v[1], v[3]);
    break;
  case F_GATHERV: /* SN C1..Cn root ST RT */
    if (n >= 4)
      *root = (uint32_t)v[n - 3], *sent = otw_bytes(v[0], v[n - 2]), *recv = sum(v + 1, n - 4, tsize(v[n - 1]));
    break;
  case F_SCATTERV: /* C1..Cn RN root ST RT */
    if (n >= 4)
      *root = (uint32_t)v[n - 3], *sent = sum(v, n - 4, tsize(v[n - 2])), *recv = otw_bytes(v[n - 4], v[n - 1]);
    break;
  case F_ALLGATHERV: /* SN C1..Cn ST RT */
    if (n >= 3)
      *sent = otw_bytes(v[0], v[n - 2]), *recv = sum(v + 1, n - 3, tsize(v[n - 1]));
    break;
  case F_ALLTOALLV: /* STOTAL C1..Cn RTOTAL C1..Cn ST RT */
    if (n >= 4)
      *sent = otw_bytes(v[0], v[n - 2]), *recv = otw_bytes(v[(n - 2) / 2], v[n - 1]);
    break;
  case F_ALLTOALLW: /* the same in bytes, no types */
    if (n >= 2)
      *sent = (uint64_t)v[0], *recv = (uint64_t)v[n / 2];
    break;
  case F_REDSCAT: /* C1..Cn 0 T */
    if (n >= 2) {
      *sent = sum(v, n - 2, tsize(v[n - 1]));
      *recv = me >= 0 && me < n - 2 ? otw_bytes(v[me], v[n - 1]) : 0;
    }
    break;
  default: break;
  }
}

void otw_coll_end(int rank, OTF2_EvtWriter *w, uint64_t t)
{
  otw_rank_t *o = &otw_ranks[rank];
  o->coll_open = 0;
  otw_check(OTF2_EvtWriter_MpiCollectiveEnd(w, otw_attr(o->coll_attr, o->coll_args), t, o->coll_op, o->coll_comm,
                                            o->coll_root,
                                            o->coll_sent, o->coll_recv));
  o->events++;
}

/* A blocking collective's begin now; its end later (otw_coll_end), with attribute attr = args. */
static void coll_begin(otw_rank_t *o, OTF2_EvtWriter *w, uint64_t t, OTF2_CollectiveOp op, uint32_t c, uint32_t root,
                       uint64_t sent, uint64_t recv, uint32_t attr, uint32_t args)
{
  otw_check(OTF2_EvtWriter_MpiCollectiveBegin(w, NULL, t));
  o->events++;
  o->coll_open = 1;
  o->coll_op = (uint8_t)op, o->coll_comm = c, o->coll_root = root, o->coll_sent = sent, o->coll_recv = recv;
  o->coll_attr = attr, o->coll_args = args;
}

static int collective(int rank, OTF2_EvtWriter *w, uint64_t t, const otw_line_t *l)
{
  int nb = l->wl > 1 && l->word[0] == 'i';
  size_t k = 0;
  while (k < sizeof colls / sizeof *colls &&
         (strlen(colls[k].name) != l->wl - (size_t)nb || memcmp(colls[k].name, l->word + nb, l->wl - (size_t)nb)))
    k++;
  if (k == sizeof colls / sizeof *colls)
    return 0;
  uint32_t c = otw_comm(rank, l->comm, OTF2_UNDEFINED_COMM);
  if (c == OTF2_UNDEFINED_COMM)
    return 0;
  otw_rank_t *o = &otw_ranks[rank];
  uint32_t root;
  uint64_t sent, recv;
  coll_sizes(colls[k].form, l, otw_local(c, rank), &root, &sent, &recv);
  uint32_t args = otw_string(l->args);
  if (!nb) {
    coll_begin(o, w, t, colls[k].op, c, root, sent, recv, otw_attr_args, args);
    return 1;
  }
  otw_req_t *q = req_new(o, 2);
  q->k = rt_ranks[rank].trace_nbcs + 1; /* the number its wait line will give it */
  q->op = (uint8_t)colls[k].op, q->comm = c, q->root = root, q->sent = sent, q->bytes = recv, q->args = args;
  otw_check(OTF2_EvtWriter_NonBlockingCollectiveRequest(w, NULL, t, q->id));
  o->events++;
  return 1;
}

/* Communicators OTF2 records no arguments for: intercomm_create LOCAL LEADER PEER RLEADER TAG
 * NEWID (PEER -1 but at the local leader), intercomm_merge INTER HIGH NEWID, comm_dist_graph
 * PARENT NEWID N ...: a CREATE_HANDLE collective on the first communicator named, with
 * CommCreate of the new one (an intercommunicator is an InterComm definition), as Score-P writes
 * them, carrying the whole line in simpi::line with the communicators named as the archive does. */
static int made_by_line(int rank, OTF2_EvtWriter *w, uint64_t t, const otw_line_t *l)
{
  static const struct {
    const char *word;
    int n, made, other; /* numbers at least; the new one's place; another communicator's, -1 none */
  } forms[] = {{"intercomm_create", 6, 5, 2}, {"intercomm_merge", 3, 2, -1}, {"comm_dist_graph", 3, 1, -1}};
  size_t f = 0;
  while (f < sizeof forms / sizeof *forms && !is(l, forms[f].word))
    f++;
  if (f == sizeof forms / sizeof *forms || l->n < forms[f].n || l->n == MAXV)
    return 0;
  uint32_t on = otw_comm(rank, l->v[0], OTF2_UNDEFINED_COMM), other = OTW_WORLD;
  if (forms[f].other >= 0 && l->v[forms[f].other] != -1)
    other = otw_comm(rank, l->v[forms[f].other], OTF2_UNDEFINED_COMM);
  uint32_t made = on == OTF2_UNDEFINED_COMM ? on : otw_comm(rank, l->v[forms[f].made], on);
  if (on == OTF2_UNDEFINED_COMM || other == OTF2_UNDEFINED_COMM || made == OTF2_UNDEFINED_COMM)
    return 0;
  char *line = NULL;
  size_t len;
  FILE *s = open_memstream(&line, &len);
  fprintf(s, "%s", forms[f].word);
  for (int i = 0; i < l->n; i++) {
    long v = l->v[i];
    if (i == 0)
      v = otw_ti(on);
    else if (i == forms[f].made)
      v = otw_ti(made);
    else if (i == forms[f].other && v != -1)
      v = otw_ti(other);
    fprintf(s, " %ld", v);
  }
  fclose(s);
  otw_rank_t *o = &otw_ranks[rank];
  coll_begin(o, w, t, OTF2_COLLECTIVE_OP_CREATE_HANDLE, on, OTF2_UNDEFINED_UINT32, 0, 0, otw_attr_line,
             otw_string(line));
  free(line);
  otw_check(OTF2_EvtWriter_CommCreate(w, NULL, t, made));
  o->events++;
  return 1;
}

/* comm_split PARENT COLOR KEY NEWID, comm_idup PARENT NEWID, comm_create_group PARENT NEWID ...,
 * comm_free ID. */
static int comm_line(int rank, OTF2_EvtWriter *w, uint64_t t, const otw_line_t *l)
{
  if (made_by_line(rank, w, t, l))
    return 1;
  otw_rank_t *o = &otw_ranks[rank];
  int split = is(l, "comm_split"), idup = is(l, "comm_idup"), group = is(l, "comm_create_group");
  int nfree = is(l, "comm_free");
  if (!(split && l->n >= 4) && !(idup && l->n >= 2) && !(group && l->n >= 2) && !(nfree && l->n >= 1))
    return 0;
  uint32_t parent = otw_comm(rank, l->v[0], OTF2_UNDEFINED_COMM);
  if (parent == OTF2_UNDEFINED_COMM)
    return 0;
  if (nfree) {
    coll_begin(o, w, t, OTF2_COLLECTIVE_OP_DESTROY_HANDLE, parent, OTF2_UNDEFINED_UINT32, 0, 0, otw_attr_args,
               OTF2_UNDEFINED_STRING);
    otw_check(OTF2_EvtWriter_CommDestroy(w, NULL, t, parent));
    o->events++;
    return 1;
  }
  long id = split ? l->v[3] : l->v[1];
  uint32_t made = id > 0 ? otw_comm(rank, id, parent) : OTF2_UNDEFINED_COMM;
  if (idup) {
    uint64_t req = ++o->next_req; /* completed at once: simpi's idup costs no communication */
    otw_check(OTF2_EvtWriter_NonBlockingCollectiveRequest(w, NULL, t, req));
    if (made != OTF2_UNDEFINED_COMM)
      otw_check(OTF2_EvtWriter_CommCreate(w, NULL, t, made));
    otw_check(OTF2_EvtWriter_NonBlockingCollectiveComplete(w, NULL, t, OTF2_COLLECTIVE_OP_CREATE_HANDLE, parent,
                                                           OTF2_UNDEFINED_UINT32, 0, 0, req));
    o->events += 2 + (made != OTF2_UNDEFINED_COMM);
    return 1;
  }
  /* a group creation is a collective of the new communicator's members only */
  coll_begin(o, w, t, OTF2_COLLECTIVE_OP_CREATE_HANDLE, group ? made : parent, OTF2_UNDEFINED_UINT32, 0, 0,
             otw_attr_args, OTF2_UNDEFINED_STRING);
  if (made != OTF2_UNDEFINED_COMM) {
    otw_check(OTF2_EvtWriter_CommCreate(w, NULL, t, made));
    o->events++;
  }
  return 1;
}

void otw_record(int rank, OTF2_EvtWriter *w, uint64_t t, const char *text, size_t len)
{
  static otw_line_t l;
  otw_parse(text, len, &l);
  if (!p2p(rank, w, t, &l) && !collective(rank, w, t, &l) && !comm_line(rank, w, t, &l) && !otw_rma(rank, w, t, &l))
    otw_unrecorded(l.word, l.wl);
}

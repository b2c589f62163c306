/* One rank's OTF2 records (see otf2_in.h): its location's local definitions are read first
 * (Score-P's mapping tables from local to global references), then its events one at a
 * time, each record a replay uses decoded into the queue q, which otf2_lines.c translates in
 * order and reads ahead in (an MPI_Irecv's source is only known at its completion). The
 * queue holds what is read ahead only: memory does not grow with the trace. */
#define OTR_INTERNAL
#include "otf2_in.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A new record at the end of the queue, with simpi's attributes when it has them. */
otr_ev_t *otr_push(otr_t *r, int kind, OTF2_TimeStamp t, uint64_t pos, OTF2_AttributeList *al)
{
  if (r->head > 0 && r->head == r->len)
    r->head = r->len = 0;
  if (r->len == r->cap) {
    if (r->head > r->cap / 2) { /* most of it translated: move the rest to the front */
      memmove(r->q, r->q + r->head, sizeof *r->q * (r->len - r->head));
      r->len -= r->head;
      r->head = 0;
    } else {
      r->cap = r->cap ? 2 * r->cap : 64;
      r->q = realloc(r->q, sizeof *r->q * r->cap);
    }
  }
  otr_ev_t *e = &r->q[r->len++];
  *e = (otr_ev_t){.kind = (uint8_t)kind, .time = t, .pos = pos, .args = OTF2_UNDEFINED_STRING,
                  .line = OTF2_UNDEFINED_STRING, .root = OTF2_UNDEFINED_UINT32};
  const otr_defs_t *d = &r->d;
  if (al && OTF2_AttributeList_GetNumberOfElements(al) > 0) {
    if (d->attr_args != OTF2_UNDEFINED_ATTRIBUTE)
      OTF2_AttributeList_GetStringRef(al, d->attr_args, &e->args);
    if (d->attr_line != OTF2_UNDEFINED_ATTRIBUTE)
      OTF2_AttributeList_GetStringRef(al, d->attr_line, &e->line);
  }
  return e;
}

#define CB(name, ...)                                                                                                  \
  static OTF2_CallbackCode on_##name(OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t pos, void *u,                      \
                                     OTF2_AttributeList *al, ##__VA_ARGS__)
#define HEAD (void)l

CB(enter, OTF2_RegionRef region)
{
  HEAD;
  otr_push(u, E_ENTER, t, pos, al)->a = region;
  return OTF2_CALLBACK_SUCCESS;
}
CB(leave, OTF2_RegionRef region)
{
  HEAD;
  otr_push(u, E_LEAVE, t, pos, al)->a = region;
  return OTF2_CALLBACK_SUCCESS;
}
/* Point-to-point: a is the peer, as the record names it (a rank of the communicator). */
static OTF2_CallbackCode p2p(void *u, int kind, OTF2_TimeStamp t, uint64_t pos, OTF2_AttributeList *al, uint32_t peer,
                             OTF2_CommRef c, uint32_t tag, uint64_t len, uint64_t req)
{
  otr_ev_t *e = otr_push(u, kind, t, pos, al);
  e->a = peer;
  e->comm = c;
  e->tag = tag;
  e->len = len;
  e->req = req;
  return OTF2_CALLBACK_SUCCESS;
}
CB(send, uint32_t to, OTF2_CommRef c, uint32_t tag, uint64_t len)
{
  HEAD;
  return p2p(u, E_SEND, t, pos, al, to, c, tag, len, 0);
}
CB(isend, uint32_t to, OTF2_CommRef c, uint32_t tag, uint64_t len, uint64_t req)
{
  HEAD;
  return p2p(u, E_ISEND, t, pos, al, to, c, tag, len, req);
}
CB(recv, uint32_t from, OTF2_CommRef c, uint32_t tag, uint64_t len)
{
  HEAD;
  return p2p(u, E_RECV, t, pos, al, from, c, tag, len, 0);
}
CB(irecv, uint32_t from, OTF2_CommRef c, uint32_t tag, uint64_t len, uint64_t req)
{
  HEAD;
  return p2p(u, E_IRECV, t, pos, al, from, c, tag, len, req);
}
static OTF2_CallbackCode request(void *u, int kind, OTF2_TimeStamp t, uint64_t pos, OTF2_AttributeList *al,
                                 uint64_t req)
{
  otr_push(u, kind, t, pos, al)->req = req;
  return OTF2_CALLBACK_SUCCESS;
}
CB(isend_done, uint64_t req)
{
  HEAD;
  return request(u, E_ISEND_DONE, t, pos, al, req);
}
CB(irecv_req, uint64_t req)
{
  HEAD;
  return request(u, E_IRECV_REQ, t, pos, al, req);
}
CB(test, uint64_t req)
{
  HEAD;
  return request(u, E_TEST, t, pos, al, req);
}
CB(cancelled, uint64_t req)
{
  HEAD;
  return request(u, E_CANCELLED, t, pos, al, req);
}
CB(nbc_req, uint64_t req)
{
  HEAD;
  return request(u, E_NBC_REQ, t, pos, al, req);
}
CB(coll_begin)
{
  HEAD;
  otr_push(u, E_COLL_BEGIN, t, pos, al);
  return OTF2_CALLBACK_SUCCESS;
}
static OTF2_CallbackCode coll(void *u, int kind, OTF2_TimeStamp t, uint64_t pos, OTF2_AttributeList *al,
                              OTF2_CollectiveOp op, OTF2_CommRef c, uint32_t root, uint64_t sent, uint64_t got,
                              uint64_t req)
{
  otr_ev_t *e = otr_push(u, kind, t, pos, al);
  e->a = op;
  e->comm = c;
  e->root = root;
  e->len = sent;
  e->len2 = got;
  e->req = req;
  return OTF2_CALLBACK_SUCCESS;
}
CB(coll_end, OTF2_CollectiveOp op, OTF2_CommRef c, uint32_t root, uint64_t sent, uint64_t got)
{
  HEAD;
  return coll(u, E_COLL_END, t, pos, al, op, c, root, sent, got, 0);
}
CB(nbc_done, OTF2_CollectiveOp op, OTF2_CommRef c, uint32_t root, uint64_t sent, uint64_t got, uint64_t req)
{
  HEAD;
  return coll(u, E_NBC_DONE, t, pos, al, op, c, root, sent, got, req);
}
CB(comm_create, OTF2_CommRef c)
{
  HEAD;
  otr_push(u, E_COMM_CREATE, t, pos, al)->comm = c;
  return OTF2_CALLBACK_SUCCESS;
}
CB(comm_destroy, OTF2_CommRef c)
{
  HEAD;
  otr_push(u, E_COMM_DESTROY, t, pos, al)->comm = c;
  return OTF2_CALLBACK_SUCCESS;
}
/* The flops counter's value; other metrics are skipped. */
CB(metric, OTF2_MetricRef m, uint8_t n, const OTF2_Type *types, const OTF2_MetricValue *v)
{
  HEAD;
  otr_t *r = u;
  int i = r->d.flops_index;
  if (m != r->d.flops_class || i >= n) {
    r->skipped[SK_METRIC]++;
    return OTF2_CALLBACK_SUCCESS;
  }
  double x = types[i] == OTF2_TYPE_DOUBLE ? v[i].floating_point
             : types[i] == OTF2_TYPE_INT64 ? (double)v[i].signed_int
                                            : (double)v[i].unsigned_int;
  otr_push(r, E_METRIC, t, pos, al)->value = x;
  return OTF2_CALLBACK_SUCCESS;
}
OTF2_CallbackCode otr_param_string(void *u, OTF2_TimeStamp t, uint64_t pos, OTF2_AttributeList *al, uint32_t param,
                                   uint32_t string)
{
  otr_t *r = u;
  if (param != r->d.param_line || param == OTF2_UNDEFINED_PARAMETER)
    r->skipped[SK_PARAMETER]++;
  else
    otr_push(r, E_LINE, t, pos, al)->line = string;
  return OTF2_CALLBACK_SUCCESS;
}

static OTF2_CallbackCode on_unknown(OTF2_LocationRef l, OTF2_TimeStamp t, uint64_t pos, void *u, OTF2_AttributeList *al)
{
  (void)l, (void)t, (void)pos, (void)al;
  ((otr_t *)u)->skipped[SK_UNKNOWN]++;
  return OTF2_CALLBACK_SUCCESS;
}

int otr_events_open(otr_t *r)
{
  uint64_t loc = r->d.grp[r->d.locs_group].m[r->rank];
  OTF2_Reader_SelectLocation(r->rd, loc);
  /* the local definitions first: their mapping tables translate the records' references */
  if (OTF2_Reader_OpenDefFiles(r->rd) == OTF2_SUCCESS) {
    OTF2_DefReader *dr = OTF2_Reader_GetDefReader(r->rd, loc);
    if (dr) {
      uint64_t n;
      OTF2_DefReaderCallbacks *cb = OTF2_DefReaderCallbacks_New();
      OTF2_Reader_RegisterDefCallbacks(r->rd, dr, cb, r);
      OTF2_DefReaderCallbacks_Delete(cb);
      OTF2_ErrorCode e = OTF2_Reader_ReadAllLocalDefinitions(r->rd, dr, &n);
      OTF2_Reader_CloseDefReader(r->rd, dr);
      if (e != OTF2_SUCCESS) {
        snprintf(r->err, sizeof r->err, "the local definitions of rank %d are corrupt (%s)", r->rank, otr_lib_error());
        return -1;
      }
    }
    OTF2_Reader_CloseDefFiles(r->rd);
  }
  if (OTF2_Reader_OpenEvtFiles(r->rd) != OTF2_SUCCESS || !(r->evt = OTF2_Reader_GetEvtReader(r->rd, loc))) {
    snprintf(r->err, sizeof r->err, "cannot read the events of rank %d (%s)", r->rank, otr_lib_error());
    return -1;
  }
  OTF2_EvtReaderCallbacks *cb = OTF2_EvtReaderCallbacks_New();
  OTF2_EvtReaderCallbacks_SetEnterCallback(cb, on_enter);
  OTF2_EvtReaderCallbacks_SetLeaveCallback(cb, on_leave);
  OTF2_EvtReaderCallbacks_SetMpiSendCallback(cb, on_send);
  OTF2_EvtReaderCallbacks_SetMpiIsendCallback(cb, on_isend);
  OTF2_EvtReaderCallbacks_SetMpiIsendCompleteCallback(cb, on_isend_done);
  OTF2_EvtReaderCallbacks_SetMpiIrecvRequestCallback(cb, on_irecv_req);
  OTF2_EvtReaderCallbacks_SetMpiRecvCallback(cb, on_recv);
  OTF2_EvtReaderCallbacks_SetMpiIrecvCallback(cb, on_irecv);
  OTF2_EvtReaderCallbacks_SetMpiRequestTestCallback(cb, on_test);
  OTF2_EvtReaderCallbacks_SetMpiRequestCancelledCallback(cb, on_cancelled);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveBeginCallback(cb, on_coll_begin);
  OTF2_EvtReaderCallbacks_SetMpiCollectiveEndCallback(cb, on_coll_end);
  OTF2_EvtReaderCallbacks_SetNonBlockingCollectiveRequestCallback(cb, on_nbc_req);
  OTF2_EvtReaderCallbacks_SetNonBlockingCollectiveCompleteCallback(cb, on_nbc_done);
  OTF2_EvtReaderCallbacks_SetCommCreateCallback(cb, on_comm_create);
  OTF2_EvtReaderCallbacks_SetCommDestroyCallback(cb, on_comm_destroy);
  OTF2_EvtReaderCallbacks_SetMetricCallback(cb, on_metric);
  OTF2_EvtReaderCallbacks_SetUnknownCallback(cb, on_unknown);
  otr_skip_callbacks(cb);
  otr_rma_callbacks(cb);
  OTF2_Reader_RegisterEvtCallbacks(r->rd, r->evt, cb, r);
  OTF2_EvtReaderCallbacks_Delete(cb);
  return 0;
}

int otr_fill(otr_t *r, size_t n)
{
  while (!r->eof && r->len - r->head < n) {
    /* records in batches: each call of the library costs as much as decoding a few */
    uint64_t got = 0, want = n - (r->len - r->head) > 32 ? n - (r->len - r->head) : 32;
    OTF2_ErrorCode e = OTF2_Reader_ReadLocalEvents(r->rd, r->evt, want, &got);
    if (e != OTF2_SUCCESS) {
      snprintf(r->err, sizeof r->err, "the events of rank %d are corrupt after record %ld (%s)", r->rank,
               r->len > r->head ? (long)r->q[r->len - 1].pos : r->pos, otr_lib_error());
      r->eof = 1;
      return -1;
    }
    if (got < want)
      r->eof = 1;
  }
  return 0;
}
